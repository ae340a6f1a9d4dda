"""Penguins: manual stratified folds over a small model registry, best model refit,
artifacts (model, metrics, importances) written next to the submission."""
from __future__ import annotations

import argparse
import json
import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import joblib
import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.base import BaseEstimator, TransformerMixin, clone
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.inspection import permutation_importance
from sklearn.metrics import accuracy_score, log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.svm import SVC

log = logging.getLogger(__name__)

NUMERIC = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]
CATEGORICAL = ["island", "sex"]
CLASSES = ["Adelie", "Chinstrap", "Gentoo"]


@dataclass(frozen=True)
class RunConfig:
    data_dir: Path = Path("./input")
    out_dir: Path = Path("./submission")
    model_dir: Path = Path("./artifacts/penguins_g02/models")
    report_dir: Path = Path("./artifacts/penguins_g02/reports")
    folds: int = 4
    seed: int = 2024


def get_config() -> RunConfig:
    p = argparse.ArgumentParser()
    p.add_argument("--folds", type=int, default=RunConfig.folds)
    p.add_argument("--seed", type=int, default=RunConfig.seed)
    ns = p.parse_args()
    return RunConfig(folds=ns.folds, seed=ns.seed)


class SexFromMass(BaseEstimator, TransformerMixin):
    """Fills a missing `sex` from body mass: heavier than the island median -> male."""

    def fit(self, X: pd.DataFrame, y: Any = None) -> "SexFromMass":
        self.island_median_ = X.groupby("island")["body_mass_g"].median().to_dict()
        self.global_median_ = float(X["body_mass_g"].median())
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        X = X.copy()
        ref = X["island"].map(self.island_median_).fillna(self.global_median_)
        guess = np.where(X["body_mass_g"].fillna(ref) > ref, "male", "female")
        X["sex"] = X["sex"].where(X["sex"].notna(), pd.Series(guess, index=X.index))
        return X


def prepare_dirs(cfg: RunConfig) -> None:
    for d in (cfg.out_dir, cfg.model_dir):
        d.mkdir(parents=True, exist_ok=True)


def load(cfg: RunConfig) -> tuple[pd.DataFrame, pd.DataFrame]:
    tr = pd.read_csv(cfg.data_dir / "train.csv")
    te = pd.read_csv(cfg.data_dir / "test.csv")
    log.info("loaded train=%s test=%s", tr.shape, te.shape)
    return tr, te


def validate(tr: pd.DataFrame, te: pd.DataFrame) -> None:
    assert set(tr["species"].unique()) == set(CLASSES), "unexpected species labels"
    assert not te["id"].duplicated().any(), "duplicate test ids"
    log.info("missing values in train:\n%s", tr[NUMERIC + CATEGORICAL].isna().sum().to_string())


def make_pipeline(estimator: BaseEstimator) -> Pipeline:
    encode = ColumnTransformer(
        [
            ("num", Pipeline([("imp", SimpleImputer(strategy="median")), ("sc", StandardScaler())]), NUMERIC),
            ("cat", OneHotEncoder(handle_unknown="ignore"), CATEGORICAL),
        ]
    )
    return Pipeline([("sex_fill", SexFromMass()), ("encode", encode), ("clf", estimator)])


def registry(cfg: RunConfig) -> dict[str, Pipeline]:
    return {
        "svc_rbf": make_pipeline(SVC(C=3.0, gamma="scale", probability=True, random_state=cfg.seed)),
        "knn_15": make_pipeline(KNeighborsClassifier(n_neighbors=15, weights="distance")),
        "lgbm": make_pipeline(
            LGBMClassifier(n_estimators=200, learning_rate=0.05, num_leaves=8, min_child_samples=5,
                           random_state=cfg.seed, verbose=-1, n_jobs=1)
        ),
    }


def run_cv(cfg: RunConfig, models: dict[str, Pipeline], X: pd.DataFrame, y: np.ndarray) -> dict[str, dict[str, float]]:
    skf = StratifiedKFold(n_splits=cfg.folds, shuffle=True, random_state=cfg.seed)
    report: dict[str, dict[str, float]] = {}
    for name, template in models.items():
        t0 = time.perf_counter()
        oof = np.zeros((len(X), len(CLASSES)))
        for trn_idx, val_idx in skf.split(X, y):
            m = clone(template).fit(X.iloc[trn_idx], y[trn_idx])
            oof[val_idx] = m.predict_proba(X.iloc[val_idx])
        report[name] = {
            "logloss": float(log_loss(y, oof, labels=CLASSES)),
            "accuracy": float(accuracy_score(y, np.asarray(CLASSES)[oof.argmax(1)])),
            "seconds": round(time.perf_counter() - t0, 2),
        }
        log.info("%s: %s", name, report[name])
    return report


def train(models: dict[str, Pipeline], report: dict[str, dict[str, float]], X: pd.DataFrame, y: np.ndarray) -> tuple[str, Pipeline]:
    best = min(report, key=lambda n: report[n]["logloss"])
    return best, clone(models[best]).fit(X, y)


def predict(model: Pipeline, te: pd.DataFrame) -> pd.DataFrame:
    proba = model.predict_proba(te[NUMERIC + CATEGORICAL])
    order = [list(model.classes_).index(c) for c in CLASSES]
    sub = pd.DataFrame(proba[:, order], columns=CLASSES)
    sub.insert(0, "id", te["id"].values)
    return sub


def importances(model: Pipeline, X: pd.DataFrame, y: np.ndarray, seed: int) -> pd.DataFrame:
    res = permutation_importance(model, X, y, n_repeats=5, random_state=seed, scoring="neg_log_loss")
    return (pd.DataFrame({"feature": X.columns, "importance": res.importances_mean, "std": res.importances_std})
            .sort_values("importance", ascending=False))


def save(cfg: RunConfig, best: str, model: Pipeline, report: dict, imp: pd.DataFrame) -> None:
    joblib.dump(model, cfg.model_dir / f"penguins_{best}.joblib")
    with open(cfg.report_dir / "cv_metrics.json", "w") as fh:
        json.dump({"best_model": best, "folds": cfg.folds, "models": report}, fh, indent=2)
    imp.to_csv(cfg.report_dir / "feature_importance.csv", index=False)
    log.info("artifacts saved under %s", cfg.model_dir.parent)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(message)s")
    cfg = get_config()
    prepare_dirs(cfg)
    tr, te = load(cfg)
    validate(tr, te)
    X, y = tr[NUMERIC + CATEGORICAL], tr["species"].to_numpy()
    models = registry(cfg)
    report = run_cv(cfg, models, X, y)
    best, model = train(models, report, X, y)
    print(f"Validation logloss ({best}): {report[best]['logloss']:.5f}")
    sub = predict(model, te)
    sub.to_csv(cfg.out_dir / "submission.csv", index=False)
    log.info("submission written: %s", sub.shape)
    save(cfg, best, model, report, importances(model, X, y, cfg.seed))


if __name__ == "__main__":
    main()
