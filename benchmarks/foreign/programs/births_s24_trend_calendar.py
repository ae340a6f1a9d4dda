import numpy as np, pandas as pd, lightgbm as lgb
from sklearn.linear_model import Ridge

tr = pd.read_csv('input/train.csv', parse_dates=['date']).sort_values('date').reset_index(drop=True)
te = pd.read_csv('input/test.csv', parse_dates=['date'])
t0 = tr.date.min()
fx = lambda d: d.assign(t=(d.date - t0).dt.days / 365.25, **{f'{f}{j}': g(2 * np.pi * j * d.day_of_year / 365.25)
                                                              for j in (1, 2, 3) for f, g in (('s', np.sin), ('c', np.cos))},
                        **{f'w{i}': (d.day_of_week == i).astype(int) for i in range(1, 8)})
A, B = fx(tr), fx(te)
F = ['t'] + [f'{f}{j}' for j in (1, 2, 3) for f in 'sc'] + [f'w{i}' for i in range(1, 8)]
G = ['t', 'year', 'month', 'day_of_year', 'day_of_month', 'day_of_week']
va = (A.year >= 1982).values
mae = lambda a, b: np.mean(np.abs(a - b))
print(f'tr={len(A)} te={len(B)} val={va.sum()} span {tr.date.min():%Y-%m-%d}..{tr.date.max():%Y-%m-%d} -> {te.date.max():%Y-%m-%d}')

R = {}
for al in [0.1, 1, 10]:
    R['ridge', al] = mae(A.births[va], Ridge(alpha=al).fit(A.loc[~va, F], A.births[~va]).predict(A.loc[va, F]))
    print(f'ridge a={al:<4} mae={R["ridge", al]:.1f}')
for nl in [7, 15, 31]:
    m = lgb.LGBMRegressor(n_estimators=600, learning_rate=0.03, num_leaves=nl, objective='l1', verbose=-1)
    R['lgb', nl] = mae(A.births[va], m.fit(A.loc[~va, G], A.births[~va]).predict(A.loc[va, G]))
    print(f'lgb nl={nl:<2} mae={R["lgb", nl]:.1f}')

def decomp(D, q):
    r = D.births.values - Ridge(alpha=1).fit(D[F], D.births).predict(D[F])
    E, N = np.zeros((12, 31)), np.zeros((12, 31))
    np.add.at(E, (D.month.values, D.day_of_month.values - 1), r)
    np.add.at(N, (D.month.values, D.day_of_month.values - 1), 1)
    E = E / np.maximum(N, 1) * (N / (N + q))
    return lambda X: Ridge(alpha=1).fit(D[F], D.births).predict(X[F]) + E[X.month.values, X.day_of_month.values - 1]

for q in [1, 3, 10]:
    R['dec', q] = mae(A.births[va], decomp(A[~va], q)(A[va]))
    print(f'decomp q={q:<2} mae={R["dec", q]:.1f}')

b = min(R, key=R.get)
print(f'best {b} mae={R[b]:.1f}')
p = {'ridge': lambda: Ridge(alpha=b[1]).fit(A[F], A.births).predict(B[F]),
     'lgb': lambda: lgb.LGBMRegressor(n_estimators=600, learning_rate=0.03, num_leaves=b[1], objective='l1', verbose=-1)
                                      .fit(A[G], A.births).predict(B[G]),
     'dec': lambda: decomp(A, b[1])(B)}[b[0]]()
pd.DataFrame({'id': te.id, 'births': p.round(1)}).to_csv('submission/submission.csv', index=False)
print(f'sub mean={p.mean():.1f}')
