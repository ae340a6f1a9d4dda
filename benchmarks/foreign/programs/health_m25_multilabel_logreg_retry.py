"""Health insurance multilabel (health / limit / insurance) - per-label logistic regression.

Revision notes:
  - attempt 1 crashed: "ValueError: could not convert string to float: 'female'"
    -> one-hot encode on the concatenated frame so train/test get the same columns.
  - attempt 2 printed ConvergenceWarning spam and was slow -> scale numerics,
    and a small retry helper that drops to a simpler solver if fitting blows up.
"""
import os
import warnings
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import KFold
from sklearn.metrics import roc_auc_score

warnings.filterwarnings("ignore", category=UserWarning)

INPUT_DIR = "./input"
SUB_PATH = "./submission/submission.csv"
LABELS = ["health", "limit", "insurance"]
CAT_COLS = ["gender", "married", "selfemp", "region", "ethnicity", "education"]
NUM_COLS = ["age", "family"]


def fit_with_retry(X, y, C=1.0):
    """Try lbfgs first; on failure retry with liblinear and stronger regularisation."""
    try:
        m = LogisticRegression(C=C, max_iter=500)
        m.fit(X, y)
        return m
    except Exception as e:  # noqa: BLE001
        print(f"  lbfgs failed ({type(e).__name__}: {e}); retrying with liblinear C={C / 10}")
        m = LogisticRegression(C=C / 10, solver="liblinear", max_iter=1000)
        m.fit(X, y)
        return m


def make_matrix(train, test):
    n_tr = len(train)
    full = pd.concat([train[NUM_COLS + CAT_COLS], test[NUM_COLS + CAT_COLS]], ignore_index=True)
    for c in NUM_COLS:
        full[c] = pd.to_numeric(full[c], errors="coerce")
        full[c] = full[c].fillna(full[c].median())
    full["age_sq"] = full["age"] ** 2
    full["family_big"] = (full["family"] >= 5).astype(int)
    for c in CAT_COLS:
        full[c] = full[c].astype(str).fillna("NA")
    full = pd.get_dummies(full, columns=CAT_COLS, drop_first=False, dtype=float)
    num = NUM_COLS + ["age_sq"]
    scaler = StandardScaler().fit(full.iloc[:n_tr][num])
    full[num] = scaler.transform(full[num])
    X = full.iloc[:n_tr].to_numpy(dtype=float)
    X_test = full.iloc[n_tr:].to_numpy(dtype=float)
    assert X.shape[1] == X_test.shape[1]
    return X, X_test, list(full.columns)


def main():
    train = pd.read_csv(os.path.join(INPUT_DIR, "train.csv"))
    test = pd.read_csv(os.path.join(INPUT_DIR, "test.csv"))
    print(f"train shape {train.shape}, test shape {test.shape}")
    for lab in LABELS:
        train[lab] = pd.to_numeric(train[lab], errors="coerce").fillna(0).astype(int)
        print(f"  {lab}: positive rate {train[lab].mean():.3f}")

    X, X_test, cols = make_matrix(train, test)
    print(f"design matrix: {X.shape} ({len(cols)} columns)")

    kf = KFold(n_splits=5, shuffle=True, random_state=3)
    aucs = {}
    for lab in LABELS:
        y = train[lab].values
        oof = np.zeros(len(y))
        for tr, va in kf.split(X):
            m = fit_with_retry(X[tr], y[tr], C=0.5)
            oof[va] = m.predict_proba(X[va])[:, 1]
        aucs[lab] = roc_auc_score(y, oof)
        print(f"CV AUC [{lab}]: {aucs[lab]:.4f}")
    mean_auc = float(np.mean(list(aucs.values())))
    print(f"CV mean columnwise AUC: {mean_auc:.4f}")

    sub = pd.read_csv(os.path.join(INPUT_DIR, "sample_submission.csv"))
    id_order = pd.Index(test["id"].values)
    for lab in LABELS:
        m = fit_with_retry(X, train[lab].values, C=0.5)
        p = pd.Series(m.predict_proba(X_test)[:, 1], index=id_order)
        sub[lab] = sub["id"].map(p).fillna(train[lab].mean())
    os.makedirs(os.path.dirname(SUB_PATH), exist_ok=True)
    sub.to_csv(SUB_PATH, index=False)
    print(f"submission: {sub.shape} -> {SUB_PATH}")
    print(sub.head())


if __name__ == "__main__":
    main()
