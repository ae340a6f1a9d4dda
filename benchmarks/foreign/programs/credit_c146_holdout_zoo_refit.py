"""Holdout benchmark of a model zoo on credit risk, leaderboard by log loss, refit winner on all rows."""
import os
import time
import json

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.ensemble import AdaBoostClassifier, GradientBoostingClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss, roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.neural_network import MLPClassifier
from sklearn.preprocessing import StandardScaler
from tqdm import tqdm

SEED = 123
np.random.seed(SEED)

CAT_COLS = ["Home", "Marital", "Records", "Job"]
NUM_COLS = ["Seniority", "Time", "Age", "Expenses", "Income", "Assets", "Debt", "Amount", "Price"]


def preprocess(df, medians=None):
    out = df.copy()
    if medians is None:
        medians = out[NUM_COLS].median()
    out["income_missing"] = out["Income"].isna().astype(int)
    out[NUM_COLS] = out[NUM_COLS].fillna(medians)
    out["amount_price_ratio"] = out["Amount"] / out["Price"]
    out["debt_ratio"] = out["Debt"] / (out["Assets"] + 1)
    out["monthly_burden"] = (out["Amount"] / out["Time"] + out["Expenses"]) / (out["Income"] + 1)
    out["log_assets"] = np.log1p(out["Assets"])
    for c in CAT_COLS:
        out[c] = out[c].fillna("missing")
    out = pd.get_dummies(out, columns=CAT_COLS, dtype=float)
    return out, medians


train_raw = pd.read_csv("input/train.csv")
test_raw = pd.read_csv("input/test.csv")
y_all = train_raw["Status"].values

X_all, med = preprocess(train_raw.drop(columns=["id", "Status"]))
X_sub, _ = preprocess(test_raw.drop(columns=["id"]), med)
X_sub = X_sub.reindex(columns=X_all.columns, fill_value=0.0)

X_tr, X_va, y_tr, y_va = train_test_split(X_all, y_all, test_size=0.2, stratify=y_all, random_state=SEED)
scaler = StandardScaler().fit(X_tr)

models = {
    "logreg": LogisticRegression(C=0.5, max_iter=5000),
    "mlp": MLPClassifier(hidden_layer_sizes=(64, 32), alpha=1e-2, max_iter=400, early_stopping=True, random_state=SEED),
    "lgbm": lgb.LGBMClassifier(n_estimators=350, learning_rate=0.03, num_leaves=15, min_child_samples=25,
                               colsample_bytree=0.7, subsample=0.8, subsample_freq=1, n_jobs=1, verbose=-1, random_state=SEED),
    "gbm": GradientBoostingClassifier(n_estimators=200, max_depth=3, learning_rate=0.05, subsample=0.8, random_state=SEED),
    "rf": RandomForestClassifier(n_estimators=300, max_features="auto", min_samples_leaf=3, n_jobs=1, random_state=SEED),
    "ada": AdaBoostClassifier(n_estimators=200, learning_rate=0.5, random_state=SEED),
}
needs_scaling = {"logreg", "mlp"}

rows = []
for name, model in tqdm(models.items(), total=len(models), desc="zoo"):
    t0 = time.time()
    Xa, Xb = (scaler.transform(X_tr), scaler.transform(X_va)) if name in needs_scaling else (X_tr, X_va)
    model.fit(Xa, y_tr)
    p = model.predict_proba(Xb)[:, 1]
    rows.append({"model": name, "logloss": log_loss(y_va, p), "auc": roc_auc_score(y_va, p), "fit_s": time.time() - t0})
    tqdm.write(f"  {name:<7} logloss={rows[-1]['logloss']:.4f} auc={rows[-1]['auc']:.4f}")

lb = pd.DataFrame(rows).sort_values("logloss").reset_index(drop=True)
print("\n========== leaderboard ==========")
print(lb.to_string(index=False, float_format=lambda v: f"{v:.4f}"))
lb.to_csv("leaderboard.csv", index=False)

best = lb.loc[0, "model"]
print(f"\nrefitting {best} on all {len(X_all)} rows")
winner = models[best]
if best in needs_scaling:
    full_scaler = StandardScaler().fit(X_all)
    winner.fit(full_scaler.transform(X_all), y_all)
    pred = winner.predict_proba(full_scaler.transform(X_sub))[:, 1]
else:
    winner.fit(X_all, y_all)
    pred = winner.predict_proba(X_sub)[:, 1]

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test_raw["id"], "Status": pred}).to_csv("submission/submission.csv", index=False)
with open("best_model.json", "w") as fh:
    json.dump({"model": best, "holdout_logloss": float(lb.loc[0, "logloss"])}, fh)
print(f"Validation logloss: {lb.loc[0, 'logloss']:.4f}")
