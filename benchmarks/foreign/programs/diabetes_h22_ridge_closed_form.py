"""Closed-form ridge with a few hand-picked nonlinear terms, blended with kNN.

The ridge path is solved directly with the normal equations (intercept left
unpenalised); lambda and the blend weight are picked with repeated 5-fold CV
built from np.array_split on shuffled indices.
"""
import os

import numpy as np
import pandas as pd
from sklearn.neighbors import KNeighborsRegressor

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

feat = ["age", "sex", "bmi", "bp", "s1", "s2", "s3", "s4", "s5", "s6"]
X = train[feat].to_numpy(dtype=float)
Xt = test[feat].to_numpy(dtype=float)
y = train["progression"].to_numpy(dtype=float)
ids = test["id"].to_numpy()

print(f"X {X.shape}  Xt {Xt.shape}  y mean {y.mean():.2f} sd {y.std():.2f}")


def zscore(A, B):
    mu = A.mean(axis=0)
    sd = A.std(axis=0, ddof=1)
    sd = np.where(sd == 0, 1.0, sd)
    return (A - mu) / sd, (B - mu) / sd


def expand(Z):
    bmi, bp, s5 = Z[:, 2], Z[:, 3], Z[:, 8]
    return np.column_stack([Z, bmi ** 2, s5 ** 2, bmi * s5, bmi * bp])


def ridge_fit(A, t, lam):
    # A already carries the column of ones in position 0
    P = np.eye(A.shape[1]) * lam
    P[0, 0] = 0.0
    return np.linalg.solve(A.T @ A + P, A.T @ t)


def rmse(t, p):
    return float(np.sqrt(np.mean((t - p) ** 2)))


lams = np.logspace(-1, 2.5, 10)
weights = np.linspace(0.0, 1.0, 11)
n = len(y)
n_rep, n_folds = 3, 5

oof_r = np.zeros((n_rep, len(lams), n))
oof_k = np.zeros((n_rep, n))
for rep in range(n_rep):
    perm = np.random.default_rng(100 + rep).permutation(n)
    for va in np.array_split(perm, n_folds):
        tr = np.setdiff1d(np.arange(n), va)
        Ztr, Zva = zscore(X[tr], X[va])
        Atr = np.c_[np.ones(len(tr)), expand(Ztr)]
        Ava = np.c_[np.ones(len(va)), expand(Zva)]
        for i, lam in enumerate(lams):
            oof_r[rep, i, va] = Ava @ ridge_fit(Atr, y[tr], lam)
        knn = KNeighborsRegressor(n_neighbors=20, weights="distance")
        knn.fit(Ztr, y[tr])
        oof_k[rep, va] = knn.predict(Zva)

ridge_cv = np.array([[rmse(y, oof_r[r, i]) for i in range(len(lams))] for r in range(n_rep)]).mean(0)
best_i = int(np.argmin(ridge_cv))
best_lam = lams[best_i]
knn_cv = np.mean([rmse(y, oof_k[r]) for r in range(n_rep)])
for lam, s in zip(lams, ridge_cv):
    print(f"  lambda {lam:8.3f}  rmse {s:.3f}")
print(f"ridge best lambda {best_lam:.3f}: {ridge_cv[best_i]:.3f}")
print(f"knn(20): {knn_cv:.3f}")

blend_cv = np.array([np.mean([rmse(y, w * oof_r[r, best_i] + (1 - w) * oof_k[r]) for r in range(n_rep)])
                     for w in weights])
best_w = weights[int(np.argmin(blend_cv))]
print(f"blend weight on ridge {best_w:.1f}")
print(f"CV RMSE: {blend_cv.min():.3f}")

Z, Zt = zscore(X, Xt)
beta = ridge_fit(np.c_[np.ones(n), expand(Z)], y, best_lam)
pred_r = np.c_[np.ones(len(Zt)), expand(Zt)] @ beta
knn = KNeighborsRegressor(n_neighbors=20, weights="distance").fit(Z, y)
pred = best_w * pred_r + (1 - best_w) * knn.predict(Zt)

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": ids, "progression": pred}).to_csv("./submission/submission.csv", index=False)
print(f"submission: {pred.shape[0]} rows, range {pred.min():.1f} .. {pred.max():.1f}")
