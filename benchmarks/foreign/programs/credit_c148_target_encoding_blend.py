"""Frequency + smoothed target encoding, a small zoo on a stratified holdout, blend of the top-2 models."""
import os
import warnings

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.ensemble import ExtraTreesClassifier, HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold, train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

warnings.filterwarnings("ignore")
SEED = 31
np.random.seed(SEED)
CATS = ["Home", "Marital", "Records", "Job"]
TARGET = "Status"

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
for df in (train, test):
    df[CATS] = df[CATS].fillna("unknown")
    df["age_at_start"] = df["Age"] - df["Seniority"]
    df["price_minus_amount"] = df["Price"] - df["Amount"]
    df["amount_per_month"] = df["Amount"] / df["Time"]


def add_frequency(tr, te, col):
    freq = pd.concat([tr[col], te[col]]).value_counts(normalize=True).rename(f"{col}_freq")
    tr = tr.merge(freq, left_on=col, right_index=True, how="left")
    te = te.merge(freq, left_on=col, right_index=True, how="left")
    return tr, te


def target_encode(tr, te, col, k=20, n_splits=5):
    prior = tr[TARGET].mean()
    enc_tr = pd.Series(np.nan, index=tr.index)
    for a, b in StratifiedKFold(n_splits, shuffle=True, random_state=SEED).split(tr, tr[TARGET]):
        stats = tr.iloc[a].groupby(col)[TARGET].agg(["mean", "count"])
        smooth = (stats["mean"] * stats["count"] + prior * k) / (stats["count"] + k)
        enc_tr.iloc[b] = tr.iloc[b][col].map(smooth).fillna(prior).values
    stats = tr.groupby(col)[TARGET].agg(["mean", "count"])
    smooth = (stats["mean"] * stats["count"] + prior * k) / (stats["count"] + k)
    tr[f"{col}_te"] = enc_tr
    te[f"{col}_te"] = te[col].map(smooth).fillna(prior)
    return tr, te


for c in CATS:
    train, test = add_frequency(train, test, c)
    train, test = target_encode(train, test, c)

features = [c for c in train.columns if c not in CATS + ["id", TARGET]]
print(f"{len(features)} features: {features}")
X = train[features].fillna(train[features].median())
X_test = test[features].fillna(train[features].median())
y = train[TARGET].values

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y, random_state=SEED)

zoo = {
    "lgb_shallow": lgb.LGBMClassifier(n_estimators=400, learning_rate=0.02, num_leaves=8, min_child_samples=40,
                                      colsample_bytree=0.8, n_jobs=1, verbose=-1, random_state=SEED),
    "lgb_deep": lgb.LGBMClassifier(n_estimators=250, learning_rate=0.03, num_leaves=31, min_child_samples=20,
                                   subsample=0.8, subsample_freq=1, reg_lambda=5.0, n_jobs=1, verbose=-1, random_state=SEED),
    "hgb": HistGradientBoostingClassifier(max_iter=300, learning_rate=0.03, max_leaf_nodes=16, random_state=SEED),
    "extra": ExtraTreesClassifier(n_estimators=400, min_samples_leaf=4, max_features=0.5, n_jobs=1, random_state=SEED),
    "logit": make_pipeline(StandardScaler(), LogisticRegression(C=0.5, max_iter=3000)),
}

preds, scores = {}, {}
for name, model in zoo.items():
    model.fit(X_tr, y_tr)
    preds[name] = model.predict_proba(X_va)[:, 1]
    scores[name] = log_loss(y_va, preds[name])
    print(f"  {name:<12} holdout logloss {scores[name]:.4f}")

ranked = sorted(scores, key=scores.get)
print("\nLEADERBOARD")
for i, n in enumerate(ranked, 1):
    print(f"{i:>2}  {n:<12} {scores[n]:.4f}")

a, b = ranked[:2]
best_w, best_loss = 1.0, scores[a]
for w in np.linspace(0, 1, 21):
    loss = log_loss(y_va, w * preds[a] + (1 - w) * preds[b])
    if loss < best_loss:
        best_w, best_loss = w, loss
print(f"blend {a}*{best_w:.2f} + {b}*{1 - best_w:.2f}: holdout logloss {best_loss:.4f}")

for n in (a, b):
    zoo[n].fit(X, y)
blend = best_w * preds[a] + (1 - best_w) * preds[b]

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"], TARGET: blend})
sub.to_csv("submission/submission.csv", index=False)
print(f"Validation logloss: {best_loss:.4f}")
