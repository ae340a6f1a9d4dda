import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import Ridge
from sklearn.model_selection import KFold

tr = pd.read_csv('./input/train.csv')
te = pd.read_csv('./input/test.csv')
print(tr.shape, te.shape)

y = np.log1p(tr['price'].values)
d = pd.concat([tr.drop(columns='price'), te], ignore_index=True)
n = len(tr)

cut_o = {'Fair': 0, 'Good': 1, 'Very Good': 2, 'Premium': 3, 'Ideal': 4}
col_o = {c: i for i, c in enumerate('JIHGFED')}
cla_o = {'I1': 0, 'SI2': 1, 'SI1': 2, 'VS2': 3, 'VS1': 4, 'VVS2': 5, 'VVS1': 6, 'IF': 7}
d['cut_o'] = d['cut'].map(cut_o)
d['col_o'] = d['color'].map(col_o)
d['cla_o'] = d['clarity'].map(cla_o)

for c in ['x', 'y', 'z']:
    d[c] = np.where(d[c] <= 0, np.nan, d[c])
d['y'] = np.where(d['y'] > 3 * d['x'], d['x'], d['y'])
d['z'] = np.where(d['z'] > 2 * d['x'], d['x'] * d['depth'] / 100, d['z'])
d['vol'] = d['x'] * d['y'] * d['z']
d['dens'] = d['carat'] / d['vol']
d['xy'] = d['x'] / d['y']
d['lcar'] = np.log(d['carat'])
d['zr'] = d['z'] / ((d['x'] + d['y']) / 2)
d['quality'] = d['cut_o'] + d['col_o'] + d['cla_o']
d['cq'] = d['lcar'] * d['cla_o']
d['round_car'] = np.where(np.isin(np.round(d['carat'], 2), [0.5, 0.7, 0.9, 1.0, 1.5, 2.0]), 1, 0)
d['car_cc_mean'] = d.groupby(['color', 'clarity'])['carat'].transform('mean')
d['car_rel'] = d['carat'] / d['car_cc_mean']
d['cc_rank'] = d.groupby(['cut', 'clarity'])['carat'].rank(pct=True)
for c in ['cut', 'color', 'clarity']:
    d[c + '_fq'] = d[c].map(d[c].value_counts(normalize=True))
    d[c] = d[c].astype('category')
print('feat frame', d.shape)

feats = [c for c in d.columns if c != 'id']
X, Xt = d.iloc[:n][feats].reset_index(drop=True), d.iloc[n:][feats].reset_index(drop=True)

lin = ['lcar', 'cut_o', 'col_o', 'cla_o', 'depth', 'table', 'cq', 'quality']
L = X[lin].fillna(X[lin].median())
Lt = Xt[lin].fillna(X[lin].median())
L['lcar2'] = L['lcar'] ** 2
Lt['lcar2'] = Lt['lcar'] ** 2

prm = dict(objective='regression', learning_rate=0.05, num_leaves=31, min_data_in_leaf=20,
           feature_fraction=0.8, bagging_fraction=0.9, bagging_freq=1, lambda_l2=1.0,
           verbose=-1, num_threads=2, seed=0)
kf = KFold(5, shuffle=True, random_state=17)
oof_g, oof_r = np.zeros(n), np.zeros(n)
pt_g, pt_r = np.zeros(len(Xt)), np.zeros(len(Xt))
for f, (a, b) in enumerate(kf.split(X)):
    dt = lgb.Dataset(X.iloc[a], y[a])
    dv = lgb.Dataset(X.iloc[b], y[b], reference=dt)
    m = lgb.train(prm, dt, 3000, valid_sets=[dv],
                  callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(500)])
    oof_g[b] = m.predict(X.iloc[b], num_iteration=m.best_iteration)
    pt_g += m.predict(Xt, num_iteration=m.best_iteration) / 5
    r = Ridge(alpha=1.0).fit(L.iloc[a], y[a])
    oof_r[b] = r.predict(L.iloc[b])
    pt_r += r.predict(Lt) / 5
    print(f'fold {f} lgb {np.sqrt(np.mean((oof_g[b] - y[b]) ** 2)):.5f} ridge {np.sqrt(np.mean((oof_r[b] - y[b]) ** 2)):.5f}')


def rmsle(p):
    return np.sqrt(np.mean((p - y) ** 2))


ws = np.linspace(0, 1, 11)
sc = [rmsle(w * oof_g + (1 - w) * oof_r) for w in ws]
w = ws[int(np.argmin(sc))]
print('lgb', round(rmsle(oof_g), 5), 'ridge', round(rmsle(oof_r), 5))
print(f'CV RMSLE: {min(sc):.5f} w={w:.1f}')

p = np.expm1(w * pt_g + (1 - w) * pt_r)
os.makedirs('./submission', exist_ok=True)
pd.DataFrame({'id': te['id'], 'price': np.clip(p, 300, None)}).to_csv('./submission/submission.csv', index=False)
