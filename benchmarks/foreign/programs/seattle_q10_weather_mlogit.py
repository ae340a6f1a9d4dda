# Seattle weather type - 5 classes, accuracy
# calendar terms, lagged weather (train+test stacked in date order), multinomial logit vs RF

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import RandomForestClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import accuracy_score

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train", train.shape, train["date"].min(), "->", train["date"].max())
print("test ", test.shape, test["date"].min(), "->", test["date"].max())
print(train["weather"].value_counts())
print(train.groupby("weather")[["precipitation", "temp_max", "temp_min", "wind"]].mean().round(2))

train["set"] = "train"
test["set"] = "test"
w = pd.concat([train, test], ignore_index=True)
w["date"] = pd.to_datetime(w["date"])
w = w.sort_values("date").reset_index(drop=True)

w["month"] = w["date"].dt.month
w["year"] = w["date"].dt.year
doy = w["date"].dt.dayofyear
w["doy_sin"] = np.sin(2 * np.pi * doy / 365.25)
w["doy_cos"] = np.cos(2 * np.pi * doy / 365.25)

print("\nweather by month (train rows)")
print(pd.crosstab(w.loc[w.set == "train", "month"], w.loc[w.set == "train", "weather"]))

w["log_precip"] = np.log1p(w["precipitation"])
w["wet"] = np.where(w["precipitation"] > 0, 1, 0)
w["temp_range"] = w["temp_max"] - w["temp_min"]
w["temp_mean"] = (w["temp_max"] + w["temp_min"]) / 2
w["freezing"] = (w["temp_min"] <= 0).astype(int)
w["wind_clip"] = w["wind"].clip(upper=w["wind"].quantile(0.99))
for c in ["log_precip", "temp_range", "wind_clip"]:
    w[c + "_lag1"] = w[c].shift(1)
    w[c + "_lead1"] = w[c].shift(-1)
w["wet_3d"] = w["wet"].rolling(3, min_periods=1).sum()
lagcols = [c for c in w.columns if c.endswith(("_lag1", "_lead1"))]
w[lagcols] = w[lagcols].fillna(w[lagcols].median())

feats = ["log_precip", "wet", "temp_max", "temp_min", "temp_range", "temp_mean", "freezing",
         "wind_clip", "doy_sin", "doy_cos", "wet_3d", "year"] + lagcols

tr = w[w.set == "train"].reset_index(drop=True)
te = w[w.set == "test"].reset_index(drop=True)
print("\ncorrelation matrix (selected)")
print(tr[["log_precip", "temp_range", "wind_clip", "temp_mean", "wet_3d"]].corr().round(2))

# time holdout: last 20% of the training period
split = int(len(tr) * 0.8)
fit, val = tr.iloc[:split], tr.iloc[split:]
print("\nfit %d rows up to %s, validate %d rows" % (len(fit), fit.date.max().date(), len(val)))

rule = np.where(val["precipitation"] > 0, "rain", "sun")
print("rule baseline (rain if wet else sun): %.4f" % accuracy_score(val["weather"], rule))

models = {
    "mlogit": LogisticRegression(multi_class="multinomial", solver="lbfgs", C=1.0, max_iter=2000),
    "mlogit_C0.1": LogisticRegression(multi_class="multinomial", solver="lbfgs", C=0.1, max_iter=2000),
    "forest": RandomForestClassifier(n_estimators=300, min_samples_leaf=3, random_state=0, n_jobs=2),
}

sc = StandardScaler().fit(fit[feats])
scores = {}
for name, m in models.items():
    if name.startswith("mlogit"):
        m.fit(sc.transform(fit[feats]), fit["weather"])
        p = m.predict(sc.transform(val[feats]))
    else:
        m.fit(fit[feats], fit["weather"])
        p = m.predict(val[feats])
    scores[name] = accuracy_score(val["weather"], p)
    print("%-12s holdout accuracy %.4f" % (name, scores[name]))

print(pd.Series(scores).sort_values(ascending=False).round(4))
best = max(scores, key=scores.get)
final = models[best]
if best.startswith("mlogit"):
    sc = StandardScaler().fit(tr[feats])
    final.fit(sc.transform(tr[feats]), tr["weather"])
    pred = final.predict(sc.transform(te[feats]))
else:
    final.fit(tr[feats], tr["weather"])
    pred = final.predict(te[feats])

sub = pd.DataFrame({"id": te["id"].astype(int), "weather": pred})
sub.to_csv("submission/submission.csv", index=False)
print(sub["weather"].value_counts())
