"""Telco churn - LightGBM with native categoricals, stratified CV, artifacts saved."""
from __future__ import annotations

import json
import logging
import random
from dataclasses import dataclass, asdict
from pathlib import Path

import joblib
import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

logging.basicConfig(level=logging.INFO, format="%(levelname)s | %(name)s | %(message)s")
log = logging.getLogger("telco")


@dataclass
class Config:
    data_dir: str = "input"
    out_dir: str = "outputs"
    target: str = "churn"
    id_col: str = "id"
    seed: int = 2024
    n_splits: int = 5
    n_estimators: int = 400
    learning_rate: float = 0.03
    num_leaves: int = 15
    min_child_samples: int = 30
    subsample: float = 0.8
    subsample_freq: int = 1
    colsample_bytree: float = 0.8


def seed_everything(seed: int) -> None:
    random.seed(seed)
    np.random.seed(seed)


def load(cfg: Config) -> tuple[pd.DataFrame, pd.DataFrame]:
    d = Path(cfg.data_dir)
    return pd.read_csv(d / "train.csv"), pd.read_csv(d / "test.csv")


def build_features(df: pd.DataFrame, cat_levels: dict[str, list[str]]) -> pd.DataFrame:
    out = df.drop(columns=["id", "churn"], errors="ignore").copy()
    out["total_charges"] = out["total_charges"].fillna(out["monthly_charges"] * out["tenure"])
    out["charges_per_month_tenure"] = out["total_charges"] / (out["tenure"] + 1)
    out["n_services"] = (
        out[["online_security", "online_backup", "device_protection", "tech_support", "streaming_tv", "streaming_movies"]]
        == "Yes"
    ).sum(axis=1)
    for col, levels in cat_levels.items():
        out[col] = pd.Categorical(out[col], categories=levels)
    return out


def make_model(cfg: Config) -> lgb.LGBMClassifier:
    return lgb.LGBMClassifier(
        n_estimators=cfg.n_estimators,
        learning_rate=cfg.learning_rate,
        num_leaves=cfg.num_leaves,
        min_child_samples=cfg.min_child_samples,
        subsample=cfg.subsample,
        subsample_freq=cfg.subsample_freq,
        colsample_bytree=cfg.colsample_bytree,
        random_state=cfg.seed,
        verbose=-1,
    )


def evaluate(cfg: Config, X: pd.DataFrame, y: pd.Series) -> dict:
    skf = StratifiedKFold(n_splits=cfg.n_splits, shuffle=True, random_state=cfg.seed)
    oof = np.zeros(len(X))
    fold_scores = []
    for k, (tr, va) in enumerate(skf.split(X, y), start=1):
        m = make_model(cfg)
        m.fit(X.iloc[tr], y.iloc[tr])
        oof[va] = m.predict_proba(X.iloc[va])[:, 1]
        s = roc_auc_score(y.iloc[va], oof[va])
        fold_scores.append(s)
        log.info("fold %d/%d  auc=%.4f", k, cfg.n_splits, s)
    oof_auc = roc_auc_score(y, oof)
    log.info("OOF AUC = %.4f (mean fold %.4f)", oof_auc, np.mean(fold_scores))
    return {"oof_auc": oof_auc, "fold_auc": fold_scores}


def train(cfg: Config, X: pd.DataFrame, y: pd.Series) -> lgb.LGBMClassifier:
    m = make_model(cfg)
    m.fit(X, y)
    return m


def predict(model: lgb.LGBMClassifier, X: pd.DataFrame) -> np.ndarray:
    return model.predict_proba(X)[:, 1]


def main() -> None:
    cfg = Config()
    seed_everything(cfg.seed)
    out_dir = Path(cfg.out_dir)
    out_dir.mkdir(exist_ok=True)

    train_df, test_df = load(cfg)
    log.info("loaded train %s, test %s", train_df.shape, test_df.shape)

    cat_cols = [c for c in train_df.columns if train_df[c].dtype != "int64" and train_df[c].dtype != "float64"]
    cat_levels = {c: sorted(train_df[c].dropna().unique().tolist()) for c in cat_cols}
    log.info("categorical columns: %s", cat_cols)

    X = build_features(train_df, cat_levels)
    y = train_df[cfg.target]
    X_test = build_features(test_df, cat_levels)

    metrics = evaluate(cfg, X, y)
    metrics["n_train"] = len(X)
    metrics["n_positive"] = y.sum()
    metrics["config"] = asdict(cfg)
    with open(out_dir / "metrics.json", "w") as fh:
        json.dump(metrics, fh, indent=2)
    log.info("metrics written to %s", out_dir / "metrics.json")

    model = train(cfg, X, y)
    joblib.dump(model, out_dir / "lgbm_churn.joblib")
    imp = pd.DataFrame({"feature": X.columns, "gain": model.booster_.feature_importance("gain")})
    imp.sort_values("gain", ascending=False).to_csv(out_dir / "feature_importance.csv", index=False)

    sub = pd.DataFrame({cfg.id_col: test_df[cfg.id_col], cfg.target: predict(model, X_test)})
    Path("submission").mkdir(exist_ok=True)
    sub.to_csv("submission/submission.csv", index=False)
    log.info("submission saved: %d rows, mean p=%.3f", len(sub), sub[cfg.target].mean())


if __name__ == "__main__":
    main()
