# %% daily births: linear trend + LGBM (L1) on residuals, time-based validation
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import LinearRegression
from sklearn.metrics import mean_absolute_error

# %%
train = pd.read_csv("./input/train.csv", parse_dates=["date"])
test = pd.read_csv("./input/test.csv", parse_dates=["date"])
print(train.shape, test.shape, train.date.min(), train.date.max(), test.date.min())
train = train.sort_values("date").reset_index(drop=True)

# %%
T0 = pd.Timestamp("1969-01-01")
def add_feats(df):
    df = df.copy()
    df["t"] = (df.date - T0).dt.days / 365.25
    df["dow"] = df.day_of_week
    df["weekend"] = df.wday.isin(["Sat", "Sun"]).astype(int)
    df["doy_sin"] = np.sin(2 * np.pi * df.day_of_year / 365.25)
    df["doy_cos"] = np.cos(2 * np.pi * df.day_of_year / 365.25)
    df["dom_13"] = (df.day_of_month == 13).astype(int)
    md = df.month * 100 + df.day_of_month
    # fixed-date US holidays
    df["fixed_holiday"] = md.isin([101, 704, 1225, 1224, 1231, 1111]).astype(int)
    # thanksgiving: 4th thursday of november
    df["thanksgiving"] = ((df.month == 11) & (df.wday == "Thu") & df.day_of_month.between(22, 28)).astype(int)
    df["labor_day"] = ((df.month == 9) & (df.wday == "Mon") & (df.day_of_month <= 7)).astype(int)
    df["memorial_day"] = ((df.month == 5) & (df.wday == "Mon") & (df.day_of_month >= 25)).astype(int)
    df["holiday_any"] = df[["fixed_holiday", "thanksgiving", "labor_day", "memorial_day"]].max(axis=1)
    return df

train = add_feats(train)
test = add_feats(test)
FEATS = ["t", "dow", "weekend", "month", "day_of_year", "day_of_month", "doy_sin", "doy_cos",
         "dom_13", "fixed_holiday", "thanksgiving", "labor_day", "memorial_day", "holiday_any"]
print(train[FEATS].describe().T[["mean", "max"]])

# %% helper -- trend + residual model
params = {"objective": "l1", "metric": "mae", "learning_rate": 0.03, "num_leaves": 31,
          "min_data_in_leaf": 10, "feature_fraction": 0.9, "bagging_fraction": 0.9,
          "bagging_freq": 1, "verbose": -1, "seed": 8, "num_threads": 2, "deterministic": True}

def fit_predict(tr, va=None, n_rounds=3000):
    trend = LinearRegression().fit(tr[["t"]], tr.births)
    res = tr.births - trend.predict(tr[["t"]])
    dtr = lgb.Dataset(tr[FEATS], res)
    if va is not None:
        dva = lgb.Dataset(va[FEATS], va.births - trend.predict(va[["t"]]), reference=dtr)
        bst = lgb.train(params, dtr, n_rounds, valid_sets=[dva],
                        callbacks=[lgb.early_stopping(200, verbose=False), lgb.log_evaluation(500)])
    else:
        bst = lgb.train(params, dtr, n_rounds)
    return trend, bst

# %% validation: last 3 years of train
cut = pd.Timestamp("1982-01-01")
fit_df, val_df = train[train.date < cut], train[train.date >= cut]
print("fit", fit_df.shape, "val", val_df.shape)
trend, bst = fit_predict(fit_df, val_df)
val_pred = trend.predict(val_df[["t"]]) + bst.predict(val_df[FEATS], num_iteration=bst.best_iteration)
print("best iter", bst.best_iteration)
print("trend-only MAE", mean_absolute_error(val_df.births, trend.predict(val_df[["t"]])))
print(f"Time-split validation MAE: {mean_absolute_error(val_df.births, val_pred):.2f}")

# %% refit on everything, use best_iteration
trend_f, bst_f = fit_predict(train, None, n_rounds=max(100, bst.best_iteration))
pred = trend_f.predict(test[["t"]]) + bst_f.predict(test[FEATS])
sub = pd.DataFrame({"id": test.id, "births": pred})
sub.to_csv("./submission/submission.csv", index=False)
print(sub.shape, sub.births.mean())
