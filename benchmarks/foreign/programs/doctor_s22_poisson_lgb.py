import numpy as np, pandas as pd, lightgbm as lgb
from functools import partial
from sklearn.metrics import mean_squared_error

tr, te = pd.read_csv('input/train.csv'), pd.read_csv('input/test.csv')
Y = ['visits', 'ovisits', 'emergency', 'hospital']
yn = ['adl', 'afam', 'gender', 'married', 'employed', 'insurance', 'medicaid']
fx = lambda d: (d.assign(**{c: (d[c].isin(['yes', 'limited', 'male'])).astype(int) for c in yn})
                 .assign(health=d.health.map({'excellent': 0, 'average': 1, 'poor': 2}),
                         li=np.log1p(d.income.clip(lower=0)), ch2=d.chronic.clip(upper=4))
                 .pipe(pd.get_dummies, columns=['region'], dtype=int)
                 .drop(columns=['id'] + Y, errors='ignore'))
X, Xt = fx(tr), fx(te)
print(f'X={X.shape} Xt={Xt.shape}', tr[Y].mean().round(3).to_dict())

k = 5
fo = np.random.RandomState(17).permutation(len(X)) % k
rmsle = lambda a, b: mean_squared_error(np.log1p(a), np.log1p(b), squared=False)
P = dict(objective='poisson', learning_rate=0.03, num_leaves=7, min_data_in_leaf=40, feature_fraction=0.8,
         bagging_fraction=0.8, bagging_freq=1, lambda_l2=2.0, verbosity=-1)

res, sub = {}, {'id': te.id.values}
for t in Y:
    y = tr[t].values.astype(float)
    o, its = np.zeros(len(y)), []
    for f in range(k):
        a, b = fo != f, fo == f
        m = lgb.train(P, lgb.Dataset(X[a], y[a]), 2000, valid_sets=[lgb.Dataset(X[b], y[b])],
                      callbacks=[lgb.early_stopping(100, verbose=False)])
        o[b] = m.predict(X[b], num_iteration=m.best_iteration)
        its.append(m.best_iteration)
        print(f'{t} f={f} it={m.best_iteration}')
    sh = min(np.linspace(0.5, 1.2, 15), key=lambda c: rmsle(y, o * c))
    res[t] = (rmsle(y, o), rmsle(y, o * sh), sh, int(np.mean(its)))
    print(f'{t:<9} rmsle={res[t][0]:.4f} scaled x{sh:.2f} -> {res[t][1]:.4f}')
    sub[t] = sh * lgb.train(P, lgb.Dataset(X, y), int(res[t][3] * 1.1)).predict(Xt)

pd.DataFrame(sub).to_csv('submission/submission.csv', index=False)
print(f"mean rmsle={np.mean([v[1] for v in res.values()]):.4f}", {t: round(v[1], 4) for t, v in res.items()})
