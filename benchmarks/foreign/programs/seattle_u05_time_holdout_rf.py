import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier, GradientBoostingClassifier
from sklearn.metrics import accuracy_score, classification_report

train = pd.read_csv("input/train.csv", parse_dates=["date"])
test = pd.read_csv("input/test.csv", parse_dates=["date"])
print("train %s -> %s, %d rows" % (train.date.min().date(), train.date.max().date(), len(train)))
print("test  %s -> %s, %d rows" % (test.date.min().date(), test.date.max().date(), len(test)))
print(train.weather.value_counts(normalize=True).round(3))

train["is_train"] = 1
test["is_train"] = 0
df = pd.concat([train, test], ignore_index=True, sort=False)
df = df.sort_values("date").reset_index(drop=True)

df["month"] = df.date.dt.month
df["doy"] = df.date.dt.dayofyear
df["doy_sin"] = np.sin(2 * np.pi * df.doy / 365.25)
df["doy_cos"] = np.cos(2 * np.pi * df.doy / 365.25)
df["temp_range"] = df.temp_max - df.temp_min
df["temp_mean"] = (df.temp_max + df.temp_min) / 2
df["wet"] = (df.precipitation > 0).astype(int)
df["log_precip"] = np.log1p(df.precipitation)
for lag in (1, 2):
    df["precip_lag%d" % lag] = df.precipitation.shift(lag).fillna(0)
    df["tmax_lag%d" % lag] = df.temp_max.shift(lag).bfill()
df["precip_lead1"] = df.precipitation.shift(-1).fillna(0)
df["precip_roll3"] = df.precipitation.rolling(3, min_periods=1).mean()
df["tmax_diff"] = df.temp_max.diff().fillna(0)

FEATS = ["precipitation", "temp_max", "temp_min", "wind", "month", "doy_sin", "doy_cos",
         "temp_range", "temp_mean", "wet", "log_precip", "precip_lag1", "precip_lag2",
         "tmax_lag1", "tmax_lag2", "precip_lead1", "precip_roll3", "tmax_diff"]

tr = df[df.is_train == 1].reset_index(drop=True)
te = df[df.is_train == 0].reset_index(drop=True)

# hold out the last 20% of the training period, like the test split
cut = int(len(tr) * 0.8)
fit_part, val_part = tr.iloc[:cut], tr.iloc[cut:]
print("\nholdout from", val_part.date.min().date(), "to", val_part.date.max().date())

models = {
    "rf": RandomForestClassifier(n_estimators=400, min_samples_leaf=3, max_features="sqrt",
                                 n_jobs=2, random_state=1),
    "gb": GradientBoostingClassifier(n_estimators=150, max_depth=3, learning_rate=0.05,
                                     subsample=0.8, random_state=1),
}
scores = {}
for name, m in models.items():
    m.fit(fit_part[FEATS], fit_part.weather)
    p = m.predict(val_part[FEATS])
    scores[name] = accuracy_score(val_part.weather, p)
    print("%s holdout accuracy: %.4f" % (name, scores[name]))

best = max(scores, key=scores.get)
print("\nbest model:", best)
print(classification_report(val_part.weather, models[best].predict(val_part[FEATS]), zero_division=0))

final = models[best]
final.fit(tr[FEATS], tr.weather)
te["weather"] = final.predict(te[FEATS])

sub = test[["id"]].merge(te[["id", "weather"]], on="id", how="left")
assert sub.weather.notnull().all()
sub.to_csv("submission/submission.csv", index=False)
print("submission:", sub.shape)
print(sub.weather.value_counts())
