import gc
import time

import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import mean_absolute_error

T_ALL = time.perf_counter()
USE = ["id", "date", "year", "month", "day_of_year", "day_of_month", "day_of_week"]
DT = {"id": np.int32, "year": np.int16, "month": np.int8, "day_of_year": np.int16,
      "day_of_month": np.int8, "day_of_week": np.int8}


def show(tag, t, extra=""):
    print(f"[{tag}] {time.perf_counter() - t:.2f}s {extra}", flush=True)


def read_chunked(path, cols, dtypes, chunksize=2000):
    pieces = [c for c in pd.read_csv(path, usecols=cols, dtype=dtypes, parse_dates=["date"],
                                     chunksize=chunksize)]
    return pd.concat(pieces, ignore_index=True)


t = time.perf_counter()
train = read_chunked("input/train.csv", USE + ["births"], {**DT, "births": np.int16})
test = read_chunked("input/test.csv", USE, DT)
train = train.sort_values("date", kind="stable").reset_index(drop=True)
show("load", t, f"train {train['date'].min().date()}..{train['date'].max().date()} "
                f"test {test['date'].min().date()}..{test['date'].max().date()} "
                f"{(train.memory_usage(deep=True).sum() + test.memory_usage(deep=True).sum()) / 1e6:.2f}MB")

FIXED_HOLIDAYS = {(1, 1), (7, 4), (12, 24), (12, 25), (12, 26), (12, 31), (11, 11), (1, 2)}


def features(df):
    d = df["date"]
    out = np.empty((len(df), 10), dtype=np.float32)
    out[:, 0] = df["day_of_week"]
    out[:, 1] = df["month"]
    out[:, 2] = df["day_of_month"]
    out[:, 3] = df["day_of_year"]
    md = list(zip(d.dt.month, d.dt.day))
    out[:, 4] = np.fromiter(((m, dd) in FIXED_HOLIDAYS for m, dd in md), dtype=np.float32, count=len(df))
    # thanksgiving: 4th thursday of november; labor day: 1st monday of september;
    # memorial day: last monday of may
    wd = d.dt.day_of_week.to_numpy()
    dom = d.dt.day.to_numpy()
    mon = d.dt.month.to_numpy()
    out[:, 5] = ((mon == 11) & (wd == 3) & (dom >= 22) & (dom <= 28)).astype(np.float32)
    out[:, 6] = ((mon == 9) & (wd == 0) & (dom <= 7)).astype(np.float32)
    out[:, 7] = ((mon == 5) & (wd == 0) & (dom >= 25)).astype(np.float32)
    out[:, 8] = (df["year"] % 4 == 0).astype(np.float32)
    out[:, 9] = df["year"]
    return out


t = time.perf_counter()
X = features(train)
X_test = features(test)
y = train["births"].to_numpy(dtype=np.float32)
t_num = (train["date"] - pd.Timestamp("1969-01-01")).dt.days.to_numpy(dtype=np.float32) / 365.25
t_num_test = (test["date"] - pd.Timestamp("1969-01-01")).dt.days.to_numpy(dtype=np.float32) / 365.25
show("features", t, f"X={X.shape} {X.dtype} {X.nbytes / 1024:.0f}KB")


def fit_predict(X_a, y_a, t_a, X_b, t_b):
    # linear trend for extrapolation, trees on multiplicative residual
    coef = np.polyfit(t_a, np.log(y_a), deg=1)
    trend_a = np.exp(np.polyval(coef, t_a))
    trend_b = np.exp(np.polyval(coef, t_b))
    model = HistGradientBoostingRegressor(loss="absolute_error", learning_rate=0.08, max_iter=300,
                                          max_leaf_nodes=31, min_samples_leaf=10,
                                          categorical_features=[0, 1], early_stopping=False,
                                          random_state=0)
    model.fit(X_a, y_a / trend_a)
    return model.predict(X_b) * trend_b, coef


t = time.perf_counter()
cut = train["date"] >= pd.Timestamp("1983-01-01")
tr_m, va_m = (~cut).to_numpy(), cut.to_numpy()
va_pred, coef = fit_predict(X[tr_m], y[tr_m], t_num[tr_m], X[va_m], t_num[va_m])
mae = mean_absolute_error(y[va_m], va_pred)
naive = mean_absolute_error(y[va_m], np.full(va_m.sum(), np.median(y[tr_m])))
show("valid", t, f"trend slope {coef[0] * 100:+.2f}%/yr")
print(f"validation MAE (1983-84 holdout): {mae:.2f}   naive median: {naive:.2f}")

t = time.perf_counter()
pred, coef = fit_predict(X, y, t_num, X_test, t_num_test)
show("refit", t, f"trend slope {coef[0] * 100:+.2f}%/yr pred mean {pred.mean():.0f}")

sub = pd.DataFrame({"id": test["id"].to_numpy(), "births": np.round(pred, 1)})
sub.to_csv("submission/submission.csv", index=False)
del X, X_test, train, test
gc.collect()
show("total", T_ALL)
