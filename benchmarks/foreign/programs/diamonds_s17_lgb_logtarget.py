import numpy as np, pandas as pd, lightgbm as lgb
from functools import partial

tr, te = pd.read_csv('input/train.csv'), pd.read_csv('input/test.csv')
O = dict(cut='Fair Good VeryGood Premium Ideal', color='J I H G F E D', clarity='I1 SI2 SI1 VS2 VS1 VVS2 VVS1 IF')
O = {c: {v: i for i, v in enumerate(s.split())} for c, s in O.items()}
fx = lambda d: (d.assign(cut=d.cut.str.replace(' ', ''))
                 .assign(**{c: lambda d, c=c, m=m: d[c].map(m) for c, m in O.items()})
                 .assign(x=lambda d: d.x.replace(0, np.nan), y=lambda d: d.y.where(d.y.between(1, 15)), z=lambda d: d.z.replace(0, np.nan))
                 .assign(vol=lambda d: d.x * d.y * d.z, lc=lambda d: np.log(d.carat), xy=lambda d: d.x / d.y,
                         dens=lambda d: d.carat / (d.x * d.y * d.z)))
X, Xt = fx(tr).drop(columns=['id', 'price']), fx(te).drop(columns='id')
y = np.log1p(tr.price.values)
print(X.shape, Xt.shape, X.isna().sum().loc[lambda s: s > 0].to_dict())

k = 5
fo = np.random.RandomState(0).permutation(len(y)) % k
rmse = lambda a, b: np.sqrt(np.mean((a - b) ** 2))
base = dict(objective='regression', metric='rmse', verbosity=-1, bagging_fraction=0.8, bagging_freq=1, feature_fraction=0.8, seed=1)

def cv(p):
    o, its = np.zeros(len(y)), []
    for f in range(k):
        a, b = fo != f, fo == f
        m = lgb.train({**base, **p}, lgb.Dataset(X[a], y[a]), 3000, valid_sets=[lgb.Dataset(X[b], y[b])],
                      callbacks=[lgb.early_stopping(100, verbose=False)])
        o[b], its = m.predict(X[b], num_iteration=m.best_iteration), its + [m.best_iteration]
    return rmse(y, o), int(np.mean(its)), o

grid = [dict(num_leaves=nl, learning_rate=0.08, min_data_in_leaf=md, lambda_l2=l2) for nl in (15, 31) for md in (10, 30) for l2 in (0, 3)]
res = [(g, *cv(g)) for g in grid]
for g, s, it, _ in res:
    print(f"nl={g['num_leaves']:>2} md={g['min_data_in_leaf']:>2} l2={g['lambda_l2']} rmsle={s:.5f} it={it}")
g, s, it, o = min(res, key=lambda t: t[1])
print(f'best {g} rmsle={s:.5f} it={it}')

P = np.mean([lgb.train({**base, **g, 'seed': sd}, lgb.Dataset(X, y), int(it * 1.1)).predict(Xt) for sd in range(3)], 0)
sub = pd.DataFrame({'id': te.id, 'price': np.expm1(P).clip(300)})
sub.to_csv('submission/submission.csv', index=False)
print(f"final rmsle(cv)={s:.4f} pred mean={sub.price.mean():.1f} min={sub.price.min():.0f} max={sub.price.max():.0f}")
