"""Credit risk (P[bad]): ratio features, group aggregates, OOF target encoding,
5-fold lgb.train with early stopping, averaged over 3 seeds.
"""
import os

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss, roc_auc_score

SEEDS = [0, 1, 2]
FOLDS = 5
CATS = ["Home", "Marital", "Records", "Job"]

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
y = train["Status"].values
print(f"train {train.shape}, bad rate {y.mean():.4f}")

n = len(train)
full = pd.concat([train.drop(columns="Status"), test], ignore_index=True)
for c in CATS:
    full[c] = full[c].fillna("missing")

# ratios (NaN stays NaN: LightGBM routes it)
full["loan_to_price"] = full["Amount"] / full["Price"]
full["down_payment"] = full["Price"] - full["Amount"]
full["installment"] = full["Amount"] / full["Time"]
full["inst_to_income"] = full["installment"] / full["Income"]
full["free_income"] = full["Income"] - full["Expenses"]
full["inst_to_free"] = full["installment"] / full["free_income"].where(full["free_income"] > 0)
full["net_assets"] = full["Assets"] - full["Debt"]
full["debt_to_income"] = full["Debt"] / full["Income"]
full["age_at_start"] = full["Age"] - full["Seniority"]
full["income_missing"] = full["Income"].isna().astype(int)
full["assets_zero"] = (full["Assets"] == 0).astype(int)

# frequency encoding
for c in CATS + ["Time", "Amount", "Price"]:
    full[f"fq_{c}"] = full[c].map(full[c].value_counts(normalize=True))

# group aggregates: how does this applicant compare with peers
for key in ["Job", "Home", "Marital"]:
    for col in ["Income", "Amount", "Seniority"]:
        grp = full.groupby(key)[col]
        full[f"{col}_rel_{key}"] = full[col] / grp.transform("median")
full["amount_rel_time"] = full["Amount"] / full.groupby("Time")["Amount"].transform("mean")

for c in CATS:
    full[c] = full[c].astype("category")

X = full.iloc[:n].reset_index(drop=True)
XT = full.iloc[n:].reset_index(drop=True)


def oof_target_encode(X, XT, y, cols, seed, alpha=15.0):
    X, XT = X.copy(), XT.copy()
    prior = y.mean()
    kf = StratifiedKFold(FOLDS, shuffle=True, random_state=seed + 100)
    for c in cols:
        key = X[c].astype(str)
        keyt = XT[c].astype(str)
        oof = np.full(len(X), prior)
        for a, b in kf.split(X, y):
            s = pd.DataFrame({"k": key.iloc[a].values, "y": y[a]}).groupby("k")["y"].agg(["sum", "count"])
            enc = (s["sum"] + alpha * prior) / (s["count"] + alpha)
            oof[b] = key.iloc[b].map(enc).fillna(prior).values
        s = pd.DataFrame({"k": key.values, "y": y}).groupby("k")["y"].agg(["sum", "count"])
        enc = (s["sum"] + alpha * prior) / (s["count"] + alpha)
        X[f"te_{c}"] = oof
        XT[f"te_{c}"] = keyt.map(enc).fillna(prior).values
    return X, XT


X["home_job"] = X["Home"].astype(str) + "|" + X["Job"].astype(str)
XT["home_job"] = XT["Home"].astype(str) + "|" + XT["Job"].astype(str)
X["rec_marital"] = X["Records"].astype(str) + "|" + X["Marital"].astype(str)
XT["rec_marital"] = XT["Records"].astype(str) + "|" + XT["Marital"].astype(str)

params = dict(objective="binary", metric="binary_logloss", learning_rate=0.02, num_leaves=15,
              min_data_in_leaf=30, feature_fraction=0.6, bagging_fraction=0.8, bagging_freq=1,
              lambda_l2=5.0, verbose=-1, num_threads=2)

oof = np.zeros(n)
pt = np.zeros(len(XT))
for seed in SEEDS:
    Xs, XTs = oof_target_encode(X, XT, y, ["home_job", "rec_marital", "Job", "Home"], seed)
    Xs = Xs.drop(columns=["home_job", "rec_marital", "id"])
    XTs = XTs.drop(columns=["home_job", "rec_marital", "id"])
    skf = StratifiedKFold(FOLDS, shuffle=True, random_state=seed)
    for a, b in skf.split(Xs, y):
        dtr = lgb.Dataset(Xs.iloc[a], y[a])
        dva = lgb.Dataset(Xs.iloc[b], y[b], reference=dtr)
        bst = lgb.train({**params, "seed": seed}, dtr, 3000, valid_sets=[dva],
                        callbacks=[lgb.early_stopping(150, verbose=False)])
        oof[b] += bst.predict(Xs.iloc[b], num_iteration=bst.best_iteration) / len(SEEDS)
        pt += bst.predict(XTs, num_iteration=bst.best_iteration) / (FOLDS * len(SEEDS))
    print(f"seed {seed}: running logloss {log_loss(y, oof * len(SEEDS) / (SEEDS.index(seed) + 1)):.5f}")

print(f"OOF AUC: {roc_auc_score(y, oof):.4f}")
print(f"CV logloss: {log_loss(y, oof):.5f}")

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": XT["id"].astype(int), "Status": np.clip(pt, 1e-4, 1 - 1e-4)}).to_csv(
    "./submission/submission.csv", index=False)
print("saved", len(pt))
