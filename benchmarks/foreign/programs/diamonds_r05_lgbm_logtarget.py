"""Diamond price regression: LightGBM on log1p(price), K-fold RMSLE, fold-averaged test predictions."""
from __future__ import annotations

import json
import logging
import os
import random
from dataclasses import dataclass, asdict
from pathlib import Path

import joblib
import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.model_selection import KFold

logging.basicConfig(level=logging.INFO, format="%(message)s")
logger = logging.getLogger("diamonds")

CUT_ORDER = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
COLOR_ORDER = ["J", "I", "H", "G", "F", "E", "D"]
CLARITY_ORDER = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]


@dataclass
class Config:
    input_dir: Path = Path("input")
    artifacts: Path = Path("artifacts/diamonds")
    seed: int = 123
    n_folds: int = 5
    n_estimators: int = 2000
    learning_rate: float = 0.05
    num_leaves: int = 31
    min_child_samples: int = 20
    colsample_bytree: float = 0.9
    early_stopping_rounds: int = 100


def seed_everything(seed: int) -> None:
    random.seed(seed)
    np.random.seed(seed)
    os.environ["PYTHONHASHSEED"] = str(seed)


def load(cfg: Config) -> tuple[pd.DataFrame, pd.DataFrame]:
    train = pd.read_csv(cfg.input_dir / "train.csv")
    test = pd.read_csv(cfg.input_dir / "test.csv")
    return train, test


def build_features(df: pd.DataFrame) -> pd.DataFrame:
    X = pd.DataFrame(index=df.index)
    X["carat"] = df["carat"]
    X["log_carat"] = np.log(df["carat"])
    X["cut"] = df["cut"].map({v: i for i, v in enumerate(CUT_ORDER)})
    X["color"] = df["color"].map({v: i for i, v in enumerate(COLOR_ORDER)})
    X["clarity"] = df["clarity"].map({v: i for i, v in enumerate(CLARITY_ORDER)})
    for c in ["depth", "table", "x", "y", "z"]:
        X[c] = df[c].replace(0, np.nan)
    X["volume"] = X["x"] * X["y"] * X["z"]
    X["xy_ratio"] = X["x"] / X["y"]
    return X


def rmsle(y_true: np.ndarray, y_pred: np.ndarray) -> float:
    return float(np.sqrt(np.mean((np.log1p(y_pred) - np.log1p(y_true)) ** 2)))


def train_cv(cfg: Config, X: pd.DataFrame, y: pd.Series, X_test: pd.DataFrame) -> tuple[np.ndarray, np.ndarray, list]:
    kf = KFold(n_splits=cfg.n_folds, shuffle=True, random_state=cfg.seed)
    oof = np.zeros(len(X))
    test_pred = np.zeros(len(X_test))
    models = []
    y_log = np.log1p(y)
    for fold, (tr, va) in enumerate(kf.split(X)):
        model = lgb.LGBMRegressor(
            n_estimators=cfg.n_estimators,
            learning_rate=cfg.learning_rate,
            num_leaves=cfg.num_leaves,
            min_child_samples=cfg.min_child_samples,
            colsample_bytree=cfg.colsample_bytree,
            random_state=cfg.seed + fold,
            verbose=-1,
        )
        model.fit(
            X.iloc[tr], y_log.iloc[tr],
            eval_set=[(X.iloc[va], y_log.iloc[va])],
            callbacks=[lgb.early_stopping(cfg.early_stopping_rounds, verbose=False)],
        )
        oof[va] = np.expm1(model.predict(X.iloc[va], num_iteration=model.best_iteration_))
        test_pred += np.expm1(model.predict(X_test, num_iteration=model.best_iteration_)) / cfg.n_folds
        logger.info("fold %d: best_iter=%4d  rmsle=%.5f", fold + 1, model.best_iteration_, rmsle(y.iloc[va].values, oof[va]))
        models.append(model)
    return oof, test_pred, models


def evaluate(y: pd.Series, oof: np.ndarray) -> dict[str, float]:
    return {"oof_rmsle": rmsle(y.values, oof), "oof_mae": float(np.mean(np.abs(y.values - oof)))}


def main() -> None:
    cfg = Config()
    seed_everything(cfg.seed)
    train, test = load(cfg)
    X, X_test = build_features(train), build_features(test)
    y = train["price"]
    logger.info("X=%s X_test=%s, price median=%.0f", X.shape, X_test.shape, y.median())

    oof, test_pred, models = train_cv(cfg, X, y, X_test)
    metrics = evaluate(y, oof)
    logger.info("OOF RMSLE: %.5f | OOF MAE: %.1f", metrics["oof_rmsle"], metrics["oof_mae"])

    cfg.artifacts.mkdir(parents=True, exist_ok=True)
    joblib.dump(models, cfg.artifacts / "lgbm_folds.joblib")
    with open(cfg.artifacts / "metrics.json", "w") as f:
        json.dump({**metrics, "config": {k: str(v) for k, v in asdict(cfg).items()}}, f, indent=2)
    fi = pd.DataFrame({"feature": X.columns, "split": np.mean([m.feature_importances_ for m in models], axis=0)})
    fi.sort_values("split", ascending=False).to_csv(cfg.artifacts / "feature_importance.csv", index=False)

    Path("submission").mkdir(exist_ok=True)
    pd.DataFrame({"id": test["id"], "price": np.clip(test_pred, 300, None)}).to_csv("submission/submission.csv", index=False)
    logger.info("done - %d predictions written", len(test_pred))


if __name__ == "__main__":
    main()
