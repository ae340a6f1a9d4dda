"""Credit default model with affordability ratios.

Candidates (boosting + a linear baseline) share one ColumnTransformer and are compared
with 5-fold stratified CV on log loss; the winner is refit on all rows and persisted.
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
import sklearn
from lightgbm import LGBMClassifier
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

sklearn.set_config(transform_output="pandas")
logger = logging.getLogger("credit_g04")


@dataclass
class Config:
    input_dir: Path = Path("input")
    output_dir: Path = Path("submission")
    artifact_dir: Path = Path("models/credit_g04")
    target: str = "Status"
    folds: int = 5
    seed: int = 11
    numeric: list[str] = field(default_factory=lambda: [
        "Seniority", "Time", "Age", "Expenses", "Income", "Assets", "Debt", "Amount", "Price"])
    categorical: list[str] = field(default_factory=lambda: ["Home", "Marital", "Records", "Job"])
    ratio_inputs: list[str] = field(default_factory=lambda: [
        "Income", "Expenses", "Amount", "Price", "Assets", "Debt", "Time"])


def parse_config() -> Config:
    ap = argparse.ArgumentParser()
    ap.add_argument("--folds", type=int, default=Config.folds)
    ap.add_argument("--seed", type=int, default=Config.seed)
    a = ap.parse_args()
    return Config(folds=a.folds, seed=a.seed)


def _safe_div(num: pd.Series, den: pd.Series) -> np.ndarray:
    """Division that never blows up on a zero denominator."""
    return np.where(den > 0, num / den.where(den > 0, 1), 0.0)


class AffordabilityRatios(BaseEstimator, TransformerMixin):
    """Turns raw money columns into ratios a credit analyst would look at."""

    def fit(self, X: pd.DataFrame, y=None) -> "AffordabilityRatios":
        self.n_features_in_ = X.shape[1]
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        monthly = X["Amount"] / X["Time"].clip(lower=1)
        return pd.DataFrame(
            {
                "expense_ratio": _safe_div(X["Expenses"], X["Income"]),
                "income_cover": _safe_div(X["Income"] - X["Expenses"], monthly),
                "loan_to_value": _safe_div(X["Amount"], X["Price"]),
                "asset_cover": _safe_div(X["Assets"] - X["Debt"], X["Amount"]),
            },
            index=X.index,
        )

    def get_feature_names_out(self, input_features=None) -> np.ndarray:
        return np.array(["expense_ratio", "income_cover", "loan_to_value", "asset_cover"], dtype=object)


def load(cfg: Config) -> tuple[pd.DataFrame, pd.DataFrame]:
    train = pd.read_csv(cfg.input_dir / "train.csv")
    test = pd.read_csv(cfg.input_dir / "test.csv")
    logger.info("rows: train=%d test=%d", len(train), len(test))
    return train, test


def validate(cfg: Config, train: pd.DataFrame, test: pd.DataFrame) -> None:
    needed = set(cfg.numeric + cfg.categorical)
    if not needed <= set(test.columns):
        raise KeyError(sorted(needed - set(test.columns)))
    na = train[sorted(needed)].isna().mean()
    logger.info("missing share per column:\n%s", na[na > 0].round(4).to_string())


def make_preprocessor(cfg: Config, scale: bool) -> ColumnTransformer:
    num_steps: list = [("impute", SimpleImputer(strategy="median"))]
    ratio_steps: list = [("ratios", AffordabilityRatios())]
    if scale:
        num_steps.append(("scale", StandardScaler()))
        ratio_steps.append(("scale", StandardScaler()))
    cat = Pipeline([
        ("impute", SimpleImputer(strategy="most_frequent")),
        ("onehot", OneHotEncoder(handle_unknown="ignore", sparse_output=False, min_frequency=20)),
    ])
    return ColumnTransformer(
        [
            ("num", Pipeline(num_steps), cfg.numeric),
            ("ratio", Pipeline(ratio_steps), cfg.ratio_inputs),
            ("cat", cat, cfg.categorical),
        ],
        verbose_feature_names_out=True,
    )


def registry(cfg: Config) -> dict[str, Pipeline]:
    return {
        "hgb": Pipeline([("prep", make_preprocessor(cfg, scale=False)),
                         ("clf", HistGradientBoostingClassifier(learning_rate=0.06, max_iter=200, max_depth=4,
                                                                random_state=cfg.seed))]),
        "lgbm": Pipeline([("prep", make_preprocessor(cfg, scale=False)),
                          ("clf", LGBMClassifier(n_estimators=300, learning_rate=0.03, num_leaves=12,
                                                 min_child_samples=40, colsample_bytree=0.7,
                                                 random_state=cfg.seed, verbose=-1, n_jobs=2))]),
        "logit": Pipeline([("prep", make_preprocessor(cfg, scale=True)),
                           ("clf", LogisticRegression(C=0.3, max_iter=2000))]),
    }


def compare(cfg: Config, models: dict[str, Pipeline], X: pd.DataFrame, y: pd.Series) -> pd.DataFrame:
    cv = StratifiedKFold(n_splits=cfg.folds, shuffle=True, random_state=cfg.seed)
    rows = []
    for name, model in models.items():
        res = cross_validate(model, X, y, cv=cv, scoring={"ll": "neg_log_loss", "auc": "roc_auc"},
                             error_score="raise")
        rows.append({"model": name, "logloss": -res["test_ll"].mean(), "auc": res["test_auc"].mean(),
                     "fit_time": res["fit_time"].sum()})
        logger.info("%s -> logloss %.4f | auc %.4f", name, rows[-1]["logloss"], rows[-1]["auc"])
    return pd.DataFrame(rows).sort_values("logloss").reset_index(drop=True)


def train_final(models: dict[str, Pipeline], board: pd.DataFrame, X: pd.DataFrame, y: pd.Series) -> tuple[str, Pipeline]:
    best = str(board.loc[0, "model"])
    return best, models[best].fit(X, y)


def importance(model: Pipeline) -> pd.DataFrame:
    clf = model.named_steps["clf"]
    names = model.named_steps["prep"].get_feature_names_out()
    vals = getattr(clf, "feature_importances_", None)
    if vals is None:
        vals = np.abs(clf.coef_).ravel()
    return pd.DataFrame({"feature": names, "importance": vals}).sort_values("importance", ascending=False)


def save(cfg: Config, best: str, model: Pipeline, board: pd.DataFrame, test: pd.DataFrame) -> None:
    cfg.artifact_dir.mkdir(parents=True, exist_ok=True)
    cfg.output_dir.mkdir(parents=True, exist_ok=True)
    joblib.dump(model, cfg.artifact_dir / "model.joblib")
    (cfg.artifact_dir / "metrics.json").write_text(json.dumps(board.to_dict(orient="records"), indent=2))
    importance(model).to_csv(cfg.artifact_dir / "feature_importance.csv", index=False)
    proba = model.predict_proba(test[cfg.numeric + cfg.categorical])[:, 1]
    pd.DataFrame({"id": test["id"], cfg.target: proba}).to_csv(cfg.output_dir / "submission.csv", index=False)
    logger.info("saved %s and submission", best)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    cfg = parse_config()
    train, test = load(cfg)
    validate(cfg, train, test)
    X, y = train[cfg.numeric + cfg.categorical], train[cfg.target]
    models = registry(cfg)
    board = compare(cfg, models, X, y)
    print(board.to_string(index=False))
    best, model = train_final(models, board, X, y)
    save(cfg, best, model, board, test)
    print(f"CV logloss ({best}): {board.loc[0, 'logloss']:.5f}")


if __name__ == "__main__":
    main()
