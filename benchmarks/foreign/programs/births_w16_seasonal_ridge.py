# US daily births 1969-1988: births ~ trend + day of week + seasonality + holidays
# additive linear model first; forecast horizon is the last years, so validate on the tail

import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.linear_model import Ridge
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import mean_absolute_error

births = pd.read_csv("input/train.csv", parse_dates=["date"]).sort_values("date").reset_index(drop=True)
births_test = pd.read_csv("input/test.csv", parse_dates=["date"])

print(births.head().to_string())
print()
print(births.births.describe().round(1).to_string())
print()

# mean births per weekday, Monday first
wday_lv = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
print(
    births.groupby("wday").births.mean().reindex(wday_lv).round(0)
    .to_frame("mean_births").to_string()
)
print()
print(births.groupby("year").births.mean().round(0).to_frame("mean_births").T.to_string())
print()

ORIGIN = pd.Timestamp("1969-01-01")

def holidays(d):
    md = d.date.dt.strftime("%m-%d")
    # fixed-date holidays and the days around Christmas / new year
    fixed = md.isin(["01-01", "07-04", "12-24", "12-25", "12-26", "12-31", "11-11"])
    # thanksgiving: 4th thursday of november; labor day: 1st monday of september;
    # memorial day: last monday in may
    thanks = (d.month == 11) & (d.wday == "Thu") & d.day_of_month.between(22, 28)
    labor = (d.month == 9) & (d.wday == "Mon") & (d.day_of_month <= 7)
    memorial = (d.month == 5) & (d.wday == "Mon") & (d.day_of_month >= 25)
    return (fixed | thanks | labor | memorial).astype(int)

def make_X(d):
    t = (d.date - ORIGIN).dt.days / 365.25
    out = d.assign(
        trend=t,
        trend2=t ** 2,
        week=d.date.dt.week,
        hol=holidays(d),
    )
    for k in (1, 2, 3):
        out[f"s{k}"] = np.sin(2 * np.pi * k * d.day_of_year / 365.25)
        out[f"c{k}"] = np.cos(2 * np.pi * k * d.day_of_year / 365.25)
    dummies = pd.get_dummies(
        out[["wday"]].assign(wday=pd.Categorical(out.wday, categories=wday_lv)),
        drop_first=True, dtype=float,
    )
    month_d = pd.get_dummies(pd.Categorical(out.month, categories=range(1, 13)),
                             prefix="m", drop_first=True, dtype=float)
    month_d.index = out.index
    keep = ["trend", "trend2", "hol", "s1", "c1", "s2", "c2", "s3", "c3"]
    return pd.concat([out[keep], dummies, month_d], axis=1)

X = make_X(births)
X_test = make_X(births_test)
y = births.births.values

print("design matrix:", X.shape)

cut = births.date.quantile(0.8)
is_fit = (births.date <= cut).values
print(f"fit up to {cut:%Y-%m-%d}: {is_fit.sum()} days; validate: {(~is_fit).sum()} days")

ridge = Ridge(alpha=1.0).fit(X[is_fit], y[is_fit])
p_ridge = ridge.predict(X[~is_fit])
mae_ridge = mean_absolute_error(y[~is_fit], p_ridge)

hgb = HistGradientBoostingRegressor(max_iter=400, learning_rate=0.05, random_state=3)
hgb.fit(X[is_fit], y[is_fit])
p_hgb = hgb.predict(X[~is_fit])
mae_hgb = mean_absolute_error(y[~is_fit], p_hgb)

print()
print(f"validation MAE  ridge: {mae_ridge:8.2f}")
print(f"validation MAE  hgb  : {mae_hgb:8.2f}")

coefs = pd.Series(ridge.coef_, index=X.columns).round(1)
print()
print(coefs.to_frame("coef").to_string())

final = Ridge(alpha=1.0).fit(X, y) if mae_ridge <= mae_hgb else hgb.fit(X, y)

fig, ax = plt.subplots(figsize=(9, 3.5))
ax.plot(births.date[~is_fit], y[~is_fit], lw=0.5, label="observed")
ax.plot(births.date[~is_fit], p_ridge, lw=0.5, label="ridge")
ax.legend()
fig.tight_layout()
fig.savefig("births_validation.png", dpi=90)
plt.close(fig)

pd.DataFrame({"id": births_test.id, "births": final.predict(X_test)}).to_csv(
    "submission/submission.csv", index=False
)
print("submission saved")
