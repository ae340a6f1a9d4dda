#!/usr/bin/env python
# coding: utf-8
# hpc jobs: quick lgb.cv to pick rounds, then full fit

# In[1]:
import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.preprocessing import LabelEncoder
from sklearn.metrics import f1_score
from sklearn.model_selection import train_test_split

# In[2]:
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.head())
print(train.describe())
print(train["day"].value_counts())

# In[3]:
le = LabelEncoder()
y = le.fit_transform(train["class"])
print(dict(zip(le.classes_, np.bincount(y))))

for df in (train, test):
    df["protocol"] = df["protocol"].astype("category")
    df["day"] = df["day"].astype("category")
    df["cmp_per_field"] = df["compounds"] / (df["input_fields"] + 1)
    df["busy"] = (df["num_pending"] > 0).astype(int)
test["protocol"] = test["protocol"].cat.set_categories(train["protocol"].cat.categories)
test["day"] = test["day"].cat.set_categories(train["day"].cat.categories)

feats = ["protocol", "compounds", "input_fields", "iterations", "num_pending", "hour", "day",
         "cmp_per_field", "busy"]

# In[4]:
params = {
    "objective": "multiclass",
    "metric": "multi_logloss",
    "learning_rate": 0.05,
    "num_leaves": 24,
    "min_data_in_leaf": 20,
    "feature_fraction": 0.85,
    "verbose": -1,
    "seed": 1,
    "num_threads": 1,
}
dall = lgb.Dataset(train[feats], y)
cvr = lgb.cv(params, dall, num_boost_round=1500, nfold=5, stratified=True, seed=1,
             callbacks=[lgb.early_stopping(60), lgb.log_evaluation(100)])
n_rounds = len(cvr["valid multi_logloss-mean"])
print("rounds", n_rounds)

# In[5]:
X_tr, X_va, y_tr, y_va = train_test_split(train[feats], y, test_size=0.2, stratify=y, random_state=1)
m = lgb.train(params, lgb.Dataset(X_tr, y_tr), n_rounds)
f1 = f1_score(y_va, m.predict(X_va).argmax(1), average="macro")
print(f"Validation macro F1: {f1:.4f}")

final = lgb.train(params, dall, n_rounds)
os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "class": le.inverse_transform(final.predict(test[feats]).argmax(1))}).to_csv(
    "./submission/submission.csv", index=False)
