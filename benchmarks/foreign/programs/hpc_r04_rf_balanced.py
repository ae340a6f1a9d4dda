"""HPC job runtime class - random forest baseline job (f1_macro)."""
from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import joblib
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import classification_report, f1_score
from sklearn.model_selection import StratifiedKFold, cross_val_predict

logging.basicConfig(level=logging.INFO, format="%(asctime)s - %(message)s", datefmt="%H:%M:%S")
LOG = logging.getLogger("hpc-jobs")


@dataclass
class Config:
    input_dir: Path = Path("./input")
    model_dir: Path = Path("./models")
    submission_file: Path = Path("./submission/submission.csv")
    target: str = "class"
    seed: int = 11
    folds: int = 4
    rf_params: dict[str, Any] = field(
        default_factory=lambda: {
            "n_estimators": 300,
            "max_depth": None,
            "min_samples_leaf": 2,
            "max_features": "auto",
            "class_weight": "balanced",
            "n_jobs": 2,
        }
    )


def set_seeds(seed: int) -> None:
    random.seed(seed)
    np.random.seed(seed)


def load(cfg: Config) -> tuple[pd.DataFrame, pd.DataFrame]:
    tr = pd.read_csv(cfg.input_dir / "train.csv")
    te = pd.read_csv(cfg.input_dir / "test.csv")
    LOG.info("loaded %d train / %d test rows", len(tr), len(te))
    return tr, te


def build_features(train: pd.DataFrame, test: pd.DataFrame, target: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    full = pd.concat([train.drop(columns=[target]), test], axis=0, ignore_index=True)
    full["log_compounds"] = np.log1p(full["compounds"])
    full["log_input_fields"] = np.log1p(full["input_fields"])
    full["log_pending"] = np.log1p(full["num_pending"])
    full["work"] = full["log_compounds"] + full["log_input_fields"] + np.log(full["iterations"])
    full["weekend"] = full["day"].isin(["Sat", "Sun"]).astype(int)
    full = pd.get_dummies(full, columns=["protocol", "day"], dtype=np.uint8)
    full = full.drop(columns=["id"])
    n = len(train)
    return full.iloc[:n].reset_index(drop=True), full.iloc[n:].reset_index(drop=True)


def train(cfg: Config, X: pd.DataFrame, y: pd.Series) -> RandomForestClassifier:
    model = RandomForestClassifier(random_state=cfg.seed, **cfg.rf_params)
    model.fit(X, y)
    return model


def evaluate(cfg: Config, X: pd.DataFrame, y: pd.Series) -> float:
    cv = StratifiedKFold(n_splits=cfg.folds, shuffle=True, random_state=cfg.seed)
    oof = cross_val_predict(RandomForestClassifier(random_state=cfg.seed, **cfg.rf_params), X, y, cv=cv)
    score = f1_score(y, oof, average="macro")
    LOG.info("CV macro-F1: %.4f", score)
    LOG.info("per-class report:\n%s", classification_report(y, oof, digits=3))
    return score


def main() -> None:
    cfg = Config()
    set_seeds(cfg.seed)
    train_df, test_df = load(cfg)
    LOG.info("target distribution: %s", train_df[cfg.target].value_counts().to_dict())

    X, X_test = build_features(train_df, test_df, cfg.target)
    y = train_df[cfg.target]
    LOG.info("feature matrix: %s", X.shape)

    evaluate(cfg, X, y)
    model = train(cfg, X, y)

    cfg.model_dir.mkdir(parents=True, exist_ok=True)
    joblib.dump(model, cfg.model_dir / "rf.joblib")

    preds = model.predict(X_test)
    cfg.submission_file.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": test_df["id"], cfg.target: preds}).to_csv(cfg.submission_file, index=False)
    LOG.info("submission written: %s", pd.Series(preds).value_counts().to_dict())


if __name__ == "__main__":
    main()
