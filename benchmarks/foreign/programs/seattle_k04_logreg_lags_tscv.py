"""Seattle weather with a scaled multinomial logistic regression.

Readings of neighbouring days matter (fog follows calm dry nights, drizzle
comes between rain days), so lags and day-over-day changes are added.
Validation: TimeSeriesSplit, i.e. expanding windows in date order.
"""
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score
from sklearn.model_selection import TimeSeriesSplit
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

train = pd.read_csv("./input/train.csv", parse_dates=["date"]).sort_values("date")
test = pd.read_csv("./input/test.csv", parse_dates=["date"]).sort_values("date")
n_train = len(train)
both = pd.concat([train, test], ignore_index=True)
print("rows:", n_train, "+", len(test), "| classes:", sorted(train["weather"].unique()))

BASE = ["precipitation", "temp_max", "temp_min", "wind"]


def add_lags(df, cols, lags=(1, 2, 3)):
    for c in cols:
        for k in lags:
            df[f"{c}_lag{k}"] = df[c].shift(k)
    lag_cols = [f"{c}_lag{k}" for c in cols for k in lags]
    df[lag_cols] = df[lag_cols].bfill()
    return df


def add_changes(df, cols):
    for c in cols:
        df[f"{c}_chg"] = df[c].diff()
        df[f"{c}_next"] = df[c].shift(-1).ffill()
    return df


def make_features(df):
    df = df.copy()
    df["spread"] = df["temp_max"] - df["temp_min"]
    df["log_precip"] = np.log1p(df["precipitation"])
    df = add_lags(df, BASE + ["spread"])
    df = add_changes(df, ["temp_max", "temp_min", "wind"])
    df["doy_s"] = np.sin(2 * np.pi * df["date"].dt.day_of_year / 365.25)
    df["doy_c"] = np.cos(2 * np.pi * df["date"].dt.day_of_year / 365.25)
    return df


both = make_features(both)
FEATS = [c for c in both.columns if c not in ("id", "date", "weather")]
tr = both.iloc[:n_train].reset_index(drop=True)
te = both.iloc[n_train:].reset_index(drop=True)
X, y = tr[FEATS], tr["weather"].values
print(len(FEATS), "features")


def persistence_baseline(y_train, n):
    """Naive: the most common label of the last 30 training days."""
    return np.full(n, pd.Series(y_train[-30:]).mode()[0])


def make_model():
    return make_pipeline(StandardScaler(), LogisticRegression(C=0.5, max_iter=2000))


tscv = TimeSeriesSplit(n_splits=5, test_size=150)
model_scores, base_scores = [], []
for fold, (i_tr, i_va) in enumerate(tscv.split(X)):
    base = accuracy_score(y[i_va], persistence_baseline(y[i_tr], len(i_va)))
    print(f"fold {fold}: train={len(i_tr)} valid={len(i_va)} baseline acc={base:.3f}", end="")
    model = make_model().fit(X.iloc[i_tr], y[i_tr])
    acc = accuracy_score(y[i_va], model.predict(X.iloc[i_va]))
    print(f"  logreg acc={acc:.3f}")
    model_scores.append(acc)
    base_scores.append(base)

m, b = np.mean(model_scores), np.mean(base_scores)
print(f"baseline {b:.4f} -> logreg {m:.4f} (+{m - b:.4f})")

final = make_model().fit(X, y)
sub = pd.DataFrame({"id": te["id"].astype(int), "weather": final.predict(te[FEATS])})
sub.to_csv("./submission/submission.csv", index=False)
print(f"TSCV accuracy: {m:.4f}")
