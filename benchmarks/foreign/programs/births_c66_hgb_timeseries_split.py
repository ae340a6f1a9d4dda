import os
import time
import warnings

import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import mean_absolute_error
from sklearn.model_selection import TimeSeriesSplit

warnings.filterwarnings("ignore")

DATE_FMT = "%Y-%d-%m"
TARGET = "births"


def load(path):
    df = pd.read_csv(path)
    df["date"] = pd.to_datetime(df["date"], format=DATE_FMT)
    return df.sort_values("date").reset_index(drop=True)


def add_calendar(df):
    d = df["date"]
    df["t_years"] = (d - pd.Timestamp("1969-01-01")).dt.days / 365.25
    df["dow"] = d.dt.day_of_week
    df["week"] = d.dt.isocalendar().week.astype(int)
    df["doy_sin"] = np.sin(2 * np.pi * df["day_of_year"] / 365.25)
    df["doy_cos"] = np.cos(2 * np.pi * df["day_of_year"] / 365.25)
    md = d.dt.month * 100 + d.dt.day
    fixed = {101: "ny", 704: "jul4", 1225: "xmas", 1224: "xmas_eve", 1226: "xmas_after",
             1231: "nye", 102: "ny_after"}
    df["fixed_hol"] = md.map(fixed).notna().astype(int)
    # Thanksgiving: 4th Thursday of November (day 22..28)
    df["thanksgiving"] = ((d.dt.month == 11) & (d.dt.day_of_week == 3)
                          & d.dt.day.between(22, 28)).astype(int)
    df["labor_day"] = ((d.dt.month == 9) & (d.dt.day_of_week == 0) & (d.dt.day <= 7)).astype(int)
    df["memorial_day"] = ((d.dt.month == 5) & (d.dt.day_of_week == 0) & (d.dt.day >= 25)).astype(int)
    df["day13"] = (d.dt.day == 13).astype(int)
    df["fri13"] = (df["day13"] & (df["dow"] == 4)).astype(int)
    return df


FEATURES = ["t_years", "dow", "month", "day_of_month", "day_of_year", "week", "doy_sin",
            "doy_cos", "fixed_hol", "thanksgiving", "labor_day", "memorial_day", "day13", "fri13"]


def make_model(seed=0):
    return HistGradientBoostingRegressor(
        loss="squared_error", learning_rate=0.08, max_iter=300, max_leaf_nodes=31,
        min_samples_leaf=15, l2_regularization=1.0, early_stopping=False, random_state=seed,
    )


def main():
    start = time.time()
    train = add_calendar(load("input/train.csv"))
    test = add_calendar(load("input/test.csv"))
    X, y = train[FEATURES], train[TARGET].to_numpy()

    # work on log scale and remove a per-year level so the trees only model seasonality
    year_mean = train.groupby("year")[TARGET].transform("mean").to_numpy()
    y_rel = np.log(y / year_mean)

    maes = []
    for i, (tr, va) in enumerate(TimeSeriesSplit(n_splits=4, test_size=365).split(X)):
        m = make_model(i).fit(X.iloc[tr], y_rel[tr])
        yr = train.iloc[tr].groupby("year")[TARGET].agg(["mean", "size"])
        last_level = yr.loc[yr["size"] >= 360, "mean"].iloc[-1]
        pred = np.exp(m.predict(X.iloc[va])) * last_level
        maes.append(mean_absolute_error(y[va], pred))
        print(f"split {i}: valid {train['date'].iloc[va].min().date()}..{train['date'].iloc[va].max().date()}"
              f"  MAE {maes[-1]:.1f}")
    print(f"TimeSeriesSplit MAE: {np.mean(maes):.2f} +/- {np.std(maes):.2f}")

    annual = train.groupby("year")[TARGET].mean()
    slope, icpt = np.polyfit(annual.index[-5:], annual.values[-5:], 1)
    test_level = icpt + slope * test["year"].to_numpy()
    model = make_model().fit(X, y_rel)
    test["pred"] = np.exp(model.predict(test[FEATURES])) * test_level

    sub = pd.read_csv("input/sample_submission.csv")[["id"]]
    sub = sub.merge(test[["id", "pred"]].rename(columns={"pred": TARGET}), on="id", how="left")
    os.makedirs("submission", exist_ok=True)
    sub.to_csv("submission/submission.csv", index=False)
    print(f"wrote {len(sub)} rows in {time.time() - start:.1f}s")


if __name__ == "__main__":
    main()
