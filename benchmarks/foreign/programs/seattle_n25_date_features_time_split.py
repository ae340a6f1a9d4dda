"""
Seattle weather -> predict `weather` (sun/fog/rain/drizzle/snow), metric accuracy.

Plan:
  * parse `date`, build calendar features (month, day of year, cyclic encodings)
  * add a couple of physics-ish features (temperature range, rain flag)
  * time-based split: train on everything before the last 20% of dates, validate on the rest
    (test set is a later period, so a random split would be optimistic)
  * compare RandomForest vs HistGradientBoosting on the time holdout, refit best on all data
"""
import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.metrics import accuracy_score, classification_report

SEED = 2024
DATE_FMT = "%Y-%d-%m"


def add_features(df):
    df = df.copy()
    df["date"] = pd.to_datetime(df["date"], format=DATE_FMT)
    df["month"] = df["date"].dt.month
    df["doy"] = df["date"].dt.dayofyear
    df["doy_sin"] = np.sin(2 * np.pi * df["doy"] / 365.25)
    df["doy_cos"] = np.cos(2 * np.pi * df["doy"] / 365.25)
    df["temp_range"] = df["temp_max"] - df["temp_min"]
    df["temp_mean"] = (df["temp_max"] + df["temp_min"]) / 2
    df["has_precip"] = (df["precipitation"] > 0).astype(int)
    df["log_precip"] = np.log1p(df["precipitation"])
    return df


FEATURES = ["precipitation", "temp_max", "temp_min", "wind", "month", "doy_sin", "doy_cos",
            "temp_range", "temp_mean", "has_precip", "log_precip"]


def time_split(df, frac=0.8):
    df = df.sort_values("date").reset_index(drop=True)
    cut = int(len(df) * frac)
    return df.iloc[:cut], df.iloc[cut:]


def main():
    train = add_features(pd.read_csv("input/train.csv"))
    test = add_features(pd.read_csv("input/test.csv"))
    print("train range:", train["date"].min().date(), "->", train["date"].max().date())

    tr, va = time_split(train)
    print(f"time split: {len(tr)} train / {len(va)} valid (valid starts {va['date'].min().date()})")

    models = {
        "rf": RandomForestClassifier(n_estimators=400, min_samples_leaf=3, random_state=SEED, n_jobs=-1),
        "hgb": HistGradientBoostingClassifier(max_depth=4, learning_rate=0.05, max_iter=200,
                                              random_state=SEED),
    }
    results = {}
    for name, model in models.items():
        model.fit(tr[FEATURES], tr["weather"])
        pred = model.predict(va[FEATURES])
        results[name] = accuracy_score(va["weather"], pred)
        print(f"{name}: time-split accuracy = {results[name]:.4f}")

    best = max(results, key=results.get)
    print(classification_report(va["weather"], models[best].predict(va[FEATURES]), zero_division=0))

    final = models[best]
    final.fit(train[FEATURES], train["weather"])
    sub = pd.DataFrame({"id": test["id"], "weather": final.predict(test[FEATURES])})
    sub.to_csv("submission/submission.csv", index=False)
    print(f"Final validation accuracy: {results[best]:.4f}")


if __name__ == "__main__":
    main()
