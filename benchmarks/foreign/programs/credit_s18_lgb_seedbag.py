import numpy as np, pandas as pd, lightgbm as lgb, itertools as it
from sklearn.metrics import log_loss

tr, te = pd.read_csv('input/train.csv'), pd.read_csv('input/test.csv')
T = 'Status'
d = pd.concat([tr, te], keys=['tr', 'te'])
cat = [c for c in d.columns if d[c].dtype == 'O']
d = d.assign(**{c: d[c].astype('category') for c in cat}).assign(
    lti=lambda d: d.Amount / d.Income, ltv=lambda d: d.Amount / d.Price,
    net=lambda d: d.Assets.fillna(0) - d.Debt.fillna(0), pay=lambda d: d.Amount / d.Time,
    burden=lambda d: (d.Expenses + d.Amount / d.Time) / d.Income, sen_age=lambda d: d.Seniority / (d.Age - 17))
F = [c for c in d.columns if c not in ('id', T)]
X, Xt, y = d.loc['tr', F], d.loc['te', F], tr[T].values
print(f'X={X.shape} Xt={Xt.shape} bad={y.mean():.4f} cat={cat}')
print('na', {c: int(v) for c, v in X.isna().sum().items() if v})

k, seeds = 5, [0, 1, 2]
folds = lambda s: np.random.RandomState(s).permutation(len(y)) % k
P = dict(objective='binary', metric='binary_logloss', verbosity=-1, feature_fraction=0.7, bagging_fraction=0.8, bagging_freq=1)

R = {}
for nl, lr, mdl in it.product([7, 15], [0.02, 0.05], [20, 50]):
    oo, ni = np.zeros(len(y)), []
    for s in seeds:
        fo = folds(s)
        for f in range(k):
            a, b = fo != f, fo == f
            m = lgb.train({**P, 'num_leaves': nl, 'learning_rate': lr, 'min_data_in_leaf': mdl, 'seed': s},
                          lgb.Dataset(X[a], y[a]), 4000, valid_sets=[lgb.Dataset(X[b], y[b])],
                          callbacks=[lgb.early_stopping(150, verbose=False)])
            oo[b] += m.predict(X[b], num_iteration=m.best_iteration) / len(seeds)
            ni.append(m.best_iteration)
    R[nl, lr, mdl] = (log_loss(y, oo), int(np.mean(ni)))
    print(f'nl={nl:>2} lr={lr} mdl={mdl} ll={R[nl, lr, mdl][0]:.5f} it={R[nl, lr, mdl][1]}')

(nl, lr, mdl), (s, n) = min(R.items(), key=lambda t: t[1][0])
print(f'best nl={nl} lr={lr} mdl={mdl} ll={s:.5f}')
p = np.mean([lgb.train({**P, 'num_leaves': nl, 'learning_rate': lr, 'min_data_in_leaf': mdl, 'seed': s_},
                       lgb.Dataset(X, y), int(n * 1.1)).predict(Xt) for s_ in seeds], 0)
pd.DataFrame({'id': te.id.values, T: p.clip(1e-4, 1 - 1e-4)}).to_csv('submission/submission.csv', index=False)
print(f'sub mean={p.mean():.4f}')
