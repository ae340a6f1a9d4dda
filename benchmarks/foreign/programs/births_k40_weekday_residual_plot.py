# Daily births - trend + weekday + season model, and a residual plot to check it
import os
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
from sklearn.ensemble import GradientBoostingRegressor, RandomForestRegressor
from sklearn.linear_model import Ridge
from sklearn.neighbors import KNeighborsRegressor
from sklearn.metrics import mean_absolute_error

train = pd.read_csv('./input/train.csv')
test = pd.read_csv('./input/test.csv')

# --- look at the data ---
print(train.head())
print(test.head())
print(train.shape, test.shape)
print(train.dtypes)
print(train.describe())
print(train.isnull().sum())
print(train['wday'].value_counts())
print(train.pivot_table(index='month', columns='wday', values='births', aggfunc='mean').round(0))
print(train[['year', 'month', 'day_of_year', 'day_of_month', 'day_of_week', 'births']].corr()['births'])

# --- features ---
for df in [train, test]:
    df['t'] = df['year'] - 1969 + df['day_of_year'] / 366.0
    df['sin1'] = np.sin(2 * np.pi * df['day_of_year'] / 365.25)
    df['cos1'] = np.cos(2 * np.pi * df['day_of_year'] / 365.25)
    df['sin2'] = np.sin(4 * np.pi * df['day_of_year'] / 365.25)
    df['cos2'] = np.cos(4 * np.pi * df['day_of_year'] / 365.25)
    df['is_weekend'] = df['wday'].isin(['Sat', 'Sun']).astype(int)

train = pd.get_dummies(train, columns=['wday'], dtype=int)
test = pd.get_dummies(test, columns=['wday'], dtype=int)
features = ['t', 'month', 'day_of_year', 'day_of_month', 'day_of_week', 'sin1', 'cos1', 'sin2', 'cos2',
            'is_weekend'] + [c for c in train.columns if c.startswith('wday_')]
print(features)

# --- validation on the last 4 years (the test is also 4 years later) ---
val_mask = train['year'] >= 1981
X_tr, y_tr = train.loc[~val_mask, features], train.loc[~val_mask, 'births']
X_va, y_va = train.loc[val_mask, features], train.loc[val_mask, 'births']

models = {
    'ridge': Ridge(alpha=1.0),
    'knn': KNeighborsRegressor(n_neighbors=15),
    'forest': RandomForestRegressor(n_estimators=120, min_samples_leaf=3, random_state=1, n_jobs=1),
    'gbm': GradientBoostingRegressor(n_estimators=250, max_depth=3, learning_rate=0.05, random_state=1),
}
val_mae = {}
val_pred = {}
for name, m in models.items():
    m.fit(X_tr, y_tr)
    val_pred[name] = m.predict(X_va)
    val_mae[name] = mean_absolute_error(y_va, val_pred[name])
    print(f'{name}: MAE {val_mae[name]:.1f}')

best = min(val_mae, key=val_mae.get)
print('best model:', best)

# residuals of the best model over time, saved with the other figures
def save_residual_plot(dates, resid, path):
    plt.figure(figsize=(10, 3))
    plt.plot(pd.to_datetime(dates), resid, lw=0.5)
    plt.axhline(0, color='k')
    plt.title('validation residuals')
    plt.tight_layout()
    plt.savefig(path)
    plt.close()

save_residual_plot(train.loc[val_mask, 'date'], y_va - val_pred[best], 'figures/births_residuals.png')

final = models[best].fit(train[features], train['births'])
os.makedirs('./submission', exist_ok=True)
pd.DataFrame({'id': test['id'], 'births': final.predict(test[features])}).to_csv(
    './submission/submission.csv', index=False)
print(f'Validation MAE: {val_mae[best]:.1f}')
