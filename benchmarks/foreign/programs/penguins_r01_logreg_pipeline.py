"""Penguin species classifier - logistic regression pipeline job."""
from __future__ import annotations

import json
import logging
import random
from dataclasses import dataclass, field
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

logger = logging.getLogger("penguins_job")


@dataclass
class Config:
    input_dir: Path = Path("input")
    output_dir: Path = Path("artifacts")
    submission_path: Path = Path("submission") / "submission.csv"
    target: str = "species"
    id_col: str = "id"
    seed: int = 42
    n_folds: int = 5
    C: float = 1.0
    max_iter: int = 2000
    numeric_cols: list[str] = field(
        default_factory=lambda: ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g", "year"]
    )
    categorical_cols: list[str] = field(default_factory=lambda: ["island", "sex"])


def set_seed(seed: int) -> None:
    random.seed(seed)
    np.random.seed(seed)


def load(cfg: Config) -> tuple[pd.DataFrame, pd.DataFrame]:
    train = pd.read_csv(cfg.input_dir / "train.csv")
    test = pd.read_csv(cfg.input_dir / "test.csv")
    logger.info("train=%s test=%s", train.shape, test.shape)
    return train, test


def build_features(cfg: Config) -> ColumnTransformer:
    num = Pipeline([("impute", SimpleImputer(strategy="median")), ("scale", StandardScaler())])
    cat = Pipeline(
        [
            ("impute", SimpleImputer(strategy="most_frequent")),
            ("onehot", OneHotEncoder(handle_unknown="ignore")),
        ]
    )
    return ColumnTransformer([("num", num, cfg.numeric_cols), ("cat", cat, cfg.categorical_cols)])


def build_model(cfg: Config) -> Pipeline:
    return Pipeline(
        [
            ("features", build_features(cfg)),
            ("clf", LogisticRegression(C=cfg.C, max_iter=cfg.max_iter, random_state=cfg.seed)),
        ]
    )


def evaluate(cfg: Config, X: pd.DataFrame, y: pd.Series) -> dict[str, float]:
    skf = StratifiedKFold(n_splits=cfg.n_folds, shuffle=True, random_state=cfg.seed)
    scores: list[float] = []
    for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y)):
        model = build_model(cfg)
        model.fit(X.iloc[tr_idx], y.iloc[tr_idx])
        proba = model.predict_proba(X.iloc[va_idx])
        score = log_loss(y.iloc[va_idx], proba, labels=model.classes_)
        scores.append(score)
        logger.info("fold %d logloss=%.5f", fold, score)
    metrics = {"cv_logloss_mean": float(np.mean(scores)), "cv_logloss_std": float(np.std(scores))}
    logger.info("CV logloss: %.5f +/- %.5f", metrics["cv_logloss_mean"], metrics["cv_logloss_std"])
    return metrics


def train(cfg: Config, X: pd.DataFrame, y: pd.Series) -> Pipeline:
    model = build_model(cfg)
    model.fit(X, y)
    return model


def predict(cfg: Config, model: Pipeline, test: pd.DataFrame) -> pd.DataFrame:
    proba = model.predict_proba(test[cfg.numeric_cols + cfg.categorical_cols])
    sub = pd.DataFrame(proba, columns=model.classes_)
    sub.insert(0, cfg.id_col, test[cfg.id_col].values)
    return sub[[cfg.id_col, "Adelie", "Chinstrap", "Gentoo"]]


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = Config()
    set_seed(cfg.seed)

    train_df, test_df = load(cfg)
    X = train_df[cfg.numeric_cols + cfg.categorical_cols]
    y = train_df[cfg.target]
    logger.info("class balance: %s", y.value_counts().to_dict())

    metrics = evaluate(cfg, X, y)
    model = train(cfg, X, y)

    cfg.output_dir.mkdir(parents=True, exist_ok=True)
    joblib.dump(model, cfg.output_dir / "model.joblib")
    (cfg.output_dir / "metrics.json").write_text(json.dumps(metrics, indent=2))

    sub = predict(cfg, model, test_df)
    cfg.submission_path.parent.mkdir(parents=True, exist_ok=True)
    sub.to_csv(cfg.submission_path, index=False)
    logger.info("wrote %s rows to %s", len(sub), cfg.submission_path)


if __name__ == "__main__":
    main()
