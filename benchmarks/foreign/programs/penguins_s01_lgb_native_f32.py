import gc
import time

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss

T0 = time.perf_counter()
SEED = 7
CLASSES = ["Adelie", "Chinstrap", "Gentoo"]


def mb(df):
    return df.memory_usage(deep=True).sum() / 1024 ** 2


def stage(name, t, extra=""):
    print(f"[{name}] {time.perf_counter() - t:.2f}s {extra}".rstrip(), flush=True)


# ---- load ------------------------------------------------------------------
t = time.perf_counter()
num_cols = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]
dtypes = {c: "float32" for c in num_cols}
dtypes.update({"island": "category", "sex": "category", "year": "int16", "id": "int32"})
train = pd.read_csv("input/train.csv", dtype={**dtypes, "species": "category"})
test = pd.read_csv("input/test.csv", dtype=dtypes)
stage("load", t, f"train={train.shape} test={test.shape} {mb(train) + mb(test):.3f}MB")

# ---- features --------------------------------------------------------------
t = time.perf_counter()
for df in (train, test):
    df["bill_ratio"] = (df["bill_length_mm"] / df["bill_depth_mm"]).astype(np.float32)
    df["mass_per_flipper"] = (df["body_mass_g"] / df["flipper_length_mm"]).astype(np.float32)
    df["year"] = (df["year"] - 2007).astype(np.int8)

# align categories so codes mean the same thing in train and test
for c in ["island", "sex"]:
    cats = sorted(set(train[c].dropna().astype(str)) | set(test[c].dropna().astype(str)))
    train[c] = train[c].astype(str).where(train[c].notna()).astype(pd.CategoricalDtype(cats))
    test[c] = test[c].astype(str).where(test[c].notna()).astype(pd.CategoricalDtype(cats))

features = [c for c in train.columns if c not in ("id", "species")]
y = train["species"].cat.codes.to_numpy(dtype=np.int8)
print("class order:", list(train["species"].cat.categories))
assert list(train["species"].cat.categories) == CLASSES
X = train[features]
X_test = test[features]
stage("features", t, f"{len(features)} cols {mb(X):.3f}MB")

# ---- cv ------------------------------------------------------------------
params = {
    "objective": "multiclass",
    "num_class": 3,
    "learning_rate": 0.05,
    "num_leaves": 8,
    "min_data_in_leaf": 10,
    "feature_fraction": 0.8,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "seed": SEED,
    "verbose": -1,
    "num_threads": 2,
}

t = time.perf_counter()
oof = np.zeros((len(X), 3), dtype=np.float32)
pred = np.zeros((len(X_test), 3), dtype=np.float32)
best_iters = []
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y)):
    tf = time.perf_counter()
    dtr = lgb.Dataset(X.iloc[tr_idx], label=y[tr_idx], categorical_feature=["island", "sex"],
                      free_raw_data=True)
    dva = lgb.Dataset(X.iloc[va_idx], label=y[va_idx], reference=dtr, free_raw_data=True)
    booster = lgb.train(
        params,
        dtr,
        num_boost_round=1000,
        valid_sets=[dva],
        valid_names=["va"],
        callbacks=[lgb.early_stopping(50, verbose=False)],
    )
    oof[va_idx] = booster.predict(X.iloc[va_idx], num_iteration=booster.best_iteration)
    pred += booster.predict(X_test, num_iteration=booster.best_iteration).astype(np.float32) / skf.n_splits
    best_iters.append(booster.best_iteration)
    fold_ll = log_loss(y[va_idx], oof[va_idx], labels=[0, 1, 2])
    print(f"  fold{fold} it={booster.best_iteration:4d} logloss={fold_ll:.5f} "
          f"{time.perf_counter() - tf:.2f}s")
    del dtr, dva, booster
    gc.collect()
stage("cv", t, f"mean_it={np.mean(best_iters):.0f}")

cv_ll = log_loss(y, oof, labels=[0, 1, 2])
print(f"CV logloss: {cv_ll:.5f}")

# ---- submit ----------------------------------------------------------------
t = time.perf_counter()
pred = np.clip(pred, 1e-6, 1.0)
pred /= pred.sum(axis=1, keepdims=True)
sub = pd.DataFrame(pred, columns=CLASSES)
sub.insert(0, "id", test["id"].to_numpy())
sub.to_csv("submission/submission.csv", index=False)
stage("submit", t, f"{sub.shape}")
print(f"[total] {time.perf_counter() - T0:.2f}s")
