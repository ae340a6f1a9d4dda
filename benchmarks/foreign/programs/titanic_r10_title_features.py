"""Titanic survival job: title/surname features from name, gradient boosting pipeline, CV AUC."""
from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.impute import SimpleImputer
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder

logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
logger = logging.getLogger("titanic")


@dataclass
class Config:
    input_dir: Path = Path("input")
    model_path: Path = Path("working") / "titanic_gbc.joblib"
    submission_path: Path = Path("submission") / "submission.csv"
    seed: int = 1912
    n_splits: int = 5
    n_estimators: int = 200
    max_depth: int = 3
    learning_rate: float = 0.05


CATEGORICAL = ["sex", "pclass", "title"]
NUMERIC = ["age", "age_missing", "name_len", "n_name_parts", "is_child"]


def load(cfg: Config) -> tuple[pd.DataFrame, pd.DataFrame]:
    return pd.read_csv(cfg.input_dir / "train.csv"), pd.read_csv(cfg.input_dir / "test.csv")


def build_features(df: pd.DataFrame) -> pd.DataFrame:
    out = df.copy()
    out["title"] = out["name"].str.extract(r",\s*([^\.]+)\.", expand=False).str.strip()
    out["age_missing"] = out["age"].isna().astype(int)
    out["name_len"] = out["name"].str.len()
    out["n_name_parts"] = out["name"].str.split().str.len()
    out["is_child"] = (out["age"] < 14).astype(int)
    return out[CATEGORICAL + NUMERIC]


def build_pipeline(cfg: Config) -> Pipeline:
    pre = ColumnTransformer(
        [
            ("cat", OneHotEncoder(), CATEGORICAL),
            ("num", SimpleImputer(strategy="median"), NUMERIC),
        ]
    )
    clf = GradientBoostingClassifier(
        n_estimators=cfg.n_estimators, max_depth=cfg.max_depth, learning_rate=cfg.learning_rate, random_state=cfg.seed
    )
    return Pipeline([("pre", pre), ("clf", clf)])


def evaluate(cfg: Config, X: pd.DataFrame, y: pd.Series) -> float:
    cv = StratifiedKFold(n_splits=cfg.n_splits, shuffle=True, random_state=cfg.seed)
    res = cross_validate(build_pipeline(cfg), X, y, cv=cv, scoring=["roc_auc", "accuracy"])
    folds = pd.DataFrame({"auc": res["test_roc_auc"], "acc": res["test_accuracy"], "fit_s": res["fit_time"]})
    logger.info("per-fold results:\n%s", folds.round(4).to_string())
    auc = float(folds["auc"].mean())
    logger.info("CV AUC %.4f | CV accuracy %.4f", auc, folds["acc"].mean())
    return auc


def train(cfg: Config, X: pd.DataFrame, y: pd.Series) -> Pipeline:
    return build_pipeline(cfg).fit(X, y)


def predict(model: Pipeline, X: pd.DataFrame) -> np.ndarray:
    return model.predict_proba(X)[:, 1]


def main() -> None:
    cfg = Config()
    random.seed(cfg.seed)
    np.random.seed(cfg.seed)

    train_df, test_df = load(cfg)
    X, y = build_features(train_df), train_df["survived"]
    X_test = build_features(test_df)
    logger.info("train %s test %s | survival rate %.3f", X.shape, X_test.shape, y.mean())
    logger.info("titles in train: %s", X["title"].value_counts().to_dict())

    evaluate(cfg, X, y)
    model = train(cfg, X, y)
    cfg.model_path.parent.mkdir(parents=True, exist_ok=True)
    joblib.dump(model, cfg.model_path)

    sub = pd.DataFrame({"id": test_df["id"], "survived": predict(model, X_test)})
    cfg.submission_path.parent.mkdir(parents=True, exist_ok=True)
    sub.to_csv(cfg.submission_path, index=False)
    logger.info("saved %d predictions to %s", len(sub), cfg.submission_path)


if __name__ == "__main__":
    main()
