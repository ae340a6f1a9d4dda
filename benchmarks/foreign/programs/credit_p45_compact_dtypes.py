import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"loaded train={train.shape} test={test.shape}")
print("memory before: %.1f KB" % (train.memory_usage(deep=True).sum() / 1024))

CAT_COLS = ["Home", "Marital", "Records", "Job"]
INT_COLS = ["Seniority", "Time", "Age", "Expenses", "Income", "Amount", "Price"]
FLOAT_COLS = ["Assets", "Debt"]


def compact(df):
    df = df.copy()
    for c in CAT_COLS:
        df[c] = df[c].astype("category")
    for c in INT_COLS:
        df[c] = df[c].astype("int32")
    for c in FLOAT_COLS:
        df[c] = df[c].astype("float32")
    return df


def build_ratio_features(df):
    f = pd.DataFrame(index=df.index)
    f["loan_to_price"] = (df["Amount"] / df["Price"]).astype("float32")
    f["monthly_payment"] = (df["Amount"] / df["Time"]).astype("float32")
    f["free_income"] = (df["Income"] - df["Expenses"]).astype("float32")
    f["payment_to_free_income"] = (f["monthly_payment"] / f["free_income"].where(f["free_income"] > 0)).astype("float32")
    f["net_assets"] = (df["Assets"] - df["Debt"]).astype("float32")
    f["seniority_share"] = (df["Seniority"] / (df["Age"] - 15).clip(lower=1)).astype("float32")
    return f


def build_group_features(df, ref):
    """compare applicant against people with the same job / home type (stats from ref)."""
    job = ref.groupby("Job", observed=True).agg(job_income_med=("Income", "median"),
                                                job_amount_med=("Amount", "median")).reset_index()
    home = ref.groupby("Home", observed=True).agg(home_assets_med=("Assets", "median")).reset_index()
    out = df[["Job", "Home"]].reset_index().merge(job, on="Job", how="left").merge(home, on="Home", how="left")
    out = out.set_index("index")
    f = pd.DataFrame(index=df.index)
    f["income_vs_job"] = (df["Income"] / out["job_income_med"]).astype("float32")
    f["amount_vs_job"] = (df["Amount"] / out["job_amount_med"]).astype("float32")
    f["assets_vs_home"] = (df["Assets"] / (out["home_assets_med"] + 1)).astype("float32")
    return f


train_c = compact(train)
test_c = compact(test)
print("memory after: %.1f KB" % (train_c.memory_usage(deep=True).sum() / 1024))

ref = pd.concat([train_c, test_c], ignore_index=True)
X = pd.concat([train_c.drop(columns=["id", "Status"]), build_ratio_features(train_c),
               build_group_features(train_c, ref)], axis=1)
X_test = pd.concat([test_c.drop(columns=["id"]), build_ratio_features(test_c),
                    build_group_features(test_c, ref)], axis=1)
assert len(X) == len(train) and len(X_test) == len(test)
y = train["Status"].values
print("features:", list(X.columns))

oof = np.zeros(len(X))
pred = np.zeros(len(X_test))
cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
for k, (a, b) in enumerate(cv.split(X, y)):
    m = lgb.LGBMClassifier(n_estimators=250, learning_rate=0.03, num_leaves=12, min_child_samples=30,
                           colsample_bytree=0.8, verbose=-1, random_state=k)
    m.fit(X.iloc[a], y[a])
    oof[b] = m.predict_proba(X.iloc[b])[:, 1]
    pred += m.predict_proba(X_test)[:, 1] / 5
    print(f"fold {k} logloss {log_loss(y[b], oof[b]):.4f}")
print(f"CV logloss: {log_loss(y, oof):.4f}")

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "Status": pred}).to_csv("submission/submission.csv", index=False)
print("done")
