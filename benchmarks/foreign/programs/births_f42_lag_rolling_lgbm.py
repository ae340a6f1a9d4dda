# Daily births with lag / rolling features + LightGBM
import os
import warnings
warnings.filterwarnings("ignore")

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import train_test_split
from sklearn.metrics import mean_absolute_error

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
sample = pd.read_csv("./input/sample_submission.csv")

print("Train:", train.shape, "Test:", test.shape)
print(train.describe())

TARGET = "births"


def add_date_features(df):
    df = df.copy()
    df["date"] = pd.to_datetime(df["date"], format="%m/%d/%Y")
    df["dow"] = df["date"].dt.dayofweek
    df["dom"] = df["date"].dt.day
    df["mon"] = df["date"].dt.month
    df["yr"] = df["date"].dt.year
    df["doy"] = df["date"].dt.dayofyear
    df["weekofyear"] = df["date"].dt.isocalendar().week.astype(int)
    df["is_month_start"] = df["date"].dt.is_month_start.astype(int)
    df["is_month_end"] = df["date"].dt.is_month_end.astype(int)
    return df


def add_profile_features(train_df, df):
    # average births for each (month, day) and weekday from the training years,
    # then smooth with a rolling window (like a lag over the calendar)
    prof = train_df.groupby("doy")[TARGET].mean().sort_index()
    prof_smooth = prof.rolling(7, center=True, min_periods=1).mean()
    df["doy_mean"] = df["doy"].map(prof)
    df["doy_mean_roll7"] = df["doy"].map(prof_smooth)
    df["doy_mean_lag1"] = df["doy"].map(prof.shift(1).bfill())
    df["doy_mean_lead1"] = df["doy"].map(prof.shift(-1).ffill())
    dow_prof = train_df.groupby("dow")[TARGET].mean()
    df["dow_mean"] = df["dow"].map(dow_prof)
    return df


train = add_date_features(train)
test = add_date_features(test)

train = train.sort_values("date").reset_index(drop=True)
train = add_profile_features(train, train)
test = add_profile_features(train, test)

# label encode wday
wday_map = {d: i for i, d in enumerate(sorted(train["wday"].unique()))}
train["wday_le"] = train["wday"].map(wday_map)
test["wday_le"] = test["wday"].map(wday_map)

features = ["dow", "dom", "mon", "yr", "doy", "weekofyear", "is_month_start", "is_month_end",
            "doy_mean", "doy_mean_roll7", "doy_mean_lag1", "doy_mean_lead1", "dow_mean", "wday_le"]

X = train[features]
y = train[TARGET]

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, shuffle=False)

model = lgb.LGBMRegressor(n_estimators=500, learning_rate=0.03, num_leaves=31,
                          subsample=0.8, colsample_bytree=0.8, verbose=-1)
model.fit(X_tr, y_tr, eval_set=[(X_va, y_va)], eval_metric="l1",
          callbacks=[lgb.early_stopping(50, verbose=False)])
val_pred = model.predict(X_va)
print("Validation MAE:", mean_absolute_error(y_va, val_pred))

best_it = model.best_iteration_ or 500
final = lgb.LGBMRegressor(n_estimators=best_it, learning_rate=0.03, num_leaves=31,
                          subsample=0.8, colsample_bytree=0.8, verbose=-1)
final.fit(X, y)
sample[TARGET] = final.predict(test[features])
os.makedirs("submission", exist_ok=True)
sample.to_csv("submission/submission.csv", index=False)
print("saved", sample.shape)
