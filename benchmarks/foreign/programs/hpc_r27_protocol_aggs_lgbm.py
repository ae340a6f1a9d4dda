import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import f1_score, accuracy_score

SEED = 2024
N_FOLDS = 5

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("shapes:", train.shape, test.shape)
print(train["class"].value_counts().to_dict())

classes = sorted(train["class"].unique())
cls2id = {c: i for i, c in enumerate(classes)}
y = train["class"].map(cls2id).values

full = pd.concat([train.drop(columns="class"), test], ignore_index=True)
n_tr = len(train)

# --- numeric transforms ---
num_cols = ["compounds", "input_fields", "iterations", "num_pending"]
for c in num_cols:
    full["log_" + c] = np.log1p(full[c])
full["work"] = full["compounds"] * full["iterations"]
full["log_work"] = np.log1p(full["work"])
full["fields_per_compound"] = full["input_fields"] / full["compounds"]
full["work_x_fields"] = np.log1p(full["work"] * full["input_fields"])
full["pending_per_work"] = full["num_pending"] / (full["work"] + 1)
full["hour_sin"] = np.sin(2 * np.pi * full["hour"] / 24)
full["hour_cos"] = np.cos(2 * np.pi * full["hour"] / 24)
full["hour_bin"] = (full["hour"] // 3).astype(int)
day_order = {"Mon": 0, "Tue": 1, "Wed": 2, "Thu": 3, "Fri": 4, "Sat": 5, "Sun": 6}
full["day_num"] = full["day"].map(day_order)
full["weekend"] = (full["day_num"] >= 5).astype(int)
full["pending_zero"] = (full["num_pending"] == 0).astype(int)

# --- groupby aggregates by protocol (train+test, no target) ---
for c in ["log_compounds", "log_input_fields", "log_work"]:
    g = full.groupby("protocol")[c]
    full[f"{c}_proto_mean"] = g.transform("mean")
    full[f"{c}_proto_diff"] = full[c] - full[f"{c}_proto_mean"]
    full[f"{c}_proto_rank"] = g.rank(pct=True)
full["proto_count"] = full.groupby("protocol")["id"].transform("count")
full["proto_day_count"] = full.groupby(["protocol", "day"])["id"].transform("count")
print("nulls after FE:", int(full.isnull().sum().sum()), "| shape:", full.shape)

full["protocol"] = full["protocol"].astype("category")
full = full.drop(columns=["day"])

drop_pat = ("id",)
features = [c for c in full.columns if c not in drop_pat]
X = full.iloc[:n_tr].reset_index(drop=True)
X_te = full.iloc[n_tr:].reset_index(drop=True)
print(f"using {len(features)} features")

params = dict(objective="multiclass", num_class=len(classes), n_estimators=200,
              learning_rate=0.07, num_leaves=15, min_child_samples=10,
              colsample_bytree=0.7, subsample=0.85, subsample_freq=1,
              class_weight="balanced", random_state=SEED, verbose=-1, n_jobs=2)

oof = np.zeros((n_tr, len(classes)))
test_proba = np.zeros((len(X_te), len(classes)))
skf = StratifiedKFold(N_FOLDS, shuffle=True, random_state=SEED)
for k, (a, b) in enumerate(skf.split(X, y), 1):
    clf = lgb.LGBMClassifier(**params)
    clf.fit(X.loc[a, features], y[a])
    oof[b] = clf.predict_proba(X.loc[b, features])
    test_proba += clf.predict_proba(X_te[features]) / N_FOLDS
    pf = oof[b].argmax(1)
    print(f"fold {k}  f1_macro={f1_score(y[b], pf, average='macro'):.4f}  acc={accuracy_score(y[b], pf):.4f}")

oof_lab = oof.argmax(1)
print("-" * 40)
print(f"OOF f1_macro: {f1_score(y, oof_lab, average='macro'):.4f}")
print("per-class f1:", dict(zip(classes, f1_score(y, oof_lab, average=None).round(3))))

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"], "class": [classes[i] for i in test_proba.argmax(1)]})
sub.to_csv("submission/submission.csv", index=False)
print(sub["class"].value_counts().to_dict())
