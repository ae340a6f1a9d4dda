import gc
import time

import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import SGDClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.preprocessing import StandardScaler

t_all = time.perf_counter()
TARGET = "diagnosis"


def log(stage, t0, msg=""):
    print(f"[{stage}] {time.perf_counter() - t0:.2f}s {msg}", flush=True)


# read the header only, then build an explicit dtype map
t0 = time.perf_counter()
cols = pd.read_csv("input/train.csv", nrows=0).columns.tolist()
feat_cols = [c for c in cols if c not in ("id", TARGET)]
dtype_map = {c: np.float32 for c in feat_cols}
dtype_map["id"] = np.int32
train = pd.read_csv("input/train.csv", dtype={**dtype_map, TARGET: np.int8})
test = pd.read_csv("input/test.csv", dtype=dtype_map)
mem = (train.memory_usage(deep=True).sum() + test.memory_usage(deep=True).sum()) / 2**20
log("load", t0, f"{mem:.2f}MB  train {train.shape} test {test.shape}")

X = train[feat_cols].to_numpy(dtype=np.float32)
y = train[TARGET].to_numpy()
X_te = test[feat_cols].to_numpy(dtype=np.float32)
test_ids = test["id"].to_numpy()
del train, test
gc.collect()
print(f"X {X.dtype} {X.nbytes / 1024:.1f}KB  pos rate {y.mean():.3f}")

# log transform the heavy-tailed area/perimeter style columns
t0 = time.perf_counter()
skewed = [i for i, c in enumerate(feat_cols) if ("area" in c) or ("error" in c)]
X[:, skewed] = np.log1p(X[:, skewed])
X_te[:, skewed] = np.log1p(X_te[:, skewed])
log("fe", t0, f"log1p on {len(skewed)} cols")

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=42)
oof_lin = np.zeros(len(y), dtype=np.float32)
oof_hgb = np.zeros(len(y), dtype=np.float32)
te_lin = np.zeros(len(X_te), dtype=np.float32)
te_hgb = np.zeros(len(X_te), dtype=np.float32)

t0 = time.perf_counter()
for k, (tr, va) in enumerate(skf.split(X, y)):
    sc = StandardScaler().fit(X[tr])
    Xtr = sc.transform(X[tr]).astype(np.float32)
    Xva = sc.transform(X[va]).astype(np.float32)
    Xte = sc.transform(X_te).astype(np.float32)

    sgd = SGDClassifier(loss="log_loss", penalty="elasticnet", alpha=1e-3, l1_ratio=0.15,
                        max_iter=2000, tol=1e-4, random_state=k)
    sgd.fit(Xtr, y[tr])
    oof_lin[va] = sgd.predict_proba(Xva)[:, 1]
    te_lin += sgd.predict_proba(Xte)[:, 1].astype(np.float32) / 5

    hgb = HistGradientBoostingClassifier(learning_rate=0.06, max_iter=300, max_leaf_nodes=15,
                                         l2_regularization=1.0, early_stopping=False,
                                         random_state=k)
    hgb.fit(X[tr], y[tr])
    oof_hgb[va] = hgb.predict_proba(X[va])[:, 1]
    te_hgb += hgb.predict_proba(X_te)[:, 1].astype(np.float32) / 5

    print(f"  fold {k}: sgd auc {roc_auc_score(y[va], oof_lin[va]):.4f} | "
          f"hgb auc {roc_auc_score(y[va], oof_hgb[va]):.4f}")
    del Xtr, Xva, Xte, sgd, hgb
    gc.collect()
log("cv", t0)

auc_lin = roc_auc_score(y, oof_lin)
auc_hgb = roc_auc_score(y, oof_hgb)
best_w, best_auc = 0.0, 0.0
for w in np.linspace(0, 1, 11):
    a = roc_auc_score(y, w * oof_lin + (1 - w) * oof_hgb)
    if a > best_auc:
        best_w, best_auc = float(w), a
print(f"oof auc  sgd={auc_lin:.5f}  hgb={auc_hgb:.5f}  blend(w_sgd={best_w:.1f})={best_auc:.5f}")

t0 = time.perf_counter()
p = best_w * te_lin + (1 - best_w) * te_hgb
sub = pd.DataFrame({"id": test_ids, TARGET: np.clip(p, 0, 1)})
sub.to_csv("submission/submission.csv", index=False)
log("write", t0, f"{len(sub)} rows")
print(f"[done] {time.perf_counter() - t_all:.2f}s")
