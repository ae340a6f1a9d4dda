"""
Diabetes progression: closed-form ridge  beta = (X'X + lam I)^-1 X'y
on standardised features plus a few squared / interaction terms.
lambda picked by repeated 5-fold CV (done by hand), then a bootstrap
CI on the out-of-fold RMSE.
"""
import numpy as np
import pandas as pd
from itertools import combinations

SEED = 42
rs = np.random.RandomState(SEED)

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
base = ["age", "sex", "bmi", "bp", "s1", "s2", "s3", "s4", "s5", "s6"]


def expand(df):
    out = df[base].copy()
    out["sex"] = out["sex"] - 1.0
    for c in ["bmi", "bp", "s5"]:
        out[c + "^2"] = df[c] ** 2
    for a, b in combinations(["bmi", "bp", "s5", "age"], 2):
        out[a + "*" + b] = df[a] * df[b]
    return out


Xdf = expand(train)
Xtdf = expand(test)
X = Xdf.to_numpy(float)
Xt = Xtdf.to_numpy(float)
y = train["progression"].to_numpy(float)
print("design:", X.shape, "features:", list(Xdf.columns))


def ridge_fit(X, y, lam):
    mu, sd = X.mean(0), X.std(0)
    Z = (X - mu) / sd
    ym = y.mean()
    A = Z.T @ Z + lam * np.eye(Z.shape[1])
    beta = np.linalg.solve(A, Z.T @ (y - ym))
    return mu, sd, ym, beta


def ridge_pred(model, X):
    mu, sd, ym, beta = model
    return ((X - mu) / sd) @ beta + ym


def rmse(a, b):
    return float(np.sqrt(np.mean((a - b) ** 2)))


lams = np.logspace(-2, 3.5, 23)
n_rep, K = 3, 5
cv = np.zeros((n_rep, len(lams)))
for r in range(n_rep):
    folds = np.array_split(rs.permutation(len(y)), K)
    for j, lam in enumerate(lams):
        sse = 0.0
        for k in range(K):
            va = folds[k]
            tr = np.concatenate([folds[i] for i in range(K) if i != k])
            m = ridge_fit(X[tr], y[tr], lam)
            sse += np.sum((ridge_pred(m, X[va]) - y[va]) ** 2)
        cv[r, j] = np.sqrt(sse / len(y))

mean_cv = cv.mean(0)
print(f"{'lambda':>10} | {'cv_rmse':>8} | {'sd(rep)':>7}")
print("-" * 32)
for lam, m_, s_ in zip(lams, mean_cv, cv.std(0)):
    print(f"{lam:>10.3f} | {m_:>8.3f} | {s_:>7.3f}")
best = int(np.argmin(mean_cv))
lam_star = lams[best]
print(f"best lambda = {lam_star:.3f}")

# out-of-fold predictions at lam_star for a bootstrap CI
oof = np.zeros_like(y)
folds = np.array_split(rs.permutation(len(y)), K)
for k in range(K):
    va = folds[k]
    tr = np.setdiff1d(np.arange(len(y)), va)
    oof[va] = ridge_pred(ridge_fit(X[tr], y[tr], lam_star), X[va])
B = 1000
boot = np.empty(B)
for b in range(B):
    ii = rs.randint(0, len(y), len(y))
    boot[b] = rmse(oof[ii], y[ii])
print(f"CV RMSE: {rmse(oof, y):.3f}  (bootstrap 95% CI {np.percentile(boot, 2.5):.2f} .. {np.percentile(boot, 97.5):.2f})")

final = ridge_fit(X, y, lam_star)
coef = pd.Series(final[3], index=Xdf.columns).sort_values(key=np.abs, ascending=False)
print("largest standardised coefficients:")
print(coef.head(8).round(2).to_string())

pred = ridge_pred(final, Xt)
sub = pd.read_csv("input/sample_submission.csv")
sub["progression"] = pred
sub.to_csv("submission/submission.csv", index=False)
