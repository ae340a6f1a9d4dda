import os
import warnings

import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.metrics import log_loss, roc_auc_score
from sklearn.model_selection import train_test_split

warnings.filterwarnings("ignore")
np.random.seed(0)

INPUT = "./input"
train = pd.read_csv(os.path.join(INPUT, "train.csv"))
test = pd.read_csv(os.path.join(INPUT, "test.csv"))

cat_cols = ["Home", "Marital", "Records", "Job"]
full = pd.concat([train.drop(columns="Status"), test], axis=0, ignore_index=True)

# frequency encoding + integer codes for categoricals
for col in cat_cols:
    freq = full[col].value_counts(normalize=True)
    full[f"{col}_freq"] = full[col].map(freq).fillna(0.0)
    full[col] = full[col].fillna("missing").astype("category")

# ratios
full["lti"] = full["Amount"] / (full["Income"] * full["Time"] / 12 + 1)
full["ltv"] = full["Amount"] / full["Price"]
full["debt_ratio"] = full["Debt"] / (full["Assets"] + 1)
full["exp_income"] = full["Expenses"] / (full["Income"] + 1)
full["seniority_frac"] = full["Seniority"] / (full["Age"] - 17)

n_train = len(train)
X = full.iloc[:n_train].drop(columns="id").reset_index(drop=True)
X_test = full.iloc[n_train:].drop(columns="id").reset_index(drop=True)
y = train["Status"].values

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, random_state=0, stratify=y)

clf = LGBMClassifier(
    n_estimators=3000,
    learning_rate=0.02,
    num_leaves=20,
    min_child_samples=25,
    subsample=0.8,
    subsample_freq=1,
    colsample_bytree=0.7,
    reg_lambda=2.0,
    random_state=0,
    n_jobs=1,
    verbose=-1,
)
clf.fit(
    X_tr, y_tr,
    eval_set=[(X_va, y_va)],
    eval_metric="binary_logloss",
    early_stopping_rounds=150,
    categorical_feature=cat_cols,
)

va_pred = clf.predict_proba(X_va)[:, 1]
print(f"best iteration: {clf.best_iteration_}")
print(f"Validation AUC: {roc_auc_score(y_va, va_pred):.4f}")
print(f"Validation logloss: {log_loss(y_va, va_pred):.4f}")

# refit on all data with the tuned number of trees
final = LGBMClassifier(**{**clf.get_params(), "n_estimators": int(clf.best_iteration_ * 1.1)})
final.fit(X, y, categorical_feature=cat_cols)
pred = final.predict_proba(X_test)[:, 1]

pd.DataFrame({"id": test["id"], "Status": pred}).to_csv("./submission/submission.csv", index=False)
print("done")
