import os
import numpy as np
import pandas as pd
from scipy.optimize import minimize

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
targets = ["visits", "ovisits", "emergency", "hospital"]

yes_no = ["adl", "afam", "gender", "married", "employed", "insurance", "medicaid"]
positive = {"adl": "limited", "afam": "yes", "gender": "female", "married": "yes",
            "employed": "yes", "insurance": "yes", "medicaid": "yes"}


def make_X(df):
    cols = {}
    cols["chronic"] = df["chronic"].to_numpy(float)
    cols["age"] = df["age"].to_numpy(float)
    cols["school"] = df["school"].to_numpy(float)
    cols["log_income"] = np.log(df["income"].to_numpy(float) + 2.0)
    for c in yes_no:
        cols[c] = (df[c] == positive[c]).to_numpy(float)
    for lv in ["poor", "excellent"]:
        cols["health_" + lv] = (df["health"] == lv).to_numpy(float)
    for lv in ["northeast", "west", "other"]:
        cols["region_" + lv] = (df["region"] == lv).to_numpy(float)
    return pd.DataFrame(cols)


Xdf = make_X(train)
names = list(Xdf.columns)
X = Xdf.to_numpy()
Xt = make_X(test).to_numpy()
mu, sd = X.mean(0), X.std(0)
X = np.column_stack([np.ones(len(X)), (X - mu) / sd])
Xt = np.column_stack([np.ones(len(Xt)), (Xt - mu) / sd])
print("design matrix", X.shape)


def pois_obj(beta, X, y, lam):
    eta = np.clip(X @ beta, -20, 20)
    m = np.exp(eta)
    f = np.mean(m - y * eta) + 0.5 * lam * np.sum(beta[1:] ** 2)
    g = X.T @ (m - y) / len(y)
    g[1:] += lam * beta[1:]
    return f, g


def fit_pois(X, y, lam=1e-3):
    b0 = np.zeros(X.shape[1])
    b0[0] = np.log(y.mean() + 1e-3)
    r = minimize(pois_obj, b0, args=(X, y, lam), jac=True, method="BFGS")
    return r.x


def rmsle(y, p):
    return np.sqrt(np.mean((np.log1p(y) - np.log1p(p)) ** 2))


K = 5
rng = np.random.default_rng(99)
folds = np.array_split(rng.permutation(len(X)), K)

cv = {t: [] for t in targets}
for k in range(K):
    va = folds[k]
    tr = np.hstack([folds[j] for j in range(K) if j != k])
    for t in targets:
        y = train[t].to_numpy(float)
        beta = fit_pois(X[tr], y[tr])
        cv[t].append(rmsle(y[va], np.exp(X[va] @ beta)))
    print(f"fold {k}: " + "  ".join(f"{t}={cv[t][-1]:.4f}" for t in targets))

means = {t: np.mean(v) for t, v in cv.items()}
print("CV RMSLE per target:", {t: round(v, 4) for t, v in means.items()})
print("CV RMSLE (columnwise mean): %.4f" % np.mean(list(means.values())))

sub = pd.DataFrame({"id": test["id"]})
for t in targets:
    y = train[t].to_numpy(float)
    beta = fit_pois(X, y)
    sub[t] = np.exp(Xt @ beta)
    top = np.argsort(-np.abs(beta[1:]))[:3]
    print(t, "strongest:", [(names[i], round(beta[1 + i], 3)) for i in top])

os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub[targets].mean().round(3).to_dict())
