#!/usr/bin/env python
# coding: utf-8
# Daily births forecasting: calendar features + lgb on detrended target

# In[1]:
import os
import numpy as np
import pandas as pd
import lightgbm as lgb
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from sklearn.linear_model import LinearRegression
from sklearn.metrics import mean_absolute_error

# In[2]:
train = pd.read_csv("./input/train.csv", parse_dates=["date"])
test = pd.read_csv("./input/test.csv", parse_dates=["date"])
print(train.head())
print(train.date.min(), train.date.max(), "|", test.date.min(), test.date.max())
print(train.groupby("wday")["births"].mean().round(1))

# In[3]:
def thanksgiving(year):
    nov1 = pd.Timestamp(year=year, month=11, day=1)
    first_thu = nov1 + pd.Timedelta(days=(3 - nov1.dayofweek) % 7)
    return first_thu + pd.Timedelta(weeks=3)

def holiday_table(years):
    rows = []
    for y in years:
        rows += [(pd.Timestamp(y, 1, 1), "newyear"), (pd.Timestamp(y, 7, 4), "july4"),
                 (pd.Timestamp(y, 12, 25), "xmas"), (pd.Timestamp(y, 12, 24), "xmas_eve"),
                 (pd.Timestamp(y, 12, 31), "nye"), (thanksgiving(y), "thanksgiving")]
        # labor day: first monday in september
        sep1 = pd.Timestamp(y, 9, 1)
        rows.append((sep1 + pd.Timedelta(days=(0 - sep1.dayofweek) % 7), "labor"))
        # memorial day: last monday in may
        may31 = pd.Timestamp(y, 5, 31)
        rows.append((may31 - pd.Timedelta(days=may31.dayofweek), "memorial"))
    return pd.DataFrame(rows, columns=["date", "holiday"])

hol = holiday_table(range(1968, 1990))
print(hol.holiday.value_counts())

# In[4]:
def feats(df):
    df = df.merge(hol, on="date", how="left")
    df["is_holiday"] = df["holiday"].notna().astype(int)
    df["holiday"] = df["holiday"].fillna("none").astype("category")
    df["t"] = (df["date"] - pd.Timestamp("1969-01-01")).dt.days
    df["week"] = df["date"].dt.isocalendar().week.astype(int)
    df["is_weekend"] = (df["day_of_week"] >= 6).astype(int)
    df["dom_13"] = (df["day_of_month"] == 13).astype(int)
    df["month_end"] = df["date"].dt.is_month_end.astype(int)
    # day before / after a holiday
    near = set(hol["date"] - pd.Timedelta(days=1)) | set(hol["date"] + pd.Timedelta(days=1))
    df["near_holiday"] = df["date"].isin(near).astype(int)
    return df

train = feats(train).sort_values("date").reset_index(drop=True)
test = feats(test)
print(train[["date", "holiday", "is_holiday", "near_holiday"]].query("is_holiday == 1").head())

# In[5]:
# trend: linear fit on last 6 years only (the 70s dip hurts a global fit)
recent = train[train.year >= 1979]
trend = LinearRegression().fit(recent[["t"]], recent["births"])
train["trend"] = trend.predict(train[["t"]])
test["trend"] = trend.predict(test[["t"]])
train["resid"] = train["births"] - train["trend"]

features = ["day_of_week", "month", "day_of_year", "day_of_month", "week", "is_weekend",
            "is_holiday", "holiday", "near_holiday", "dom_13", "month_end"]

# In[6]:
# time-based validation: last two train years
tr = train[train.year <= 1982]
va = train[train.year > 1982]
params = {"objective": "l1", "learning_rate": 0.05, "num_leaves": 31, "min_data_in_leaf": 20,
          "feature_fraction": 0.9, "verbose": -1, "seed": 0, "num_threads": 1}
dtr = lgb.Dataset(tr[features], tr["resid"])
dva = lgb.Dataset(va[features], va["resid"], reference=dtr)
bst = lgb.train(params, dtr, 3000, valid_sets=[dtr, dva], valid_names=["train", "valid"],
                callbacks=[lgb.early_stopping(100), lgb.log_evaluation(200)])
va_pred = bst.predict(va[features], num_iteration=bst.best_iteration) + va["trend"]
mae = mean_absolute_error(va["births"], va_pred)
print(f"Validation MAE: {mae:.2f}")

# In[7]:
fig, ax = plt.subplots(figsize=(12, 4))
ax.plot(va["date"], va["births"], lw=0.5, label="actual")
ax.plot(va["date"], va_pred, lw=0.5, label="pred")
ax.legend()
plt.savefig("valid_fit.png", dpi=80)
plt.close(fig)

# In[8]:
final = lgb.train(params, lgb.Dataset(train[features], train["resid"]),
                  num_boost_round=int(bst.best_iteration * 1.15))
test["births"] = final.predict(test[features]) + test["trend"]

os.makedirs("./submission", exist_ok=True)
sub = pd.read_csv("./input/sample_submission.csv")
sub = sub[["id"]].merge(test[["id", "births"]], on="id", how="left")
sub.to_csv("./submission/submission.csv", index=False)
print(sub.head(), sub.shape)
