import os

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import accuracy_score
from sklearn.model_selection import TimeSeriesSplit

train = pd.read_csv("./input/train.csv", parse_dates=["date"])
test = pd.read_csv("./input/test.csv", parse_dates=["date"])

print(
    train.groupby("weather")
    .agg(
        n=("id", "size"),
        precip_mean=("precipitation", "mean"),
        dry_share=("precipitation", lambda s: s.eq(0).mean()),
        tmax=("temp_max", "mean"),
        wind=("wind", "mean"),
    )
    .round(2)
)

# the two files are consecutive in time: glue them and build the
# time features on the full calendar so the test rows get proper history
WEATHER_COLS = ["precipitation", "temp_max", "temp_min", "wind"]


def time_features(df):
    df = df.sort_values("date").reset_index(drop=True)
    return df.assign(
        temp_range=lambda d: d["temp_max"] - d["temp_min"],
        wet=lambda d: d["precipitation"].gt(0).astype("int8"),
        precip_log=lambda d: np.log1p(d["precipitation"]),
        precip_lag1=lambda d: d["precipitation"].shift(1),
        precip_lead1=lambda d: d["precipitation"].shift(-1),
        precip_roll3=lambda d: d["precipitation"].rolling(3, min_periods=1).mean(),
        precip_roll7=lambda d: d["precipitation"].rolling(7, min_periods=1).sum(),
        wet_days7=lambda d: d["wet"].rolling(7, min_periods=1).sum(),
        tmax_diff=lambda d: d["temp_max"].diff(),
        tmin_diff=lambda d: d["temp_min"].diff(),
        wind_roll3=lambda d: d["wind"].rolling(3, min_periods=1).mean(),
        tmax_anom=lambda d: d["temp_max"] - d["temp_max"].rolling(15, center=True, min_periods=1).mean(),
        doy=lambda d: d["date"].dt.dayofyear,
        month=lambda d: d["date"].dt.month,
        year=lambda d: d["date"].dt.year,
    )


full = (
    pd.concat([train.assign(is_train=True), test.assign(is_train=False)], ignore_index=True)
    .pipe(time_features)
)
lag_cols = ["precip_lag1", "precip_lead1", "tmax_diff", "tmin_diff"]
full[lag_cols] = full[lag_cols].bfill().ffill()

FEATURES = WEATHER_COLS + [
    "temp_range", "wet", "precip_log", "precip_lag1", "precip_lead1", "precip_roll3",
    "precip_roll7", "wet_days7", "tmax_diff", "tmin_diff", "wind_roll3", "tmax_anom",
    "doy", "month",
]

tr = full.query("is_train").reset_index(drop=True)
te = full.query("~is_train").reset_index(drop=True)
X, y = tr[FEATURES], tr["weather"]


def make_forest():
    return RandomForestClassifier(
        n_estimators=300,
        max_depth=6,
        min_samples_leaf=3,
        max_features=0.5,
        n_jobs=2,
        random_state=11,
    )


tss = TimeSeriesSplit(n_splits=4)
fold_acc = []
for k, (i_tr, i_va) in enumerate(tss.split(X)):
    model = make_forest().fit(X.iloc[i_tr], y.iloc[i_tr])
    acc = accuracy_score(y.iloc[i_va], model.predict(X.iloc[i_va]))
    fold_acc.append(acc)
    print(f"fold {k}: train {len(i_tr):4d}  valid {len(i_va):3d}  acc {acc:.4f}")
print(f"TimeSeriesSplit accuracy: {np.mean(fold_acc):.4f}")

final = make_forest().fit(X, y)
imp = pd.Series(final.feature_importances_, index=FEATURES).sort_values(ascending=False)
print(imp.head(8).round(3))

os.makedirs("./submission", exist_ok=True)
(
    te.assign(weather=final.predict(te[FEATURES]))[["id", "weather"]]
    .sort_values("id")
    .to_csv("./submission/submission.csv", index=False)
)
print(te.assign(weather=final.predict(te[FEATURES]))["weather"].value_counts())
