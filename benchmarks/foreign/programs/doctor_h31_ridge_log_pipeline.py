"""Doctor visits: multi-target ridge regression on log1p counts.

Structured as a small application: config -> feature pipeline -> trainer -> predictor.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.compose import ColumnTransformer, TransformedTargetRegressor
from sklearn.linear_model import Ridge
from sklearn.model_selection import KFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
logger = logging.getLogger("doctor.ridge")


@dataclass
class Config:
    input_dir: Path = Path("./input")
    output_dir: Path = Path("./submission")
    id_col: str = "id"
    targets: list[str] = field(default_factory=lambda: ["visits", "ovisits", "emergency", "hospital"])
    yes_no_cols: list[str] = field(
        default_factory=lambda: ["afam", "married", "employed", "insurance", "medicaid"]
    )
    onehot_cols: list[str] = field(default_factory=lambda: ["health", "region", "adl", "gender"])
    numeric_cols: list[str] = field(default_factory=lambda: ["chronic", "age", "school", "income"])
    alpha: float = 3.0
    n_splits: int = 5
    seed: int = 17


CFG = Config()


class YesNoEncoder(BaseEstimator, TransformerMixin):
    """Turns yes/no string columns into 0/1 floats."""

    def __init__(self, columns: list[str] | None = None):
        self.columns = columns

    def fit(self, X: pd.DataFrame, y=None) -> "YesNoEncoder":
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        out = X.copy()
        for col in self.columns or []:
            out[col] = (out[col].astype(str).str.lower() == "yes").astype(float)
        return out


class IncomeClipper(BaseEstimator, TransformerMixin):
    """Clips negative/huge income and adds a signed log version."""

    def __init__(self, upper_quantile: float = 0.99):
        self.upper_quantile = upper_quantile

    def fit(self, X: pd.DataFrame, y=None) -> "IncomeClipper":
        self.upper_ = float(X["income"].quantile(self.upper_quantile))
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        out = X.copy()
        out["income"] = out["income"].clip(lower=0.0, upper=self.upper_)
        out["log_income"] = np.log1p(out["income"])
        return out


def rmsle(y_true: np.ndarray, y_pred: np.ndarray) -> float:
    return float(np.sqrt(np.mean((np.log1p(y_true) - np.log1p(y_pred)) ** 2)))


def columnwise_rmsle(y_true: np.ndarray, y_pred: np.ndarray) -> float:
    return float(np.mean([rmsle(y_true[:, j], y_pred[:, j]) for j in range(y_true.shape[1])]))


class FeatureBuilder:
    def __init__(self, cfg: Config):
        self.cfg = cfg

    def build(self) -> Pipeline:
        columns = ColumnTransformer(
            transformers=[
                ("onehot", OneHotEncoder(handle_unknown="ignore"), self.cfg.onehot_cols),
                ("num", StandardScaler(), self.cfg.numeric_cols + ["log_income"] + self.cfg.yes_no_cols),
            ],
            remainder="drop",
        )
        return Pipeline(
            steps=[
                ("yesno", YesNoEncoder(self.cfg.yes_no_cols)),
                ("income", IncomeClipper()),
                ("columns", columns),
            ]
        )


class Trainer:
    def __init__(self, cfg: Config, builder: FeatureBuilder):
        self.cfg = cfg
        self.builder = builder

    def make_model(self) -> Pipeline:
        regressor = TransformedTargetRegressor(
            regressor=Ridge(alpha=self.cfg.alpha), func=np.log1p, inverse_func=np.expm1
        )
        return Pipeline(steps=[("features", self.builder.build()), ("model", regressor)])

    def cross_validate(self, X: pd.DataFrame, Y: np.ndarray) -> float:
        kf = KFold(n_splits=self.cfg.n_splits, shuffle=True, random_state=self.cfg.seed)
        oof = np.zeros_like(Y, dtype=float)
        for fold, (tr_idx, va_idx) in enumerate(kf.split(X), start=1):
            model = self.make_model()
            model.fit(X.iloc[tr_idx], Y[tr_idx])
            oof[va_idx] = np.clip(model.predict(X.iloc[va_idx]), 0, None)
            logger.info("fold %d rmsle=%.4f", fold, columnwise_rmsle(Y[va_idx], oof[va_idx]))
        return columnwise_rmsle(Y, oof)

    def fit_full(self, X: pd.DataFrame, Y: np.ndarray) -> Pipeline:
        model = self.make_model()
        model.fit(X, Y)
        return model


class Predictor:
    def __init__(self, cfg: Config, model: Pipeline):
        self.cfg = cfg
        self.model = model

    def write(self, test: pd.DataFrame) -> Path:
        preds = np.clip(self.model.predict(test), 0, None)
        sub = pd.DataFrame(preds, columns=self.cfg.targets)
        sub.insert(0, self.cfg.id_col, test[self.cfg.id_col].to_numpy())
        self.cfg.output_dir.mkdir(parents=True, exist_ok=True)
        path = self.cfg.output_dir / "submission.csv"
        sub.to_csv(path, index=False)
        logger.info("wrote %s (%d rows)", path, len(sub))
        return path


def load(cfg: Config) -> tuple[pd.DataFrame, pd.DataFrame]:
    train = pd.read_csv(cfg.input_dir / "train.csv")
    test = pd.read_csv(cfg.input_dir / "test.csv")
    logger.info("train %s, test %s", train.shape, test.shape)
    return train, test


def main() -> None:
    train, test = load(CFG)
    X = train.drop(columns=CFG.targets)
    Y = train[CFG.targets].to_numpy(dtype=float)

    trainer = Trainer(CFG, FeatureBuilder(CFG))
    score = trainer.cross_validate(X, Y)
    logger.info("cv done")
    print(f"CV RMSLE (columnwise): {score:.5f}")

    model = trainer.fit_full(X, Y)
    Predictor(CFG, model).write(test)


if __name__ == "__main__":
    main()
