import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

SEED = 42
N_FOLDS = 5
TARGET = "churn"

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train", train.shape, "test", test.shape)
print(train.isnull().sum()[train.isnull().sum() > 0])

# ---- feature engineering on the concatenated frame ----
n_train = len(train)
full = pd.concat([train.drop(columns=[TARGET]), test], axis=0, ignore_index=True)

full["total_charges"] = full["total_charges"].fillna(full["monthly_charges"] * full["tenure"])
full["avg_charge"] = full["total_charges"] / full["tenure"].clip(lower=1)
full["charge_diff"] = full["monthly_charges"] - full["avg_charge"]
full["charge_ratio"] = full["monthly_charges"] / (full["avg_charge"] + 1e-3)
full["log_total"] = np.log1p(full["total_charges"])
full["tenure_bin"] = pd.cut(full["tenure"], bins=[-1, 6, 12, 24, 48, 60, 100], labels=False)

service_cols = ["online_security", "online_backup", "device_protection",
                "tech_support", "streaming_tv", "streaming_movies"]
full["n_services"] = (full[service_cols] == "Yes").sum(axis=1)
full["n_protect"] = (full[["online_security", "online_backup", "device_protection", "tech_support"]] == "Yes").sum(axis=1)
full["has_internet"] = (full["internet_service"] != "No").astype(int)
full["fiber_mtm"] = ((full["internet_service"] == "Fiber optic") & (full["contract"] == "Month-to-month")).astype(int)
full["auto_pay"] = full["payment_method"].str.contains("automatic").astype(int)
full["charge_per_service"] = full["monthly_charges"] / (full["n_services"] + 1)

# groupby aggregates merged back
grp = full.groupby(["contract", "internet_service"])["monthly_charges"].agg(["mean", "std"]).reset_index()
grp.columns = ["contract", "internet_service", "grp_charge_mean", "grp_charge_std"]
before = full.shape
full = full.merge(grp, on=["contract", "internet_service"], how="left")
print("merge:", before, "->", full.shape)
full["charge_vs_grp"] = (full["monthly_charges"] - full["grp_charge_mean"]) / full["grp_charge_std"]

# frequency encoding
cat_cols = [c for c in full.columns if full[c].dtype == object or str(full[c].dtype) in ("str", "string")]
for c in cat_cols:
    full[c + "_freq"] = full[c].map(full[c].value_counts(normalize=True))
    full[c] = full[c].astype("category")

print("cat cols:", cat_cols)
print("full shape after FE:", full.shape)

X = full.iloc[:n_train].reset_index(drop=True)
X_test = full.iloc[n_train:].reset_index(drop=True)
y = train[TARGET].values

features = [c for c in X.columns if c != "id"]
print(f"{len(features)} features")

params = dict(n_estimators=2000, learning_rate=0.03, num_leaves=15, min_child_samples=40,
              subsample=0.8, subsample_freq=1, colsample_bytree=0.6, reg_lambda=2.0,
              random_state=SEED, n_jobs=2, verbose=-1)

skf = StratifiedKFold(n_splits=N_FOLDS, shuffle=True, random_state=SEED)
oof = np.zeros(len(X))
test_pred = np.zeros(len(X_test))
best_iters = []
for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y)):
    model = lgb.LGBMClassifier(**params)
    model.fit(X.loc[tr_idx, features], y[tr_idx],
              eval_set=[(X.loc[va_idx, features], y[va_idx])],
              eval_metric="auc",
              callbacks=[lgb.early_stopping(100, verbose=False)])
    oof[va_idx] = model.predict_proba(X.loc[va_idx, features])[:, 1]
    test_pred += model.predict_proba(X_test[features])[:, 1] / N_FOLDS
    best_iters.append(model.best_iteration_)
    print(f"fold {fold}: auc={roc_auc_score(y[va_idx], oof[va_idx]):.5f} best_iter={model.best_iteration_}")

print(f"OOF AUC: {roc_auc_score(y, oof):.5f}  (mean best iter {np.mean(best_iters):.0f})")

imp = pd.Series(model.feature_importances_, index=features).sort_values(ascending=False)
print(imp.head(10).to_string())

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"], TARGET: test_pred})
sub.to_csv("submission/submission.csv", index=False)
print(sub.shape, sub[TARGET].describe().round(4).to_dict())
