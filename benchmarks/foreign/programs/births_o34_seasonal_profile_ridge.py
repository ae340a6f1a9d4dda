import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_absolute_error

train = pd.read_csv("input/train.csv", parse_dates=["date"]).sort_values("date", ignore_index=True)
test = pd.read_csv("input/test.csv", parse_dates=["date"])
print(f"train {train.date.min():%Y-%m-%d} .. {train.date.max():%Y-%m-%d} ({len(train)} days)")
print(f"test  {test.date.min():%Y-%m-%d} .. {test.date.max():%Y-%m-%d} ({len(test)} days)")

(
    train.groupby("year")
    .agg(mean_births=("births", "mean"), weekend_share=("day_of_week", lambda s: (s >= 6).mean()))
    .assign(change=lambda d: d.mean_births.pct_change().mul(100).round(2))
    .round(1)
    .pipe(print)
)

# weekday x month relative effects, long form so they can be merged back on both frames
wday_month = (
    train.assign(rel=lambda d: d.births / d.groupby("year").births.transform("mean"))
    .pivot_table(index="day_of_week", columns="month", values="rel", aggfunc="mean")
    .reset_index()
    .melt(id_vars="day_of_week", var_name="month", value_name="wd_month_effect")
    .astype({"month": int})
)


def day_of_year_profile(df, window=7):
    """Smoothed relative births for each calendar day (holidays stand out as dips)."""
    rel = df.assign(rel=lambda d: d.births / d.groupby("year").births.transform("mean"))
    return (
        rel.groupby(["month", "day_of_month"], as_index=False)
        .agg(doy_effect=("rel", "mean"))
        .assign(doy_smooth=lambda d: d.doy_effect.rolling(window, center=True).mean())
        .assign(doy_smooth=lambda d: d.doy_smooth.fillna(method="bfill").fillna(method="ffill"))
        .assign(doy_resid=lambda d: d.doy_effect - d.doy_smooth)
    )


def enrich(df, profile):
    return (
        df.merge(profile, on=["month", "day_of_month"], how="left")
        .merge(wday_month, on=["day_of_week", "month"], how="left")
        .assign(
            t=lambda d: (d.date - pd.Timestamp("1969-01-01")).dt.days / 365.25,
            t2=lambda d: d.t ** 2,
            weekend=lambda d: (d.day_of_week >= 6).astype(int),
            leap_day=lambda d: ((d.month == 2) & (d.day_of_month == 29)).astype(int),
        )
    )


FEATS = ["t", "t2", "weekend", "day_of_week", "month", "day_of_month", "leap_day",
         "doy_effect", "doy_smooth", "doy_resid", "wd_month_effect"]

cut = pd.Timestamp("1981-01-01")
early, late = train.loc[lambda d: d.date < cut], train.loc[lambda d: d.date >= cut]
prof = day_of_year_profile(early)
fit_df, val_df = enrich(early, prof), enrich(late, prof)

# linear trend for the level, boosting for what is left over
trend = Ridge(alpha=1.0).fit(fit_df[["t", "t2"]], fit_df.births)
resid_model = lgb.LGBMRegressor(n_estimators=400, learning_rate=0.03, num_leaves=31, verbose=-1, random_state=0)
resid_model.fit(fit_df[FEATS], fit_df.births - trend.predict(fit_df[["t", "t2"]]))
val_pred = trend.predict(val_df[["t", "t2"]]) + resid_model.predict(val_df[FEATS])
print(f"validation MAE (1981-1984): {mean_absolute_error(val_df.births, val_pred):.1f}")

prof_all = day_of_year_profile(train)
full_df, test_df = enrich(train, prof_all), enrich(test, prof_all)
trend = Ridge(alpha=1.0).fit(full_df[["t", "t2"]], full_df.births)
resid_model.fit(full_df[FEATS], full_df.births - trend.predict(full_df[["t", "t2"]]))

(
    test_df.assign(births=lambda d: trend.predict(d[["t", "t2"]]) + resid_model.predict(d[FEATS]))
    [["id", "births"]]
    .to_csv("submission/submission.csv", index=False)
)
print("written", len(test_df))
