# Daily births: calendar features + smoothed day-of-year profile, Ridge + LightGBM blend
import os
import warnings
warnings.filterwarnings("ignore")

import numpy as np
import pandas as pd
import lightgbm as lgb
import joblib
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from sklearn.linear_model import Ridge
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import mean_absolute_error

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape, test.shape)

train["date"] = pd.to_datetime(train["date"], format="%Y-%m-%d")
test["date"] = pd.to_datetime(test["date"], format="%Y-%m-%d")
train = train.sort_values("date").reset_index(drop=True)


def holiday_flags(df):
    m = df["date"].dt.month
    d = df["date"].dt.day
    dow = df["date"].dt.dayofweek
    df["new_year"] = ((m == 1) & (d == 1)).astype(int)
    df["july4"] = ((m == 7) & (d == 4)).astype(int)
    df["xmas"] = ((m == 12) & (d >= 24) & (d <= 26)).astype(int)
    df["thanksgiving"] = ((m == 11) & (dow == 3) & (d >= 22) & (d <= 28)).astype(int)
    df["labor_day"] = ((m == 9) & (dow == 0) & (d <= 7)).astype(int)
    df["memorial_day"] = ((m == 5) & (dow == 0) & (d >= 25)).astype(int)
    return df


for df in [train, test]:
    df["dow"] = df["date"].dt.dayofweek
    df["t"] = (df["date"] - pd.Timestamp("1969-01-01")).dt.days / 365.25
    df["md"] = df["date"].dt.month * 100 + df["date"].dt.day
    holiday_flags(df)

# ---- level of each year (births change slowly over years) ----
yearly = train.groupby("year")["births"].mean()
print(yearly)

# ratio to the year average, profiled by month-day and smoothed with a rolling window
train["ratio"] = train["births"] / train["year"].map(yearly)
md_prof = train.groupby("md")["ratio"].mean()
md_roll = md_prof.rolling(5, center=True, min_periods=1).mean()
dow_prof = train.groupby("dow")["ratio"].mean()

for df in [train, test]:
    df["md_ratio"] = df["md"].map(md_prof).fillna(1.0)
    df["md_ratio_roll"] = df["md"].map(md_roll).fillna(1.0)
    df["dow_ratio"] = df["dow"].map(dow_prof)

# weekday one-hot on train and test together
all_df = pd.concat([train.drop(columns=["births", "ratio"]), test], axis=0, ignore_index=True)
all_df = pd.get_dummies(all_df, columns=["wday"], dtype=int)
train_x = all_df.iloc[: len(train)].reset_index(drop=True)
test_x = all_df.iloc[len(train):].reset_index(drop=True)

features = ["t", "month", "day_of_month", "day_of_year", "dow", "new_year", "july4", "xmas",
            "thanksgiving", "labor_day", "memorial_day", "md_ratio", "md_ratio_roll", "dow_ratio"]
features += [c for c in train_x.columns if c.startswith("wday_")]

X = train_x[features].values.astype(float)
y = train["births"].values.reshape(-1, 1)

# last 3 years of train as a time-based holdout
cut = train["date"] < "1982-01-01"
X_tr, X_va = X[cut.values], X[~cut.values]
y_tr, y_va = y[cut.values], y[~cut.values]

scaler = StandardScaler()
X_tr_s = scaler.fit_transform(X_tr)
X_va_s = scaler.transform(X_va)

ridge = Ridge(alpha=1.0)
ridge.fit(X_tr_s, y_tr)
p_ridge = ridge.predict(X_va_s).ravel()

gbm = lgb.LGBMRegressor(n_estimators=400, learning_rate=0.05, num_leaves=15,
                        verbose=-1, random_state=0)
gbm.fit(X_tr, y_tr.ravel())
p_gbm = gbm.predict(X_va)

results = []
for name, p in [("ridge", p_ridge), ("lgbm", p_gbm), ("blend", 0.5 * p_ridge + 0.5 * p_gbm)]:
    results.append({"model": name, "val_mae": mean_absolute_error(y_va.ravel(), p)})
res = pd.DataFrame(results)
print(res)

os.makedirs("figures", exist_ok=True)
plt.figure(figsize=(10, 4))
plt.plot(y_va.ravel()[:200], label="true")
plt.plot((0.5 * p_ridge + 0.5 * p_gbm)[:200], label="blend")
plt.legend()
plt.savefig("figures/holdout.png")
plt.close()

# refit on all data
X_s = scaler.fit_transform(X)
ridge.fit(X_s, y)
gbm.fit(X, y.ravel())
X_test = test_x[features].values.astype(float)
pred = 0.5 * ridge.predict(scaler.transform(X_test)).ravel() + 0.5 * gbm.predict(X_test)

joblib.dump({"ridge": ridge, "gbm": gbm, "scaler": scaler}, "figures/models.joblib")

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "births": pred}).to_csv("submission/submission.csv", index=False)
print("Validation MAE: %.3f" % res.loc[res["model"] == "blend", "val_mae"].values[0])
