import os
import warnings

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.metrics import mean_squared_error
from sklearn.model_selection import train_test_split

warnings.filterwarnings("ignore")
np.random.seed(7)

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

FEATURES = [c for c in train.columns if c not in ("id", "progression")]
TARGET = "progression"

# a couple of ratio features on the serum measurements
for df in (train, test):
    df["tc_hdl"] = df["s1"] / df["s3"]
    df["bmi_sq"] = df["bmi"] ** 2
FEATURES += ["tc_hdl", "bmi_sq"]

X_tr, X_va, y_tr, y_va = train_test_split(
    train[FEATURES], train[TARGET], test_size=0.2, random_state=7
)

params = {
    "objective": "regression",
    "metric": "rmse",
    "learning_rate": 0.03,
    "num_leaves": 8,
    "min_data_in_leaf": 15,
    "feature_fraction": 0.8,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 2.0,
    "verbose": -1,
    "seed": 7,
}

dtrain = lgb.Dataset(X_tr, label=y_tr, categorical_feature=["sex"])
dvalid = lgb.Dataset(X_va, label=y_va, reference=dtrain)

booster = lgb.train(
    params,
    dtrain,
    num_boost_round=2000,
    valid_sets=[dtrain, dvalid],
    valid_names=["train", "valid"],
    early_stopping_rounds=100,
    verbose_eval=100,
)

va_pred = booster.predict(X_va, num_iteration=booster.best_iteration)
rmse = mean_squared_error(y_va, va_pred) ** 0.5
print(f"best iteration: {booster.best_iteration}")
print(f"Validation RMSE: {rmse:.4f}")

# refit on all rows with the tuned number of rounds
full = lgb.Dataset(train[FEATURES], label=train[TARGET], categorical_feature=["sex"])
final = lgb.train(params, full, num_boost_round=int(booster.best_iteration * 1.1))
test_pred = final.predict(test[FEATURES])

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "progression": test_pred}).to_csv(
    "./submission/submission.csv", index=False
)
print("saved submission")
