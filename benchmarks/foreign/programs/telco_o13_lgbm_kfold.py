import os
import warnings

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

warnings.filterwarnings("ignore")

SEED = 42
N_FOLDS = 5
TARGET = "churn"

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"train {train.shape}  test {test.shape}")
print(f"churn rate: {train[TARGET].mean():.4f}")

cat_cols = [c for c in train.columns if train[c].dtype == "object"]
print("categoricals:", cat_cols)

for c in cat_cols:
    cats = sorted(set(train[c].dropna()) | set(test[c].dropna()))
    train[c] = pd.Categorical(train[c], categories=cats)
    test[c] = pd.Categorical(test[c], categories=cats)

# a couple of simple extra features
for df in (train, test):
    df["avg_charge"] = df["total_charges"] / df["tenure"].clip(lower=1)
    df["charge_diff"] = df["monthly_charges"] - df["avg_charge"]

features = [c for c in train.columns if c not in ("id", TARGET)]
X = train[features]
y = train[TARGET].values
X_test = test[features]

params = dict(
    n_estimators=400,
    learning_rate=0.03,
    num_leaves=15,
    min_child_samples=30,
    subsample=0.8,
    subsample_freq=1,
    colsample_bytree=0.7,
    reg_lambda=1.0,
    random_state=SEED,
    verbose=-1,
)

oof = np.zeros(len(train))
test_pred = np.zeros(len(test))
skf = StratifiedKFold(n_splits=N_FOLDS, shuffle=True, random_state=SEED)

for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y), 1):
    model = lgb.LGBMClassifier(**params)
    model.fit(X.iloc[tr_idx], y[tr_idx])
    oof[va_idx] = model.predict_proba(X.iloc[va_idx])[:, 1]
    test_pred += model.predict_proba(X_test)[:, 1] / N_FOLDS
    print(f"fold {fold}: AUC = {roc_auc_score(y[va_idx], oof[va_idx]):.5f}")

print("-" * 30)
print(f"OOF AUC = {roc_auc_score(y, oof):.5f}")

imp = pd.Series(model.feature_importances_, index=features).sort_values(ascending=False)
print("\ntop features (last fold):")
print(imp.head(8).to_string())

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"], TARGET: test_pred})
sub.to_csv("submission/submission.csv", index=False)
print(f"\nwrote {len(sub)} rows, mean pred {sub[TARGET].mean():.4f}")
