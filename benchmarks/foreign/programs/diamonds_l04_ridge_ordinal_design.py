import os
import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_squared_log_error

df = pd.read_csv("./input/train.csv")
dt = pd.read_csv("./input/test.csv")

# ordinal scales as GIA grades them (worst -> best)
CUT = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
COLOR = ["J", "I", "H", "G", "F", "E", "D"]
CLARITY = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]
ordinal_maps = {"cut": CUT, "color": COLOR}


def to_rank(values, levels):
    lut = {lv: i for i, lv in enumerate(levels)}
    return np.array([lut.get(v, np.nan) for v in values], dtype=np.float64)


def design(frame):
    cols = []
    names = []
    carat = frame["carat"].to_numpy(np.float64)
    cols.append(np.log(carat)); names.append("log_carat")
    cols.append(np.log(carat) ** 2); names.append("log_carat2")
    for c in ["depth", "table"]:
        cols.append(frame[c].to_numpy(np.float64)); names.append(c)
    for c in ["cut", "color", "clarity"]:
        raw = frame[c].to_numpy()
        if c in ordinal_maps:
            cols.append(to_rank(raw, ordinal_maps[c]))
        else:
            cols.append(raw)
        names.append(c)
    return np.column_stack(cols), names


X, names = design(df)
Xt, _ = design(dt)
y = np.log(df["price"].to_numpy(np.float64))
print("features:", names)
print("X", X.shape, X.dtype)


def rmsle(a, b):
    return np.sqrt(np.mean((np.log1p(a) - np.log1p(b)) ** 2))


# standardise with train statistics
mu = X.mean(axis=0)
sd = X.std(axis=0)
Xs = (X - mu) / sd
Xts = (Xt - mu) / sd

rng = np.random.default_rng(5)
idx = rng.permutation(len(Xs))
k = 5
fold_id = np.empty(len(Xs), dtype=int)
fold_id[idx] = np.arange(len(Xs)) % k

price = df["price"].to_numpy(np.float64)
oof = np.zeros(len(Xs))
for f in range(k):
    va = fold_id == f
    mdl = Ridge(alpha=1.0).fit(Xs[~va], y[~va])
    oof[va] = np.exp(mdl.predict(Xs[va]))
print(f"CV RMSLE: {rmsle(price, oof):.5f}  (sklearn {np.sqrt(mean_squared_log_error(price, oof)):.5f})")

final = Ridge(alpha=1.0).fit(Xs, y)
os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": dt["id"], "price": np.exp(final.predict(Xts))}).to_csv("./submission/submission.csv", index=False)
