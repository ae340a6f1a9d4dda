import os
import numpy as np
import pandas as pd
from lightgbm import LGBMRegressor
from sklearn.linear_model import Ridge
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import GroupKFold

tr = pd.read_csv('./input/train.csv')
te = pd.read_csv('./input/test.csv')
print(tr.shape, te.shape, tr['School'].nunique(), te['School'].nunique())

y = tr['MathAch'].values
g = tr['School'].values
d = pd.concat([tr.drop(columns='MathAch'), te], ignore_index=True)
n = len(tr)

d['min'] = (d['Minority'] == 'Yes').astype(int)
d['male'] = (d['Sex'] == 'Male').astype(int)
gb = d.groupby('School')
d['sch_n'] = gb['id'].transform('size')
d['sch_min'] = gb['min'].transform('mean')
d['sch_male'] = gb['male'].transform('mean')
d['sch_ses_sd'] = gb['SES'].transform('std').fillna(0)
d['sch_ses_q75'] = gb['SES'].transform(lambda s: s.quantile(0.75))
d['ses_c'] = d['SES'] - d['MEANSES']
d['ses_rank'] = gb['SES'].rank(pct=True)
d['single_sex'] = np.where(d['sch_male'].isin([0.0, 1.0]), 1, 0)
d['ses_x_min'] = d['SES'] * d['min']
d['mses_x_min'] = d['MEANSES'] * d['min']
d['ses_c_x_mses'] = d['ses_c'] * d['MEANSES']
d['low_ses'] = np.select([d['SES'] < -1, d['SES'] < 0], [2, 1], 0)
print('feats frame', d.shape)

feats = ['min', 'male', 'SES', 'MEANSES', 'sch_n', 'sch_min', 'sch_male', 'sch_ses_sd', 'sch_ses_q75',
         'ses_c', 'ses_rank', 'single_sex', 'ses_x_min', 'mses_x_min', 'ses_c_x_mses', 'low_ses']
X = d.iloc[:n][feats].values
Xt = d.iloc[n:][feats].values

gkf = GroupKFold(n_splits=5)
o1, o2 = np.zeros(n), np.zeros(n)
p1, p2 = np.zeros(len(Xt)), np.zeros(len(Xt))
for f, (a, b) in enumerate(gkf.split(X, y, g)):
    sc = StandardScaler().fit(X[a])
    r = Ridge(alpha=10.0).fit(sc.transform(X[a]), y[a])
    o1[b] = r.predict(sc.transform(X[b]))
    p1 += r.predict(sc.transform(Xt)) / 5
    m = LGBMRegressor(n_estimators=300, learning_rate=0.02, num_leaves=7, min_child_samples=80,
                      subsample=0.8, subsample_freq=1, colsample_bytree=0.7, reg_lambda=10,
                      random_state=f, verbose=-1, n_jobs=2)
    m.fit(X[a], y[a])
    o2[b] = m.predict(X[b])
    p2 += m.predict(Xt) / 5
    print(f'fold {f} ridge {np.sqrt(np.mean((o1[b] - y[b]) ** 2)):.4f} lgb {np.sqrt(np.mean((o2[b] - y[b]) ** 2)):.4f}')

rm = lambda p: np.sqrt(np.mean((p - y) ** 2))
best = min(((rm(w * o1 + (1 - w) * o2), w) for w in np.linspace(0, 1, 11)))
print('ridge', round(rm(o1), 4), 'lgb', round(rm(o2), 4))
print(f'CV RMSE: {best[0]:.4f} (w_ridge={best[1]:.1f})')

os.makedirs('./submission', exist_ok=True)
pd.DataFrame({'id': te['id'], 'MathAch': best[1] * p1 + (1 - best[1]) * p2}).to_csv('./submission/submission.csv', index=False)
