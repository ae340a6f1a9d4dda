"""
Penguins - second attempt: sklearn Pipeline + ColumnTransformer + LogisticRegression,
tuned with GridSearchCV on log loss.

The numeric measurements are on very different scales (body mass in grams vs bill depth
in mm), so a StandardScaler is essential for a linear model. Categorical columns are
one-hot encoded; OneHotEncoder treats missing sex as its own category, so no imputation
is needed there.
"""
import os
import logging
import numpy as np
import pandas as pd
from sklearn.pipeline import Pipeline
from sklearn.compose import ColumnTransformer
from sklearn.preprocessing import StandardScaler, OneHotEncoder
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("penguins")

CLASSES = ["Adelie", "Chinstrap", "Gentoo"]
NUM_COLS = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g", "year"]
CAT_COLS = ["island", "sex"]


def build_pipeline() -> Pipeline:
    pre = ColumnTransformer(
        transformers=[
            ("num", StandardScaler(), NUM_COLS),
            ("cat", OneHotEncoder(handle_unknown="ignore"), CAT_COLS),
        ]
    )
    return Pipeline([("pre", pre), ("clf", LogisticRegression(max_iter=2000))])


def main():
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    log.info("train=%s test=%s", train.shape, test.shape)

    X = train[NUM_COLS + CAT_COLS]
    y = train["species"]
    X_test = test[NUM_COLS + CAT_COLS]

    grid = GridSearchCV(
        build_pipeline(),
        param_grid={"clf__C": [0.01, 0.1, 1.0, 10.0, 100.0]},
        scoring="neg_log_loss",
        cv=StratifiedKFold(n_splits=5, shuffle=True, random_state=0),
        n_jobs=1,
        error_score="raise",
    )
    grid.fit(X, y)
    log.info("best params: %s", grid.best_params_)
    print(f"Validation log loss: {-grid.best_score_:.5f}")

    proba = grid.predict_proba(X_test)
    # predict_proba columns follow grid.classes_ (alphabetical) -> reorder to CLASSES
    order = [list(grid.classes_).index(c) for c in CLASSES]
    sub = pd.DataFrame(proba[:, order], columns=CLASSES)
    sub.insert(0, "id", test["id"].values)
    os.makedirs("./submission", exist_ok=True)
    sub.to_csv("./submission/submission.csv", index=False)
    print("Submission saved:", sub.shape)


if __name__ == "__main__":
    main()
