import numpy as np, pandas as pd, itertools as it
from functools import reduce
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import log_loss

tr, te = pd.read_csv('input/train.csv'), pd.read_csv('input/test.csv')
K = sorted(tr.species.unique())
y = tr.species.map({k: i for i, k in enumerate(K)}).values
num = ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm', 'body_mass_g']
med = tr[num].median()
prep = lambda d: (d.assign(**{c: d[c].fillna(med[c]) for c in num})
                   .assign(bl_bd=lambda d: d.bill_length_mm / d.bill_depth_mm, sex=lambda d: d.sex.fillna('na'))
                   .pipe(lambda d: pd.get_dummies(d[num + ['bl_bd', 'island', 'sex']], columns=['island', 'sex'], dtype=float)))
X, Xt = prep(tr), prep(te).reindex(columns=prep(tr).columns, fill_value=0.)
print(X.shape, Xt.shape, dict(zip(K, np.bincount(y).tolist())))

rng = np.random.RandomState(7)
fo = np.zeros(len(y), int)
for c in range(3):
    ix = np.where(y == c)[0]; rng.shuffle(ix); fo[ix] = np.arange(len(ix)) % 5

def cv(mk, Xa=X.values):
    o = np.zeros((len(y), 3))
    for f in range(5):
        a, b = fo != f, fo == f
        s = StandardScaler().fit(Xa[a])
        o[b] = mk().fit(s.transform(Xa[a]), y[a]).predict_proba(s.transform(Xa[b]))
    return o

nrm = lambda p: p / p.sum(1, keepdims=True)
R = {}
for C in [0.03, 0.1, 0.3, 1, 3, 10]:
    R['lr', C] = cv(lambda: LogisticRegression(C=C, max_iter=2000))
    print(f'lr C={C:<5} ll={log_loss(y, R["lr", C]):.4f}')
for k, w in it.product([5, 9, 15, 25], ['uniform', 'distance']):
    R['knn', k, w] = nrm(np.clip(cv(lambda: KNeighborsClassifier(k, weights=w)), 1e-3, 1))
    print(f'knn k={k:<2} w={w[0]} ll={log_loss(y, R["knn", k, w]):.4f}')

bl, bk = min(((log_loss(y, R[k]), k) for k in R if k[0] == 'lr'))
nl, nk = min(((log_loss(y, R[k]), k) for k in R if k[0] == 'knn'))
ws = [(log_loss(y, w * R[bk] + (1 - w) * R[nk]), w) for w in np.linspace(0, 1, 11)]
s, w = min(ws)
print(f'best lr={bk} {bl:.4f} knn={nk} {nl:.4f} blend w={w:.1f} ll={s:.4f}')

fit = lambda mk: (lambda sc: mk().fit(sc.transform(X.values), y).predict_proba(sc.transform(Xt.values)))(StandardScaler().fit(X.values))
P = w * fit(lambda: LogisticRegression(C=bk[1], max_iter=2000)) + (1 - w) * np.clip(fit(lambda: KNeighborsClassifier(nk[1], weights=nk[2])), 1e-3, 1)
P = nrm(P)
pd.concat([te[['id']], pd.DataFrame(P, columns=K)], axis=1).to_csv('submission/submission.csv', index=False)
print(f'wrote {len(P)} rows, mean p={dict(zip(K, P.mean(0).round(3).tolist()))}')
