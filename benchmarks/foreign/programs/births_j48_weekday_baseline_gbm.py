# daily births: weekday x month baseline first, then a boosted model on the residual ratio
import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingRegressor

tr = pd.read_csv("./input/train.csv")
te = pd.read_csv("./input/test.csv")
tr = tr.sort_values("year").reset_index(drop=True)

print(tr.head(6))
print("\nmean births by weekday (tapply):")
wd_names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
for i in range(1, 8):
    print("  %d %s %8.1f" % (i, wd_names[i - 1], tr.loc[tr["day_of_week"] == i, "births"].mean()))

# hold out the last three years of train, like the real test is the latest years
val = tr["year"].values >= 1982
fit = ~val

# baseline: weekday x month mean of the fitting years, scaled to the last year level
cell = np.zeros((8, 13))
for w in range(1, 8):
    for m in range(1, 13):
        sel = fit & (tr["day_of_week"].values == w) & (tr["month"].values == m)
        cell[w, m] = tr.loc[sel, "births"].mean()
last_level = tr.loc[tr["year"].values == 1981, "births"].mean()
overall = tr.loc[fit, "births"].mean()
base_va = np.array([cell[w, m] for w, m in zip(tr.loc[val, "day_of_week"], tr.loc[val, "month"])])
base_va = base_va * last_level / overall
print("\nbaseline MAE (held-out years): %.2f" % np.mean(np.abs(tr.loc[val, "births"].values - base_va)))


def to_date(s):
    # dates come as year-month-day
    return pd.to_datetime(s, format="%Y-%d-%m")


def add_calendar(d):
    d = d.copy()
    d["dt"] = to_date(d["date"])
    d["week_of_year"] = d["dt"].apply(lambda x: x.isocalendar()[1])
    d["days_to_xmas"] = d["dt"].apply(lambda x: (pd.Timestamp(x.year, 12, 25) - x).days)
    d["days_from_ny"] = d["dt"].apply(lambda x: (x - pd.Timestamp(x.year, 1, 1)).days)
    d["hol"] = d.apply(lambda r: 1 if (r["month"], r["day_of_month"]) in [(1, 1), (7, 4), (12, 25)] else 0, axis=1)
    return d


tr = add_calendar(tr)
te = add_calendar(te)
feat = ["day_of_week", "month", "day_of_year", "day_of_month", "week_of_year",
        "days_to_xmas", "days_from_ny", "hol"]

yr_mean = tr.groupby("year")["births"].mean()
ratio = tr["births"].values / tr["year"].map(yr_mean).values

gb = HistGradientBoostingRegressor(loss="absolute_error", max_iter=400, learning_rate=0.05, random_state=0)
gb.fit(tr.loc[fit, feat].values, ratio[fit])
pred_va = gb.predict(tr.loc[val, feat].values) * last_level
print("Validation MAE: %.2f" % np.mean(np.abs(tr.loc[val, "births"].values - pred_va)))

gb.fit(tr[feat].values, ratio)
level = yr_mean.values[-3:].mean()
sub = pd.DataFrame({"id": te["id"].values, "births": gb.predict(te[feat].values) * level})
sub.to_csv("./submission/submission.csv", index=False)
print("ok", sub.shape)
