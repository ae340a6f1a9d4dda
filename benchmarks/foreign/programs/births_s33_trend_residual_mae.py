import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import HuberRegressor
from sklearn.metrics import mean_absolute_error, mean_absolute_percentage_error, mean_squared_error

train = pd.read_csv("input/train.csv", parse_dates=["date"])
test = pd.read_csv("input/test.csv", parse_dates=["date"])
print(f"train {train.shape} {train['date'].min().date()} .. {train['date'].max().date()}")
print(f"test  {test.shape} {test['date'].min().date()} .. {test['date'].max().date()}")

print("\n# missing")
print(train.isna().sum().to_string())
print("\n# births describe")
print(train["births"].describe().round(1).to_string())
print("\n# wday counts")
print(train["wday"].value_counts().to_string())

assert train["date"].is_unique and test["date"].is_unique
assert train["date"].max() < test["date"].min(), "test is supposed to be strictly later"
gaps = train.sort_values("date")["date"].diff().dt.days.value_counts()
print("\n# day gaps in train:", gaps.to_dict())


def holidays_for(years):
    out = []
    for yr in years:
        out += [pd.Timestamp(yr, 1, 1), pd.Timestamp(yr, 7, 4), pd.Timestamp(yr, 12, 25),
                pd.Timestamp(yr, 12, 24), pd.Timestamp(yr, 12, 31), pd.Timestamp(yr, 11, 11)]
        nov = pd.date_range(f"{yr}-11-01", f"{yr}-11-30")
        thanks = nov[nov.dayofweek == 3][3]
        out += [thanks, thanks + pd.Timedelta(days=1)]
        sep = pd.date_range(f"{yr}-09-01", f"{yr}-09-30")
        out.append(sep[sep.dayofweek == 0][0])            # labor day
        may = pd.date_range(f"{yr}-05-01", f"{yr}-05-31")
        out.append(may[may.dayofweek == 0][-1])           # memorial day
    return pd.DatetimeIndex(out)


HOL = holidays_for(range(1969, 1990))


def features(df):
    d = pd.DataFrame(index=df.index)
    wd = df["wday"].astype(str).str.strip().str[:3].str.title()
    assert wd.isin(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]).all()
    d["dow"] = df["date"].dt.dayofweek
    d["weekend"] = (d["dow"] >= 5).astype(int)
    d["doy"] = df["date"].dt.dayofyear
    d["month"] = df["date"].dt.month
    d["dom"] = df["date"].dt.day
    d["week"] = df["date"].dt.isocalendar().week.astype(int)
    d["t"] = (df["date"] - pd.Timestamp("1969-01-01")).dt.days / 365.25
    d["holiday"] = df["date"].isin(HOL).astype(int)
    near = np.zeros(len(df), dtype=int)
    for off in (-1, 1):
        near |= (df["date"] + pd.Timedelta(days=off)).isin(HOL).values
    d["near_holiday"] = near
    d["doy_sin"] = np.sin(2 * np.pi * d["doy"] / 365.25)
    d["doy_cos"] = np.cos(2 * np.pi * d["doy"] / 365.25)
    d["month_end"] = df["date"].dt.is_month_end.astype(int)
    return d


train = train.sort_values("date").reset_index(drop=True)
F = features(train)
F_test = features(test)
y = np.log(train["births"].values)
print("\n# holiday rows in train:", int(F["holiday"].sum()), " in test:", int(F_test["holiday"].sum()))

# trend: robust linear fit on yearly log-level using the last 10 years, residuals modelled by LGBM
TREND_YEARS = 10


def fit_trend(F_, y_):
    m = F_["t"] >= F_["t"].max() - TREND_YEARS
    h = HuberRegressor(epsilon=1.5).fit(F_.loc[m, ["t"]].values, y_[m.values])
    return h


FEATS = ["dow", "weekend", "doy", "month", "dom", "week", "holiday", "near_holiday", "doy_sin", "doy_cos", "month_end"]
params = dict(objective="l1", n_estimators=900, learning_rate=0.03, num_leaves=31, min_child_samples=10,
              subsample=0.9, subsample_freq=1, colsample_bytree=0.9, random_state=8, verbose=-1)

# rolling-origin validation: last four years one at a time, mirrors the test horizon
year = train["date"].dt.year
rows = []
for val_year in [1981, 1982, 1983, 1984]:
    tr_m = (year < val_year).values
    va_m = (year == val_year).values
    trend = fit_trend(F[tr_m], y[tr_m])
    resid = y[tr_m] - trend.predict(F.loc[tr_m, ["t"]].values)
    age = F.loc[tr_m, "t"].max() - F.loc[tr_m, "t"]
    w = np.exp(-age / 6.0).values
    m = lgb.LGBMRegressor(**params).fit(F.loc[tr_m, FEATS], resid, sample_weight=w)
    pred = np.exp(trend.predict(F.loc[va_m, ["t"]].values) + m.predict(F.loc[va_m, FEATS]))
    truth = train.loc[va_m, "births"].values
    naive = np.exp(trend.predict(F.loc[va_m, ["t"]].values))
    rows.append({"val_year": val_year, "n": int(va_m.sum()), "mae": mean_absolute_error(truth, pred),
                 "mae_trend_only": mean_absolute_error(truth, naive),
                 "rmse": np.sqrt(mean_squared_error(truth, pred)),
                 "mape_%": 100 * mean_absolute_percentage_error(truth, pred),
                 "bias": float(np.mean(pred - truth))})
    r = rows[-1]
    print(f"[{val_year}] MAE={r['mae']:.1f}  (trend only {r['mae_trend_only']:.1f})  RMSE={r['rmse']:.1f}  bias={r['bias']:+.1f}")

res = pd.DataFrame(rows).set_index("val_year")
res.loc["mean"] = res.mean()
print("\n================ validation summary ================")
print(res.round(2).to_string())
cv_mae = res.loc["mean", "mae"]

# final: refit on everything
trend = fit_trend(F, y)
resid = y - trend.predict(F[["t"]].values)
w = np.exp(-(F["t"].max() - F["t"]) / 6.0).values
m = lgb.LGBMRegressor(**params).fit(F[FEATS], resid, sample_weight=w)
pred = np.exp(trend.predict(F_test[["t"]].values) + m.predict(F_test[FEATS]))
print(f"\ntrend slope (log births / year): {trend.coef_[0]:+.5f}")
print("test prediction by year:", pd.Series(pred).groupby(test["date"].dt.year.values).mean().round(0).to_dict())

sub = pd.DataFrame({"id": test["id"], "births": np.round(pred, 1)})
assert len(sub) == len(test) and sub["births"].gt(0).all()
sub.to_csv("submission/submission.csv", index=False)
print(f"Validation MAE (mean of 4 years): {cv_mae:.2f}")
