"""OOF predictions for a zoo of classifiers, rank-average blend of the top-k, diagnostics plot and submission."""
import warnings
from pathlib import Path

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from scipy.stats import rankdata
from sklearn.base import clone
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.ensemble import ExtraTreesClassifier, HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score, roc_curve
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

warnings.filterwarnings("ignore")
np.random.seed(99)
TOP_K = 3
RUN_DIR = Path("runs") / "blend_v2"

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
cols = train.columns.drop(["id", "diagnosis"])
for df in (train, test):
    df["area_ratio"] = df["worst_area"] / df["mean_area"]
    df["concavity_x_radius"] = df["worst_concave_points"] * df["worst_radius"]
cols = cols.tolist() + ["area_ratio", "concavity_x_radius"]
X, y, X_test = train[cols].values, train["diagnosis"].values, test[cols].values

zoo = {
    "logreg_l2": make_pipeline(StandardScaler(), LogisticRegression(C=0.5, max_iter=5000)),
    "lda": make_pipeline(StandardScaler(), LinearDiscriminantAnalysis()),
    "svc": make_pipeline(StandardScaler(), SVC(C=2.0, probability=True, random_state=0)),
    "rf": RandomForestClassifier(n_estimators=300, n_jobs=1, random_state=0),
    "et": ExtraTreesClassifier(n_estimators=300, n_jobs=1, random_state=0),
    "hgb": HistGradientBoostingClassifier(learning_rate=0.05, max_iter=200, random_state=0),
}

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=99)
oof = {k: np.zeros(len(X)) for k in zoo}
tst = {k: np.zeros(len(X_test)) for k in zoo}
for k, est in zoo.items():
    for tr, va in skf.split(X, y):
        m = clone(est).fit(X[tr], y[tr])
        oof[k][va] = m.predict_proba(X[va])[:, 1]
        tst[k] += m.predict_proba(X_test)[:, 1] / skf.n_splits

board = pd.DataFrame({"model": list(zoo), "oof_auc": [roc_auc_score(y, oof[k]) for k in zoo]})
board = board.sort_values("oof_auc", ascending=False).reset_index(drop=True)
print(board.to_string(index=False))

top = board["model"].head(TOP_K).tolist()
blend_oof = np.mean([rankdata(oof[k]) / len(y) for k in top], axis=0)
blend_tst = np.mean([rankdata(tst[k]) / len(X_test) for k in top], axis=0)
blend_auc = roc_auc_score(y, blend_oof)
print(f"\nrank blend of {top}: OOF AUC {blend_auc:.4f}")

fig, ax = plt.subplots(figsize=(5, 5))
for k in top:
    fpr, tpr, _ = roc_curve(y, oof[k])
    ax.plot(fpr, tpr, lw=1, label=f"{k} {roc_auc_score(y, oof[k]):.4f}")
fpr, tpr, _ = roc_curve(y, blend_oof)
ax.plot(fpr, tpr, "k", lw=2, label=f"blend {blend_auc:.4f}")
ax.legend(loc="lower right")
fig.savefig(RUN_DIR / "roc_oof.png", dpi=90)
board.to_csv(RUN_DIR / "leaderboard.csv", index=False)

Path("submission").mkdir(exist_ok=True)
pd.DataFrame({"id": test["id"], "diagnosis": blend_tst}).to_csv("submission/submission.csv", index=False)
print(f"Validation AUC: {blend_auc:.4f}")
