"""Breast cancer: compare a small zoo of classifiers with CV and submit the best one."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import LinearSVC

log = logging.getLogger("breast.zoo")


@dataclass
class RunConfig:
    data_dir: Path = Path("input")
    out_file: Path = Path("submission") / "submission.csv"
    id_col: str = "id"
    target: str = "diagnosis"
    folds: int = 5
    seed: int = 3
    drop_error_features: bool = False
    candidates: list[str] = field(default_factory=lambda: ["logreg", "forest", "linsvc"])


class ColumnSelector(BaseEstimator, TransformerMixin):
    """Keeps the mean_/worst_ measurements, optionally dropping the *_error group."""

    def __init__(self, drop_error: bool = False):
        self.drop_error = drop_error

    def fit(self, X: pd.DataFrame, y=None) -> "ColumnSelector":
        cols = [c for c in X.columns if c.startswith(("mean_", "worst_")) or c.endswith("_error")]
        if self.drop_error:
            cols = [c for c in cols if not c.endswith("_error")]
        self.columns_ = cols
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        return X[self.columns_]


def make_logreg(cfg: RunConfig) -> Pipeline:
    return Pipeline(
        [("select", ColumnSelector(cfg.drop_error_features)), ("scale", StandardScaler()),
         ("clf", LogisticRegression(C=0.5, max_iter=3000))]
    )


def make_forest(cfg: RunConfig) -> Pipeline:
    return Pipeline(
        [("select", ColumnSelector(cfg.drop_error_features)),
         ("clf", RandomForestClassifier(n_estimators=200, min_samples_leaf=2, n_jobs=2, random_state=cfg.seed))]
    )


def make_linsvc(cfg: RunConfig) -> Pipeline:
    return Pipeline(
        [("select", ColumnSelector(cfg.drop_error_features)), ("scale", StandardScaler()),
         ("clf", LinearSVC(C=0.05, max_iter=5000))]
    )


REGISTRY: dict[str, Callable[[RunConfig], Pipeline]] = {
    "logreg": make_logreg,
    "forest": make_forest,
    "linsvc": make_linsvc,
}


def positive_scores(model: Pipeline, X: pd.DataFrame) -> np.ndarray:
    """Ranking scores for the positive class; AUC only needs an ordering."""
    if hasattr(model, "predict_proba"):
        raw = model.predict_proba(X)
    else:
        raw = model.decision_function(X)
    return raw[:, 1]


class Trainer:
    def __init__(self, cfg: RunConfig) -> None:
        self.cfg = cfg

    def cv_score(self, name: str, X: pd.DataFrame, y: pd.Series) -> float:
        skf = StratifiedKFold(n_splits=self.cfg.folds, shuffle=True, random_state=self.cfg.seed)
        oof = np.zeros(len(y), dtype=float)
        for tr, va in skf.split(X, y):
            model = REGISTRY[name](self.cfg).fit(X.iloc[tr], y.iloc[tr])
            oof[va] = positive_scores(model, X.iloc[va])
        return float(roc_auc_score(y, oof))

    def select(self, X: pd.DataFrame, y: pd.Series) -> tuple[str, float]:
        results: dict[str, float] = {}
        for name in self.cfg.candidates:
            results[name] = self.cv_score(name, X, y)
            log.info("candidate %-7s cv auc %.5f", name, results[name])
        best = max(results, key=results.get)
        return best, results[best]


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = RunConfig()
    train = pd.read_csv(cfg.data_dir / "train.csv")
    test = pd.read_csv(cfg.data_dir / "test.csv")
    X = train.drop(columns=[cfg.id_col, cfg.target])
    y = train[cfg.target]

    trainer = Trainer(cfg)
    best, auc = trainer.select(X, y)
    log.info("best model: %s", best)
    print(f"Validation AUC: {auc:.4f}")

    final = REGISTRY[best](cfg).fit(X, y)
    scores = positive_scores(final, test.drop(columns=[cfg.id_col]))
    if best == "linsvc":
        scores = 1.0 / (1.0 + np.exp(-scores))
    cfg.out_file.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({cfg.id_col: test[cfg.id_col], cfg.target: scores}).to_csv(cfg.out_file, index=False)
    log.info("wrote %s", cfg.out_file)


if __name__ == "__main__":
    main()
