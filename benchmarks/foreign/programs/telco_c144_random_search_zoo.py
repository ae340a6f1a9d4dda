"""Random-search each model family in a zoo, leaderboard of tuned models, refit the best and blend top-2."""
import argparse
import os
import time
import warnings

import numpy as np
import pandas as pd
from scipy.stats import loguniform, randint, uniform
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import RandomizedSearchCV, StratifiedKFold
from sklearn.svm import SVC

warnings.filterwarnings("ignore", category=UserWarning)

parser = argparse.ArgumentParser()
parser.add_argument("--n-iter", type=int, default=6)
parser.add_argument("--folds", type=int, default=4)
parser.add_argument("--seed", type=int, default=11)
args = parser.parse_args()
np.random.seed(args.seed)

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
y = train.pop("churn").values
n_train = len(train)

both = pd.concat([train, test], ignore_index=True)
both["tenure_bucket"] = pd.cut(both["tenure"], bins=[-1, 6, 12, 24, 48, 72], labels=False)
both["charges_per_month"] = both["total_charges"] / both["tenure"].clip(lower=1)
both = pd.get_dummies(both, drop_first=True, dtype=np.uint8)
X = both.iloc[:n_train].drop(columns="id")
X_test = both.iloc[n_train:].drop(columns="id")
print("feature matrix:", X.shape)

search_space = {
    "hgb": (HistGradientBoostingClassifier(random_state=args.seed),
            {"learning_rate": loguniform(0.02, 0.2), "max_leaf_nodes": randint(8, 40),
             "min_samples_leaf": randint(20, 100), "l2_regularization": uniform(0, 2)}),
    "logreg": (LogisticRegression(max_iter=3000),
               {"C": loguniform(1e-3, 10)}),
    "rf": (RandomForestClassifier(n_estimators=200, n_jobs=1, random_state=args.seed),
           {"max_depth": randint(4, 14), "min_samples_leaf": randint(1, 20), "max_features": uniform(0.2, 0.6)}),
    "svc": (SVC(probability=True, random_state=args.seed),
            {"C": loguniform(0.05, 5), "gamma": ["scale"]}),
}

cv = StratifiedKFold(n_splits=args.folds, shuffle=True, random_state=args.seed)
board = {}
for name, (est, dist) in search_space.items():
    t0 = time.time()
    rs = RandomizedSearchCV(est, dist, n_iter=args.n_iter, scoring="roc_auc", cv=cv,
                            random_state=args.seed, n_jobs=1, refit=True)
    rs.fit(X, y)
    board[name] = rs
    print(f"{name:<7} best AUC={rs.best_score_:.4f}  params={rs.best_params_}  [{time.time() - t0:.1f}s]")

ranking = sorted(board, key=lambda k: board[k].best_score_, reverse=True)
print("\n--- leaderboard ---")
for i, k in enumerate(ranking, 1):
    print(f"{i}. {k:<7} {board[k].best_score_:.4f}")

top2 = ranking[:2]
pred = np.mean([board[k].best_estimator_.predict_proba(X_test)[:, 1] for k in top2], axis=0)
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"].values, "churn": pred}).to_csv("submission/submission.csv", index=False)
print(f"Validation AUC (best single, {ranking[0]}): {board[ranking[0]].best_score_:.4f}")
