"""Credit risk scoring (P(Status == bad)).

Production-style training script: every stage is a function, preprocessing lives in
sklearn Pipelines so the persisted model can score raw application rows directly.
"""
from __future__ import annotations

import argparse
import json
import logging
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.compose import ColumnTransformer, make_column_selector
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss, roc_auc_score
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

logger = logging.getLogger("credit_g03")


@dataclass
class TrainConfig:
    data_dir: str = "input"
    submission_path: str = "submission/submission.csv"
    artifacts: str = "artifacts/credit_g03"
    target: str = "Status"
    id_col: str = "id"
    cv_folds: int = 5
    random_state: int = 7
    rare_min_count: int = 30


def cli() -> TrainConfig:
    parser = argparse.ArgumentParser()
    for name, default in asdict(TrainConfig()).items():
        parser.add_argument(f"--{name.replace('_', '-')}", type=type(default), default=default)
    return TrainConfig(**vars(parser.parse_args()))


class FinancialRatios(BaseEstimator, TransformerMixin):
    """Affordability features derived from already-imputed money columns."""

    def fit(self, X: pd.DataFrame, y=None) -> "FinancialRatios":
        self.feature_names_in_ = np.asarray(X.columns, dtype=object)
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        out = X.copy()
        out["loan_to_price"] = X["Amount"] / X["Price"].clip(lower=1)
        out["installment"] = X["Amount"] / X["Time"].clip(lower=1)
        out["free_income"] = X["Income"] - X["Expenses"]
        out["installment_share"] = out["installment"] / X["Income"].clip(lower=1)
        out["net_worth"] = np.log1p((X["Assets"] - X["Debt"]).clip(lower=0))
        return out

    def get_feature_names_out(self, input_features=None) -> np.ndarray:
        base = list(self.feature_names_in_ if input_features is None else input_features)
        extra = ["loan_to_price", "installment", "free_income", "installment_share", "net_worth"]
        return np.asarray(base + extra, dtype=object)


class RareLevelGrouper(BaseEstimator, TransformerMixin):
    """Maps categorical levels seen fewer than `min_count` times (and NaN) to 'rare'."""

    def __init__(self, min_count: int = 30) -> None:
        self.min_count = min_count

    def fit(self, X: pd.DataFrame, y=None) -> "RareLevelGrouper":
        self.keep_ = {c: set(X[c].value_counts()[lambda s: s >= self.min_count].index) for c in X.columns}
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        out = X.copy()
        for c, keep in self.keep_.items():
            out[c] = out[c].where(out[c].isin(keep), "rare").astype(str)
        return out

    def get_feature_names_out(self, input_features=None) -> np.ndarray:
        return np.asarray(list(input_features), dtype=object)


def load(cfg: TrainConfig) -> tuple[pd.DataFrame, pd.DataFrame]:
    train = pd.read_csv(Path(cfg.data_dir) / "train.csv")
    test = pd.read_csv(Path(cfg.data_dir) / "test.csv")
    logger.info("train=%s test=%s positive rate=%.3f", train.shape, test.shape, train[cfg.target].mean())
    return train, test


def validate(cfg: TrainConfig, train: pd.DataFrame, test: pd.DataFrame) -> list[str]:
    features = [c for c in train.columns if c not in (cfg.target, cfg.id_col)]
    absent = [c for c in features if c not in test.columns]
    if absent:
        raise KeyError(f"test lacks {absent}")
    if not set(train[cfg.target].unique()) <= {0, 1}:
        raise ValueError("target must be binary 0/1")
    return features


def build_features(numeric: list[str], categorical: list[str], cfg: TrainConfig, scale: bool) -> ColumnTransformer:
    num_steps = [("impute", SimpleImputer(strategy="median")), ("ratios", FinancialRatios())]
    if scale:
        num_steps.append(("scale", StandardScaler()))
    num_pipe = Pipeline(num_steps).set_output(transform="pandas")
    cat_pipe = Pipeline(
        [
            ("rare", RareLevelGrouper(min_count=cfg.rare_min_count)),
            ("onehot", OneHotEncoder(handle_unknown="ignore", sparse_output=False)),
        ]
    )
    return ColumnTransformer([("num", num_pipe, numeric), ("cat", cat_pipe, categorical)])


def model_registry(cfg: TrainConfig, numeric: list[str], categorical: list[str]) -> dict[str, Pipeline]:
    return {
        "logistic": Pipeline([
            ("features", build_features(numeric, categorical, cfg, scale=True)),
            ("model", LogisticRegression(C=0.5, max_iter=3000)),
        ]),
        "hist_gb": Pipeline([
            ("features", build_features(numeric, categorical, cfg, scale=False)),
            ("model", HistGradientBoostingClassifier(learning_rate=0.05, max_iter=250, max_leaf_nodes=15,
                                                     l2_regularization=1.0, random_state=cfg.random_state)),
        ]),
        "lightgbm": Pipeline([
            ("features", build_features(numeric, categorical, cfg, scale=False)),
            ("model", LGBMClassifier(n_estimators=350, learning_rate=0.03, num_leaves=15, subsample=0.8,
                                     subsample_freq=1, colsample_bytree=0.8, min_child_samples=30,
                                     random_state=cfg.random_state, verbose=-1, n_jobs=2)),
        ]),
    }


def evaluate(cfg: TrainConfig, models: dict[str, Pipeline], X: pd.DataFrame, y: pd.Series) -> dict[str, dict[str, float]]:
    cv = StratifiedKFold(cfg.cv_folds, shuffle=True, random_state=cfg.random_state)
    scores: dict[str, dict[str, float]] = {}
    for name, pipe in models.items():
        oof = cross_val_predict(pipe, X, y, cv=cv, method="predict_proba")[:, 1]
        scores[name] = {"logloss": log_loss(y, oof), "auc": roc_auc_score(y, oof)}
        logger.info("%-10s logloss=%.4f auc=%.4f", name, scores[name]["logloss"], scores[name]["auc"])
    return scores


def fit_best(models: dict[str, Pipeline], scores: dict[str, dict[str, float]], X: pd.DataFrame, y: pd.Series) -> tuple[str, Pipeline]:
    name = min(scores, key=lambda k: scores[k]["logloss"])
    logger.info("best model by CV logloss: %s", name)
    return name, models[name].fit(X, y)


def importance_table(model: Pipeline) -> pd.DataFrame:
    names = model.named_steps["features"].get_feature_names_out()
    est = model.named_steps["model"]
    if hasattr(est, "feature_importances_"):
        vals = est.feature_importances_.astype(float)
    elif hasattr(est, "coef_"):
        vals = np.abs(est.coef_.ravel())
    else:
        vals = np.full(len(names), np.nan)
    return pd.DataFrame({"feature": names, "importance": vals}).sort_values("importance", ascending=False)


def predict(cfg: TrainConfig, model: Pipeline, test: pd.DataFrame, features: list[str]) -> pd.DataFrame:
    p = np.clip(model.predict_proba(test[features])[:, 1], 1e-4, 1 - 1e-4)
    return pd.DataFrame({cfg.id_col: test[cfg.id_col], cfg.target: p})


def save(cfg: TrainConfig, name: str, model: Pipeline, scores: dict, imp: pd.DataFrame, sub: pd.DataFrame) -> None:
    root = Path(cfg.artifacts)
    for sub_dir in ("model", "metrics"):
        (root / sub_dir).mkdir(parents=True, exist_ok=True)
    joblib.dump(model, root / "model" / "credit_model.joblib")
    (root / "metrics" / "cv.json").write_text(json.dumps({"best": name, "scores": scores, "config": asdict(cfg)}, indent=2))
    imp.to_csv(root / "metrics" / "feature_importance.csv", index=False)
    Path(cfg.submission_path).parent.mkdir(parents=True, exist_ok=True)
    sub.to_csv(cfg.submission_path, index=False)


def main() -> int:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(asctime)s | %(name)s | %(message)s")
    cfg = cli()
    train, test = load(cfg)
    features = validate(cfg, train, test)
    numeric = train[features].select_dtypes("number").columns.tolist()
    categorical = [c for c in features if c not in numeric]
    X, y = train[features], train[cfg.target]
    models = model_registry(cfg, numeric, categorical)
    scores = evaluate(cfg, models, X, y)
    name, model = fit_best(models, scores, X, y)
    sub = predict(cfg, model, test, features)
    save(cfg, name, model, scores, importance_table(model), sub)
    print(f"CV logloss: {scores[name]['logloss']:.5f} ({name})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
