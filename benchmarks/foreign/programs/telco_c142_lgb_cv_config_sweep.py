"""Sweep LightGBM configs with lgb.cv, keep a leaderboard, refit the top configs and blend them."""
import os
import json
import time
from pathlib import Path

import lightgbm as lgb
import numpy as np
import pandas as pd

SEED = 2024
np.random.seed(SEED)
DATA = Path("input")
OUT = Path("submission")

train = pd.read_csv(DATA / "train.csv")
test = pd.read_csv(DATA / "test.csv")

cat_cols = train.select_dtypes(exclude="number").columns.tolist()
for c in cat_cols:
    train[c] = train[c].astype("category")
    test[c] = pd.Categorical(test[c], categories=train[c].cat.categories)

train["avg_charge"] = train["total_charges"] / (train["tenure"] + 1)
test["avg_charge"] = test["total_charges"] / (test["tenure"] + 1)
train["n_services"] = (train[cat_cols] == "Yes").sum(axis=1)
test["n_services"] = (test[cat_cols] == "Yes").sum(axis=1)

features = [c for c in train.columns if c not in ("id", "churn")]
X, y = train[features], train["churn"]
dtrain = lgb.Dataset(X, label=y, categorical_feature=cat_cols, free_raw_data=False)

base = {"objective": "binary", "metric": "auc", "verbosity": -1, "seed": SEED, "num_threads": 1}
configs = [
    {"learning_rate": 0.05, "num_leaves": 15, "min_data_in_leaf": 40},
    {"learning_rate": 0.05, "num_leaves": 31, "min_data_in_leaf": 20, "feature_fraction": 0.8},
    {"learning_rate": 0.03, "num_leaves": 7, "min_data_in_leaf": 60, "lambda_l2": 5.0},
    {"learning_rate": 0.1, "num_leaves": 63, "min_data_in_leaf": 10, "bagging_fraction": 0.8, "bagging_freq": 1},
    {"learning_rate": 0.02, "num_leaves": 10, "min_data_in_leaf": 80, "feature_fraction": 0.7, "lambda_l1": 1.0},
]

results = []
for i, cfg in enumerate(configs):
    params = {**base, **cfg}
    t0 = time.time()
    cv_res = lgb.cv(
        params,
        dtrain,
        num_boost_round=2000,
        nfold=5,
        stratified=True,
        seed=SEED,
        callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)],
    )
    key = [k for k in cv_res if k.endswith("auc-mean")][0]
    best_iter = int(np.argmax(cv_res[key])) + 1
    best_auc = float(np.max(cv_res[key]))
    std = float(cv_res[key.replace("mean", "stdv")][best_iter - 1])
    results.append({"cfg_id": i, "auc": best_auc, "std": std, "rounds": best_iter, "secs": round(time.time() - t0, 1)})
    print(f"cfg {i}: auc={best_auc:.4f} +/- {std:.4f} rounds={best_iter} {cfg}")

board = pd.DataFrame(results).sort_values("auc", ascending=False)
print("\nLeaderboard")
print(board.to_string(index=False))

top = board.head(3)
test_preds = []
for _, row in top.iterrows():
    params = {**base, **configs[int(row.cfg_id)]}
    booster = lgb.train(params, dtrain, num_boost_round=int(row.rounds), verbose_eval=False)
    test_preds.append(booster.predict(test[features]))

weights = top["auc"].values / top["auc"].sum()
blend = np.average(np.vstack(test_preds), axis=0, weights=weights)

OUT.mkdir(exist_ok=True)
pd.DataFrame({"id": test["id"], "churn": blend}).to_csv(OUT / "submission.csv", index=False)
with open("leaderboard.json", "w") as f:
    json.dump(results, f, indent=2)
print(f"CV AUC (best single) = {board.auc.iloc[0]:.4f}")
