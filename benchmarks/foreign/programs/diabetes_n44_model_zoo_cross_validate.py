"""Diabetes progression regression: compare a few candidate models with
repeated K-fold CV, keep the best by RMSE and write the submission."""
from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import joblib
import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.ensemble import RandomForestRegressor
from sklearn.linear_model import RidgeCV
from sklearn.model_selection import KFold, cross_validate
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

INPUT = Path("input")
OUTPUT = Path("submission")
ARTIFACTS = Path("artifacts")
TARGET = "progression"
SEED = 2024

logging.basicConfig(level=logging.INFO, format="%(asctime)s | %(levelname)s | %(message)s")
logger = logging.getLogger(__name__)


class InteractionFeatures(BaseEstimator, TransformerMixin):
    """bmi*bp and bmi*s5 interactions, the usual suspects for this data."""

    def __init__(self, pairs: tuple[tuple[str, str], ...] = (("bmi", "bp"), ("bmi", "s5"))):
        self.pairs = pairs

    def fit(self, X: pd.DataFrame, y: Any = None) -> "InteractionFeatures":
        self.feature_names_in_ = np.asarray(X.columns, dtype=object)
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        out = X.copy()
        for a, b in self.pairs:
            out[f"{a}_x_{b}"] = out[a] * out[b]
        return out


def candidates() -> dict[str, Pipeline]:
    return {
        "ridge": Pipeline([
            ("inter", InteractionFeatures()),
            ("scale", StandardScaler()),
            ("model", RidgeCV(alphas=np.logspace(-3, 3, 25))),
        ]),
        "forest": Pipeline([
            ("inter", InteractionFeatures()),
            ("model", RandomForestRegressor(
                n_estimators=300, max_features="auto", min_samples_leaf=5,
                random_state=SEED, n_jobs=1,
            )),
        ]),
    }


def evaluate(name: str, model: Pipeline, X: pd.DataFrame, y: pd.Series) -> float:
    cv = KFold(n_splits=5, shuffle=True, random_state=SEED)
    res = cross_validate(model, X, y, cv=cv, scoring="neg_root_mean_squared_error")
    rmse = -res["test_score"]
    logger.info("%-7s RMSE %.3f +/- %.3f", name, rmse.mean(), rmse.std())
    return float(rmse.mean())


def main() -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    train = pd.read_csv(INPUT / "train.csv")
    test = pd.read_csv(INPUT / "test.csv")
    features = [c for c in train.columns if c not in ("id", TARGET)]
    X, y = train[features], train[TARGET]

    scores = {name: evaluate(name, m, X, y) for name, m in candidates().items()}
    best = min(scores, key=scores.get)
    print(f"Best model: {best}  CV RMSE: {scores[best]:.4f}")

    model = candidates()[best].fit(X, y)
    preds = model.predict(test[features])
    pd.DataFrame({"id": test["id"], TARGET: preds}).to_csv(OUTPUT / "submission.csv", index=False)

    joblib.dump(model, ARTIFACTS / f"{best}.joblib")
    (ARTIFACTS / "cv_scores.json").write_text(json.dumps(scores, indent=2))


if __name__ == "__main__":
    main()
