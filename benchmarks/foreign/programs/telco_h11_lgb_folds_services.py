#!/usr/bin/env python
# coding: utf-8

# # Telco churn - LightGBM baseline
# 
# First pass: look at the data, a few count features, 5-fold lgb.train with early stopping.

# In[1]:


import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

pd.set_option("display.max_columns", 50)
pd.set_option("display.width", 200)


# In[2]:


train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
sub = pd.read_csv("./input/sample_submission.csv")
print(train.shape, test.shape, sub.shape)
train.head()
print(train.head())


# In[3]:


print(train.describe().T)


# In[4]:


train.isna().sum()
print(train.isna().sum()[train.isna().sum() > 0])
print(test.isna().sum()[test.isna().sum() > 0])


# In[5]:


print(train["churn"].value_counts(normalize=True))
print(train["contract"].value_counts())


# In[6]:


# churn rate by contract / internet
pt = pd.pivot_table(train, index="contract", columns="internet_service", values="churn", aggfunc="mean")
print(pt.round(3))


# In[7]:


fig, ax = plt.subplots(1, 2, figsize=(11, 4))
train.loc[train.churn == 0, "tenure"].hist(bins=36, alpha=0.6, ax=ax[0], label="stay")
train.loc[train.churn == 1, "tenure"].hist(bins=36, alpha=0.6, ax=ax[0], label="churn")
ax[0].legend()
ax[0].set_title("tenure")
train.groupby("payment_method")["churn"].mean().sort_values().plot.barh(ax=ax[1])
ax[1].set_title("churn rate by payment")
plt.tight_layout()
plt.savefig("tenure_payment.png")
plt.close()


# In[8]:


num_cols = ["tenure", "monthly_charges", "total_charges"]
print(train[num_cols + ["churn"]].corr())


# ## Feature engineering

# In[9]:


df = pd.concat([train.drop(columns="churn"), test], axis=0, ignore_index=True)
print(df.shape)

service_cols = ["online_security", "online_backup", "device_protection", "tech_support",
                "streaming_tv", "streaming_movies"]
df["n_services"] = df[service_cols].apply(lambda r: (r == "Yes").sum(), axis=1)
df["n_services"] = df["n_services"] + df["phone_service"] + (df["multiple_lines"] == "Yes").astype(int)
df["n_services"].value_counts().sort_index()


# In[10]:


# avg charge per month actually paid vs. current monthly charge
df["avg_charge"] = df["total_charges"] / df["tenure"].replace(0, np.nan)
df["charge_diff"] = df["monthly_charges"] - df["avg_charge"]
df["contract_months"] = df["contract"].map({"Month-to-month": 1, "One year": 12, "Two year": 24})
df["charge_vs_contract"] = df["monthly_charges"] - df.groupby("contract")["monthly_charges"].transform("mean")
df["charge_vs_internet"] = df["monthly_charges"] / df.groupby("internet_service")["monthly_charges"].transform("median")
df["tenure_bucket"] = pd.cut(df["tenure"], bins=[-1, 6, 12, 24, 48, 80], labels=False)
df["auto_pay"] = df["payment_method"].str.contains("automatic").astype(int)
print(df[["avg_charge", "charge_diff", "charge_vs_contract", "charge_vs_internet"]].describe())


# In[11]:


cat_cols = [c for c in df.columns if df[c].dtype == "object" or str(df[c].dtype) in ("str", "string")]
print(cat_cols)
for c in cat_cols:
    df[c] = df[c].astype("category")

features = [c for c in df.columns if c != "id"]
X = df.iloc[: len(train)][features].reset_index(drop=True)
X_test = df.iloc[len(train):][features].reset_index(drop=True)
y = train["churn"].values
print(X.shape, X_test.shape, len(features))


# ## Model

# In[12]:


params = {
    "objective": "binary",
    "metric": "auc",
    "learning_rate": 0.03,
    "num_leaves": 15,
    "min_data_in_leaf": 40,
    "feature_fraction": 0.7,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 2.0,
    "verbose": -1,
    "num_threads": 2,
    "seed": 42,
}

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=42)
oof = np.zeros(len(X))
pred = np.zeros(len(X_test))
best_iters = []

for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y)):
    dtr = lgb.Dataset(X.iloc[tr_idx], label=y[tr_idx])
    dva = lgb.Dataset(X.iloc[va_idx], label=y[va_idx], reference=dtr)
    model = lgb.train(params, dtr, num_boost_round=1500, valid_sets=[dva],
                      callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)])
    oof[va_idx] = model.predict(X.iloc[va_idx], num_iteration=model.best_iteration)
    pred += model.predict(X_test, num_iteration=model.best_iteration) / skf.n_splits
    best_iters.append(model.best_iteration)
    print(f"fold {fold}: auc {roc_auc_score(y[va_idx], oof[va_idx]):.4f}  iters {model.best_iteration}")

print(f"Validation AUC: {roc_auc_score(y, oof):.4f}")


# In[13]:


imp = pd.Series(model.feature_importance("gain"), index=features).sort_values(ascending=False)
print(imp.head(15))
imp.head(20).iloc[::-1].plot.barh(figsize=(6, 6))
plt.tight_layout()
plt.savefig("importance.png")
plt.close()


# In[14]:


sub = pd.DataFrame({"id": test["id"].values, "churn": pred})
sub.to_csv("./submission/submission.csv", index=False)
print(sub.head())
print(sub.shape)
