import gc
import time

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.preprocessing import LabelEncoder

T0 = time.perf_counter()


def lg(tag, t, s=""):
    print(f"[{tag}] {time.perf_counter() - t:.2f}s {s}", flush=True)


t = time.perf_counter()
num_dt = {"precipitation": np.float32, "temp_max": np.float32, "temp_min": np.float32,
          "wind": np.float32, "id": np.int32}
train = pd.read_csv("input/train.csv", dtype={**num_dt, "weather": "category"}, parse_dates=["date"])
test = pd.read_csv("input/test.csv", dtype=num_dt, parse_dates=["date"])
lg("load", t, f"{(train.memory_usage(deep=True).sum() + test.memory_usage(deep=True).sum()) / 1024:.1f}KB")
print("  weather share:", train["weather"].value_counts(normalize=True).round(3).to_dict())

# train and test together, in date order, so rolling/lag features run across the boundary
t = time.perf_counter()
train["is_test"] = np.int8(0)
test["is_test"] = np.int8(1)
full = pd.concat([train, test], ignore_index=True).sort_values("date").reset_index(drop=True)
doy = full["date"].dt.dayofyear.to_numpy(dtype=np.float32)
full["doy_sin"] = np.sin(2 * np.pi * doy / 365.25).astype(np.float32)
full["doy_cos"] = np.cos(2 * np.pi * doy / 365.25).astype(np.float32)
full["month"] = full["date"].dt.month.astype(np.int8)
full["temp_range"] = (full["temp_max"] - full["temp_min"]).astype(np.float32)
full["temp_mean"] = ((full["temp_max"] + full["temp_min"]) / 2).astype(np.float32)
full["wet"] = (full["precipitation"] > 0).astype(np.int8)
for col in ["precipitation", "temp_max", "wind", "temp_range"]:
    for lag in (1, 2):
        full[f"{col}_lag{lag}"] = full[col].shift(lag).astype(np.float32)
        full[f"{col}_lead{lag}"] = full[col].shift(-lag).astype(np.float32)
    full[f"{col}_roll7"] = full[col].rolling(7, min_periods=1).mean().astype(np.float32)
full["dry_streak"] = (full["wet"].groupby((full["wet"] != full["wet"].shift()).cumsum()).cumcount()
                      * (1 - full["wet"])).astype(np.int16)
feats = [c for c in full.columns if c not in ("id", "date", "weather", "is_test")]
tr = full[full["is_test"] == 0]
te = full[full["is_test"] == 1]
lg("features", t, f"{len(feats)} feats, {full.memory_usage(deep=True).sum() / 1024:.1f}KB")

le = LabelEncoder()
y = le.fit_transform(tr["weather"].astype(str)).astype(np.int8)
X = tr[feats].to_numpy(dtype=np.float32)
X_test = te[feats].to_numpy(dtype=np.float32)
test_ids = te["id"].to_numpy()
del full, train, test
gc.collect()
print(f"  classes={list(le.classes_)}  X={X.shape} {X.nbytes / 1024:.0f}KB")

params = {
    "objective": "multiclass",
    "num_class": len(le.classes_),
    "metric": "multi_logloss",
    "learning_rate": 0.03,
    "num_leaves": 15,
    "min_data_in_leaf": 12,
    "feature_fraction": 0.7,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 2.0,
    "verbose": -1,
    "num_threads": 2,
    "seed": 1,
}

t = time.perf_counter()
dall = lgb.Dataset(X, y, feature_name=feats, free_raw_data=False)
cv_res = lgb.cv(params, dall, num_boost_round=2000, nfold=5, stratified=True, shuffle=True, seed=1,
                callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(50)])
best_rounds = len(cv_res["multi_logloss-mean"])
lg("cv", t, f"best_rounds={best_rounds} logloss={cv_res['multi_logloss-mean'][-1]:.4f}")

# accuracy estimate from a plain holdout on the last 20% of train (time order)
cut = int(len(X) * 0.8)
m = lgb.train(params, lgb.Dataset(X[:cut], y[:cut], feature_name=feats), num_boost_round=best_rounds)
acc = (m.predict(X[cut:]).argmax(1) == y[cut:]).mean()
print(f"time-holdout accuracy: {acc:.4f}")

t = time.perf_counter()
final = lgb.train(params, dall, num_boost_round=best_rounds)
pred = le.inverse_transform(final.predict(X_test).argmax(1))
pd.DataFrame({"id": test_ids, "weather": pred}).to_csv("submission/submission.csv", index=False)
lg("final", t, f"pred dist={pd.Series(pred).value_counts().to_dict()}")
lg("total", T0)
