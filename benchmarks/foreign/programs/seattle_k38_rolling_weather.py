# Seattle weather classification with some rolling "recent weather" features
import os
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier, GradientBoostingClassifier
from sklearn.tree import DecisionTreeClassifier
from sklearn.neighbors import KNeighborsClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.metrics import accuracy_score

train = pd.read_csv('./input/train.csv')
test = pd.read_csv('./input/test.csv')

# ---------- explore ----------
print(train.head(10))
print(train.shape, test.shape)
print(train.dtypes)
print(train.describe())
print('missing:\n', train.isnull().sum())
print(train['weather'].value_counts())
print(train.groupby('weather')[['precipitation', 'temp_max', 'temp_min', 'wind']].median())
print(train[['precipitation', 'temp_max', 'temp_min', 'wind']].corr())
print('first dates:', train['date'].head(3).tolist())

# ---------- features ----------
def add_features(df):
    df = df.copy()
    df['date'] = pd.to_datetime(df['date'], format='%m/%d/%Y')
    df = df.sort_values('date').reset_index(drop=True)
    df['month'] = df['date'].dt.month
    df['dayofyear'] = df['date'].dt.dayofyear
    df['temp_mean'] = (df['temp_max'] + df['temp_min']) / 2
    df['temp_range'] = df['temp_max'] - df['temp_min']
    # what happened the last few days
    for w in [3, 7]:
        df[f'precip_{w}d'] = df['precipitation'].rolling(w, min_periods=1).mean()
        df[f'wind_{w}d'] = df['wind'].rolling(w, min_periods=1).mean()
    df['precip_yesterday'] = df['precipitation'].shift(1).fillna(0)
    return df

# train and test are consecutive periods, so build the rolling features on both together
both = pd.concat([train.assign(part='train'), test.assign(part='test')], ignore_index=True)
both = add_features(both)
train = both[both['part'] == 'train'].reset_index(drop=True)
test = both[both['part'] == 'test'].reset_index(drop=True)
print(train.groupby('month')['weather'].value_counts().unstack().fillna(0))

features = ['precipitation', 'temp_max', 'temp_min', 'wind', 'month', 'dayofyear',
            'temp_mean', 'temp_range', 'precip_3d', 'precip_7d', 'wind_3d', 'wind_7d',
            'precip_yesterday']

# validation = last 25% of the training period
cut = int(len(train) * 0.75)
X_tr, y_tr = train.loc[:cut - 1, features], train.loc[:cut - 1, 'weather']
X_va, y_va = train.loc[cut:, features], train.loc[cut:, 'weather']

models = {
    'lr': make_pipeline(StandardScaler(), LogisticRegression(max_iter=3000, C=0.3)),
    'knn': make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=25)),
    'dt': DecisionTreeClassifier(max_depth=4, random_state=0),
    'rf': RandomForestClassifier(n_estimators=150, max_depth=5, random_state=0),
    'gb': GradientBoostingClassifier(n_estimators=60, max_depth=2, random_state=0),
}
scores = {}
for k, m in models.items():
    m.fit(X_tr, y_tr)
    scores[k] = accuracy_score(y_va, m.predict(X_va))
    print(k, 'valid acc', round(scores[k], 4))

best = max(scores, key=scores.get)
final = models[best].fit(train[features], train['weather'])
os.makedirs('./submission', exist_ok=True)
pd.DataFrame({'id': test['id'], 'weather': final.predict(test[features])}).to_csv(
    './submission/submission.csv', index=False)
print(f'Validation accuracy ({best}): {scores[best]:.4f}')
