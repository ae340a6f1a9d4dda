"""School math achievement: pupil + school-context features, GroupKFold by School, Ridge/HGB ensemble."""
from __future__ import annotations

import argparse
import json
import logging
import sys
from dataclasses import dataclass
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin, clone
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.linear_model import RidgeCV
from sklearn.metrics import mean_squared_error
from sklearn.model_selection import GroupKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

logger = logging.getLogger("school")


@dataclass
class Config:
    data_dir: Path = Path("input")
    submission: Path = Path("submission/submission.csv")
    model_dir: Path = Path("models")
    target: str = "MathAch"
    group_col: str = "School"
    n_splits: int = 5
    ridge_weight: float = 0.5


class SchoolContext(BaseEstimator, TransformerMixin):
    """Within-school aggregates that only use features, so they are valid for unseen test schools."""

    def fit(self, X: pd.DataFrame, y=None) -> "SchoolContext":
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        X = X.copy()
        g = X.groupby("School")
        X["school_size"] = g["SES"].transform("size").astype(float)
        X["school_ses_std"] = g["SES"].transform("std").fillna(0.0)
        X["school_minority_share"] = g["Minority"].transform(lambda s: (s == "Yes").mean())
        X["school_female_share"] = g["Sex"].transform(lambda s: (s == "Female").mean())
        X["ses_centered"] = X["SES"] - X["MEANSES"]
        return X.drop(columns=["School"])


NUMERIC = ["SES", "MEANSES", "school_size", "school_ses_std", "school_minority_share",
           "school_female_share", "ses_centered"]
CATEGORICAL = ["Minority", "Sex"]


def make_pipelines() -> dict[str, Pipeline]:
    pre = ColumnTransformer([
        ("num", StandardScaler(), NUMERIC),
        ("cat", OneHotEncoder(drop="if_binary"), CATEGORICAL),
    ])
    return {
        "ridge": Pipeline([("ctx", SchoolContext()), ("pre", pre), ("model", RidgeCV(alphas=np.logspace(-2, 3, 12)))]),
        "hgb": Pipeline([("ctx", SchoolContext()), ("pre", clone(pre)),
                         ("model", HistGradientBoostingRegressor(max_iter=300, learning_rate=0.04, max_leaf_nodes=15,
                                                                 min_samples_leaf=40, l2_regularization=1.0,
                                                                 random_state=0))]),
    }


class Trainer:
    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg

    def cross_validate(self, X: pd.DataFrame, y: np.ndarray, groups: np.ndarray) -> dict[str, np.ndarray]:
        oof = {name: np.zeros(len(X)) for name in make_pipelines()}
        gkf = GroupKFold(n_splits=self.cfg.n_splits)
        for fold, (tr, va) in enumerate(gkf.split(X, y, groups)):
            parts = []
            for name, pipe in make_pipelines().items():
                pipe.fit(X.iloc[tr], y[tr])
                oof[name][va] = pipe.predict(X.iloc[va])
                parts.append(f"{name}={np.sqrt(mean_squared_error(y[va], oof[name][va])):.4f}")
            logger.info("fold %d (%d schools held out): %s", fold, len(np.unique(groups[va])), "  ".join(parts))
        return oof

    def fit_full(self, X: pd.DataFrame, y: np.ndarray) -> dict[str, Pipeline]:
        fitted = {name: pipe.fit(X, y) for name, pipe in make_pipelines().items()}
        self.cfg.model_dir.mkdir(parents=True, exist_ok=True)
        joblib.dump(fitted, self.cfg.model_dir / "pipelines.joblib")
        return fitted


def main() -> None:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(asctime)s [%(name)s] %(message)s")
    cfg = Config()
    ap = argparse.ArgumentParser()
    ap.add_argument("--n-splits", type=int, default=cfg.n_splits)
    ap.add_argument("--ridge-weight", type=float, default=cfg.ridge_weight)
    a = ap.parse_args()
    cfg.n_splits, cfg.ridge_weight = a.n_splits, a.ridge_weight

    train = pd.read_csv(cfg.data_dir / "train.csv")
    test = pd.read_csv(cfg.data_dir / "test.csv")
    X = train.drop(columns=["id", cfg.target])
    y = train[cfg.target].to_numpy()
    groups = train[cfg.group_col].to_numpy()
    logger.info("train: %d pupils in %d schools | test: %d pupils in %d schools",
                len(train), train[cfg.group_col].nunique(), len(test), test[cfg.group_col].nunique())

    trainer = Trainer(cfg)
    oof = trainer.cross_validate(X, y, groups)
    scores = {name: float(np.sqrt(mean_squared_error(y, p))) for name, p in oof.items()}
    blend = cfg.ridge_weight * oof["ridge"] + (1 - cfg.ridge_weight) * oof["hgb"]
    scores["blend"] = float(np.sqrt(mean_squared_error(y, blend)))
    for name, s in scores.items():
        logger.info("GroupKFold RMSE %-6s %.4f", name, s)

    models = trainer.fit_full(X, y)
    X_test = test.drop(columns=["id"])
    pred = cfg.ridge_weight * models["ridge"].predict(X_test) + (1 - cfg.ridge_weight) * models["hgb"].predict(X_test)
    cfg.submission.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": test["id"], cfg.target: pred}).to_csv(cfg.submission, index=False)
    (cfg.model_dir / "cv_scores.json").write_text(json.dumps(scores, indent=2))
    logger.info("wrote %s; mean prediction %.3f", cfg.submission, pred.mean())


if __name__ == "__main__":
    main()
