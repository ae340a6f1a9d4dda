# Telco churn - logistic regression with hand-made recodes
# holdout 25%, compare a few C values and LightGBM

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import train_test_split
from sklearn.metrics import roc_auc_score
import lightgbm as lgb

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(train.shape, test.shape)
print("churn rate %.3f" % train["churn"].mean())

n_train = train.shape[0]
y = train["churn"].values
full = pd.concat([train.drop("churn", axis=1), test], axis=0).reset_index(drop=True)

print("\ncontract x churn")
print(pd.crosstab(train["contract"], train["churn"], margins=True))
print("\ninternet x churn (row %)")
print(pd.crosstab(train["internet_service"], train["churn"], normalize="index").round(3))

# ---- recodes ----
addons = ["online_security", "online_backup", "device_protection", "tech_support",
          "streaming_tv", "streaming_movies"]
for c in addons:
    full[c] = np.where(full[c] == "Yes", 1, 0)     # "No internet service" counts as no
full["multiple_lines"] = np.where(full["multiple_lines"] == "Yes", 1, 0)
full["n_addons"] = full[addons].sum(axis=1)

full["fiber"] = (full["internet_service"] == "Fiber optic").astype(int)
full["no_internet"] = (full["internet_service"] == "No").astype(int)
full["contract_len"] = full["contract"].map({"Month-to-month": 0, "One year": 1, "Two year": 2})
full["e_check"] = (full["payment_method"] == "Electronic check").astype(int)
full["auto_pay"] = full["payment_method"].str.contains("automatic").astype(int)

full["tenure_band"] = pd.cut(full["tenure"], bins=[-1, 6, 12, 24, 48, 72],
                             labels=["0-6", "7-12", "13-24", "25-48", "49-72"])
full = pd.get_dummies(full, columns=["tenure_band"], drop_first=True, dtype=int)

full["log_total"] = np.log1p(full["total_charges"])
full["avg_charge"] = np.where(full["tenure"] > 0, full["total_charges"] / full["tenure"],
                              full["monthly_charges"])
full["charge_diff"] = full["monthly_charges"] - full["avg_charge"]
full["fiber_x_m2m"] = full["fiber"] * (full["contract_len"] == 0)

drop = ["id", "internet_service", "contract", "payment_method", "total_charges"]
X_all = full.drop(columns=drop)
print("\nfeature matrix", X_all.shape)
print(X_all.describe().T[["mean", "min", "max"]].round(2).head(12))

X = X_all.iloc[:n_train].values
X_test = X_all.iloc[n_train:].values

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.25, stratify=y, random_state=7)
sc = StandardScaler()
X_tr_s = sc.fit_transform(X_tr)
X_va_s = sc.transform(X_va)

rows = []
for C in [0.01, 0.1, 1.0, 10.0]:
    lr = LogisticRegression(C=C, max_iter=1000)
    lr.fit(X_tr_s, y_tr)
    auc = roc_auc_score(y_va, lr.predict_proba(X_va_s)[:, 1])
    rows.append(("logit C=%g" % C, auc))
    print("logit C=%-5g  holdout AUC %.4f" % (C, auc))

gbm = lgb.LGBMClassifier(n_estimators=250, learning_rate=0.03, num_leaves=15,
                         min_child_samples=40, random_state=7, verbose=-1, n_jobs=2)
gbm.fit(X_tr, y_tr)
rows.append(("lightgbm", roc_auc_score(y_va, gbm.predict_proba(X_va)[:, 1])))

res = pd.DataFrame(rows, columns=["model", "holdout_auc"]).sort_values("holdout_auc", ascending=False)
print(res.to_string(index=False))

# final: best logistic on everything
best_C = float(res[res.model.str.startswith("logit")].iloc[0]["model"].split("=")[1])
sc = StandardScaler().fit(X)
final = LogisticRegression(C=best_C, max_iter=1000).fit(sc.transform(X), y)
coefs = pd.Series(final.coef_[0], index=X_all.columns).sort_values()
print("\ncoefficients (standardised):")
print(coefs.round(3))

pred = final.predict_proba(sc.transform(X_test))[:, 1]
sub = pd.DataFrame({"id": test["id"], "churn": pred})
sub.to_csv("submission/submission.csv", index=False)
print("written", sub.shape)
