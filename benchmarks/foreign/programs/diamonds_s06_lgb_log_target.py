import gc
import time

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold

T0 = time.perf_counter()

CUT = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
COLOR = ["J", "I", "H", "G", "F", "E", "D"]
CLARITY = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]


def step(name, t, **kw):
    extra = " ".join(f"{k}={v}" for k, v in kw.items())
    print(f"[{name}] {time.perf_counter() - t:.2f}s {extra}", flush=True)


t = time.perf_counter()
num = {c: np.float32 for c in ["carat", "depth", "table", "x", "y", "z"]}
cat = {"cut": pd.CategoricalDtype(CUT, ordered=True),
       "color": pd.CategoricalDtype(COLOR, ordered=True),
       "clarity": pd.CategoricalDtype(CLARITY, ordered=True)}
train = pd.read_csv("input/train.csv", dtype={**num, **cat, "id": np.int32, "price": np.float32})
test = pd.read_csv("input/test.csv", dtype={**num, **cat, "id": np.int32})
step("load", t, rows=len(train), mem=f"{(train.memory_usage(deep=True).sum() + test.memory_usage(deep=True).sum()) / 1e6:.2f}MB")


def make_matrix(df):
    out = pd.DataFrame(index=df.index)
    for c in ["carat", "depth", "table", "x", "y", "z"]:
        out[c] = df[c]
    for c in ["cut", "color", "clarity"]:
        out[c + "_o"] = df[c].cat.codes.astype(np.int8)
    xyz = df[["x", "y", "z"]].replace(0, np.nan)
    out["volume"] = (xyz["x"] * xyz["y"] * xyz["z"]).astype(np.float32)
    out["density"] = (df["carat"] / out["volume"]).astype(np.float32)
    out["xy_ratio"] = (xyz["x"] / xyz["y"]).astype(np.float32)
    out["log_carat"] = np.log(df["carat"]).astype(np.float32)
    out["quality"] = (out["cut_o"] + out["color_o"] + out["clarity_o"]).astype(np.int8)
    return out


t = time.perf_counter()
Xdf = make_matrix(train)
Xtdf = make_matrix(test)
names = list(Xdf.columns)
X = Xdf.to_numpy(dtype=np.float32)
X_test = Xtdf.to_numpy(dtype=np.float32)
y = np.log1p(train["price"].to_numpy(dtype=np.float32))
ids = test["id"].to_numpy()
del Xdf, Xtdf, train, test
gc.collect()
step("features", t, shape=X.shape, nbytes=f"{X.nbytes / 1e6:.2f}MB")

params = {
    "objective": "regression",
    "metric": "rmse",
    "learning_rate": 0.04,
    "num_leaves": 48,
    "min_data_in_leaf": 20,
    "feature_fraction": 0.85,
    "bagging_fraction": 0.9,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "verbose": -1,
    "num_threads": 2,
    "seed": 99,
}

t = time.perf_counter()
oof = np.zeros_like(y)
pred_log = np.zeros(len(X_test), dtype=np.float64)
folds = KFold(n_splits=4, shuffle=True, random_state=99)
for i, (a, b) in enumerate(folds.split(X)):
    dtr = lgb.Dataset(X[a], y[a], feature_name=names, free_raw_data=True)
    dva = lgb.Dataset(X[b], y[b], reference=dtr, free_raw_data=True)
    m = lgb.train(params, dtr, num_boost_round=4000, valid_sets=[dva],
                  callbacks=[lgb.early_stopping(100, verbose=False)])
    oof[b] = m.predict(X[b], num_iteration=m.best_iteration)
    pred_log += m.predict(X_test, num_iteration=m.best_iteration) / folds.n_splits
    r = np.sqrt(np.mean((oof[b] - y[b]) ** 2))
    print(f"  fold {i}: best_it={m.best_iteration} rmsle={r:.5f}")
    del dtr, dva, m
    gc.collect()
step("cv", t)

# rmse on log1p(price) == rmsle on price
rmsle = float(np.sqrt(np.mean((oof - y) ** 2)))
print(f"OOF RMSLE: {rmsle:.5f}")

t = time.perf_counter()
price = np.expm1(pred_log).clip(300, None)
pd.DataFrame({"id": ids, "price": price.round(1)}).to_csv("submission/submission.csv", index=False)
step("write", t, min=f"{price.min():.0f}", max=f"{price.max():.0f}")
step("total", T0)
