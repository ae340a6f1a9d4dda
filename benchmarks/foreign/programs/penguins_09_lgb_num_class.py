import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

label_map = {"Adelie": 0, "Chinstrap": 1, "Gentoo": 2}
train["label"] = train["species"].map(label_map)
for df in (train, test):
    df["island"] = df["island"].astype("category")
    df["sex"] = df["sex"].astype("category")

FEATURES = ["island", "bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g", "sex", "year"]
tr, va = train_test_split(train, test_size=0.2, random_state=3, stratify=train["label"])

params = dict(objective="multiclass", metric="multi_logloss", learning_rate=0.03, num_leaves=7, verbose=-1)
dtr = lgb.Dataset(tr[FEATURES], tr["label"])
dva = lgb.Dataset(va[FEATURES], va["label"])
model = lgb.train(
    params,
    dtr,
    num_boost_round=1000,
    valid_sets=[dtr, dva],
    valid_names=["train", "valid"],
    callbacks=[lgb.early_stopping(40), lgb.log_evaluation(100)],
)
print("best iteration:", model.best_iteration)
print("valid multi_logloss:", model.best_score["valid"]["multi_logloss"])

pred = model.predict(test[FEATURES], num_iteration=model.best_iteration)
sub = pd.DataFrame(pred, columns=list(label_map))
sub.insert(0, "id", test["id"])
sub.to_csv("./submission/submission.csv", index=False)
