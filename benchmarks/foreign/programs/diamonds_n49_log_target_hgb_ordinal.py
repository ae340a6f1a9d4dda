"""Diamond price regression scored by RMSLE.

The target is modelled in log space via TransformedTargetRegressor so the
squared-error loss lines up with the RMSLE metric.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path

import joblib
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.compose import ColumnTransformer, TransformedTargetRegressor
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import mean_squared_log_error
from sklearn.model_selection import KFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OrdinalEncoder

logger = logging.getLogger("diamonds")

CUT_ORDER = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
COLOR_ORDER = ["J", "I", "H", "G", "F", "E", "D"]
CLARITY_ORDER = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]


@dataclass
class Paths:
    root: Path = Path(".")

    @property
    def train(self) -> Path:
        return self.root / "input" / "train.csv"

    @property
    def test(self) -> Path:
        return self.root / "input" / "test.csv"

    @property
    def submission(self) -> Path:
        return self.root / "submission" / "submission.csv"

    @property
    def artifacts(self) -> Path:
        return self.root / "artifacts"


class GeometryFeatures(BaseEstimator, TransformerMixin):
    """Fixes zero/absurd dimensions and adds volume / log-carat."""

    def __init__(self, max_dim: float = 12.0):
        self.max_dim = max_dim

    def fit(self, X: pd.DataFrame, y=None):
        dims = X[["x", "y", "z"]].where((X[["x", "y", "z"]] > 0) & (X[["x", "y", "z"]] < self.max_dim))
        self.medians_ = dims.median()
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        X = X.copy()
        for d in ("x", "y", "z"):
            bad = (X[d] <= 0) | (X[d] >= self.max_dim)
            X.loc[bad, d] = self.medians_[d]
        X["volume"] = X["x"] * X["y"] * X["z"]
        X["log_carat"] = np.log(X["carat"])
        X["density"] = X["carat"] / X["volume"]
        return X


def build_model(seed: int = 0) -> TransformedTargetRegressor:
    encode = ColumnTransformer(
        [("ord", OrdinalEncoder(categories=[CUT_ORDER, COLOR_ORDER, CLARITY_ORDER]), ["cut", "color", "clarity"])],
        remainder="passthrough",
    )
    pipe = Pipeline([
        ("geometry", GeometryFeatures()),
        ("encode", encode),
        ("hgb", HistGradientBoostingRegressor(
            learning_rate=0.06, max_iter=600, max_leaf_nodes=31, min_samples_leaf=20,
            l2_regularization=0.5, early_stopping=False, random_state=seed,
        )),
    ])
    return TransformedTargetRegressor(regressor=pipe, func=np.log1p, inverse_func=np.expm1)


def rmsle(y_true: np.ndarray, y_pred: np.ndarray) -> float:
    return float(np.sqrt(mean_squared_log_error(y_true, np.clip(y_pred, 0, None))))


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s | %(message)s")
    paths = Paths()
    paths.artifacts.mkdir(parents=True, exist_ok=True)

    train = pd.read_csv(paths.train)
    test = pd.read_csv(paths.test)
    features = ["carat", "cut", "color", "clarity", "depth", "table", "x", "y", "z"]
    X, y = train[features], train["price"].to_numpy()

    oof = np.zeros(len(train))
    for fold, (tr, va) in enumerate(KFold(3, shuffle=True, random_state=1).split(X)):
        m = build_model().fit(X.iloc[tr], y[tr])
        oof[va] = m.predict(X.iloc[va])
        logger.info("fold %d RMSLE %.5f", fold, rmsle(y[va], oof[va]))
    score = rmsle(y, oof)
    print(f"OOF RMSLE: {score:.5f}")

    fig, ax = plt.subplots(figsize=(5, 5))
    ax.scatter(np.log1p(y), np.log1p(np.clip(oof, 0, None)), s=3, alpha=0.3)
    ax.set_xlabel("log1p(price)")
    ax.set_ylabel("log1p(oof prediction)")
    fig.savefig(paths.artifacts / "oof_scatter.png", dpi=90)
    plt.close(fig)

    model = build_model().fit(X, y)
    pred = np.clip(model.predict(test[features]), 0, None)
    pd.DataFrame({"id": test["id"], "price": pred}).to_csv(paths.submission, index=False)
    joblib.dump(model, paths.artifacts / "diamonds_hgb.joblib")
    (paths.artifacts / "metrics.json").write_text(json.dumps({"oof_rmsle": score}, indent=2))
    logger.info("submission rows: %d", len(pred))


if __name__ == "__main__":
    main()
