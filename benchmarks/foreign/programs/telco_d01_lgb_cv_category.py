"""
Telco churn - LightGBM with lgb.cv to pick the number of boosting rounds, then a full refit.

Notes on the data:
  * most service columns are strings like "Yes"/"No"/"No internet service" -> pandas category
  * total_charges has a handful of missing values (brand-new customers); LightGBM copes with NaN
  * target `churn` is already 0/1
"""
import os
from pathlib import Path

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import train_test_split
from sklearn.metrics import roc_auc_score

INPUT = Path("./input")
OUTPUT = Path("./submission")
TARGET = "churn"
SEED = 2024


def load():
    train = pd.read_csv(INPUT / "train.csv")
    test = pd.read_csv(INPUT / "test.csv")
    print(f"[load] train {train.shape} | test {test.shape}")
    return train, test


def engineer(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    # average monthly spend over the customer's lifetime; tenure can be 0
    df["avg_charge"] = df["total_charges"] / df["tenure"].replace(0, np.nan)
    df["charge_gap"] = df["monthly_charges"] - df["avg_charge"]
    services = ["online_security", "online_backup", "device_protection",
                "tech_support", "streaming_tv", "streaming_movies"]
    df["n_services"] = (df[services] == "Yes").sum(axis=1)
    return df


def to_category(train_df, test_df, cols):
    # use the union of levels so train and test share identical category codes
    for c in cols:
        levels = sorted(set(train_df[c].dropna()) | set(test_df[c].dropna()))
        train_df[c] = pd.Categorical(train_df[c], categories=levels)
        test_df[c] = pd.Categorical(test_df[c], categories=levels)
    return train_df, test_df


def main():
    train, test = load()
    train, test = engineer(train), engineer(test)
    cat_cols = [c for c in train.columns if train[c].dtype == "str" or train[c].dtype == object]
    cat_cols = [c for c in cat_cols if c != TARGET]
    print(f"[prep] categorical columns ({len(cat_cols)}): {cat_cols}")
    train, test = to_category(train, test, cat_cols)

    features = [c for c in train.columns if c not in ("id", TARGET)]
    X, y = train[features], train[TARGET].values

    params = dict(objective="binary", metric="auc", learning_rate=0.03, num_leaves=15,
                  min_child_samples=40, feature_fraction=0.8, bagging_fraction=0.8,
                  bagging_freq=1, lambda_l2=1.0, seed=SEED, verbosity=-1)

    # hold out 20% purely to print an honest validation score
    X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y, random_state=SEED)

    cv_res = lgb.cv(params, lgb.Dataset(X_tr, label=y_tr), num_boost_round=2000, nfold=5,
                    stratified=True, seed=SEED,
                    callbacks=[lgb.early_stopping(100, verbose=False)])
    best_rounds = len(cv_res["valid auc-mean"])
    print(f"[cv] best rounds={best_rounds}, cv auc={cv_res['valid auc-mean'][-1]:.4f}")

    model = lgb.train(params, lgb.Dataset(X_tr, label=y_tr), num_boost_round=best_rounds)
    val_auc = roc_auc_score(y_va, model.predict(X_va))
    print(f"Validation AUC: {val_auc:.4f}")

    # refit on everything with slightly more rounds (more data)
    final = lgb.train(params, lgb.Dataset(X, label=y), num_boost_round=int(best_rounds * 1.1))
    preds = final.predict(test[features])

    OUTPUT.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": test["id"], TARGET: preds}).to_csv(OUTPUT / "submission.csv", index=False)
    print(f"[done] wrote {len(preds)} predictions, mean={preds.mean():.4f}")


if __name__ == "__main__":
    main()
