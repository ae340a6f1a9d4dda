import os
import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier, RandomForestClassifier
from sklearn.metrics import accuracy_score, confusion_matrix

train = pd.read_csv("input/train.csv", parse_dates=["date"])
test = pd.read_csv("input/test.csv", parse_dates=["date"])
train = train.sort_values("date").reset_index(drop=True)
print("train", train.shape, train["date"].min().date(), "->", train["date"].max().date())
print("test ", test.shape, test["date"].min().date(), "->", test["date"].max().date())
print(train["weather"].value_counts(normalize=True).round(3))


def add_feats(df):
    df = df.copy()
    doy = df["date"].dt.dayofyear
    df["doy_sin"] = np.sin(2 * np.pi * doy / 365.25)
    df["doy_cos"] = np.cos(2 * np.pi * doy / 365.25)
    df["month"] = df["date"].dt.month
    df["temp_range"] = df["temp_max"] - df["temp_min"]
    df["temp_mean"] = (df["temp_max"] + df["temp_min"]) / 2
    df["wet"] = (df["precipitation"] > 0).astype(int)
    df["log_precip"] = np.log1p(df["precipitation"])
    return df


train = add_feats(train)
test = add_feats(test)
feats = ["precipitation", "log_precip", "wet", "temp_max", "temp_min", "temp_range",
         "temp_mean", "wind", "doy_sin", "doy_cos", "month"]

# time-ordered holdout: last 20% of the training period
cut = int(len(train) * 0.8)
tr, va = train.iloc[:cut], train.iloc[cut:]
print(f"\nholdout from {va['date'].min().date()} ({len(va)} days)")

models = {
    "gbm": GradientBoostingClassifier(n_estimators=150, max_depth=3, learning_rate=0.05,
                                      subsample=0.8, random_state=7),
    "rf": RandomForestClassifier(n_estimators=300, min_samples_leaf=3, random_state=7, n_jobs=2),
}
scores = {}
for name, m in models.items():
    m.fit(tr[feats], tr["weather"])
    p = m.predict(va[feats])
    scores[name] = accuracy_score(va["weather"], p)
    print(f"{name:4s} holdout accuracy = {scores[name]:.4f}")

best = max(scores, key=scores.get)
print("best model:", best)
labels = sorted(train["weather"].unique())
p = models[best].predict(va[feats])
cm = pd.DataFrame(confusion_matrix(va["weather"], p, labels=labels), index=labels, columns=labels)
print(cm)

final = models[best]
final.fit(train[feats], train["weather"])
test_pred = final.predict(test[feats])

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "weather": test_pred}).to_csv("submission/submission.csv", index=False)
print("prediction mix:", pd.Series(test_pred).value_counts().to_dict())
