import gc
import time

import numpy as np
import pandas as pd
import lightgbm as lgb
from scipy import sparse
from sklearn.metrics import f1_score
from sklearn.model_selection import train_test_split

T0 = time.perf_counter()
CLASSES = np.array(["F", "L", "M", "VF"])
NUM = ["compounds", "input_fields", "iterations", "num_pending", "hour"]
CAT = ["protocol", "day"]


def lap(tag, t, extra=""):
    print(f"[{tag}] {time.perf_counter() - t:.2f}s {extra}", flush=True)


t = time.perf_counter()
dt = {"id": np.int32, "compounds": np.int32, "input_fields": np.int32, "iterations": np.int16,
      "num_pending": np.int16, "hour": np.float32, "protocol": "category", "day": "category"}
train = pd.read_csv("input/train.csv", dtype={**dt, "class": "category"})
test = pd.read_csv("input/test.csv", dtype=dt)
lap("load", t, f"{train.memory_usage(deep=True).sum() / 1e6:.3f}MB train, "
               f"{test.memory_usage(deep=True).sum() / 1e6:.3f}MB test")
print("  class counts:", train["class"].value_counts().to_dict())


def build_matrix(df):
    num = df[NUM].to_numpy(dtype=np.float32).copy()
    num[:, :4] = np.log1p(num[:, :4])
    hour = df["hour"].to_numpy(dtype=np.float32)
    cyc = np.column_stack([np.sin(2 * np.pi * hour / 24), np.cos(2 * np.pi * hour / 24)]).astype(np.float32)
    per_iter = (np.log1p(df["compounds"].to_numpy(dtype=np.float32))
                * df["iterations"].to_numpy(dtype=np.float32))[:, None]
    oh = pd.get_dummies(df[CAT], sparse=True, dtype=np.uint8)
    oh_csr = sparse.csr_matrix(oh.sparse.to_coo()).astype(np.float32)
    return sparse.hstack([sparse.csr_matrix(num), sparse.csr_matrix(cyc),
                          sparse.csr_matrix(per_iter), oh_csr], format="csr", dtype=np.float32), oh.columns


t = time.perf_counter()
X, oh_cols = build_matrix(train)
y = pd.Categorical(train["class"], categories=CLASSES).codes.astype(np.int8)
lap("features", t, f"X={X.shape} nnz={X.nnz} one-hot cols={len(oh_cols)}")

t = time.perf_counter()
idx = np.arange(X.shape[0])
tr_idx, va_idx = train_test_split(idx, test_size=0.2, stratify=y, random_state=8)
counts = np.bincount(y[tr_idx], minlength=4)
w = (len(tr_idx) / (4 * counts))[y[tr_idx]].astype(np.float32)
params = {
    "objective": "multiclass",
    "num_class": 4,
    "metric": "multi_logloss",
    "learning_rate": 0.05,
    "num_leaves": 31,
    "min_data_in_leaf": 15,
    "feature_fraction": 0.9,
    "lambda_l2": 1.0,
    "verbose": -1,
    "num_threads": 2,
    "seed": 8,
}
dtr = lgb.Dataset(X[tr_idx], y[tr_idx], weight=w, free_raw_data=True)
dva = lgb.Dataset(X[va_idx], y[va_idx], reference=dtr, free_raw_data=True)
bst = lgb.train(params, dtr, num_boost_round=1500, valid_sets=[dva], valid_names=["va"],
                callbacks=[lgb.early_stopping(80), lgb.log_evaluation(50)])
lap("train", t, f"best_iter={bst.best_iteration}")

va_pred = bst.predict(X[va_idx], num_iteration=bst.best_iteration).argmax(1)
f1 = f1_score(y[va_idx], va_pred, average="macro")
print(f"holdout macro-F1 = {f1:.4f}")
print("  per class:", dict(zip(CLASSES, np.round(f1_score(y[va_idx], va_pred, average=None), 3))))

t = time.perf_counter()
best_it = bst.best_iteration
del dtr, dva
gc.collect()
counts = np.bincount(y, minlength=4)
w_all = (len(y) / (4 * counts))[y].astype(np.float32)
full = lgb.Dataset(X, y, weight=w_all, free_raw_data=True)
final = lgb.train(params, full, num_boost_round=int(best_it * 1.2))
lap("refit", t, f"rounds={int(best_it * 1.2)}")

t = time.perf_counter()
X_test, _ = build_matrix(test)
proba = final.predict(X_test)
labels = CLASSES[proba.argmax(1)]
pd.DataFrame({"id": test["id"].to_numpy(), "class": labels}).to_csv("submission/submission.csv", index=False)
lap("predict", t, f"dist={pd.Series(labels).value_counts().to_dict()}")
lap("total", T0)
