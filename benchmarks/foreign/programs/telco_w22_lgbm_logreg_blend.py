"""Telco churn: LightGBM CV + logistic regression pipeline, rank-blended."""
from __future__ import annotations

import argparse
import json
import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path

import lightgbm as lgb
import numpy as np
import pandas as pd
from scipy.stats import rankdata
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

logger = logging.getLogger("telco")


@dataclass
class Config:
    data_dir: Path = Path("input")
    out_dir: Path = Path("submission")
    artifacts_dir: Path = Path("artifacts")
    target: str = "churn"
    n_folds: int = 5
    seed: int = 2024
    blend_weight: float = 0.6
    lgb_params: dict = field(default_factory=lambda: {
        "objective": "binary",
        "learning_rate": 0.03,
        "num_leaves": 15,
        "min_child_samples": 40,
        "feature_fraction": 0.8,
        "bagging_fraction": 0.8,
        "bagging_freq": 1,
        "lambda_l2": 1.0,
        "verbose": -1,
    })


class ChargeFeatures(BaseEstimator, TransformerMixin):
    """Adds ratio features derived from tenure and charges."""

    def fit(self, X: pd.DataFrame, y: pd.Series | None = None) -> "ChargeFeatures":
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        X = X.copy()
        X["avg_charge"] = X["total_charges"] / X["tenure"].clip(lower=1)
        X["charge_gap"] = X["monthly_charges"] - X["avg_charge"]
        X["log_total"] = np.log1p(X["total_charges"])
        X["n_services"] = (X[SERVICE_COLS] == "Yes").sum(axis=1)
        return X


SERVICE_COLS = ["online_security", "online_backup", "device_protection", "tech_support",
                "streaming_tv", "streaming_movies", "multiple_lines"]


class DataModule:
    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg

    def setup(self) -> None:
        train = pd.read_csv(self.cfg.data_dir / "train.csv")
        test = pd.read_csv(self.cfg.data_dir / "test.csv")
        fb = ChargeFeatures()
        self.X = fb.fit_transform(train.drop(columns=["id", self.cfg.target]))
        self.y = train[self.cfg.target].to_numpy()
        self.X_test = fb.transform(test.drop(columns=["id"]))
        self.test_ids = test["id"].to_numpy()
        self.cat_cols = self.X.select_dtypes(include=["object", "string"]).columns.tolist()
        self.num_cols = [c for c in self.X.columns if c not in self.cat_cols]
        logger.info("X %s, X_test %s, churn rate %.3f", self.X.shape, self.X_test.shape, self.y.mean())
        logger.info("%d categorical / %d numeric columns", len(self.cat_cols), len(self.num_cols))


class Trainer:
    def __init__(self, cfg: Config, dm: DataModule) -> None:
        self.cfg = cfg
        self.dm = dm
        self.folds = list(StratifiedKFold(cfg.n_folds, shuffle=True, random_state=cfg.seed).split(dm.X, dm.y))

    def _lgb_frame(self, X: pd.DataFrame) -> pd.DataFrame:
        X = X.copy()
        for c in self.dm.cat_cols:
            X[c] = pd.Categorical(X[c], categories=sorted(self.dm.X[c].unique()))
        return X

    def run_lgbm(self) -> tuple[np.ndarray, np.ndarray]:
        X, X_test = self._lgb_frame(self.dm.X), self._lgb_frame(self.dm.X_test)
        oof = np.zeros(len(X))
        test_pred = np.zeros(len(X_test))
        for k, (tr, va) in enumerate(self.folds):
            dtr = lgb.Dataset(X.iloc[tr], self.dm.y[tr])
            dva = lgb.Dataset(X.iloc[va], self.dm.y[va], reference=dtr)
            booster = lgb.train(
                self.cfg.lgb_params, dtr, num_boost_round=2000, valid_sets=[dva],
                callbacks=[lgb.early_stopping(100, verbose=False)],
            )
            oof[va] = booster.predict(X.iloc[va], num_iteration=booster.best_iteration)
            test_pred += booster.predict(X_test, num_iteration=booster.best_iteration) / self.cfg.n_folds
            logger.info("[lgbm] fold %d | best_iter %4d | auc %.5f", k, booster.best_iteration,
                        roc_auc_score(self.dm.y[va], oof[va]))
        logger.info("[lgbm] OOF AUC %.5f", roc_auc_score(self.dm.y, oof))
        return oof, test_pred

    def _logreg_pipeline(self) -> Pipeline:
        pre = ColumnTransformer([
            ("num", StandardScaler(), self.dm.num_cols),
            ("cat", OneHotEncoder(handle_unknown="ignore"), self.dm.cat_cols),
        ])
        return Pipeline([("pre", pre), ("clf", LogisticRegression(C=0.5, max_iter=2000))])

    def run_logreg(self) -> tuple[np.ndarray, np.ndarray]:
        oof = np.zeros(len(self.dm.X))
        for k, (tr, va) in enumerate(self.folds):
            pipe = self._logreg_pipeline()
            pipe.fit(self.dm.X.iloc[tr], self.dm.y[tr])
            oof[va] = pipe.predict_proba(self.dm.X.iloc[va])[:, 1]
            logger.info("[logreg] fold %d | auc %.5f", k, roc_auc_score(self.dm.y[va], oof[va]))
        logger.info("[logreg] OOF AUC %.5f", roc_auc_score(self.dm.y, oof))
        full = self._logreg_pipeline().fit(self.dm.X, self.dm.y)
        return oof, full.predict_proba(self.dm.X_test)[:, 1]


def rank_blend(a: np.ndarray, b: np.ndarray, w: float) -> np.ndarray:
    ra, rb = rankdata(a) / len(a), rankdata(b) / len(b)
    return w * ra + (1 - w) * rb


def main() -> None:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="[%(levelname)s] %(message)s")
    cfg = Config()
    parser = argparse.ArgumentParser()
    parser.add_argument("--n-folds", type=int, default=cfg.n_folds)
    parser.add_argument("--blend-weight", type=float, default=cfg.blend_weight)
    args = parser.parse_args()
    cfg.n_folds, cfg.blend_weight = args.n_folds, args.blend_weight
    cfg.out_dir.mkdir(exist_ok=True)
    cfg.artifacts_dir.mkdir(exist_ok=True)

    dm = DataModule(cfg)
    dm.setup()
    trainer = Trainer(cfg, dm)
    lgb_oof, lgb_test = trainer.run_lgbm()
    lr_oof, lr_test = trainer.run_logreg()

    blend_oof = rank_blend(lgb_oof, lr_oof, cfg.blend_weight)
    blend_auc = roc_auc_score(dm.y, blend_oof)
    logger.info("Blend OOF AUC (w=%.2f): %.5f", cfg.blend_weight, blend_auc)

    # rank blend on test, rescaled to [0, 1] so it reads like a probability
    pred = rank_blend(lgb_test, lr_test, cfg.blend_weight)
    pred = (pred - pred.min()) / (pred.max() - pred.min())
    pd.DataFrame({"id": dm.test_ids, "churn": pred}).to_csv(cfg.out_dir / "submission.csv", index=False)
    with open(cfg.artifacts_dir / "metrics.json", "w") as fh:
        json.dump({"lgbm_auc": roc_auc_score(dm.y, lgb_oof), "logreg_auc": roc_auc_score(dm.y, lr_oof),
                   "blend_auc": blend_auc}, fh, indent=2)
    logger.info("done")


if __name__ == "__main__":
    main()
