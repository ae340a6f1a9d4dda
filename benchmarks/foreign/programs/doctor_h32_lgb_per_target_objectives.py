"""Doctor visits: one LightGBM model per target, each with a count-friendly objective."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.model_selection import KFold
from sklearn.pipeline import Pipeline

logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(message)s")
log = logging.getLogger(__name__)

CONFIG: dict[str, Any] = {
    "data_dir": Path("input"),
    "sub_path": Path("submission") / "submission.csv",
    "id_col": "id",
    "targets": ["visits", "ovisits", "emergency", "hospital"],
    "categoricals": ["health", "adl", "region", "afam", "gender", "married", "employed", "insurance", "medicaid"],
    "folds": 4,
    "seed": 2024,
    "base_params": {
        "n_estimators": 300,
        "learning_rate": 0.03,
        "num_leaves": 15,
        "min_child_samples": 30,
        "subsample": 0.8,
        "subsample_freq": 1,
        "colsample_bytree": 0.8,
        "verbose": -1,
        "n_jobs": 2,
    },
    # counts: poisson for the common one, tweedie for the zero-heavy ones
    "objectives": {
        "visits": {"objective": "poisson"},
        "ovisits": {"objective": "tweedie", "tweedie_variance_power": 1.5},
        "emergency": {"objective": "tweedie", "tweedie_variance_power": 1.3},
        "hospital": {"objective": "tweedie", "tweedie_variance_power": 2.0},
    },
}


class CategoryCaster(BaseEstimator, TransformerMixin):
    """Casts string columns to pandas category with levels frozen at fit time."""

    def __init__(self, columns: list[str]):
        self.columns = columns

    def fit(self, X: pd.DataFrame, y=None) -> "CategoryCaster":
        self.levels_ = {c: sorted(X[c].astype(str).unique()) for c in self.columns}
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        out = X.copy()
        for c in self.columns:
            out[c] = pd.Categorical(out[c].astype(str), categories=self.levels_[c])
        return out


class DropColumns(BaseEstimator, TransformerMixin):
    def __init__(self, columns: list[str]):
        self.columns = columns

    def fit(self, X: pd.DataFrame, y=None) -> "DropColumns":
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        return X.drop(columns=[c for c in self.columns if c in X.columns])


def rmsle(y: np.ndarray, p: np.ndarray) -> float:
    return float(np.sqrt(np.mean((np.log1p(y) - np.log1p(np.clip(p, 0, None))) ** 2)))


class Trainer:
    def __init__(self, config: dict[str, Any]):
        self.config = config

    def pipeline_for(self, target: str) -> Pipeline:
        params = {**self.config["base_params"], **self.config["objectives"][target]}
        params["random_state"] = self.config["seed"]
        return Pipeline(
            [
                ("drop", DropColumns([self.config["id_col"]])),
                ("cats", CategoryCaster(self.config["categoricals"])),
                ("lgb", lgb.LGBMRegressor(**params)),
            ]
        )

    def oof_score(self, X: pd.DataFrame, y: pd.Series, target: str) -> float:
        kf = KFold(self.config["folds"], shuffle=True, random_state=self.config["seed"])
        oof = np.zeros(len(y))
        for tr, va in kf.split(X):
            pipe = self.pipeline_for(target)
            pipe.fit(X.iloc[tr], y.iloc[tr])
            oof[va] = pipe.predict(X.iloc[va])
        return rmsle(y.to_numpy(), oof)

    def fit_full(self, X: pd.DataFrame, y: pd.Series, target: str) -> Pipeline:
        pipe = self.pipeline_for(target)
        pipe.fit(X, y)
        return pipe


def main() -> None:
    cfg = CONFIG
    train = pd.read_csv(cfg["data_dir"] / "train.csv")
    test = pd.read_csv(cfg["data_dir"] / "test.csv")
    log.info("loaded train=%s test=%s", train.shape, test.shape)

    X = train.drop(columns=cfg["targets"])
    trainer = Trainer(cfg)
    scores: dict[str, float] = {}
    sub = pd.DataFrame({cfg["id_col"]: test[cfg["id_col"]]})

    for target in cfg["targets"]:
        log.info("target %s: %s", target, cfg["objectives"][target])
        scores[target] = trainer.oof_score(X, train[target], target)
        log.info("target %s: oof rmsle %.4f", target, scores[target])
        model = trainer.fit_full(X, train[target], target)
        sub[target] = np.clip(model.predict(test), 0, None)

    mean_score = float(np.mean(list(scores.values())))
    print(f"Validation RMSLE (mean of targets): {mean_score:.4f}")

    cfg["sub_path"].parent.mkdir(parents=True, exist_ok=True)
    sub.to_csv(cfg["sub_path"], index=False)
    log.info("saved %s", cfg["sub_path"])


if __name__ == "__main__":
    main()
