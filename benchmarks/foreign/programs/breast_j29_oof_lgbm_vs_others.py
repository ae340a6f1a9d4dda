"""
Worked example: out-of-fold (OOF) predictions.

Instead of averaging fold scores we collect the prediction for every training
row from the model that did NOT see it, and compute one AUC on all of them.
The test predictions of the best model are averaged over the folds.
"""
import os

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.base import clone
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

K = 5
SEED = 17


def oof_predictions(model, X, y, X_test, k=K, seed=SEED):
    """Run stratified k-fold and return (oof, test_mean).

    oof[i]     = predicted probability for training row i from the fold
                 model that did not train on row i
    test_mean  = average of the k fold models' predictions on X_test
    """
    skf = StratifiedKFold(n_splits=k, shuffle=True, random_state=seed)
    oof = np.zeros(len(y))
    test_mean = np.zeros(len(X_test))
    for tr_idx, va_idx in skf.split(X, y):
        m = clone(model)
        m.fit(X.iloc[tr_idx], y[tr_idx])
        oof[va_idx] = m.predict_proba(X.iloc[va_idx])[:, 1]
        test_mean += m.predict_proba(X_test)[:, 1] / k
    return oof, test_mean


def add_ratio_features(df):
    """Two hand-made features that students often suggest: how much larger
    the 'worst' radius is than the mean radius, and area relative to
    perimeter squared (a roundness measure)."""
    df = df.copy()
    df["radius_ratio"] = df["worst_radius"] / df["mean_radius"]
    df["roundness"] = df["mean_area"] / (df["mean_perimeter"] ** 2)
    return df


# 1. Load the data
print("== 1. Load the data ==")
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train", train.shape, "| test", test.shape)
print(train.head())

# 2. Class balance
print("\n== 2. Class balance ==")
print(train["diagnosis"].value_counts().rename({0: "benign (0)", 1: "malignant (1)"}))

# 3. Features
print("\n== 3. Features ==")
train = add_ratio_features(train)
test = add_ratio_features(test)
feature_cols = [c for c in train.columns if c not in ["id", "diagnosis"]]
X = train[feature_cols]
y = train["diagnosis"].to_numpy()
X_test = test[feature_cols]
print("number of features:", len(feature_cols))
print(X[["radius_ratio", "roundness"]].describe())

# 4. OOF comparison of three models
print("\n== 4. OOF comparison ==")
models = {
    "lightgbm": lgb.LGBMClassifier(n_estimators=300, learning_rate=0.03, num_leaves=15,
                                   min_child_samples=10, colsample_bytree=0.7,
                                   random_state=SEED, n_jobs=2, verbose=-1),
    "extra_trees": ExtraTreesClassifier(n_estimators=300, random_state=SEED, n_jobs=2),
    "logreg": make_pipeline(StandardScaler(), LogisticRegression(C=0.3, max_iter=5000)),
}
oof_auc = {}
test_preds = {}
for name, model in models.items():
    oof, test_pred = oof_predictions(model, X, y, X_test)
    oof_auc[name] = roc_auc_score(y, oof)
    test_preds[name] = test_pred
    print(f"{name:<12} OOF AUC = {oof_auc[name]:.4f}")

best = max(oof_auc, key=oof_auc.get)
print("\nbest model:", best)
print(f"Validation AUC: {oof_auc[best]:.4f}")

# 5. Submission (fold-averaged predictions of the best model)
print("\n== 5. Submission ==")
os.makedirs("./submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"], "diagnosis": test_preds[best]})
sub.to_csv("./submission/submission.csv", index=False)
print(sub.describe())
