"""Gradient boosting (lgb.train) with early stopping on hand-made folds.

Categoricals are turned into integer codes against the training levels with
np.unique / np.searchsorted and passed to LightGBM as categorical features; the
test prediction is the average of the fold models.
"""
import os

import lightgbm as lgb
import numpy as np
import pandas as pd

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

num_cols = ["Seniority", "Time", "Age", "Expenses", "Income", "Assets", "Debt", "Amount", "Price"]
cat_cols = ["Home", "Marital", "Records", "Job"]

y = train["Status"].to_numpy(dtype=float)
N_tr = train[num_cols].to_numpy(dtype=float)
N_te = test[num_cols].to_numpy(dtype=float)


def encode(col):
    a = train[col].fillna("NA").to_numpy().astype(str)
    b = test[col].fillna("NA").to_numpy().astype(str)
    lev = np.unique(a)
    pos = np.clip(np.searchsorted(lev, b), 0, len(lev) - 1)
    b_code = np.where(lev[pos] == b, pos, -1)     # unseen level -> -1 (treated as missing)
    return np.searchsorted(lev, a).astype(float), b_code.astype(float)


codes = [encode(c) for c in cat_cols]
C_tr = np.column_stack([c[0] for c in codes])
C_te = np.column_stack([c[1] for c in codes])
C_te = np.where(C_te < 0, np.nan, C_te)


def extra(N):
    inc, exp_, amt, price = (N[:, num_cols.index(c)] for c in ["Income", "Expenses", "Amount", "Price"])
    assets, debt = N[:, num_cols.index("Assets")], N[:, num_cols.index("Debt")]
    return np.column_stack([amt / price, amt / np.maximum(inc, 1.0), inc - exp_, assets - debt,
                            amt / N[:, num_cols.index("Time")]])


X = np.hstack([N_tr, extra(N_tr), C_tr])
Xt = np.hstack([N_te, extra(N_te), C_te])
names = num_cols + ["amt_price", "amt_income", "free_income", "net_assets", "instalment"] + cat_cols
cat_idx = [names.index(c) for c in cat_cols]
print(f"design: {X.shape[1]} columns ({len(cat_idx)} categorical), {X.shape[0]} rows")

params = dict(objective="binary", learning_rate=0.03, num_leaves=12, min_data_in_leaf=30,
              feature_fraction=0.8, bagging_fraction=0.8, bagging_freq=1, lambda_l2=2.0,
              cat_smooth=20, num_threads=2, verbose=-1, seed=3)


def logloss(t, p):
    p = np.clip(p, 1e-15, 1 - 1e-15)
    return -np.mean(t * np.log(p) + (1 - t) * np.log(1 - p))


perm = np.random.default_rng(31).permutation(len(y))
folds = np.array_split(perm, 5)
oof = np.zeros(len(y))
p_test = np.zeros(len(Xt))
best_its = []
for k, va in enumerate(folds):
    tr = np.setdiff1d(perm, va)
    dtr = lgb.Dataset(X[tr], y[tr], feature_name=names, categorical_feature=cat_idx)
    dva = lgb.Dataset(X[va], y[va], reference=dtr)
    booster = lgb.train(params, dtr, num_boost_round=2000, valid_sets=[dva],
                        callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)])
    oof[va] = booster.predict(X[va], num_iteration=booster.best_iteration)
    p_test += booster.predict(Xt, num_iteration=booster.best_iteration) / len(folds)
    best_its.append(booster.best_iteration)
    print(f"fold {k}: best_iter {booster.best_iteration:4d}  logloss {logloss(y[va], oof[va]):.4f}")

print(f"mean best iteration {np.mean(best_its):.0f}")
print(f"OOF logloss: {logloss(y, oof):.4f}")

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"].to_numpy(), "Status": p_test}).to_csv(
    "./submission/submission.csv", index=False)
print(f"saved submission, mean predicted bad rate {p_test.mean():.4f}")
