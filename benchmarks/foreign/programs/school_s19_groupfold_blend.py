import numpy as np, pandas as pd, lightgbm as lgb
from functools import reduce
from sklearn.linear_model import Ridge

tr, te = pd.read_csv('input/train.csv'), pd.read_csv('input/test.csv')
T, G = 'MathAch', 'School'
fx = lambda d: (d.assign(mino=(d.Minority == 'Yes').astype(int), male=(d.Sex == 'Male').astype(int))
                 .pipe(lambda d: d.merge(d.groupby(G).agg(n=('SES', 'size'), ses_sd=('SES', 'std'), p_min=('mino', 'mean'),
                                                          p_male=('male', 'mean')).reset_index(), on=G, how='left'))
                 .assign(dses=lambda d: d.SES - d.MEANSES, ses_x_min=lambda d: d.SES * d.mino, ms2=lambda d: d.MEANSES ** 2))
A, B = fx(tr), fx(te)
F = ['SES', 'MEANSES', 'mino', 'male', 'n', 'ses_sd', 'p_min', 'p_male', 'dses', 'ses_x_min', 'ms2']
X, Xt, y, g = A[F].fillna(0).values, B[F].fillna(0).values, A[T].values, A[G].values
print(f'X={X.shape} Xt={Xt.shape} schools tr={len(set(g))} te={B[G].nunique()} y={y.mean():.3f}')

us = np.random.RandomState(3).permutation(np.unique(g))
fo = pd.Series(np.arange(len(us)) % 5, index=us)[g].values
rmse = lambda a, b: np.sqrt(np.mean((a - b) ** 2))
mu, sd = X.mean(0), X.std(0) + 1e-9
z = lambda M: (M - mu) / sd

def oof(fit):
    o = np.zeros(len(y))
    for f in range(5):
        a, b = fo != f, fo == f
        o[b] = fit(X[a], y[a], X[b])
    return o

R = {}
for al in [0.1, 1, 10, 100]:
    R['ridge', al] = oof(lambda Xa, ya, Xb: Ridge(alpha=al).fit(z(Xa), ya).predict(z(Xb)))
    print(f'ridge a={al:<5} rmse={rmse(y, R["ridge", al]):.4f}')
for nl, lr in [(4, 0.03), (8, 0.03), (8, 0.01), (16, 0.01)]:
    R['lgb', nl, lr] = oof(lambda Xa, ya, Xb: lgb.LGBMRegressor(n_estimators=int(6 / lr), learning_rate=lr, num_leaves=nl,
                                                                min_child_samples=40, subsample=0.8, subsample_freq=1,
                                                                colsample_bytree=0.8, verbose=-1).fit(Xa, ya).predict(Xb))
    print(f'lgb nl={nl:<2} lr={lr} rmse={rmse(y, R["lgb", nl, lr]):.4f}')

sc = {k: rmse(y, v) for k, v in R.items()}
kr = min((k for k in sc if k[0] == 'ridge'), key=sc.get)
kl = min((k for k in sc if k[0] == 'lgb'), key=sc.get)
w = min(np.linspace(0, 1, 21), key=lambda w: rmse(y, w * R[kr] + (1 - w) * R[kl]))
s = rmse(y, w * R[kr] + (1 - w) * R[kl])
print(f'best ridge={kr} lgb={kl} w={w:.2f} rmse={s:.4f}')

pr = Ridge(alpha=kr[1]).fit(z(X), y).predict(z(Xt))
pl = lgb.LGBMRegressor(n_estimators=int(6 / kl[2]), learning_rate=kl[2], num_leaves=kl[1], min_child_samples=40, subsample=0.8,
                       subsample_freq=1, colsample_bytree=0.8, verbose=-1).fit(X, y).predict(Xt)
pd.DataFrame({'id': te.id, T: w * pr + (1 - w) * pl}).to_csv('submission/submission.csv', index=False)
print(f'final cv rmse={s:.4f}')
