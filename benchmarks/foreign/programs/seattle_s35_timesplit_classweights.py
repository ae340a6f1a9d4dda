import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import TimeSeriesSplit
from sklearn.metrics import accuracy_score, f1_score, balanced_accuracy_score
from sklearn.utils.class_weight import compute_sample_weight

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
train["date"] = pd.to_datetime(train["date"], format="%Y-%m-%d")
test["date"] = pd.to_datetime(test["date"], format="%Y-%m-%d")

print("----- data quality -----")
print("train", train.shape, train["date"].min().date(), "->", train["date"].max().date())
print("test ", test.shape, test["date"].min().date(), "->", test["date"].max().date())
print("missing:", train.isna().sum().to_dict())
print(train.describe().round(2).to_string())
print("\nweather counts:")
print(train["weather"].value_counts().to_string())
print("\nweather share by year:")
print(pd.crosstab(train["date"].dt.year, train["weather"], normalize="index").round(2).to_string())

assert train["date"].max() <= test["date"].min()
assert train["weather"].notna().all()
assert (train["temp_max"] >= train["temp_min"]).all(), "temp_max below temp_min somewhere"

# ---------------------------------------------------------------- features on the joined, date-sorted frame
train["weather"] = train["weather"].str.strip().str.lower()
full = pd.concat([train.assign(is_train=1), test.assign(is_train=0)], ignore_index=True)
full = full.sort_values("date").reset_index(drop=True)
gap = full["date"].diff().dt.days.fillna(1)
print("\ncalendar gaps > 1 day:", int((gap > 1).sum()))

for c in ["precipitation", "wind"]:
    hi = full.loc[full["is_train"] == 1, c].quantile(0.995)
    full[c + "_clip"] = full[c].clip(upper=hi)
full["log_precip"] = np.log1p(full["precipitation_clip"])
full["wet"] = (full["precipitation"] > 0).astype(int)
full["temp_range"] = full["temp_max"] - full["temp_min"]
full["temp_mean"] = (full["temp_max"] + full["temp_min"]) / 2
full["month"] = full["date"].dt.month
doy = full["date"].dt.day_of_year
full["doy_sin"] = np.sin(2 * np.pi * doy / 365.25)
full["doy_cos"] = np.cos(2 * np.pi * doy / 365.25)
for lag in (1, 2):
    for c in ["log_precip", "temp_range", "wind_clip", "temp_mean"]:
        full[f"{c}_lag{lag}"] = full[c].shift(lag)
full["precip_3d"] = full["log_precip"].rolling(3, min_periods=1).sum()
full["temp_bin"] = pd.cut(full["temp_mean"], bins=[-10, 2, 8, 14, 20, 30], labels=False)
lag_cols = [c for c in full.columns if "_lag" in c]
full[lag_cols] = full[lag_cols].bfill()

FEATS = ["log_precip", "wet", "temp_max", "temp_min", "temp_range", "temp_mean", "wind_clip", "month",
         "doy_sin", "doy_cos", "precip_3d", "temp_bin"] + lag_cols
tr = full[full["is_train"] == 1].reset_index(drop=True)
te = full[full["is_train"] == 0].reset_index(drop=True)
assert tr[FEATS].notna().all().all() and te[FEATS].notna().all().all()

CLASSES = sorted(tr["weather"].unique())
y = tr["weather"].map({c: i for i, c in enumerate(CLASSES)}).values
X = tr[FEATS]
print("\nclasses:", CLASSES, " X:", X.shape)

params = dict(objective="multiclass", n_estimators=250, learning_rate=0.04, num_leaves=15, min_child_samples=15,
              subsample=0.85, subsample_freq=1, colsample_bytree=0.8, reg_lambda=1.0, random_state=4, verbose=-1)
tss = TimeSeriesSplit(n_splits=4)
sw_all = compute_sample_weight("balanced", y)

rows = []
for mode in ["plain", "balanced"]:
    for k, (a, b) in enumerate(tss.split(X), 1):
        m = lgb.LGBMClassifier(**params)
        if mode == "plain":
            m.fit(X.iloc[a], y[a])
        else:
            m.fit(X.iloc[a], y[a], sample_weight=sw_all)
        pred = m.predict(X.iloc[b])
        rows.append({"mode": mode, "fold": k, "n_tr": len(a), "n_va": len(b),
                     "acc": accuracy_score(y[b], pred),
                     "f1_macro": f1_score(y[b], pred, average="macro"),
                     "bal_acc": balanced_accuracy_score(y[b], pred),
                     "acc_majority": (y[b] == np.bincount(y[a]).argmax()).mean()})
        r = rows[-1]
        print(f"[{mode:8s}] fold {k} train={r['n_tr']:4d} val={r['n_va']:3d}  acc={r['acc']:.4f} "
              f"f1m={r['f1_macro']:.4f} bal={r['bal_acc']:.4f}  (majority {r['acc_majority']:.4f})")

res = pd.DataFrame(rows)
print("\n================ summary ================")
print(res.groupby("mode")[["acc", "f1_macro", "bal_acc", "acc_majority"]].agg(["mean", "std"]).round(4).to_string())
acc_by_mode = res[res["fold"] >= 2].groupby("mode")["acc"].mean()
best_mode = acc_by_mode.idxmax()
print("best mode on accuracy (folds 2-4):", best_mode, round(acc_by_mode[best_mode], 4))

final = lgb.LGBMClassifier(**params)
if best_mode == "plain":
    final.fit(X, y)
else:
    final.fit(X, y, sample_weight=sw_all)
pred = final.predict(te[FEATS])
sub = pd.DataFrame({"id": te["id"].astype(int), "weather": [CLASSES[i] for i in pred]})
sub = sub.set_index("id").loc[test["id"]].reset_index()
assert len(sub) == len(test)
sub.to_csv("submission/submission.csv", index=False)
print("test prediction mix:", sub["weather"].value_counts().to_dict())
print(f"time-split accuracy: {acc_by_mode[best_mode]:.4f}")
