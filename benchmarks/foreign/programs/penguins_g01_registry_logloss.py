"""Penguin species classifier: model registry compared by stratified CV log loss.

Stages: load -> validate -> features -> cross-validate registry -> refit best
-> predict -> save artifacts + submission.
"""
from __future__ import annotations

import argparse
import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

LOGGER = logging.getLogger("penguins_g01")


@dataclass
class Config:
    input_dir: Path = Path("input")
    submission_dir: Path = Path("submission")
    artifact_dir: Path = Path("artifacts/penguins_g01")
    target: str = "species"
    id_col: str = "id"
    n_splits: int = 5
    seed: int = 17
    numeric_cols: list[str] = field(
        default_factory=lambda: ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]
    )
    categorical_cols: list[str] = field(default_factory=lambda: ["island", "sex"])


def parse_args() -> Config:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n-splits", type=int, default=Config.n_splits)
    parser.add_argument("--seed", type=int, default=Config.seed)
    args = parser.parse_args()
    return Config(n_splits=args.n_splits, seed=args.seed)


class MorphometricRatios(BaseEstimator, TransformerMixin):
    """Adds scale-free ratios of the raw body measurements."""

    def __init__(self, eps: float = 1e-6) -> None:
        self.eps = eps

    def fit(self, X: pd.DataFrame, y=None) -> "MorphometricRatios":
        self.feature_names_in_ = np.asarray(X.columns, dtype=object)
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        out = X.copy()
        out["bill_ratio"] = X["bill_length_mm"] / (X["bill_depth_mm"] + self.eps)
        out["mass_per_flipper"] = X["body_mass_g"] / (X["flipper_length_mm"] + self.eps)
        out["bill_area"] = X["bill_length_mm"] * X["bill_depth_mm"]
        return out

    def get_feature_names_out(self, input_features=None) -> np.ndarray:
        base = list(self.feature_names_in_)
        return np.asarray(base + ["bill_ratio", "mass_per_flipper", "bill_area"], dtype=object)


def load_data(cfg: Config) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    train = pd.read_csv(cfg.input_dir / "train.csv")
    test = pd.read_csv(cfg.input_dir / "test.csv")
    sample = pd.read_csv(cfg.input_dir / "sample_submission.csv")
    LOGGER.info("train %s, test %s", train.shape, test.shape)
    return train, test, sample


def validate_data(cfg: Config, train: pd.DataFrame, test: pd.DataFrame) -> None:
    expected = set(cfg.numeric_cols) | set(cfg.categorical_cols)
    for name, frame in (("train", train), ("test", test)):
        missing = expected - set(frame.columns)
        if missing:
            raise KeyError(f"{name} is missing columns {sorted(missing)}")
    if train[cfg.target].isna().any():
        raise ValueError("target has missing values")
    LOGGER.info("class balance: %s", train[cfg.target].value_counts().to_dict())


def build_preprocessor(cfg: Config) -> ColumnTransformer:
    numeric = Pipeline(
        [
            ("impute", SimpleImputer(strategy="median")),
            ("scale", StandardScaler()),
        ]
    )
    numeric.set_output(transform="pandas")
    morpho = Pipeline([("numeric", numeric), ("ratios", MorphometricRatios())])
    categorical = Pipeline(
        [
            ("impute", SimpleImputer(strategy="most_frequent")),
            ("onehot", OneHotEncoder(handle_unknown="ignore", sparse_output=False)),
        ]
    )
    return ColumnTransformer(
        [("num", morpho, cfg.numeric_cols), ("cat", categorical, cfg.categorical_cols)],
        verbose_feature_names_out=False,
    )


def build_registry(cfg: Config) -> dict[str, Pipeline]:
    models = {
        "logreg": LogisticRegression(C=2.0, max_iter=2000),
        "random_forest": RandomForestClassifier(n_estimators=200, min_samples_leaf=2, random_state=cfg.seed, n_jobs=1),
        "hist_gbm": HistGradientBoostingClassifier(max_iter=150, learning_rate=0.08, max_depth=3, random_state=cfg.seed),
    }
    return {name: Pipeline([("prep", build_preprocessor(cfg)), ("model", est)]) for name, est in models.items()}


def features(cfg: Config, train: pd.DataFrame, test: pd.DataFrame) -> tuple[pd.DataFrame, pd.Series, pd.DataFrame]:
    cols = cfg.numeric_cols + cfg.categorical_cols
    return train[cols], train[cfg.target], test[cols]


def cross_validate_registry(
    cfg: Config, registry: dict[str, Pipeline], X: pd.DataFrame, y: pd.Series
) -> dict[str, dict[str, float]]:
    cv = StratifiedKFold(n_splits=cfg.n_splits, shuffle=True, random_state=cfg.seed)
    results: dict[str, dict[str, float]] = {}
    for name, pipe in registry.items():
        scores = cross_validate(pipe, X, y, cv=cv, scoring=["neg_log_loss", "accuracy"], error_score="raise")
        results[name] = {
            "log_loss": float(-scores["test_neg_log_loss"].mean()),
            "log_loss_std": float(scores["test_neg_log_loss"].std()),
            "accuracy": float(scores["test_accuracy"].mean()),
        }
        LOGGER.info("%-14s logloss=%.4f (+/- %.4f) acc=%.4f", name, results[name]["log_loss"],
                    results[name]["log_loss_std"], results[name]["accuracy"])
    return results


def train_best(registry: dict[str, Pipeline], results: dict[str, dict[str, float]], X: pd.DataFrame, y: pd.Series) -> tuple[str, Pipeline]:
    best_name = min(results, key=lambda k: results[k]["log_loss"])
    best = registry[best_name].fit(X, y)
    LOGGER.info("refit best model: %s", best_name)
    return best_name, best


def feature_importance(model: Pipeline) -> pd.DataFrame:
    names = model.named_steps["prep"].get_feature_names_out()
    est = model.named_steps["model"]
    if hasattr(est, "feature_importances_"):
        values = est.feature_importances_
    elif hasattr(est, "coef_"):
        values = np.abs(est.coef_).mean(axis=0)
    else:
        values = np.full(len(names), np.nan)
    return pd.DataFrame({"feature": names, "importance": values}).sort_values("importance", ascending=False)


def predict(cfg: Config, model: Pipeline, X_test: pd.DataFrame, test: pd.DataFrame, sample: pd.DataFrame) -> pd.DataFrame:
    proba = model.predict_proba(X_test)
    sub = pd.DataFrame(proba, columns=list(model.classes_))
    sub.insert(0, cfg.id_col, test[cfg.id_col].to_numpy())
    return sub[sample.columns]


def save(cfg: Config, model: Pipeline, best_name: str, results: dict, importance: pd.DataFrame, sub: pd.DataFrame) -> None:
    (cfg.artifact_dir / "models").mkdir(parents=True, exist_ok=True)
    (cfg.artifact_dir / "reports").mkdir(parents=True, exist_ok=True)
    cfg.submission_dir.mkdir(parents=True, exist_ok=True)
    joblib.dump(model, cfg.artifact_dir / "models" / f"{best_name}.joblib")
    with open(cfg.artifact_dir / "reports" / "metrics.json", "w") as fh:
        json.dump({"best": best_name, "cv": results}, fh, indent=2)
    importance.to_csv(cfg.artifact_dir / "reports" / "feature_importance.csv", index=False)
    sub.to_csv(cfg.submission_dir / "submission.csv", index=False)
    LOGGER.info("wrote submission with %d rows", len(sub))


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = parse_args()
    train, test, sample = load_data(cfg)
    validate_data(cfg, train, test)
    X, y, X_test = features(cfg, train, test)
    registry = build_registry(cfg)
    results = cross_validate_registry(cfg, registry, X, y)
    best_name, model = train_best(registry, results, X, y)
    sub = predict(cfg, model, X_test, test, sample)
    save(cfg, model, best_name, results, feature_importance(model), sub)
    print(f"CV log loss ({best_name}): {results[best_name]['log_loss']:.5f}")


if __name__ == "__main__":
    main()
