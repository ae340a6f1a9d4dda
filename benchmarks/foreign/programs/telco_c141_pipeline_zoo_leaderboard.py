"""Model zoo for telco churn: loop over candidate pipelines, rank by CV AUC, refit the winner."""
import os
import time
import warnings

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import ExtraTreesClassifier, HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

warnings.filterwarnings("ignore")
SEED = 42
np.random.seed(SEED)

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
TARGET = "churn"

y = train[TARGET].values
X = train.drop(columns=["id", TARGET])
X_test = test.drop(columns=["id"])

cat_cols = [c for c in X.columns if X[c].dtype == object or str(X[c].dtype).startswith("str")]
num_cols = [c for c in X.columns if c not in cat_cols]
print(f"{len(num_cols)} numeric, {len(cat_cols)} categorical features")


def make_preprocessor(scale=True):
    num_steps = [("impute", SimpleImputer(strategy="median"))]
    if scale:
        num_steps.append(("scale", StandardScaler()))
    return ColumnTransformer([
        ("num", Pipeline(num_steps), num_cols),
        ("cat", OneHotEncoder(handle_unknown="ignore", sparse_output=False), cat_cols),
    ])


candidates = {
    "logreg_C1": (LogisticRegression(C=1.0, max_iter=2000), True),
    "logreg_C0.1": (LogisticRegression(C=0.1, max_iter=2000), True),
    "knn_25": (KNeighborsClassifier(n_neighbors=25), True),
    "gnb": (GaussianNB(), True),
    "rf_300": (RandomForestClassifier(n_estimators=300, min_samples_leaf=5, n_jobs=1, random_state=SEED), False),
    "extra_trees": (ExtraTreesClassifier(n_estimators=300, min_samples_leaf=5, n_jobs=1, random_state=SEED), False),
    "hgb": (HistGradientBoostingClassifier(learning_rate=0.05, max_iter=200, max_leaf_nodes=15, random_state=SEED), False),
}

cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
leaderboard = []
for name, (est, scale) in candidates.items():
    t0 = time.time()
    pipe = Pipeline([("prep", make_preprocessor(scale)), ("model", est)])
    scores = cross_val_score(pipe, X, y, cv=cv, scoring="roc_auc", n_jobs=1)
    leaderboard.append({"model": name, "auc_mean": scores.mean(), "auc_std": scores.std(), "secs": time.time() - t0})
    print(f"[{name:>12}] AUC {scores.mean():.4f} +/- {scores.std():.4f}  ({time.time() - t0:.1f}s)")

lb = pd.DataFrame(leaderboard).sort_values("auc_mean", ascending=False).reset_index(drop=True)
print("\n===== LEADERBOARD =====")
print(lb.to_string(index=False, float_format="%.4f"))

best_name = lb.loc[0, "model"]
best_est, best_scale = candidates[best_name]
print(f"\nBest model: {best_name}  (CV AUC {lb.loc[0, 'auc_mean']:.4f})")

final = Pipeline([("prep", make_preprocessor(best_scale)), ("model", best_est)])
final.fit(X, y)
pred = final.predict_proba(X_test)[:, 1]

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"], "churn": pred})
sub.to_csv("submission/submission.csv", index=False)
print(f"Validation AUC: {lb.loc[0, 'auc_mean']:.4f}")
print("wrote submission/submission.csv", sub.shape)
