"""Daily births: detrend by yearly level, LightGBM on the seasonal ratio.

Plan
  * births = level(year) * ratio(calendar)
  * level: linear fit on the recent yearly means, extrapolated to test years
  * ratio: lgb.train on calendar + holiday + smoothed day-of-year profile
  * hold out the last 3 train years for early stopping, then refit, 3 seeds
"""
import os
import warnings

import numpy as np
import pandas as pd
import lightgbm as lgb

warnings.filterwarnings("ignore")

SEEDS = [42, 1337, 2024]
VALID_YEARS = [1982, 1983, 1984]
LEVEL_YEARS = 7  # how many recent years the level line is fit on

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train", train.shape, "test", test.shape)

for df in (train, test):
    df["date"] = pd.to_datetime(df["date"])


def nth_weekday(year, month, weekday, n):
    """n-th given weekday (0=Mon) of a month; n=-1 means the last one."""
    days = pd.date_range(f"{year}-{month:02d}-01", periods=31, freq="D")
    days = days[(days.month == month) & (days.weekday == weekday)]
    return days[n]


def holiday_table(years):
    rows = []
    for y in years:
        fixed = {
            "new_year": pd.Timestamp(y, 1, 1),
            "valentine": pd.Timestamp(y, 2, 14),
            "independence": pd.Timestamp(y, 7, 4),
            "halloween": pd.Timestamp(y, 10, 31),
            "christmas": pd.Timestamp(y, 12, 25),
            "new_year_eve": pd.Timestamp(y, 12, 31),
        }
        moving = {
            "memorial": nth_weekday(y, 5, 0, -1),
            "labor": nth_weekday(y, 9, 0, 0),
            "thanksgiving": nth_weekday(y, 11, 3, 3),
        }
        for name, d in {**fixed, **moving}.items():
            rows.append((name, d))
    return pd.DataFrame(rows, columns=["holiday", "hdate"])


all_years = range(1968, 1990)
hol = holiday_table(all_years)
hol_codes = {h: i + 1 for i, h in enumerate(sorted(hol["holiday"].unique()))}


def add_calendar(df):
    d = df["date"]
    df["dow"] = d.dt.weekday
    df["doy"] = d.dt.dayofyear
    df["dom"] = d.dt.day
    df["mon"] = d.dt.month
    df["woy"] = d.dt.isocalendar().week.astype(int)
    df["is_weekend"] = (df["dow"] >= 5).astype(int)
    df["doy_sin"] = np.sin(2 * np.pi * df["doy"] / 365.25)
    df["doy_cos"] = np.cos(2 * np.pi * df["doy"] / 365.25)
    df["days_to_month_end"] = d.dt.days_in_month - df["dom"]

    # distance to nearest holiday (signed) + the holiday code itself
    hd = hol["hdate"].values.astype("datetime64[D]").astype(np.int64)
    dd = d.values.astype("datetime64[D]").astype(np.int64)
    diff = dd[:, None] - hd[None, :]
    idx = np.abs(diff).argmin(axis=1)
    df["hol_dist"] = np.clip(diff[np.arange(len(dd)), idx], -7, 7)
    df["hol_code"] = hol["holiday"].map(hol_codes).values[idx]
    df.loc[df["hol_dist"].abs() > 3, "hol_code"] = 0
    return df


train = add_calendar(train)
test = add_calendar(test)

# ---------------------------------------------------------------- level model
yearly = train.groupby("year")["births"].mean()
recent = yearly.iloc[-LEVEL_YEARS:]
coef = np.polyfit(recent.index.values, recent.values, 1)
print(f"level slope per year: {coef[0]:.1f}")


def level_for(years, fit_years=None):
    if fit_years is None:
        return np.polyval(coef, years)
    r = yearly.loc[fit_years].iloc[-LEVEL_YEARS:]
    c = np.polyfit(r.index.values, r.values, 1)
    return np.polyval(c, years)


train["level"] = train["year"].map(yearly)
train["ratio"] = train["births"] / train["level"]

# ------------------------------------------- smoothed day-of-year profile (rolling)
def doy_profile(frame):
    """Mean ratio per (doy, dow-adjusted) with a centred rolling smooth on the calendar."""
    dow_eff = frame.groupby("dow")["ratio"].mean()
    tmp = frame.assign(adj=frame["ratio"] / frame["dow"].map(dow_eff))
    prof = tmp.groupby("doy")["adj"].mean().reindex(range(1, 367))
    prof = prof.interpolate().bfill().ffill()
    wrap = pd.concat([prof.iloc[-7:], prof, prof.iloc[:7]])
    smooth = wrap.rolling(7, center=True, min_periods=1).mean().iloc[7:-7]
    return prof, smooth


def add_profile(df, prof, smooth):
    df["doy_prof"] = df["doy"].map(prof)
    df["doy_prof_smooth"] = df["doy"].map(smooth)
    df["doy_prof_resid"] = df["doy_prof"] - df["doy_prof_smooth"]
    return df


FEATS = [
    "dow", "doy", "dom", "mon", "woy", "is_weekend", "doy_sin", "doy_cos",
    "days_to_month_end", "hol_dist", "hol_code",
    "doy_prof", "doy_prof_smooth", "doy_prof_resid",
]

params = dict(
    objective="l1",
    learning_rate=0.03,
    num_leaves=31,
    min_data_in_leaf=20,
    feature_fraction=0.8,
    bagging_fraction=0.8,
    bagging_freq=1,
    lambda_l2=1.0,
    verbose=-1,
    num_threads=2,
)

# ------------------------------------------------------------------ holdout
trn = train[~train["year"].isin(VALID_YEARS)].copy()
val = train[train["year"].isin(VALID_YEARS)].copy()
prof, smooth = doy_profile(trn)
trn = add_profile(trn, prof, smooth)
val = add_profile(val, prof, smooth)

fit_years = sorted(trn["year"].unique())
val_level = level_for(val["year"].values, fit_years)

best_iters = []
val_pred = np.zeros(len(val))
for seed in SEEDS:
    p = dict(params, seed=seed)
    dtr = lgb.Dataset(trn[FEATS], trn["ratio"], categorical_feature=["hol_code"])
    dva = lgb.Dataset(val[FEATS], val["ratio"], reference=dtr)
    booster = lgb.train(
        p, dtr, num_boost_round=2000, valid_sets=[dva], valid_names=["valid"],
        callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)],
    )
    best_iters.append(booster.best_iteration)
    val_pred += booster.predict(val[FEATS], num_iteration=booster.best_iteration) / len(SEEDS)
    print(f"seed {seed}: best_iter={booster.best_iteration}")

mae_ratio_only = np.mean(np.abs(val_pred * val["level"].values - val["births"].values))
mae = np.mean(np.abs(val_pred * val_level - val["births"].values))
print(f"holdout MAE with true level: {mae_ratio_only:.2f}")
print(f"Validation MAE: {mae:.2f}")

# ------------------------------------------------------------------ full refit
prof, smooth = doy_profile(train)
train = add_profile(train, prof, smooth)
test = add_profile(test, prof, smooth)
n_rounds = int(np.mean(best_iters) * 1.1)

test_ratio = np.zeros(len(test))
for seed in SEEDS:
    p = dict(params, seed=seed)
    dall = lgb.Dataset(train[FEATS], train["ratio"], categorical_feature=["hol_code"])
    booster = lgb.train(p, dall, num_boost_round=n_rounds)
    test_ratio += booster.predict(test[FEATS]) / len(SEEDS)

test_level = level_for(test["year"].values)
os.makedirs("./submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"], "births": test_ratio * test_level})
sub.to_csv("./submission/submission.csv", index=False)
print(sub.describe().T)
