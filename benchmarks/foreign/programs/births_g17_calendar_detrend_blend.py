"""
daily-births - attempt 2.

Attempt 1 fed the raw calendar columns to a GBM and lost the trend (trees can't
extrapolate to 1985-88). Here:
  * date parts + holiday flags (fixed-date and floating US holidays) + days around them
  * long-term level removed: models learn births / (centred 1-year moving average);
    for the future the level of the last observed year is carried forward
  * forward-chaining validation: train on years < Y, validate on year Y
  * LightGBM (lgb.train, early stopping), HistGradientBoosting, Ridge on one-hots
  * blend weights picked on the forward-chained OOF MAE
"""
import os
import time
import warnings

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_absolute_error

warnings.filterwarnings("ignore")
T0 = time.time()

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
sub = pd.read_csv("./input/sample_submission.csv")

train["date"] = pd.to_datetime(train["date"], format="%Y-%m-%d")
test["date"] = pd.to_datetime(test["date"], format="%Y-%m-%d")
train = train.sort_values("date").reset_index(drop=True)
print("train", train["date"].min().date(), "->", train["date"].max().date(), len(train))
print("test ", test["date"].min().date(), "->", test["date"].max().date(), len(test))

ORIGIN = pd.Timestamp("1969-01-01")


def nth_weekday(year, month, weekday, n):
    """n-th given weekday of a month (n=-1 -> last)."""
    days = pd.date_range(f"{year}-{month:02d}-01", periods=31, freq="D")
    days = days[(days.month == month) & (days.weekday == weekday)]
    return days[n]


def holiday_table(years):
    rows = []
    for y in years:
        rows += [
            (pd.Timestamp(y, 1, 1), "new_year"),
            (pd.Timestamp(y, 7, 4), "july4"),
            (pd.Timestamp(y, 12, 25), "xmas"),
            (pd.Timestamp(y, 12, 24), "xmas_eve"),
            (pd.Timestamp(y, 12, 31), "nye"),
            (pd.Timestamp(y, 11, 11), "veterans"),
            (nth_weekday(y, 5, 0, -1), "memorial"),
            (nth_weekday(y, 9, 0, 0), "labor"),
            (nth_weekday(y, 11, 3, 3), "thanksgiving"),
            (nth_weekday(y, 11, 3, 3) + pd.Timedelta(days=1), "thanks_fri"),
            (nth_weekday(y, 2, 0, 2), "presidents"),
        ]
    return pd.DataFrame(rows, columns=["date", "holiday"])


HOL = holiday_table(range(1968, 1990))
HOL_NAMES = sorted(HOL["holiday"].unique())
hol_dates = np.sort(HOL["date"].values)


def features(df):
    out = pd.DataFrame(index=df.index)
    d = df["date"]
    out["t"] = (d - ORIGIN).dt.days
    out["dow"] = d.dt.dayofweek
    out["month"] = d.dt.month
    out["dom"] = d.dt.day
    out["doy"] = d.dt.dayofyear
    out["woy"] = d.dt.isocalendar().week.astype(int).values
    out["weekend"] = (out["dow"] >= 5).astype(int)
    out["month_end"] = d.dt.is_month_end.astype(int)
    out["sin_doy"] = np.sin(2 * np.pi * out["doy"] / 365.25)
    out["cos_doy"] = np.cos(2 * np.pi * out["doy"] / 365.25)
    out["dom_13"] = (out["dom"] == 13).astype(int)
    out["fri_13"] = ((out["dom"] == 13) & (out["dow"] == 4)).astype(int)

    m = df[["date"]].merge(HOL, on="date", how="left")
    out["holiday"] = m["holiday"].notna().astype(int).values
    for h in HOL_NAMES:
        out[f"hol_{h}"] = (m["holiday"] == h).astype(int).values

    # distance (days) to nearest holiday, signed and clipped
    dv = d.values
    pos = np.searchsorted(hol_dates, dv)
    nxt = hol_dates[np.clip(pos, 0, len(hol_dates) - 1)]
    prv = hol_dates[np.clip(pos - 1, 0, len(hol_dates) - 1)]
    out["days_to_hol"] = np.clip((nxt - dv) / np.timedelta64(1, "D"), 0, 10)
    out["days_from_hol"] = np.clip((dv - prv) / np.timedelta64(1, "D"), 0, 10)
    out["hol_x_dow"] = out["holiday"] * (out["dow"] + 1)
    return out


X_all = features(train)
X_test = features(test)
y = train["births"].values.astype(float)
years = train["date"].dt.year.values
FEATS = [c for c in X_all.columns if c != "t"]
print(len(FEATS), "features")


def local_level(target, window=365):
    """centred one-year moving average of the (date-sorted) target"""
    return pd.Series(target).rolling(window, center=True, min_periods=180).mean().values


def forecast_level(target, last=365):
    """level carried forward: mean of the final year of the history"""
    return float(np.mean(target[-last:]))


def ridge_design(X):
    cats = pd.get_dummies(X[["dow", "month"]].astype(str), dtype=float)
    rest = X[[c for c in FEATS if c not in ("dow", "month", "dom", "doy", "woy")]]
    return pd.concat([cats, rest], axis=1)


lgb_params = dict(objective="regression_l1", learning_rate=0.05, num_leaves=31,
                  min_data_in_leaf=10, feature_fraction=0.9, bagging_fraction=0.9,
                  bagging_freq=1, verbose=-1, num_threads=2, seed=1)

VAL_YEARS = [1981, 1982, 1983, 1984]
names = ["lgb", "hgb", "ridge"]
oof = {k: [] for k in names}
oof_y, best_iters = [], []

for vy in VAL_YEARS:
    tr_m, va_m = years < vy, years == vy
    base_tr = local_level(y[tr_m])
    base_va = forecast_level(y[tr_m])
    r_tr = y[tr_m] / base_tr

    Xtr, Xva = X_all.loc[tr_m, FEATS], X_all.loc[va_m, FEATS]
    dtr = lgb.Dataset(Xtr, r_tr)
    dva = lgb.Dataset(Xva, y[va_m] / base_va, reference=dtr)
    bst = lgb.train(lgb_params, dtr, num_boost_round=1200, valid_sets=[dva],
                    callbacks=[lgb.early_stopping(100, verbose=False)])
    best_iters.append(bst.best_iteration)
    p_lgb = bst.predict(Xva, num_iteration=bst.best_iteration) * base_va

    hgb = HistGradientBoostingRegressor(loss="absolute_error", learning_rate=0.06, max_iter=400,
                                        max_leaf_nodes=31, min_samples_leaf=10, random_state=1)
    hgb.fit(Xtr, r_tr)
    p_hgb = hgb.predict(Xva) * base_va

    R = ridge_design(X_all)
    rdg = Ridge(alpha=1.0).fit(R.loc[tr_m], r_tr)
    p_rdg = rdg.predict(R.loc[va_m]) * base_va

    for k, p in zip(names, [p_lgb, p_hgb, p_rdg]):
        oof[k].append(p)
    oof_y.append(y[va_m])
    print(f"val {vy}: lgb MAE {mean_absolute_error(y[va_m], p_lgb):.1f} (it {bst.best_iteration}) | "
          f"hgb {mean_absolute_error(y[va_m], p_hgb):.1f} | ridge {mean_absolute_error(y[va_m], p_rdg):.1f}")

oof = {k: np.concatenate(v) for k, v in oof.items()}
oof_y = np.concatenate(oof_y)
for k in names:
    print(f"forward OOF MAE {k}: {mean_absolute_error(oof_y, oof[k]):.2f}")

best_w, best_mae = None, np.inf
for a in np.arange(0, 1.001, 0.05):
    for b in np.arange(0, 1.001 - a, 0.05):
        c = 1 - a - b
        mae = mean_absolute_error(oof_y, a * oof["lgb"] + b * oof["hgb"] + c * oof["ridge"])
        if mae < best_mae:
            best_w, best_mae = (a, b, c), mae
print("blend weights lgb/hgb/ridge:", np.round(best_w, 2))

# ---- refit everything on the full train, level carried from 1984 ----
base_all = local_level(y)
base_te = forecast_level(y)
r_all = y / base_all
n_rounds = int(np.mean(best_iters) * 1.1)

bst = lgb.train(lgb_params, lgb.Dataset(X_all[FEATS], r_all), num_boost_round=n_rounds)
hgb = HistGradientBoostingRegressor(loss="absolute_error", learning_rate=0.06, max_iter=400,
                                    max_leaf_nodes=31, min_samples_leaf=10, random_state=1)
hgb.fit(X_all[FEATS], r_all)
R_full = ridge_design(pd.concat([X_all, X_test], ignore_index=True))
R_tr, R_te = R_full.iloc[:len(X_all)], R_full.iloc[len(X_all):]
rdg = Ridge(alpha=1.0).fit(R_tr, r_all)

final = (best_w[0] * bst.predict(X_test[FEATS]) + best_w[1] * hgb.predict(X_test[FEATS])
         + best_w[2] * rdg.predict(R_te)) * base_te

os.makedirs("./submission", exist_ok=True)
sub["births"] = final
sub.to_csv("./submission/submission.csv", index=False)
print(f"runtime {time.time() - T0:.1f}s")
print(f"Validation MAE: {best_mae:.2f}")
