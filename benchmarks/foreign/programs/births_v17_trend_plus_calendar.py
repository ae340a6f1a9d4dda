"""
Worked example 10: forecasting daily US births (MAE).

Births have three obvious patterns:
    * a slow trend across the years
    * a strong weekly cycle (far fewer births at weekends - scheduled
      deliveries and C-sections happen on weekdays)
    * a yearly cycle plus holiday dips (Christmas, New Year, July 4th)
The test period is the most recent years, so we validate on the last
three years of the training data and never shuffle.
"""
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_absolute_error

SEED = 5
VALID_YEARS = 3


def show(title):
    print("\n" + "=" * 58)
    print(" " + title)
    print("=" * 58)


def tell(text):
    print("   " + text)


def residual_summary(y_true, y_pred, dates):
    r = pd.Series(np.asarray(y_true) - np.asarray(y_pred), index=pd.DatetimeIndex(dates))
    tell(f"mean residual {r.mean():+.1f}   MAE {r.abs().mean():.1f}   "
         f"90% |r| below {r.abs().quantile(0.9):.1f}")
    by_dow = r.groupby(r.index.dayofweek).mean().round(1)
    tell("mean residual by weekday (0=Mon): " + ", ".join(f"{k}:{v:+}" for k, v in by_dow.items()))
    worst = r.abs().sort_values(ascending=False).head(5)
    tell("largest misses: " + ", ".join(f"{d:%Y-%m-%d} ({r[d]:+.0f})" for d in worst.index))


def calendar_features(df, first_year):
    d = pd.to_datetime(df["date"])
    out = pd.DataFrame(index=df.index)
    out["t"] = (d.dt.year - first_year) + d.dt.dayofyear / 366.0
    out["day_of_week"] = df["day_of_week"]
    out["month"] = df["month"]
    out["day_of_month"] = df["day_of_month"]
    out["day_of_year"] = df["day_of_year"]
    out["week"] = d.dt.week
    md = d.dt.strftime("%m-%d")
    out["holiday"] = md.isin(["01-01", "07-04", "12-24", "12-25", "12-26", "12-31"]).astype(int)
    out["thanksgiving"] = ((d.dt.month == 11) & (d.dt.dayofweek == 3)
                           & (d.dt.day >= 22) & (d.dt.day <= 28)).astype(int)
    return out


def one_hot_calendar(feats):
    dummies = pd.get_dummies(feats[["day_of_week", "month"]].astype(str), dtype=float)
    return pd.concat([feats[["t", "holiday", "thanksgiving"]], dummies], axis=1)


# -----------------------------------------------------------
show("1. Data, split by time")
train = pd.read_csv("input/train.csv", parse_dates=["date"])
test = pd.read_csv("input/test.csv", parse_dates=["date"])
train = train.sort_values("date").reset_index(drop=True)
last_year = train["date"].dt.year.max()
is_valid = train["date"].dt.year > last_year - VALID_YEARS
fit, valid = train[~is_valid], train[is_valid]
tell(f"fit:   {fit['date'].min():%Y-%m-%d} .. {fit['date'].max():%Y-%m-%d}  ({len(fit)} days)")
tell(f"valid: {valid['date'].min():%Y-%m-%d} .. {valid['date'].max():%Y-%m-%d}  ({len(valid)} days)")
tell(f"test:  {test['date'].min():%Y-%m-%d} .. {test['date'].max():%Y-%m-%d}  ({len(test)} days)")
print(train.groupby("wday")["births"].mean().round(0).sort_values().to_string())

# -----------------------------------------------------------
show("2. Baseline: weekday average of the last fit year")
tell("Take the final year of the fit period and average births per weekday.")
recent = fit[fit["date"].dt.year == fit["date"].dt.year.max()]
wday_mean = recent.groupby("wday")["births"].mean()
base_pred = valid["wday"].map(wday_mean).values
base_mae = mean_absolute_error(valid["births"], base_pred)
tell(f"baseline MAE: {base_mae:.1f}")

# -----------------------------------------------------------
show("3. Features")
first_year = train["date"].dt.year.min()
F_train = calendar_features(train, first_year)
F_test = calendar_features(test, first_year)
tell(f"{F_train.shape[1]} calendar features: {list(F_train.columns)}")
F_fit, F_valid = F_train[~is_valid], F_train[is_valid]
y_fit, y_valid = fit["births"].values, valid["births"].values

# -----------------------------------------------------------
show("4. Ridge: trend + weekday + month dummies")
R_all = one_hot_calendar(pd.concat([F_train, F_test]))
R_train, R_test = R_all.iloc[:len(F_train)], R_all.iloc[len(F_train):]
ridge = Ridge(alpha=1.0).fit(R_train[~is_valid.values], y_fit)
ridge_valid = ridge.predict(R_train[is_valid.values])
ridge_mae = mean_absolute_error(y_valid, ridge_valid)
tell(f"ridge MAE: {ridge_mae:.1f}")

# -----------------------------------------------------------
show("5. LightGBM on the ridge residuals")
tell("Trees cannot extrapolate a trend, so we let ridge carry the trend and")
tell("ask LightGBM only for what ridge misses (holidays, day-of-year shape).")
resid_fit = y_fit - ridge.predict(R_train[~is_valid.values])
tree_cols = ["day_of_week", "month", "day_of_month", "day_of_year", "week",
             "holiday", "thanksgiving"]
gbm = lgb.LGBMRegressor(n_estimators=600, learning_rate=0.03, num_leaves=31,
                        min_child_samples=10, objective="l1",
                        random_state=SEED, verbose=-1, n_jobs=2)
gbm.fit(F_fit[tree_cols], resid_fit)
combo_valid = ridge_valid + gbm.predict(F_valid[tree_cols])
combo_mae = mean_absolute_error(y_valid, combo_valid)
tell(f"ridge + lightgbm MAE: {combo_mae:.1f}")

# -----------------------------------------------------------
show("6. Residuals of the best model on the validation years")
results = {"baseline": base_mae, "ridge": ridge_mae, "ridge + lightgbm": combo_mae}
for k, v in sorted(results.items(), key=lambda kv: kv[1]):
    tell(f"{k:<18s} {v:8.1f}")
residual_summary(y_valid, combo_valid, valid["date"])

# -----------------------------------------------------------
show("7. Refit on all years and submit")
ridge_all = Ridge(alpha=1.0).fit(R_train, train["births"].values)
resid_all = train["births"].values - ridge_all.predict(R_train)
gbm.fit(F_train[tree_cols], resid_all)
pred = ridge_all.predict(R_test) + gbm.predict(F_test[tree_cols])
sub = pd.DataFrame({"id": test["id"], "births": np.round(pred, 1)})
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
print(f"Validation MAE (ridge + lightgbm): {combo_mae:.2f}")
