"""
Telco churn - second attempt: stacking.

Level 1: LGBMClassifier (early stopping callback), ExtraTrees, LogisticRegression,
         all trained in the same manual StratifiedKFold loop -> OOF matrix.
Level 2: LogisticRegression on the OOF probabilities (logit space).
Extra features over the baseline: billing ratios, tenure-group statistics,
count of add-on services, frequency encodings, one-hot for the linear model.
"""
import os
import time
import warnings

import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier, early_stopping, log_evaluation
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

warnings.filterwarnings("ignore")
start = time.time()

RANDOM_STATE = 2024
FOLDS = 5

train_df = pd.read_csv("./input/train.csv")
test_df = pd.read_csv("./input/test.csv")
sample = pd.read_csv("./input/sample_submission.csv")

y = train_df["churn"].astype(int).values
train_ids = train_df["id"].values
test_ids = test_df["id"].values

print("Train:", train_df.shape, "Test:", test_df.shape)
print("Churn rate: %.4f" % y.mean())

cat_features = [c for c in test_df.columns if test_df[c].dtype == object or str(test_df[c].dtype) in ("str", "string")]
num_features = [c for c in test_df.columns if c not in cat_features and c != "id"]
print("categoricals:", cat_features)


def add_features(df):
    df = df.copy()
    addons = ["online_security", "online_backup", "device_protection",
              "tech_support", "streaming_tv", "streaming_movies"]
    df["addon_count"] = (df[addons] == "Yes").sum(axis=1)
    df["streaming_both"] = ((df["streaming_tv"] == "Yes") & (df["streaming_movies"] == "Yes")).astype(int)
    df["security_pack"] = ((df["online_security"] == "Yes") & (df["tech_support"] == "Yes")).astype(int)

    # billing ratios
    df["avg_monthly_paid"] = df["total_charges"] / df["tenure"].replace(0, 1)
    df["paid_vs_current"] = df["avg_monthly_paid"] / df["monthly_charges"]
    df["expected_total"] = df["monthly_charges"] * df["tenure"]
    df["total_gap"] = df["total_charges"] - df["expected_total"]
    df["log_total"] = np.log1p(df["total_charges"])
    df["new_customer"] = (df["tenure"] <= 3).astype(int)
    df["long_contract"] = df["contract"].isin(["One year", "Two year"]).astype(int)
    df["auto_pay"] = df["payment_method"].str.contains("automatic").astype(int)
    return df


full = pd.concat([train_df.drop(columns="churn"), test_df], ignore_index=True)
full = add_features(full)

# tenure year groups + statistics of charges inside each group
full["tenure_year"] = (full["tenure"] // 12).clip(upper=5)
for col in ["monthly_charges", "addon_count"]:
    grp = full.groupby(["tenure_year", "contract"])[col]
    full[f"{col}_grp_mean"] = grp.transform("mean")
    full[f"{col}_grp_rel"] = full[col] / full[f"{col}_grp_mean"]

# the raw numeric columns with blanks get the median
for c in num_features:
    if full[c].isna().any():
        full[c] = full[c].fillna(full[c].median())
        print(f"filled {c} with median")

for c in cat_features:
    full[c + "_cnt"] = full[c].map(full[c].value_counts())

# tree models: integer codes; linear model: one-hot
tree_full = full.copy()
for c in cat_features:
    tree_full[c] = tree_full[c].astype("category").cat.codes
lin_full = pd.get_dummies(full, columns=cat_features, drop_first=True, dtype=float)

n_tr = len(train_df)
X_tree = tree_full.iloc[:n_tr].drop(columns="id").reset_index(drop=True)
T_tree = tree_full.iloc[n_tr:].drop(columns="id").reset_index(drop=True)
X_lin = lin_full.iloc[:n_tr].drop(columns="id").reset_index(drop=True)
T_lin = lin_full.iloc[n_tr:].drop(columns="id").reset_index(drop=True)
print("tree features:", X_tree.shape[1], "| linear features:", X_lin.shape[1])

MODELS = ["lgbm", "et", "logreg"]
oof_mat = np.zeros((n_tr, len(MODELS)))
test_mat = np.zeros((len(test_df), len(MODELS)))

skf = StratifiedKFold(n_splits=FOLDS, shuffle=True, random_state=RANDOM_STATE)
for fold, (tr, va) in enumerate(skf.split(X_tree, y), start=1):
    fold_t = time.time()

    lgbm = LGBMClassifier(
        n_estimators=1000, learning_rate=0.03, num_leaves=16, min_child_samples=30,
        subsample=0.8, subsample_freq=1, colsample_bytree=0.7, reg_lambda=1.0,
        random_state=RANDOM_STATE, n_jobs=2, verbose=-1,
    )
    lgbm.fit(
        X_tree.iloc[tr], y[tr],
        eval_set=[(X_tree.iloc[va], y[va])], eval_metric="auc",
        callbacks=[early_stopping(80, verbose=False), log_evaluation(0)],
    )
    oof_mat[va, 0] = lgbm.predict_proba(X_tree.iloc[va])[:, 1]
    test_mat[:, 0] += lgbm.predict_proba(T_tree)[:, 1] / FOLDS

    et = ExtraTreesClassifier(
        n_estimators=250, max_depth=10, min_samples_leaf=5, max_features=0.5,
        n_jobs=2, random_state=RANDOM_STATE,
    )
    et.fit(X_tree.iloc[tr], y[tr])
    oof_mat[va, 1] = et.predict_proba(X_tree.iloc[va])[:, 1]
    test_mat[:, 1] += et.predict_proba(T_tree)[:, 1] / FOLDS

    print(f"[fold {fold}] lgbm auc={roc_auc_score(y[va], oof_mat[va, 0]):.4f} "
          f"best_iter={lgbm.best_iteration_}  et auc={roc_auc_score(y[va], oof_mat[va, 1]):.4f}")

    sc = StandardScaler().fit(X_lin.iloc[tr])
    logreg = LogisticRegression(C=0.5, max_iter=3000)
    logreg.fit(sc.transform(X_lin.iloc[tr]), y[tr])
    oof_mat[va, 2] = logreg.predict_proba(sc.transform(X_lin.iloc[va]))[:, 1]
    test_mat[:, 2] += logreg.predict_proba(sc.transform(T_lin))[:, 1] / FOLDS

    print(f"[fold {fold}] logreg auc={roc_auc_score(y[va], oof_mat[va, 2]):.4f}  ({time.time() - fold_t:.1f}s)")

for j, m in enumerate(MODELS):
    print(f"OOF {m:7s} AUC = {roc_auc_score(y, oof_mat[:, j]):.4f}")


# ---------------- level 2 stacker -----------------
def to_logit(p):
    p = np.clip(p, 1e-5, 1 - 1e-5)
    return np.log(p / (1 - p))


Z_tr, Z_te = to_logit(oof_mat), to_logit(test_mat)
stack_oof = np.zeros(n_tr)
skf2 = StratifiedKFold(n_splits=FOLDS, shuffle=True, random_state=RANDOM_STATE + 7)
for tr, va in skf2.split(Z_tr, y):
    meta = LogisticRegression(C=1.0)
    meta.fit(Z_tr[tr], y[tr])
    stack_oof[va] = meta.predict_proba(Z_tr[va])[:, 1]
stack_auc = roc_auc_score(y, stack_oof)
simple_auc = roc_auc_score(y, oof_mat.mean(axis=1))
print(f"stacker OOF AUC = {stack_auc:.4f} | plain mean AUC = {simple_auc:.4f}")

if stack_auc >= simple_auc:
    meta = LogisticRegression(C=1.0).fit(Z_tr, y)
    print("meta coefficients:", np.round(meta.coef_.ravel(), 3))
    final_pred = meta.predict_proba(Z_te)[:, 1]
    final_auc = stack_auc
else:
    final_pred = test_mat.mean(axis=1)
    final_auc = simple_auc

os.makedirs("./submission", exist_ok=True)
out = pd.DataFrame({"id": test_ids, "churn": final_pred})
out.to_csv("./submission/submission.csv", index=False)
print(f"done in {time.time() - start:.1f}s")
print(f"Validation AUC: {final_auc:.4f}")
