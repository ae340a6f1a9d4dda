"""Per-target LGBMClassifier with a stratified holdout and early stopping."""
from pathlib import Path

import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split

DATA = Path("input")
OUT = Path("submission")
TARGETS = ["health", "limit", "insurance"]

np.random.seed(7)


def load():
    tr = pd.read_csv(DATA / "train.csv")
    te = pd.read_csv(DATA / "test.csv")
    return tr, te


def encode(tr, te):
    cats = [c for c in te.columns if te[c].dtype == object or str(te[c].dtype) in ("str", "string")]
    both = pd.concat([tr[te.columns], te], ignore_index=True)
    for c in cats:
        both[c] = both[c].astype("category")
    both["family_per_adult"] = both["family"] / np.where(both["married"] == "yes", 2, 1)
    feats = [c for c in both.columns if c != "id"]
    return both.iloc[: len(tr)][feats].reset_index(drop=True), both.iloc[len(tr):][feats].reset_index(drop=True)


def main():
    train, test = load()
    X, X_test = encode(train, test)
    sub = pd.DataFrame({"id": test["id"].values})
    aucs = []
    for t in TARGETS:
        y = train[t].values
        X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y, random_state=7)
        model = LGBMClassifier(
            n_estimators=1500,
            learning_rate=0.02,
            num_leaves=12,
            min_child_samples=30,
            subsample=0.85,
            subsample_freq=1,
            colsample_bytree=0.8,
            reg_lambda=1.0,
            n_jobs=1,
            random_state=7,
            verbose=-1,
        )
        model.fit(
            X_tr, y_tr,
            eval_set=[(X_va, y_va)],
            eval_metric="auc",
            early_stopping_rounds=100,
            verbose=False,
        )
        p_va = model.predict_proba(X_va)[:, 1]
        auc = roc_auc_score(y_va, p_va)
        aucs.append(auc)
        print(f"{t:10s} holdout AUC {auc:.4f} (best iteration {model.best_iteration_})")
        sub[t] = model.predict_proba(X_test)[:, 1]
    print(f"Validation AUC (mean of {len(TARGETS)} targets): {np.mean(aucs):.4f}")
    OUT.mkdir(exist_ok=True)
    sub.to_csv(OUT / "submission.csv", index=False)


if __name__ == "__main__":
    main()
