"""Penguin species classifier.

Structure:
    DataLoader -> FeatureEngineer -> Trainer(BaseModel subclasses) -> SubmissionWriter
"""
from __future__ import annotations

import os
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Dict, List, Optional

import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler


@dataclass
class Config:
    input_dir: str = "./input"
    output_dir: str = "./submission"
    id_column: str = "id"
    target_column: str = "species"
    classes: List[str] = field(default_factory=lambda: ["Adelie", "Chinstrap", "Gentoo"])
    n_splits: int = 5
    random_state: int = 2024


class DataLoader:
    def __init__(self, config: Config) -> None:
        self._config = config
        self._train: Optional[pd.DataFrame] = None
        self._test: Optional[pd.DataFrame] = None

    def load(self) -> None:
        self._train = pd.read_csv(os.path.join(self._config.input_dir, "train.csv"))
        self._test = pd.read_csv(os.path.join(self._config.input_dir, "test.csv"))
        if self._config.target_column not in self._train.columns:
            raise ValueError(f"Target column '{self._config.target_column}' missing from train.csv")
        unknown = set(self._train[self._config.target_column].unique()) - set(self._config.classes)
        if unknown:
            raise ValueError(f"Unexpected classes in train: {unknown}")

    @property
    def train(self) -> pd.DataFrame:
        if self._train is None:
            raise RuntimeError("Call load() before accessing train")
        return self._train

    @property
    def test(self) -> pd.DataFrame:
        if self._test is None:
            raise RuntimeError("Call load() before accessing test")
        return self._test


class FeatureEngineer:
    NUMERIC: List[str] = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g", "year"]
    CATEGORICAL: List[str] = ["island", "sex"]

    def __init__(self) -> None:
        self._medians: Dict[str, float] = {}
        self._categories: Dict[str, List[str]] = {}
        self._is_fitted = False

    def fit(self, df: pd.DataFrame) -> "FeatureEngineer":
        for col in self.NUMERIC:
            self._medians[col] = float(df[col].median())
        for col in self.CATEGORICAL:
            self._categories[col] = sorted(df[col].dropna().unique().tolist())
        self._is_fitted = True
        return self

    def transform(self, df: pd.DataFrame) -> pd.DataFrame:
        if not self._is_fitted:
            raise RuntimeError("FeatureEngineer must be fitted first")
        out = pd.DataFrame(index=df.index)
        for col in self.NUMERIC:
            out[col] = df[col].fillna(self._medians[col]).astype(float)
        out["bill_ratio"] = out["bill_length_mm"] / out["bill_depth_mm"]
        out["mass_per_flipper"] = out["body_mass_g"] / out["flipper_length_mm"]
        for col in self.CATEGORICAL:
            for value in self._categories[col]:
                out[f"{col}_{value}"] = (df[col] == value).astype(float)
        return out

    @property
    def feature_count(self) -> int:
        return len(self.NUMERIC) + 2 + sum(len(v) for v in self._categories.values())


class BaseModel(ABC):
    def __init__(self, random_state: int) -> None:
        self.random_state = random_state
        self._estimator = None

    @abstractmethod
    def build(self):
        ...

    @property
    @abstractmethod
    def name(self) -> str:
        ...

    def fit(self, X: pd.DataFrame, y: np.ndarray) -> "BaseModel":
        self._estimator = self.build()
        self._estimator.fit(X, y)
        return self

    def predict_proba(self, X: pd.DataFrame) -> np.ndarray:
        if self._estimator is None:
            raise RuntimeError(f"{self.name} is not fitted")
        return self._estimator.predict_proba(X)


class LogisticModel(BaseModel):
    @property
    def name(self) -> str:
        return "logistic"

    def build(self):
        return Pipeline([
            ("scale", StandardScaler()),
            ("clf", LogisticRegression(C=2.0, max_iter=3000)),
        ])


class LightGbmModel(BaseModel):
    @property
    def name(self) -> str:
        return "lightgbm"

    def build(self):
        return LGBMClassifier(
            n_estimators=250,
            learning_rate=0.05,
            num_leaves=7,
            min_child_samples=5,
            subsample=0.9,
            subsample_freq=1,
            colsample_bytree=0.8,
            random_state=self.random_state,
            verbose=-1,
        )


class Trainer:
    def __init__(self, config: Config, models: List[BaseModel]) -> None:
        if not models:
            raise ValueError("Trainer needs at least one model")
        self._config = config
        self._models = models
        self.scores: Dict[str, float] = {}

    @staticmethod
    def encode_target(labels: pd.Series, classes: List[str]) -> np.ndarray:
        mapping = {c: i for i, c in enumerate(classes)}
        return labels.map(mapping).to_numpy(dtype=int)

    def cross_validate(self, X: pd.DataFrame, y: np.ndarray) -> np.ndarray:
        n_classes = len(self._config.classes)
        oof = {m.name: np.zeros((len(X), n_classes)) for m in self._models}
        skf = StratifiedKFold(n_splits=self._config.n_splits, shuffle=True,
                              random_state=self._config.random_state)
        for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y)):
            for model in self._models:
                model.fit(X.iloc[tr_idx], y[tr_idx])
                oof[model.name][va_idx] = model.predict_proba(X.iloc[va_idx])
        for model in self._models:
            self.scores[model.name] = log_loss(y, oof[model.name], labels=list(range(n_classes)))
            print(f"CV logloss ({model.name}): {self.scores[model.name]:.5f}")
        blend = np.mean([oof[m.name] for m in self._models], axis=0)
        self.scores["blend"] = log_loss(y, blend, labels=list(range(n_classes)))
        return blend

    def fit_full_and_predict(self, X: pd.DataFrame, y: np.ndarray, X_test: pd.DataFrame) -> np.ndarray:
        preds = []
        for model in self._models:
            model.fit(X, y)
            preds.append(model.predict_proba(X_test))
        return np.mean(preds, axis=0)

    @property
    def best_score(self) -> float:
        return min(self.scores.values())


class SubmissionWriter:
    def __init__(self, config: Config) -> None:
        self._config = config

    def write(self, ids: pd.Series, probabilities: np.ndarray) -> str:
        if probabilities.shape != (len(ids), len(self._config.classes)):
            raise ValueError(f"Bad prediction shape {probabilities.shape} for {len(ids)} ids")
        os.makedirs(self._config.output_dir, exist_ok=True)
        sub = pd.DataFrame(probabilities, columns=self._config.classes)
        sub.insert(0, self._config.id_column, ids.to_numpy())
        path = os.path.join(self._config.output_dir, "submission.csv")
        sub.to_csv(path, index=False)
        return path


def main() -> None:
    config = Config()
    loader = DataLoader(config)
    loader.load()

    engineer = FeatureEngineer().fit(loader.train)
    X = engineer.transform(loader.train)
    X_test = engineer.transform(loader.test)
    y = Trainer.encode_target(loader.train[config.target_column], config.classes)
    print(f"Train matrix: {X.shape}, test matrix: {X_test.shape}, features expected: {engineer.feature_count}")

    trainer = Trainer(config, [LogisticModel(config.random_state), LightGbmModel(config.random_state)])
    trainer.cross_validate(X, y)
    print(f"CV logloss (blend): {trainer.scores['blend']:.5f}")

    test_proba = trainer.fit_full_and_predict(X, y, X_test)
    path = SubmissionWriter(config).write(loader.test[config.id_column], test_proba)
    print(f"Submission written to {path}")


if __name__ == "__main__":
    main()
