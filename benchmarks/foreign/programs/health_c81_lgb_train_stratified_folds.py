import os
import warnings

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

warnings.filterwarnings("ignore")

SEED = 42
N_FOLDS = 5
TARGETS = ["health", "limit", "insurance"]
CAT_COLS = ["gender", "married", "selfemp", "region", "ethnicity", "education"]

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")

edu_rank = {"none": 0, "ged": 1, "highschool": 2, "other": 2, "bachelor": 3, "master": 4, "phd": 5}


def add_features(df):
    out = df.copy()
    out["edu_rank"] = out["education"].map(edu_rank).fillna(2).astype(float)
    out["age_bin"] = (out["age"] // 10).astype(int)
    out["age_x_family"] = out["age"] * out["family"]
    out["single_big_family"] = ((out["married"] == "no") & (out["family"] > 2)).astype(int)
    for c in CAT_COLS:
        out[c] = out[c].astype("category")
    return out


full = pd.concat([train.drop(columns=TARGETS), test], axis=0, ignore_index=True)
full = add_features(full)
X_all = full.drop(columns=["id"])
X = X_all.iloc[: len(train)].reset_index(drop=True)
X_test = X_all.iloc[len(train):].reset_index(drop=True)

params = {
    "objective": "binary",
    "metric": "auc",
    "learning_rate": 0.03,
    "num_leaves": 15,
    "min_data_in_leaf": 40,
    "feature_fraction": 0.8,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 2.0,
    "verbose": -1,
    "num_threads": 1,
    "seed": SEED,
}

submission = pd.DataFrame({"id": test["id"]})
scores = {}
for target in TARGETS:
    y = train[target].values
    oof = np.zeros(len(train))
    test_pred = np.zeros(len(test))
    skf = StratifiedKFold(n_splits=N_FOLDS, shuffle=True, random_state=SEED)
    for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y)):
        dtr = lgb.Dataset(X.iloc[tr_idx], label=y[tr_idx], categorical_feature=CAT_COLS)
        dva = lgb.Dataset(X.iloc[va_idx], label=y[va_idx], reference=dtr)
        booster = lgb.train(
            params,
            dtr,
            num_boost_round=2000,
            valid_sets=[dva],
            valid_names=["valid"],
            callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)],
        )
        oof[va_idx] = booster.predict(X.iloc[va_idx], num_iteration=booster.best_iteration)
        test_pred += booster.predict(X_test, num_iteration=booster.best_iteration) / N_FOLDS
        print(f"[{target}] fold {fold}: best_iter={booster.best_iteration} "
              f"auc={roc_auc_score(y[va_idx], oof[va_idx]):.4f}")
    scores[target] = roc_auc_score(y, oof)
    print(f"[{target}] OOF AUC: {scores[target]:.4f}")
    submission[target] = test_pred

mean_auc = float(np.mean(list(scores.values())))
print(f"Validation mean column-wise AUC: {mean_auc:.4f}")

os.makedirs("submission", exist_ok=True)
submission.to_csv("submission/submission.csv", index=False)
print("wrote", submission.shape)
