import numpy as np
import pandas as pd
import lightgbm as lgb

from sklearn.model_selection import StratifiedKFold
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.impute import SimpleImputer
from sklearn.pipeline import make_pipeline
from sklearn.metrics import log_loss, roc_auc_score

RANDOM_STATE = 0

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train shape:", train.shape)
print("test shape :", test.shape)
print("bad rate: %.4f" % train.Status.mean())
print(train.isnull().sum().loc[lambda s: s > 0])

n_train = len(train)
full = pd.concat([train.drop(columns="Status"), test], axis=0, ignore_index=True)

# ratios a credit analyst would look at
full["loan_to_price"] = full["Amount"] / full["Price"]
full["income_per_expense"] = full["Income"] / full["Expenses"]
full["monthly_payment"] = full["Amount"] / full["Time"]
full["payment_to_income"] = full["monthly_payment"] / full["Income"]
full["net_assets"] = full["Assets"].fillna(0) - full["Debt"].fillna(0)
full["age_at_job"] = full["Age"] - full["Seniority"]

full = pd.get_dummies(full, columns=["Home", "Marital", "Records", "Job"], dummy_na=False)

X = full.iloc[:n_train].drop(columns="id").reset_index(drop=True)
X_test = full.iloc[n_train:].drop(columns="id").reset_index(drop=True)
y = train["Status"].values
print("feature matrix:", X.shape)

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=RANDOM_STATE)

# ---------------------------------------------------------------
# 1. baseline: logistic regression
# ---------------------------------------------------------------
oof_lr = np.zeros(n_train)
for k, (tr, va) in enumerate(skf.split(X, y)):
    lr = make_pipeline(SimpleImputer(strategy="median"), StandardScaler(),
                       LogisticRegression(C=0.5, max_iter=1000))
    lr.fit(X.iloc[tr], y[tr])
    oof_lr[va] = lr.predict_proba(X.iloc[va])[:, 1]
    print("[LR] fold %d  logloss %.4f  auc %.4f" % (
        k, log_loss(y[va], oof_lr[va]), roc_auc_score(y[va], oof_lr[va])))
print("[LR] OOF logloss: %.4f\n" % log_loss(y, oof_lr))

# ---------------------------------------------------------------
# 2. LightGBM
# ---------------------------------------------------------------
oof_gbm = np.zeros(n_train)
pred_gbm = np.zeros(len(X_test))
for k, (tr, va) in enumerate(skf.split(X, y)):
    clf = lgb.LGBMClassifier(
        n_estimators=2000,
        learning_rate=0.02,
        num_leaves=16,
        min_child_samples=30,
        subsample=0.8,
        subsample_freq=1,
        colsample_bytree=0.8,
        random_state=RANDOM_STATE,
    )
    clf.fit(X.iloc[tr], y[tr],
            eval_set=[(X.iloc[va], y[va])],
            eval_metric="binary_logloss",
            early_stopping_rounds=100,
            verbose=200)
    oof_gbm[va] = clf.predict_proba(X.iloc[va])[:, 1]
    pred_gbm += clf.predict_proba(X_test)[:, 1] / skf.n_splits
    print("[GBM] fold %d  logloss %.4f  best_it %d" % (
        k, log_loss(y[va], oof_gbm[va]), clf.best_iteration_))
print("[GBM] OOF logloss: %.4f" % log_loss(y, oof_gbm))

# simple blend, weight picked on OOF
best_w, best_ll = 0.0, 9.9
for w in np.linspace(0, 1, 11):
    ll = log_loss(y, w * oof_lr + (1 - w) * oof_gbm)
    if ll < best_ll:
        best_w, best_ll = w, ll
print("blend: w_lr=%.1f  OOF logloss %.4f" % (best_w, best_ll))

lr_full = make_pipeline(SimpleImputer(strategy="median"), StandardScaler(),
                        LogisticRegression(C=0.5, max_iter=1000))
lr_full.fit(X, y)
pred_lr = lr_full.predict_proba(X_test)[:, 1]

sub = pd.DataFrame({"id": test["id"].values,
                    "Status": best_w * pred_lr + (1 - best_w) * pred_gbm})
sub.to_csv("submission/submission.csv", index=False)
print("done.", sub.shape)
