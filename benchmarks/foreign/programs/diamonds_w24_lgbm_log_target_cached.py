"""Diamond prices: FeatureBuilder transformer + LightGBM on log1p(price), 5-fold CV.

Feature matrices are cached with joblib.Memory so repeated runs skip the feature step.
"""
from __future__ import annotations

import argparse
import json
import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path

import joblib
import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.metrics import mean_squared_log_error
from sklearn.model_selection import KFold

LOGGER = logging.getLogger("diamonds")

CUT_ORDER = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
COLOR_ORDER = ["J", "I", "H", "G", "F", "E", "D"]
CLARITY_ORDER = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]


@dataclass
class Config:
    input_dir: Path = Path("input")
    submission_path: Path = Path("submission/submission.csv")
    cache_dir: Path = Path(".cache/diamonds")
    metrics_path: Path = Path("artifacts/cv_metrics.json")
    n_splits: int = 5
    seed: int = 11
    num_boost_round: int = 3000
    params: dict = field(default_factory=lambda: {
        "objective": "regression",
        "metric": "rmse",
        "learning_rate": 0.05,
        "num_leaves": 31,
        "min_data_in_leaf": 20,
        "feature_fraction": 0.9,
        "bagging_fraction": 0.9,
        "bagging_freq": 1,
        "verbosity": -1,
    })


class FeatureBuilder(BaseEstimator, TransformerMixin):
    """Ordinal-encodes the graded categoricals and adds geometry features."""

    def __init__(self, fix_zero_dims: bool = True) -> None:
        self.fix_zero_dims = fix_zero_dims

    def fit(self, X: pd.DataFrame, y: np.ndarray | None = None) -> "FeatureBuilder":
        dims = X[["x", "y", "z"]].replace(0, np.nan)
        self.dim_medians_ = dims.median().to_dict()
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        out = X.copy()
        if self.fix_zero_dims:
            for c in ("x", "y", "z"):
                out[c] = out[c].replace(0, np.nan).fillna(self.dim_medians_[c])
            out["y"] = out["y"].clip(upper=15)
            out["z"] = out["z"].clip(upper=10)
        out["cut"] = out["cut"].map({v: i for i, v in enumerate(CUT_ORDER)})
        out["color"] = out["color"].map({v: i for i, v in enumerate(COLOR_ORDER)})
        out["clarity"] = out["clarity"].map({v: i for i, v in enumerate(CLARITY_ORDER)})
        out["volume"] = out["x"] * out["y"] * out["z"]
        out["density"] = out["carat"] / out["volume"]
        out["xy_ratio"] = out["x"] / out["y"]
        out["log_carat"] = np.log(out["carat"])
        out["grade"] = out["cut"] + out["color"] + out["clarity"]
        return out.drop(columns=["id"], errors="ignore")


def build_features(train_path: str, test_path: str) -> tuple[pd.DataFrame, np.ndarray, pd.DataFrame, np.ndarray]:
    train = pd.read_csv(train_path)
    test = pd.read_csv(test_path)
    fb = FeatureBuilder().fit(train)
    X = fb.transform(train.drop(columns=["price"]))
    X_test = fb.transform(test)
    return X, train["price"].to_numpy(float), X_test, test["id"].to_numpy()


class Trainer:
    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg

    def cross_validate(self, X: pd.DataFrame, y: np.ndarray, X_test: pd.DataFrame) -> tuple[np.ndarray, np.ndarray, list[dict]]:
        y_log = np.log1p(y)
        oof = np.zeros(len(X))
        test_log = np.zeros(len(X_test))
        fold_info: list[dict] = []
        kf = KFold(self.cfg.n_splits, shuffle=True, random_state=self.cfg.seed)
        for fold, (tr, va) in enumerate(kf.split(X)):
            dtrain = lgb.Dataset(X.iloc[tr], y_log[tr])
            dvalid = lgb.Dataset(X.iloc[va], y_log[va], reference=dtrain)
            model = lgb.train(
                self.cfg.params, dtrain, self.cfg.num_boost_round, valid_sets=[dvalid],
                callbacks=[lgb.early_stopping(150, verbose=False), lgb.log_evaluation(0)],
            )
            oof[va] = model.predict(X.iloc[va], num_iteration=model.best_iteration)
            test_log += model.predict(X_test, num_iteration=model.best_iteration) / self.cfg.n_splits
            score = float(np.sqrt(mean_squared_log_error(y[va], np.expm1(oof[va]))))
            fold_info.append({"fold": fold, "best_iteration": model.best_iteration, "rmsle": score})
            LOGGER.info("fold %d: best_iteration=%d  RMSLE=%.5f", fold, model.best_iteration, score)
        return np.expm1(oof), np.expm1(test_log), fold_info


def main() -> None:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(asctime)s - %(levelname)s - %(message)s")
    cfg = Config()
    ap = argparse.ArgumentParser()
    ap.add_argument("--n-splits", type=int, default=cfg.n_splits)
    ap.add_argument("--lr", type=float, default=cfg.params["learning_rate"])
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    cfg.n_splits = args.n_splits
    cfg.params["learning_rate"] = args.lr

    memory = joblib.Memory(None if args.no_cache else cfg.cache_dir, verbose=0)
    cached_build = memory.cache(build_features)
    X, y, X_test, test_ids = cached_build(str(cfg.input_dir / "train.csv"), str(cfg.input_dir / "test.csv"))
    LOGGER.info("features: %s | train rows %d | test rows %d", list(X.columns), len(X), len(X_test))

    oof, test_pred, folds = Trainer(cfg).cross_validate(X, y, X_test)
    cv_rmsle = float(np.sqrt(mean_squared_log_error(y, oof)))
    LOGGER.info("CV RMSLE (OOF): %.5f", cv_rmsle)

    cfg.submission_path.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": test_ids, "price": np.clip(test_pred, 300, None)}).to_csv(cfg.submission_path, index=False)
    LOGGER.info("saved %s (%d rows)", cfg.submission_path, len(test_pred))

    cfg.metrics_path.parent.mkdir(parents=True, exist_ok=True)
    cfg.metrics_path.write_text(json.dumps({"cv_rmsle": cv_rmsle, "folds": folds, "params": cfg.params}, indent=2))


if __name__ == "__main__":
    main()
