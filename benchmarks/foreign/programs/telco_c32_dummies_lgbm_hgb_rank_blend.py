import os
import warnings

import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from scipy.stats import rankdata
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

warnings.filterwarnings("ignore")
SEED = 99
N_FOLDS = 5

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
y = train["churn"].values
test_ids = test["id"]

full = pd.concat([train.drop(columns=["churn"]), test], axis=0).reset_index(drop=True)
full["total_charges"] = full["total_charges"].fillna(full["monthly_charges"] * full["tenure"])
full["tenure_bucket"] = pd.cut(full["tenure"], [-1, 6, 12, 24, 48, 73], labels=False)
full["monthly_over_median"] = (full["monthly_charges"] > full["monthly_charges"].median()).astype(int)
full["fiber_monthly"] = (full["internet_service"] == "Fiber optic") & (full["contract"] == "Month-to-month")

cat_cols = full.select_dtypes(include="object").columns.tolist()
full = pd.get_dummies(full, columns=cat_cols, drop_first=False, dtype=np.uint8)
full = full.drop(columns=["id"])
print("design matrix:", full.shape)

X = full.iloc[: len(train)].reset_index(drop=True)
X_test = full.iloc[len(test):].reset_index(drop=True)

oof_lgb, oof_hgb = np.zeros(len(X)), np.zeros(len(X))
tst_lgb, tst_hgb = np.zeros(len(X_test)), np.zeros(len(X_test))

skf = StratifiedKFold(N_FOLDS, shuffle=True, random_state=SEED)
for k, (tr, va) in enumerate(skf.split(X, y)):
    lgbm = LGBMClassifier(n_estimators=600, learning_rate=0.03, num_leaves=16, min_child_samples=30,
                          subsample=0.8, subsample_freq=1, colsample_bytree=0.6, reg_alpha=0.5,
                          random_state=SEED + k, n_jobs=1, verbose=-1)
    lgbm.fit(X.iloc[tr], y[tr])
    oof_lgb[va] = lgbm.predict_proba(X.iloc[va])[:, 1]
    tst_lgb += lgbm.predict_proba(X_test)[:, 1] / N_FOLDS

    hgb = HistGradientBoostingClassifier(learning_rate=0.05, max_leaf_nodes=15, l2_regularization=1.0,
                                         early_stopping=True, validation_fraction=0.15,
                                         random_state=SEED + k)
    hgb.fit(X.iloc[tr], y[tr])
    oof_hgb[va] = hgb.predict_proba(X.iloc[va])[:, 1]
    tst_hgb += hgb.predict_proba(X_test)[:, 1] / N_FOLDS
    print(f"[fold {k}] lgbm auc {roc_auc_score(y[va], oof_lgb[va]):.4f} | hgb auc {roc_auc_score(y[va], oof_hgb[va]):.4f}")


def rank01(a):
    return (rankdata(a) - 1) / (len(a) - 1)


oof_blend = 0.5 * rank01(oof_lgb) + 0.5 * rank01(oof_hgb)
print(f"OOF AUC lgbm={roc_auc_score(y, oof_lgb):.4f} hgb={roc_auc_score(y, oof_hgb):.4f} "
      f"blend={roc_auc_score(y, oof_blend):.4f}")

test_blend = 0.5 * rank01(tst_lgb) + 0.5 * rank01(tst_hgb)
sub = pd.DataFrame({"id": test_ids, "churn": test_blend})
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
