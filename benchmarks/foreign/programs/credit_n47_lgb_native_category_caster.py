"""Credit scoring: LightGBM (native API) with pandas categoricals.

Steps: clean sentinel values -> cast categoricals with a fixed vocabulary
learned on train -> early-stopped booster on a stratified hold-out ->
refit on all rows with the best iteration count.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import joblib
import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.metrics import log_loss, roc_auc_score
from sklearn.model_selection import train_test_split

LOG = logging.getLogger("credit")


@dataclass
class Config:
    data_dir: Path = Path("input")
    sub_path: Path = Path("submission/submission.csv")
    art_dir: Path = Path("artifacts/credit")
    target: str = "Status"
    categorical: tuple[str, ...] = ("Home", "Marital", "Records", "Job")
    seed: int = 3
    valid_size: float = 0.2
    rounds: int = 2000
    params: dict[str, Any] = field(default_factory=lambda: {
        "objective": "binary",
        "metric": "binary_logloss",
        "learning_rate": 0.03,
        "num_leaves": 15,
        "min_data_in_leaf": 30,
        "feature_fraction": 0.8,
        "bagging_fraction": 0.8,
        "bagging_freq": 1,
        "lambda_l2": 1.0,
        "verbosity": -1,
        "num_threads": 2,
        "seed": 3,
        "deterministic": True,
    })


class CategoryCaster(BaseEstimator, TransformerMixin):
    """Casts the given columns to pandas Categorical with train-time levels."""

    def __init__(self, columns: tuple[str, ...]):
        self.columns = columns

    def fit(self, X: pd.DataFrame, y=None) -> "CategoryCaster":
        self.levels_ = {c: sorted(X[c].dropna().unique().tolist()) for c in self.columns}
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        X = X.copy()
        for c in self.columns:
            X[c] = pd.Categorical(X[c], categories=self.levels_[c])
        return X


def add_ratios(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    df["loan_to_price"] = df["Amount"] / df["Price"]
    df["income_minus_expenses"] = df["Income"] - df["Expenses"]
    df["installment"] = df["Amount"] / df["Time"]
    df["debt_to_income"] = df["Debt"] / df["Income"].replace(0, np.nan)
    return df


def train_booster(cfg: Config, X_tr, y_tr, X_va, y_va) -> lgb.Booster:
    dtrain = lgb.Dataset(X_tr, y_tr, categorical_feature=list(cfg.categorical))
    dvalid = lgb.Dataset(X_va, y_va, reference=dtrain)
    return lgb.train(
        cfg.params, dtrain, num_boost_round=cfg.rounds, valid_sets=[dvalid], valid_names=["valid"],
        callbacks=[lgb.early_stopping(100, verbose=True), lgb.log_evaluation(100)],
    )


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = Config()
    cfg.art_dir.mkdir(parents=True, exist_ok=True)

    train = add_ratios(pd.read_csv(cfg.data_dir / "train.csv"))
    test = add_ratios(pd.read_csv(cfg.data_dir / "test.csv"))
    features = [c for c in train.columns if c not in ("id", cfg.target)]

    caster = CategoryCaster(cfg.categorical).fit(train[features])
    X = caster.transform(train[features])
    y = train[cfg.target]
    X_test = caster.transform(test[features])

    X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=cfg.valid_size, stratify=y, random_state=cfg.seed)
    booster = train_booster(cfg, X_tr, y_tr, X_va, y_va)
    p_va = booster.predict(X_va, num_iteration=booster.best_iteration)
    val_ll = log_loss(y_va, p_va)
    LOG.info("best iteration %d", booster.best_iteration)
    print(f"Validation logloss: {val_ll:.5f} | AUC: {roc_auc_score(y_va, p_va):.4f}")

    n_rounds = int(booster.best_iteration * 1.1)
    full = lgb.train(cfg.params, lgb.Dataset(X, y, categorical_feature=list(cfg.categorical)), num_boost_round=n_rounds)
    pred = np.clip(full.predict(X_test), 1e-6, 1 - 1e-6)
    pd.DataFrame({"id": test["id"], cfg.target: pred}).to_csv(cfg.sub_path, index=False)

    full.save_model(str(cfg.art_dir / "booster.txt"))
    joblib.dump(caster, cfg.art_dir / "category_caster.joblib")
    importance = dict(zip(full.feature_name(), full.feature_importance("gain").round(1).tolist()))
    (cfg.art_dir / "metrics.json").write_text(json.dumps(
        {"valid_logloss": val_ll, "rounds": n_rounds, "gain_importance": importance}, indent=2))
    LOG.info("wrote %s", cfg.sub_path)


if __name__ == "__main__":
    main()
