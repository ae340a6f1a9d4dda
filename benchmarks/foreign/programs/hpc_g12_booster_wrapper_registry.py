"""HPC job run-time class (VF/F/M/L) classifier, scored by macro F1.

The registry mixes sklearn ensembles with a thin sklearn-compatible wrapper around the
native LightGBM API (so early stopping on an inner holdout happens inside `fit`).
"""
from __future__ import annotations

import argparse
import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import joblib
import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, ClassifierMixin, TransformerMixin
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.model_selection import StratifiedKFold, cross_validate, train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import LabelEncoder

LOGGER = logging.getLogger("hpc_g12")
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


@dataclass
class Config:
    input_dir: Path = Path("input")
    submission_path: Path = Path("submission/submission.csv")
    artifact_dir: Path = Path("artifacts/hpc_g12")
    target: str = "class"
    folds: int = 4
    seed: int = 13
    lgb_params: dict[str, Any] = field(default_factory=lambda: {
        "objective": "multiclass",
        "metric": "multi_logloss",
        "learning_rate": 0.05,
        "num_leaves": 31,
        "min_data_in_leaf": 10,
        "feature_fraction": 0.9,
        "bagging_fraction": 0.9,
        "bagging_freq": 1,
        "verbose": -1,
        "num_threads": 2,
    })


def parse_config() -> Config:
    ap = argparse.ArgumentParser()
    ap.add_argument("--folds", type=int, default=Config.folds)
    ap.add_argument("--seed", type=int, default=Config.seed)
    ns = ap.parse_args()
    return Config(folds=ns.folds, seed=ns.seed)


class JobFeatures(BaseEstimator, TransformerMixin):
    """Numeric view of a job: log sizes, workload product, protocol frequency, time of week."""

    def fit(self, X: pd.DataFrame, y=None) -> "JobFeatures":
        self.protocol_freq_ = X["protocol"].value_counts(normalize=True).to_dict()
        self.protocols_ = sorted(X["protocol"].unique())
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        out = pd.DataFrame(index=X.index)
        out["log_compounds"] = np.log1p(X["compounds"])
        out["log_input_fields"] = np.log1p(X["input_fields"])
        out["iterations"] = X["iterations"].astype(float)
        out["log_workload"] = out["log_compounds"] + out["log_input_fields"] + np.log(X["iterations"])
        out["log_pending"] = np.log1p(X["num_pending"])
        out["hour_sin"] = np.sin(2 * np.pi * X["hour"] / 24)
        out["hour_cos"] = np.cos(2 * np.pi * X["hour"] / 24)
        out["weekday"] = X["day"].map({d: i for i, d in enumerate(DAYS)}).fillna(-1)
        out["protocol_freq"] = X["protocol"].map(self.protocol_freq_).fillna(0.0)
        for p in self.protocols_:
            out[f"protocol_{p}"] = (X["protocol"] == p).astype(float)
        return out


class LGBBoosterClassifier(BaseEstimator, ClassifierMixin):
    """sklearn wrapper over lgb.train with an inner early-stopping holdout."""

    def __init__(self, params: dict[str, Any] | None = None, num_boost_round: int = 600,
                 early_stopping: int = 40, holdout: float = 0.15, seed: int = 0) -> None:
        self.params = params
        self.num_boost_round = num_boost_round
        self.early_stopping = early_stopping
        self.holdout = holdout
        self.seed = seed

    def fit(self, X: pd.DataFrame, y: np.ndarray) -> "LGBBoosterClassifier":
        self.encoder_ = LabelEncoder().fit(y)
        self.classes_ = self.encoder_.classes_
        y_enc = self.encoder_.transform(y)
        X_tr, X_va, y_tr, y_va = train_test_split(X, y_enc, test_size=self.holdout, stratify=y_enc,
                                                  random_state=self.seed)
        params = dict(self.params or {}, seed=self.seed)
        train_set = lgb.Dataset(X_tr, label=y_tr)
        valid_set = lgb.Dataset(X_va, label=y_va, reference=train_set)
        self.booster_ = lgb.train(
            params, train_set, num_boost_round=self.num_boost_round, valid_sets=[valid_set],
            callbacks=[lgb.early_stopping(self.early_stopping, verbose=False), lgb.log_evaluation(0)],
        )
        self.feature_importances_ = self.booster_.feature_importance(importance_type="gain")
        return self

    def predict_proba(self, X: pd.DataFrame) -> np.ndarray:
        return self.booster_.predict(X, num_iteration=self.booster_.best_iteration).reshape(len(X), len(self.classes_))

    def predict(self, X: pd.DataFrame) -> np.ndarray:
        return self.classes_[self.predict_proba(X).argmax(axis=1)]


def load(cfg: Config) -> tuple[pd.DataFrame, pd.DataFrame]:
    train = pd.read_csv(cfg.input_dir / "train.csv")
    test = pd.read_csv(cfg.input_dir / "test.csv")
    LOGGER.info("train %s, test %s", train.shape, test.shape)
    return train, test


def validate(cfg: Config, train: pd.DataFrame, test: pd.DataFrame) -> list[str]:
    feats = [c for c in test.columns if c != "id"]
    unseen = set(test["protocol"]) - set(train["protocol"])
    if unseen:
        LOGGER.warning("protocols only in test: %s", unseen)
    LOGGER.info("class shares: %s", train[cfg.target].value_counts(normalize=True).round(3).to_dict())
    return feats


def registry(cfg: Config) -> dict[str, Pipeline]:
    return {
        "random_forest": Pipeline([("fe", JobFeatures()), ("clf", RandomForestClassifier(
            n_estimators=250, min_samples_leaf=2, class_weight="balanced_subsample",
            random_state=cfg.seed, n_jobs=2))]),
        "hist_gbm": Pipeline([("fe", JobFeatures()), ("clf", HistGradientBoostingClassifier(
            learning_rate=0.06, max_iter=250, max_leaf_nodes=31, class_weight="balanced",
            random_state=cfg.seed))]),
        "lgb_booster": Pipeline([("fe", JobFeatures()), ("clf", LGBBoosterClassifier(
            params=cfg.lgb_params, seed=cfg.seed))]),
    }


def compare(cfg: Config, models: dict[str, Pipeline], X: pd.DataFrame, y: np.ndarray) -> dict[str, dict[str, float]]:
    cv = StratifiedKFold(cfg.folds, shuffle=True, random_state=cfg.seed)
    report: dict[str, dict[str, float]] = {}
    for name, pipe in models.items():
        res = cross_validate(pipe, X, y, cv=cv, scoring=["f1_macro", "accuracy"], error_score="raise")
        report[name] = {"f1_macro": float(res["test_f1_macro"].mean()),
                        "accuracy": float(res["test_accuracy"].mean())}
        LOGGER.info("%-13s f1_macro=%.4f acc=%.4f", name, report[name]["f1_macro"], report[name]["accuracy"])
    return report


def train(models: dict[str, Pipeline], report: dict, X: pd.DataFrame, y: np.ndarray) -> tuple[str, Pipeline]:
    best = max(report, key=lambda n: report[n]["f1_macro"])
    return best, models[best].fit(X, y)


def importance(model: Pipeline, X: pd.DataFrame) -> pd.DataFrame:
    names = model.named_steps["fe"].transform(X.head(3)).columns
    vals = getattr(model.named_steps["clf"], "feature_importances_", np.full(len(names), np.nan))
    return pd.DataFrame({"feature": names, "importance": vals}).sort_values("importance", ascending=False)


def save(cfg: Config, best: str, model: Pipeline, report: dict, X: pd.DataFrame, test: pd.DataFrame, feats: list[str]) -> None:
    cfg.artifact_dir.mkdir(parents=True, exist_ok=True)
    joblib.dump(model, cfg.artifact_dir / "hpc_model.joblib")
    (cfg.artifact_dir / "metrics.json").write_text(json.dumps({"best": best, "cv": report}, indent=2))
    importance(model, X).to_csv(cfg.artifact_dir / "feature_importance.csv", index=False)
    cfg.submission_path.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": test["id"], cfg.target: model.predict(test[feats])}).to_csv(cfg.submission_path, index=False)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = parse_config()
    train_df, test = load(cfg)
    feats = validate(cfg, train_df, test)
    X, y = train_df[feats], train_df[cfg.target].to_numpy()
    models = registry(cfg)
    report = compare(cfg, models, X, y)
    best, model = train(models, report, X, y)
    save(cfg, best, model, report, X, test, feats)
    print(f"CV macro F1 ({best}): {report[best]['f1_macro']:.4f}")


if __name__ == "__main__":
    main()
