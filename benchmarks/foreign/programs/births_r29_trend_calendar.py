import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import mean_absolute_error

train = pd.read_csv("input/train.csv", parse_dates=["date"])
test = pd.read_csv("input/test.csv", parse_dates=["date"])
print("train", train.shape, train["date"].min().date(), "->", train["date"].max().date())
print("test ", test.shape, test["date"].min().date(), "->", test["date"].max().date())

train["is_train"] = 1
test["is_train"] = 0
full = pd.concat([train, test], ignore_index=True).sort_values("date").reset_index(drop=True)
print("full:", full.shape, "| births null:", full["births"].isnull().sum())

# calendar features
full["week_of_year"] = full["date"].dt.isocalendar().week.astype(int)
full["quarter"] = full["date"].dt.quarter
full["days_in_month"] = full["date"].dt.days_in_month
full["is_month_end"] = full["date"].dt.is_month_end.astype(int)
full["is_month_start"] = full["date"].dt.is_month_start.astype(int)
full["weekend"] = full["day_of_week"].isin([6, 7]).astype(int)
full["t"] = (full["date"] - full["date"].min()).dt.days

# fixed-date holidays + a few moving ones
md = full["date"].dt.strftime("%m-%d")
fixed = ["01-01", "07-04", "12-25", "12-24", "12-31", "11-11"]
full["fixed_holiday"] = md.isin(fixed).astype(int)
thanksgiving = (full["month"] == 11) & (full["day_of_week"] == 4) & full["day_of_month"].between(22, 28)
labor = (full["month"] == 9) & (full["day_of_week"] == 1) & (full["day_of_month"] <= 7)
memorial = (full["month"] == 5) & (full["day_of_week"] == 1) & (full["day_of_month"] >= 25)
full["moving_holiday"] = (thanksgiving | labor | memorial).astype(int)
full["holiday"] = full["fixed_holiday"] | full["moving_holiday"]
full["holiday_prev"] = full["holiday"].shift(1, fill_value=0)
full["holiday_next"] = full["holiday"].shift(-1, fill_value=0)
print("holidays flagged:", int(full["holiday"].sum()))

# slow trend: centred yearly rolling mean of births, carried forward into test
full["trend_365"] = full["births"].rolling(365, center=True, min_periods=120).mean()
full["trend_90"] = full["births"].rolling(91, center=True, min_periods=30).mean()
full[["trend_365", "trend_90"]] = full[["trend_365", "trend_90"]].fillna(method="ffill")
full["rel_births"] = full["births"] / full["trend_365"]

# target aggregates by calendar keys (train only)
tr_part = full[full["is_train"] == 1]
for keys in (["day_of_week"], ["month", "day_of_week"], ["month", "day_of_month"]):
    name = "rel_mean_" + "_".join(keys)
    g = tr_part.groupby(keys)["rel_births"].mean().rename(name).reset_index()
    full = full.merge(g, on=keys, how="left")
print("after merges:", full.shape)

features = ["year", "month", "day_of_year", "day_of_month", "day_of_week", "week_of_year",
            "quarter", "weekend", "is_month_end", "is_month_start", "holiday", "holiday_prev",
            "holiday_next", "trend_365", "rel_mean_day_of_week", "rel_mean_month_day_of_week",
            "rel_mean_month_day_of_month"]

tr_df = full[full["is_train"] == 1].reset_index(drop=True)
te_df = full[full["is_train"] == 0].reset_index(drop=True)

# time-ordered holdout: last 2 years of train
cut = tr_df["date"] >= "1983-01-01"
params = dict(n_estimators=600, learning_rate=0.03, num_leaves=31, min_child_samples=20,
              subsample=0.8, subsample_freq=1, colsample_bytree=0.8, random_state=0, verbose=-1)
m = lgb.LGBMRegressor(**params)
m.fit(tr_df.loc[~cut, features], tr_df.loc[~cut, "rel_births"])
val_pred = m.predict(tr_df.loc[cut, features]) * tr_df.loc[cut, "trend_365"]
print(f"holdout MAE (1983-84): {mean_absolute_error(tr_df.loc[cut, 'births'], val_pred):.2f}")

m = lgb.LGBMRegressor(**params)
m.fit(tr_df[features], tr_df["rel_births"])
te_df["births"] = m.predict(te_df[features]) * te_df["trend_365"]

os.makedirs("submission", exist_ok=True)
sub = test[["id"]].merge(te_df[["id", "births"]], on="id", how="left")
sub.to_csv("submission/submission.csv", index=False)
print(sub.shape, sub["births"].isnull().sum())
