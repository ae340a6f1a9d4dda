"""
Health insurance multilabel - attempt 2 with LightGBM (one binary booster per label).

Categoricals are converted to pandas 'category' dtype so LightGBM can split on them
natively. Early stopping on a stratified 20% holdout, then refit on all data with the
best iteration count.
"""
import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import train_test_split
from sklearn.metrics import roc_auc_score

TARGETS = ["health", "limit", "insurance"]
CAT_COLS = ["gender", "married", "selfemp", "region", "ethnicity", "education"]
PARAMS = dict(objective="binary", metric="auc", learning_rate=0.03, num_leaves=8,
              min_data_in_leaf=50, feature_fraction=0.8, lambda_l2=2.0, seed=99, verbosity=-1)


def preprocess(df, drop_cols):
    X = df.drop(columns=drop_cols)
    for c in CAT_COLS:
        X[c] = X[c].astype("category")
    return X


def main():
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    drop_cols = ["id"] + TARGETS
    X = preprocess(train, drop_cols)
    X_test = preprocess(test, drop_cols)
    print("X:", X.shape, "X_test:", X_test.shape)

    sub = pd.DataFrame({"id": test["id"]})
    aucs = []
    for t in TARGETS:
        y = train[t].values
        X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y, random_state=99)
        dtr = lgb.Dataset(X_tr, y_tr)
        bst = lgb.train(PARAMS, dtr, 2000, valid_sets=[lgb.Dataset(X_va, y_va, reference=dtr)],
                        callbacks=[lgb.early_stopping(100, verbose=False)])
        auc = roc_auc_score(y_va, bst.predict(X_va, num_iteration=bst.best_iteration))
        aucs.append(auc)
        print(f"[{t}] best_iter={bst.best_iteration} AUC={auc:.4f}")
        full = lgb.train(PARAMS, lgb.Dataset(X, y), max(bst.best_iteration, 50))
        sub[t] = full.predict(X_test)

    print(f"Validation mean AUC: {np.mean(aucs):.4f}")
    os.makedirs("./submission", exist_ok=True)
    sub.to_csv("./submission/submission.csv", index=False)


if __name__ == "__main__":
    main()
