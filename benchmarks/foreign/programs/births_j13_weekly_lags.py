"""Daily births with weekday-aligned long lags.

Test dates run 1985..1988, train ends 1984-12-31, so every lag has to reach back
at least 4 years. 208 weeks = 1456 days keeps the weekday aligned, so the
"same weekday four years ago" value is always inside train for a test date.
Lags: 208w, 209w, 260w (5y) + a rolling mean over the lagged series.
"""
import os

import numpy as np
import pandas as pd
import lightgbm as lgb

SEEDS = (0, 1, 2)
LAG_WEEKS = [208, 209, 210, 260, 261]

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

print(train["births"].describe().round(1))
print(train.groupby("wday")["births"].mean().sort_values().round(0))


def build_daily_frame(train, test):
    """One row per calendar day across train+test, births NaN on test days."""
    tr = train.copy()
    te = test.copy()
    tr["is_test"] = 0
    te["is_test"] = 1
    te["births"] = np.nan
    full = pd.concat([tr, te], ignore_index=True)
    full["ds"] = pd.to_datetime(full["date"], format="%Y-%d-%m")
    full = full.sort_values("ds").reset_index(drop=True)
    return full


def add_lag_feats(full):
    s = full.set_index("ds")["births"]
    for w in LAG_WEEKS:
        full[f"lag_{w}w"] = s.shift(w * 7, freq="D").reindex(full["ds"]).values
    lag_cols = [f"lag_{w}w" for w in LAG_WEEKS]
    full["lag_mean"] = full[lag_cols].mean(axis=1)
    full["lag_std"] = full[lag_cols].std(axis=1)
    # 4-years-back series smoothed over a week either side
    back = s.shift(LAG_WEEKS[0] * 7, freq="D")
    roll = back.rolling("15D", center=True, min_periods=3).mean()
    full["lag208_roll15"] = roll.reindex(full["ds"]).values
    full["lag208_dev"] = full["lag_208w"] - full["lag208_roll15"]
    return full


def add_calendar(full):
    d = full["ds"]
    full["dow"] = d.dt.day_of_week
    full["doy"] = d.dt.dayofyear
    full["dom"] = d.dt.day
    full["mon"] = d.dt.month
    full["t"] = (d - pd.Timestamp("1969-01-01")).dt.days / 365.25
    return full


full = build_daily_frame(train, test)
full = add_calendar(full)
full = add_lag_feats(full)

FEATS = ["dow", "doy", "dom", "mon", "t", "lag_mean", "lag_std", "lag208_roll15", "lag208_dev"] + [
    f"lag_{w}w" for w in LAG_WEEKS
]

trn = full[(full["is_test"] == 0) & full["lag_208w"].notna()]
fit = trn[trn["ds"] < "1983-01-01"]
val = trn[trn["ds"] >= "1983-01-01"]
print("fit", fit.shape, "val", val.shape)

params = dict(objective="mae", learning_rate=0.08, num_leaves=20, min_data_in_leaf=25,
              feature_fraction=0.8, bagging_fraction=0.8, bagging_freq=1, verbose=-1, num_threads=2)

iters, pv = [], np.zeros(len(val))
for sd in SEEDS:
    dfit = lgb.Dataset(fit[FEATS], fit["births"])
    dval = lgb.Dataset(val[FEATS], val["births"], reference=dfit)
    b = lgb.train(dict(params, seed=sd), dfit, 1500, valid_sets=[dval],
                  callbacks=[lgb.early_stopping(100, verbose=False)])
    iters.append(b.best_iteration)
    pv += b.predict(val[FEATS], num_iteration=b.best_iteration) / len(SEEDS)
print(f"Validation MAE: {np.abs(pv - val['births'].values).mean():.2f}")

tst = full[full["is_test"] == 1]
pt = np.zeros(len(tst))
for sd in SEEDS:
    b = lgb.train(dict(params, seed=sd), lgb.Dataset(trn[FEATS], trn["births"]), int(np.mean(iters)))
    pt += b.predict(tst[FEATS]) / len(SEEDS)

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": tst["id"].astype(int).values, "births": pt}).to_csv("./submission/submission.csv", index=False)
print("done")
