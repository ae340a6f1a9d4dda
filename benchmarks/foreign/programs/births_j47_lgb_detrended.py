# daily births: remove a linear yearly trend (lm(mean ~ year)), then model the
# seasonal / weekday / holiday ratio with LightGBM. Validate on the last 2 years.
import numpy as np
import pandas as pd
import lightgbm as lgb

births = pd.read_csv("./input/train.csv")
newdays = pd.read_csv("./input/test.csv")

print("years in train:", births["year"].min(), "-", births["year"].max(),
      " years in test:", newdays["year"].min(), "-", newdays["year"].max())

# tapply(births, year, mean)
yr_means = {}
for y in sorted(births["year"].unique()):
    yr_means[y] = births.loc[births["year"] == y, "births"].mean()
for y in yr_means:
    print("  %d  %.1f" % (y, yr_means[y]))

fixed_holidays = [(1, 1), (7, 4), (12, 25), (12, 24), (12, 31), (11, 11), (1, 2), (12, 26)]


def features(d):
    f = pd.DataFrame(index=d.index)
    f["month"] = d["month"].values
    f["day_of_year"] = d["day_of_year"].values
    f["day_of_month"] = d["day_of_month"].values
    f["day_of_week"] = d["day_of_week"].values
    f["weekend"] = d["day_of_week"].apply(lambda w: 1 if w >= 6 else 0)
    f["fixed_hol"] = d.apply(lambda r: 1 if (r["month"], r["day_of_month"]) in fixed_holidays else 0, axis=1)
    # Thanksgiving = 4th Thursday of November, Labor day = 1st Monday of Sept, Memorial = last Monday of May
    f["thanksgiving"] = d.apply(lambda r: 1 if (r["month"] == 11 and r["day_of_week"] == 4
                                                 and 22 <= r["day_of_month"] <= 28) else 0, axis=1)
    f["labor_day"] = d.apply(lambda r: 1 if (r["month"] == 9 and r["day_of_week"] == 1
                                              and r["day_of_month"] <= 7) else 0, axis=1)
    f["memorial_day"] = d.apply(lambda r: 1 if (r["month"] == 5 and r["day_of_week"] == 1
                                                 and r["day_of_month"] >= 25) else 0, axis=1)
    f["day_after_thanks"] = d.apply(lambda r: 1 if (r["month"] == 11 and r["day_of_week"] == 5
                                                     and 23 <= r["day_of_month"] <= 29) else 0, axis=1)
    return f


def trend_fit(df, years_back):
    # linear trend on yearly means of the most recent years
    ys = np.array(sorted(df["year"].unique()))[-years_back:]
    ms = np.array([df.loc[df["year"] == y, "births"].mean() for y in ys])
    coef = np.polyfit(ys, ms, 1)
    return coef


params = dict(objective="regression_l1", learning_rate=0.05, num_leaves=31,
              min_child_samples=10, n_estimators=600, num_threads=2, verbose=-1, random_state=3)

# ---- validation: fit on <= 1982, predict 1983-1984
is_val = births["year"].values >= 1983
fit_part = births[~is_val]
coef = trend_fit(fit_part, 3)
# training target = births relative to the mean of its own year
level_tr = fit_part["year"].map(yr_means).values
trend_va = np.polyval(coef, births.loc[is_val, "year"].values)

F = features(births)
model = lgb.LGBMRegressor(**params)
model.fit(F.values[~is_val], fit_part["births"].values / level_tr)
pred_va = model.predict(F.values[is_val]) * trend_va
mae = np.mean(np.abs(births.loc[is_val, "births"].values - pred_va))
print("trend coef:", np.round(coef, 2))
print("Validation MAE: %.2f" % mae)

# ---- final fit on everything
coef = trend_fit(births, 3)
model = lgb.LGBMRegressor(**params)
model.fit(F.values, births["births"].values / births["year"].map(yr_means).values)
Fte = features(newdays)
pred = model.predict(Fte.values) * np.polyval(coef, newdays["year"].values)

out = pd.DataFrame({"id": newdays["id"].values, "births": pred})
out.to_csv("./submission/submission.csv", index=False)
print("predicted yearly means:")
print(out.assign(year=newdays["year"].values).groupby("year")["births"].mean().round(1))
