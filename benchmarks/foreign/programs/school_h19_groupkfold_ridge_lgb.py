#!/usr/bin/env python
# coding: utf-8

# # HS&B math achievement
# test schools never appear in train -> validate with GroupKFold on School

# In[1]:


import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import lightgbm as lgb
from sklearn.linear_model import Ridge
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.model_selection import GroupKFold
from sklearn.metrics import mean_squared_error


# In[2]:


train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape, test.shape)
train.head()


# In[3]:


print(train.head())
print(train.describe())
print(train.isna().sum())


# In[4]:


print(train["Minority"].value_counts())
print(train["Sex"].value_counts())
print(train["School"].nunique(), "schools in train,", test["School"].nunique(), "in test")
print(len(set(train.School) & set(test.School)), "overlap")


# In[5]:


print(train.groupby(["Minority", "Sex"])["MathAch"].agg(["mean", "std", "count"]).round(2))
print(train[["SES", "MEANSES", "MathAch"]].corr())


# In[6]:


fig, ax = plt.subplots(1, 2, figsize=(12, 4.5))
ax[0].scatter(train["SES"], train["MathAch"], s=3, alpha=0.3)
ax[0].set_xlabel("SES"); ax[0].set_ylabel("MathAch")
school_means = train.groupby("School").agg(MEANSES=("MEANSES", "first"), math=("MathAch", "mean"))
ax[1].scatter(school_means["MEANSES"], school_means["math"], s=12)
ax[1].set_xlabel("school MEANSES"); ax[1].set_ylabel("school mean MathAch")
plt.tight_layout()
plt.savefig("ses_math.png")
plt.close()


# ## features
# everything school-level is computed from the pupils in the file (no target), so it works for new schools too

# In[7]:


full = pd.concat([train.assign(part="train"), test.assign(part="test")], ignore_index=True)
full["minority"] = full["Minority"].map({"Yes": 1, "No": 0})
full["male"] = full["Sex"].map({"Male": 1, "Female": 0})
full["ses_dev"] = full["SES"] - full["MEANSES"]

g = full.groupby("School")
full["sch_size"] = g["id"].transform("size")
full["sch_minority"] = g["minority"].transform("mean")
full["sch_male"] = g["male"].transform("mean")
full["sch_ses_sd"] = g["SES"].transform("std")
full["ses_rank"] = g["SES"].rank(pct=True)
full["single_sex"] = full["sch_male"].isin([0.0, 1.0]).astype(int)
full["min_x_ses"] = full["minority"] * full["SES"]
full["min_x_schmin"] = full["minority"] * full["sch_minority"]
print(full.filter(like="sch_").describe().round(3))


# In[8]:


feats = ["minority", "male", "SES", "MEANSES", "ses_dev", "sch_size", "sch_minority", "sch_male",
         "sch_ses_sd", "ses_rank", "single_sex", "min_x_ses", "min_x_schmin"]
tr = full[full.part == "train"].reset_index(drop=True)
te = full[full.part == "test"].reset_index(drop=True)
X, y, groups = tr[feats], tr["MathAch"].values, tr["School"].values
X_test = te[feats]
print(X.shape, X_test.shape)


# ## CV

# In[9]:


gkf = GroupKFold(n_splits=5)
oof_r = np.zeros(len(X))
oof_l = np.zeros(len(X))
lgb_params = dict(n_estimators=350, learning_rate=0.03, num_leaves=8, min_child_samples=40,
                  subsample=0.8, subsample_freq=1, colsample_bytree=0.8, reg_lambda=5,
                  n_jobs=2, verbose=-1, random_state=0)

for k, (a, b) in enumerate(gkf.split(X, y, groups)):
    ridge = make_pipeline(StandardScaler(), Ridge(alpha=10.0))
    ridge.fit(X.iloc[a], y[a])
    oof_r[b] = ridge.predict(X.iloc[b])
    m = lgb.LGBMRegressor(**lgb_params)
    m.fit(X.iloc[a], y[a])
    oof_l[b] = m.predict(X.iloc[b])
    print(k, "ridge", round(mean_squared_error(y[b], oof_r[b]) ** 0.5, 3),
          "lgb", round(mean_squared_error(y[b], oof_l[b]) ** 0.5, 3))

rmse = lambda p: mean_squared_error(y, p) ** 0.5
print("ridge", rmse(oof_r), "lgb", rmse(oof_l))
for w in [0.5, 0.6, 0.7, 0.8, 1.0]:
    print(w, round(rmse(w * oof_r + (1 - w) * oof_l), 4))


# In[10]:


w = 0.7
print(f"CV RMSE: {rmse(w * oof_r + (1 - w) * oof_l):.4f}")


# In[11]:


ridge = make_pipeline(StandardScaler(), Ridge(alpha=10.0)).fit(X, y)
m = lgb.LGBMRegressor(**lgb_params).fit(X, y)
pred = w * ridge.predict(X_test) + (1 - w) * m.predict(X_test)

sub = pd.DataFrame({"id": te["id"].astype(int), "MathAch": pred})
sub.to_csv("./submission/submission.csv", index=False)
print(sub.head())
print(sub.MathAch.describe())
