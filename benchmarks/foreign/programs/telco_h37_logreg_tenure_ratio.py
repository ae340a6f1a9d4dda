"""Telco churn: a linear baseline built as a reusable sklearn pipeline."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

CONFIG: dict[str, Any] = {
    "paths": {
        "train": Path("input/train.csv"),
        "test": Path("input/test.csv"),
        "submission": Path("submission/submission.csv"),
    },
    "id": "id",
    "target": "churn",
    "categorical": [
        "multiple_lines", "internet_service", "online_security", "online_backup",
        "device_protection", "tech_support", "streaming_tv", "streaming_movies",
        "contract", "payment_method",
    ],
    "numeric": [
        "female", "senior_citizen", "partner", "dependents", "tenure", "phone_service",
        "paperless_billing", "monthly_charges", "total_charges",
        "charge_per_month", "log_tenure", "charge_drift",
    ],
    "C": 0.5,
    "folds": 5,
    "seed": 1234,
}

logger = logging.getLogger("telco.logreg")


class TenureRatios(BaseEstimator, TransformerMixin):
    """Adds ratio features; brand-new customers (tenure 0) get their monthly charge as ratio."""

    def fit(self, X: pd.DataFrame, y=None) -> "TenureRatios":
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        out = X.copy()
        tenure = out["tenure"].replace(0, np.nan)
        out["charge_per_month"] = (out["total_charges"] / tenure).fillna(out["monthly_charges"])
        out["log_tenure"] = np.log1p(out["tenure"])
        out["charge_drift"] = out["monthly_charges"] - out["charge_per_month"]
        return out


def build_pipeline(config: dict[str, Any]) -> Pipeline:
    encoder = ColumnTransformer(
        [
            ("cat", OneHotEncoder(handle_unknown="ignore", drop="if_binary"), config["categorical"]),
            ("num", StandardScaler(), config["numeric"]),
        ]
    )
    return Pipeline(
        [
            ("ratios", TenureRatios()),
            ("encode", encoder),
            ("clf", LogisticRegression(C=config["C"], max_iter=1000)),
        ]
    )


class Trainer:
    def __init__(self, config: dict[str, Any]) -> None:
        self.config = config

    def cross_validate(self, X: pd.DataFrame, y: pd.Series) -> float:
        skf = StratifiedKFold(self.config["folds"], shuffle=True, random_state=self.config["seed"])
        fold_scores: list[float] = []
        for fold, (tr, va) in enumerate(skf.split(X, y), start=1):
            logger.info("fold %d: fitting on %d rows", fold, len(tr))
            pipe = build_pipeline(self.config).fit(X.iloc[tr], y.iloc[tr])
            score = roc_auc_score(y.iloc[va], pipe.predict_proba(X.iloc[va])[:, 1])
            fold_scores.append(float(score))
            logger.info("fold %d: auc %.4f", fold, score)
        return float(np.mean(fold_scores))

    def fit(self, X: pd.DataFrame, y: pd.Series) -> Pipeline:
        return build_pipeline(self.config).fit(X, y)


def save_submission(ids: pd.Series, proba: np.ndarray, path: Path, target: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({ids.name: ids.to_numpy(), target: proba}).to_csv(path, index=False)
    logger.info("wrote %s", path)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s: %(message)s")
    paths = CONFIG["paths"]
    train = pd.read_csv(paths["train"])
    test = pd.read_csv(paths["test"])
    logger.info("loaded %d train / %d test rows", len(train), len(test))

    X = train.drop(columns=[CONFIG["id"], CONFIG["target"]])
    y = train[CONFIG["target"]]
    trainer = Trainer(CONFIG)
    auc = trainer.cross_validate(X, y)
    print(f"CV AUC: {auc:.4f}")

    model = trainer.fit(X, y)
    proba = model.predict_proba(test.drop(columns=[CONFIG["id"]]))[:, 1]
    save_submission(test[CONFIG["id"]], proba, paths["submission"], CONFIG["target"])


if __name__ == "__main__":
    main()
