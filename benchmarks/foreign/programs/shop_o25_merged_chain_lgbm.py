from functools import reduce
from pathlib import Path

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.metrics import mean_squared_log_error

IN = Path("input")

stores = pd.read_csv(IN / "stores.csv", parse_dates=["opened"]).rename(columns=str.lower)
products = pd.read_csv(IN / "products.csv").rename(columns=str.lower)
weather = (
    pd.read_csv(IN / "weather.csv", parse_dates=["date"])
    .rename(columns=str.lower)
    .sort_values(["city", "date"])
    .assign(temp_c=lambda d: d.groupby("city")["temp_c"].transform(lambda s: s.interpolate(limit_direction="both")))
)


def add_lookups(df):
    return reduce(
        lambda left, right: left.merge(right[0], on=right[1], how="left"),
        [(stores, "store_id"), (products, "product_id"), (weather, ["date", "city"])],
        df,
    )


def calendar(df):
    return df.assign(
        dow=lambda d: d.date.dt.dayofweek,
        month=lambda d: d.date.dt.month,
        doy=lambda d: d.date.dt.dayofyear,
        store_age_y=lambda d: (d.date - d.opened).dt.days / 365.25,
        discount=lambda d: 1 - d.price / d.base_price,
    )


def as_categories(df, cols=("product_id", "store_type", "city", "category")):
    return df.astype({c: "category" for c in cols})


def prepare(path):
    return (
        pd.read_csv(path, parse_dates=["date"])
        .rename(columns=str.lower)
        .pipe(add_lookups)
        .pipe(calendar)
        .pipe(as_categories)
        .drop(columns=["opened"])
    )


train = prepare(IN / "train.csv").sort_values("date").reset_index(drop=True)
test = prepare(IN / "test.csv")
print("train", train.shape, "test", test.shape)

FEATURES = [c for c in train.columns if c not in ("id", "date", "units")]
print("features:", FEATURES)

cut = train.date.quantile(0.8)
fit_part, val_part = (
    train.loc[lambda d: d.date < cut],
    train.loc[lambda d: d.date >= cut],
)
print(f"holdout split at {cut:%Y-%m-%d}: {len(fit_part)} / {len(val_part)}")

params = dict(n_estimators=400, learning_rate=0.04, num_leaves=31, min_child_samples=15,
              subsample=0.8, subsample_freq=1, colsample_bytree=0.8, verbose=-1, random_state=7)

val_pred = np.expm1(
    lgb.LGBMRegressor(**params)
    .fit(fit_part[FEATURES], np.log1p(fit_part.units))
    .predict(val_part[FEATURES])
).clip(0)

rmsle = np.sqrt(mean_squared_log_error(val_part.units, val_pred))
print(f"validation RMSLE: {rmsle:.4f}")

(
    val_part.assign(pred=val_pred, err=lambda d: (np.log1p(d.pred) - np.log1p(d.units)) ** 2)
    .groupby("category", observed=True)
    .agg(rows=("units", "size"), mean_units=("units", "mean"), mean_pred=("pred", "mean"), mse_log=("err", "mean"))
    .assign(rmsle=lambda d: np.sqrt(d.mse_log))
    .drop(columns="mse_log")
    .round(3)
    .pipe(print)
)

final = lgb.LGBMRegressor(**params).fit(train[FEATURES], np.log1p(train.units))

(
    test.assign(units=lambda d: np.expm1(final.predict(d[FEATURES])).clip(0))
    .loc[:, ["id", "units"]]
    .to_csv("submission/submission.csv", index=False)
)
print("wrote submission/submission.csv")
