"""Daily births: ratio-to-level LightGBM, validated walk-forward by calendar year.

The test set is the four most recent years, so every check here is done the
same way: train on all years before a cut, score the year after it, compare
with a seasonal-naive forecast (same weekday, 52 weeks earlier).
"""
import os

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import mean_absolute_error

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
train["date"] = pd.to_datetime(train["date"])
test["date"] = pd.to_datetime(test["date"])
train = train.sort_values("date").reset_index(drop=True)

print("train:", train["date"].min().date(), "->", train["date"].max().date(), len(train))
print("test: ", test["date"].min().date(), "->", test["date"].max().date(), len(test))

FIXED_HOLIDAYS = {(1, 1), (7, 4), (12, 25), (12, 24), (12, 31), (11, 11)}


def nth_weekday(year, month, weekday, n):
    first = pd.Timestamp(year=year, month=month, day=1)
    offset = (weekday - first.weekday()) % 7
    return first + pd.Timedelta(days=offset + 7 * (n - 1))


def last_weekday(year, month, weekday):
    nxt = pd.Timestamp(year=year + (month == 12), month=month % 12 + 1, day=1)
    last = nxt - pd.Timedelta(days=1)
    return last - pd.Timedelta(days=(last.weekday() - weekday) % 7)


def moving_holidays(years):
    days = []
    for y in years:
        days.append(nth_weekday(y, 11, 3, 4))   # Thanksgiving
        days.append(nth_weekday(y, 9, 0, 1))    # Labor day
        days.append(last_weekday(y, 5, 0))      # Memorial day
    return set(days)


def make_features(df):
    out = pd.DataFrame(index=df.index)
    d = df["date"]
    out["dow"] = d.dt.day_of_week
    out["doy"] = d.dt.day_of_year
    out["dom"] = d.dt.day
    out["month"] = d.dt.month
    out["week"] = d.dt.isocalendar().week.astype(int)
    md = list(zip(d.dt.month, d.dt.day))
    out["fixed_hol"] = [int(x in FIXED_HOLIDAYS) for x in md]
    moving = moving_holidays(range(d.dt.year.min(), d.dt.year.max() + 1))
    out["moving_hol"] = d.isin(moving).astype(int)
    hol = d[(out["fixed_hol"] == 1) | (out["moving_hol"] == 1)]
    # distance to the nearest holiday, clipped: births move around holidays
    if len(hol):
        hv = np.sort(hol.values.astype("datetime64[D]").astype(np.int64))
        dv = d.values.astype("datetime64[D]").astype(np.int64)
        pos = np.searchsorted(hv, dv)
        prev_h = hv[np.clip(pos - 1, 0, len(hv) - 1)]
        next_h = hv[np.clip(pos, 0, len(hv) - 1)]
        out["days_after_hol"] = np.clip(dv - prev_h, -1, 7)
        out["days_before_hol"] = np.clip(next_h - dv, -1, 7)
    out["dow_x_hol"] = out["dow"] * 10 + out["fixed_hol"] + out["moving_hol"]
    return out


def yearly_level(history):
    """Mean births of each calendar year; the level used for year Y is year Y-1's."""
    return history.groupby(history["date"].dt.year)["births"].mean()


def attach_level(df, levels, last_known_year):
    prev = (df["date"].dt.year - 1).clip(upper=last_known_year)
    return prev.map(levels).values


def seasonal_naive(history, target_dates):
    s = history.set_index("date")["births"]
    lagged = target_dates - pd.Timedelta(days=364)
    return s.reindex(lagged).values


PARAMS = dict(objective="l1", learning_rate=0.05, num_leaves=31,
              min_child_samples=10, subsample=0.8, subsample_freq=1,
              colsample_bytree=0.9, n_estimators=600, verbose=-1, random_state=7)


def fit_predict(hist, future):
    levels = yearly_level(hist)
    last_year = hist["date"].dt.year.max()
    hist = hist[hist["date"].dt.year > hist["date"].dt.year.min()]
    lvl_h = attach_level(hist, levels, last_year)
    lvl_f = attach_level(future, levels, last_year)
    Xh, Xf = make_features(hist), make_features(future)
    model = lgb.LGBMRegressor(**PARAMS)
    model.fit(Xh, hist["births"].values / lvl_h)
    return model.predict(Xf) * lvl_f


def walk_forward(df, val_years):
    rows = []
    for y in val_years:
        hist = df[df["date"].dt.year < y]
        fut = df[df["date"].dt.year == y]
        pred = fit_predict(hist, fut)
        base = seasonal_naive(hist, fut["date"])
        ok = ~np.isnan(base)
        mae_m = mean_absolute_error(fut["births"], pred)
        mae_b = mean_absolute_error(fut["births"].values[ok], base[ok])
        rows.append((y, len(hist), mae_m, mae_b))
        print(f"  window {y}: train_rows={len(hist):5d}  model MAE={mae_m:7.1f}  "
              f"seasonal-naive MAE={mae_b:7.1f}  gain={100 * (1 - mae_m / mae_b):5.1f}%")
    return pd.DataFrame(rows, columns=["year", "n_train", "mae_model", "mae_naive"])


print("walk-forward, expanding window, one year per fold")
scores = walk_forward(train, [1981, 1982, 1983, 1984])
m, b = scores["mae_model"].mean(), scores["mae_naive"].mean()
print(f"seasonal-naive {b:.1f} -> lgb {m:.1f}: {100 * (1 - m / b):.1f}% lower error on average")

test_sorted = test.sort_values("date")
pred = fit_predict(train, test_sorted)
sub = pd.DataFrame({"id": test_sorted["id"].values, "births": pred})
sample = pd.read_csv("./input/sample_submission.csv")
sub = sample[["id"]].merge(sub, on="id", how="left")
os.makedirs("./submission", exist_ok=True)
sub.to_csv("./submission/submission.csv", index=False)
print("submission rows:", len(sub), "mean pred:", round(sub["births"].mean(), 1))
print(f"Walk-forward MAE: {m:.2f}")
