# Seattle weather type from daily measurements
# test period is after the training period, so validate on the last stretch of train

import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.metrics import accuracy_score, confusion_matrix

wx = pd.read_csv("input/train.csv", parse_dates=["date"]).sort_values("date").reset_index(drop=True)
wx_test = pd.read_csv("input/test.csv", parse_dates=["date"])

print(f"train {wx.date.min():%Y-%m-%d} .. {wx.date.max():%Y-%m-%d}  ({len(wx)} days)")
print(f"test  {wx_test.date.min():%Y-%m-%d} .. {wx_test.date.max():%Y-%m-%d}  ({len(wx_test)} days)")
print()

# table(weather) and prop.table by year
print(wx.weather.value_counts().to_frame("n").assign(prop=lambda d: (d.n / d.n.sum()).round(3)).to_string())
print()
print(
    pd.crosstab(wx.date.dt.year, wx.weather, normalize="index")
    .round(2)
    .to_string()
)
print()

def add_features(d):
    doy = d.date.dt.dayofyear
    return d.assign(
        log_precip=np.log1p(d.precipitation),
        wet=(d.precipitation > 0).astype(int),
        trange=d.temp_max - d.temp_min,
        tmean=(d.temp_max + d.temp_min) / 2,
        s1=np.sin(2 * np.pi * doy / 365.25),
        c1=np.cos(2 * np.pi * doy / 365.25),
    )

feats = ["log_precip", "wet", "trange", "tmean", "temp_max", "temp_min", "wind", "s1", "c1"]

wx = add_features(wx)
wx_test = add_features(wx_test)

print(wx.groupby("weather")[["precipitation", "temp_max", "temp_min", "wind"]].mean().round(2).to_string())
print()

# last 20% of the training days as validation
cut = int(len(wx) * 0.8)
fit_df, val_df = wx.iloc[:cut], wx.iloc[cut:]
print(f"fit on {len(fit_df)} days, validate on {len(val_df)} days (from {val_df.date.min():%Y-%m-%d})")

candidates = {
    "multinomial logit": make_pipeline(StandardScaler(), LogisticRegression(C=1.0, max_iter=3000)),
    "multinomial logit, C=0.05": make_pipeline(StandardScaler(), LogisticRegression(C=0.05, max_iter=3000)),
    "hist gbm": HistGradientBoostingClassifier(max_iter=200, learning_rate=0.05,
                                               max_depth=3, random_state=1),
}

tab = []
for name, m in candidates.items():
    m.fit(fit_df[feats], fit_df.weather)
    pred = m.predict(val_df[feats])
    acc = accuracy_score(val_df.weather, pred)
    tab.append((name, acc))
    print(f"  {name:<28s} accuracy = {acc:.4f}")

# majority class as a reference point
base = accuracy_score(val_df.weather, np.repeat(fit_df.weather.mode()[0], len(val_df)))
tab.append(("always '" + fit_df.weather.mode()[0] + "'", base))

res = pd.DataFrame(tab, columns=["model", "val_accuracy"]).sort_values("val_accuracy", ascending=False)
print()
print(res.to_string(index=False, float_format="%.4f"))

best_name = res.model.iloc[0]
if best_name not in candidates:
    best_name = "multinomial logit"
best = candidates[best_name]
print(f"\nvalidation accuracy ({best_name}): {res.set_index('model').loc[best_name, 'val_accuracy']:.4f}")

pred_val = best.predict(val_df[feats])
labs = sorted(wx.weather.unique())
cm = pd.DataFrame(confusion_matrix(val_df.weather, pred_val, labels=labs),
                  index=pd.Index(labs, name="obs"), columns=pd.Index(labs, name="pred"))
print()
print(cm.to_string())

# monthly share of each type, to see the drift
fig, ax = plt.subplots(figsize=(8, 4))
(
    pd.crosstab(wx.date.dt.to_period("M"), wx.weather, normalize="index")
    .plot(ax=ax, lw=1)
)
ax.set_ylabel("share of days")
fig.tight_layout()
fig.savefig("seattle_monthly_share.png", dpi=90)
plt.close(fig)

best.fit(wx[feats], wx.weather)
sub = pd.DataFrame({"id": wx_test.id, "weather": best.predict(wx_test[feats])})
sub.to_csv("submission/submission.csv", index=False)
print()
print(sub.weather.value_counts().to_string())
