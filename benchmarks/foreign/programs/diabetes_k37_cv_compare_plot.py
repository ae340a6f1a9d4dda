# Diabetes progression - small regression data set, compare models with cross validation
import os
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
from sklearn.model_selection import cross_val_score, KFold
from sklearn.linear_model import LinearRegression, Ridge, Lasso
from sklearn.ensemble import RandomForestRegressor, GradientBoostingRegressor
from sklearn.neighbors import KNeighborsRegressor
from sklearn.tree import DecisionTreeRegressor
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline

train = pd.read_csv('./input/train.csv')
test = pd.read_csv('./input/test.csv')

# --- exploring ---
print(train.head())
print('train', train.shape, 'test', test.shape)
print(train.dtypes)
print(train.describe())
print(train.isnull().sum())
print(train['sex'].value_counts())
print(train.groupby('sex')['progression'].mean())

corr = train.drop(columns=['id']).corr()['progression'].sort_values(ascending=False)
print('correlation with progression:')
print(corr)

# bar plot of the correlations
plt.figure(figsize=(6, 4))
corr.drop('progression').plot(kind='bar')
plt.title('correlation with progression')
plt.tight_layout()
plt.savefig('diabetes_corr.png')
plt.close()

# bmi looks strongest, look at it by quartile
train['bmi_q'] = pd.qcut(train['bmi'], 4)
print(train.groupby('bmi_q', observed=True)['progression'].mean())
train = train.drop(columns=['bmi_q'])

features = ['age', 'sex', 'bmi', 'bp', 's1', 's2', 's3', 's4', 's5', 's6']
X = train[features]
y = train['progression']

kf = KFold(n_splits=5, shuffle=True, random_state=21)
models = [
    ('Linear', make_pipeline(StandardScaler(), LinearRegression())),
    ('Ridge', make_pipeline(StandardScaler(), Ridge(alpha=5.0))),
    ('Lasso', make_pipeline(StandardScaler(), Lasso(alpha=1.0))),
    ('KNN', make_pipeline(StandardScaler(), KNeighborsRegressor(n_neighbors=15))),
    ('Tree', DecisionTreeRegressor(max_depth=3, random_state=0)),
    ('Forest', RandomForestRegressor(n_estimators=200, min_samples_leaf=5, random_state=0)),
    ('GBoost', GradientBoostingRegressor(n_estimators=100, max_depth=2, learning_rate=0.05, random_state=0)),
]
rows = []
for name, model in models:
    scores = cross_val_score(model, X, y, cv=kf, scoring='neg_root_mean_squared_error')
    rows.append((name, -scores.mean(), scores.std()))
    print(f'{name:7s} RMSE {-scores.mean():.2f} +/- {scores.std():.2f}')

res = pd.DataFrame(rows, columns=['model', 'rmse', 'std']).sort_values('rmse')
print(res)
best_name = res.iloc[0]['model']
best_model = dict(models)[best_name]
best_model.fit(X, y)
pred = best_model.predict(test[features])

os.makedirs('./submission', exist_ok=True)
pd.DataFrame({'id': test['id'], 'progression': pred}).to_csv('./submission/submission.csv', index=False)
print(f'CV RMSE: {res.iloc[0]["rmse"]:.2f}')
