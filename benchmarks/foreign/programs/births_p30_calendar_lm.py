import os
import numpy as np
import pandas as pd
from sklearn.linear_model import LinearRegression

np.random.seed(1969)

b = pd.read_csv("input/train.csv", parse_dates=["date"])
bt = pd.read_csv("input/test.csv", parse_dates=["date"])
b = b.sort_values("date").reset_index(drop=True)
print("train", b["date"].min().date(), "-", b["date"].max().date(), len(b), "days")
print("test ", bt["date"].min().date(), "-", bt["date"].max().date(), len(bt), "days")

print("\nmean births by weekday")
wd_lv = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
print(b.groupby(pd.Categorical(b["wday"], categories=wd_lv), observed=True)["births"]
       .agg(["mean", "std"]).round(0))

print("\nyearly means")
print(b.groupby("year")["births"].mean().round(0).to_string())


def holidays(d):
    m, dm, wd = d.dt.month, d.dt.day, d.dt.weekday  # weekday 0 = Monday
    h = pd.DataFrame(index=d.index)
    h["newyear"] = ((m == 1) & (dm == 1)).astype(int)
    h["july4"] = ((m == 7) & (dm == 4)).astype(int)
    h["xmas"] = ((m == 12) & (dm == 25)).astype(int)
    h["xmas_eve"] = ((m == 12) & (dm == 24)).astype(int)
    h["nye"] = ((m == 12) & (dm == 31)).astype(int)
    # Thanksgiving: 4th Thursday of November
    h["thanksgiving"] = ((m == 11) & (wd == 3) & (dm >= 22) & (dm <= 28)).astype(int)
    # Memorial day: last Monday of May; Labor day: first Monday of Sept
    h["memorial"] = ((m == 5) & (wd == 0) & (dm >= 25)).astype(int)
    h["labor"] = ((m == 9) & (wd == 0) & (dm <= 7)).astype(int)
    h["the13th"] = (dm == 13).astype(int)
    h["fri13"] = ((dm == 13) & (wd == 4)).astype(int)
    return h


def model_matrix(df):
    X = pd.DataFrame(index=df.index)
    X["t"] = (df["date"] - pd.Timestamp("1969-01-01")).dt.days / 365.25
    X["t2"] = X["t"] ** 2
    wd = pd.get_dummies(pd.Categorical(df["wday"], categories=wd_lv), prefix="wd", drop_first=True, dtype=float)
    mo = pd.get_dummies(pd.Categorical(df["month"], categories=list(range(1, 13))), prefix="m", drop_first=True, dtype=float)
    wd.index = df.index
    mo.index = df.index
    X = pd.concat([X, wd, mo, holidays(df["date"])], axis=1)
    # the weekend effect got stronger over the years (more scheduled deliveries)
    X["weekend_x_t"] = (X["wd_Sat"] + X["wd_Sun"]) * X["t"]
    return X


X = model_matrix(b)
y = np.log(b["births"].values)
Xt = model_matrix(bt)
print("\nX:", X.shape, " Xt:", Xt.shape)

# rolling-origin check: fit up to year k, predict the next 4 years.
# spec A: quadratic trend on all years; spec B: linear trend on a 6-year window only
quad_cols = list(X.columns)
lin_cols = [c for c in X.columns if c != "t2"]
print("\nforecast-origin validation (MAE in births/day)")
val = []
for last in [1976, 1978, 1980]:
    va = (b["year"] > last) & (b["year"] <= last + 4)
    for spec, cols, first in [("quad_all", quad_cols, 1969), ("lin_6yr", lin_cols, last - 5)]:
        tr = (b["year"] <= last) & (b["year"] >= first)
        est = LinearRegression().fit(X.loc[tr, cols], y[tr])
        mae = np.mean(np.abs(np.exp(est.predict(X.loc[va, cols])) - b.loc[va, "births"]))
        val.append({"origin": last, "spec": spec, "mae": mae})
val = pd.DataFrame(val)
print(val.pivot(index="origin", columns="spec", values="mae").round(1))
spec_mae = val.groupby("spec")["mae"].mean()
print(spec_mae.round(1).to_string())
best_spec = spec_mae.idxmin()
print(f"\nvalidation MAE: {spec_mae.min():.1f}  ({best_spec}, mean over origins)")

if best_spec == "lin_6yr":
    keep = b["year"] >= 1979
    X, y, b = X.loc[keep, lin_cols], y[keep.values], b.loc[keep]
    Xt = Xt[lin_cols]

fit = LinearRegression().fit(X, y)
coef = pd.Series(fit.coef_, index=X.columns)
print("\nselected effects (% change on births):")
print((100 * (np.exp(coef[["wd_Sat", "wd_Sun", "xmas", "july4", "thanksgiving", "the13th", "fri13"]]) - 1))
      .round(1).to_string())
r = pd.Series(y - fit.predict(X), index=b.index)
print("\nlog-residual sd by weekday:")
print(r.groupby(b["wday"]).std().round(4).to_string())

pred = np.exp(fit.predict(Xt))
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": bt["id"], "births": pred}).to_csv("submission/submission.csv", index=False)
print("\nmean predicted births 1985-88:", round(pred.mean(), 1))
