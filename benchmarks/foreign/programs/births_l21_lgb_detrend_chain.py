import numpy as np
import pandas as pd
import lightgbm as lgb
from pandas.tseries.holiday import USFederalHolidayCalendar
from sklearn.metrics import mean_absolute_error

TARGET = "births"

train = pd.read_csv("./input/train.csv", parse_dates=["date"])
test = pd.read_csv("./input/test.csv", parse_dates=["date"])

holidays = USFederalHolidayCalendar().holidays(start="1968-12-01", end="1989-01-31")
hol_days = pd.Series(holidays.values)


def days_to_holiday(dates):
    # signed distance (in days) to the closest federal holiday
    d = dates.values.astype("datetime64[D]").astype(np.int64)
    h = hol_days.values.astype("datetime64[D]").astype(np.int64)
    diff = d[:, None] - h[None, :]
    idx = np.abs(diff).argmin(axis=1)
    return diff[np.arange(len(d)), idx]


def calendar_features(df):
    return (
        df.sort_values("date")
        .assign(
            t=lambda d: (d["date"] - pd.Timestamp("1969-01-01")).dt.days,
            wday=lambda d: d["wday"].astype("category"),
            hol_dist=lambda d: days_to_holiday(d["date"]),
            is_holiday=lambda d: d["hol_dist"].eq(0).astype("int8"),
            near_holiday=lambda d: d["hol_dist"].abs().le(2).astype("int8"),
            xmas_window=lambda d: (d["month"].eq(12) & d["day_of_month"].between(22, 31)).astype("int8"),
            newyear_window=lambda d: (d["month"].eq(1) & d["day_of_month"].le(3)).astype("int8"),
            is_13=lambda d: d["day_of_month"].eq(13).astype("int8"),
            is_weekend=lambda d: d["day_of_week"].isin([6, 7]).astype("int8"),
            doy_sin=lambda d: np.sin(2 * np.pi * d["day_of_year"] / 365.25),
            doy_cos=lambda d: np.cos(2 * np.pi * d["day_of_year"] / 365.25),
        )
    )


def fit_trend(df, n_last_years=4, damping=0.35):
    # straight line through the last few yearly means, slope damped so the
    # extrapolation does not run away
    yearly = (
        df.groupby("year", as_index=False)
        .agg(mean_births=(TARGET, "mean"))
        .pipe(lambda d: d[d["year"] > d["year"].max() - n_last_years])
    )
    slope, _ = np.polyfit(yearly["year"], yearly["mean_births"], deg=1)
    last_year = yearly["year"].max()
    anchor = yearly["mean_births"].iloc[-2:].mean()
    return lambda yr: anchor + damping * slope * (yr - (last_year - 0.5))


def add_level(df, trend):
    return df.assign(level=lambda d: trend(d["year"] + (d["day_of_year"] - 1) / 366.0))


FEATURES = [
    "wday", "month", "day_of_year", "day_of_month", "day_of_week",
    "hol_dist", "is_holiday", "near_holiday", "xmas_window", "newyear_window",
    "is_13", "is_weekend", "doy_sin", "doy_cos",
]

PARAMS = dict(
    objective="l1",
    learning_rate=0.04,
    n_estimators=700,
    num_leaves=31,
    min_child_samples=15,
    subsample=0.8,
    subsample_freq=1,
    colsample_bytree=0.8,
    verbose=-1,
    random_state=7,
    n_jobs=2,
)

full = train.pipe(calendar_features)
tst = test.pipe(calendar_features)

# --- time based hold-out: last four years -----------------------------------
fit_part = full.query("year <= 1980")
val_part = full.query("year > 1980")

trend = fit_trend(fit_part)
fit_part = fit_part.assign(
    level=lambda d: d.groupby("year")[TARGET].transform("mean"),
    ratio=lambda d: d[TARGET] / d["level"],
)
val_part = val_part.pipe(add_level, trend)

model = lgb.LGBMRegressor(**PARAMS)
model.fit(fit_part[FEATURES], fit_part["ratio"])
val_pred = model.predict(val_part[FEATURES]) * val_part["level"]
mae = mean_absolute_error(val_part[TARGET], val_pred)

by_year = (
    val_part.assign(pred=val_pred, err=lambda d: (d[TARGET] - d["pred"]).abs())
    .groupby("year")
    .agg(mae=("err", "mean"), bias=("pred", "mean"), actual=(TARGET, "mean"))
    .assign(bias=lambda d: d["bias"] - d["actual"])
)
print(by_year.round(1))
print(f"Validation MAE (1981-1984): {mae:.2f}")

# --- refit on everything ---------------------------------------------------
trend_all = fit_trend(full)
full = full.assign(
    level=lambda d: d.groupby("year")[TARGET].transform("mean"),
    ratio=lambda d: d[TARGET] / d["level"],
)
tst = tst.pipe(add_level, trend_all)

final = lgb.LGBMRegressor(**PARAMS).fit(full[FEATURES], full["ratio"])
tst = tst.assign(births=lambda d: final.predict(d[FEATURES]) * d["level"])

import os
os.makedirs("./submission", exist_ok=True)
sub = (
    pd.read_csv("./input/sample_submission.csv")[["id"]]
    .merge(tst[["id", "births"]], on="id", how="left")
)
sub.to_csv("./submission/submission.csv", index=False)
print(sub.describe().round(1))
