#!/usr/bin/env python
# coding: utf-8
# Health insurance (3 binary labels) - one model per label, OOF AUC

# In[1]:
import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.compose import ColumnTransformer
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.pipeline import Pipeline
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

TARGETS = ["health", "limit", "insurance"]

# In[2]:
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.head())
print(train[TARGETS].mean())
print(train[TARGETS].corr())
print(pd.crosstab(train["education"], train["insurance"], normalize="index"))

# In[3]:
edu_order = {"none": 0, "ged": 1, "highschool": 2, "other": 2, "bachelor": 3, "master": 4, "phd": 5}
for df in (train, test):
    df["edu_level"] = df["education"].map(edu_order).fillna(2)
    df["age_sq"] = df["age"] ** 2
    df["fam_large"] = (df["family"] >= 4).astype(int)
# age-band x region counts
for df in (train, test):
    df["age_band"] = (df["age"] // 10).astype(int)
cnt = pd.concat([train, test]).groupby(["region", "age_band"]).size().rename("reg_age_cnt").reset_index()
train = train.merge(cnt, on=["region", "age_band"], how="left")
test = test.merge(cnt, on=["region", "age_band"], how="left")

cats = ["gender", "married", "selfemp", "region", "ethnicity", "education"]
nums = ["age", "age_sq", "family", "edu_level", "fam_large", "reg_age_cnt"]
for c in cats:
    train[c + "_cat"] = pd.Categorical(train[c])
    test[c + "_cat"] = pd.Categorical(test[c], categories=train[c + "_cat"].cat.categories)
lgb_feats = nums + [c + "_cat" for c in cats]

# In[4]:
lr_pipe = Pipeline([
    ("ct", ColumnTransformer([("oh", OneHotEncoder(handle_unknown="ignore"), cats),
                              ("sc", StandardScaler(), nums)])),
    ("lr", LogisticRegression(C=1.0, max_iter=2000)),
])

sub = pd.read_csv("./input/sample_submission.csv")
assert (sub["id"].values == test["id"].values).all()
aucs = []
for t in TARGETS:
    y = train[t].values
    oof = np.zeros((len(train), 2))
    tp = np.zeros((len(test), 2))
    skf = StratifiedKFold(5, shuffle=True, random_state=17)
    for a, b in skf.split(train, y):
        m = lgb.LGBMClassifier(n_estimators=1500, learning_rate=0.03, num_leaves=15, min_child_samples=40,
                               colsample_bytree=0.8, subsample=0.8, subsample_freq=1, reg_lambda=1.0,
                               random_state=17, n_jobs=1, verbose=-1)
        m.fit(train.iloc[a][lgb_feats], y[a], eval_set=[(train.iloc[b][lgb_feats], y[b])],
              eval_metric="auc", callbacks=[lgb.early_stopping(100, verbose=False)])
        oof[b, 0] = m.predict_proba(train.iloc[b][lgb_feats])[:, 1]
        tp[:, 0] += m.predict_proba(test[lgb_feats])[:, 1] / 5
        lr_pipe.fit(train.iloc[a], y[a])
        oof[b, 1] = lr_pipe.predict_proba(train.iloc[b])[:, 1]
        tp[:, 1] += lr_pipe.predict_proba(test)[:, 1] / 5
    blend = 0.6 * oof[:, 0] + 0.4 * oof[:, 1]
    auc = roc_auc_score(y, blend)
    aucs.append(auc)
    print(f"{t}: lgb {roc_auc_score(y, oof[:, 0]):.4f} lr {roc_auc_score(y, oof[:, 1]):.4f} blend {auc:.4f}")
    sub[t] = 0.6 * tp[:, 0] + 0.4 * tp[:, 1]

print(f"Validation AUC (mean): {np.mean(aucs):.4f}")

# In[5]:
os.makedirs("./submission", exist_ok=True)
sub.to_csv("./submission/submission.csv", index=False)
print(sub.describe())
