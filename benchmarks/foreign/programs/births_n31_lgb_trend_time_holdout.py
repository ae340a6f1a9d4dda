# Daily US births -> regression, metric MAE. Test period (1985-88) is after train (1969-84).
#
# Plan
#   - calendar features are already there; add holiday-ish flags (fixed-date holidays,
#     Friday the 13th, end-of-year week) and a linear time index for the trend
#   - time holdout: fit on 1969-1980, validate on 1981-1984 (mimics extrapolating forward)
#   - LightGBM on the calendar features + a Ridge on the time index for the trend
#     (trees can't extrapolate a trend), i.e. predict residuals of the linear trend
#   - refit on all years with the tuned number of rounds
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_absolute_error

SEED = 8

train = pd.read_csv("./input/train.csv", parse_dates=["date"])
test = pd.read_csv("./input/test.csv", parse_dates=["date"])
T0 = pd.Timestamp("1969-01-01")

FIXED_HOLIDAYS = {(1, 1), (7, 4), (12, 25), (12, 24), (12, 31), (11, 11)}


def build(df):
    out = df.copy()
    out["t"] = (out["date"] - T0).dt.days / 365.25
    out["is_holiday"] = [int((m, d) in FIXED_HOLIDAYS) for m, d in zip(out["month"], out["day_of_month"])]
    out["fri13"] = ((out["day_of_month"] == 13) & (out["day_of_week"] == 5)).astype(int)
    out["weekend"] = out["day_of_week"].isin([6, 7]).astype(int)
    out["xmas_week"] = ((out["month"] == 12) & (out["day_of_month"] >= 22)).astype(int)
    out["doy_sin"] = np.sin(2 * np.pi * out["day_of_year"] / 365.25)
    out["doy_cos"] = np.cos(2 * np.pi * out["day_of_year"] / 365.25)
    return out


train = build(train).sort_values("date").reset_index(drop=True)
test = build(test)

FEATS = ["month", "day_of_year", "day_of_month", "day_of_week", "is_holiday", "fri13",
         "weekend", "xmas_week", "doy_sin", "doy_cos"]

params = dict(objective="regression_l1", learning_rate=0.03, num_leaves=31, min_data_in_leaf=20,
              feature_fraction=0.9, seed=SEED, num_threads=2, verbose=-1)


def fit_trend(df):
    trend = Ridge(alpha=1.0)
    trend.fit(df[["t"]], df["births"])
    return trend


mask_tr = train["date"] < "1981-01-01"
tr, va = train[mask_tr], train[~mask_tr]
print(f"train rows {len(tr)}, valid rows {len(va)}")

trend = fit_trend(tr)
res_tr = tr["births"] - trend.predict(tr[["t"]])
res_va = va["births"] - trend.predict(va[["t"]])

dtr = lgb.Dataset(tr[FEATS], res_tr)
dva = lgb.Dataset(va[FEATS], res_va, reference=dtr)
booster = lgb.train(
    params,
    dtr,
    num_boost_round=3000,
    valid_sets=[dva],
    valid_names=["valid"],
    callbacks=[lgb.early_stopping(200)],
    verbose_eval=200,
)

val_pred = trend.predict(va[["t"]]) + booster.predict(va[FEATS], num_iteration=booster.best_iteration)
val_mae = mean_absolute_error(va["births"], val_pred)
print(f"Validation MAE: {val_mae:.2f}")

trend_full = fit_trend(train)
res_full = train["births"] - trend_full.predict(train[["t"]])
final = lgb.train(params, lgb.Dataset(train[FEATS], res_full), num_boost_round=booster.best_iteration)
pred = trend_full.predict(test[["t"]]) + final.predict(test[FEATS])

pd.DataFrame({"id": test["id"], "births": pred}).to_csv("./submission/submission.csv", index=False)
print(f"Final validation MAE: {val_mae:.2f}")
