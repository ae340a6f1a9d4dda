"""Seattle daily weather type classifier.

The test period follows the training period, so candidates are compared with a
forward-chaining TimeSeriesSplit on date-sorted rows. Seasonality enters through a
custom calendar transformer (cyclic day-of-year encoding).
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
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import TimeSeriesSplit, cross_validate
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

logger = logging.getLogger("seattle_g09")


@dataclass
class Config:
    input_dir: Path = Path("input")
    submission_path: Path = Path("submission/submission.csv")
    artifact_dir: Path = Path("artifacts/seattle_g09")
    date_col: str = "date"
    target: str = "weather"
    weather_cols: list[str] = field(default_factory=lambda: ["precipitation", "temp_max", "temp_min", "wind"])
    n_splits: int = 4
    seed: int = 21


def get_config() -> Config:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n-splits", type=int, default=Config.n_splits)
    ap.add_argument("--seed", type=int, default=Config.seed)
    ns = ap.parse_args()
    return Config(n_splits=ns.n_splits, seed=ns.seed)


class CalendarFeatures(BaseEstimator, TransformerMixin):
    """ISO date string -> cyclic day-of-year and month features."""

    def __init__(self, date_format: str = "%Y-%m-%d") -> None:
        self.date_format = date_format

    def fit(self, X: pd.DataFrame, y=None) -> "CalendarFeatures":
        return self

    def transform(self, X: pd.DataFrame) -> np.ndarray:
        d = pd.to_datetime(X.iloc[:, 0], format=self.date_format)
        angle = 2 * np.pi * d.dt.day_of_year.to_numpy() / 365.25
        return np.column_stack([np.sin(angle), np.cos(angle), d.dt.month.to_numpy()])

    def get_feature_names_out(self, input_features=None) -> np.ndarray:
        return np.array(["doy_sin", "doy_cos", "month"], dtype=object)


class WeatherDerived(BaseEstimator, TransformerMixin):
    """Diurnal range, rain flags and a log precipitation amount."""

    def fit(self, X: pd.DataFrame, y=None) -> "WeatherDerived":
        return self

    def transform(self, X: pd.DataFrame) -> np.ndarray:
        p = X["precipitation"].to_numpy(dtype=float)
        return np.column_stack([
            X["temp_max"] - X["temp_min"],
            (p > 0).astype(float),
            np.log1p(p),
            X["temp_max"].to_numpy(dtype=float) <= 2.0,
        ]).astype(float)

    def get_feature_names_out(self, input_features=None) -> np.ndarray:
        return np.array(["temp_range", "wet_day", "log_precip", "freezing"], dtype=object)


def load(cfg: Config) -> tuple[pd.DataFrame, pd.DataFrame]:
    train = pd.read_csv(cfg.input_dir / "train.csv")
    test = pd.read_csv(cfg.input_dir / "test.csv")
    # ISO strings sort chronologically, which is all TimeSeriesSplit needs
    train = train.sort_values(cfg.date_col, kind="stable").reset_index(drop=True)
    logger.info("train %s (%s .. %s), test %s", train.shape, train[cfg.date_col].iloc[0],
                train[cfg.date_col].iloc[-1], test.shape)
    return train, test


def validate(cfg: Config, train: pd.DataFrame, test: pd.DataFrame) -> None:
    if test[cfg.date_col].min() < train[cfg.date_col].max():
        logger.warning("test period overlaps training period")
    logger.info("class counts: %s", train[cfg.target].value_counts().to_dict())


def preprocessor(cfg: Config) -> ColumnTransformer:
    return ColumnTransformer([
        ("raw", "passthrough", cfg.weather_cols),
        ("derived", WeatherDerived(), cfg.weather_cols),
        ("calendar", CalendarFeatures(), [cfg.date_col]),
    ])


def registry(cfg: Config) -> dict[str, Pipeline]:
    def pipe(est, scale: bool = False) -> Pipeline:
        steps = [("prep", preprocessor(cfg))] + ([("scale", StandardScaler())] if scale else [])
        return Pipeline(steps + [("clf", est)])

    return {
        "tree_d4": pipe(DecisionTreeClassifier(max_depth=4, min_samples_leaf=10, random_state=cfg.seed)),
        "forest": pipe(RandomForestClassifier(n_estimators=200, max_depth=6, min_samples_leaf=5,
                                              random_state=cfg.seed, n_jobs=2)),
        "hgb": pipe(HistGradientBoostingClassifier(max_iter=100, learning_rate=0.05, max_depth=3,
                                                   random_state=cfg.seed)),
        "logreg": pipe(LogisticRegression(C=0.3, max_iter=2000), scale=True),
    }


def evaluate(cfg: Config, models: dict[str, Pipeline], X: pd.DataFrame, y: pd.Series) -> dict[str, dict[str, float]]:
    splitter = TimeSeriesSplit(n_splits=cfg.n_splits)
    out: dict[str, dict[str, float]] = {}
    for name, model in models.items():
        res = cross_validate(model, X, y, cv=splitter, scoring=["accuracy", "f1_macro"], error_score="raise")
        out[name] = {"accuracy": float(res["test_accuracy"].mean()), "f1_macro": float(res["test_f1_macro"].mean()),
                     "last_fold_accuracy": float(res["test_accuracy"][-1])}
        logger.info("%-8s acc=%.4f (last fold %.4f) f1=%.4f", name, out[name]["accuracy"],
                    out[name]["last_fold_accuracy"], out[name]["f1_macro"])
    return out


def train(models: dict[str, Pipeline], scores: dict[str, dict[str, float]], X: pd.DataFrame, y: pd.Series) -> tuple[str, Pipeline]:
    best = max(scores, key=lambda k: scores[k]["accuracy"])
    return best, models[best].fit(X, y)


def importance(model: Pipeline) -> pd.DataFrame:
    names = model.named_steps["prep"].get_feature_names_out()
    clf = model.named_steps["clf"]
    if hasattr(clf, "feature_importances_"):
        vals = clf.feature_importances_
    elif hasattr(clf, "coef_"):
        vals = np.abs(clf.coef_).mean(axis=0)
    else:
        vals = np.full(len(names), np.nan)
    return pd.DataFrame({"feature": names, "importance": vals}).sort_values("importance", ascending=False)


def save(cfg: Config, best: str, model: Pipeline, scores: dict, test: pd.DataFrame, X_test: pd.DataFrame) -> None:
    cfg.artifact_dir.mkdir(parents=True, exist_ok=True)
    joblib.dump(model, cfg.artifact_dir / "weather_clf.joblib")
    (cfg.artifact_dir / "metrics.json").write_text(json.dumps({"best": best, "scores": scores}, indent=2))
    importance(model).to_csv(cfg.artifact_dir / "feature_importance.csv", index=False)
    sub = pd.DataFrame({"id": test["id"], cfg.target: model.predict(X_test)})
    cfg.submission_path.parent.mkdir(parents=True, exist_ok=True)
    sub.to_csv(cfg.submission_path, index=False)
    logger.info("predicted class mix: %s", sub[cfg.target].value_counts().to_dict())


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = get_config()
    train_df, test = load(cfg)
    validate(cfg, train_df, test)
    cols = [cfg.date_col] + cfg.weather_cols
    models = registry(cfg)
    scores = evaluate(cfg, models, train_df[cols], train_df[cfg.target])
    best, model = train(models, scores, train_df[cols], train_df[cfg.target])
    save(cfg, best, model, scores, test, test[cols])
    print(f"Time-split CV accuracy ({best}): {scores[best]['accuracy']:.4f}")


if __name__ == "__main__":
    main()
