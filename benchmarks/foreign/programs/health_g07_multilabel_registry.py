"""Health-insurance multilabel model (health, limit, insurance).

One MultiOutputClassifier per registry entry; registry entries are compared on the
column-wise mean ROC AUC of out-of-fold probabilities, then the winner is refit.
"""
from __future__ import annotations

import argparse
import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.base import BaseEstimator, TransformerMixin, clone
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import KFold
from sklearn.multioutput import MultiOutputClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

logger = logging.getLogger("health_g07")


@dataclass
class Config:
    input_dir: Path = Path("input")
    submission_path: Path = Path("submission/submission.csv")
    artifact_dir: Path = Path("artifacts/health_g07")
    targets: list[str] = field(default_factory=lambda: ["health", "limit", "insurance"])
    binary_cols: list[str] = field(default_factory=lambda: ["gender", "married", "selfemp"])
    nominal_cols: list[str] = field(default_factory=lambda: ["region", "ethnicity", "education"])
    numeric_cols: list[str] = field(default_factory=lambda: ["age", "family"])
    n_splits: int = 3
    seed: int = 42


def build_config() -> Config:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n-splits", type=int, default=Config.n_splits)
    ap.add_argument("--seed", type=int, default=Config.seed)
    args = ap.parse_args()
    return Config(n_splits=args.n_splits, seed=args.seed)


class BinaryFlags(BaseEstimator, TransformerMixin):
    """yes/no and male/female columns -> 0/1 integers."""

    POSITIVE = {"yes", "male"}

    def fit(self, X: pd.DataFrame, y=None) -> "BinaryFlags":
        self.columns_ = list(X.columns)
        return self

    def transform(self, X: pd.DataFrame) -> np.ndarray:
        return np.column_stack([X[c].isin(self.POSITIVE).astype(float) for c in self.columns_])

    def get_feature_names_out(self, input_features=None) -> np.ndarray:
        return np.asarray([f"{c}_flag" for c in self.columns_], dtype=object)


class LifeStage(BaseEstimator, TransformerMixin):
    """Age and household size, plus a squared age term and per-capita-ish features."""

    def fit(self, X: pd.DataFrame, y=None) -> "LifeStage":
        self.age_mean_ = float(X["age"].mean())
        return self

    def transform(self, X: pd.DataFrame) -> np.ndarray:
        age = X["age"].to_numpy(dtype=float)
        fam = X["family"].to_numpy(dtype=float).clip(1, 10)
        return np.column_stack([age, fam, (age - self.age_mean_) ** 2 / 100.0, age / fam, (age >= 55).astype(float)])

    def get_feature_names_out(self, input_features=None) -> np.ndarray:
        return np.asarray(["age", "family", "age_sq", "age_per_member", "near_retirement"], dtype=object)


def load(cfg: Config) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    train = pd.read_csv(cfg.input_dir / "train.csv")
    test = pd.read_csv(cfg.input_dir / "test.csv")
    sample = pd.read_csv(cfg.input_dir / "sample_submission.csv")
    logger.info("train=%s test=%s", train.shape, test.shape)
    return train, test, sample


def validate(cfg: Config, train: pd.DataFrame, test: pd.DataFrame, sample: pd.DataFrame) -> None:
    feats = cfg.binary_cols + cfg.nominal_cols + cfg.numeric_cols
    assert not train[feats + cfg.targets].isna().any().any(), "unexpected NaN"
    assert list(sample.columns) == ["id"] + cfg.targets
    assert len(sample) == len(test)
    logger.info("label prevalence: %s", train[cfg.targets].mean().round(3).to_dict())


def preprocessor(cfg: Config, scale: bool) -> ColumnTransformer:
    life = Pipeline([("life", LifeStage())] + ([("scale", StandardScaler())] if scale else []))
    return ColumnTransformer([
        ("life", life, cfg.numeric_cols),
        ("flags", BinaryFlags(), cfg.binary_cols),
        ("onehot", OneHotEncoder(handle_unknown="ignore", sparse_output=False), cfg.nominal_cols),
    ])


def registry(cfg: Config) -> dict[str, Pipeline]:
    def multi(est: BaseEstimator, scale: bool) -> Pipeline:
        return Pipeline([("prep", preprocessor(cfg, scale)), ("clf", MultiOutputClassifier(est))])

    return {
        "logreg": multi(LogisticRegression(C=0.5, max_iter=1000), scale=True),
        "hgb": multi(HistGradientBoostingClassifier(learning_rate=0.05, max_iter=120, max_depth=3,
                                                    min_samples_leaf=40, random_state=cfg.seed), scale=False),
        "lgbm": multi(LGBMClassifier(n_estimators=150, learning_rate=0.04, num_leaves=8, min_child_samples=50,
                                     reg_lambda=2.0, random_state=cfg.seed, verbose=-1, n_jobs=2), scale=False),
    }


def positive_proba(model: Pipeline, X: pd.DataFrame) -> np.ndarray:
    return np.column_stack([p[:, 1] for p in model.predict_proba(X)])


def cross_validate_registry(cfg: Config, models: dict[str, Pipeline], X: pd.DataFrame, Y: pd.DataFrame) -> dict[str, dict[str, float]]:
    kf = KFold(cfg.n_splits, shuffle=True, random_state=cfg.seed)
    report: dict[str, dict[str, float]] = {}
    for name, template in models.items():
        oof = np.zeros(Y.shape, dtype=float)
        for tr_idx, va_idx in kf.split(X):
            fitted = clone(template).fit(X.iloc[tr_idx], Y.iloc[tr_idx])
            oof[va_idx] = positive_proba(fitted, X.iloc[va_idx])
        per_target = {t: float(roc_auc_score(Y[t], oof[:, j])) for j, t in enumerate(cfg.targets)}
        per_target["mean_auc"] = float(np.mean(list(per_target.values())))
        report[name] = per_target
        logger.info("%-7s %s", name, {k: round(v, 4) for k, v in per_target.items()})
    return report


def train_best(models: dict[str, Pipeline], report: dict[str, dict[str, float]], X: pd.DataFrame, Y: pd.DataFrame) -> tuple[str, Pipeline]:
    best = max(report, key=lambda k: report[k]["mean_auc"])
    logger.info("winner: %s", best)
    return best, clone(models[best]).fit(X, Y)


def importance(cfg: Config, model: Pipeline) -> pd.DataFrame:
    names = model.named_steps["prep"].get_feature_names_out()
    frame = pd.DataFrame({"feature": names})
    for t, est in zip(cfg.targets, model.named_steps["clf"].estimators_):
        if hasattr(est, "feature_importances_"):
            frame[t] = est.feature_importances_
        elif hasattr(est, "coef_"):
            frame[t] = np.abs(est.coef_.ravel())
        else:
            frame[t] = np.nan
    return frame


def predict(cfg: Config, model: Pipeline, test: pd.DataFrame, features: list[str]) -> pd.DataFrame:
    sub = pd.DataFrame(positive_proba(model, test[features]), columns=cfg.targets)
    sub.insert(0, "id", test["id"].to_numpy())
    return sub


def save(cfg: Config, best: str, model: Pipeline, report: dict, imp: pd.DataFrame, sub: pd.DataFrame) -> None:
    cfg.artifact_dir.mkdir(parents=True, exist_ok=True)
    joblib.dump(model, cfg.artifact_dir / "multilabel_model.joblib")
    (cfg.artifact_dir / "metrics.json").write_text(json.dumps({"best": best, "cv": report}, indent=2))
    imp.to_csv(cfg.artifact_dir / "feature_importance.csv", index=False)
    cfg.submission_path.parent.mkdir(parents=True, exist_ok=True)
    sub.to_csv(cfg.submission_path, index=False)
    logger.info("submission: %s", sub.shape)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)-5s %(message)s")
    cfg = build_config()
    train, test, sample = load(cfg)
    validate(cfg, train, test, sample)
    features = cfg.numeric_cols + cfg.binary_cols + cfg.nominal_cols
    X, Y = train[features], train[cfg.targets]
    models = registry(cfg)
    report = cross_validate_registry(cfg, models, X, Y)
    best, model = train_best(models, report, X, Y)
    sub = predict(cfg, model, test, features)
    save(cfg, best, model, report, importance(cfg, model), sub)
    print(f"CV mean column AUC: {report[best]['mean_auc']:.4f} ({best})")


if __name__ == "__main__":
    main()
