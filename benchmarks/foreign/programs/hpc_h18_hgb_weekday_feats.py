#!/usr/bin/env python
# coding: utf-8

# # HPC job runtime class -- HistGradientBoosting
# 
# Idea: queue load depends on when in the week the job was submitted.

# In[1]:


import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.metrics import f1_score, confusion_matrix


# In[2]:


train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
train.head()


# In[3]:


print(train.shape, test.shape)
print(train.describe().T)
print(train.isna().sum().sum(), "missing")


# In[4]:


print(train["class"].value_counts())
print(train["day"].value_counts())


# In[5]:


tab = pd.pivot_table(train, index="day", columns="class", values="id", aggfunc="count", fill_value=0)
print(tab.div(tab.sum(axis=1), axis=0).round(3))


# In[6]:


train["hour_int"] = train["hour"].astype(int)
by_hour = train.groupby("hour_int")["num_pending"].mean()
print(by_hour.round(1))
by_hour.plot(marker=".")
plt.ylabel("mean num_pending")
plt.savefig("pending_by_hour.png")
plt.close()
train = train.drop(columns="hour_int")


# In[7]:


print(train[["compounds", "input_fields", "iterations", "num_pending", "hour"]].corr(method="spearman").round(2))


# In[8]:


fig, ax = plt.subplots(figsize=(7, 5))
for cls, d in train.groupby("class"):
    ax.hist(np.log10(d["input_fields"]), bins=40, alpha=0.45, label=cls)
ax.legend()
plt.savefig("input_fields_by_class.png")
plt.close()


# ## feature engineering

# In[9]:


def time_features(d):
    d = d.copy()
    d["dow"] = pd.to_datetime(d["day"], format="%A").dt.dayofweek
    d["week_hour"] = d["dow"] * 24 + d["hour"]
    d["weekend"] = (d["dow"] >= 5).astype(int)
    d["office_hours"] = ((d["hour"] >= 8) & (d["hour"] < 18) & (d["dow"] < 5)).astype(int)
    return d


def size_features(d):
    d = d.copy()
    d["log_comp"] = np.log(d["compounds"])
    d["log_fields"] = np.log(d["input_fields"])
    d["log_pending"] = np.log1p(d["num_pending"])
    d["log_total"] = d["log_comp"] + d["log_fields"] + np.log(d["iterations"])
    return d


full = pd.concat([train.drop(columns="class"), test], ignore_index=True)
full = size_features(full)
full = time_features(full)
full["pending_rel_hour"] = full["log_pending"] - full.groupby(full["week_hour"] // 3)["log_pending"].transform("mean")
full["proto_code"] = full["protocol"].astype("category").cat.codes
full["comp_rank_in_proto"] = full.groupby("protocol")["compounds"].rank(pct=True)
full.head()


# In[10]:


drop = ["id", "protocol", "day"]
feats = [c for c in full.columns if c not in drop]
X = full.iloc[:len(train)][feats].values
X_test = full.iloc[len(train):][feats].values
y = train["class"].values
cat_mask = [c == "proto_code" for c in feats]
print(len(feats), X.shape)


# ## model

# In[11]:


hgb = HistGradientBoostingClassifier(learning_rate=0.06, max_iter=300, max_leaf_nodes=31,
                                     min_samples_leaf=10, l2_regularization=0.5,
                                     categorical_features=cat_mask, class_weight="balanced",
                                     random_state=5)
skf = StratifiedKFold(n_splits=4, shuffle=True, random_state=5)
oof = cross_val_predict(hgb, X, y, cv=skf, n_jobs=1)
print(confusion_matrix(y, oof, labels=["VF", "F", "M", "L"]))
print("CV macro-F1 =", round(f1_score(y, oof, average="macro"), 4))


# In[12]:


hgb.fit(X, y)
sub = pd.DataFrame({"id": test["id"].values, "class": hgb.predict(X_test)})
sub.to_csv("./submission/submission.csv", index=False)
print(sub["class"].value_counts())
