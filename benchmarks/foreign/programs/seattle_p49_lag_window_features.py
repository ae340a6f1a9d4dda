import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import accuracy_score

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train:", train.shape, " test:", test.shape)
print(train["weather"].value_counts(normalize=True).round(3).to_string())

LABELS = sorted(train["weather"].unique())
lab2id = {l: i for i, l in enumerate(LABELS)}
NUM = ["precipitation", "temp_max", "temp_min", "wind"]


def build_daily_table(df):
    d = df.copy()
    d["date"] = pd.to_datetime(d["date"])
    d = d.sort_values("date").reset_index(drop=True)
    d["temp_range"] = d["temp_max"] - d["temp_min"]
    d["dry"] = (d["precipitation"] == 0).astype("int8")
    return d


def add_calendar_features(d):
    d["month"] = d["date"].dt.month.astype("int8")
    d["doy"] = d["date"].dt.day_of_year.astype("int16")
    d["doy_sin"] = np.sin(2 * np.pi * d["doy"] / 365.25).astype("float32")
    d["doy_cos"] = np.cos(2 * np.pi * d["doy"] / 365.25).astype("float32")
    return d


def add_lag_features(d, cols, lags=(1, 2), windows=(3, 7)):
    for c in cols:
        for L in lags:
            d[f"{c}_lag{L}"] = d[c].shift(L)
        d[f"{c}_lead1"] = d[c].shift(-1)
        for w in windows:
            d[f"{c}_roll{w}"] = d[c].rolling(w, min_periods=1).mean()
    d["dry_streak"] = d.groupby((d["dry"] == 0).cumsum())["dry"].cumsum().astype("int16")
    lagcols = [c for c in d.columns if "_lag" in c or "_lead" in c]
    d[lagcols] = d[lagcols].fillna(method="bfill").fillna(method="ffill")
    return d


full = pd.concat([train.assign(part="train"), test.assign(part="test")], ignore_index=True)
full = build_daily_table(full)
full = add_calendar_features(full)
full = add_lag_features(full, NUM + ["temp_range"])
assert full["date"].is_unique and len(full) == len(train) + len(test)

FEATS = [c for c in full.columns if c not in ("id", "date", "weather", "part")]
trn = full[full["part"] == "train"].reset_index(drop=True)
tst = full[full["part"] == "test"].reset_index(drop=True)
y = trn["weather"].map(lab2id).values
print(f"{len(FEATS)} features")

cut = int(len(trn) * 0.8)
params = dict(n_estimators=250, learning_rate=0.05, num_leaves=15, min_child_samples=10,
              colsample_bytree=0.7, verbose=-1, random_state=0)
clf = lgb.LGBMClassifier(**params)
clf.fit(trn.loc[:cut - 1, FEATS], y[:cut])
va = clf.predict(trn.loc[cut:, FEATS])
print(f"holdout accuracy (last 20% of train by date): {accuracy_score(y[cut:], va):.4f}")
print(pd.crosstab(pd.Series(y[cut:]).map(dict(enumerate(LABELS))),
                  pd.Series(va).map(dict(enumerate(LABELS))), rownames=["true"], colnames=["pred"]))

clf.fit(trn[FEATS], y)
tst["weather"] = [LABELS[k] for k in clf.predict(tst[FEATS])]
os.makedirs("submission", exist_ok=True)
tst[["id", "weather"]].to_csv("submission/submission.csv", index=False)
print(tst["weather"].value_counts().to_string())
