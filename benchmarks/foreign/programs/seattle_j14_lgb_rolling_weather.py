"""Seattle weather type: rolling/lag features on the joined daily timeline + LightGBM.

train and test are consecutive days, so the weather measurements (not the label)
can be joined into one timeline and rolled over; the label never enters a feature.
Validation: last 20% of the training days, like the real split.
"""
import os

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import accuracy_score

SEEDS = [11, 22, 33, 44]
NUM_COLS = ["precipitation", "temp_max", "temp_min", "wind"]

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
classes = sorted(train["weather"].unique())
cls2id = {c: i for i, c in enumerate(classes)}
print("classes:", classes)
print(train["weather"].value_counts())

train["_part"] = "train"
test["_part"] = "test"
full = pd.concat([train, test], ignore_index=True)
full["date"] = pd.to_datetime(full["date"])
full = full.sort_values("date").reset_index(drop=True)

# --- calendar
full["doy"] = full["date"].dt.day_of_year
full["month"] = full["date"].dt.month
full["doy_sin"] = np.sin(2 * np.pi * full["doy"] / 365.25)
full["doy_cos"] = np.cos(2 * np.pi * full["doy"] / 365.25)

# --- simple physics-ish features
full["temp_range"] = full["temp_max"] - full["temp_min"]
full["temp_mean"] = (full["temp_max"] + full["temp_min"]) / 2
full["is_dry"] = (full["precipitation"] == 0).astype(int)
full["log_precip"] = np.log1p(full["precipitation"])

# --- lags / leads / rolling on the timeline
for c in ["precipitation", "temp_max", "temp_range", "wind"]:
    for k in (1, 2):
        full[f"{c}_lag{k}"] = full[c].shift(k)
        full[f"{c}_lead{k}"] = full[c].shift(-k)
    for w in (3, 7):
        full[f"{c}_roll{w}"] = full[c].rolling(w, center=True, min_periods=1).mean()
    full[f"{c}_dev7"] = full[c] - full[f"{c}_roll7"]
full["dry_streak"] = full["is_dry"].groupby((full["is_dry"] == 0).cumsum()).cumsum()
full["precip_sum7_back"] = full["precipitation"].rolling(7, min_periods=1).sum()

# --- frequency encoding of the rounded measurements
for c in ["precipitation", "wind"]:
    r = full[c].round(0)
    full[f"{c}_freq"] = r.map(r.value_counts(normalize=True))

# --- deviation of today's temperature from the same-month mean (groupby aggregate)
full["tmax_month_dev"] = full["temp_max"] - full.groupby("month")["temp_max"].transform("mean")

FEATS = [c for c in full.columns if c not in ("id", "date", "weather", "_part")]
print("n features:", len(FEATS))

trn = full[full["_part"] == "train"].reset_index(drop=True)
tst = full[full["_part"] == "test"].reset_index(drop=True)
y = trn["weather"].map(cls2id).values

cut = int(len(trn) * 0.8)
X_fit, X_val = trn[FEATS].iloc[:cut], trn[FEATS].iloc[cut:]
y_fit, y_val = y[:cut], y[cut:]

params = {
    "objective": "multiclass",
    "num_class": len(classes),
    "learning_rate": 0.05,
    "num_leaves": 15,
    "min_data_in_leaf": 20,
    "feature_fraction": 0.7,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 2.0,
    "verbose": -1,
    "num_threads": 2,
}

val_proba = np.zeros((len(X_val), len(classes)))
best = []
for s in SEEDS:
    dfit = lgb.Dataset(X_fit, y_fit)
    dval = lgb.Dataset(X_val, y_val, reference=dfit)
    bst = lgb.train(
        {**params, "seed": s}, dfit, num_boost_round=1000,
        valid_sets=[dfit, dval], valid_names=["fit", "val"],
        callbacks=[lgb.early_stopping(50, verbose=False), lgb.log_evaluation(100)],
    )
    best.append(bst.best_iteration)
    val_proba += bst.predict(X_val, num_iteration=bst.best_iteration) / len(SEEDS)

acc = accuracy_score(y_val, val_proba.argmax(1))
print("best iterations:", best)
print(f"Validation accuracy: {acc:.4f}")

# --- refit on all training days with the averaged round count
rounds = max(20, int(np.mean(best)))
test_proba = np.zeros((len(tst), len(classes)))
for s in SEEDS:
    bst = lgb.train({**params, "seed": s}, lgb.Dataset(trn[FEATS], y), num_boost_round=rounds)
    test_proba += bst.predict(tst[FEATS]) / len(SEEDS)

pred = [classes[i] for i in test_proba.argmax(1)]
os.makedirs("./submission", exist_ok=True)
sub = pd.DataFrame({"id": tst["id"].astype(int), "weather": pred})
sub.to_csv("./submission/submission.csv", index=False)
print(sub["weather"].value_counts())
