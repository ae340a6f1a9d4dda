"""Successive-halving search per model family, then a soft-voting ensemble of the best three vs the single best."""
import os
import warnings

import numpy as np
import pandas as pd
from sklearn.experimental import enable_halving_search_cv  # noqa: F401
from sklearn.ensemble import RandomForestClassifier, VotingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import HalvingGridSearchCV, StratifiedKFold, cross_val_score
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
from lightgbm import LGBMClassifier

warnings.filterwarnings("ignore")
SEED = 17
np.random.seed(SEED)

df = pd.read_csv("input/train.csv")
df_test = pd.read_csv("input/test.csv")
features = [c for c in df.columns if c not in ("id", "diagnosis")]
X, y = df[features], df["diagnosis"]

families = {
    "logreg": (Pipeline([("s", StandardScaler()), ("m", LogisticRegression(max_iter=5000))]),
               {"m__C": [0.03, 0.1, 0.3, 1, 3, 10]}),
    "svc": (Pipeline([("s", StandardScaler()), ("m", SVC(probability=True, random_state=SEED))]),
            {"m__C": [0.5, 1, 2, 5, 10], "m__gamma": ["scale", 0.005, 0.02]}),
    "knn": (Pipeline([("s", StandardScaler()), ("m", KNeighborsClassifier())]),
            {"m__n_neighbors": [3, 7, 11, 15, 25], "m__p": [1, 2]}),
    "rf": (RandomForestClassifier(n_estimators=150, n_jobs=1, random_state=SEED),
           {"max_depth": [None, 6], "max_features": ["sqrt", 0.2, 0.4]}),
    "lgbm": (LGBMClassifier(n_estimators=200, learning_rate=0.05, n_jobs=1, verbose=-1, random_state=SEED),
             {"num_leaves": [4, 8, 16], "min_child_samples": [5, 15, 30]}),
}

cv = StratifiedKFold(5, shuffle=True, random_state=SEED)
tuned = {}
for name, (est, grid) in families.items():
    hs = HalvingGridSearchCV(est, grid, factor=3, cv=cv, scoring="roc_auc", min_resources=100,
                             random_state=SEED, n_jobs=1)
    hs.fit(X, y)
    tuned[name] = (hs.best_score_, hs.best_estimator_)
    print(f"{name:<7} halving best AUC {hs.best_score_:.4f}  {hs.best_params_}  iters={hs.n_iterations_}")

# halving scores come from the last (largest) iteration only; re-score the winners on the full data
board = []
for name, (_, est) in tuned.items():
    s = cross_val_score(est, X, y, cv=cv, scoring="roc_auc", n_jobs=1)
    board.append((name, s.mean(), s.std()))
board.sort(key=lambda t: -t[1])
print("\n==== leaderboard (5-fold AUC, full data) ====")
for rank, (n, m, s) in enumerate(board, 1):
    print(f"{rank}. {n:<7} {m:.4f} +/- {s:.4f}")

top3 = [n for n, _, _ in board[:3]]
vote = VotingClassifier([(n, tuned[n][1]) for n in top3], voting="soft", n_jobs=1)
vs = cross_val_score(vote, X, y, cv=cv, scoring="roc_auc", n_jobs=1)
print(f"soft vote {top3}: {vs.mean():.4f} +/- {vs.std():.4f}")

if vs.mean() >= board[0][1]:
    final, final_name, final_score = vote, "soft_vote", vs.mean()
else:
    final, final_name, final_score = tuned[board[0][0]][1], board[0][0], board[0][1]
final.fit(X, y)
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": df_test["id"], "diagnosis": final.predict_proba(df_test[features])[:, 1]}).to_csv(
    "submission/submission.csv", index=False)
print(f"submitted {final_name}; CV AUC = {final_score:.4f}")
