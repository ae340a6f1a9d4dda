import numpy as np
import pandas as pd
from scipy.optimize import minimize
from scipy.special import logsumexp

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
train["_part"] = "train"
test["_part"] = "test"

# one continuous series so lags/rolling windows run across the train/test boundary
full = pd.concat([train, test], ignore_index=True)
full["date"] = pd.to_datetime(full["date"], format="%Y-%d-%m")
full = full.sort_values("date").reset_index(drop=True)

full["doy"] = full["date"].dt.dayofyear
full["sin_doy"] = np.sin(2 * np.pi * full["doy"] / 365.25)
full["cos_doy"] = np.cos(2 * np.pi * full["doy"] / 365.25)
full["month"] = full["date"].dt.month
full["temp_range"] = full["temp_max"] - full["temp_min"]
full["wet"] = (full["precipitation"] > 0).astype(float)

for col in ["precipitation", "temp_max", "wind"]:
    for L in (1, 2):
        full[f"{col}_lag{L}"] = full[col].shift(L)
    full[f"{col}_roll7"] = full[col].rolling(7, min_periods=1).mean()
    full[f"{col}_lead1"] = full[col].shift(-1)
full["wet_roll3"] = full["wet"].rolling(3, min_periods=1).sum()
full = full.bfill().ffill()

feats = ["precipitation", "temp_max", "temp_min", "wind", "temp_range", "wet",
         "sin_doy", "cos_doy", "wet_roll3"] + \
        [c for c in full.columns if ("_lag" in c or "_roll7" in c or "_lead1" in c)]

tr = full[full["_part"] == "train"].reset_index(drop=True)
te = full[full["_part"] == "test"].reset_index(drop=True)
classes = np.array(sorted(tr["weather"].unique()))
yk = np.searchsorted(classes, tr["weather"].to_numpy())

# time split: last 20% of the training dates are validation
cut = tr["date"].quantile(0.8)
is_fit = (tr["date"] <= cut).to_numpy()
print("fit until", cut.date(), "| n_fit", is_fit.sum(), "| n_val", (~is_fit).sum())

X = tr[feats].to_numpy(float)
Xte = te[feats].to_numpy(float)
mu, sd = X[is_fit].mean(0), X[is_fit].std(0) + 1e-9


def add_bias(Z):
    return np.hstack([np.ones((len(Z), 1)), Z])


def nll(w, Z, y, K, lam):
    W = w.reshape(Z.shape[1], K)
    S = Z @ W
    lse = logsumexp(S, axis=1)
    val = -(S[np.arange(len(y)), y] - lse).sum() + 0.5 * lam * np.sum(W[1:] ** 2)
    P = np.exp(S - lse[:, None])
    P[np.arange(len(y)), y] -= 1
    G = Z.T @ P
    G[1:] += lam * W[1:]
    return val, G.ravel()


def fit(Z, y, K, lam=1.0):
    w0 = np.zeros(Z.shape[1] * K)
    res = minimize(nll, w0, args=(Z, y, K, lam), jac=True, method="L-BFGS-B",
                   options={"maxiter": 500})
    return res.x.reshape(Z.shape[1], K)


K = len(classes)
Zf = add_bias((X[is_fit] - mu) / sd)
Zv = add_bias((X[~is_fit] - mu) / sd)
for lam in [0.1, 1.0, 10.0, 50.0]:
    W = fit(Zf, yk[is_fit], K, lam)
    acc = ((Zv @ W).argmax(1) == yk[~is_fit]).mean()
    print(f"lambda={lam:6.1f}  val acc={acc:.4f}")

W = fit(Zf, yk[is_fit], K, 10.0)
print(f"Validation accuracy: {((Zv @ W).argmax(1) == yk[~is_fit]).mean():.4f}")

mu, sd = X.mean(0), X.std(0) + 1e-9
W = fit(add_bias((X - mu) / sd), yk, K, 10.0)
pred = classes[(add_bias((Xte - mu) / sd) @ W).argmax(1)]
sub = pd.DataFrame({"id": te["id"].to_numpy(), "weather": pred})
sub.to_csv("submission/submission.csv", index=False)
print(sub["weather"].value_counts())
