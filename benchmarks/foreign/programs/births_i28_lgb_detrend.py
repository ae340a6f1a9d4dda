import numpy as np, pandas as pd, lightgbm as lgb
from sklearn.model_selection import KFold

tr = pd.read_csv('./input/train.csv', parse_dates=['date'])
te = pd.read_csv('./input/test.csv', parse_dates=['date'])
T = 'births'

# yearly level: real yearly mean on train, linear trend on recent years extrapolated for test
yr = tr.groupby('year')[T].mean()
co = np.polyfit(yr.loc[1976:].index, yr.loc[1976:].values, 1)
trend = lambda d: np.polyval(co, d.year + (d.day_of_year - 183) / 365.25)
print('trend coef', co.round(2))

def fe(d):
    return (d.sort_values('date')
             .assign(tr_=trend,
                     dow=lambda x: x.day_of_week,
                     wk=lambda x: x.date.dt.isocalendar().week.astype(int),
                     md=lambda x: x.month * 100 + x.day_of_month,
                     is_h=lambda x: x.md.isin([101, 704, 1225, 1224, 1231, 1226, 102]).astype(int),
                     thx=lambda x: ((x.month == 11) & (x.day_of_week == 4) & x.day_of_month.between(22, 28)).astype(int),
                     mem=lambda x: ((x.month == 5) & (x.day_of_week == 1) & (x.day_of_month >= 25)).astype(int),
                     lab=lambda x: ((x.month == 9) & (x.day_of_week == 1) & (x.day_of_month <= 7)).astype(int),
                     h_near=lambda x: x.is_h.rolling(3, center=True, min_periods=1).max().sub(x.is_h),
                     h_next=lambda x: (x.is_h + x.thx + x.mem + x.lab).shift(-1).fillna(0),
                     h_prev=lambda x: (x.is_h + x.thx + x.mem + x.lab).shift(1).fillna(0)))

tr, te = tr.pipe(fe), te.pipe(fe)
tr = tr.assign(tr_=lambda d: d.year.map(yr), r=lambda d: d[T] / d.tr_)
feats = ['dow', 'month', 'day_of_year', 'day_of_month', 'wk', 'is_h', 'thx', 'mem', 'lab', 'h_near', 'h_next', 'h_prev']
X, y, Xt = tr[feats], tr.r.values, te[feats]

p = dict(objective='l1', learning_rate=0.05, num_leaves=31, min_data_in_leaf=10,
         feature_fraction=0.9, bagging_fraction=0.8, bagging_freq=1, verbose=-1, num_threads=2)
oof, preds = np.zeros(len(X)), np.zeros(len(Xt))
SEEDS = [11, 22]
for s in SEEDS:
    for a, b in KFold(5, shuffle=True, random_state=s).split(X):
        m = lgb.train({**p, 'seed': s}, lgb.Dataset(X.iloc[a], y[a]), 3000,
                      valid_sets=[lgb.Dataset(X.iloc[b], y[b])],
                      callbacks=[lgb.early_stopping(100, verbose=False)])
        oof[b] += m.predict(X.iloc[b], num_iteration=m.best_iteration) / len(SEEDS)
        preds += m.predict(Xt, num_iteration=m.best_iteration) / (5 * len(SEEDS))

mae = np.mean(np.abs(oof * tr.tr_.values - tr[T].values))
print(f'CV MAE: {mae:.1f}')
te[T] = preds * te.tr_.values
te[['id', T]].sort_values('id').to_csv('./submission/submission.csv', index=False)
