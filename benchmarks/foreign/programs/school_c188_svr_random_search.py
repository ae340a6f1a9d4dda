"""School math achievement: RBF-SVR with RandomizedSearchCV over GroupKFold, polynomial features."""
import logging
import os
import warnings

import numpy as np
import pandas as pd
from scipy.stats import loguniform
from sklearn.compose import ColumnTransformer
from sklearn.model_selection import GroupKFold, RandomizedSearchCV
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, PolynomialFeatures, StandardScaler
from sklearn.svm import SVR

warnings.filterwarnings("ignore")
logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(message)s")
log = logging.getLogger("school-svr")

SEED = 42
CAT = ["Minority", "Sex"]
NUM = ["SES", "MEANSES"]


def build_pipeline() -> Pipeline:
    """OHE categoricals, degree-2 interactions of scaled numerics, then an RBF SVR."""
    prep = ColumnTransformer([
        ("cat", OneHotEncoder(drop="first", sparse_output=False), CAT),
        ("num", Pipeline([("poly", PolynomialFeatures(degree=2, include_bias=False)),
                          ("scale", StandardScaler())]), NUM),
    ])
    return Pipeline([("prep", prep), ("svr", SVR(kernel="rbf", cache_size=500))])


def main():
    train = pd.read_csv("input/train.csv")
    test = pd.read_csv("input/test.csv")
    X, y, groups = train[CAT + NUM], train["MathAch"].values, train["School"].values
    log.info(f"Loaded {len(train)} training rows, {len(test)} test rows")

    param_dist = {
        "svr__C": loguniform(1e-1, 1e3),
        "svr__gamma": loguniform(1e-4, 1e0),
        "svr__epsilon": loguniform(1e-2, 2e0),
    }
    search = RandomizedSearchCV(
        build_pipeline(),
        param_distributions=param_dist,
        n_iter=80,
        scoring="neg_root_mean_squared_error",
        cv=GroupKFold(n_splits=5),
        n_jobs=1,
        random_state=SEED,
        verbose=1,
        refit=True,
    )
    search.fit(X, y, groups=groups)
    log.info(f"Best params: {search.best_params_}")
    print(f"CV RMSE = {-search.best_score_:.4f} +/- "
          f"{search.cv_results_['std_test_score'][search.best_index_]:.4f}")

    preds = search.predict(test[CAT + NUM])
    os.makedirs("submission", exist_ok=True)
    pd.DataFrame({"id": test["id"], "MathAch": preds}).to_csv("submission/submission.csv", index=False)
    log.info("Wrote submission/submission.csv")


if __name__ == "__main__":
    main()
