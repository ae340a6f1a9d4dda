# Seattle weather - predict the weather type from temperature, rain and wind
import os
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import RandomForestClassifier, GradientBoostingClassifier
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.metrics import accuracy_score

train = pd.read_csv('./input/train.csv')
test = pd.read_csv('./input/test.csv')

# 1. explore
print(train.head())
print('shape', train.shape, test.shape)
print(train.dtypes)
print(train.describe())
print(train.isnull().sum())
print(train['weather'].value_counts())
print(train.groupby('weather')[['precipitation', 'temp_max', 'temp_min', 'wind']].mean())

# 2. dates -> month / day of year
for df in [train, test]:
    df['date'] = pd.to_datetime(df['date'])
    df['month'] = df['date'].dt.month
    df['doy'] = df['date'].dt.dayofyear
    df['year'] = df['date'].dt.year
    df['temp_range'] = df['temp_max'] - df['temp_min']
    df['rained'] = (df['precipitation'] > 0).astype(int)
    df['sin_doy'] = np.sin(2 * np.pi * df['doy'] / 365.25)
    df['cos_doy'] = np.cos(2 * np.pi * df['doy'] / 365.25)

print(train.groupby('year')['weather'].value_counts().unstack())
print(pd.crosstab(train['month'], train['weather']))

# a plot of precipitation by weather class
plt.figure(figsize=(7, 4))
for w in train['weather'].unique():
    part = train[train['weather'] == w]
    plt.scatter(part['temp_max'], part['precipitation'], s=6, label=w)
plt.legend()
plt.xlabel('temp_max')
plt.ylabel('precipitation')
plt.savefig('weather_scatter.png')
plt.close()

features = ['precipitation', 'temp_max', 'temp_min', 'wind', 'temp_range', 'rained', 'sin_doy', 'cos_doy']

# 3. validation: the test is later in time, so hold out the last 20% of train by date
train = train.sort_values('date').reset_index(drop=True)
cut = int(len(train) * 0.8)
tr, va = train.iloc[:cut], train.iloc[cut:]
print('train part', tr['date'].min(), tr['date'].max())
print('valid part', va['date'].min(), va['date'].max())

models = [
    ('logreg', make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000))),
    ('knn15', make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=15))),
    ('tree3', DecisionTreeClassifier(max_depth=3, random_state=0)),
    ('forest', RandomForestClassifier(n_estimators=200, max_depth=6, random_state=0)),
    ('gboost', GradientBoostingClassifier(n_estimators=80, max_depth=2, random_state=0)),
]
best_acc, best_name = -1, None
for name, model in models:
    model.fit(tr[features], tr['weather'])
    acc = accuracy_score(va['weather'], model.predict(va[features]))
    print(f'{name}: valid accuracy {acc:.4f}')
    if acc > best_acc:
        best_acc, best_name = acc, name

print('best model is', best_name)
final = dict(models)[best_name]
final.fit(train[features], train['weather'])
pred = final.predict(test[features])
print(pd.Series(pred).value_counts())

os.makedirs('./submission', exist_ok=True)
pd.DataFrame({'id': test['id'], 'weather': pred}).to_csv('./submission/submission.csv', index=False)
print(f'Validation accuracy: {best_acc:.4f}')
