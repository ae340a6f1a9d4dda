"""Diamonds price model: grade ranks + carat interactions, K-fold over a registry.

Run: python diamonds_g06_grade_rank_kfold.py  (all options have defaults)
"""
from __future__ import annotations

import argparse
import json
import logging
import time
from dataclasses import dataclass
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from lightgbm import LGBMRegressor
from sklearn.base import BaseEstimator, TransformerMixin, clone
from sklearn.ensemble import ExtraTreesRegressor
from sklearn.linear_model import RidgeCV
from sklearn.model_selection import KFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

logger = logging.getLogger("diamonds_g06")

CUT = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
COLOR = ["J", "I", "H", "G", "F", "E", "D"]
CLARITY = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]


@dataclass
class Config:
    data: Path = Path("input")
    out: Path = Path("submission")
    artifacts: Path = Path("artifacts/diamonds_g06")
    folds: int = 3
    seed: int = 99
    target: str = "price"


def parse() -> Config:
    p = argparse.ArgumentParser()
    p.add_argument("--folds", type=int, default=Config.folds)
    p.add_argument("--seed", type=int, default=Config.seed)
    a = p.parse_args()
    return Config(folds=a.folds, seed=a.seed)


class GradeRanker(BaseEstimator, TransformerMixin):
    """Adds an ordinal `<grade>_rank` column for cut, color and clarity."""

    def __init__(self, scales: tuple[tuple[str, list[str]], ...] = (("cut", CUT), ("color", COLOR), ("clarity", CLARITY))):
        self.scales = scales

    def fit(self, X: pd.DataFrame, y=None) -> "GradeRanker":
        self.maps_ = {col: {lvl: rank for rank, lvl in enumerate(levels)} for col, levels in self.scales}
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        X = X.copy()
        for col, mapping in self.maps_.items():
            X[f"{col}_rank"] = X[col].map(mapping).astype(float)
        return X


class CaratInteractions(BaseEstimator, TransformerMixin):
    """log(carat) and its products with each grade rank -- price is roughly multiplicative."""

    def fit(self, X: pd.DataFrame, y=None) -> "CaratInteractions":
        self.rank_cols_ = [c for c in X.columns if c.endswith("_rank")]
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        X = X.copy()
        X["log_carat"] = np.log(X["carat"])
        for c in self.rank_cols_:
            X[f"log_carat_x_{c}"] = X["log_carat"] * X[c]
        X["volume"] = X["x"] * X["y"] * X["z"].clip(lower=0.1)
        return X


def load(cfg: Config) -> tuple[pd.DataFrame, pd.DataFrame]:
    train = pd.read_csv(cfg.data / "train.csv")
    test = pd.read_csv(cfg.data / "test.csv")
    logger.info("train: %d rows, test: %d rows", len(train), len(test))
    return train, test


def validate(cfg: Config, train: pd.DataFrame, test: pd.DataFrame) -> None:
    assert train[cfg.target].gt(0).all()
    assert set(test.columns) == set(train.columns) - {cfg.target}
    logger.info("target summary:\n%s", train[cfg.target].describe().round(1).to_string())


def make_registry(cfg: Config) -> dict[str, Pipeline]:
    def with_features(est: BaseEstimator) -> Pipeline:
        return Pipeline([("grades", GradeRanker()), ("carat", CaratInteractions()), ("est", est)])

    return {
        "extra_trees": with_features(ExtraTreesRegressor(n_estimators=150, min_samples_leaf=2,
                                                         random_state=cfg.seed, n_jobs=2)),
        "ridge": with_features(Pipeline([("sc", StandardScaler()), ("ridge", RidgeCV(alphas=np.logspace(-2, 2, 9)))])),
        "lgbm": with_features(LGBMRegressor(n_estimators=500, learning_rate=0.05, num_leaves=40,
                                            colsample_bytree=0.8, random_state=cfg.seed, verbose=-1, n_jobs=2)),
    }


def rmsle_from_log(y_log: np.ndarray, pred_log: np.ndarray) -> float:
    return float(np.sqrt(np.mean((y_log - pred_log) ** 2)))


def kfold_compare(cfg: Config, registry: dict[str, Pipeline], X: pd.DataFrame, y_log: np.ndarray) -> dict[str, float]:
    kf = KFold(cfg.folds, shuffle=True, random_state=cfg.seed)
    baseline = rmsle_from_log(y_log, np.full_like(y_log, np.median(y_log)))
    logger.info("median baseline RMSLE: %.4f", baseline)
    results: dict[str, float] = {}
    for name, pipe in registry.items():
        start = time.time()
        oof = np.zeros_like(y_log)
        for fold, (tr_idx, va_idx) in enumerate(kf.split(X)):
            model = clone(pipe).fit(X.iloc[tr_idx], y_log[tr_idx])
            oof[va_idx] = model.predict(X.iloc[va_idx])
            logger.debug("%s fold %d done", name, fold)
        results[name] = rmsle_from_log(y_log, oof)
        logger.info("%-12s RMSLE=%.5f (%.1fs)", name, results[name], time.time() - start)
    return results


def fit_best(registry: dict[str, Pipeline], results: dict[str, float], X: pd.DataFrame, y_log: np.ndarray) -> tuple[str, Pipeline]:
    best = min(results, key=results.get)
    return best, clone(registry[best]).fit(X, y_log)


def importances(model: Pipeline, X: pd.DataFrame) -> pd.DataFrame:
    cols = model[:-1].transform(X.iloc[:3]).columns
    est = model.named_steps["est"]
    vals = getattr(est, "feature_importances_", np.full(len(cols), np.nan))
    return pd.DataFrame({"feature": cols, "importance": vals}).sort_values("importance", ascending=False)


def save(cfg: Config, name: str, model: Pipeline, results: dict[str, float], imp: pd.DataFrame, sub: pd.DataFrame) -> None:
    cfg.artifacts.mkdir(parents=True, exist_ok=True)
    cfg.out.mkdir(parents=True, exist_ok=True)
    joblib.dump(model, cfg.artifacts / "model.joblib")
    with open(cfg.artifacts / "metrics.json", "w") as fh:
        json.dump({"best": name, "rmsle": results}, fh, indent=2)
    imp.to_csv(cfg.artifacts / "feature_importance.csv", index=False)
    sub.to_csv(cfg.out / "submission.csv", index=False)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s [%(levelname)s] %(message)s")
    cfg = parse()
    train, test = load(cfg)
    validate(cfg, train, test)
    feats = [c for c in test.columns if c != "id"]
    X, y_log = train[feats], np.log1p(train[cfg.target].to_numpy(dtype=float))
    registry = make_registry(cfg)
    results = kfold_compare(cfg, registry, X, y_log)
    name, model = fit_best(registry, results, X, y_log)
    pred = np.expm1(model.predict(test[feats]))
    sub = pd.DataFrame({"id": test["id"], "price": pred})
    save(cfg, name, model, results, importances(model, X), sub)
    print(f"CV RMSLE ({name}): {results[name]:.5f}")


if __name__ == "__main__":
    main()
