#!/usr/bin/env python
# coding: utf-8
# Credit risk -- LightGBM native API, 5 fold

# In[1]:
import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss, roc_auc_score

SEED = 2024

# In[2]:
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
sub = pd.read_csv("./input/sample_submission.csv")
print(train.shape, test.shape)
train.head()
print(train.dtypes)

# In[3]:
print(train.describe())
for c in ["Home", "Marital", "Records", "Job"]:
    print(train[c].value_counts(dropna=False))

# In[4]:
full = pd.concat([train.drop(columns="Status"), test], axis=0, ignore_index=True)
full["amount_price"] = full["Amount"] / full["Price"]
full["inc_exp"] = full["Income"] - full["Expenses"]
full["debt_assets"] = full["Debt"] / (full["Assets"] + 1)
# mean amount by job type / home
full["job_amount_mean"] = full.groupby("Job")["Amount"].transform("mean")
full["home_income_mean"] = full.groupby("Home")["Income"].transform("mean")
full["amount_vs_job"] = full["Amount"] / full["job_amount_mean"]
for c in ["Home", "Marital", "Records", "Job"]:
    full[c] = full[c].astype("category")

X = full.iloc[: len(train)].drop(columns="id").reset_index(drop=True)
X_test = full.iloc[len(train):].drop(columns="id").reset_index(drop=True)
y = train["Status"].values
print(X.shape, X_test.shape)

# In[5]:
params = dict(objective="binary", metric="binary_logloss", learning_rate=0.03,
              num_leaves=20, min_child_samples=25, feature_fraction=0.8,
              bagging_fraction=0.8, bagging_freq=1, lambda_l2=2.0,
              seed=SEED, verbose=-1, num_threads=1)

skf = StratifiedKFold(5, shuffle=True, random_state=SEED)
oof = np.zeros(len(X))
preds = np.zeros(len(X_test))
for fold, (tr, va) in enumerate(skf.split(X, y)):
    dtr = lgb.Dataset(X.iloc[tr], y[tr])
    dva = lgb.Dataset(X.iloc[va], y[va], reference=dtr)
    bst = lgb.train(params, dtr, num_boost_round=2000, valid_sets=[dva],
                    callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)])
    oof[va] = bst.predict(X.iloc[va], num_iteration=bst.best_iteration)[:, 1]
    preds += bst.predict(X_test, num_iteration=bst.best_iteration)[:, 1] / 5
    print(f"fold {fold}: it={bst.best_iteration} logloss={log_loss(y[va], oof[va]):.4f}")

# In[6]:
print(f"Validation logloss: {log_loss(y, oof):.4f}")
print("AUC:", roc_auc_score(y, oof))

# In[7]:
os.makedirs("./submission", exist_ok=True)
sub["Status"] = preds
sub.to_csv("./submission/submission.csv", index=False)
