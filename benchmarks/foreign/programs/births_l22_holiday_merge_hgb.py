import os

import numpy as np
import pandas as pd
from pandas.tseries.holiday import USFederalHolidayCalendar
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import mean_absolute_error

pd.set_option("display.width", 140)

raw_train = pd.read_csv("./input/train.csv")
raw_test = pd.read_csv("./input/test.csv")

both = pd.concat(
    [raw_train.assign(part="train"), raw_test.assign(part="test")],
    ignore_index=True,
)

# quick look at the weekly / monthly shape of the series
profile = raw_train.pivot_table(
    index="month", columns="wday", values="births", aggfunc="mean"
).round(0)
print(profile[["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]])


def holiday_table(start="1968-12-01", end="1989-01-31"):
    cal = USFederalHolidayCalendar()
    rules = {r.name: r for r in cal.rules}
    rows = []
    for name, rule in rules.items():
        for day in rule.dates(start, end):
            rows.append((day, name))
    return (
        pd.DataFrame(rows, columns=["date", "holiday"])
        .sort_values("date")
        .assign(holiday=lambda d: d["holiday"].astype("category"))
    )


def add_dates(df):
    return df.assign(
        ts=lambda d: pd.to_datetime(d["date"], format="%Y-%m-%d"),
        t_days=lambda d: (d["ts"] - d["ts"].min()).dt.days,
        week=lambda d: d["ts"].dt.isocalendar().week.astype("int16"),
        wday=lambda d: pd.Categorical(
            d["wday"], categories=["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        ),
    )


def add_holidays(df):
    hol = holiday_table()
    out = (
        df.merge(hol, on="date", how="left")
        .assign(
            is_holiday=lambda d: d["holiday"].notna().astype("int8"),
            holiday=lambda d: d["holiday"].cat.add_categories("none").fillna("none"),
        )
    )
    # the day after / before a holiday behaves differently too
    out = out.sort_values("ts").assign(
        after_hol=lambda d: d["is_holiday"].shift(1, fill_value=0),
        before_hol=lambda d: d["is_holiday"].shift(-1, fill_value=0),
    )
    return out


def add_seasonal_window(df):
    return df.assign(
        xmas=lambda d: (d["month"].eq(12) & d["day_of_month"].ge(20)).astype("int8"),
        ny=lambda d: (d["month"].eq(1) & d["day_of_month"].le(2)).astype("int8"),
        d13=lambda d: d["day_of_month"].eq(13).astype("int8"),
    )


feat = (
    both.pipe(add_dates)
    .pipe(add_holidays)
    .pipe(add_seasonal_window)
)

# yearly level: known for train years, carried forward for the test years
yearly = (
    feat.query("part == 'train'")
    .groupby("year", as_index=False)
    .agg(year_mean=("births", "mean"), year_n=("births", "size"))
)
last_level = yearly.tail(3)["year_mean"].mean()
feat = (
    feat.merge(yearly, on="year", how="left")
    .assign(year_mean=lambda d: d["year_mean"].fillna(last_level))
    .assign(rel=lambda d: d["births"] / d["year_mean"])
)

FEATURES = [
    "wday", "month", "day_of_year", "day_of_month", "week", "holiday",
    "is_holiday", "after_hol", "before_hol", "xmas", "ny", "d13",
]

tr = feat.query("part == 'train'").reset_index(drop=True)
te = feat.query("part == 'test'").reset_index(drop=True)


def make_model():
    return HistGradientBoostingRegressor(
        loss="absolute_error",
        learning_rate=0.05,
        max_iter=500,
        max_leaf_nodes=31,
        min_samples_leaf=10,
        categorical_features="from_dtype",
        random_state=0,
    )


# hold out the last three training years
cut = tr["year"].max() - 2
m = make_model().fit(tr.loc[tr.year < cut, FEATURES], tr.loc[tr.year < cut, "rel"])
va = tr.loc[tr.year >= cut]
va_pred = m.predict(va[FEATURES]) * va["year_mean"]
print(f"Holdout MAE ({cut}-{tr.year.max()}): {mean_absolute_error(va['births'], va_pred):.2f}")

final = make_model().fit(tr[FEATURES], tr["rel"])
te = te.assign(births=lambda d: final.predict(d[FEATURES]) * d["year_mean"])

os.makedirs("./submission", exist_ok=True)
te[["id", "births"]].sort_values("id").to_csv("./submission/submission.csv", index=False)
print("wrote", len(te), "rows")
