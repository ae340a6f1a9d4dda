#!/usr/bin/env python
# coding: utf-8

# # HPC job run-time class
# VF / F / M / L, scored with macro F1 -> the rare L and M classes matter a lot

# In[1]:


import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import f1_score, confusion_matrix, classification_report


# In[2]:


train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape, test.shape)
train.head()


# In[3]:


print(train.head(8))
print(train.describe())


# In[4]:


print(train.isna().sum())
print(train["class"].value_counts())
print(train["class"].value_counts(normalize=True).round(3))


# In[5]:


print(pd.crosstab(train["protocol"], train["class"]))


# In[6]:


print(train.groupby("class")[["compounds", "input_fields", "iterations", "num_pending"]].median())


# In[7]:


fig, axes = plt.subplots(1, 3, figsize=(15, 4))
for cls in ["VF", "F", "M", "L"]:
    d = train[train["class"] == cls]
    axes[0].scatter(np.log1p(d.compounds), np.log1p(d.input_fields), s=4, alpha=0.5, label=cls)
axes[0].set_xlabel("log compounds"); axes[0].set_ylabel("log input_fields"); axes[0].legend()
train["hour"].plot.hist(bins=48, ax=axes[1], title="hour")
train["day"].value_counts().plot.bar(ax=axes[2], title="day")
plt.tight_layout()
plt.savefig("hpc_eda.png")
plt.close()


# In[8]:


num = train.select_dtypes("number").drop(columns="id")
print(np.log1p(num).corr().round(2))


# ## features

# In[9]:


day_map = {"Mon": 0, "Tue": 1, "Wed": 2, "Thu": 3, "Fri": 4, "Sat": 5, "Sun": 6}

full = pd.concat([train.drop(columns="class"), test], ignore_index=True)
full["dow"] = full["day"].map(day_map)
full["weekend"] = (full["dow"] >= 5).astype(int)
full["week_hour"] = full["dow"] * 24 + full["hour"]
full["hour_sin"] = np.sin(2 * np.pi * full["hour"] / 24)
full["hour_cos"] = np.cos(2 * np.pi * full["hour"] / 24)
for c in ["compounds", "input_fields", "num_pending"]:
    full["log_" + c] = np.log1p(full[c])
full["work"] = full["log_compounds"] + full["log_input_fields"] + np.log(full["iterations"])
full["fields_per_compound"] = full["input_fields"] / full["compounds"]

# how big is this job relative to others in the same protocol
grp = full.groupby("protocol")
full["work_rel_proto"] = full["work"] - grp["work"].transform("median")
full["proto_size"] = grp["id"].transform("count")
full["compounds_rank_proto"] = grp["compounds"].rank(pct=True)
print(full.filter(like="_proto").describe())


# In[10]:


full["protocol"] = full["protocol"].astype("category")
full = full.drop(columns=["day"])
feats = [c for c in full.columns if c != "id"]

X = full.iloc[: len(train)][feats].reset_index(drop=True)
X_test = full.iloc[len(train):][feats].reset_index(drop=True)
classes = ["F", "L", "M", "VF"]
y = train["class"].map({c: i for i, c in enumerate(classes)}).values
print(X.shape, X_test.shape, np.bincount(y))


# ## LGBM, balanced class weights

# In[11]:


clf_params = dict(objective="multiclass", n_estimators=400, learning_rate=0.05, num_leaves=31,
                  min_child_samples=10, colsample_bytree=0.8, subsample=0.8, subsample_freq=1,
                  class_weight="balanced", reg_lambda=1.0, n_jobs=2, verbose=-1, random_state=3)

skf = StratifiedKFold(n_splits=4, shuffle=True, random_state=3)
oof = np.zeros((len(X), 4))
test_proba = np.zeros((len(X_test), 4))
for k, (tr, va) in enumerate(skf.split(X, y)):
    m = lgb.LGBMClassifier(**clf_params)
    m.fit(X.iloc[tr], y[tr], eval_set=[(X.iloc[va], y[va])],
          callbacks=[lgb.early_stopping(50, verbose=False)])
    oof[va] = m.predict_proba(X.iloc[va])
    test_proba += m.predict_proba(X_test) / skf.get_n_splits()
    print(k, m.best_iteration_, round(f1_score(y[va], oof[va].argmax(1), average="macro"), 4))


# In[12]:


oof_pred = oof.argmax(1)
print(confusion_matrix(y, oof_pred))
print(classification_report(y, oof_pred, target_names=classes, digits=3))
print(f"CV macro F1: {f1_score(y, oof_pred, average='macro'):.4f}")


# In[13]:


pred = np.array(classes)[test_proba.argmax(1)]
sub = pd.DataFrame({"id": test["id"], "class": pred})
print(sub["class"].value_counts())
sub.to_csv("./submission/submission.csv", index=False)
