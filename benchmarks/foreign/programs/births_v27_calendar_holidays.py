"""
Improve step: daily-births (MAE), test = most recent dates.

Baseline : LightGBM on the given calendar columns, validated on the last 20%
           of train by date (forward holdout, mimics the test split).
Improve  : richer calendar features (week of year, US holiday flags, days to
           nearest holiday, linear trend) + train on log target.
"""
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import mean_absolute_error

SEED = 0

train = pd.read_csv("input/train.csv", parse_dates=["date"])
test = pd.read_csv("input/test.csv", parse_dates=["date"])
train = train.sort_values("date").reset_index(drop=True)
print(f"train {train['date'].min().date()} -> {train['date'].max().date()} ({len(train)})")
print(f"test  {test['date'].min().date()} -> {test['date'].max().date()} ({len(test)})")

WDAY = {"Mon": 0, "Tue": 1, "Wed": 2, "Thu": 3, "Fri": 4, "Sat": 5, "Sun": 6}


def holiday_flags(d):
    """Fixed + floating US federal holidays, computed from the date itself."""
    m, dom, dow = d.dt.month, d.dt.day, d.dt.dayofweek
    nth = (dom - 1) // 7 + 1
    last_week = (dom + 7) > d.dt.days_in_month
    hol = pd.Series(0, index=d.index)
    hol |= ((m == 1) & (dom == 1))                          # new year
    hol |= ((m == 7) & (dom == 4))                          # independence day
    hol |= ((m == 12) & (dom == 25))                        # christmas
    hol |= ((m == 11) & (dom == 11))                        # veterans day
    hol |= ((m == 5) & (dow == 0) & last_week)              # memorial day
    hol |= ((m == 9) & (dow == 0) & (nth == 1))             # labor day
    hol |= ((m == 11) & (dow == 3) & (nth == 4))            # thanksgiving
    hol |= ((m == 2) & (dow == 0) & (nth == 3))             # presidents day
    hol |= ((m == 10) & (dow == 0) & (nth == 2))            # columbus day
    return hol.astype(int)


def build(df):
    out = df.copy()
    out["wday_n"] = out["wday"].map(WDAY)
    out["week"] = out["date"].dt.week
    out["is_holiday"] = holiday_flags(out["date"])
    out["holiday_eve"] = holiday_flags(out["date"] + pd.Timedelta(days=1))
    out["holiday_after"] = holiday_flags(out["date"] - pd.Timedelta(days=1))
    out["t"] = (out["date"] - pd.Timestamp("1969-01-01")).dt.days
    out["xmas_season"] = ((out["month"] == 12) & (out["day_of_month"] >= 20)).astype(int)
    return out


train = build(train)
test = build(test)

base_cols = ["year", "month", "day_of_year", "day_of_month", "day_of_week"]
imp_cols = base_cols + ["week", "is_holiday", "holiday_eve", "holiday_after", "t", "xmas_season"]

cut = int(len(train) * 0.8)
tr, va = train.iloc[:cut], train.iloc[cut:]
print(f"holdout: fit on {len(tr)} rows up to {tr['date'].max().date()}, "
      f"validate on {len(va)} rows from {va['date'].min().date()}")

params = dict(n_estimators=1500, learning_rate=0.02, num_leaves=31, min_child_samples=10,
              colsample_bytree=0.9, random_state=SEED, verbose=-1, n_jobs=2)

m0 = lgb.LGBMRegressor(**params)
m0.fit(tr[base_cols], tr["births"], eval_set=[(va[base_cols], va["births"])],
       eval_metric="l1", callbacks=[lgb.early_stopping(100, verbose=False)])
p0 = m0.predict(va[base_cols])
base_mae = mean_absolute_error(va["births"], p0)
print(f"baseline  holdout MAE: {base_mae:.2f}  (iters={m0.best_iteration_})")

# linear trend can't be captured by trees beyond the train range -> fit it separately
coef = np.polyfit(tr["t"], np.log(tr["births"]), 1)
trend_tr = np.polyval(coef, tr["t"])
trend_va = np.polyval(coef, va["t"])
m1 = lgb.LGBMRegressor(**params)
m1.fit(tr[imp_cols], np.log(tr["births"]) - trend_tr,
       eval_set=[(va[imp_cols], np.log(va["births"]) - trend_va)],
       eval_metric="l1", callbacks=[lgb.early_stopping(100, verbose=False)])
p1 = np.exp(m1.predict(va[imp_cols]) + trend_va)
imp_mae = mean_absolute_error(va["births"], p1)
print(f"improved  holdout MAE: {imp_mae:.2f}  (iters={m1.best_iteration_})")
print(f"delta: {imp_mae - base_mae:+.2f}")

# refit on all of train with the chosen setup
if imp_mae < base_mae:
    coef = np.polyfit(train["t"], np.log(train["births"]), 1)
    mf = lgb.LGBMRegressor(**dict(params, n_estimators=int(m1.best_iteration_ * 1.15)))
    mf.fit(train[imp_cols], np.log(train["births"]) - np.polyval(coef, train["t"]))
    pred = np.exp(mf.predict(test[imp_cols]) + np.polyval(coef, test["t"]))
else:
    mf = lgb.LGBMRegressor(**dict(params, n_estimators=int(m0.best_iteration_ * 1.15)))
    mf.fit(train[base_cols], train["births"])
    pred = mf.predict(test[base_cols])

sub = pd.DataFrame({"id": test["id"], "births": pred})
sub.to_csv("submission/submission.csv", index=False)
print("saved submission", sub.shape, "mean", round(pred.mean(), 1))
