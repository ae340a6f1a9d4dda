#!/usr/bin/env python
# coding: utf-8
# MathAchieve: student math score, grouped by school (test schools unseen)

# In[1]:
import os
import numpy as np
import pandas as pd
from sklearn.linear_model import RidgeCV
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.model_selection import GroupKFold
from sklearn.metrics import root_mean_squared_error

# In[2]:
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.head())
print(train.describe())
print("schools train/test:", train.School.nunique(), test.School.nunique(),
      "overlap:", len(set(train.School) & set(test.School)))
print(train.Minority.value_counts(), train.Sex.value_counts())

# In[3]:
# school-level aggregates (size, mean SES, composition)
school_stats = train.drop(columns=["id", "MathAch"]).groupby("School").mean().add_prefix("sch_")
school_stats["sch_size"] = train.groupby("School").size()
print(school_stats.head())

# In[4]:
def build(df, stats):
    out = df.merge(stats, left_on="School", right_index=True, how="left")
    out["minority"] = (out["Minority"] == "Yes").astype(int)
    out["female"] = (out["Sex"] == "Female").astype(int)
    out["ses_dev"] = out["SES"] - out["MEANSES"]
    return out

tr = build(train, school_stats)
feats = ["minority", "female", "SES", "MEANSES", "ses_dev", "sch_SES", "sch_size"]

gkf = GroupKFold(n_splits=5)
oof = np.zeros(len(tr))
for a, b in gkf.split(tr, tr["MathAch"], groups=tr["School"]):
    m = HistGradientBoostingRegressor(max_iter=200, learning_rate=0.05, random_state=0)
    m.fit(tr.iloc[a][feats], tr.iloc[a]["MathAch"])
    oof[b] = m.predict(tr.iloc[b][feats])
print(f"Validation RMSE: {root_mean_squared_error(tr['MathAch'], oof):.4f}")

# In[5]:
test_stats = test.drop(columns=["id"]).groupby("School").mean().add_prefix("sch_")
test_stats["sch_size"] = test.groupby("School").size()
te = build(test, test_stats)
m.fit(tr[feats], tr["MathAch"])
os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": te["id"], "MathAch": m.predict(te[feats])}).to_csv("./submission/submission.csv", index=False)
