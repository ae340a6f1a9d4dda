"""Seattle weather label from the day's measurements.
Date parsed out of the string with a regex, numbers binned into words, bag of words + raw numbers."""
import os

import numpy as np
import pandas as pd
import scipy.sparse as sp
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.linear_model import LogisticRegression, SGDClassifier
from sklearn.metrics import accuracy_score, classification_report
from sklearn.preprocessing import StandardScaler

DATE_RE = r"^(?P<y>\d{4})-(?P<m>\d{2})-(?P<d>\d{2})$"
NUM = ["precipitation", "temp_max", "temp_min", "wind"]


def parse_date(df: pd.DataFrame) -> pd.DataFrame:
    """yyyy-mm-dd string -> int year / month / day + day of year (from the parsed parts)."""
    parts = df["date"].astype(str).str.strip().str.extract(DATE_RE).astype(int)
    out = df.join(parts)
    out["doy"] = pd.to_datetime(dict(year=parts["y"], month=parts["m"], day=parts["d"])).dt.day_of_year
    return out


def bucket(s: pd.Series, edges: list[float], name: str) -> pd.Series:
    labels = [f"{name}{i}" for i in range(len(edges) - 1)]
    return pd.cut(s, edges, labels=labels, include_lowest=True).astype(str)


def weather_words(df: pd.DataFrame) -> pd.Series:
    w = [
        "month_" + df["m"].astype(str),
        bucket(df["precipitation"], [-1, 0, 0.5, 2, 6, 100], "prcp"),
        bucket(df["temp_max"], [-20, 5, 10, 15, 20, 25, 50], "tmax"),
        bucket(df["temp_min"], [-20, 0, 4, 8, 12, 30], "tmin"),
        bucket(df["wind"], [0, 2, 3, 4, 5, 20], "wind"),
        bucket(df["temp_max"] - df["temp_min"], [-5, 4, 7, 10, 40], "range"),
    ]
    return pd.concat(w, axis=1).agg(" ".join, axis=1)


def dense(df: pd.DataFrame) -> np.ndarray:
    d = df[NUM].copy()
    d["log_prcp"] = np.log1p(d["precipitation"])
    d["dry"] = (d["precipitation"] == 0).astype(float)
    d["spread"] = d["temp_max"] - d["temp_min"]
    d["sin_doy"] = np.sin(2 * np.pi * df["doy"] / 365.25)
    d["cos_doy"] = np.cos(2 * np.pi * df["doy"] / 365.25)
    d["year"] = df["y"] - 2012
    return d.to_numpy(dtype=float)


train = parse_date(pd.read_csv("input/train.csv")).sort_values("date").reset_index(drop=True)
test = parse_date(pd.read_csv("input/test.csv"))
print("train", train.shape, train["date"].min(), "->", train["date"].max())
print("test ", test.shape, test["date"].min(), "->", test["date"].max())
print(train["weather"].value_counts().to_string())

train["words"] = weather_words(train)
test["words"] = weather_words(test)
print(train[["date", "words", "weather"]].head(4).to_string(index=False))

# time ordered holdout, like the real split
n_hold = int(len(train) * 0.2)
fit_df, hold_df = train.iloc[:-n_hold], train.iloc[-n_hold:]


def featurise(a: pd.DataFrame, b: pd.DataFrame):
    vec = CountVectorizer(token_pattern=r"\S+", ngram_range=(1, 2), binary=True)
    sc = StandardScaler()
    Xa = sp.hstack([vec.fit_transform(a["words"]), sc.fit_transform(dense(a))], format="csr")
    Xb = sp.hstack([vec.transform(b["words"]), sc.transform(dense(b))], format="csr")
    return Xa, Xb, vec


Xa, Xb, vec = featurise(fit_df, hold_df)
print("vocab:", len(vec.vocabulary_), "| Xa", Xa.shape)

candidates = {
    "logreg_C0.3": LogisticRegression(C=0.3, max_iter=3000),
    "logreg_C1": LogisticRegression(C=1.0, max_iter=3000),
    "sgd_hinge": SGDClassifier(loss="hinge", alpha=1e-3, max_iter=2000, random_state=0),
}
acc = {}
for name, mdl in candidates.items():
    mdl.fit(Xa, fit_df["weather"])
    acc[name] = accuracy_score(hold_df["weather"], mdl.predict(Xb))
    print(f"{name:12s} holdout accuracy {acc[name]:.4f}")

best = max(acc, key=acc.get)
print("picked:", best)
print(classification_report(hold_df["weather"], candidates[best].predict(Xb), zero_division=0))

X_all, X_test, vec = featurise(train, test)
model = candidates[best].fit(X_all, train["weather"])
pred = model.predict(X_test)

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "weather": pred}).to_csv("submission/submission.csv", index=False)
print("test label mix:", pd.Series(pred).value_counts().to_dict())
