import os
import time

import numpy as np
import pandas as pd
from sklearn.feature_selection import SelectKBest, f_classif
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import HalvingGridSearchCV, StratifiedKFold, cross_val_predict
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import PowerTransformer

RANDOM_STATE = 3


def load():
    tr = pd.read_csv("input/train.csv")
    te = pd.read_csv("input/test.csv")
    return tr, te


def main():
    t0 = time.time()
    train, test = load()
    features = train.columns.drop(["id", "diagnosis"])
    X, y = train[features], train["diagnosis"]

    pipe = Pipeline([
        ("power", PowerTransformer(method="yeo-johnson")),
        ("select", SelectKBest(f_classif)),
        ("lr", LogisticRegression(max_iter=5000)),
    ])
    param_grid = {
        "select__k": [8, 12, 16, 20, 30],
        "lr__C": np.logspace(-2, 2, 9),
    }
    cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=RANDOM_STATE)
    search = HalvingGridSearchCV(
        pipe, param_grid, cv=cv, scoring="roc_auc", factor=3,
        min_resources=60, random_state=RANDOM_STATE, n_jobs=1,
    )
    search.fit(X, y)
    print("iterations:", search.n_iterations_, "candidates per iter:", search.n_candidates_)
    print("best:", search.best_params_, f"score={search.best_score_:.5f}")

    oof = cross_val_predict(search.best_estimator_, X, y, cv=cv, method="predict_proba")[:, 1]
    print(f"Validation AUC (OOF, best pipeline): {roc_auc_score(y, oof):.5f}")

    proba = search.best_estimator_.predict_proba(test[features])[:, 1]
    os.makedirs("submission", exist_ok=True)
    pd.DataFrame({"id": test["id"], "diagnosis": proba}).to_csv("submission/submission.csv", index=False)
    print(f"finished in {time.time() - t0:.1f}s")


if __name__ == "__main__":
    main()
