import os
import warnings

import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import KFold

warnings.simplefilter("ignore", category=FutureWarning)

TARGETS = ["health", "limit", "insurance"]
GROUP_KEYS = [["region", "ethnicity"], ["education", "gender"], ["married", "selfemp"]]
SMOOTH = 20.0

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

prior = train["insurance"].mean()

# smoothed group rates of insurance coverage, used as features for all three targets
for keys in GROUP_KEYS:
    name = "te_" + "_".join(keys)
    stats = train.groupby(keys)["insurance"].agg(["mean", "count"])
    stats[name] = (stats["mean"] * stats["count"] + prior * SMOOTH) / (stats["count"] + SMOOTH)
    stats = stats[[name]].reset_index()
    train = train.merge(stats, on=keys, how="left")
    test = test.merge(stats, on=keys, how="left")
    test[name] = test[name].fillna(prior)

# coverage rate of the respondent's age band
bins = [17, 25, 32, 40, 48, 55, 64]
train["age_band"] = pd.cut(train["age"], bins=bins, labels=False)
test["age_band"] = pd.cut(test["age"], bins=bins, labels=False)
band_rate = train.groupby("age_band", as_index=False)["insurance"].mean()
train = train.merge(band_rate, on="age_band", how="left", suffixes=("", "_band_rate"))
test = test.merge(band_rate, on="age_band", how="left", suffixes=("", "_band_rate"))

kf = KFold(n_splits=5, shuffle=True, random_state=1)

cat_cols = ["gender", "married", "selfemp", "region", "ethnicity", "education"]
for c in cat_cols:
    codes = {v: i for i, v in enumerate(sorted(train[c].unique()))}
    train[c] = train[c].map(codes)
    test[c] = test[c].map(codes).fillna(-1).astype(int)

features = [c for c in train.columns if c not in TARGETS + ["id"]]
print("features:", features)

sub = pd.DataFrame({"id": test["id"]})
aucs = []
for target in TARGETS:
    y = train[target].values
    oof = np.zeros(len(train))
    preds = np.zeros(len(test))
    for tr_idx, va_idx in kf.split(train):
        clf = HistGradientBoostingClassifier(
            learning_rate=0.05, max_iter=300, max_leaf_nodes=15, l2_regularization=1.0,
            early_stopping=True, validation_fraction=0.15, n_iter_no_change=30, random_state=1,
        )
        clf.fit(train.iloc[tr_idx][features], y[tr_idx])
        oof[va_idx] = clf.predict_proba(train.iloc[va_idx][features])[:, 1]
        preds += clf.predict_proba(test[features])[:, 1] / kf.get_n_splits()
    auc = roc_auc_score(y, oof)
    aucs.append(auc)
    print(f"{target}: OOF AUC {auc:.4f}")
    sub[target] = preds

print(f"Mean AUC: {np.mean(aucs):.4f}")
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
