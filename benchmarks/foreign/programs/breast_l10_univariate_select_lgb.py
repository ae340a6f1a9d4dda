import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score

tr = pd.read_csv("./input/train.csv")
te = pd.read_csv("./input/test.csv")

# columns are: id, 30 features, diagnosis
names = tr.columns[1:-1].tolist()
X = tr.iloc[:, 1:-1].to_numpy(np.float64)
y = tr.iloc[:, -1].to_numpy(np.int64)
Xt = te.iloc[:, 1:-1].to_numpy(np.float64)
ids = te["id"].to_numpy()
print("train", X.shape, "n_pos", y.sum())


def auc(y_true, s):
    # probability that a random positive outranks a random negative
    pos = s[y_true == 1]
    neg = s[y_true == 0]
    gt = (pos[:, None] > neg[None, :]).sum()
    eq = (pos[:, None] == neg[None, :]).sum()
    return (gt + 0.5 * eq) / (pos.size * neg.size)


# univariate screen: keep features whose own AUC (either direction) is strong
uni = np.array([auc(y, X[:, j]) for j in range(X.shape[1])])
strength = np.maximum(uni, 1 - uni)
keep = strength > 0.75
print("kept", keep.sum(), "features:")
for j in np.flatnonzero(keep)[np.argsort(-strength[keep])][:8]:
    print(f"   {names[j]:28s} {strength[j]:.3f}")


def prepare(A, mask, mu=None, sd=None):
    A = A[:, mask]
    if mu is None:
        mu, sd = A.mean(axis=0), A.std(axis=0)
    return (A - mu) / sd, mu, sd


rng = np.random.default_rng(8)
pos_idx = rng.permutation(np.flatnonzero(y == 1))
neg_idx = rng.permutation(np.flatnonzero(y == 0))
fold = np.empty(y.size, dtype=int)
fold[pos_idx] = np.arange(pos_idx.size) % 4
fold[neg_idx] = np.arange(neg_idx.size) % 4

oof = np.zeros(y.size)
for f in range(4):
    va = fold == f
    A, mu, sd = prepare(X[~va], keep)
    B, _, _ = prepare(X[va], keep, mu, sd)
    g = lgb.LGBMClassifier(n_estimators=200, learning_rate=0.05, num_leaves=7, min_child_samples=10,
                           subsample=0.8, subsample_freq=1, colsample_bytree=0.7, verbose=-1, n_jobs=2,
                           random_state=f)
    g.fit(A, y[~va])
    lr = LogisticRegression(C=0.5, max_iter=1000).fit(A, y[~va])
    oof[va] = 0.5 * g.predict_proba(B)[:, 1] + 0.5 * lr.predict_proba(B)[:, 1]
    print(f"fold {f}: auc {auc(y[va], oof[va]):.5f}")

cv_auc = auc(y, oof)
assert np.isclose(cv_auc, roc_auc_score(y, oof))
print(f"Validation AUC: {cv_auc:.5f}")

A, mu, sd = prepare(X, keep)
T, _, _ = prepare(Xt, keep, mu, sd)
g = lgb.LGBMClassifier(n_estimators=200, learning_rate=0.05, num_leaves=7, min_child_samples=10,
                       subsample=0.8, subsample_freq=1, colsample_bytree=0.7, verbose=-1, n_jobs=2,
                       random_state=0).fit(A, y)
lr = LogisticRegression(C=0.5, max_iter=1000).fit(A, y)
prob = 0.5 * g.predict_proba(T)[:, 1] + 0.5 * lr.predict_proba(T)[:, 1]

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": ids, "diagnosis": prob}).to_csv("./submission/submission.csv", index=False)
print("done", prob.shape)
