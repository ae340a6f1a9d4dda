import pandas as pd
import numpy as np
import lightgbm as lgb
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_absolute_error

tr = pd.read_csv('input/train.csv', parse_dates=['date'])
te = pd.read_csv('input/test.csv', parse_dates=['date'])
print(tr.shape, te.shape)
print(tr.date.min(), tr.date.max(), te.date.min(), te.date.max())
tr = tr.sort_values('date').reset_index(drop=True)
print(tr.head())


def feats(d):
    d = d.copy()
    d['t'] = (d['date'] - pd.Timestamp('1969-01-01')).dt.days / 365.25
    d['dow'] = d['day_of_week']
    d['woy'] = d['date'].dt.isocalendar().week.astype(int)
    d['sin_doy'] = np.sin(2 * np.pi * d['day_of_year'] / 365.25)
    d['cos_doy'] = np.cos(2 * np.pi * d['day_of_year'] / 365.25)
    d['sin2'] = np.sin(4 * np.pi * d['day_of_year'] / 365.25)
    d['cos2'] = np.cos(4 * np.pi * d['day_of_year'] / 365.25)
    md = d['month'] * 100 + d['day_of_month']
    # holidays - added later
    d['hol'] = md.isin([101, 704, 1225, 1224, 1231, 102]).astype(int)
    # thanksgiving: 4th thu of nov
    d['thx'] = ((d['month'] == 11) & (d['day_of_week'] == 4) & (d['day_of_month'].between(22, 28))).astype(int)
    # labor day / memorial day mondays
    d['labor'] = ((d['month'] == 9) & (d['day_of_week'] == 1) & (d['day_of_month'] <= 7)).astype(int)
    d['memor'] = ((d['month'] == 5) & (d['day_of_week'] == 1) & (d['day_of_month'] >= 25)).astype(int)
    d['wknd'] = (d['day_of_week'] >= 6).astype(int)
    return d


A = feats(tr)
B = feats(te)

F_lgb = ['dow', 'month', 'day_of_year', 'day_of_month', 'woy', 'hol', 'thx', 'labor', 'memor', 'wknd']
F_lin = ['t', 'sin_doy', 'cos_doy', 'sin2', 'cos2', 'hol', 'thx', 'labor', 'memor']


def lin_X(d):
    x = d[F_lin].copy()
    dd = pd.get_dummies(d['dow'], prefix='dow', dtype=float)
    for k in range(1, 8):
        if f'dow_{k}' not in dd:
            dd[f'dow_{k}'] = 0.0
    return pd.concat([x, dd[[f'dow_{k}' for k in range(1, 8)]]], axis=1)


# holdout = last 3 yrs
cut = pd.Timestamp('1982-01-01')
m_tr = A['date'] < cut
m_va = ~m_tr
print('split', m_tr.sum(), m_va.sum())

lin = Ridge(alpha=1.0).fit(lin_X(A[m_tr]), A.loc[m_tr, 'births'])
p_lin = lin.predict(lin_X(A[m_va]))
print('ridge MAE', mean_absolute_error(A.loc[m_va, 'births'], p_lin))

# lgb on residual of the linear trend
res = A['births'] - lin.predict(lin_X(A))
g = lgb.LGBMRegressor(n_estimators=600, learning_rate=0.03, num_leaves=31, min_child_samples=10, verbose=-1)
g.fit(A.loc[m_tr, F_lgb], res[m_tr])
p_res = p_lin + g.predict(A.loc[m_va, F_lgb])
print('ridge+lgb resid MAE', mean_absolute_error(A.loc[m_va, 'births'], p_res))

g2 = lgb.LGBMRegressor(n_estimators=600, learning_rate=0.03, num_leaves=31, min_child_samples=10, verbose=-1)
g2.fit(A.loc[m_tr, F_lgb + ['year']], A.loc[m_tr, 'births'])
p_g2 = g2.predict(A.loc[m_va, F_lgb + ['year']])
print('plain lgb MAE', mean_absolute_error(A.loc[m_va, 'births'], p_g2))

ws = [0, 0.1, 0.2, 0.3, 0.5, 0.7]
sc = [mean_absolute_error(A.loc[m_va, 'births'], w * p_res + (1 - w) * p_g2) for w in ws]
print(list(zip(ws, np.round(sc, 1))))
W = ws[int(np.argmin(sc))]
print('VALID MAE blend:', round(min(sc), 2), 'w', W)

# refit everything on all train
lin = Ridge(alpha=1.0).fit(lin_X(A), A['births'])
res = A['births'] - lin.predict(lin_X(A))
g.fit(A[F_lgb], res)
g2.fit(A[F_lgb + ['year']], A['births'])
pt = W * (lin.predict(lin_X(B)) + g.predict(B[F_lgb])) + (1 - W) * g2.predict(B[F_lgb + ['year']])

sub = pd.read_csv('input/sample_submission.csv')
sub['births'] = pt
sub.to_csv('submission/submission.csv', index=False)
print(sub.head())
print(sub.shape, sub.births.mean())
