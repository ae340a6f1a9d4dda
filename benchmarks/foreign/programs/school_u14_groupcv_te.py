import pandas as pd
import numpy as np
from sklearn.model_selection import GroupKFold
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_squared_error
import lightgbm as lgb

tr = pd.read_csv('input/train.csv')
te = pd.read_csv('input/test.csv')
print(tr.shape, te.shape)
print(tr.head())
print('schools', tr.School.nunique(), te.School.nunique())

for d in [tr, te]:
    d['min'] = (d['Minority'] == 'Yes').astype(int)
    d['male'] = (d['Sex'] == 'Male').astype(int)
    g = d.groupby('School')
    d['sch_n'] = g['SES'].transform('size')
    d['sch_ses_std'] = g['SES'].transform('std')
    d['sch_min'] = g['min'].transform('mean')
    d['sch_male'] = g['male'].transform('mean')
    d['ses_dev'] = d['SES'] - d['MEANSES']
    d['ses_x_min'] = d['SES'] * d['min']

# school target mean (boost!)
sch_mean = tr.groupby('School')['MathAch'].mean()
tr['sch_te'] = tr['School'].map(sch_mean)
te['sch_te'] = te['School'].map(sch_mean)

cols = ['min', 'male', 'SES', 'MEANSES', 'sch_n', 'sch_ses_std', 'sch_min', 'sch_male', 'ses_dev', 'ses_x_min', 'sch_te']
X = tr[cols].fillna(0)
y = tr['MathAch'].values
Xt = te[cols]
print(X.shape, Xt.shape)

gkf = GroupKFold(n_splits=5)
oof_r = np.zeros(len(tr))
oof_g = np.zeros(len(tr))
its = []
for f, (a, b) in enumerate(gkf.split(X, y, groups=tr['School'])):
    r = Ridge(alpha=3.0).fit(X.iloc[a], y[a])
    oof_r[b] = r.predict(X.iloc[b])
    g = lgb.LGBMRegressor(n_estimators=2000, learning_rate=0.01, num_leaves=8, min_child_samples=50,
                          subsample=0.8, subsample_freq=1, verbose=-1)
    g.fit(X.iloc[a], y[a], eval_set=[(X.iloc[b], y[b])], callbacks=[lgb.early_stopping(200, verbose=False)])
    oof_g[b] = g.predict(X.iloc[b])
    its.append(g.best_iteration_)
    print('fold', f, 'ridge', np.sqrt(mean_squared_error(y[b], oof_r[b])),
          'lgb', np.sqrt(mean_squared_error(y[b], oof_g[b])), g.best_iteration_)

rm_r = np.sqrt(mean_squared_error(y, oof_r))
rm_g = np.sqrt(mean_squared_error(y, oof_g))
rm_b = np.sqrt(mean_squared_error(y, 0.5 * oof_r + 0.5 * oof_g))
print('CV RMSE ridge=%.4f lgb=%.4f avg=%.4f' % (rm_r, rm_g, rm_b))

# refit full
n_it = int(np.mean(its) * 1.1)
print('full fit iters', n_it)
r = Ridge(alpha=3.0).fit(X, y)
g = lgb.LGBMRegressor(n_estimators=n_it, learning_rate=0.01, num_leaves=8, min_child_samples=50,
                      subsample=0.8, subsample_freq=1, verbose=-1).fit(X, y)
p = 0.5 * r.predict(Xt) + 0.5 * g.predict(Xt)

sub = pd.read_csv('input/sample_submission.csv')
sub['MathAch'] = p
sub.to_csv('submission/submission.csv', index=False)
print(sub.head(), sub.shape)
