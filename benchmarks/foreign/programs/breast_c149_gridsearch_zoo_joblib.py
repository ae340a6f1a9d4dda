"""Grid-search every model family, leaderboard of tuned models, refit winner, save it with joblib."""
import json
import os
import time
import warnings

import joblib
import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, RepeatedStratifiedKFold
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

warnings.filterwarnings("ignore")
SEED = 1
np.random.seed(SEED)


def get_search_spaces():
    return {
        "logistic": (Pipeline([("sc", StandardScaler()), ("clf", LogisticRegression(max_iter=5000))]),
                     {"clf__C": [0.01, 0.1, 1.0, 10.0]}),
        "svc_rbf": (Pipeline([("sc", StandardScaler()), ("clf", SVC(kernel="rbf", probability=True, random_state=SEED))]),
                    {"clf__C": [0.3, 1.0, 3.0, 10.0], "clf__gamma": ["scale", 0.01]}),
        "knn": (Pipeline([("sc", StandardScaler()), ("clf", KNeighborsClassifier())]),
                {"clf__n_neighbors": [5, 11, 21], "clf__weights": ["uniform", "distance"]}),
        "random_forest": (RandomForestClassifier(n_jobs=1, random_state=SEED),
                          {"n_estimators": [200], "max_features": ["sqrt", 0.3], "min_samples_leaf": [1, 3]}),
        "grad_boost": (GradientBoostingClassifier(random_state=SEED),
                       {"n_estimators": [100, 200], "learning_rate": [0.05, 0.1], "max_depth": [2, 3]}),
    }


def main():
    train = pd.read_csv("input/train.csv")
    test = pd.read_csv("input/test.csv")
    feats = [c for c in train.columns if c not in ("id", "diagnosis")]
    X, y = train[feats].values, train["diagnosis"].values
    print(f"train {X.shape}, positives {y.mean():.3f}")

    cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=SEED)
    leaderboard = []
    fitted = {}
    for name, (est, grid) in get_search_spaces().items():
        t0 = time.time()
        gs = GridSearchCV(est, grid, scoring="roc_auc", cv=cv, n_jobs=1, refit=True)
        gs.fit(X, y)
        std = gs.cv_results_["std_test_score"][gs.best_index_]
        leaderboard.append((name, gs.best_score_, std, gs.best_params_, time.time() - t0))
        fitted[name] = gs.best_estimator_
        print(f"{name:<14} AUC={gs.best_score_:.4f}±{std:.4f}  {gs.best_params_}  ({time.time() - t0:.1f}s)")

    leaderboard.sort(key=lambda r: r[1], reverse=True)
    print("\n#  model           cv_auc   std     secs")
    for i, (name, s, sd, _, secs) in enumerate(leaderboard, 1):
        print(f"{i}  {name:<14}  {s:.4f}  {sd:.4f}  {secs:5.1f}")

    best_name, best_score = leaderboard[0][0], leaderboard[0][1]
    best_model = fitted[best_name]
    os.makedirs("models", exist_ok=True)
    joblib.dump(best_model, f"models/{best_name}.joblib")
    with open("models/leaderboard.json", "w") as f:
        json.dump([{"model": n, "auc": s, "std": sd, "params": {k: str(v) for k, v in p.items()}}
                   for n, s, sd, p, _ in leaderboard], f, indent=1)

    proba = best_model.predict_proba(test[feats].values)[:, 1]
    os.makedirs("submission", exist_ok=True)
    pd.DataFrame({"id": test["id"], "diagnosis": proba}).to_csv("submission/submission.csv", index=False)
    print(f"\nBest: {best_name}\nValidation AUC: {best_score:.4f}")


if __name__ == "__main__":
    main()
