# Seattle weather - native lightgbm with stratified k-fold
import os
import warnings
warnings.filterwarnings("ignore")

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.preprocessing import LabelEncoder
from sklearn.metrics import accuracy_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

print("train:", train.shape)
print("test:", test.shape)

train["date"] = pd.to_datetime(train["date"], format="%Y-%m-%d")
test["date"] = pd.to_datetime(test["date"], format="%Y-%m-%d")
for df in [train, test]:
    df["year"] = df["date"].dt.year
    df["month"] = df["date"].dt.month
    df["day"] = df["date"].dt.day
    df["weekday"] = df["date"].dt.weekday
    df["temp_mean"] = (df["temp_max"] + df["temp_min"]) / 2
    df["temp_diff"] = df["temp_max"] - df["temp_min"]

le = LabelEncoder()
train["target"] = le.fit_transform(train["weather"])
n_classes = len(le.classes_)
print("classes:", list(le.classes_))

FEATURES = ["precipitation", "temp_max", "temp_min", "wind", "month", "day", "weekday",
            "temp_mean", "temp_diff"]

params = {
    "objective": "multiclass",
    "metric": "multi_logloss",
    "learning_rate": 0.05,
    "num_leaves": 15,
    "min_data_in_leaf": 10,
    "feature_fraction": 0.9,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "verbose": -1,
    "seed": 2024,
}

X = train[FEATURES]
y = train["target"]
oof = np.zeros((len(train), n_classes))
test_pred = np.zeros((len(test), n_classes))

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=2024)
for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y)):
    print(f"----- fold {fold} -----  train={len(tr_idx)} valid={len(va_idx)}")
    dtrain = lgb.Dataset(X.iloc[tr_idx], label=y.iloc[tr_idx])
    dvalid = lgb.Dataset(X.iloc[va_idx], label=y.iloc[va_idx], reference=dtrain)
    booster = lgb.train(
        params,
        dtrain,
        num_boost_round=1000,
        valid_sets=[dvalid],
        callbacks=[lgb.early_stopping(50), lgb.log_evaluation(100)],
    )
    oof[va_idx] = booster.predict(X.iloc[va_idx], num_iteration=booster.best_iteration)
    test_pred += booster.predict(test[FEATURES], num_iteration=booster.best_iteration) / skf.n_splits
    print("fold acc:", accuracy_score(y.iloc[va_idx], oof[va_idx].argmax(axis=1)))

cv_acc = accuracy_score(y, oof.argmax(axis=1))
sub = pd.DataFrame({"id": test["id"], "weather": le.inverse_transform(test_pred.argmax(axis=1))})
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(f"CV accuracy: {cv_acc:.4f}")
