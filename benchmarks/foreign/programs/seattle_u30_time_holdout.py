"""Seattle weather type (drizzle/fog/rain/snow/sun) -- accuracy, test = most recent days.

- sort everything by date, add calendar + previous/next-day features on the joined timeline
- time holdout (last 20% of train days) to compare RandomForest / LightGBM / logistic
- refit the winner on the whole train period
"""
import os
import time
import warnings
from datetime import datetime

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, confusion_matrix
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

warnings.filterwarnings("ignore")
SEED = 21
NUM = ["precipitation", "temp_max", "temp_min", "wind"]
_T = time.time()


def log(msg):
    print(f"[{datetime.now():%H:%M:%S}|{time.time() - _T:5.1f}s] {msg}", flush=True)


def load():
    train = pd.read_csv("input/train.csv", parse_dates=["date"])
    test = pd.read_csv("input/test.csv", parse_dates=["date"])
    sample = pd.read_csv("input/sample_submission.csv")
    log(f"train {train.shape} ({train['date'].min():%Y-%m-%d}..{train['date'].max():%Y-%m-%d}), "
        f"test {test.shape} ({test['date'].min():%Y-%m-%d}..{test['date'].max():%Y-%m-%d})")
    assert set(NUM) <= set(train.columns) and set(NUM) <= set(test.columns)
    assert "weather" in train.columns
    assert train["date"].max() < test["date"].min(), "expected test strictly after train"
    assert train[NUM].notna().all().all() and test[NUM].notna().all().all()
    return train, test, sample


def add_features(train, test):
    full = pd.concat([train.assign(_part="train"), test.assign(_part="test")], ignore_index=True)
    full = full.sort_values("date").reset_index(drop=True)
    full["temp_range"] = full["temp_max"] - full["temp_min"]
    full["temp_mean"] = (full["temp_max"] + full["temp_min"]) / 2
    full["rain_day"] = (full["precipitation"] > 0).astype(int)
    full["log_precip"] = np.log1p(full["precipitation"])
    doy = full["date"].dt.day_of_year
    full["doy_sin"] = np.sin(2 * np.pi * doy / 365.25)
    full["doy_cos"] = np.cos(2 * np.pi * doy / 365.25)
    full["month"] = full["date"].dt.month
    for c in ["precipitation", "temp_max", "temp_min", "wind", "temp_range"]:
        full[f"{c}_prev"] = full[c].shift(1)
        full[f"{c}_next"] = full[c].shift(-1)
    full["precip_3d"] = full["precipitation"].rolling(3, center=True, min_periods=1).mean()
    full["wind_3d"] = full["wind"].rolling(3, center=True, min_periods=1).mean()
    full = full.bfill().ffill()
    feats = [c for c in full.columns if c not in ("id", "date", "weather", "_part")]
    tr = full[full["_part"] == "train"].reset_index(drop=True)
    te = full[full["_part"] == "test"].reset_index(drop=True)
    return tr, te, feats


def candidates():
    models = {
        "rf": RandomForestClassifier(n_estimators=400, min_samples_leaf=3, n_jobs=2,
                                     random_state=SEED),
        "logreg": make_pipeline(StandardScaler(), LogisticRegression(C=0.5, max_iter=3000)),
    }
    try:
        from lightgbm import LGBMClassifier
        models["lgbm"] = LGBMClassifier(n_estimators=250, learning_rate=0.03, num_leaves=15,
                                        min_child_samples=15, colsample_bytree=0.8,
                                        random_state=SEED, n_jobs=2, verbose=-1)
    except Exception as e:
        log(f"lightgbm skipped: {e}")
    return models


def main():
    train, test, sample = load()
    tr, te, feats = add_features(train, test)
    log(f"{len(feats)} features; class counts: {tr['weather'].value_counts().to_dict()}")

    cut = int(len(tr) * 0.8)
    Xa, ya = tr.loc[:cut - 1, feats], tr.loc[:cut - 1, "weather"]
    Xb, yb = tr.loc[cut:, feats], tr.loc[cut:, "weather"]
    log(f"holdout starts {tr.loc[cut, 'date']:%Y-%m-%d}; fit rows {len(Xa)}, holdout rows {len(Xb)}")

    scores = {}
    models = candidates()
    for name, model in models.items():
        try:
            model.fit(Xa, ya)
            p = model.predict(Xb)
            scores[name] = accuracy_score(yb, p)
            log(f"{name:>7}: holdout accuracy {scores[name]:.4f}")
        except Exception as e:
            log(f"{name} failed: {type(e).__name__}: {e}")
    assert scores, "no model could be fitted"

    best = max(scores, key=scores.get)
    log(f"best = {best} (holdout accuracy {scores[best]:.4f})")
    labels = sorted(tr["weather"].unique())
    cm = confusion_matrix(yb, models[best].predict(Xb), labels=labels)
    print(pd.DataFrame(cm, index=labels, columns=labels))

    final = candidates()[best]
    final.fit(tr[feats], tr["weather"])
    pred = final.predict(te[feats])

    sub = pd.DataFrame({"id": te["id"].astype(int), "weather": pred})
    sub = sample[["id"]].merge(sub, on="id", how="left")
    assert sub["weather"].notna().all(), "some test ids missing predictions"
    os.makedirs("submission", exist_ok=True)
    sub.to_csv("submission/submission.csv", index=False)
    log(f"submission saved {sub.shape}; predicted mix {sub['weather'].value_counts().to_dict()}")


if __name__ == "__main__":
    main()
