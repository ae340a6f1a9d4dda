#!/usr/bin/env python
# coding: utf-8

# In[1]:


import pandas as pd
import numpy as np
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss, roc_auc_score
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import ExtraTreesClassifier
import warnings
warnings.filterwarnings("ignore")


# In[2]:


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(train.shape)
print(test.shape)
train.head(10)


# In[3]:


train.describe().T


# In[4]:


print(train.isnull().sum())
print(test.isnull().sum())


# In[5]:


for c in ["Home", "Marital", "Records", "Job"]:
    print(train[c].value_counts(dropna=False))
    print(train.groupby(c)["Status"].mean().round(3))
    print("-" * 30)


# In[6]:


# Income missing in ~9% -> is missingness informative?
print(train.groupby(train.Income.isnull())["Status"].mean())


# In[7]:


all_df = pd.concat([train, test], sort=False).reset_index(drop=True)
ntrain = train.shape[0]

all_df["Income_na"] = all_df["Income"].isnull().astype(int)
all_df["Income"] = all_df["Income"].fillna(all_df["Income"].median())
all_df["Assets"] = all_df["Assets"].fillna(0)
all_df["Debt"] = all_df["Debt"].fillna(0)
for c in ["Home", "Marital", "Job"]:
    all_df[c] = all_df[c].fillna("missing")


# In[8]:


# ratios
all_df["amount_price"] = all_df["Amount"] / all_df["Price"]
all_df["inc_exp"] = all_df["Income"] - all_df["Expenses"]
all_df["monthly_pay"] = all_df["Amount"] / all_df["Time"]
all_df["pay_income"] = all_df["monthly_pay"] / (all_df["Income"] + 1)
all_df["net_assets"] = all_df["Assets"] - all_df["Debt"]
all_df["log_assets"] = np.log1p(all_df["Assets"])
all_df["sen_age"] = all_df["Seniority"] / all_df["Age"]


# In[9]:


all_df["age_bin"] = pd.cut(all_df["Age"], bins=[17, 25, 30, 35, 40, 50, 70], labels=False)
all_df["amount_q"] = pd.qcut(all_df["Amount"], 10, labels=False, duplicates="drop")
all_df["seniority_q"] = pd.cut(all_df["Seniority"], bins=[-1, 0, 1, 3, 6, 10, 20, 50], labels=False)
print(all_df[["age_bin", "amount_q", "seniority_q"]].nunique())


# In[10]:


all_df["Records"] = (all_df["Records"] == "yes").astype(int)
for c in ["Home", "Marital", "Job"]:
    all_df[c + "_freq"] = all_df[c].map(all_df[c].value_counts())
    all_df[c] = all_df[c].astype("category")


# In[11]:


# smoothed target encoding for Job x Home, fitted out of fold on train
all_df["job_home"] = all_df["Job"].astype(str) + "|" + all_df["Home"].astype(str)
tr = all_df[:ntrain].copy()
te = all_df[ntrain:].copy()
prior = tr["Status"].mean()
m = 20

tr["job_home_te"] = np.nan
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=7)
for a, b in skf.split(tr, tr["Status"]):
    g = tr.iloc[a].groupby("job_home")["Status"].agg(["mean", "count"])
    smooth = (g["mean"] * g["count"] + prior * m) / (g["count"] + m)
    tr.iloc[b, tr.columns.get_loc("job_home_te")] = tr.iloc[b]["job_home"].map(smooth).values
tr["job_home_te"] = tr["job_home_te"].fillna(prior)

g = tr.groupby("job_home")["Status"].agg(["mean", "count"])
smooth = (g["mean"] * g["count"] + prior * m) / (g["count"] + m)
te["job_home_te"] = te["job_home"].map(smooth).fillna(prior)
print(smooth.sort_values())


# In[12]:


features = [c for c in tr.columns if c not in ["id", "Status", "job_home"]]
print(len(features), features)
X = tr[features]
y = tr["Status"].astype(int)
X_test = te[features]


# In[13]:


# linear model needs dummies + scaling
X_lin = pd.get_dummies(pd.concat([X, X_test]), columns=["Home", "Marital", "Job"], dtype=float)
X_lin = (X_lin - X_lin.mean()) / X_lin.std()
X_lin_tr = X_lin[:ntrain]
X_lin_te = X_lin[ntrain:]


# In[14]:


models = {
    "lr": LogisticRegression(C=0.3, max_iter=3000),
    "et": ExtraTreesClassifier(n_estimators=300, min_samples_leaf=5, max_features=0.5, n_jobs=2, random_state=7),
    "lgb": lgb.LGBMClassifier(n_estimators=350, learning_rate=0.02, num_leaves=16, min_child_samples=30,
                              subsample=0.8, subsample_freq=1, colsample_bytree=0.6, reg_lambda=3,
                              random_state=7, verbose=-1),
}

oofs = {}
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=42)
for name, clf in models.items():
    oof = np.zeros(ntrain)
    for trn_idx, val_idx in skf.split(X, y):
        if name == "lgb":
            clf.fit(X.iloc[trn_idx], y.iloc[trn_idx])
            oof[val_idx] = clf.predict_proba(X.iloc[val_idx])[:, 1]
        else:
            clf.fit(X_lin_tr.iloc[trn_idx], y.iloc[trn_idx])
            oof[val_idx] = clf.predict_proba(X_lin_tr.iloc[val_idx])[:, 1]
    oofs[name] = oof
    print(name, "logloss %.5f  auc %.5f" % (log_loss(y, oof), roc_auc_score(y, oof)))


# In[15]:


# simple blend check
blend = 0.2 * oofs["lr"] + 0.2 * oofs["et"] + 0.6 * oofs["lgb"]
print("blend logloss %.5f" % log_loss(y, blend))

scores = {k: log_loss(y, v) for k, v in oofs.items()}
scores["blend"] = log_loss(y, blend)
print(pd.Series(scores).sort_values())


# In[16]:


best = min(scores, key=scores.get)
print("going with", best)

preds = {}
for name, clf in models.items():
    if name == "lgb":
        clf.fit(X, y)
        preds[name] = clf.predict_proba(X_test)[:, 1]
    else:
        clf.fit(X_lin_tr, y)
        preds[name] = clf.predict_proba(X_lin_te)[:, 1]

if best == "blend":
    final = 0.2 * preds["lr"] + 0.2 * preds["et"] + 0.6 * preds["lgb"]
else:
    final = preds[best]


# In[17]:


sub = pd.DataFrame({"id": te["id"].astype(int).values, "Status": np.clip(final, 0.005, 0.995)})
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
print(sub["Status"].mean(), y.mean())
