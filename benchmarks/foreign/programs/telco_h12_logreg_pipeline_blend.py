#!/usr/bin/env python
# coding: utf-8

# # Churn: logistic regression pipeline + HGB, simple blend

# In[1]:


import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.model_selection import train_test_split
from sklearn.compose import ColumnTransformer
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler, OrdinalEncoder
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.metrics import roc_auc_score


# In[2]:


df = pd.read_csv("./input/train.csv")
df_test = pd.read_csv("./input/test.csv")
df.head()


# In[3]:


print(df.info())
print(df.head(3).T)


# In[4]:


print(df.isna().sum().sort_values(ascending=False).head(5))
print(df[df.total_charges.isna()][["tenure", "monthly_charges", "total_charges", "churn"]])


# In[5]:


for c in ["contract", "internet_service", "payment_method", "tech_support"]:
    print(df.groupby(c)["churn"].agg(["mean", "count"]).round(3))
    print()


# In[6]:


corr = df.select_dtypes("number").drop(columns="id").corr()
print(corr["churn"].sort_values())

plt.figure(figsize=(8, 7))
plt.imshow(corr.values, cmap="coolwarm", vmin=-1, vmax=1)
plt.xticks(range(len(corr)), corr.columns, rotation=90)
plt.yticks(range(len(corr)), corr.columns)
plt.colorbar()
plt.tight_layout()
plt.savefig("corr_numeric.png", dpi=80)
plt.close()


# In[7]:


df.boxplot(column="monthly_charges", by="churn", figsize=(5, 4))
plt.savefig("monthly_by_churn.png")
plt.close()


# ## features

# In[8]:


def add_feats(d):
    d = d.copy()
    # tenure 0 customers have no total yet
    d.loc[d["tenure"] == 0, "total_charges"] = 0.0
    d["log_total"] = np.log1p(d["total_charges"])
    d["fiber"] = (d["internet_service"] == "Fiber optic").astype(int)
    d["no_support"] = ((d["tech_support"] == "No") & (d["online_security"] == "No")).astype(int)
    d["streams"] = (d[["streaming_tv", "streaming_movies"]] == "Yes").sum(axis=1)
    d["family"] = d["partner"] + d["dependents"]
    return d

df = add_feats(df)
df_test = add_feats(df_test)
print(df[["log_total", "fiber", "no_support", "streams", "family"]].describe())


# In[9]:


# payment method summary table merged back as a feature (no target in it, just charges)
pay = (pd.concat([df, df_test])
       .groupby("payment_method")
       .agg(pay_mean_monthly=("monthly_charges", "mean"), pay_mean_tenure=("tenure", "mean"))
       .reset_index())
print(pay)
df = df.merge(pay, on="payment_method", how="left")
df_test = df_test.merge(pay, on="payment_method", how="left")
df["tenure_vs_pay"] = df["tenure"] - df["pay_mean_tenure"]
df_test["tenure_vs_pay"] = df_test["tenure"] - df_test["pay_mean_tenure"]
print(df.shape, df_test.shape)


# In[10]:


cat_cols = df.select_dtypes(include=["object", "string"]).columns.tolist()
num_cols = [c for c in df.columns if c not in cat_cols + ["id", "churn"]]
print(cat_cols)
print(num_cols)

X = df[cat_cols + num_cols]
y = df["churn"]
X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y, random_state=7)
X_tr.shape, X_va.shape


# In[11]:


pre_lr = ColumnTransformer([
    ("num", Pipeline([("imp", SimpleImputer(strategy="median")), ("sc", StandardScaler())]), num_cols),
    ("cat", OneHotEncoder(handle_unknown="ignore"), cat_cols),
])
lr = Pipeline([("pre", pre_lr), ("clf", LogisticRegression(C=0.5, max_iter=2000))])
lr.fit(X_tr, y_tr)
p_lr = lr.predict_proba(X_va)[:, 1]
print("logreg auc", roc_auc_score(y_va, p_lr))


# In[12]:


pre_hgb = ColumnTransformer([
    ("cat", OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1), cat_cols),
    ("num", "passthrough", num_cols),
])
hgb = Pipeline([
    ("pre", pre_hgb),
    ("clf", HistGradientBoostingClassifier(learning_rate=0.05, max_iter=250, max_leaf_nodes=15,
                                           l2_regularization=1.0, categorical_features=list(range(len(cat_cols))),
                                           random_state=0)),
])
hgb.fit(X_tr, y_tr)
p_hgb = hgb.predict_proba(X_va)[:, 1]
print("hgb auc", roc_auc_score(y_va, p_hgb))


# In[13]:


for w in [0.0, 0.3, 0.5, 0.7, 1.0]:
    print(w, round(roc_auc_score(y_va, w * p_lr + (1 - w) * p_hgb), 4))

w = 0.6
p = w * p_lr + (1 - w) * p_hgb
print(f"Validation AUC: {roc_auc_score(y_va, p):.4f}")


# ## refit on everything + submit

# In[14]:


lr.fit(X, y)
hgb.fit(X, y)
X_test = df_test[cat_cols + num_cols]
pred = w * lr.predict_proba(X_test)[:, 1] + (1 - w) * hgb.predict_proba(X_test)[:, 1]

sub = pd.DataFrame({"id": df_test["id"], "churn": pred})
sub.to_csv("./submission/submission.csv", index=False)
sub.describe()
