import os

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import accuracy_score
from sklearn.preprocessing import LabelEncoder

DTYPES = {"precipitation": "float32", "temp_max": "float32", "temp_min": "float32", "wind": "float32"}

train = pd.read_csv("./input/train.csv", parse_dates=["date"]).astype(DTYPES)
test = pd.read_csv("./input/test.csv", parse_dates=["date"]).astype(DTYPES)

enc = LabelEncoder().fit(train["weather"])
print("classes:", list(enc.classes_))
print(pd.crosstab(train["date"].dt.year, train["weather"], normalize="index").round(2))


def climatology(df):
    # monthly normals from the training years, merged back as anomalies
    normals = (
        df.query("is_train")
        .assign(month=lambda d: d["date"].dt.month)
        .groupby("month", as_index=False)
        .agg(
            tmax_norm=("temp_max", "mean"),
            tmin_norm=("temp_min", "mean"),
            precip_norm=("precipitation", "mean"),
            wind_norm=("wind", "median"),
        )
    )
    return (
        df.assign(month=lambda d: d["date"].dt.month)
        .merge(normals, on="month", how="left")
        .assign(
            tmax_anom=lambda d: d["temp_max"] - d["tmax_norm"],
            tmin_anom=lambda d: d["temp_min"] - d["tmin_norm"],
            precip_anom=lambda d: d["precipitation"] - d["precip_norm"],
            wind_anom=lambda d: d["wind"] - d["wind_norm"],
        )
        .drop(columns=["tmax_norm", "tmin_norm", "precip_norm", "wind_norm"])
    )


def sequence_features(df):
    df = df.sort_values("date").reset_index(drop=True)
    out = df.assign(
        spread=lambda d: d["temp_max"] - d["temp_min"],
        rain_yday=lambda d: d["precipitation"].shift(1),
        rain_tmrw=lambda d: d["precipitation"].shift(-1),
        dtmax=lambda d: d["temp_max"].diff(),
        dwind=lambda d: d["wind"].diff(),
        rain_3d=lambda d: d["precipitation"].rolling(3, center=True, min_periods=1).sum(),
        dry_run=lambda d: d["precipitation"].eq(0).groupby(d["precipitation"].ne(0).cumsum()).cumsum(),
    )
    edge_cols = ["rain_yday", "rain_tmrw", "dtmax", "dwind"]
    out[edge_cols] = out[edge_cols].fillna(method="bfill").fillna(method="ffill")
    return out


full = (
    pd.concat([train.assign(is_train=True), test.assign(is_train=False)], ignore_index=True)
    .pipe(climatology)
    .pipe(sequence_features)
)

FEATURES = [c for c in full.columns if c not in ("id", "date", "weather", "is_train")]
print(len(FEATURES), "features")

tr = full.query("is_train").reset_index(drop=True)
te = full.query("not is_train").reset_index(drop=True)
y = enc.transform(tr["weather"])

# last ~20% of the training period as validation, like the real split
cut = tr["date"].quantile(0.8)
is_va = tr["date"] > cut

params = dict(
    objective="multiclass",
    n_estimators=400,
    learning_rate=0.03,
    num_leaves=15,
    min_child_samples=10,
    colsample_bytree=0.8,
    reg_lambda=1.0,
    verbose=-1,
    random_state=3,
    n_jobs=2,
)
clf = lgb.LGBMClassifier(**params)
clf.fit(
    tr.loc[~is_va, FEATURES], y[~is_va],
    eval_set=[(tr.loc[is_va, FEATURES], y[is_va])],
    callbacks=[lgb.early_stopping(50, verbose=False)],
)
va_acc = accuracy_score(y[is_va], clf.predict(tr.loc[is_va, FEATURES]))
print(f"best_iteration: {clf.best_iteration_}")
print(f"Validation accuracy: {va_acc:.4f}")

final = lgb.LGBMClassifier(**{**params, "n_estimators": max(clf.best_iteration_, 50)})
final.fit(tr[FEATURES], y)

os.makedirs("./submission", exist_ok=True)
sub = te.assign(weather=enc.inverse_transform(final.predict(te[FEATURES])))[["id", "weather"]]
sub.to_csv("./submission/submission.csv", index=False)
print(sub["weather"].value_counts())
