import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
TARGET = "churn"
print("train", train.shape, "test", test.shape, "churn rate %.3f" % train[TARGET].mean())

SERVICE_COLS = ["online_security", "online_backup", "device_protection", "tech_support",
                "streaming_tv", "streaming_movies"]
CONTRACT_MONTHS = {"Month-to-month": 1, "One year": 12, "Two year": 24}
AUTO_PAY = {"Bank transfer (automatic)": 1, "Credit card (automatic)": 1,
            "Electronic check": 0, "Mailed check": 0}


def build_customer_features(df):
    f = pd.DataFrame({"id": df["id"]})
    f["tenure"] = df["tenure"].astype("int16")
    f["monthly_charges"] = df["monthly_charges"].astype("float32")
    f["total_charges"] = df["total_charges"].fillna(0).astype("float32")
    f["avg_charge_hist"] = (f["total_charges"] / df["tenure"].clip(lower=1)).astype("float32")
    f["charge_drift"] = (f["monthly_charges"] - f["avg_charge_hist"]).astype("float32")
    f["is_new"] = (df["tenure"] <= 6).astype("int8")
    for c in ["female", "senior_citizen", "partner", "dependents", "phone_service", "paperless_billing"]:
        f[c] = df[c].astype("int8")
    return f


def build_service_features(df):
    f = pd.DataFrame({"id": df["id"]})
    yes = (df[SERVICE_COLS] == "Yes")
    f["n_addons"] = yes.sum(axis=1).astype("int8")
    f["has_internet"] = (df["internet_service"] != "No").astype("int8")
    f["fiber"] = (df["internet_service"] == "Fiber optic").astype("int8")
    f["multi_lines"] = (df["multiple_lines"] == "Yes").astype("int8")
    f["streaming_any"] = (yes["streaming_tv"] | yes["streaming_movies"]).astype("int8")
    f["support_any"] = (yes["tech_support"] | yes["online_security"]).astype("int8")
    return f


def build_billing_features(df):
    f = pd.DataFrame({"id": df["id"]})
    f["contract_months"] = df["contract"].map(CONTRACT_MONTHS).astype("int8")
    f["auto_pay"] = df["payment_method"].map(AUTO_PAY).astype("int8")
    f["payment_method"] = df["payment_method"].astype("category")
    f["contract"] = df["contract"].astype("category")
    f["internet_service"] = df["internet_service"].astype("category")
    # how expensive is this customer relative to others on the same contract + internet type
    grp = df.groupby(["contract", "internet_service"])["monthly_charges"]
    f["charge_vs_peer"] = (df["monthly_charges"] / grp.transform("median")).astype("float32")
    f["charge_rank_peer"] = grp.rank(pct=True).astype("float32")
    return f


def assemble(df):
    parts = [build_customer_features(df), build_service_features(df), build_billing_features(df)]
    out = parts[0]
    for p in parts[1:]:
        out = out.merge(p, on="id", how="inner", validate="one_to_one")
    assert len(out) == len(df), "lost rows in assemble"
    return out


# build on train+test together so the peer groups use all customers (no target involved)
both = pd.concat([train.drop(columns=[TARGET]), test], ignore_index=True)
feat = assemble(both)
# categories must match between train and test -> building on both handles that
X_all = feat.set_index("id")
X = X_all.loc[train["id"]]
X_test = X_all.loc[test["id"]]
y = train[TARGET].values
print("feature table:", X.shape, "memory %.1f KB" % (X.memory_usage(deep=True).sum() / 1024))

params = dict(n_estimators=300, learning_rate=0.03, num_leaves=15, min_child_samples=40,
              subsample=0.8, subsample_freq=1, colsample_bytree=0.7, reg_lambda=1.0, verbose=-1)
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=42)
oof = np.zeros(len(X))
test_pred = np.zeros(len(X_test))
for fold, (a, b) in enumerate(skf.split(X, y)):
    clf = lgb.LGBMClassifier(**params, random_state=fold)
    clf.fit(X.iloc[a], y[a])
    oof[b] = clf.predict_proba(X.iloc[b])[:, 1]
    test_pred += clf.predict_proba(X_test)[:, 1] / skf.n_splits
    print(f"  fold {fold + 1}  auc={roc_auc_score(y[b], oof[b]):.4f}")
print(f"OOF AUC: {roc_auc_score(y, oof):.4f}")

sub = pd.DataFrame({"id": test["id"], "churn": test_pred})
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
