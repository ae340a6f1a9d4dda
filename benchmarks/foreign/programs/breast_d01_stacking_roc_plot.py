"""
Breast cancer (WDBC) malignant vs benign - AUC.

StackingClassifier: scaled LogisticRegression + SVC(probability) + RandomForest as base
learners, LogisticRegression meta-learner. Cross-validated AUC, plus an ROC plot of the
out-of-fold predictions saved under plots/ for the write-up.
"""
import os
from pathlib import Path
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.linear_model import LogisticRegression
from sklearn.svm import SVC
from sklearn.ensemble import RandomForestClassifier, StackingClassifier
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.metrics import roc_auc_score, roc_curve

PLOT_DIR = Path("plots")
SEED = 0


def build_stack():
    base = [
        ("lr", make_pipeline(StandardScaler(), LogisticRegression(C=0.3, max_iter=5000))),
        ("svc", make_pipeline(StandardScaler(), SVC(C=3.0, probability=True, random_state=SEED))),
        ("rf", RandomForestClassifier(n_estimators=300, random_state=SEED, n_jobs=1)),
    ]
    return StackingClassifier(estimators=base, final_estimator=LogisticRegression(max_iter=1000),
                              cv=5, stack_method="predict_proba", n_jobs=1)


def save_roc(y, p, path):
    fpr, tpr, _ = roc_curve(y, p)
    fig, ax = plt.subplots(figsize=(5, 5))
    ax.plot(fpr, tpr, label=f"stack AUC={roc_auc_score(y, p):.4f}")
    ax.plot([0, 1], [0, 1], "k--", lw=0.8)
    ax.set_xlabel("FPR"); ax.set_ylabel("TPR"); ax.legend(loc="lower right")
    fig.savefig(path, dpi=90, bbox_inches="tight")
    plt.close(fig)
    print(f"ROC curve saved to {path}")


def main():
    train = pd.read_csv("input/train.csv")
    test = pd.read_csv("input/test.csv")
    feats = [c for c in train.columns if c not in ("id", "diagnosis")]
    X, y = train[feats], train["diagnosis"].values
    print(f"train {X.shape}, malignant rate {y.mean():.3f}")

    cv = StratifiedKFold(5, shuffle=True, random_state=SEED)
    oof = cross_val_predict(build_stack(), X, y, cv=cv, method="predict_proba")[:, 1]
    print(f"Validation AUC: {roc_auc_score(y, oof):.4f}")
    save_roc(y, oof, PLOT_DIR / "roc_oof.png")

    model = build_stack().fit(X, y)
    os.makedirs("submission", exist_ok=True)
    pd.DataFrame({"id": test["id"], "diagnosis": model.predict_proba(test[feats])[:, 1]}).to_csv(
        "submission/submission.csv", index=False)
    print("submission saved")


if __name__ == "__main__":
    main()
