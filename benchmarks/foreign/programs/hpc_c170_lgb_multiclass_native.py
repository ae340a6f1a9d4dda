import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import f1_score
import os

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(train.shape, test.shape)

class_map = {"VF": 0, "F": 1, "M": 2, "L": 3}
inv_map = {v: k for k, v in class_map.items()}
train["y"] = train["class"].map(class_map)
print(train["y"].value_counts().sort_index())

day_map = {"Mon": 0, "Tue": 1, "Wed": 2, "Thu": 3, "Fri": 4, "Sat": 5, "Sun": 6}
for d in [train, test]:
    d["day_num"] = d["day"].map(day_map)
    d["protocol"] = d["protocol"].astype("category")
    d["week_hour"] = d["day_num"] * 24 + d["hour"]
    d["fields_per_compound"] = d["input_fields"] / d["compounds"]
    d["log_pending"] = np.log1p(d["num_pending"])
test["protocol"] = pd.Categorical(test["protocol"], categories=train["protocol"].cat.categories)

features = ["protocol", "compounds", "input_fields", "iterations", "num_pending", "hour", "day_num", "week_hour", "fields_per_compound", "log_pending"]
print(train[features].dtypes)
X = train[features]
y = train["y"].values
X_test = test[features]
print("X", X.shape, "y", y.shape, y.dtype, "max label", y.max())

params = {
    "objective": "multiclass",
    "num_class": int(y.max()),
    "metric": "multi_logloss",
    "learning_rate": 0.05,
    "num_leaves": 31,
    "min_data_in_leaf": 15,
    "feature_fraction": 0.9,
    "bagging_fraction": 0.9,
    "bagging_freq": 1,
    "verbose": -1,
    "num_threads": 1,
    "seed": 5,
}
print(params)

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=5)
oof = np.zeros((len(train), 4))
test_prob = np.zeros((len(test), 4))
for fold, (tr, va) in enumerate(skf.split(X, y)):
    dtr = lgb.Dataset(X.iloc[tr], y[tr])
    dva = lgb.Dataset(X.iloc[va], y[va], reference=dtr)
    booster = lgb.train(
        params, dtr, num_boost_round=1500, valid_sets=[dva],
        callbacks=[lgb.early_stopping(75), lgb.log_evaluation(100)],
    )
    oof[va] = booster.predict(X.iloc[va], num_iteration=booster.best_iteration)
    test_prob += booster.predict(X_test, num_iteration=booster.best_iteration) / 5
    f = f1_score(y[va], oof[va].argmax(1), average="macro")
    print("fold %d  iters %d  macro-F1 %.4f" % (fold, booster.best_iteration, f))

print("OOF macro F1: %.4f" % f1_score(y, oof.argmax(1), average="macro"))

pred = [inv_map[i] for i in test_prob.argmax(1)]
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "class": pred}).to_csv("submission/submission.csv", index=False)
print("done")
