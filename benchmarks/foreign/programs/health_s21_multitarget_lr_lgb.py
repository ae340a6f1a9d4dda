import numpy as np, pandas as pd, lightgbm as lgb, itertools as it
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score

tr, te = pd.read_csv('input/train.csv'), pd.read_csv('input/test.csv')
Y = ['health', 'limit', 'insurance']
E = dict(none=0, highschool=1, ged=1, other=1, bachelor=2, master=3, phd=4)
d = (pd.concat([tr.drop(columns=Y), te], ignore_index=True)
       .assign(edu=lambda d: d.education.map(E).fillna(1), a2=lambda d: (d.age - 40) ** 2 / 100, lfam=lambda d: np.log(d.family))
       .pipe(pd.get_dummies, columns=['gender', 'married', 'selfemp', 'region', 'ethnicity', 'education'], drop_first=True, dtype=float))
F = [c for c in d.columns if c != 'id']
n = len(tr)
X, Xt = d[F].values[:n], d[F].values[n:]
mu, sd = X.mean(0), X.std(0) + 1e-9
Z, Zt = (X - mu) / sd, (Xt - mu) / sd
print(f'X={X.shape} Xt={Xt.shape}', {t: round(tr[t].mean(), 4) for t in Y})

k = 5
fo = np.random.RandomState(5).permutation(n) % k
oof = lambda mk, A, y: np.concatenate([mk().fit(A[fo != f], y[fo != f]).predict_proba(A[fo == f])[:, 1] for f in range(k)])[np.argsort(np.concatenate([np.flatnonzero(fo == f) for f in range(k)]))]

sub, tot = {}, []
for t in Y:
    y = tr[t].values
    R = {}
    for C in [0.01, 0.1, 1]:
        R['lr', C] = oof(lambda: LogisticRegression(C=C, max_iter=2000), Z, y)
    for nl, mc in it.product([4, 8], [50, 150]):
        R['gb', nl, mc] = oof(lambda: lgb.LGBMClassifier(n_estimators=250, learning_rate=0.03, num_leaves=nl, min_child_samples=mc,
                                                         colsample_bytree=0.8, subsample=0.8, subsample_freq=1, verbose=-1), X, y)
    S = {q: roc_auc_score(y, p) for q, p in R.items()}
    print(t, ' '.join(f'{"_".join(map(str, q))}={s:.4f}' for q, s in S.items()))
    a = max((q for q in S if q[0] == 'lr'), key=S.get)
    b = max((q for q in S if q[0] == 'gb'), key=S.get)
    rk = lambda v: pd.Series(v).rank(pct=True).values
    w, s = max(((w, roc_auc_score(y, w * rk(R[a]) + (1 - w) * rk(R[b]))) for w in np.linspace(0, 1, 11)), key=lambda q: q[1])
    print(f'  {t}: {a} + {b} w={w:.1f} auc={s:.4f}')
    tot.append(s)
    pa = LogisticRegression(C=a[1], max_iter=2000).fit(Z, y).predict_proba(Zt)[:, 1]
    pb = lgb.LGBMClassifier(n_estimators=250, learning_rate=0.03, num_leaves=b[1], min_child_samples=b[2], colsample_bytree=0.8,
                            subsample=0.8, subsample_freq=1, verbose=-1).fit(X, y).predict_proba(Xt)[:, 1]
    sub[t] = w * pa + (1 - w) * pb

pd.DataFrame({'id': te.id, **sub}).to_csv('submission/submission.csv', index=False)
print(f'mean auc={np.mean(tot):.4f} ' + ' '.join(f'{t}={s:.4f}' for t, s in zip(Y, tot)))
