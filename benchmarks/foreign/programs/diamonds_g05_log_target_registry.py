"""Diamond price regression scored by RMSLE.

All candidates are trained on log1p(price) through TransformedTargetRegressor so the
CV score is directly comparable with the competition metric.
"""
from __future__ import annotations

import argparse
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import joblib
import numpy as np
import pandas as pd
from lightgbm import LGBMRegressor
from sklearn.base import BaseEstimator, RegressorMixin, TransformerMixin
from sklearn.compose import TransformedTargetRegressor
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.linear_model import Ridge
from sklearn.metrics import make_scorer
from sklearn.model_selection import KFold, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import PolynomialFeatures, StandardScaler

LOG = logging.getLogger("diamonds_g05")

GRADE_ORDER: dict[str, list[str]] = {
    "cut": ["Fair", "Good", "Very Good", "Premium", "Ideal"],
    "color": ["J", "I", "H", "G", "F", "E", "D"],
    "clarity": ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"],
}


@dataclass
class Settings:
    input_dir: Path = Path("input")
    submission_file: Path = Path("submission/submission.csv")
    artifact_root: Path = Path("artifacts/diamonds_g05")
    n_folds: int = 4
    seed: int = 3


def get_settings() -> Settings:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n-folds", type=int, default=Settings.n_folds)
    ap.add_argument("--seed", type=int, default=Settings.seed)
    ns = ap.parse_args()
    return Settings(n_folds=ns.n_folds, seed=ns.seed)


class GradeEncoder(BaseEstimator, TransformerMixin):
    """Replaces the graded text columns by their rank (0 = worst)."""

    def __init__(self, order: dict[str, list[str]] | None = None) -> None:
        self.order = order

    def fit(self, X: pd.DataFrame, y=None) -> "GradeEncoder":
        self.order_ = self.order or GRADE_ORDER
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        out = X.copy()
        for col, levels in self.order_.items():
            ranks = {lvl: i for i, lvl in enumerate(levels)}
            out[col] = out[col].map(ranks).fillna(-1).astype(float)
        return out


class Geometry(BaseEstimator, TransformerMixin):
    """Volume/density style features; zero dimensions are treated as unknown."""

    def fit(self, X: pd.DataFrame, y=None) -> "Geometry":
        dims = X[["x", "y", "z"]].replace(0, np.nan)
        self.dim_median_ = dims.median()
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        out = X.copy()
        dims = X[["x", "y", "z"]].replace(0, np.nan).fillna(self.dim_median_)
        # a few rows carry typos like y=58.9; cap each axis at 1.5x the row mean
        cap = dims.mean(axis=1) * 1.5
        dims = dims.clip(upper=cap, axis=0)
        out[["x", "y", "z"]] = dims
        out["volume"] = dims["x"] * dims["y"] * dims["z"]
        out["log_carat"] = np.log(X["carat"])
        out["density"] = X["carat"] / out["volume"]
        out["xy_ratio"] = dims["x"] / dims["y"]
        return out


def rmsle(y_true: np.ndarray, y_pred: np.ndarray) -> float:
    y_pred = np.clip(y_pred, 0, None)
    return float(np.sqrt(np.mean((np.log1p(y_pred) - np.log1p(y_true)) ** 2)))


def log_target(regressor: BaseEstimator) -> RegressorMixin:
    return TransformedTargetRegressor(regressor=regressor, func=np.log1p, inverse_func=np.expm1)


def build_registry(s: Settings) -> dict[str, Pipeline]:
    base: Callable[[], list] = lambda: [("grades", GradeEncoder()), ("geometry", Geometry())]
    return {
        "ridge_poly": Pipeline(base() + [
            ("model", log_target(Pipeline([("scale", StandardScaler()),
                                           ("poly", PolynomialFeatures(degree=2, include_bias=False)),
                                           ("ridge", Ridge(alpha=3.0))]))),
        ]),
        "hist_gbm": Pipeline(base() + [
            ("model", log_target(HistGradientBoostingRegressor(max_iter=400, learning_rate=0.08,
                                                               max_leaf_nodes=31, random_state=s.seed))),
        ]),
        "lightgbm": Pipeline(base() + [
            ("model", log_target(LGBMRegressor(n_estimators=600, learning_rate=0.04, num_leaves=31,
                                               subsample=0.8, subsample_freq=1, colsample_bytree=0.8,
                                               random_state=s.seed, n_jobs=2, verbose=-1))),
        ]),
    }


def load(s: Settings) -> tuple[pd.DataFrame, pd.DataFrame]:
    tr = pd.read_csv(s.input_dir / "train.csv")
    te = pd.read_csv(s.input_dir / "test.csv")
    LOG.info("train %s | test %s", tr.shape, te.shape)
    return tr, te


def validate(tr: pd.DataFrame, te: pd.DataFrame) -> None:
    for col, levels in GRADE_ORDER.items():
        unseen = set(te[col].unique()) - set(levels)
        if unseen:
            LOG.warning("column %s has unexpected levels %s", col, unseen)
    if (tr["price"] <= 0).any():
        raise ValueError("non-positive prices in train")
    LOG.info("price range: %.0f - %.0f", tr["price"].min(), tr["price"].max())


def features(tr: pd.DataFrame, te: pd.DataFrame) -> tuple[pd.DataFrame, pd.Series, pd.DataFrame]:
    cols = [c for c in te.columns if c != "id"]
    return tr[cols], tr["price"], te[cols]


def cross_validate_all(s: Settings, reg: dict[str, Pipeline], X: pd.DataFrame, y: pd.Series) -> dict[str, float]:
    scorer = make_scorer(rmsle, greater_is_better=False)
    kf = KFold(n_splits=s.n_folds, shuffle=True, random_state=s.seed)
    scores: dict[str, float] = {}
    for name, pipe in reg.items():
        fold_scores = -cross_val_score(pipe, X, y, cv=kf, scoring=scorer, error_score="raise")
        scores[name] = float(fold_scores.mean())
        LOG.info("%-11s RMSLE %.5f  folds=%s", name, scores[name], np.round(fold_scores, 4).tolist())
    return scores


def train(reg: dict[str, Pipeline], scores: dict[str, float], X: pd.DataFrame, y: pd.Series) -> tuple[str, Pipeline]:
    best = min(scores, key=scores.get)
    LOG.info("refitting %s on %d rows", best, len(X))
    return best, reg[best].fit(X, y)


def feature_importance(model: Pipeline, X: pd.DataFrame) -> pd.DataFrame:
    names = model[:-1].transform(X.head(5)).columns
    inner = model.named_steps["model"].regressor_
    if hasattr(inner, "feature_importances_"):
        vals = inner.feature_importances_
    else:
        vals = np.full(len(names), np.nan)
    return pd.DataFrame({"feature": names, "importance": vals}).sort_values("importance", ascending=False)


def predict(model: Pipeline, X_test: pd.DataFrame) -> np.ndarray:
    return np.clip(model.predict(X_test), 300, None)


def save(s: Settings, best: str, model: Pipeline, scores: dict[str, float], imp: pd.DataFrame,
         ids: pd.Series, preds: np.ndarray) -> None:
    s.artifact_root.mkdir(parents=True, exist_ok=True)
    joblib.dump(model, s.artifact_root / f"{best}.joblib")
    (s.artifact_root / "metrics.json").write_text(json.dumps({"best": best, "cv_rmsle": scores}, indent=2))
    imp.to_csv(s.artifact_root / "feature_importance.csv", index=False)
    s.submission_file.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": ids, "price": preds}).to_csv(s.submission_file, index=False)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    s = get_settings()
    tr, te = load(s)
    validate(tr, te)
    X, y, X_test = features(tr, te)
    reg = build_registry(s)
    scores = cross_validate_all(s, reg, X, y)
    best, model = train(reg, scores, X, y)
    preds = predict(model, X_test)
    save(s, best, model, scores, feature_importance(model, X), te["id"], preds)
    print(f"CV RMSLE: {scores[best]:.5f} [{best}]")


if __name__ == "__main__":
    main()
