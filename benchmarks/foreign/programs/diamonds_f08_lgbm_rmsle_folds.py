import os
import numpy as np
import pandas as pd
from lightgbm import LGBMRegressor
from sklearn.model_selection import KFold
from sklearn.metrics import mean_squared_log_error

tr = pd.read_csv('./input/train.csv')
te = pd.read_csv('./input/test.csv')
print('tr', tr.shape, 'te', te.shape)

tr = tr[(tr['x'] > 0) & (tr['y'] > 0) & (tr['z'] > 0)].reset_index(drop=True)
tr = tr[tr['y'] < 20].reset_index(drop=True)
print('tr after clean', tr.shape)

full = pd.concat([tr, te], ignore_index=True)
n = len(tr)
grade = {
    'cut': ['Fair', 'Good', 'Very Good', 'Premium', 'Ideal'],
    'color': ['J', 'I', 'H', 'G', 'F', 'E', 'D'],
    'clarity': ['I1', 'SI2', 'SI1', 'VS2', 'VS1', 'VVS2', 'VVS1', 'IF'],
}
for c, lv in grade.items():
    full[c + '_g'] = full[c].apply(lambda v: lv.index(v) if v in lv else -1)

full['volume'] = full['x'] * full['y'] * full['z']
full['carat_vol'] = full['carat'] / full['volume'].replace(0, np.nan)
full['surface'] = full['x'] * full['y']
full['ar'] = full[['x', 'y']].max(axis=1) / full[['x', 'y']].min(axis=1).replace(0, np.nan)
full['d_dev'] = full['depth'] - 2 * full['z'] / (full['x'] + full['y']).replace(0, np.nan) * 100
full['t_d'] = full['table'] / full['depth']
full['car_sq'] = full['carat'] ** 2
full['grade_sum'] = full[['cut_g', 'color_g', 'clarity_g']].sum(axis=1)
full['grade_car'] = full['grade_sum'] * full['carat']

agg = full.groupby('clarity').agg(cl_car_mean=('carat', 'mean'), cl_car_std=('carat', 'std'),
                                  cl_vol_med=('volume', 'median')).reset_index()
full = full.merge(agg, on='clarity', how='left')
full['car_z_cl'] = (full['carat'] - full['cl_car_mean']) / full['cl_car_std']
full['cc_cnt'] = full.groupby(['color', 'clarity'])['id'].transform('count')
print('full', full.shape)

feats = [c for c in full.columns if c not in ['id', 'price', 'cut', 'color', 'clarity']]
X = full.iloc[:n][feats]
Xt = full.iloc[n:][feats]
y = full.iloc[:n]['price'].values
ylog = np.log1p(y)


def rmsle(a, b):
    return mean_squared_log_error(a, b, squared=False)


kf = KFold(n_splits=5, shuffle=True, random_state=5)
oof = np.zeros(n)
pt = np.zeros(len(Xt))
scores = []
for k, (i1, i2) in enumerate(kf.split(X)):
    mdl = LGBMRegressor(n_estimators=900, learning_rate=0.04, num_leaves=40, min_child_samples=15,
                        subsample=0.85, subsample_freq=1, colsample_bytree=0.8, reg_lambda=1.0,
                        random_state=k, verbose=-1, n_jobs=2)
    mdl.fit(X.iloc[i1], ylog[i1])
    oof[i2] = np.expm1(mdl.predict(X.iloc[i2]))
    pt += np.expm1(mdl.predict(Xt)) / kf.n_splits
    s = rmsle(y[i2], oof[i2])
    scores.append(s)
    print(f'fold {k}: {s:.5f}')

print(f'CV RMSLE: {rmsle(y, oof):.5f} +- {np.std(scores):.5f}')
os.makedirs('./submission', exist_ok=True)
pd.DataFrame({'id': te['id'].values, 'price': pt}).to_csv('./submission/submission.csv', index=False)
