import logging
import pickle
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer, TransformedTargetRegressor
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.experimental import enable_halving_search_cv  # noqa: F401
from sklearn.model_selection import HalvingGridSearchCV, KFold, cross_val_predict
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OrdinalEncoder
from threadpoolctl import threadpool_limits

warnings.filterwarnings("ignore")
logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(message)s")
logger = logging.getLogger(__name__)

DATA = Path("input")
TARGETS = ["visits", "ovisits", "emergency", "hospital"]
CAT_COLS = ["health", "adl", "region", "afam", "gender", "married", "employed",
            "insurance", "medicaid"]
NUM_COLS = ["chronic", "age", "school", "income"]


def make_pipeline() -> TransformedTargetRegressor:
    pre = ColumnTransformer(
        [("cat", OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1), CAT_COLS),
         ("num", "passthrough", NUM_COLS)],
        verbose_feature_names_out=False,
    )
    hgb = HistGradientBoostingRegressor(
        categorical_features=list(range(len(CAT_COLS))),
        early_stopping=False, random_state=0,
    )
    model = Pipeline([("pre", pre), ("hgb", hgb)])
    # fit on log1p(y): squared error on that scale is exactly what RMSLE measures
    return TransformedTargetRegressor(regressor=model, func=np.log1p, inverse_func=np.expm1)


GRID = {
    "regressor__hgb__learning_rate": [0.03, 0.08],
    "regressor__hgb__max_iter": [100, 250],
    "regressor__hgb__max_leaf_nodes": [7, 15],
    "regressor__hgb__l2_regularization": [0.0, 5.0],
}


def rmsle(y, p):
    return np.sqrt(np.mean((np.log1p(np.clip(p, 0, None)) - np.log1p(y)) ** 2))


def main():
    train = pd.read_csv(DATA / "train.csv")
    test = pd.read_csv(DATA / "test.csv")
    X, X_te = train[CAT_COLS + NUM_COLS], test[CAT_COLS + NUM_COLS]
    kf = KFold(n_splits=4, shuffle=True, random_state=42)

    sub = pd.DataFrame({"id": test["id"]})
    results, fitted = {}, {}
    for t in TARGETS:
        y = train[t].to_numpy(float)
        search = HalvingGridSearchCV(
            make_pipeline(), GRID, cv=kf, factor=3, min_resources=400,
            scoring="neg_mean_squared_log_error", n_jobs=1, random_state=0,
        )
        search.fit(X, y)
        best = search.best_estimator_
        oof = cross_val_predict(best, X, y, cv=kf)
        results[t] = rmsle(y, oof)
        logger.info("%s: %s", t, {k.split("__")[-1]: v for k, v in search.best_params_.items()})
        print(f"{t:10s} OOF RMSLE {results[t]:.4f}")
        sub[t] = np.clip(best.predict(X_te), 0, None)
        fitted[t] = best

    print(f"Mean columnwise RMSLE: {np.mean(list(results.values())):.4f}")
    Path("submission").mkdir(exist_ok=True)
    sub.to_csv("submission/submission.csv", index=False)
    with open("models.pkl", "wb") as fh:
        pickle.dump(fitted, fh)
    logger.info("saved submission %s", sub.shape)


if __name__ == "__main__":
    # tiny data: OpenMP threads only add overhead here
    with threadpool_limits(limits=1):
        main()
