"""
Seattle weather type classification (sun / rain / drizzle / snow / fog).

Approach:
  * parse the date, add seasonal features (month, day-of-year as sin/cos)
  * temperature range and interaction features
  * RandomForest + ExtraTrees soft-vote, validated on the last 20% of dates (time split)
"""
import os
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier, ExtraTreesClassifier, VotingClassifier
from sklearn.metrics import accuracy_score, classification_report

SEED = 11


def make_features(df):
    out = df.copy()
    d = pd.to_datetime(out["date"], format="%Y-%m-%d")
    out["month"] = d.dt.month
    doy = d.dt.day_of_year
    out["doy_sin"] = np.sin(2 * np.pi * doy / 365.25)
    out["doy_cos"] = np.cos(2 * np.pi * doy / 365.25)
    out["temp_range"] = out["temp_max"] - out["temp_min"]
    out["temp_mean"] = (out["temp_max"] + out["temp_min"]) / 2
    out["wet"] = (out["precipitation"] > 0).astype(int)
    out["log_precip"] = np.log1p(out["precipitation"])
    out["cold_and_wet"] = ((out["temp_max"] < 2) & (out["precipitation"] > 0)).astype(int)
    out["_date"] = d
    return out


FEATS = ["precipitation", "temp_max", "temp_min", "wind", "month", "doy_sin", "doy_cos",
         "temp_range", "temp_mean", "wet", "log_precip", "cold_and_wet"]


def build_model():
    rf = RandomForestClassifier(n_estimators=300, min_samples_leaf=3, random_state=SEED, n_jobs=1)
    et = ExtraTreesClassifier(n_estimators=300, min_samples_leaf=3, random_state=SEED, n_jobs=1)
    return VotingClassifier([("rf", rf), ("et", et)], voting="soft")


def main():
    train = make_features(pd.read_csv("./input/train.csv")).sort_values("_date").reset_index(drop=True)
    test = make_features(pd.read_csv("./input/test.csv"))
    print("train:", train.shape, "test:", test.shape)
    print("class distribution:\n", train["weather"].value_counts().to_string())

    cut = int(0.8 * len(train))
    model = build_model()
    model.fit(train.loc[: cut - 1, FEATS], train.loc[: cut - 1, "weather"])
    val_pred = model.predict(train.loc[cut:, FEATS])
    acc = accuracy_score(train.loc[cut:, "weather"], val_pred)
    print(classification_report(train.loc[cut:, "weather"], val_pred, zero_division=0))
    print(f"Validation accuracy: {acc:.4f}")

    model = build_model().fit(train[FEATS], train["weather"])
    os.makedirs("./submission", exist_ok=True)
    sub = pd.DataFrame({"id": test["id"], "weather": model.predict(test[FEATS])})
    sub.to_csv("./submission/submission.csv", index=False)
    print("predicted distribution:", sub["weather"].value_counts().to_dict())


if __name__ == "__main__":
    main()
