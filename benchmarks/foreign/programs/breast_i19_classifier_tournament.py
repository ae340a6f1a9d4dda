"""breast-cancer: tournament of classifiers, each tuned by a small GridSearchCV
(repeated stratified folds), results logged to CSV + JSON, winner refit on everything."""
import json
import os
import time

import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.ensemble import ExtraTreesClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, RepeatedStratifiedKFold
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

RUN_DIR = os.path.join("automl", "breast_cancer")
os.makedirs(RUN_DIR, exist_ok=True)
os.makedirs("submission", exist_ok=True)

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
feature_cols = [c for c in train.columns if c not in ("id", "diagnosis")]
X, y = train[feature_cols], train["diagnosis"].astype(int)
X_test = test[feature_cols]
print("features:", len(feature_cols), "| malignant share:", round(y.mean(), 3))


def scaled(clf):
    return Pipeline([("scale", StandardScaler()), ("clf", clf)])


def raw(clf):
    return Pipeline([("clf", clf)])


MODELS = {
    "logreg": scaled(LogisticRegression(max_iter=5000)),
    "svc_rbf": scaled(SVC(probability=True, random_state=0)),
    "knn": scaled(KNeighborsClassifier()),
    "random_forest": raw(RandomForestClassifier(n_estimators=200, random_state=0, n_jobs=1)),
    "extra_trees": raw(ExtraTreesClassifier(n_estimators=200, random_state=0, n_jobs=1)),
    "lightgbm": raw(LGBMClassifier(n_estimators=150, learning_rate=0.05, random_state=0, verbose=-1, n_jobs=1)),
}
PARAM_GRIDS = {
    "logreg": {"clf__C": [0.05, 0.3, 1.0]},
    "svc_rbf": {"clf__C": [1.0, 5.0], "clf__gamma": ["scale", 0.01]},
    "knn": {"clf__n_neighbors": [7, 15, 25], "clf__weights": ["distance"]},
    "random_forest": {"clf__max_features": ["sqrt", 0.3]},
    "extra_trees": {"clf__max_features": ["sqrt", 0.5]},
    "lightgbm": {"clf__num_leaves": [4, 15], "clf__min_child_samples": [10]},
}

cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=0)
board = []
fitted = {}

for name, pipe in MODELS.items():
    t0 = time.perf_counter()
    gs = GridSearchCV(pipe, PARAM_GRIDS[name], scoring="roc_auc", cv=cv, n_jobs=1, refit=True)
    gs.fit(X, y)
    fitted[name] = gs.best_estimator_
    i = gs.best_index_
    board.append(
        {
            "model": name,
            "auc": gs.cv_results_["mean_test_score"][i],
            "auc_std": gs.cv_results_["std_test_score"][i],
            "grid_size": len(gs.cv_results_["params"]),
            "best_params": json.dumps(gs.best_params_),
            "secs": round(time.perf_counter() - t0, 2),
        }
    )
    print(f"  {name:<14} auc={board[-1]['auc']:.5f} sd={board[-1]['auc_std']:.5f} {gs.best_params_}")

board = pd.DataFrame(board).sort_values(["auc", "auc_std"], ascending=[False, True]).reset_index(drop=True)
print()
print(board[["model", "auc", "auc_std", "grid_size", "secs"]].to_string(index=False))

board.to_csv(os.path.join(RUN_DIR, "leaderboard.csv"), index=False)
with open(os.path.join(RUN_DIR, "best_config.json"), "w") as fp:
    json.dump(board.iloc[0].to_dict(), fp, indent=2, default=float)

best = board.loc[0, "model"]
# best_estimator_ is already refit on all 455 rows by GridSearchCV
proba = fitted[best].predict_proba(X_test)[:, 1]
pd.DataFrame({"id": test["id"], "diagnosis": proba}).to_csv("submission/submission.csv", index=False)
print(f"winner {best} -> submission.csv ({len(proba)} rows)")
print(f"Validation AUC: {board.loc[0, 'auc']:.4f}")
