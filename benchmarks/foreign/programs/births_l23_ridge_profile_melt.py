import os

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_absolute_error
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

WDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

train = pd.read_csv("./input/train.csv", parse_dates=["date"]).sort_values("date")
test = pd.read_csv("./input/test.csv", parse_dates=["date"]).sort_values("date")


def flag_holidays(df):
    m, dom, wd = df["month"], df["day_of_month"], df["wday"]
    return df.assign(
        h_newyear=lambda d: (m.eq(1) & dom.eq(1)).astype("int8"),
        h_july4=lambda d: (m.eq(7) & dom.eq(4)).astype("int8"),
        h_xmas=lambda d: (m.eq(12) & dom.between(24, 26)).astype("int8"),
        h_nye=lambda d: (m.eq(12) & dom.eq(31)).astype("int8"),
        h_memorial=lambda d: (m.eq(5) & wd.eq("Mon") & dom.ge(25)).astype("int8"),
        h_labor=lambda d: (m.eq(9) & wd.eq("Mon") & dom.le(7)).astype("int8"),
        h_thanks=lambda d: (m.eq(11) & wd.eq("Thu") & dom.between(22, 28)).astype("int8"),
        h_thanks_fri=lambda d: (m.eq(11) & wd.eq("Fri") & dom.between(23, 29)).astype("int8"),
        h_halloween=lambda d: (m.eq(10) & dom.eq(31)).astype("int8"),
        h_13=lambda d: dom.eq(13).astype("int8"),
    )


def add_calendar(df):
    return df.assign(
        wday=lambda d: pd.Categorical(d["wday"], categories=WDAYS),
        dom_bin=lambda d: pd.cut(
            d["day_of_month"], bins=[0, 3, 10, 20, 27, 31], labels=["d1", "d2", "d3", "d4", "d5"]
        ),
        t=lambda d: (d["date"] - pd.Timestamp("1969-01-01")).dt.days / 365.25,
        sin1=lambda d: np.sin(2 * np.pi * d["day_of_year"] / 365.25),
        cos1=lambda d: np.cos(2 * np.pi * d["day_of_year"] / 365.25),
        sin2=lambda d: np.sin(4 * np.pi * d["day_of_year"] / 365.25),
        cos2=lambda d: np.cos(4 * np.pi * d["day_of_year"] / 365.25),
    )


train = train.pipe(flag_holidays).pipe(add_calendar)
test = test.pipe(flag_holidays).pipe(add_calendar)

# month x weekday multiplicative profile, relative to the year's mean,
# built as a wide table and melted back into a lookup
rel = train.assign(rel=lambda d: d["births"] / d.groupby("year")["births"].transform("mean"))
wide = rel.pivot_table(index="month", columns="wday", values="rel", aggfunc="median", observed=True)
print(wide.round(3))
lookup = (
    wide.reset_index()
    .melt(id_vars="month", var_name="wday", value_name="mw_profile")
    .astype({"month": "int64", "wday": "str"})
)

def add_profile(df):
    return (
        df.assign(wday_s=lambda d: d["wday"].astype("str"))
        .merge(lookup.rename(columns={"wday": "wday_s"}), on=["month", "wday_s"], how="left")
        .drop(columns="wday_s")
    )


train = train.pipe(add_profile)
test = test.pipe(add_profile)

CAT = ["wday", "dom_bin", "month"]
NUM = ["t", "sin1", "cos1", "sin2", "cos2", "mw_profile"] + [c for c in train if c.startswith("h_")]


def make_model(alpha=3.0):
    pre = ColumnTransformer(
        [
            ("cat", OneHotEncoder(handle_unknown="ignore"), CAT),
            ("num", StandardScaler(), NUM),
        ]
    )
    return make_pipeline(pre, Ridge(alpha=alpha))


def fit_recent(df, window_years=6):
    # only the recent past for the trend term: the 70s baby bust is not informative
    return df.query("year > year.max() - @window_years")


# expanding window check: predict each of the last 3 years from the years before it
scores = []
for hold_year in [1982, 1983, 1984]:
    past = train.query("year < @hold_year").pipe(fit_recent)
    fut = train.query("year == @hold_year")
    model = make_model().fit(past[CAT + NUM], np.log(past["births"]))
    pred = np.exp(model.predict(fut[CAT + NUM]))
    scores.append(mean_absolute_error(fut["births"], pred))
    print(f"  year {hold_year}: MAE {scores[-1]:.1f}")
print(f"CV MAE: {np.mean(scores):.2f}")

final = make_model().fit(
    train.pipe(fit_recent)[CAT + NUM], np.log(train.pipe(fit_recent)["births"])
)
test = test.assign(births=lambda d: np.exp(final.predict(d[CAT + NUM])))

os.makedirs("./submission", exist_ok=True)
test[["id", "births"]].to_csv("./submission/submission.csv", index=False)
print(test.groupby("year")["births"].agg(["mean", "min", "max"]).round(0))
