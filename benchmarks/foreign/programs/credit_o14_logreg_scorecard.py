import os
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.metrics import log_loss, roc_auc_score

RANDOM_STATE = 0

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("Train:", train.shape, "Test:", test.shape)

print("\nMissing values in train:")
na = train.isnull().sum()
print(na[na > 0])

y = train["Status"]
full = pd.concat([train.drop(columns=["Status"]), test], axis=0, ignore_index=True)
n_train = len(train)

# impute numeric gaps with the median
for col in ["Income", "Assets", "Debt"]:
    full[col].fillna(full[col].median(), inplace=True)

# ratios that credit people like
full["loan_to_price"] = full["Amount"] / full["Price"]
full["exp_to_income"] = full["Expenses"] / (full["Income"] + 1)
full["log_assets"] = np.log1p(full["Assets"])
full["log_debt"] = np.log1p(full["Debt"])
full["monthly_payment"] = full["Amount"] / full["Time"]

cat_cols = ["Home", "Marital", "Records", "Job"]
for col in cat_cols:
    full[col] = full[col].fillna("unknown")
full = pd.get_dummies(full, columns=cat_cols, drop_first=True)

feats = [c for c in full.columns if c != "id"]
print(f"\n{len(feats)} features after encoding")

X = full.loc[: n_train - 1, feats]
X_test = full.loc[n_train:, feats]

scaler = StandardScaler()
X_sc = scaler.fit_transform(X)
X_test_sc = scaler.transform(X_test)

clf = LogisticRegression(C=0.5, max_iter=2000)
cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=RANDOM_STATE)
oof = cross_val_predict(clf, X_sc, y, cv=cv, method="predict_proba")[:, 1]

print(f"CV logloss: {log_loss(y, oof):.4f}")
print(f"CV AUC:     {roc_auc_score(y, oof):.4f}")

clf.fit(X_sc, y)
coefs = pd.Series(clf.coef_[0], index=feats).sort_values()
print("\nMost negative / positive coefficients:")
print(coefs.head(5))
print(coefs.tail(5))

pred = clf.predict_proba(X_test_sc)[:, 1]
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"].values, "Status": pred}).to_csv(
    "submission/submission.csv", index=False
)
print("Saved submission", pred.shape)
