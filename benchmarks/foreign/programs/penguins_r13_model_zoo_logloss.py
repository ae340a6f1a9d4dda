import os
import warnings

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import ExtraTreesClassifier, RandomForestClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.neighbors import KNeighborsClassifier
from sklearn.neural_network import MLPClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.svm import SVC
from lightgbm import LGBMClassifier

warnings.filterwarnings("ignore")

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sample = pd.read_csv("input/sample_submission.csv")
print("train:", train.shape, "test:", test.shape)

TARGET = "species"
num_cols = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g", "year"]
cat_cols = ["island", "sex"]

X = train[num_cols + cat_cols]
y = train[TARGET]
X_test = test[num_cols + cat_cols]

preprocess = ColumnTransformer([
    ("num", Pipeline([("imp", SimpleImputer(strategy="median")), ("sc", StandardScaler())]), num_cols),
    ("cat", Pipeline([("imp", SimpleImputer(strategy="most_frequent")),
                      ("ohe", OneHotEncoder(handle_unknown="ignore"))]), cat_cols),
])

candidates = {
    "logreg": LogisticRegression(C=1.0, max_iter=2000),
    "knn_7": KNeighborsClassifier(n_neighbors=7, weights="distance"),
    "svc_rbf": SVC(C=3.0, probability=True, random_state=0),
    "random_forest": RandomForestClassifier(n_estimators=200, random_state=0),
    "extra_trees": ExtraTreesClassifier(n_estimators=200, random_state=0),
    "lightgbm": LGBMClassifier(n_estimators=150, learning_rate=0.05, num_leaves=8,
                               min_child_samples=5, verbose=-1, random_state=0),
    "mlp": MLPClassifier(hidden_layer_sizes=(32,), max_iter=1500, random_state=0),
}

cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=42)
rows = []
for name, model in candidates.items():
    pipe = Pipeline([("prep", preprocess), ("model", model)])
    scores = cross_val_score(pipe, X, y, cv=cv, scoring="neg_log_loss")
    rows.append({"model": name, "logloss": -scores.mean(), "std": scores.std()})
    print(f"  done {name:<14} logloss={-scores.mean():.4f}")

board = pd.DataFrame(rows).sort_values("logloss").reset_index(drop=True)
print("\n=== Leaderboard (5-fold CV, lower is better) ===")
print(board.to_string(index=False, float_format=lambda v: f"{v:.4f}"))

best_name = board.loc[0, "model"]
print(f"\nBest model: {best_name} (cv logloss {board.loc[0, 'logloss']:.4f})")

final = Pipeline([("prep", preprocess), ("model", candidates[best_name])])
final.fit(X, y)
proba = final.predict_proba(X_test)

sub = pd.DataFrame({"id": test["id"]})
for i, cls in enumerate(final.classes_):
    sub[cls] = proba[:, i]
sub = sub[sample.columns]

os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print("wrote submission", sub.shape)
