"""Health insurance multi-label job: one regularised logistic model per target column."""
from __future__ import annotations

import json
import logging
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.compose import make_column_transformer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.metrics import roc_auc_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, SplineTransformer, StandardScaler

logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(levelname)s %(message)s")
logger = logging.getLogger("health_insurance")


@dataclass
class Config:
    data: Path = Path("input")
    artifacts: Path = Path("artifacts")
    seed: int = 31
    n_folds: int = 5
    C: float = 0.5
    targets: list[str] = field(default_factory=lambda: ["health", "limit", "insurance"])
    categorical: list[str] = field(
        default_factory=lambda: ["gender", "married", "selfemp", "region", "ethnicity", "education"]
    )
    numeric: list[str] = field(default_factory=lambda: ["age", "family"])


def seed_all(seed: int) -> None:
    random.seed(seed)
    np.random.seed(seed)


def load(cfg: Config) -> tuple[pd.DataFrame, pd.DataFrame]:
    return pd.read_csv(cfg.data / "train.csv"), pd.read_csv(cfg.data / "test.csv")


def build_pipeline(cfg: Config):
    features = make_column_transformer(
        (OneHotEncoder(handle_unknown="ignore", drop="if_binary"), cfg.categorical),
        (SplineTransformer(n_knots=5, degree=3), ["age"]),
        (StandardScaler(), cfg.numeric),
    )
    return make_pipeline(features, LogisticRegression(C=cfg.C, max_iter=1000))


def evaluate(cfg: Config, X: pd.DataFrame, Y: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for target in cfg.targets:
        cv = StratifiedKFold(n_splits=cfg.n_folds, shuffle=True, random_state=cfg.seed)
        oof = cross_val_predict(build_pipeline(cfg), X, Y[target], cv=cv, method="predict_proba")[:, 1]
        rows.append({"target": target, "pos_rate": Y[target].mean(), "cv_auc": roc_auc_score(Y[target], oof)})
    table = pd.DataFrame(rows)
    logger.info("cross-validated AUC per target:\n%s", table.to_string(index=False, float_format="%.4f"))
    logger.info("mean column-wise AUC: %.4f", table["cv_auc"].mean())
    return table


def train(cfg: Config, X: pd.DataFrame, Y: pd.DataFrame) -> dict:
    return {t: build_pipeline(cfg).fit(X, Y[t]) for t in cfg.targets}


def predict(cfg: Config, models: dict, X_test: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame({t: models[t].predict_proba(X_test)[:, 1] for t in cfg.targets})


def main() -> None:
    cfg = Config()
    seed_all(cfg.seed)
    train_df, test_df = load(cfg)
    feats = cfg.categorical + cfg.numeric
    X, Y = train_df[feats], train_df[cfg.targets]
    logger.info("X %s, Y %s, X_test %s", X.shape, Y.shape, test_df[feats].shape)

    table = evaluate(cfg, X, Y)
    models = train(cfg, X, Y)

    cfg.artifacts.mkdir(exist_ok=True)
    joblib.dump(models, cfg.artifacts / "models.joblib")
    table.to_csv(cfg.artifacts / "cv_auc.csv", index=False)
    (cfg.artifacts / "metrics.json").write_text(json.dumps({"mean_auc": float(table["cv_auc"].mean())}))

    sub = predict(cfg, models, test_df[feats])
    sub.insert(0, "id", test_df["id"].to_numpy())
    Path("submission").mkdir(exist_ok=True)
    sub.to_csv(Path("submission") / "submission.csv", index=False)
    logger.info("submission shape %s", sub.shape)


if __name__ == "__main__":
    main()
