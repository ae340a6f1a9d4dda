"""Penguin species classifier.

Trains a scikit-learn pipeline (imputation + scaling + one-hot + logistic
regression), reports a 5-fold cross-validated log loss and writes the
class-probability submission.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

logger = logging.getLogger("penguins")


@dataclass
class Config:
    input_dir: Path = Path("input")
    output_dir: Path = Path("submission")
    artifact_dir: Path = Path("artifacts")
    target: str = "species"
    id_col: str = "id"
    numeric: list[str] = field(default_factory=lambda: [
        "bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g",
    ])
    categorical: list[str] = field(default_factory=lambda: ["island", "sex"])
    n_splits: int = 5
    seed: int = 42
    C: float = 2.0


class BillShape(BaseEstimator, TransformerMixin):
    """Adds bill length / depth ratio and a mass-per-flipper feature."""

    def fit(self, X: pd.DataFrame, y=None) -> "BillShape":
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        X = X.copy()
        X["bill_ratio"] = X["bill_length_mm"] / X["bill_depth_mm"]
        X["mass_per_flipper"] = X["body_mass_g"] / X["flipper_length_mm"]
        return X


def load(cfg: Config) -> tuple[pd.DataFrame, pd.DataFrame]:
    train = pd.read_csv(cfg.input_dir / "train.csv")
    test = pd.read_csv(cfg.input_dir / "test.csv")
    logger.info("train %s, test %s", train.shape, test.shape)
    return train, test


def build_pipeline(cfg: Config) -> Pipeline:
    numeric = cfg.numeric + ["bill_ratio", "mass_per_flipper"]
    num_pipe = Pipeline([
        ("impute", SimpleImputer(strategy="median")),
        ("scale", StandardScaler()),
    ])
    cat_pipe = Pipeline([
        ("impute", SimpleImputer(strategy="most_frequent")),
        ("onehot", OneHotEncoder(handle_unknown="ignore")),
    ])
    pre = ColumnTransformer([
        ("num", num_pipe, numeric),
        ("cat", cat_pipe, cfg.categorical),
    ])
    return Pipeline([
        ("features", BillShape()),
        ("pre", pre),
        ("clf", LogisticRegression(C=cfg.C, max_iter=2000)),
    ])


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = Config()
    cfg.artifact_dir.mkdir(parents=True, exist_ok=True)
    cfg.output_dir.mkdir(parents=True, exist_ok=True)

    train, test = load(cfg)
    features = cfg.numeric + cfg.categorical
    X, y = train[features], train[cfg.target]

    model = build_pipeline(cfg)
    cv = StratifiedKFold(n_splits=cfg.n_splits, shuffle=True, random_state=cfg.seed)
    oof = cross_val_predict(model, X, y, cv=cv, method="predict_proba")
    labels = np.sort(y.unique())
    cv_logloss = log_loss(y, oof, labels=labels)
    print(f"CV log loss ({cfg.n_splits} folds): {cv_logloss:.5f}")

    model.fit(X, y)
    classes = list(model.classes_)
    proba = model.predict_proba(test[features])

    sample = pd.read_csv(cfg.input_dir / "sample_submission.csv")
    sub = pd.DataFrame(proba, columns=classes)
    sub.insert(0, cfg.id_col, test[cfg.id_col].to_numpy())
    sub = sub[sample.columns]
    sub.to_csv(cfg.output_dir / "submission.csv", index=False)
    logger.info("wrote %d rows to %s", len(sub), cfg.output_dir / "submission.csv")

    joblib.dump(model, cfg.artifact_dir / "model.joblib")
    report = {"cv_logloss": float(cv_logloss), "n_train": int(len(train)), "classes": classes}
    (cfg.artifact_dir / "metrics.json").write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
