import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import TimeSeriesSplit
from sklearn.metrics import accuracy_score

tr = pd.read_csv("input/train.csv", parse_dates=["date"])
te = pd.read_csv("input/test.csv", parse_dates=["date"])
print("train", tr.shape, "| test", te.shape)
print(tr["weather"].value_counts())

tr["_set"] = "train"
te["_set"] = "test"
df = pd.concat([tr, te], ignore_index=True).sort_values("date").reset_index(drop=True)
print("dates contiguous:", (df["date"].diff().dt.days.dropna() == 1).all(), df.shape)

# date parts
df["month"] = df["date"].dt.month
df["doy"] = df["date"].dt.dayofyear
df["doy_sin"] = np.sin(2 * np.pi * df["doy"] / 365.25)
df["doy_cos"] = np.cos(2 * np.pi * df["doy"] / 365.25)
df["year"] = df["date"].dt.year

# row-wise
df["temp_range"] = df["temp_max"] - df["temp_min"]
df["temp_mean"] = (df["temp_max"] + df["temp_min"]) / 2
df["rained"] = (df["precipitation"] > 0).astype(int)
df["log_precip"] = np.log1p(df["precipitation"])
df["cold_wet"] = ((df["temp_max"] < 4) & (df["precipitation"] > 0)).astype(int)

# lags / leads / rolling (weather inputs only, these exist for test days too)
base = ["precipitation", "temp_max", "temp_min", "wind", "temp_range"]
for c in base:
    for L in (1, 2):
        df[f"{c}_lag{L}"] = df[c].shift(L)
    df[f"{c}_lead1"] = df[c].shift(-1)
    df[f"{c}_roll3"] = df[c].rolling(3, min_periods=1).mean()
    df[f"{c}_roll7"] = df[c].rolling(7, min_periods=1).mean()
    df[f"{c}_dev7"] = df[c] - df[f"{c}_roll7"]
df["dry_streak"] = df.groupby((df["rained"] == 1).cumsum()).cumcount()
df["rain_days_7"] = df["rained"].rolling(7, min_periods=1).sum()
print("shape after lags:", df.shape, "| NaN cells:", int(df.drop(columns="weather").isnull().sum().sum()))

drop_cols = ["id", "date", "weather", "_set"]
features = [c for c in df.columns if c not in drop_cols]

trn = df[df["_set"] == "train"].reset_index(drop=True)
tst = df[df["_set"] == "test"].reset_index(drop=True)
labels = sorted(trn["weather"].unique())
y = trn["weather"].map({l: i for i, l in enumerate(labels)}).values
print(f"{len(features)} features, classes {labels}")

params = dict(objective="multiclass", n_estimators=150, learning_rate=0.05, num_leaves=15,
              min_child_samples=15, colsample_bytree=0.6, subsample=0.8, subsample_freq=1,
              reg_lambda=1.0, random_state=1, verbose=-1, n_jobs=2)

tss = TimeSeriesSplit(n_splits=4)
accs = []
for i, (a, b) in enumerate(tss.split(trn)):
    m = lgb.LGBMClassifier(**params)
    m.fit(trn.loc[a, features], y[a])
    p = m.predict(trn.loc[b, features])
    accs.append(accuracy_score(y[b], p))
    print(f"split {i}: train {len(a):4d} valid {len(b):4d} "
          f"({trn.loc[b[0], 'date'].date()}..{trn.loc[b[-1], 'date'].date()})  acc={accs[-1]:.4f}")
print(f"mean time-split accuracy: {np.mean(accs):.4f}")

m = lgb.LGBMClassifier(**params)
m.fit(trn[features], y)
pred = np.array(labels)[m.predict(tst[features])]

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": tst["id"].astype(int), "weather": pred})
sub.to_csv("submission/submission.csv", index=False)
print(sub["weather"].value_counts().to_dict())
