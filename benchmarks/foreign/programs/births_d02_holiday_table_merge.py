"""
Daily births - v2. Instead of hand-coded holiday flags, build an explicit holiday calendar
table (federal holidays for every year in train+test) and merge it onto the data, adding
"days to nearest holiday" style features. Then a HistGradientBoostingRegressor on top.
"""
import os
import datetime as dt
import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import mean_absolute_error


def nth_weekday(year, month, weekday, n):
    """n-th given weekday (0=Mon) of a month; n=-1 for the last one."""
    if n > 0:
        d = dt.date(year, month, 1)
        offset = (weekday - d.weekday()) % 7
        return d + dt.timedelta(days=offset + 7 * (n - 1))
    d = dt.date(year, month + 1, 1) - dt.timedelta(days=1) if month < 12 else dt.date(year, 12, 31)
    offset = (d.weekday() - weekday) % 7
    return d - dt.timedelta(days=offset)


def build_holidays(years):
    rows = []
    for y in years:
        rows += [
            (dt.date(y, 1, 1), "new_year"),
            (nth_weekday(y, 5, 0, -1), "memorial"),
            (dt.date(y, 7, 4), "independence"),
            (nth_weekday(y, 9, 0, 1), "labor"),
            (nth_weekday(y, 11, 3, 4), "thanksgiving"),
            (dt.date(y, 12, 24), "xmas_eve"),
            (dt.date(y, 12, 25), "xmas"),
            (dt.date(y, 12, 31), "nye"),
        ]
    hol = pd.DataFrame(rows, columns=["date", "holiday"])
    hol["date"] = hol["date"].astype(str)  # keep ISO strings, same as the CSV
    hol["is_holiday"] = 1
    return hol


def featurize(df, hol):
    df = df.copy()
    df["date"] = pd.to_datetime(df["date"])
    df["dow"] = df["date"].dt.day_of_week
    df["month"] = df["date"].dt.month
    df["doy"] = df["date"].dt.day_of_year
    df["year"] = df["date"].dt.year
    df = df.merge(hol, on="date", how="left")
    df["is_holiday"] = df["is_holiday"].fillna(0).astype(int)
    df["holiday"] = df["holiday"].fillna("none").astype("category")
    # the day after a holiday gets the "catch-up" births
    df = df.sort_values("date")
    df["after_holiday"] = df["is_holiday"].shift(1).fillna(0)
    df["before_holiday"] = df["is_holiday"].shift(-1).fillna(0)
    return df.sort_index()


def main():
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    years = sorted(set(pd.to_datetime(train["date"]).dt.year) | set(pd.to_datetime(test["date"]).dt.year))
    hol = build_holidays(years)
    print(f"holiday table: {hol.shape}, years {years[0]}-{years[-1]}")

    # concatenate so the shift() based features see the neighbours across the split boundary
    full = pd.concat([train.assign(_is_train=1), test.assign(_is_train=0)], ignore_index=True)
    full = featurize(full, hol)
    feats = ["dow", "month", "doy", "year", "is_holiday", "holiday", "after_holiday", "before_holiday"]

    tr = full[full["_is_train"] == 1].sort_values("date")
    te = full[full["_is_train"] == 0]
    cut = int(len(tr) * 0.8)
    model = HistGradientBoostingRegressor(loss="absolute_error", max_iter=800, learning_rate=0.05,
                                          categorical_features="from_dtype", random_state=0)
    model.fit(tr[feats].iloc[:cut], tr["births"].iloc[:cut])
    mae = mean_absolute_error(tr["births"].iloc[cut:], model.predict(tr[feats].iloc[cut:]))
    print(f"Validation MAE: {mae:.2f}")

    model.fit(tr[feats], tr["births"])
    os.makedirs("./submission", exist_ok=True)
    pd.DataFrame({"id": te["id"].astype(int), "births": model.predict(te[feats])}).to_csv(
        "./submission/submission.csv", index=False)
    print("submission written:", len(te))


if __name__ == "__main__":
    main()
