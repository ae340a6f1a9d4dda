import numpy as np, pandas as pd, lightgbm as lgb, itertools as it
from collections import Counter
from sklearn.metrics import f1_score

tr, te = pd.read_csv('input/train.csv'), pd.read_csv('input/test.csv')
K = ['VF', 'F', 'M', 'L']
y = tr['class'].map({k: i for i, k in enumerate(K)}).values
D = {d: i for i, d in enumerate('Mon Tue Wed Thu Fri Sat Sun'.split())}
fx = lambda d: (d.drop(columns=['id', 'class'], errors='ignore')
                 .assign(day=d.day.map(D), lc=np.log1p(d.compounds), lf=np.log1p(d.input_fields), lp=np.log1p(d.num_pending),
                         work=lambda d: d.lc + d.lf + np.log(d.iterations), night=((d.hour < 7) | (d.hour > 20)).astype(int))
                 .pipe(pd.get_dummies, columns=['protocol'], dtype=int))
X, Xt = fx(tr), fx(te)
print(f'X={X.shape} Xt={Xt.shape}', dict(zip(K, np.bincount(y).tolist())))

k = 5
fo = np.zeros(len(y), int)
for c in range(len(K)):
    ix = np.flatnonzero(y == c)
    fo[ix] = np.random.RandomState(11 + c).permutation(len(ix)) % k

mk = lambda nl, cw, n: lgb.LGBMClassifier(n_estimators=n, learning_rate=0.06, num_leaves=nl, class_weight=cw, min_child_samples=15,
                                          subsample=0.85, subsample_freq=1, colsample_bytree=0.8, verbose=-1, random_state=0)
R = {}
for nl, cw, n in it.product([15, 31], [None, 'balanced'], [250]):
    o = np.zeros((len(y), len(K)))
    for f in range(k):
        a, b = fo != f, fo == f
        o[b] = mk(nl, cw, n).fit(X[a], y[a]).predict_proba(X[b])
    R[nl, cw, n] = o
    print(f'nl={nl} cw={str(cw):<8} n={n} f1={f1_score(y, o.argmax(1), average="macro"):.4f}')

key = max(R, key=lambda q: f1_score(y, R[q].argmax(1), average='macro'))
o = R[key]
best_w, best_s = np.ones(len(K)), f1_score(y, o.argmax(1), average='macro')
for _ in range(2):
    for c, v in it.product(range(1, len(K)), np.arange(0.6, 2.01, 0.1)):
        w = best_w.copy(); w[c] = v
        if (s := f1_score(y, (o * w).argmax(1), average='macro')) > best_s:
            best_w, best_s = w, s
print(f'best {key} w={np.round(best_w, 2).tolist()} f1={best_s:.4f}')

m = mk(*key).fit(X, y)
p = (m.predict_proba(Xt) * best_w).argmax(1)
pd.DataFrame({'id': te.id, 'class': np.array(K)[p]}).to_csv('submission/submission.csv', index=False)
print('pred', Counter(np.array(K)[p].tolist()))
