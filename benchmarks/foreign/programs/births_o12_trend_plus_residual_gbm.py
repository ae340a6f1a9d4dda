import os
import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_absolute_error

print("[info] daily-births: linear trend + seasonal residual model")

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"[info] train {train.shape}  test {test.shape}")

date_col = next((c for c in ["date", "Date", "ds"] if c in train.columns), None)
assert date_col is not None, "no date column found"
train[date_col] = pd.to_datetime(train[date_col], errors="coerce")
test[date_col] = pd.to_datetime(test[date_col], errors="coerce")
n_bad = train[date_col].isna().sum() + test[date_col].isna().sum()
if n_bad:
    print(f"[warn] {n_bad} unparseable dates")
train = train.sort_values(date_col).reset_index(drop=True)
print(f"[info] train dates {train[date_col].min().date()} .. {train[date_col].max().date()}, "
      f"test dates {test[date_col].min().date()} .. {test[date_col].max().date()}")

ORIGIN = pd.Timestamp("1969-01-01")


def fixed_holiday(d):
    md = (d.dt.month * 100 + d.dt.day)
    return md.isin([101, 704, 1225, 1224, 1231, 1226]).astype(int)


def design(df):
    d = df[date_col]
    f = pd.DataFrame(index=df.index)
    f["t"] = (d - ORIGIN).dt.days / 365.25
    f["dow"] = d.dt.day_of_week
    f["month"] = d.dt.month
    f["dom"] = d.dt.day
    f["doy"] = d.dt.day_of_year
    f["holiday"] = fixed_holiday(d)
    # thanksgiving: 4th thursday of november
    f["thanksgiving"] = ((d.dt.month == 11) & (d.dt.day_of_week == 3) & (d.dt.day.between(22, 28))).astype(int)
    return f


TREND_YEARS = 6  # births fell in the 70s and recovered later; only use the recent slope


def trend_matrix(f):
    return f[["t"]].values


def fit_and_predict(tr_df, ytr, te_df):
    ftr, fte = design(tr_df), design(te_df)
    recent = (ftr["t"] >= ftr["t"].max() - TREND_YEARS).values
    if recent.sum() < 365:
        print("[warn] less than a year of recent data for trend, using everything")
        recent[:] = True
    trend = Ridge(alpha=1.0).fit(trend_matrix(ftr)[recent], ytr[recent])
    # residual model only on the same recent window, older years sit far off the recent trend line
    ftr, ytr = ftr[recent], ytr[recent]
    resid = ytr - trend.predict(trend_matrix(ftr))
    cols = ["dow", "month", "dom", "doy", "holiday", "thanksgiving"]
    try:
        import lightgbm as lgb
        rm = lgb.LGBMRegressor(n_estimators=500, learning_rate=0.05, num_leaves=31, min_child_samples=10,
                               objective="l1", random_state=4, verbose=-1)
        rm.fit(ftr[cols], resid)
        kind = "lgbm"
    except Exception as e:
        print(f"[warn] lightgbm residual model failed ({e}); using one-hot ridge")
        from sklearn.preprocessing import OneHotEncoder
        enc = OneHotEncoder(handle_unknown="ignore").fit(ftr[["dow", "month", "holiday"]])
        rm = Ridge(alpha=1.0).fit(enc.transform(ftr[["dow", "month", "holiday"]]), resid)
        kind = "ridge"
        return trend.predict(trend_matrix(fte)) + rm.predict(enc.transform(fte[["dow", "month", "holiday"]])), kind
    return trend.predict(trend_matrix(fte)) + rm.predict(fte[cols]), kind


y = train["births"].astype(float).values
cut = int(len(train) * 0.8)
va_pred, kind = fit_and_predict(train.iloc[:cut], y[:cut], train.iloc[cut:])
mae = mean_absolute_error(y[cut:], va_pred)
naive = mean_absolute_error(y[cut:], np.full(len(y) - cut, np.median(y[:cut])))
print(f"[info] holdout from {train.loc[cut, date_col].date()} ({len(y) - cut} days), residual model = {kind}")
print(f"[info] naive median MAE: {naive:.1f}")
print(f"[result] holdout MAE: {mae:.2f}")

pred, _ = fit_and_predict(train, y, test)
assert np.isfinite(pred).all(), "non-finite predictions"
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "births": np.round(pred, 1)}).to_csv("submission/submission.csv", index=False)
print(f"[info] test prediction range {pred.min():.0f} - {pred.max():.0f}")
