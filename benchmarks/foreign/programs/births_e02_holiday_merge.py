#!/usr/bin/env python
# coding: utf-8
# births: ridge + gbm blend with holiday flags

# In[1]:
import os
import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import mean_absolute_error

# In[2]:
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.head())
print(train.describe())
print(train["wday"].value_counts())

# In[3]:
# fixed-date US holidays
fixed = []
for y in range(1969, 1989):
    for m, d, name in [(1, 1, "new_year"), (7, 4, "independence"), (11, 11, "veterans"),
                       (12, 25, "christmas"), (12, 24, "christmas_eve"), (12, 26, "boxing")]:
        fixed.append({"date": f"{y}-{m:02d}-{d:02d}", "holiday_name": name})
holidays = pd.DataFrame(fixed)
holidays["date"] = pd.to_datetime(holidays["date"])
holidays["holiday_flag"] = 1
print(holidays.head())

# In[4]:
# monthly mean births per year as level feature
monthly = train.groupby(["year", "month"], as_index=False)["births"].mean().rename(columns={"births": "ym_mean"})
dow_mean = train.groupby("day_of_week", as_index=False)["births"].mean().rename(columns={"births": "dow_mean"})
print(dow_mean)

def build(df):
    df = df.merge(dow_mean, on="day_of_week", how="left")
    df = df.merge(holidays[["date", "holiday_flag"]], on="date", how="left")
    df["holiday_flag"] = df["holiday_flag"].fillna(0)
    df["t"] = df["year"] + df["day_of_year"] / 366.0
    df["sin_doy"] = np.sin(2 * np.pi * df["day_of_year"] / 365.25)
    df["cos_doy"] = np.cos(2 * np.pi * df["day_of_year"] / 365.25)
    return df

train_f = build(train)
test_f = build(test)

# In[5]:
feats = ["t", "sin_doy", "cos_doy", "day_of_week", "dow_mean", "holiday_flag", "month", "day_of_month"]
dow_dummies = pd.get_dummies(train_f["day_of_week"], prefix="dow").astype(float)
tr_mask = train_f["year"] <= 1982
X_lin = pd.concat([train_f[["t", "sin_doy", "cos_doy", "holiday_flag"]], dow_dummies], axis=1)
ridge = Ridge(alpha=1.0).fit(X_lin[tr_mask], train_f.loc[tr_mask, "births"])
gbm = HistGradientBoostingRegressor(loss="absolute_error", max_iter=400, learning_rate=0.05, random_state=0)
gbm.fit(train_f.loc[tr_mask, feats], train_f.loc[tr_mask, "births"])
p_r = ridge.predict(X_lin[~tr_mask])
p_g = gbm.predict(train_f.loc[~tr_mask, feats])
y_va = train_f.loc[~tr_mask, "births"]
print("ridge", mean_absolute_error(y_va, p_r), "gbm", mean_absolute_error(y_va, p_g))
print(f"Validation MAE: {mean_absolute_error(y_va, 0.5 * p_r + 0.5 * p_g):.2f}")

# In[6]:
ridge.fit(X_lin, train_f["births"])
gbm.fit(train_f[feats], train_f["births"])
X_lin_te = pd.concat([test_f[["t", "sin_doy", "cos_doy", "holiday_flag"]],
                      pd.get_dummies(test_f["day_of_week"], prefix="dow").astype(float)], axis=1)
test_f["births"] = 0.5 * ridge.predict(X_lin_te) + 0.5 * gbm.predict(test_f[feats])
os.makedirs("./submission", exist_ok=True)
test_f[["id", "births"]].to_csv("./submission/submission.csv", index=False)
