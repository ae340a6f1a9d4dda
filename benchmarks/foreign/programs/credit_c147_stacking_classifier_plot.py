"""Compare base learners and a StackingClassifier of the top ones; plot the leaderboard; submit the best."""
import warnings
from pathlib import Path

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier, StackingClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, OrdinalEncoder, StandardScaler

warnings.simplefilter("ignore")
SEED = 5
np.random.seed(SEED)
IN, OUT, ART = Path("input"), Path("submission"), Path("artifacts")
OUT.mkdir(exist_ok=True)
ART.mkdir(exist_ok=True)

train = pd.read_csv(IN / "train.csv")
test = pd.read_csv(IN / "test.csv")
target = "Status"
cats = ["Home", "Marital", "Records", "Job"]
nums = [c for c in train.columns if c not in cats + ["id", target]]
X, y = train[cats + nums], train[target]
X_test = test[cats + nums]


def linear_prep():
    return ColumnTransformer([
        ("n", Pipeline([("imp", SimpleImputer(strategy="median")), ("sc", StandardScaler())]), nums),
        ("c", Pipeline([("imp", SimpleImputer(strategy="constant", fill_value="NA")),
                        ("oh", OneHotEncoder(handle_unknown="ignore"))]), cats),
    ])


def tree_prep():
    return ColumnTransformer([
        ("n", "passthrough", nums),
        ("c", Pipeline([("imp", SimpleImputer(strategy="constant", fill_value="NA")),
                        ("oe", OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1))]), cats),
    ])


base = {
    "logit": Pipeline([("p", linear_prep()), ("m", LogisticRegression(C=0.2, max_iter=3000))]),
    "hgb": Pipeline([("p", tree_prep()), ("m", HistGradientBoostingClassifier(
        learning_rate=0.05, max_iter=200, max_depth=4, min_samples_leaf=30, random_state=SEED))]),
    "rf": Pipeline([("p", tree_prep()), ("m", RandomForestClassifier(
        n_estimators=300, min_samples_leaf=4, max_features="sqrt", n_jobs=1, random_state=SEED))]),
}

cv = StratifiedKFold(5, shuffle=True, random_state=SEED)
scores = {}
for name, est in base.items():
    r = cross_validate(est, X, y, cv=cv, scoring=["neg_log_loss", "roc_auc"], n_jobs=1)
    scores[name] = (-r["test_neg_log_loss"].mean(), r["test_roc_auc"].mean(), r["test_neg_log_loss"].std())
    print(f"{name:>6}: logloss {scores[name][0]:.4f} (sd {scores[name][2]:.4f}) | AUC {scores[name][1]:.4f}")

stack = StackingClassifier(
    estimators=[(n, e) for n, e in base.items()],
    final_estimator=LogisticRegression(C=1.0),
    cv=StratifiedKFold(3, shuffle=True, random_state=SEED),
    stack_method="predict_proba",
    n_jobs=1,
)
r = cross_validate(stack, X, y, cv=cv, scoring=["neg_log_loss", "roc_auc"], n_jobs=1)
scores["stack"] = (-r["test_neg_log_loss"].mean(), r["test_roc_auc"].mean(), r["test_neg_log_loss"].std())
print(f" stack: logloss {scores['stack'][0]:.4f} (sd {scores['stack'][2]:.4f}) | AUC {scores['stack'][1]:.4f}")

board = pd.DataFrame(scores, index=["logloss", "auc", "logloss_sd"]).T.sort_values("logloss")
print("\nLeaderboard:\n" + board.round(4).to_string())
board.to_csv(ART / "leaderboard.csv")

fig, ax = plt.subplots(figsize=(6, 3.5))
ax.barh(board.index[::-1], board["logloss"][::-1], xerr=board["logloss_sd"][::-1], color="steelblue")
ax.set_xlabel("CV log loss")
ax.set_xlim(board["logloss"].min() - 0.03, board["logloss"].max() + 0.02)
fig.tight_layout()
fig.savefig(ART / "leaderboard.png", dpi=100)
plt.close(fig)

best_name = board.index[0]
best = stack if best_name == "stack" else base[best_name]
best.fit(X, y)
proba = best.predict_proba(X_test)[:, 1]
pd.DataFrame({"id": test["id"], target: proba}).to_csv(OUT / "submission.csv", index=False)
print(f"best={best_name}  CV logloss = {board.loc[best_name, 'logloss']:.4f} +/- {board.loc[best_name, 'logloss_sd']:.4f}")
