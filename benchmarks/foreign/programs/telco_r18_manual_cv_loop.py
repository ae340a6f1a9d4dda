import os
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import RandomForestClassifier, HistGradientBoostingClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from lightgbm import LGBMClassifier

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("Shapes:", train.shape, test.shape)
print("Churn rate: {:.2%}".format(train["churn"].mean()))

y = train["churn"].values
X = train.drop(columns=["id", "churn"])
X_test = test.drop(columns=["id"])

cat_cols = X.select_dtypes(include=["object", "string"]).columns.tolist()
num_cols = [c for c in X.columns if c not in cat_cols]
print(f"{len(num_cols)} numeric, {len(cat_cols)} categorical columns")

def make_prep():
    return ColumnTransformer([
        ("num", Pipeline([("imp", SimpleImputer(strategy="median")),
                          ("sc", StandardScaler())]), num_cols),
        ("cat", OneHotEncoder(handle_unknown="ignore", sparse_output=False), cat_cols),
    ])

MODELS = {
    "logistic": lambda: LogisticRegression(C=0.3, max_iter=3000),
    "naive_bayes": lambda: GaussianNB(),
    "knn_25": lambda: KNeighborsClassifier(n_neighbors=25),
    "hist_gb": lambda: HistGradientBoostingClassifier(max_iter=150, learning_rate=0.05, random_state=0),
    "lightgbm": lambda: LGBMClassifier(n_estimators=300, learning_rate=0.03, num_leaves=15,
                                       subsample=0.8, subsample_freq=1, colsample_bytree=0.8,
                                       verbose=-1, random_state=0),
    "random_forest": lambda: RandomForestClassifier(n_estimators=250, max_features="auto",
                                                    min_samples_leaf=5, n_jobs=1, random_state=0),
}

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=2024)
leaderboard = []
for name, factory in MODELS.items():
    fold_auc = []
    for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y)):
        pipe = Pipeline([("prep", make_prep()), ("clf", factory())])
        pipe.fit(X.iloc[tr_idx], y[tr_idx])
        p = pipe.predict_proba(X.iloc[va_idx])[:, 1]
        fold_auc.append(roc_auc_score(y[va_idx], p))
    leaderboard.append((name, np.mean(fold_auc), np.std(fold_auc)))
    print(f"{name:>14}: AUC {np.mean(fold_auc):.4f} (+/- {np.std(fold_auc):.4f})")

lb = pd.DataFrame(leaderboard, columns=["model", "auc_mean", "auc_std"])
lb = lb.sort_values("auc_mean", ascending=False).reset_index(drop=True)
print("\n" + lb.to_string())

best = lb.loc[0, "model"]
print(f"\nRefitting {best} on all {len(X)} rows")
final = Pipeline([("prep", make_prep()), ("clf", MODELS[best]())])
final.fit(X, y)
test_proba = final.predict_proba(X_test)[:, 1]

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "churn": test_proba}).to_csv("submission/submission.csv", index=False)
print("Submission written; mean predicted churn {:.3f}".format(test_proba.mean()))
