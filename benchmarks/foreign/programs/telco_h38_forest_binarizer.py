"""Telco churn: random forest on binarised yes/no services plus one-hot multi-level fields."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder

log = logging.getLogger("telco.forest")


@dataclass
class Settings:
    data_dir: Path = Path("input")
    submission: Path = Path("submission/submission.csv")
    id_col: str = "id"
    target: str = "churn"
    # plain Yes/No answers -> 0/1
    yes_no: list[str] = field(default_factory=lambda: ["multiple_lines"])
    # fields with more than two levels -> one-hot
    multi_level: list[str] = field(
        default_factory=lambda: [
            "internet_service", "online_security", "online_backup", "device_protection",
            "tech_support", "streaming_tv", "streaming_movies", "contract", "payment_method",
        ]
    )
    n_estimators: int = 250
    min_samples_leaf: int = 8
    max_features: float = 0.4
    folds: int = 3
    seed: int = 99


class YesNoBinarizer(BaseEstimator, TransformerMixin):
    def __init__(self, columns: list[str]):
        self.columns = columns

    def fit(self, X: pd.DataFrame, y=None) -> "YesNoBinarizer":
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        out = X.copy()
        for col in self.columns:
            out[col] = out[col].replace({"Yes": 1, "No": 0})
        return out


class ChargeCleaner(BaseEstimator, TransformerMixin):
    """total_charges is blank for customers in their first month; rebuild it from monthly."""

    def fit(self, X: pd.DataFrame, y=None) -> "ChargeCleaner":
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        out = X.copy()
        out["total_charges"] = out["total_charges"].fillna(out["monthly_charges"])
        out["avg_charge"] = out["total_charges"] / np.maximum(out["tenure"], 1)
        return out


class FeatureBuilder:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def build(self) -> Pipeline:
        encode = ColumnTransformer(
            [("onehot", OneHotEncoder(handle_unknown="ignore", sparse_output=False), self.settings.multi_level)],
            remainder="passthrough",
            verbose_feature_names_out=False,
        )
        return Pipeline(
            [
                ("charges", ChargeCleaner()),
                ("binary", YesNoBinarizer(self.settings.yes_no)),
                ("encode", encode),
            ]
        )


class Trainer:
    def __init__(self, settings: Settings, builder: FeatureBuilder) -> None:
        self.settings = settings
        self.builder = builder

    def model(self) -> Pipeline:
        forest = RandomForestClassifier(
            n_estimators=self.settings.n_estimators,
            min_samples_leaf=self.settings.min_samples_leaf,
            max_features=self.settings.max_features,
            n_jobs=2,
            random_state=self.settings.seed,
        )
        return Pipeline([("features", self.builder.build()), ("forest", forest)])

    def evaluate(self, X: pd.DataFrame, y: pd.Series) -> float:
        cv = StratifiedKFold(self.settings.folds, shuffle=True, random_state=self.settings.seed)
        oof = np.zeros(len(y))
        for k, (tr, va) in enumerate(cv.split(X, y)):
            fitted = self.model().fit(X.iloc[tr], y.iloc[tr])
            oof[va] = fitted.predict_proba(X.iloc[va])[:, 1]
            log.info("fold %d auc %.4f", k, roc_auc_score(y.iloc[va], oof[va]))
        return float(roc_auc_score(y, oof))


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s - %(name)s - %(message)s")
    settings = Settings()
    train = pd.read_csv(settings.data_dir / "train.csv")
    test = pd.read_csv(settings.data_dir / "test.csv")
    X = train.drop(columns=[settings.id_col, settings.target])
    y = train[settings.target]
    log.info("X=%s positives=%d", X.shape, int(y.sum()))

    trainer = Trainer(settings, FeatureBuilder(settings))
    auc = trainer.evaluate(X, y)
    print(f"Validation AUC: {auc:.4f}")

    final = trainer.model().fit(X, y)
    proba = final.predict_proba(test.drop(columns=[settings.id_col]))[:, 1]
    settings.submission.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({settings.id_col: test[settings.id_col], settings.target: proba}).to_csv(
        settings.submission, index=False
    )
    log.info("submission saved to %s", settings.submission)


if __name__ == "__main__":
    main()
