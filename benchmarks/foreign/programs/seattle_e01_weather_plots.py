#!/usr/bin/env python
# coding: utf-8
# Seattle weather type classification (time split) -- lag features + GBM/RF

# In[1]:
import os
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from sklearn.ensemble import RandomForestClassifier, HistGradientBoostingClassifier
from sklearn.metrics import accuracy_score, ConfusionMatrixDisplay

# In[2]:
train = pd.read_csv("./input/train.csv", parse_dates=["date"])
test = pd.read_csv("./input/test.csv", parse_dates=["date"])
print(train.head())
print(train.weather.value_counts())
print(train.groupby("weather")[["precipitation", "temp_max", "temp_min", "wind"]].mean())

# In[3]:
# stack train+test in date order so rolling/lag features see the calendar
full = pd.concat([train.assign(is_train=1), test.assign(is_train=0)]).sort_values("date").reset_index(drop=True)
full["month"] = full.date.dt.month
full["doy"] = full.date.dt.dayofyear
full["sin_doy"] = np.sin(2 * np.pi * full["doy"] / 365.25)
full["cos_doy"] = np.cos(2 * np.pi * full["doy"] / 365.25)
full["temp_range"] = full.temp_max - full.temp_min
full["rain_flag"] = (full.precipitation > 0).astype(int)
for c in ["precipitation", "temp_max", "wind"]:
    full[f"{c}_lag1"] = full[c].shift(1)
    full[f"{c}_lead1"] = full[c].shift(-1)
    full[f"{c}_roll3"] = full[c].rolling(3, center=True, min_periods=1).mean()
month_precip = full.groupby("month")["precipitation"].transform("mean")
full["precip_vs_month"] = full["precipitation"] - month_precip

feats = [c for c in full.columns if c not in ("id", "date", "weather", "is_train")]
tr = full[full.is_train == 1].reset_index(drop=True)
te = full[full.is_train == 0].reset_index(drop=True)

# In[4]:
cut = tr.date.quantile(0.8)
a, b = tr[tr.date <= cut], tr[tr.date > cut]
rf = RandomForestClassifier(400, min_samples_leaf=2, random_state=0, n_jobs=1)
hgb = HistGradientBoostingClassifier(max_iter=200, learning_rate=0.05, random_state=0)
rf.fit(a[feats].fillna(0), a.weather)
hgb.fit(a[feats], a.weather)
p = 0.5 * rf.predict_proba(b[feats].fillna(0)) + 0.5 * hgb.predict_proba(b[feats])
pred = rf.classes_[p.argmax(1)]
print("rf", accuracy_score(b.weather, rf.predict(b[feats].fillna(0))),
      "hgb", accuracy_score(b.weather, hgb.predict(b[feats])))
print(f"Validation accuracy: {accuracy_score(b.weather, pred):.4f}")

# In[5]:
fig, axes = plt.subplots(1, 2, figsize=(12, 5))
ConfusionMatrixDisplay.from_predictions(b.weather, pred, ax=axes[0])
pd.Series(rf.feature_importances_, index=feats).sort_values().plot.barh(ax=axes[1])
plt.tight_layout()
plt.savefig("plots/seattle_diagnostics.png")
plt.close(fig)

# In[6]:
rf.fit(tr[feats].fillna(0), tr.weather)
hgb.fit(tr[feats], tr.weather)
pt = 0.5 * rf.predict_proba(te[feats].fillna(0)) + 0.5 * hgb.predict_proba(te[feats])
os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": te["id"], "weather": rf.classes_[pt.argmax(1)]}).to_csv("./submission/submission.csv", index=False)
