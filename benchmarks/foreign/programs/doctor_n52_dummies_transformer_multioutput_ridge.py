"""Doctor-visit counts (four targets) with a multi-output Ridge model.

Counts are heavily skewed, so every target is fit on log1p scale and
mapped back with expm1; scored with column-wise RMSLE.
"""
from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Sequence

import joblib
import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.linear_model import Ridge
from sklearn.model_selection import train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

INPUT_DIR = Path("input")
SUBMISSION_PATH = Path("submission/submission.csv")
ARTIFACT_DIR = Path("artifacts")
TARGETS = ["visits", "ovisits", "emergency", "hospital"]
CATEGORICAL = ["health", "adl", "region", "afam", "gender", "married", "employed", "insurance", "medicaid", "chronic"]
NUMERIC = ["age", "school", "income"]

logger = logging.getLogger("doctor_visits")


class DummyEncoder(BaseEstimator, TransformerMixin):
    """One-hot encodes the categorical columns via pandas.get_dummies."""

    def __init__(self, categorical: Sequence[str], numeric: Sequence[str]):
        self.categorical = categorical
        self.numeric = numeric

    def fit(self, X: pd.DataFrame, y=None) -> "DummyEncoder":
        return self

    def transform(self, X: pd.DataFrame) -> np.ndarray:
        dummies = pd.get_dummies(X[list(self.categorical)].astype(str), drop_first=True, dtype=float)
        return np.hstack([X[list(self.numeric)].to_numpy(dtype=float), dummies.to_numpy()])


def build_model(alpha: float = 3.0) -> Pipeline:
    return Pipeline([
        ("dummies", DummyEncoder(CATEGORICAL, NUMERIC)),
        ("scale", StandardScaler()),
        ("ridge", Ridge(alpha=alpha)),
    ])


def rmsle_columnwise(y_true: np.ndarray, y_pred: np.ndarray) -> list[float]:
    err = np.log1p(np.clip(y_pred, 0, None)) - np.log1p(y_true)
    return np.sqrt(np.mean(err ** 2, axis=0)).tolist()


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    ARTIFACT_DIR.mkdir(exist_ok=True)

    train = pd.read_csv(INPUT_DIR / "train.csv")
    test = pd.read_csv(INPUT_DIR / "test.csv")
    X = train[CATEGORICAL + NUMERIC]
    Y = train[TARGETS].to_numpy(dtype=float)

    X_tr, X_va, Y_tr, Y_va = train_test_split(X, Y, test_size=0.2, random_state=17)
    model = build_model().fit(X_tr, np.log1p(Y_tr))
    pred_va = np.expm1(model.predict(X_va))
    per_col = rmsle_columnwise(Y_va, pred_va)
    for name, score in zip(TARGETS, per_col):
        logger.info("%-10s RMSLE %.4f", name, score)
    print(f"Validation mean column-wise RMSLE: {np.mean(per_col):.4f}")

    final = build_model().fit(X, np.log1p(Y))
    pred = np.clip(np.expm1(final.predict(test[CATEGORICAL + NUMERIC])), 0, None)
    sub = pd.DataFrame(pred, columns=TARGETS)
    sub.insert(0, "id", test["id"].to_numpy())
    sub.to_csv(SUBMISSION_PATH, index=False)

    joblib.dump(final, ARTIFACT_DIR / "ridge_multi.joblib")
    (ARTIFACT_DIR / "metrics.json").write_text(json.dumps(dict(zip(TARGETS, per_col)), indent=2))


if __name__ == "__main__":
    main()
