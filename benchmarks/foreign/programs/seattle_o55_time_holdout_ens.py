import os
import time
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.ensemble import RandomForestClassifier, ExtraTreesClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import accuracy_score

t0 = time.time()
tr = pd.read_csv("input/train.csv", parse_dates=["date"])
te = pd.read_csv("input/test.csv", parse_dates=["date"])
tr = tr.sort_values("date").reset_index(drop=True)
print(tr.shape, te.shape, tr["date"].min().date(), "->", tr["date"].max().date(), "| test from", te["date"].min().date())
print(tr["weather"].value_counts(normalize=True).round(3).to_dict())

labels = sorted(tr["weather"].unique())
lab2i = {l: i for i, l in enumerate(labels)}

def add_feats(df):
    d = df.copy()
    d["doy"] = d["date"].dt.dayofyear
    d["month"] = d["date"].dt.month
    d["doy_sin"] = np.sin(2 * np.pi * d["doy"] / 365.25)
    d["doy_cos"] = np.cos(2 * np.pi * d["doy"] / 365.25)
    d["temp_range"] = d["temp_max"] - d["temp_min"]
    d["temp_mean"] = (d["temp_max"] + d["temp_min"]) / 2
    d["rained"] = (d["precipitation"] > 0).astype(int)
    d["log_precip"] = np.log1p(d["precipitation"])
    return d

tr = add_feats(tr)
te = add_feats(te)
FEATS = ["precipitation", "temp_max", "temp_min", "wind", "doy_sin", "doy_cos", "month",
         "temp_range", "temp_mean", "rained", "log_precip"]
y = tr["weather"].map(lab2i).values

# time based holdout: last 20% of train dates
cut = int(len(tr) * 0.8)
X_a, y_a = tr.loc[: cut - 1, FEATS], y[:cut]
X_b, y_b = tr.loc[cut:, FEATS], y[cut:]
print(f"holdout split: fit {len(X_a)} / valid {len(X_b)}")

def get_models(seed):
    return {
        "lgb": lgb.LGBMClassifier(n_estimators=300, learning_rate=0.03, num_leaves=8,
                                  min_child_samples=15, subsample=0.8, subsample_freq=1,
                                  colsample_bytree=0.8, random_state=seed, verbose=-1),
        "rf": RandomForestClassifier(n_estimators=300, min_samples_leaf=3, random_state=seed, n_jobs=2),
        "et": ExtraTreesClassifier(n_estimators=300, min_samples_leaf=3, random_state=seed, n_jobs=2),
        "lr": LogisticRegression(C=1.0, max_iter=3000),
    }

scaler = StandardScaler().fit(X_a)
val_probs = {}
for name, mdl in get_models(0).items():
    t1 = time.time()
    if name == "lr":
        mdl.fit(scaler.transform(X_a), y_a)
        p = mdl.predict_proba(scaler.transform(X_b))
    else:
        mdl.fit(X_a, y_a)
        p = mdl.predict_proba(X_b)
    val_probs[name] = p
    print(f"{name:>3}: holdout acc {accuracy_score(y_b, p.argmax(1)):.4f}  ({time.time() - t1:.2f}s)")

avg = np.mean([val_probs[k] for k in val_probs], axis=0)
print(f"avg of all: holdout acc {accuracy_score(y_b, avg.argmax(1)):.4f}")
np.save("val_probs_avg.npy", avg)

# refit on full train, 3 seeds for the tree models
scaler_full = StandardScaler().fit(tr[FEATS])
test_prob = np.zeros((len(te), len(labels)))
n_parts = 0
for seed in [0, 1, 2]:
    for name, mdl in get_models(seed).items():
        if name == "lr":
            if seed > 0:
                continue
            mdl.fit(scaler_full.transform(tr[FEATS]), y)
            test_prob += mdl.predict_proba(scaler_full.transform(te[FEATS])) * 3
            n_parts += 3
        else:
            mdl.fit(tr[FEATS], y)
            test_prob += mdl.predict_proba(te[FEATS])
            n_parts += 1
test_prob /= n_parts

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": te["id"], "weather": [labels[i] for i in test_prob.argmax(1)]})
sub.to_csv("submission/submission.csv", index=False)
print(sub["weather"].value_counts().to_dict(), f"| {time.time() - t0:.1f}s")
