#!/usr/bin/env python
# coding: utf-8
# Births EDA + seasonal model

# In[1]:
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from pathlib import Path
from sklearn.ensemble import RandomForestRegressor, ExtraTreesRegressor
from sklearn.metrics import mean_absolute_error

INPUT = Path("./input")
OUT = Path("./submission")
OUT.mkdir(exist_ok=True)

# In[2]:
train = pd.read_csv(INPUT / "train.csv")
test = pd.read_csv(INPUT / "test.csv")
print(train.shape, test.shape)
print(train.head(10))

# In[3]:
train["date"] = pd.to_datetime(train["date"], format="%m/%d/%Y")
test["date"] = pd.to_datetime(test["date"], format="%m/%d/%Y")
train = train.sort_values("date").reset_index(drop=True)

# In[4]:
train.set_index("date")["births"].resample("ME").mean().plot(figsize=(12, 4))
plt.savefig("monthly_births.png")
plt.close()

# In[5]:
for df in (train, test):
    df["quarter"] = df["date"].dt.quarter
    df["weekofyear"] = df["date"].dt.isocalendar().week.astype(int)
    df["is_weekend"] = df["date"].dt.dayofweek.isin([5, 6]).astype(int)
    df["days_since_start"] = (df["date"] - pd.Timestamp("1969-01-01")).dt.days

feats = ["year", "month", "day_of_year", "day_of_month", "day_of_week",
         "quarter", "weekofyear", "is_weekend", "days_since_start"]
cut = pd.Timestamp("1983-01-01")
tr, va = train[train.date < cut], train[train.date >= cut]

rf = RandomForestRegressor(n_estimators=200, min_samples_leaf=3, n_jobs=1, random_state=1)
et = ExtraTreesRegressor(n_estimators=200, min_samples_leaf=3, n_jobs=1, random_state=1)
rf.fit(tr[feats], tr["births"])
et.fit(tr[feats], tr["births"])
pred = 0.5 * rf.predict(va[feats]) + 0.5 * et.predict(va[feats])
print(f"Validation MAE: {mean_absolute_error(va['births'], pred):.2f}")

# In[6]:
rf.fit(train[feats], train["births"])
et.fit(train[feats], train["births"])
sub = pd.DataFrame({"id": test["id"], "births": 0.5 * rf.predict(test[feats]) + 0.5 * et.predict(test[feats])})
sub.to_csv(OUT / "submission.csv", index=False)
