import numpy as np, pandas as pd, lightgbm as lgb, itertools as it
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import roc_auc_score as auc
from scipy.stats import rankdata

tr, te = pd.read_csv('input/train.csv'), pd.read_csv('input/test.csv')
T = 'churn'
cat = [c for c in tr.columns if tr[c].dtype == object or str(tr[c].dtype) in ('str', 'string')]
d = (pd.concat([tr.drop(columns=T), te])
       .assign(avg_ch=lambda d: d.total_charges / d.tenure.clip(lower=1),
               n_srv=lambda d: (d[cat] == 'Yes').sum(1),
               **{c: lambda d, c=c: d[c].astype('category') for c in cat}))
F = [c for c in d.columns if c != 'id']
X, Xt, y = d.iloc[:len(tr)][F], d.iloc[len(tr):][F], tr[T].values
print(f'{X.shape} {Xt.shape} pos={y.mean():.4f} cats={len(cat)}')

k = 5
fo = np.random.RandomState(42).permutation(len(y)) % k
G = [dict(num_leaves=nl, learning_rate=lr, min_child_samples=mc) for nl, lr, mc in it.product([7, 15], [0.03, 0.06], [20, 60])]
best = (0, None, None)
for g in G:
    o, ni = np.zeros(len(y)), []
    for f in range(k):
        a, b = fo != f, fo == f
        m = lgb.LGBMClassifier(n_estimators=1500, subsample=0.8, subsample_freq=1, colsample_bytree=0.7, verbose=-1, **g)
        m.fit(X[a], y[a], eval_set=[(X[b], y[b])], eval_metric='auc', callbacks=[lgb.early_stopping(100, verbose=False)])
        o[b], ni = m.predict_proba(X[b])[:, 1], ni + [m.best_iteration_]
    s = auc(y, o)
    print(f"nl={g['num_leaves']:>2} lr={g['learning_rate']} mc={g['min_child_samples']:>2} auc={s:.5f} it={int(np.mean(ni))}")
    if s > best[0]: best = (s, g, o, int(np.mean(ni)))
s0, g0, o_lgb, n0 = best
print(f'lgb best {s0:.5f} {g0}')

oh = pd.get_dummies(d[F], columns=cat, dtype=float)
oh = oh.assign(**{c: np.log1p(oh[c]) for c in ['total_charges', 'avg_ch']})
Z, Zt = oh.iloc[:len(tr)].values, oh.iloc[len(tr):].values
res = {}
for C in [0.01, 0.1, 1.0]:
    o = np.zeros(len(y))
    for f in range(k):
        a, b = fo != f, fo == f
        sc = StandardScaler().fit(Z[a])
        o[b] = LogisticRegression(C=C, max_iter=3000).fit(sc.transform(Z[a]), y[a]).predict_proba(sc.transform(Z[b]))[:, 1]
    res[C] = (auc(y, o), o)
    print(f'lr C={C} auc={res[C][0]:.5f}')
C1 = max(res, key=lambda c: res[c][0])
o_lr = res[C1][1]

rk = lambda v: rankdata(v) / len(v)
w, sb = max(((w, auc(y, w * rk(o_lgb) + (1 - w) * rk(o_lr))) for w in np.arange(0, 1.01, 0.1)), key=lambda t: t[1])
print(f'blend w={w:.1f} auc={sb:.5f}')

pl = lgb.LGBMClassifier(n_estimators=int(n0 * 1.1), subsample=0.8, subsample_freq=1, colsample_bytree=0.7, verbose=-1, **g0).fit(X, y).predict_proba(Xt)[:, 1]
sc = StandardScaler().fit(Z)
pr = LogisticRegression(C=C1, max_iter=3000).fit(sc.transform(Z), y).predict_proba(sc.transform(Zt))[:, 1]
pd.DataFrame({'id': te.id, T: w * rk(pl) + (1 - w) * rk(pr)}).to_csv('submission/submission.csv', index=False)
print(f'best auc={sb:.5f} w={w:.1f} C={C1}')
