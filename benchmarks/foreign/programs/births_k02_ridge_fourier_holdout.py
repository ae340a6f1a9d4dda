"""Births: linear trend + Fourier seasonality + weekday dummies (Ridge).

Validation: hold out the latest 730 days, then also a small expanding-window
check by year.  Baseline: weekday x month means of the last full year.
"""
import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_absolute_error
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline

DATE_FMT = "%m/%d/%Y"
N_HARMONICS = 6
HOLDOUT_DAYS = 731  # 1983 + 1984, two full years

raw_train = pd.read_csv("./input/train.csv")
raw_test = pd.read_csv("./input/test.csv")
print(raw_train.shape, raw_test.shape)
print(raw_train[["date", "wday", "births"]].head(3).to_string(index=False))


def parse_dates(s):
    return pd.to_datetime(s, format=DATE_FMT)


def fourier_terms(t, period, k):
    cols = {}
    for i in range(1, k + 1):
        cols[f"sin_{period}_{i}"] = np.sin(2 * np.pi * i * t / period)
        cols[f"cos_{period}_{i}"] = np.cos(2 * np.pi * i * t / period)
    return pd.DataFrame(cols)


def make_features(df, origin):
    d = parse_dates(df["date"])
    t = (d - origin).dt.days.values.astype(float)
    feats = [pd.DataFrame({"trend": t / 365.25})]
    feats.append(fourier_terms(d.dt.day_of_year.values, 365.25, N_HARMONICS))
    dow = pd.get_dummies(d.dt.day_of_week, prefix="dow").astype(float)
    for k in range(7):
        if f"dow_{k}" not in dow:
            dow[f"dow_{k}"] = 0.0
    feats.append(dow[[f"dow_{k}" for k in range(7)]].reset_index(drop=True))
    md = d.dt.strftime("%m-%d")
    feats.append(pd.DataFrame({
        "newyear": (md == "01-01").astype(float).values,
        "july4": (md == "07-04").astype(float).values,
        "xmas": md.isin(["12-24", "12-25"]).astype(float).values,
    }))
    return pd.concat([f.reset_index(drop=True) for f in feats], axis=1)


def seasonal_baseline(hist, fut):
    last = hist[hist["year"] == hist["year"].max()]
    tab = last.groupby(["day_of_week", "month"])["births"].mean()
    keys = list(zip(fut["day_of_week"], fut["month"]))
    return np.array([tab.get(k, last["births"].mean()) for k in keys])


def fit_and_score(hist, fut, origin):
    model = make_pipeline(StandardScaler(), Ridge(alpha=1.0))
    model.fit(make_features(hist, origin), hist["births"].values)
    pred = model.predict(make_features(fut, origin))
    return model, pred


train = raw_train.sort_values("date").reset_index(drop=True)
test = raw_test.sort_values("date").reset_index(drop=True)
origin = pd.Timestamp("1969-01-01")

cut = len(train) - HOLDOUT_DAYS
hist, fut = train.iloc[:cut], train.iloc[cut:]
_, pred = fit_and_score(hist, fut, origin)
base = seasonal_baseline(hist, fut)
mae_model = mean_absolute_error(fut["births"], pred)
mae_base = mean_absolute_error(fut["births"], base)
print(f"hold-out last {HOLDOUT_DAYS} days: baseline MAE {mae_base:.1f}, ridge MAE {mae_model:.1f}")

for y in [1982, 1983, 1984]:
    h, f = train[train["year"] < y], train[train["year"] == y]
    _, p = fit_and_score(h, f, origin)
    print(f"  year {y}: MAE {mean_absolute_error(f['births'], p):.1f}")

final, test_pred = fit_and_score(train, test, origin)
sub = pd.DataFrame({"id": test["id"], "births": test_pred})
sub.to_csv("./submission/submission.csv", index=False)
print(f"Hold-out MAE: {mae_model:.2f}")
