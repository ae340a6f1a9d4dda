# Health insurance survey -- 3 binary labels (health, limit, insurance), columnwise AUC.
# Plan: one-hot categoricals, one RandomForestClassifier fitted on the 3-column target at
# once (sklearn forests support multi-output natively), 80/20 holdout for AUC per label.
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split

LABELS = ["health", "limit", "insurance"]
CATS = ["gender", "married", "selfemp", "region", "ethnicity", "education"]

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")

full = pd.concat([train.drop(columns=LABELS), test], ignore_index=True)
full = pd.get_dummies(full, columns=CATS, dtype=np.uint8)
full["age_sq"] = full["age"] ** 2
feat_cols = [c for c in full.columns if c != "id"]
X = full.iloc[: len(train)][feat_cols].values
X_test = full.iloc[len(train):][feat_cols].values
Y = train[LABELS].values
print("X:", X.shape, "Y:", Y.shape, "label means:", Y.mean(axis=0).round(3))

X_tr, X_va, Y_tr, Y_va = train_test_split(X, Y, test_size=0.2, random_state=17)

rf = RandomForestClassifier(n_estimators=300, min_samples_leaf=15, max_features=0.4,
                            n_jobs=2, random_state=17)
rf.fit(X_tr, Y_tr)
val_proba = rf.predict_proba(X_va)

aucs = []
for j, label in enumerate(LABELS):
    auc = roc_auc_score(Y_va[:, j], val_proba[:, j])
    aucs.append(auc)
    print(f"{label:10s} AUC = {auc:.4f}")
mean_auc = float(np.mean(aucs))
print(f"Mean columnwise AUC: {mean_auc:.4f}")

rf.fit(X, Y)
test_proba = rf.predict_proba(X_test)
sub = pd.DataFrame({"id": test["id"].values})
for j, label in enumerate(LABELS):
    sub[label] = test_proba[:, j]
sub.to_csv("submission/submission.csv", index=False)
print(f"Final validation auc_columnwise: {mean_auc:.4f}")
