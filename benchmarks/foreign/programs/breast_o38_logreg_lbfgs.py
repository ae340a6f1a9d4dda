import os
import numpy as np
import pandas as pd
from scipy.optimize import minimize
from scipy.special import expit
from sklearn.metrics import roc_auc_score

rng = np.random.default_rng(2024)

tr = pd.read_csv("input/train.csv")
te = pd.read_csv("input/test.csv")

feats = [c for c in tr.columns if c not in ("id", "diagnosis")]
X = tr[feats].to_numpy(float)
y = tr["diagnosis"].to_numpy(float)
Xt = te[feats].to_numpy(float)

# log-transform the heavy-tailed size measures before standardising
skewed = [i for i, c in enumerate(feats) if ("area" in c) or c.endswith("_error")]
X[:, skewed] = np.log1p(X[:, skewed])
Xt[:, skewed] = np.log1p(Xt[:, skewed])


def nll(theta, X, y, lam):
    w, b = theta[:-1], theta[-1]
    z = X @ w + b
    # log(1+exp(z)) - y*z, numerically stable
    loss = np.sum(np.logaddexp(0.0, z) - y * z) / len(y)
    loss += 0.5 * lam * w @ w
    p = expit(z)
    gw = X.T @ (p - y) / len(y) + lam * w
    gb = np.mean(p - y)
    return loss, np.append(gw, gb)


def fit(X, y, lam):
    theta0 = np.zeros(X.shape[1] + 1)
    res = minimize(nll, theta0, args=(X, y, lam), jac=True, method="L-BFGS-B",
                   options={"maxiter": 500})
    return res.x, res


def standardise(A, mu, sd):
    return (A - mu) / sd


n = len(y)
K = 5
perm = rng.permutation(n)
fold_id = np.empty(n, dtype=int)
fold_id[perm] = np.arange(n) % K

print(f"n={n}, p={X.shape[1]}, positives={int(y.sum())}")
print("lambda    mean_auc  std_auc")
best = None
for lam in [1e-4, 1e-3, 1e-2, 3e-2, 1e-1]:
    aucs = []
    for k in range(K):
        m = fold_id == k
        mu, sd = X[~m].mean(0), X[~m].std(0)
        th, _ = fit(standardise(X[~m], mu, sd), y[~m], lam)
        p = expit(standardise(X[m], mu, sd) @ th[:-1] + th[-1])
        aucs.append(roc_auc_score(y[m], p))
    print(f"{lam:<8g}  {np.mean(aucs):.4f}    {np.std(aucs):.4f}")
    if best is None or np.mean(aucs) > best[1]:
        best = (lam, np.mean(aucs))

lam = best[0]
print(f"chosen lambda={lam:g}  cv auc={best[1]:.4f}")

mu, sd = X.mean(0), X.std(0)
theta, res = fit(standardise(X, mu, sd), y, lam)
print("optimizer:", res.message, "iters:", res.nit)
top = np.argsort(-np.abs(theta[:-1]))[:5]
for i in top:
    print(f"  {feats[i]:<28s} {theta[i]:+.3f}")

pt = expit(standardise(Xt, mu, sd) @ theta[:-1] + theta[-1])
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": te["id"], "diagnosis": pt}).to_csv("submission/submission.csv", index=False)
print("wrote", len(pt), "rows; mean p =", round(pt.mean(), 3))
