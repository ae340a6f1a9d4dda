import gc
import time

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split

START = time.perf_counter()


def reduce_mem_usage(df, name="df"):
    """Downcast every column to the smallest dtype that holds it."""
    before = df.memory_usage(deep=True).sum() / 1024 ** 2
    for col in df.columns:
        col_type = df[col].dtype
        if col_type != object:
            c_min = df[col].min()
            c_max = df[col].max()
            if str(col_type)[:3] == "int":
                if c_min > np.iinfo(np.int8).min and c_max < np.iinfo(np.int8).max:
                    df[col] = df[col].astype(np.int8)
                elif c_min > np.iinfo(np.int16).min and c_max < np.iinfo(np.int16).max:
                    df[col] = df[col].astype(np.int16)
                elif c_min > np.iinfo(np.int32).min and c_max < np.iinfo(np.int32).max:
                    df[col] = df[col].astype(np.int32)
            else:
                if c_min > np.finfo(np.float32).min and c_max < np.finfo(np.float32).max:
                    df[col] = df[col].astype(np.float32)
        else:
            df[col] = df[col].astype("category")
    after = df.memory_usage(deep=True).sum() / 1024 ** 2
    print(f"[mem] {name}: {before:.2f}MB -> {after:.2f}MB ({100 * (before - after) / before:.1f}% less)")
    return df


t = time.perf_counter()
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"[load] {time.perf_counter() - t:.2f}s train={train.shape} test={test.shape}")

t = time.perf_counter()
train = reduce_mem_usage(train, "train")
test = reduce_mem_usage(test, "test")
print(f"[reduce] {time.perf_counter() - t:.2f}s")
print(train.dtypes.value_counts().to_string())

# ---- features ---------------------------------------------------------------
t = time.perf_counter()
svc_cols = ["online_security", "online_backup", "device_protection", "tech_support",
            "streaming_tv", "streaming_movies"]
for df in (train, test):
    df["n_services"] = sum((df[c] == "Yes").astype(np.int8) for c in svc_cols).astype(np.int8)
    df["charge_ratio"] = (df["total_charges"] / (df["monthly_charges"] * df["tenure"].clip(lower=1))).astype(np.float32)
    df["tenure_bin"] = (df["tenure"] // 12).astype(np.int8)
cat_cols = [c for c in train.columns if str(train[c].dtype) == "category"]
for c in cat_cols:
    test[c] = pd.Categorical(test[c], categories=train[c].cat.categories)
feats = [c for c in train.columns if c not in ("id", "churn")]
print(f"[features] {time.perf_counter() - t:.2f}s {len(feats)} feats, {len(cat_cols)} categorical")

# ---- holdout + train --------------------------------------------------------
t = time.perf_counter()
y = train["churn"].to_numpy(dtype=np.int8)
X_tr, X_va, y_tr, y_va = train_test_split(train[feats], y, test_size=0.2, stratify=y, random_state=11)
params = dict(objective="binary", metric="auc", learning_rate=0.03, num_leaves=15,
              min_data_in_leaf=40, feature_fraction=0.7, bagging_fraction=0.8, bagging_freq=1,
              lambda_l2=5.0, max_bin=127, verbose=-1, num_threads=2, seed=11)
dtr = lgb.Dataset(X_tr, y_tr, free_raw_data=True)
dva = lgb.Dataset(X_va, y_va, reference=dtr, free_raw_data=True)
model = lgb.train(params, dtr, num_boost_round=2000, valid_sets=[dva], valid_names=["hold"],
                  callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(100)])
va_pred = model.predict(X_va, num_iteration=model.best_iteration)
print(f"[train] {time.perf_counter() - t:.2f}s best_it={model.best_iteration}")
print(f"holdout AUC = {roc_auc_score(y_va, va_pred):.5f}")

# refit on everything with the found number of rounds
t = time.perf_counter()
best_it = int(model.best_iteration * 1.1)
del dtr, dva, model, X_tr, X_va
gc.collect()
full = lgb.Dataset(train[feats], y, free_raw_data=True)
model = lgb.train(params, full, num_boost_round=best_it)
pred = model.predict(test[feats])
print(f"[refit] {time.perf_counter() - t:.2f}s rounds={best_it}")

pd.DataFrame({"id": test["id"].to_numpy(), "churn": pred.astype(np.float32)}).to_csv(
    "submission/submission.csv", index=False)
print(f"[done] {time.perf_counter() - START:.2f}s")
