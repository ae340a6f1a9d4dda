"""Telco churn: LightGBM with engineered service features and early stopping on a holdout."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.pipeline import Pipeline

logger = logging.getLogger("telco.lgb")

SERVICE_COLS = [
    "online_security", "online_backup", "device_protection",
    "tech_support", "streaming_tv", "streaming_movies",
]


@dataclass
class TrainConfig:
    input_dir: Path = Path("./input")
    submission_path: Path = Path("./submission/submission.csv")
    id_col: str = "id"
    target: str = "churn"
    valid_size: float = 0.2
    seed: int = 42
    early_stopping_rounds: int = 50
    lgb_params: dict = field(
        default_factory=lambda: {
            "objective": "binary",
            "learning_rate": 0.03,
            "n_estimators": 1500,
            "num_leaves": 15,
            "min_child_samples": 40,
            "subsample": 0.85,
            "subsample_freq": 1,
            "colsample_bytree": 0.7,
            "reg_lambda": 2.0,
            "n_jobs": 2,
            "verbose": -1,
        }
    )


class ChurnFeatures(BaseEstimator, TransformerMixin):
    """Derived numeric signals: service counts, charge consistency, tenure buckets."""

    def fit(self, X: pd.DataFrame, y=None) -> "ChurnFeatures":
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        out = X.copy()
        expected_total = out["monthly_charges"] * out["tenure"]
        out["total_charges"] = out["total_charges"].fillna(expected_total)
        out["charge_gap"] = out["total_charges"] - expected_total
        out["avg_monthly"] = out["total_charges"] / out["tenure"].clip(lower=1)
        out["n_services"] = (out[SERVICE_COLS] == "Yes").sum(axis=1)
        out["tenure_bucket"] = pd.cut(out["tenure"], bins=[-1, 6, 12, 24, 48, 100], labels=False)
        out["fiber_monthly"] = (out["internet_service"] == "Fiber optic") & (out["contract"] == "Month-to-month")
        out["fiber_monthly"] = out["fiber_monthly"].astype(int)
        return out


class CategoryEncoder(BaseEstimator, TransformerMixin):
    """Remembers the categories seen at fit time and applies them as pandas categoricals."""

    def fit(self, X: pd.DataFrame, y=None) -> "CategoryEncoder":
        self.cat_cols_ = [c for c in X.columns if not pd.api.types.is_numeric_dtype(X[c])]
        self.categories_ = {c: sorted(X[c].dropna().unique()) for c in self.cat_cols_}
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        out = X.copy()
        for c in self.cat_cols_:
            out[c] = pd.Categorical(out[c], categories=self.categories_[c])
        return out


def make_preprocessor() -> Pipeline:
    return Pipeline([("features", ChurnFeatures()), ("categories", CategoryEncoder())])


class Trainer:
    def __init__(self, cfg: TrainConfig) -> None:
        self.cfg = cfg
        self.best_iteration: int | None = None

    def validate(self, X: pd.DataFrame, y: pd.Series) -> float:
        X_tr, X_va, y_tr, y_va = train_test_split(
            X, y, test_size=self.cfg.valid_size, stratify=y, random_state=self.cfg.seed
        )
        prep = make_preprocessor().fit(X_tr)
        model = lgb.LGBMClassifier(**self.cfg.lgb_params, random_state=self.cfg.seed)
        model.fit(
            prep.transform(X_tr), y_tr,
            eval_set=[(prep.transform(X_va), y_va)],
            eval_metric="auc",
            callbacks=[
                lgb.early_stopping(self.cfg.early_stopping_rounds, verbose=False),
                lgb.log_evaluation(period=0),
            ],
        )
        self.best_iteration = int(model.best_iteration_ or self.cfg.lgb_params["n_estimators"])
        proba = model.predict_proba(prep.transform(X_va))[:, 1]
        auc = float(roc_auc_score(y_va, proba))
        logger.info("early stopping picked %d trees (holdout rows=%d)", self.best_iteration, len(y_va))
        return auc

    def fit_full(self, X: pd.DataFrame, y: pd.Series) -> Pipeline:
        params = dict(self.cfg.lgb_params)
        params["n_estimators"] = int(np.ceil((self.best_iteration or 300) * 1.1))
        pipe = Pipeline(
            [("prep", make_preprocessor()), ("model", lgb.LGBMClassifier(**params, random_state=self.cfg.seed))]
        )
        return pipe.fit(X, y)


class Predictor:
    def __init__(self, cfg: TrainConfig, pipe: Pipeline) -> None:
        self.cfg = cfg
        self.pipe = pipe

    def write(self, test: pd.DataFrame) -> None:
        proba = self.pipe.predict_proba(test.drop(columns=[self.cfg.id_col]))[:, 1]
        sub = pd.DataFrame({self.cfg.id_col: test[self.cfg.id_col], self.cfg.target: proba})
        self.cfg.submission_path.parent.mkdir(parents=True, exist_ok=True)
        sub.to_csv(self.cfg.submission_path, index=False)
        logger.info("submission: %s rows=%d mean=%.4f", self.cfg.submission_path, len(sub), proba.mean())


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s [%(levelname)s] %(name)s: %(message)s")
    cfg = TrainConfig()
    train = pd.read_csv(cfg.input_dir / "train.csv")
    test = pd.read_csv(cfg.input_dir / "test.csv")
    logger.info("train shape %s, churn rate %.3f", train.shape, train[cfg.target].mean())

    X = train.drop(columns=[cfg.id_col, cfg.target])
    y = train[cfg.target]
    trainer = Trainer(cfg)
    auc = trainer.validate(X, y)
    print(f"Validation AUC: {auc:.4f}")

    Predictor(cfg, trainer.fit_full(X, y)).write(test)


if __name__ == "__main__":
    main()
