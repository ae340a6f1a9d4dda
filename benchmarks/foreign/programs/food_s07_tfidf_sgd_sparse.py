import gc
import time

import numpy as np
import pandas as pd
from scipy import sparse
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import SGDClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

T = time.perf_counter()


def log(stage, t0, extra=""):
    print(f"[{stage}] {time.perf_counter() - t0:.2f}s {extra}", flush=True)


def csr_mb(m):
    return (m.data.nbytes + m.indices.nbytes + m.indptr.nbytes) / 2**20


t0 = time.perf_counter()
train = pd.read_csv("input/train.csv", usecols=["id", "review", "score"],
                    dtype={"id": np.int32, "review": "string", "score": np.int8})
test = pd.read_csv("input/test.csv", usecols=["id", "review"], dtype={"id": np.int32, "review": "string"})
mem = (train.memory_usage(deep=True).sum() + test.memory_usage(deep=True).sum()) / 2**20
log("load", t0, f"{mem:.2f}MB train={len(train)} test={len(test)} pos={train['score'].mean():.3f}")

t0 = time.perf_counter()
txt_tr = train["review"].fillna("").str.lower().to_numpy(dtype=object)
txt_te = test["review"].fillna("").str.lower().to_numpy(dtype=object)
y = train["score"].to_numpy()
ids = test["id"].to_numpy()
lens = np.fromiter((len(s) for s in txt_tr), dtype=np.int32, count=len(txt_tr))
print(f"  review length: median {np.median(lens):.0f}, p95 {np.percentile(lens, 95):.0f}")
del train, test
gc.collect()
log("prep", t0)

t0 = time.perf_counter()
word_vec = TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=60000, sublinear_tf=True,
                           dtype=np.float32, token_pattern=r"(?u)\b\w[\w']*\b")
char_vec = TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 5), min_df=3, max_features=80000,
                           sublinear_tf=True, dtype=np.float32)
Xw = word_vec.fit_transform(txt_tr)
Xw_te = word_vec.transform(txt_te)
Xc = char_vec.fit_transform(txt_tr)
Xc_te = char_vec.transform(txt_te)
X = sparse.hstack([Xw, Xc], format="csr", dtype=np.float32)
X_te = sparse.hstack([Xw_te, Xc_te], format="csr", dtype=np.float32)
del Xw, Xc, Xw_te, Xc_te
gc.collect()
log("tfidf", t0, f"X={X.shape} nnz={X.nnz} {csr_mb(X):.1f}MB dtype={X.dtype}")

t0 = time.perf_counter()
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=5)
oof = np.zeros(len(y), dtype=np.float32)
pred = np.zeros(X_te.shape[0], dtype=np.float32)
for k, (tr, va) in enumerate(skf.split(X, y)):
    clf = SGDClassifier(loss="log", penalty="l2", alpha=2e-5, max_iter=30, tol=None,
                        class_weight=None, average=True, random_state=k)
    clf.fit(X[tr], y[tr])
    oof[va] = clf.predict_proba(X[va])[:, 1]
    pred += clf.predict_proba(X_te)[:, 1].astype(np.float32) / skf.n_splits
    print(f"  fold {k} auc {roc_auc_score(y[va], oof[va]):.5f}")
log("cv", t0)
print(f"OOF AUC {roc_auc_score(y, oof):.5f}")

pd.DataFrame({"id": ids, "score": pred}).to_csv("submission/submission.csv", index=False)
log("total", T)
