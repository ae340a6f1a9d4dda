# US daily births - calendar table + linear regression with a trend
import numpy as np
import pandas as pd
from sklearn.linear_model import LinearRegression
from sklearn.metrics import mean_absolute_error

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train:", train.shape, "test:", test.shape)
print("train years:", train["year"].min(), "-", train["year"].max(),
      "| test years:", test["year"].min(), "-", test["year"].max())

# ---- quick pivot: average births per weekday and month
wd_order = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
pv = train.pivot_table(index="wday", columns="month", values="births", aggfunc="mean").reindex(wd_order)
print("\nAverage births, weekday x month:")
print(pv.round(0).astype(int).to_string())

yearly = (train.groupby("year")
               .agg(days=("births", "size"), total=("births", "sum"), avg=("births", "mean"))
               .reset_index())
yearly["yoy_pct"] = (yearly["avg"].pct_change() * 100).round(2)
yearly["cum_total"] = yearly["total"].cumsum()
print("\nYearly summary:")
print(yearly.round(1).to_string(index=False))

# ---- calendar features: need real dates for the holiday flags
for df in (train, test):
    df["dt"] = pd.to_datetime(df["date"], format="%d/%m/%Y")
    df["md"] = df["dt"].dt.strftime("%m-%d")

fixed_holidays = {"01-01": "new_year", "07-04": "independence", "12-25": "christmas",
                  "12-24": "christmas_eve", "12-31": "new_year_eve", "12-26": "boxing",
                  "01-02": "new_year_2"}
hol = pd.DataFrame({"md": list(fixed_holidays), "holiday": list(fixed_holidays.values())})


def add_calendar(df):
    d = df.merge(hol, on="md", how="left")
    d["is_holiday"] = d["holiday"].notna().astype(int)
    # floating holidays: Thanksgiving (4th Thu Nov), Labor day (1st Mon Sep), Memorial (last Mon May)
    d["thanksgiving"] = ((d["month"] == 11) & (d["wday"] == "Thu") & d["day_of_month"].between(22, 28)).astype(int)
    d["labor_day"] = ((d["month"] == 9) & (d["wday"] == "Mon") & (d["day_of_month"] <= 7)).astype(int)
    d["memorial"] = ((d["month"] == 5) & (d["wday"] == "Mon") & (d["day_of_month"] >= 25)).astype(int)
    d["friday_13"] = ((d["wday"] == "Fri") & (d["day_of_month"] == 13)).astype(int)
    d["weekend"] = np.where(d["wday"].isin(["Sat", "Sun"]), 1, 0)
    d["t"] = d["year"] - 1969 + d["day_of_year"] / 366
    return d


tr = add_calendar(train)
te = add_calendar(test)

print("\nHoliday effect (avg births):")
print(tr.groupby("holiday")["births"].mean().round(0).to_string())

dummies = ["wday", "month"]
cols = ["t", "is_holiday", "thanksgiving", "labor_day", "memorial", "friday_13", "weekend"]
X_all = pd.get_dummies(pd.concat([tr, te], keys=["tr", "te"])[cols + dummies],
                       columns=dummies, drop_first=True, dtype=float)
X_all["wknd_x_t"] = X_all["weekend"] * X_all["t"]
X = X_all.loc["tr"]
X_test = X_all.loc["te"]
y = tr["births"].values

# holdout = the two latest training years, the test period comes after them
is_val = (tr["year"] >= 1983).values
lr = LinearRegression().fit(X[~is_val], y[~is_val])
mae = mean_absolute_error(y[is_val], lr.predict(X[is_val]))
print(f"\nValidation MAE: {mae:.2f}")

lr.fit(X, y)
pred = lr.predict(X_test)
sub = pd.DataFrame({"id": te["id"], "births": pred.round(1)})
sub.to_csv("./submission/submission.csv", index=False)
print("saved", sub.shape)
