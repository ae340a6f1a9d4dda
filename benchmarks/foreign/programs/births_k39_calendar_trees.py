# Daily births in the US - predict the number of births per day from the calendar
import os
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
from sklearn.linear_model import LinearRegression
from sklearn.ensemble import RandomForestRegressor, GradientBoostingRegressor
from sklearn.neighbors import KNeighborsRegressor
from sklearn.tree import DecisionTreeRegressor
from sklearn.metrics import mean_absolute_error

train = pd.read_csv('./input/train.csv')
test = pd.read_csv('./input/test.csv')

# Step 1 - explore
print(train.head())
print(train.shape, test.shape)
print(train.dtypes)
print(train.describe())
print(train.isnull().sum())
print(train['wday'].value_counts())
print(train.groupby('wday')['births'].mean().sort_values())
print(train.groupby('year')['births'].mean())
print(train.groupby('month')['births'].mean())
print(train.drop(columns=['date', 'wday']).corr()['births'])

# yearly average plot
yearly = train.groupby('year')['births'].mean()
plt.figure(figsize=(6, 3))
plt.plot(yearly.index, yearly.values, marker='o')
plt.ylabel('mean births per day')
plt.savefig('births_per_year.png')
plt.close()

# Step 2 - features: calendar + a few holiday flags
def make_features(df):
    d = pd.to_datetime(df['date'])
    out = pd.DataFrame(index=df.index)
    out['year'] = df['year']
    out['month'] = df['month']
    out['day_of_year'] = df['day_of_year']
    out['day_of_month'] = df['day_of_month']
    out['day_of_week'] = df['day_of_week']
    out['weekend'] = df['day_of_week'].isin([1, 7]).astype(int)
    md = d.dt.strftime('%m-%d')
    out['fixed_holiday'] = md.isin(['01-01', '07-04', '12-25', '12-24', '12-31', '11-11']).astype(int)
    # Thanksgiving: 4th Thursday of November
    out['thanksgiving'] = ((d.dt.month == 11) & (d.dt.dayofweek == 3) & (d.dt.day.between(22, 28))).astype(int)
    # Labor day / Memorial day
    out['labor_day'] = ((d.dt.month == 9) & (d.dt.dayofweek == 0) & (d.dt.day <= 7)).astype(int)
    out['memorial_day'] = ((d.dt.month == 5) & (d.dt.dayofweek == 0) & (d.dt.day >= 25)).astype(int)
    for k in range(7):
        out[f'dow_{k}'] = (d.dt.dayofweek == k).astype(int)
    return out

X = make_features(train)
y = train['births']
X_test = make_features(test)
print(X.head())

# Step 3 - time based validation: last 3 years held out
is_val = train['year'] >= 1982
X_tr, y_tr = X[~is_val], y[~is_val]
X_va, y_va = X[is_val], y[is_val]
print('train rows', len(X_tr), 'valid rows', len(X_va))

models = {
    'LinearRegression': LinearRegression(),
    'KNeighbors': KNeighborsRegressor(n_neighbors=10),
    'DecisionTree': DecisionTreeRegressor(max_depth=10, min_samples_leaf=5, random_state=0),
    'RandomForest': RandomForestRegressor(n_estimators=150, min_samples_leaf=3, random_state=0, n_jobs=1),
    'GradientBoosting': GradientBoostingRegressor(n_estimators=300, max_depth=4, learning_rate=0.05, random_state=0),
}
maes = {}
for name, m in models.items():
    m.fit(X_tr, y_tr)
    maes[name] = mean_absolute_error(y_va, m.predict(X_va))
    print(f'{name:17s} MAE = {maes[name]:.1f}')

best = min(maes, key=maes.get)
print('best:', best)

# Step 4 - refit on everything and predict
final = models[best]
final.fit(X, y)
pred = final.predict(X_test)
print(pd.Series(pred).describe())
os.makedirs('./submission', exist_ok=True)
pd.DataFrame({'id': test['id'], 'births': pred}).to_csv('./submission/submission.csv', index=False)
print(f'Validation MAE: {maes[best]:.1f}')
