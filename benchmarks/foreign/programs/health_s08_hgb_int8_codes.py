import gc
import time

import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

t_all = time.perf_counter()
TARGETS = ["health", "limit", "insurance"]
CAT_COLS = ["gender", "married", "selfemp", "region", "ethnicity", "education"]

t = time.perf_counter()
base_dtypes = {"id": "int32", "age": "int8", "family": "int8", **{c: "category" for c in CAT_COLS}}
train = pd.read_csv("input/train.csv", dtype={**base_dtypes, **{c: "int8" for c in TARGETS}})
test = pd.read_csv("input/test.csv", dtype=base_dtypes)
print(f"[load] {time.perf_counter() - t:.2f}s "
      f"{train.memory_usage(deep=True).sum() / 1024:.0f}KB + {test.memory_usage(deep=True).sum() / 1024:.0f}KB")
print("  target rates:", {c: round(float(train[c].mean()), 4) for c in TARGETS})

t = time.perf_counter()
for c in CAT_COLS:
    cats = train[c].cat.categories.union(test[c].cat.categories)
    train[c] = train[c].cat.set_categories(cats)
    test[c] = test[c].cat.set_categories(cats)
FEATS = ["age", "family"] + CAT_COLS


def to_codes(df):
    out = np.empty((len(df), len(FEATS)), dtype=np.float32)
    out[:, 0] = df["age"].to_numpy(dtype=np.float32)
    out[:, 1] = df["family"].to_numpy(dtype=np.float32)
    for j, c in enumerate(CAT_COLS, start=2):
        out[:, j] = df[c].cat.codes.to_numpy(dtype=np.int8)
    return out


X = to_codes(train)
X_test = to_codes(test)
Y = train[TARGETS].to_numpy(dtype=np.int8)
ids = test["id"].to_numpy()
is_cat = np.array([f in CAT_COLS for f in FEATS])
del train, test
gc.collect()
print(f"[encode] {time.perf_counter() - t:.2f}s X={X.shape} {X.dtype} {X.nbytes / 1024:.0f}KB")

params = dict(learning_rate=0.05, max_iter=250, max_leaf_nodes=12, min_samples_leaf=40,
              l2_regularization=2.0, early_stopping=False, categorical_features=is_cat)

oof = np.zeros(Y.shape, dtype=np.float32)
pred = np.zeros((len(X_test), len(TARGETS)), dtype=np.float32)
for j, tgt in enumerate(TARGETS):
    t = time.perf_counter()
    y = Y[:, j]
    skf = StratifiedKFold(n_splits=4, shuffle=True, random_state=17 + j)
    for tr, va in skf.split(X, y):
        m = HistGradientBoostingClassifier(random_state=j, **params)
        m.fit(X[tr], y[tr])
        oof[va, j] = m.predict_proba(X[va])[:, 1]
        pred[:, j] += m.predict_proba(X_test)[:, 1].astype(np.float32) / skf.n_splits
        del m
    gc.collect()
    print(f"[{tgt}] {time.perf_counter() - t:.2f}s oof auc={roc_auc_score(y, oof[:, j]):.5f}")

aucs = [roc_auc_score(Y[:, j], oof[:, j]) for j in range(len(TARGETS))]
print(f"mean columnwise AUC: {np.mean(aucs):.5f}  ({' / '.join(f'{a:.4f}' for a in aucs)})")

t = time.perf_counter()
sub = pd.DataFrame(pred, columns=TARGETS)
sub.insert(0, "id", ids)
sub.to_csv("submission/submission.csv", index=False, float_format="%.6f")
print(f"[write] {time.perf_counter() - t:.2f}s {sub.shape}")
print(f"[total] {time.perf_counter() - t_all:.2f}s")
