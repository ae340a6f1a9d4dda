import numpy as np, pandas as pd, lightgbm as lgb
from sklearn.model_selection import KFold

tr = pd.read_csv('./input/train.csv')
te = pd.read_csv('./input/test.csv')
T = 'births'
n = len(tr)

# fixed + floating US holidays 1969-1988
yrs = range(1969, 1989)
fixed = [f'{y}-{md}' for y in yrs for md in ('01-01', '07-04', '11-11', '12-24', '12-25', '12-31')]
def nth_wd(y, m, wd, k):
    d = pd.date_range(f'{y}-{m:02d}-01', periods=31, freq='D')
    d = d[(d.month == m) & (d.weekday == wd)]
    return d[k]
flt = [nth_wd(y, 11, 3, 3) for y in yrs] + [nth_wd(y, 9, 0, 0) for y in yrs] + \
      [nth_wd(y, 5, 0, -1) for y in yrs] + [nth_wd(y, 2, 0, 2) for y in yrs]
hol = (pd.DataFrame({'date': pd.to_datetime(fixed).append(pd.DatetimeIndex(flt))})
         .drop_duplicates().assign(hol=1))
print('holidays', len(hol))

def add_hol(d):
    return (d.merge(hol, on='date', how='left')
             .assign(hol=lambda x: x.hol.fillna(0))
             .sort_values('date')
             .assign(hol_m1=lambda x: x.hol.shift(1, fill_value=0),
                     hol_p1=lambda x: x.hol.shift(-1, fill_value=0),
                     hol_wk=lambda x: x.hol.rolling(7, center=True, min_periods=1).sum()))

df = (pd.concat([tr, te], ignore_index=True)
      .assign(t=lambda d: d.year + (d.day_of_year - 1) / 365.25,
              dow=lambda d: d.day_of_week,
              q=lambda d: pd.cut(d.day_of_month, [0, 7, 14, 21, 28, 31], labels=False))
      .pipe(add_hol)
      .sort_values('id'))

feats = ['t', 'dow', 'month', 'day_of_year', 'day_of_month', 'q', 'hol', 'hol_m1', 'hol_p1', 'hol_wk']
trn, tst = df[df[T].notna()], df[df[T].isna()]
X, y, Xt = trn[feats], trn[T].values, tst[feats]

p = dict(objective='huber', alpha=600.0, linear_tree=True, linear_lambda=1.0, learning_rate=0.05, num_leaves=24,
         min_data_in_leaf=30, feature_fraction=0.9, verbose=-1, num_threads=2)
oof, preds = np.zeros(len(X)), np.zeros(len(Xt))
for s in (3, 5):
    for a, b in KFold(5, shuffle=True, random_state=s).split(X):
        m = lgb.train({**p, 'seed': s}, lgb.Dataset(X.iloc[a], y[a]), 1500,
                      valid_sets=[lgb.Dataset(X.iloc[b], y[b])],
                      callbacks=[lgb.early_stopping(100, verbose=False)])
        oof[b] += m.predict(X.iloc[b], num_iteration=m.best_iteration) / 2
        preds += m.predict(Xt, num_iteration=m.best_iteration) / 10

print(f'CV MAE: {np.abs(oof - y).mean():.1f}')
pd.DataFrame({'id': tst.id.values, T: preds}).to_csv('./submission/submission.csv', index=False)
