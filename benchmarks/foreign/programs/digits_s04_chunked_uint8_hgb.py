import gc
import time

import numpy as np
import pandas as pd
from scipy import sparse
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import SGDClassifier
from sklearn.metrics import accuracy_score
from sklearn.model_selection import train_test_split

T = time.perf_counter()


def tick(tag, t0, extra=""):
    print(f"[{tag}] {time.perf_counter() - t0:.2f}s {extra}", flush=True)
    return time.perf_counter()


t0 = time.perf_counter()
header = pd.read_csv("input/train.csv", nrows=0).columns
pix = [c for c in header if c.startswith("pixel_")]
dt = {c: np.uint8 for c in pix}
dt["id"] = np.int32
dt["digit"] = np.int8

parts = []
for chunk in pd.read_csv("input/train.csv", dtype=dt, chunksize=400):
    parts.append(chunk)
train = pd.concat(parts, ignore_index=True)
del parts
test = pd.read_csv("input/test.csv", dtype={k: v for k, v in dt.items() if k != "digit"})
mb = (train.memory_usage(deep=True).sum() + test.memory_usage(deep=True).sum()) / 1e6
t0 = tick("load", t0, f"{mb:.2f}MB train={train.shape} test={test.shape}")

# drop pixels that never light up in train
const = [c for c in pix if train[c].max() == 0]
keep = [c for c in pix if c not in const]
X = train[keep].to_numpy(dtype=np.float32) / 16.0
y = train["digit"].to_numpy()
X_test = test[keep].to_numpy(dtype=np.float32) / 16.0
ids = test["id"].to_numpy()
del train, test
gc.collect()
t0 = tick("prep", t0, f"dropped {len(const)} const px, X={X.shape} {X.nbytes / 1e6:.2f}MB")

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y, random_state=3)

# linear model on sparse input
S_tr = sparse.csr_matrix(X_tr)
S_va = sparse.csr_matrix(X_va)
print(f"  sparsity {1 - S_tr.nnz / np.prod(S_tr.shape):.2%}")
sgd = SGDClassifier(loss="modified_huber", alpha=5e-4, max_iter=50, tol=None, random_state=3)
sgd.fit(S_tr, y_tr)
acc_sgd = accuracy_score(y_va, sgd.predict(S_va))
t0 = tick("sgd", t0, f"acc={acc_sgd:.4f}")

hgb = HistGradientBoostingClassifier(learning_rate=0.1, max_iter=150, max_leaf_nodes=15,
                                     max_bins=17, early_stopping=False, random_state=3)
hgb.fit(X_tr, y_tr)
acc_hgb = accuracy_score(y_va, hgb.predict(X_va))
t0 = tick("hgb", t0, f"acc={acc_hgb:.4f}")

p_blend = 0.5 * sgd.predict_proba(S_va) + 0.5 * hgb.predict_proba(X_va)
acc_blend = accuracy_score(y_va, hgb.classes_[p_blend.argmax(1)])
print(f"holdout accuracy: sgd {acc_sgd:.4f} | hgb {acc_hgb:.4f} | blend {acc_blend:.4f}")

# refit on all rows
del S_tr, S_va, X_tr, X_va
gc.collect()
S_all = sparse.csr_matrix(X)
sgd.fit(S_all, y)
hgb.fit(X, y)
p = 0.5 * sgd.predict_proba(sparse.csr_matrix(X_test)) + 0.5 * hgb.predict_proba(X_test)
pred = hgb.classes_[p.argmax(1)]
t0 = tick("refit", t0)

pd.DataFrame({"id": ids, "digit": pred.astype(np.int64)}).to_csv("submission/submission.csv", index=False)
tick("total", T, f"pred dist {np.bincount(pred, minlength=10).tolist()}")
