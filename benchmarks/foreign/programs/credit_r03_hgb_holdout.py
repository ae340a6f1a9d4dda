"""Credit risk scoring job: HistGradientBoosting with native categoricals + holdout validation."""
from __future__ import annotations

import json
import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.inspection import permutation_importance
from sklearn.metrics import log_loss, roc_auc_score
from sklearn.model_selection import train_test_split

logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="[%(levelname)s] %(message)s")
logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Config:
    root: Path = Path(".")
    seed: int = 7
    holdout_frac: float = 0.2
    target: str = "Status"
    cat_cols: tuple[str, ...] = ("Home", "Marital", "Records", "Job")
    model_params: dict = field(
        default_factory=lambda: {
            "learning_rate": 0.05,
            "max_iter": 300,
            "max_leaf_nodes": 15,
            "min_samples_leaf": 40,
            "l2_regularization": 1.0,
        }
    )

    @property
    def input_dir(self) -> Path:
        return self.root / "input"

    @property
    def artifact_dir(self) -> Path:
        return self.root / "artifacts"


def load(cfg: Config) -> tuple[pd.DataFrame, pd.DataFrame]:
    train = pd.read_csv(cfg.input_dir / "train.csv")
    test = pd.read_csv(cfg.input_dir / "test.csv")
    logger.info("train shape %s | test shape %s | bad rate %.3f", train.shape, test.shape, train[cfg.target].mean())
    return train, test


def build_features(df: pd.DataFrame, cfg: Config) -> pd.DataFrame:
    X = df.drop(columns=[c for c in ("id", cfg.target) if c in df.columns]).copy()
    X["loan_to_price"] = X["Amount"] / X["Price"]
    X["income_minus_expenses"] = X["Income"] - X["Expenses"]
    X["debt_to_assets"] = X["Debt"] / (X["Assets"] + 1.0)
    X["monthly_payment"] = X["Amount"] / X["Time"]
    for c in cfg.cat_cols:
        X[c] = X[c].astype("category")
    return X


def align_categories(X_train: pd.DataFrame, X_other: pd.DataFrame, cfg: Config) -> pd.DataFrame:
    X_other = X_other.copy()
    for c in cfg.cat_cols:
        X_other[c] = pd.Categorical(X_other[c], categories=X_train[c].cat.categories)
    return X_other


def make_model(cfg: Config) -> HistGradientBoostingClassifier:
    return HistGradientBoostingClassifier(
        categorical_features="from_dtype", random_state=cfg.seed, early_stopping=False, **cfg.model_params
    )


def evaluate(model: HistGradientBoostingClassifier, X: pd.DataFrame, y: pd.Series) -> dict[str, float]:
    p = model.predict_proba(X)[:, 1]
    return {"holdout_logloss": float(log_loss(y, p)), "holdout_auc": float(roc_auc_score(y, p))}


def main() -> None:
    cfg = Config()
    np.random.seed(cfg.seed)
    cfg.artifact_dir.mkdir(parents=True, exist_ok=True)

    train_df, test_df = load(cfg)
    X = build_features(train_df, cfg)
    y = train_df[cfg.target].astype(int)

    X_tr, X_va, y_tr, y_va = train_test_split(
        X, y, test_size=cfg.holdout_frac, stratify=y, random_state=cfg.seed
    )
    X_va = align_categories(X_tr, X_va, cfg)
    logger.info("fit on %d rows, validate on %d rows", len(X_tr), len(X_va))

    model = make_model(cfg).fit(X_tr, y_tr)
    metrics = evaluate(model, X_va, y_va)
    logger.info("holdout logloss=%.4f auc=%.4f", metrics["holdout_logloss"], metrics["holdout_auc"])

    pi = permutation_importance(model, X_va, y_va, scoring="neg_log_loss", n_repeats=5, random_state=cfg.seed)
    imp = (
        pd.DataFrame({"feature": X_va.columns, "importance": pi.importances_mean, "std": pi.importances_std})
        .sort_values("importance", ascending=False)
        .reset_index(drop=True)
    )
    imp.to_csv(cfg.artifact_dir / "permutation_importance.csv", index=False)
    logger.info("top features:\n%s", imp.head(6).to_string(index=False))

    final = make_model(cfg).fit(X, y)
    joblib.dump(final, cfg.artifact_dir / "hgb_credit.joblib")
    (cfg.artifact_dir / "metrics.json").write_text(json.dumps(metrics, indent=2))

    X_test = align_categories(X, build_features(test_df, cfg), cfg)
    sub = pd.DataFrame({"id": test_df["id"], cfg.target: final.predict_proba(X_test)[:, 1]})
    out = cfg.root / "submission" / "submission.csv"
    out.parent.mkdir(exist_ok=True)
    sub.to_csv(out, index=False)
    logger.info("submission -> %s (%d rows)", out, len(sub))


if __name__ == "__main__":
    main()
