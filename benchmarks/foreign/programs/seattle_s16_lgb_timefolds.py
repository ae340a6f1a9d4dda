import numpy as np, pandas as pd, lightgbm as lgb
from functools import reduce
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler

tr = pd.read_csv('input/train.csv', parse_dates=['date']).sort_values('date').reset_index(drop=True)
te = pd.read_csv('input/test.csv', parse_dates=['date'])
K = sorted(tr.weather.unique())
enc = {k: i for i, k in enumerate(K)}

def feats(d):
    d = d.sort_values('date')
    doy = d.date.dt.dayofyear
    return d.assign(
        s1=np.sin(2 * np.pi * doy / 365.25), c1=np.cos(2 * np.pi * doy / 365.25),
        rng=d.temp_max - d.temp_min, wet=(d.precipitation > 0).astype(int),
        lp=np.log1p(d.precipitation), mon=d.date.dt.month,
        **{f'{c}_l{l}': d[c].shift(l) for c in ['precipitation', 'temp_max', 'wind'] for l in (1, 2)},
        **{f'{c}_r3': d[c].rolling(3, min_periods=1).mean() for c in ['precipitation', 'temp_max']},
    ).sort_index()

a = feats(pd.concat([tr.assign(_t=1), te.assign(_t=0)], ignore_index=True))
F = [c for c in a.columns if c not in ('id', 'date', 'weather', '_t')]
X, Xt = a[a._t == 1][F].reset_index(drop=True), a[a._t == 0][F]
y = tr.weather.map(enc).values
print(f'X={X.shape} Xt={Xt.shape} feats={len(F)}', dict(zip(K, np.bincount(y).tolist())))

n = len(y)
cuts = [int(n * q) for q in (0.5, 0.6, 0.7, 0.8, 0.9, 1.0)]
folds = list(zip(cuts, cuts[1:]))
print('folds', folds)

med = X.median()
lr_acc = []
for i, (s, e) in enumerate(folds):
    Xa, Xb = X.iloc[:s].fillna(med), X.iloc[s:e].fillna(med)
    sc = StandardScaler().fit(Xa)
    p = LogisticRegression(C=0.5, max_iter=3000).fit(sc.transform(Xa), y[:s]).predict(sc.transform(Xb))
    lr_acc += [np.mean(p == y[s:e])]
    print(f'lr f={i} n={s} acc={lr_acc[-1]:.4f}')
print(f'lr mean acc={np.mean(lr_acc):.4f}')

R = {}
for nl in [7, 15, 31]:
    for lr in [0.02, 0.05]:
        acc, its = [], []
        for i, (s, e) in enumerate(folds):
            m = lgb.LGBMClassifier(n_estimators=2000, learning_rate=lr, num_leaves=nl, min_child_samples=15,
                                   colsample_bytree=0.8, class_weight=None, verbose=-1)
            m.fit(X.iloc[:s], y[:s], eval_set=[(X.iloc[s:e], y[s:e])], early_stopping_rounds=100, verbose=False)
            acc += [np.mean(m.predict(X.iloc[s:e]) == y[s:e])]; its += [m.best_iteration_]
        R[nl, lr] = (np.mean(acc), int(np.median(its)))
        print(f'nl={nl:>2} lr={lr} acc={R[nl, lr][0]:.4f} it={R[nl, lr][1]}')

(nl, lr), (s, it) = max(R.items(), key=lambda t: t[1][0])
print(f'best nl={nl} lr={lr} acc={s:.4f} vs lr {np.mean(lr_acc):.4f}')
m = lgb.LGBMClassifier(n_estimators=it, learning_rate=lr, num_leaves=nl, min_child_samples=15, colsample_bytree=0.8, verbose=-1).fit(X, y)
pd.DataFrame({'id': te.id.values, 'weather': np.array(K)[m.predict(Xt)]}).to_csv('submission/submission.csv', index=False)
print('done')
