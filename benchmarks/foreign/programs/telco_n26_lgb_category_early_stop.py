"""Telco churn - binary classification, evaluated with ROC AUC.

Plan:
    1. read data, cast the text service/contract columns to pandas 'category'
       so LightGBM can use its native categorical splits
    2. add two simple features (avg charge per month of tenure, number of add-on services)
    3. stratified 80/20 holdout, lgb.train with early stopping on AUC
    4. retrain on full data with the best iteration count (+10%), predict test
"""
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split

SEED = 11
TARGET = "churn"

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

ADDONS = ["online_security", "online_backup", "device_protection", "tech_support",
          "streaming_tv", "streaming_movies"]


def engineer(df):
    df = df.copy()
    df["charge_per_tenure"] = df["total_charges"] / (df["tenure"] + 1)
    df["n_addons"] = sum((df[c] == "Yes").astype(int) for c in ADDONS)
    return df


train = engineer(train)
test = engineer(test)

cat_cols = [c for c in train.columns if c not in ("id", TARGET) and not pd.api.types.is_numeric_dtype(train[c])]
print("categorical columns:", cat_cols)
for c in cat_cols:
    cats = sorted(set(train[c].dropna()) | set(test[c].dropna()))
    train[c] = pd.Categorical(train[c], categories=cats)
    test[c] = pd.Categorical(test[c], categories=cats)

features = [c for c in train.columns if c not in ("id", TARGET)]
X, y = train[features], train[TARGET]

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y, random_state=SEED)

params = {
    "objective": "binary",
    "metric": "auc",
    "learning_rate": 0.03,
    "num_leaves": 15,
    "min_child_samples": 40,
    "feature_fraction": 0.8,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "seed": SEED,
    "num_threads": 2,
    "verbose": -1,
}

dtrain = lgb.Dataset(X_tr, y_tr, categorical_feature=cat_cols)
dvalid = lgb.Dataset(X_va, y_va, reference=dtrain)
booster = lgb.train(
    params,
    dtrain,
    num_boost_round=2000,
    valid_sets=[dtrain, dvalid],
    valid_names=["train", "valid"],
    callbacks=[lgb.early_stopping(100), lgb.log_evaluation(100)],
)

val_pred = booster.predict(X_va, num_iteration=booster.best_iteration)
val_auc = roc_auc_score(y_va, val_pred)
print(f"best iteration: {booster.best_iteration}")
print(f"Validation AUC: {val_auc:.4f}")

n_rounds = int(booster.best_iteration * 1.1) + 1
full = lgb.train(params, lgb.Dataset(X, y, categorical_feature=cat_cols), num_boost_round=n_rounds)
test_pred = full.predict(test[features])

importance = pd.Series(full.feature_importance("gain"), index=features).sort_values(ascending=False)
print("top features:\n", importance.head(8).round(1).to_string())

sub = pd.DataFrame({"id": test["id"], TARGET: test_pred})
sub.to_csv("./submission/submission.csv", index=False)
print(f"Final validation AUC: {val_auc:.4f}")
