"""Credit risk: LightGBM + logistic regression, blended on OOF logloss.

Trees like raw columns; the linear model wants log-scaled money columns and
one-hot categories, so the two models get slightly different matrices.
"""
import os
import warnings

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

warnings.filterwarnings("ignore", category=RuntimeWarning)

SEED = 31
FOLDS = 5
CATS = ["Home", "Marital", "Records", "Job"]
MONEY = ["Income", "Assets", "Debt", "Amount", "Price", "Expenses"]

tr = pd.read_csv("./input/train.csv")
te = pd.read_csv("./input/test.csv")
y = tr.pop("Status").values
test_ids = te["id"].values

both = pd.concat([tr, te], ignore_index=True).drop(columns="id")
n = len(tr)

# ---------------- imputation (medians of train rows only)
med = both.iloc[:n][["Income", "Assets", "Debt"]].median()
both["income_na"] = both["Income"].isna().astype(int)
both[["Income", "Assets", "Debt"]] = both[["Income", "Assets", "Debt"]].fillna(med)
for c in CATS:
    both[c] = both[c].fillna(both[c].iloc[:n].mode()[0])

# ---------------- shared engineered columns
both["installment"] = both["Amount"] / both["Time"]
both["inst_income"] = both["installment"] / both["Income"]
both["loan_price"] = both["Amount"] / both["Price"]
both["spare"] = both["Income"] - both["Expenses"]
both["seniority_age"] = both["Seniority"] / both["Age"]
for c in CATS:
    both[f"fq_{c}"] = both[c].map(both[c].value_counts(normalize=True))
both["income_vs_job"] = both["Income"] - both.groupby("Job")["Income"].transform("mean")

# ---------------- tree matrix
Xg = both.copy()
for c in CATS:
    Xg[c] = Xg[c].astype("category")
Xg_tr, Xg_te = Xg.iloc[:n].reset_index(drop=True), Xg.iloc[n:].reset_index(drop=True)

# ---------------- linear matrix
Xl = both.copy()
for c in MONEY:
    Xl[c] = np.log1p(Xl[c])
Xl["log_net_worth"] = np.log1p(both["Assets"] - both["Debt"])
Xl["log_inst"] = np.log1p(Xl["installment"])
Xl = pd.get_dummies(Xl, columns=CATS, drop_first=True, dtype=float)
Xl_tr, Xl_te = Xl.iloc[:n].reset_index(drop=True), Xl.iloc[n:].reset_index(drop=True)
print("tree matrix", Xg_tr.shape, "| linear matrix", Xl_tr.shape)

skf = StratifiedKFold(FOLDS, shuffle=True, random_state=SEED)
splits = list(skf.split(Xg_tr, y))

# ---------------- LightGBM
params = dict(objective="binary", learning_rate=0.03, num_leaves=12, min_data_in_leaf=25,
              feature_fraction=0.7, bagging_fraction=0.8, bagging_freq=1, lambda_l2=3.0,
              verbose=-1, num_threads=2, seed=SEED)
oof_gbm, te_gbm = np.zeros(n), np.zeros(len(Xg_te))
for k, (a, b) in enumerate(splits):
    d_a = lgb.Dataset(Xg_tr.iloc[a], y[a])
    d_b = lgb.Dataset(Xg_tr.iloc[b], y[b], reference=d_a)
    gbm = lgb.train(params, d_a, 2000, valid_sets=[d_b],
                    callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)])
    oof_gbm[b] = gbm.predict(Xg_tr.iloc[b], num_iteration=gbm.best_iteration)
    te_gbm += gbm.predict(Xg_te, num_iteration=gbm.best_iteration) / FOLDS
    print(f"  gbm fold {k}: it={gbm.best_iteration} ll={log_loss(y[b], oof_gbm[b]):.4f}")
print(f"LightGBM OOF logloss: {log_loss(y, oof_gbm):.5f}")

# ---------------- logistic regression
oof_lr, te_lr = np.zeros(n), np.zeros(len(Xl_te))
for k, (a, b) in enumerate(splits):
    lr = make_pipeline(StandardScaler(), LogisticRegression(C=0.3, max_iter=2000))
    lr.fit(Xl_tr.iloc[a], y[a])
    oof_lr[b] = lr.predict_proba(Xl_tr.iloc[b])[:, 1]
    te_lr += lr.predict_proba(Xl_te)[:, 1] / FOLDS
print(f"LogReg OOF logloss: {log_loss(y, oof_lr):.5f}")

# ---------------- blend weight on OOF
ws = np.linspace(0, 1, 21)
lls = [log_loss(y, w * oof_gbm + (1 - w) * oof_lr) for w in ws]
w = ws[int(np.argmin(lls))]
print(f"blend weight gbm={w:.2f}")
print(f"CV logloss: {min(lls):.5f}")

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test_ids, "Status": w * te_gbm + (1 - w) * te_lr}).to_csv(
    "./submission/submission.csv", index=False)
