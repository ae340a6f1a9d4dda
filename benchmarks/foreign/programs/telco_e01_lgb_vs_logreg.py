#!/usr/bin/env python
# coding: utf-8
# Telco churn: LightGBM vs logistic regression, then rank-average

# In[1]:
import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

# In[2]:
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape, test.shape)
print(train.head())
print(train.churn.value_counts(normalize=True))
print(train.groupby("contract")["churn"].mean())
print(train.groupby("payment_method")["churn"].mean())

# In[3]:
cat_cols = [c for c in train.columns if train[c].dtype == "str"]
print("categorical:", cat_cols)
full = pd.concat([train.drop(columns="churn"), test], ignore_index=True)
full["charges_per_month"] = full["total_charges"] / full["tenure"].replace(0, np.nan)
full["charge_gap"] = full["monthly_charges"] - full["charges_per_month"]
svc_cols = ["online_security", "online_backup", "device_protection", "tech_support", "streaming_tv", "streaming_movies"]
full["n_services"] = (full[svc_cols] == "Yes").sum(axis=1)
full["tenure_bin"] = pd.cut(full["tenure"], [-1, 6, 12, 24, 48, 100], labels=False)
full = pd.get_dummies(full, columns=cat_cols, dtype=int)
X = full.iloc[: len(train)].drop(columns="id").reset_index(drop=True)
X_test = full.iloc[len(train):].drop(columns="id").reset_index(drop=True)
y = train["churn"].values
print(X.shape)

# In[4]:
skf = StratifiedKFold(5, shuffle=True, random_state=31)
oof = np.zeros((len(X), 2))
pt = np.zeros((len(X_test), 2))
for k, (a, b) in enumerate(skf.split(X, y)):
    gbm = lgb.LGBMClassifier(n_estimators=2000, learning_rate=0.02, num_leaves=15, min_child_samples=40,
                             subsample=0.8, subsample_freq=1, colsample_bytree=0.7, reg_lambda=3,
                             random_state=31, n_jobs=1, verbose=-1)
    gbm.fit(X.iloc[a], y[a], eval_set=[(X.iloc[b], y[b])], eval_metric="auc",
            callbacks=[lgb.early_stopping(150, verbose=False)])
    oof[b, 0] = gbm.predict_proba(X.iloc[b])[:, 1]
    pt[:, 0] += gbm.predict_proba(X_test)[:, 1] / 5

    sc = StandardScaler().fit(X.iloc[a])
    lr = LogisticRegression(C=0.5, max_iter=3000)
    lr.fit(sc.transform(X.iloc[a]), y[a])
    oof[b, 1] = lr.predict_proba(sc.transform(X.iloc[b]))[:, 1]
    pt[:, 1] += lr.predict_proba(sc.transform(X_test))[:, 1] / 5
    print(f"fold {k}: lgb {roc_auc_score(y[b], oof[b, 0]):.4f}  lr {roc_auc_score(y[b], oof[b, 1]):.4f}")

# In[5]:
rank = lambda v: pd.Series(v).rank(pct=True).values
blend = 0.5 * rank(oof[:, 0]) + 0.5 * rank(oof[:, 1])
print(f"Validation AUC: {roc_auc_score(y, blend):.4f}")

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "churn": 0.5 * rank(pt[:, 0]) + 0.5 * rank(pt[:, 1])}).to_csv(
    "./submission/submission.csv", index=False)
