# Credit risk - bad loan probability
# hand-built features, logistic regression vs RF vs LightGBM, 5-fold CV on log loss

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import RandomForestClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss, roc_auc_score
import lightgbm as lgb

pd.set_option("display.width", 140)

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train:", train.shape, "  test:", test.shape)
print(train.describe().T[["mean", "std", "min", "50%", "max"]].round(2))
print("\nStatus rate:", round(train["Status"].mean(), 4))

# ---- stack train and test so the recodes are identical ----
train["is_train"] = 1
test["is_train"] = 0
ntrain = len(train)
full = pd.concat([train, test], axis=0, ignore_index=True)

print("\nmissing counts (combined):")
print(full.isnull().sum()[full.isnull().sum() > 0])

for c in ["Home", "Marital", "Job"]:
    full[c] = full[c].fillna(full[c].mode()[0])
full["Records"] = np.where(full["Records"] == "yes", 1, 0)

print("\nbad rate by job:")
print(pd.crosstab(full.loc[full.is_train == 1, "Job"], full.loc[full.is_train == 1, "Status"],
                  normalize="index").round(3))

# income missing ~9%: fill with the median of the same job type
full["Income"] = full["Income"].fillna(full.groupby("Job")["Income"].transform("median"))
full["Assets"] = full["Assets"].fillna(0)
full["Debt"] = full["Debt"].fillna(0)

# clip the long tails at 1% / 99%
for c in ["Income", "Assets", "Debt", "Amount", "Price", "Expenses"]:
    lo, hi = full[c].quantile([0.01, 0.99])
    full[c] = full[c].clip(lo, hi)

full["log_income"] = np.log1p(full["Income"])
full["log_assets"] = np.log1p(full["Assets"])
full["log_debt"] = np.log1p(full["Debt"])
full["loan_to_value"] = full["Amount"] / full["Price"]
full["instalment"] = full["Amount"] / full["Time"]
full["burden"] = full["instalment"] / full["Income"]
full["free_income"] = full["Income"] - full["Expenses"]
full["no_assets"] = (full["Assets"] == 0).astype(int)

full["age_band"] = pd.cut(full["Age"], bins=[17, 25, 35, 45, 55, 70],
                          labels=["18-25", "26-35", "36-45", "46-55", "56+"])
full["sen_band"] = pd.cut(full["Seniority"], bins=[-1, 0, 2, 5, 10, 50],
                          labels=["none", "1-2", "3-5", "6-10", "10+"])

full = pd.get_dummies(full, columns=["Home", "Marital", "Job", "age_band", "sen_band"],
                      drop_first=True, dtype=float)

tr = full[full.is_train == 1].copy()
te = full[full.is_train == 0].copy()

corr = tr.drop(columns=["id", "is_train"]).corr()["Status"].drop("Status").sort_values()
print("\ncorrelation with Status (top/bottom 6):")
print(pd.concat([corr.head(6), corr.tail(6)]).round(3))

drop_cols = ["id", "Status", "is_train", "Income", "Assets", "Debt"]
features = [c for c in tr.columns if c not in drop_cols]
X = tr[features].values
y = tr["Status"].astype(int).values
X_test = te[features].values
print("\nn features:", len(features))


def make_model(name):
    if name == "logit":
        return LogisticRegression(C=0.5, max_iter=2000)
    if name == "rf":
        return RandomForestClassifier(n_estimators=150, min_samples_leaf=5, n_jobs=2, random_state=1)
    return lgb.LGBMClassifier(n_estimators=300, learning_rate=0.03, num_leaves=15,
                              min_child_samples=30, subsample=0.8, subsample_freq=1,
                              colsample_bytree=0.8, random_state=1, verbose=-1, n_jobs=2)


skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=42)
results = {}
for name in ["logit", "rf", "lgbm"]:
    oof = np.zeros(len(y))
    for trn_idx, val_idx in skf.split(X, y):
        m = make_model(name)
        Xa, Xb = X[trn_idx], X[val_idx]
        if name == "logit":
            sc = StandardScaler().fit(Xa)
            Xa, Xb = sc.transform(Xa), sc.transform(Xb)
        m.fit(Xa, y[trn_idx])
        oof[val_idx] = m.predict_proba(Xb)[:, 1]
    results[name] = (log_loss(y, oof), roc_auc_score(y, oof))

table = pd.DataFrame(results, index=["logloss", "auc"]).T.sort_values("logloss")
print("\n5-fold CV comparison")
print(table.round(4))

best = table.index[0]
print("\nusing:", best)
m = make_model(best)
if best == "logit":
    sc = StandardScaler().fit(X)
    m.fit(sc.transform(X), y)
    p = m.predict_proba(sc.transform(X_test))[:, 1]
else:
    m.fit(X, y)
    p = m.predict_proba(X_test)[:, 1]

sub = pd.DataFrame({"id": te["id"].astype(int).values, "Status": p})
sub.to_csv("submission/submission.csv", index=False)
print(sub.describe().round(3))
