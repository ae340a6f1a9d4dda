"""Breast cancer: logistic regression over log-scaled measurements plus shape ratios."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

CONFIG: dict[str, Any] = {
    "input_dir": Path("input"),
    "output_file": Path("submission/submission.csv"),
    "id_column": "id",
    "target": "diagnosis",
    "log_prefixes": ("area", "perimeter", "radius"),
    "C": 0.3,
    "n_splits": 5,
    "seed": 11,
}

logger = logging.getLogger("breast.logreg")


class LogSkewed(BaseEstimator, TransformerMixin):
    """Applies log1p to columns whose name contains one of the given stems."""

    def __init__(self, stems: tuple[str, ...] = ("area",)):
        self.stems = stems

    def fit(self, X: pd.DataFrame, y=None) -> "LogSkewed":
        self.columns_ = [c for c in X.columns if any(s in c for s in self.stems)]
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        out = X.copy()
        out[self.columns_] = np.log1p(out[self.columns_].clip(lower=0))
        return out


class ShapeRatios(BaseEstimator, TransformerMixin):
    """Adds dimensionless shape descriptors computed from raw radius/area/perimeter."""

    def fit(self, X: pd.DataFrame, y=None) -> "ShapeRatios":
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        out = X.copy()
        for kind in ("mean", "worst"):
            r = out[f"{kind}_radius"]
            out[f"{kind}_roundness"] = out[f"{kind}_area"] / (np.pi * r**2 + 1e-9)
            out[f"{kind}_perim_ratio"] = out[f"{kind}_perimeter"] / (2 * np.pi * r + 1e-9)
        out["worst_over_mean_radius"] = out["worst_radius"] / (out["mean_radius"] + 1e-9)
        out["concave_growth"] = out["worst_concave_points"] - out["mean_concave_points"]
        return out


class FeatureBuilder:
    def __init__(self, config: dict[str, Any]) -> None:
        self.config = config

    def split(self, frame: pd.DataFrame) -> pd.DataFrame:
        drop = [self.config["id_column"], self.config["target"]]
        return frame.drop(columns=[c for c in drop if c in frame.columns])


class Trainer:
    def __init__(self, config: dict[str, Any]) -> None:
        self.config = config

    def pipeline(self) -> Pipeline:
        return Pipeline(
            [
                ("ratios", ShapeRatios()),
                ("log", LogSkewed(self.config["log_prefixes"])),
                ("scale", StandardScaler()),
                ("clf", LogisticRegression(C=self.config["C"], max_iter=2000)),
            ]
        )

    def cv_auc(self, X: pd.DataFrame, y: pd.Series) -> float:
        skf = StratifiedKFold(self.config["n_splits"], shuffle=True, random_state=self.config["seed"])
        oof = np.zeros(len(y))
        for i, (tr, va) in enumerate(skf.split(X, y)):
            model = self.pipeline().fit(X.iloc[tr], y.iloc[tr])
            oof[va] = model.predict_proba(X.iloc[va])[:, 1]
            logger.info("fold %d auc=%.4f", i, roc_auc_score(y.iloc[va], oof[va]))
        return float(roc_auc_score(y, oof))

    def fit(self, X: pd.DataFrame, y: pd.Series) -> Pipeline:
        return self.pipeline().fit(X, y)


class Predictor:
    def __init__(self, model: Pipeline, config: dict[str, Any]) -> None:
        self.model = model
        self.config = config

    def save(self, test: pd.DataFrame, X_test: pd.DataFrame) -> None:
        proba = self.model.predict_proba(X_test)[:, 1]
        sub = pd.DataFrame({self.config["id_column"]: test[self.config["id_column"]], self.config["target"]: proba})
        path: Path = self.config["output_file"]
        path.parent.mkdir(parents=True, exist_ok=True)
        sub.to_csv(path, index=False)
        logger.info("saved %d predictions to %s", len(sub), path)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(name)s - %(message)s")
    train = pd.read_csv(CONFIG["input_dir"] / "train.csv")
    test = pd.read_csv(CONFIG["input_dir"] / "test.csv")
    builder = FeatureBuilder(CONFIG)
    X, y = builder.split(train), train[CONFIG["target"]]
    X_test = builder.split(test)
    logger.info("features: %d, positives: %.3f", X.shape[1], y.mean())

    trainer = Trainer(CONFIG)
    auc = trainer.cv_auc(X, y)
    print(f"Validation AUC: {auc:.4f}")

    Predictor(trainer.fit(X, y), CONFIG).save(test, X_test)


if __name__ == "__main__":
    main()
