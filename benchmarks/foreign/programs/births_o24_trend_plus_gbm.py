import os
import numpy as np
import pandas as pd
from sklearn.linear_model import LinearRegression
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import mean_absolute_error

train = pd.read_csv("input/train.csv", parse_dates=["date"])
test = pd.read_csv("input/test.csv", parse_dates=["date"])
train = train.sort_values("date").reset_index(drop=True)
print(train.shape, test.shape)
print("yearly mean births:")
print(train.groupby("year")["births"].mean().round(0).tail(6))

FIXED_HOLIDAYS = {(1, 1), (7, 4), (12, 25), (12, 24), (12, 31), (11, 11)}


def features(df):
    out = pd.DataFrame(index=df.index)
    out["t"] = (df["date"] - pd.Timestamp("1969-01-01")).dt.days / 365.25
    out["dow"] = df["day_of_week"]
    out["doy"] = df["day_of_year"]
    out["month"] = df["month"]
    out["dom"] = df["day_of_month"]
    md = list(zip(df["month"], df["day_of_month"]))
    out["holiday"] = [int(x in FIXED_HOLIDAYS) for x in md]
    # Thanksgiving: 4th Thursday of November; Labor day: 1st Monday of September
    out["thanksgiving"] = ((df["month"] == 11) & (df["day_of_week"] == 4)
                           & (df["day_of_month"].between(22, 28))).astype(int)
    out["laborday"] = ((df["month"] == 9) & (df["day_of_week"] == 1)
                       & (df["day_of_month"] <= 7)).astype(int)
    out["friday13"] = ((df["day_of_week"] == 5) & (df["day_of_month"] == 13)).astype(int)
    return out


def fit_predict(tr_df, te_df):
    Xtr, Xte = features(tr_df), features(te_df)
    # long-term level: linear in time, fitted on the last 8 years only
    recent = tr_df["year"] >= tr_df["year"].max() - 7
    trend = LinearRegression().fit(Xtr.loc[recent, ["t"]], tr_df.loc[recent, "births"])
    resid = tr_df["births"] - trend.predict(Xtr[["t"]])
    gbm = HistGradientBoostingRegressor(max_iter=300, learning_rate=0.05, max_leaf_nodes=31,
                                        loss="absolute_error", random_state=0)
    cols = ["dow", "doy", "month", "dom", "holiday", "thanksgiving", "laborday", "friday13"]
    gbm.fit(Xtr[cols], resid)
    return trend.predict(Xte[["t"]]) + gbm.predict(Xte[cols])


# validate: last 4 years of train as a pseudo-future
cut_year = train["year"].max() - 3
tr_part = train[train["year"] < cut_year]
va_part = train[train["year"] >= cut_year]
va_pred = fit_predict(tr_part, va_part)
mae = mean_absolute_error(va_part["births"], va_pred)
print(f"validation {cut_year}-{train['year'].max()}: MAE = {mae:.1f}")
naive = va_part["births"].sub(tr_part["births"].tail(365).mean()).abs().mean()
print(f"naive last-year-mean MAE = {naive:.1f}")

by_dow = pd.DataFrame({"dow": va_part["wday"], "err": (va_part["births"] - va_pred).abs()})
print(by_dow.groupby("dow")["err"].mean().round(1))

pred = fit_predict(train, test)
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "births": pred}).to_csv("submission/submission.csv", index=False)
print("test predictions:", len(pred), "mean", round(pred.mean(), 1))
