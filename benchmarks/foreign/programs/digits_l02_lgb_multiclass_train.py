import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.decomposition import PCA
from sklearn.metrics import accuracy_score, log_loss

rng = np.random.default_rng(2024)

tr = pd.read_csv("./input/train.csv")
te = pd.read_csv("./input/test.csv")
feat_names = [c for c in tr.columns if c not in ("id", "digit")]

X = tr[feat_names].to_numpy(np.float64)
y = tr["digit"].to_numpy(np.int64)
Xt = te[feat_names].to_numpy(np.float64)

# drop pixels that never light up in train
var = X.var(axis=0)
keep = var > 0
X, Xt = X[:, keep], Xt[:, keep]
print("kept", keep.sum(), "of", keep.size, "pixels")

# add a handful of PCA directions on top of the raw pixels
mu = X.mean(axis=0)
sd = X.std(axis=0)
Z = (X - mu) / sd
Zt = (Xt - mu) / sd
pca = PCA(n_components=16, random_state=0).fit(Z)
X = np.c_[X, pca.transform(Z)]
Xt = np.c_[Xt, pca.transform(Zt)]
print("design", X.shape, Xt.shape)

n_classes = np.unique(y).size


def my_accuracy(t, p):
    return np.count_nonzero(t == p) / t.shape[0]


def my_logloss(t, P, eps=1e-15):
    P = np.clip(P, eps, 1 - eps)
    P = P / P.sum(axis=1, keepdims=True)
    return -np.mean(np.log(P[np.arange(t.size), t]))


perm = rng.permutation(X.shape[0])
cut = int(0.8 * perm.size)
i_tr, i_va = perm[:cut], perm[cut:]

params = {
    "objective": "multiclass",
    "learning_rate": 0.08,
    "num_leaves": 15,
    "min_data_in_leaf": 10,
    "feature_fraction": 0.7,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "verbose": -1,
    "seed": 3,
    "num_threads": 2,
}

dtr = lgb.Dataset(X[i_tr], label=y[i_tr])
dva = lgb.Dataset(X[i_va], label=y[i_va], reference=dtr)
booster = lgb.train(
    params,
    dtr,
    num_boost_round=400,
    valid_sets=[dva],
    callbacks=[lgb.early_stopping(30, verbose=False), lgb.log_evaluation(50)],
)

P_va = booster.predict(X[i_va], num_iteration=booster.best_iteration)
pred_va = P_va.argmax(axis=1)
acc = my_accuracy(y[i_va], pred_va)
assert np.isclose(acc, accuracy_score(y[i_va], pred_va))
assert np.isclose(my_logloss(y[i_va], P_va), log_loss(y[i_va], P_va, labels=np.arange(n_classes)))
print(f"best_iter={booster.best_iteration}  Validation accuracy: {acc:.4f}")

full = lgb.train(params, lgb.Dataset(X, label=y), num_boost_round=int(booster.best_iteration * 1.1))
P_test = full.predict(Xt)
os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": te["id"].to_numpy(), "digit": P_test.argmax(axis=1)}).to_csv(
    "./submission/submission.csv", index=False
)
print("done")
