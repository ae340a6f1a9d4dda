#!/usr/bin/env python
# Telco churn -- L2 logistic regression by batch gradient descent (numpy),
# manual one-hot coding, 80/20 holdout, AUC via the rank formula.
import numpy as np
import pandas as pd
from scipy.stats import rankdata

np.random.seed(123)

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
target = "churn"

# total_charges has a few blanks (new customers, tenure 0)
for df in (train, test):
    df["total_charges"] = df["total_charges"].fillna(df["monthly_charges"] * df["tenure"])
    df["log_total"] = np.log1p(df["total_charges"])
    df["charge_per_month"] = df["total_charges"] / df["tenure"].clip(lower=1)

feature_cols = [c for c in train.columns if c not in ("id", target)]
cat_cols = [c for c in feature_cols if train[c].dtype == object]
num_cols = [c for c in feature_cols if c not in cat_cols]
print(f"{len(num_cols)} numeric, {len(cat_cols)} categorical columns")

# one-hot with levels fixed from train, first level dropped
levels = {c: sorted(train[c].dropna().unique())[1:] for c in cat_cols}


def encode(df):
    parts = [df[num_cols].astype(float)]
    for c in cat_cols:
        parts.append(pd.DataFrame({f"{c}={v}": (df[c] == v).astype(float) for v in levels[c]},
                                  index=df.index))
    return pd.concat(parts, axis=1)


Xtr_df = encode(train)
Xte_df = encode(test)
X = Xtr_df.to_numpy()
Xt = Xte_df.to_numpy()
y = train[target].to_numpy(float)


def sigmoid(z):
    return 0.5 * (1 + np.tanh(0.5 * z))


def fit_logreg(X, y, lam=1e-2, lr=0.1, iters=4000, tol=1e-8):
    n, p = X.shape
    w = np.zeros(p)
    b = np.log(y.mean() / (1 - y.mean()))
    prev = np.inf
    for t in range(iters):
        pr = sigmoid(X @ w + b)
        gw = X.T @ (pr - y) / n + lam * w
        gb = np.mean(pr - y)
        w -= lr * gw
        b -= lr * gb
        if t % 200 == 0:
            loss = -np.mean(y * np.log(pr + 1e-12) + (1 - y) * np.log(1 - pr + 1e-12))
            if prev - loss < tol:
                break
            prev = loss
    return w, b


def auc(y, s):
    r = rankdata(s)
    pos = y == 1
    n1, n0 = pos.sum(), (~pos).sum()
    return (r[pos].sum() - n1 * (n1 + 1) / 2) / (n1 * n0)


perm = np.random.permutation(len(y))
va, tr = perm[: len(y) // 5], perm[len(y) // 5:]
mu, sd = X[tr].mean(0), X[tr].std(0) + 1e-9

print(f"{'lambda':>8} {'val_auc':>8}")
scores = {}
for lam in [1e-4, 1e-3, 1e-2, 3e-2, 1e-1]:
    w, b = fit_logreg((X[tr] - mu) / sd, y[tr], lam=lam)
    scores[lam] = auc(y[va], ((X[va] - mu) / sd) @ w + b)
    print(f"{lam:>8.0e} {scores[lam]:>8.4f}")
lam_best = max(scores, key=scores.get)
print(f"Validation AUC: {scores[lam_best]:.4f} (lambda={lam_best:g})")

mu, sd = X.mean(0), X.std(0) + 1e-9
w, b = fit_logreg((X - mu) / sd, y, lam=lam_best)
p_test = sigmoid(((Xt - mu) / sd) @ w + b)
pd.DataFrame({"id": test["id"], "churn": p_test}).to_csv("submission/submission.csv", index=False)
print("mean predicted churn:", round(p_test.mean(), 4))
