"""
Worked example: benign vs malignant tumours (Wisconsin breast cancer data).

Goal for the students: see how cross_val_score with scoring="roc_auc" lets us
compare very different models on equal terms.
"""
import os

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

pd.set_option("display.width", 120)
pd.set_option("display.max_columns", 12)


def section(text):
    """Print a section title (matches the numbered comments below)."""
    print("\n" + "#" * 10 + " " + text + " " + "#" * 10)


def make_models():
    """Return a dict name -> unfitted estimator. The two distance/margin
    based models get a StandardScaler in front because the features live on
    very different scales (area ~ 1000, smoothness ~ 0.1)."""
    return {
        "LogReg": Pipeline([("scaler", StandardScaler()),
                            ("clf", LogisticRegression(C=0.5, max_iter=5000))]),
        "SVC-rbf": Pipeline([("scaler", StandardScaler()),
                             ("clf", SVC(C=2.0, kernel="rbf", probability=True, random_state=1))]),
        "RandomForest": RandomForestClassifier(n_estimators=250, max_features="sqrt",
                                               random_state=1, n_jobs=2),
    }


# 1. Load the data
section("1. Load the data")
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train:", train.shape, "test:", test.shape)
print(train.iloc[:5, :8])

# 2. Inspect
section("2. Inspect")
print("diagnosis counts:")
print(train["diagnosis"].value_counts())
print("share malignant: {:.3f}".format(train["diagnosis"].mean()))
print(train.describe().T[["mean", "std", "min", "max"]].head(10))
print("any missing values?", bool(train.isna().any().any()))

# 3. Split into X / y
section("3. Features and target")
feature_cols = [c for c in train.columns if c not in ("id", "diagnosis")]
X = train[feature_cols].values
y = train["diagnosis"].values
X_test = test[feature_cols].values
print("number of features:", len(feature_cols))
print("X", X.shape, "y", y.shape, "X_test", X_test.shape)

# 4. Compare models (5-fold CV, ROC AUC)
section("4. Compare models")
cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=7)
summary = []
for name, model in make_models().items():
    auc = cross_val_score(model, X, y, cv=cv, scoring="roc_auc")
    summary.append((name, auc.mean(), auc.std()))
    print(f"{name:>12}: AUC per fold {np.round(auc, 4)} -> mean {auc.mean():.4f}")

summary_df = pd.DataFrame(summary, columns=["model", "auc_mean", "auc_std"])
summary_df = summary_df.sort_values("auc_mean", ascending=False).reset_index(drop=True)
print(summary_df)
best_name = summary_df.loc[0, "model"]
print(f"Best model: {best_name}")
print(f"Validation AUC: {summary_df.loc[0, 'auc_mean']:.4f}")

# 5. Fit on all data and predict
section("5. Fit the best model and predict")
best_model = make_models()[best_name]
best_model.fit(X, y)
p_test = best_model.predict_proba(X_test)[:, 1]
print("predicted probabilities: min {:.3f} / mean {:.3f} / max {:.3f}".format(
    p_test.min(), p_test.mean(), p_test.max()))

# 6. Submission
section("6. Submission")
os.makedirs("./submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"], "diagnosis": p_test})
sub.to_csv("./submission/submission.csv", index=False)
print(sub.head())
print("saved", sub.shape)
