"""Doctor visits: Poisson HistGradientBoosting wrapped in MultiOutputRegressor.

A single holdout split is used for validation, then the pipeline is refit on everything.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.model_selection import train_test_split
from sklearn.multioutput import MultiOutputRegressor
from sklearn.pipeline import Pipeline

LOGGER = logging.getLogger("doctor_visits.hgb")

TARGETS: tuple[str, ...] = ("visits", "ovisits", "emergency", "hospital")


@dataclass(frozen=True)
class Settings:
    data_dir: Path = Path("./input")
    submission_file: Path = Path("./submission/submission.csv")
    holdout_fraction: float = 0.2
    random_state: int = 7
    max_iter: int = 200
    learning_rate: float = 0.05
    max_leaf_nodes: int = 15
    l2_regularization: float = 1.0


class HealthFeatures(BaseEstimator, TransformerMixin):
    """Ordinal-encodes the survey answers and adds a few hand-made interactions."""

    health_order = {"poor": 0, "average": 1, "excellent": 2}
    region_order = {"northeast": 0, "midwest": 1, "west": 2, "other": 3}
    binary_cols = ("afam", "married", "employed", "insurance", "medicaid")

    def fit(self, X: pd.DataFrame, y=None) -> "HealthFeatures":
        self.feature_names_: list[str] = []
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        frame = pd.DataFrame(index=X.index)
        frame["health"] = X["health"].map(self.health_order).astype(float)
        frame["region"] = X["region"].map(self.region_order).astype(float)
        frame["adl_limited"] = (X["adl"] == "limited").astype(float)
        frame["male"] = (X["gender"] == "male").astype(float)
        for col in self.binary_cols:
            frame[col] = (X[col] == "yes").astype(float)
        for col in ("chronic", "age", "school", "income"):
            frame[col] = X[col].astype(float)
        frame["chronic_x_poor"] = frame["chronic"] * (frame["health"] == 0)
        frame["covered"] = np.maximum(frame["insurance"], frame["medicaid"])
        self.feature_names_ = list(frame.columns)
        return frame


def rmsle_columnwise(y_true: np.ndarray, y_pred: np.ndarray) -> float:
    y_pred = np.clip(y_pred, 0.0, None)
    per_col = np.sqrt(np.mean((np.log1p(y_true) - np.log1p(y_pred)) ** 2, axis=0))
    return float(per_col.mean())


def build_pipeline(settings: Settings) -> Pipeline:
    base = HistGradientBoostingRegressor(
        loss="poisson",
        max_iter=settings.max_iter,
        learning_rate=settings.learning_rate,
        max_leaf_nodes=settings.max_leaf_nodes,
        l2_regularization=settings.l2_regularization,
        categorical_features=None,
        random_state=settings.random_state,
    )
    return Pipeline([("features", HealthFeatures()), ("model", MultiOutputRegressor(base))])


class Trainer:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def validate(self, X: pd.DataFrame, Y: pd.DataFrame) -> float:
        X_tr, X_va, Y_tr, Y_va = train_test_split(
            X, Y, test_size=self.settings.holdout_fraction, random_state=self.settings.random_state
        )
        pipe = build_pipeline(self.settings).fit(X_tr, Y_tr)
        score = rmsle_columnwise(Y_va.to_numpy(), pipe.predict(X_va))
        LOGGER.info("holdout rows=%d score=%.4f", len(X_va), score)
        return score

    def fit(self, X: pd.DataFrame, Y: pd.DataFrame) -> Pipeline:
        return build_pipeline(self.settings).fit(X, Y)


class Predictor:
    def __init__(self, pipeline: Pipeline) -> None:
        self.pipeline = pipeline

    def predict_frame(self, test: pd.DataFrame) -> pd.DataFrame:
        preds = np.clip(self.pipeline.predict(test), 0.0, None)
        out = pd.DataFrame(preds, columns=list(TARGETS), index=test.index)
        out.insert(0, "id", test["id"])
        return out


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s | %(name)s | %(message)s")
    settings = Settings()
    train = pd.read_csv(settings.data_dir / "train.csv")
    test = pd.read_csv(settings.data_dir / "test.csv")
    LOGGER.info("train=%s test=%s", train.shape, test.shape)

    X, Y = train.drop(columns=list(TARGETS)), train[list(TARGETS)]
    trainer = Trainer(settings)
    score = trainer.validate(X, Y)
    print(f"Validation RMSLE: {score:.4f}")

    final = trainer.fit(X, Y)
    submission = Predictor(final).predict_frame(test)
    settings.submission_file.parent.mkdir(parents=True, exist_ok=True)
    submission.to_csv(settings.submission_file, index=False)
    LOGGER.info("submission written: %s", settings.submission_file)


if __name__ == "__main__":
    main()
