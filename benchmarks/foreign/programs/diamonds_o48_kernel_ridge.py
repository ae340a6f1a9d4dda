import os
import time
import numpy as np
import pandas as pd

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")

cut_order = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
color_order = ["J", "I", "H", "G", "F", "E", "D"]
clarity_order = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]


def prep(df):
    out = pd.DataFrame({
        "log_carat": np.log(df["carat"]),
        "depth": df["depth"],
        "table": df["table"],
        "cut": df["cut"].map({v: i for i, v in enumerate(cut_order)}),
        "color": df["color"].map({v: i for i, v in enumerate(color_order)}),
        "clarity": df["clarity"].map({v: i for i, v in enumerate(clarity_order)}),
    })
    # x, y, z contain a few zeros / outliers; use a clipped volume proxy
    vol = (df["x"] * df["y"] * df["z"]).clip(20, 600)
    out["log_vol"] = np.log(vol)
    return out.to_numpy(float)


X = prep(train)
Xt = prep(test)
y = np.log(train["price"].to_numpy(float))
mu, sd = X.mean(0), X.std(0)
X = (X - mu) / sd
Xt = (Xt - mu) / sd
print("X", X.shape, "Xt", Xt.shape, "nan:", np.isnan(X).sum())


def rbf(A, B, gamma):
    d2 = (A ** 2).sum(1)[:, None] + (B ** 2).sum(1)[None, :] - 2 * A @ B.T
    return np.exp(-gamma * np.maximum(d2, 0))


def krr_fit(Xa, ya, gamma, alpha):
    Kmat = rbf(Xa, Xa, gamma)
    Kmat[np.diag_indices_from(Kmat)] += alpha
    ym = ya.mean()
    coef = np.linalg.solve(Kmat, ya - ym)
    return Xa, coef, ym, gamma


def krr_predict(model, Xb):
    Xa, coef, ym, gamma = model
    return ym + rbf(Xb, Xa, gamma) @ coef


K = 5
rng = np.random.default_rng(3)
folds = np.array_split(rng.permutation(len(y)), K)

results = []
for gamma in [0.05, 0.1, 0.2, 0.5]:
    for alpha in [0.01, 0.1, 1.0]:
        t0 = time.time()
        errs = []
        for k in range(K):
            va = folds[k]
            tr = np.concatenate(folds[:k] + folds[k + 1:])
            m = krr_fit(X[tr], y[tr], gamma, alpha)
            errs.append(np.sqrt(np.mean((krr_predict(m, X[va]) - y[va]) ** 2)))
        results.append((gamma, alpha, np.mean(errs)))
        print(f"gamma={gamma:<5} alpha={alpha:<5} cv rmsle={np.mean(errs):.4f}  ({time.time() - t0:.1f}s)", flush=True)

gamma, alpha, score = min(results, key=lambda r: r[2])
print(f"best: gamma={gamma} alpha={alpha} rmsle={score:.4f}")

model = krr_fit(X, y, gamma, alpha)
pred = np.exp(krr_predict(model, Xt))
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "price": pred}).to_csv("submission/submission.csv", index=False)
print("saved", len(pred), "predictions, median price", round(float(np.median(pred)), 1))
