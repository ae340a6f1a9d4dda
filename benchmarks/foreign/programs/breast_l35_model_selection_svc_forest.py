"""Breast cancer diagnosis: compare model classes by CV AUC and keep the best one."""
from __future__ import annotations

import os
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Dict, List, Type

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC


@dataclass
class ExperimentConfig:
    data_dir: str = "./input"
    out_dir: str = "./submission"
    id_col: str = "id"
    label_col: str = "diagnosis"
    n_folds: int = 5
    seed: int = 99


class DataLoader:
    def __init__(self, cfg: ExperimentConfig) -> None:
        self.cfg = cfg
        self.train_df = pd.read_csv(os.path.join(cfg.data_dir, "train.csv"))
        self.test_df = pd.read_csv(os.path.join(cfg.data_dir, "test.csv"))
        self._validate()

    def _validate(self) -> None:
        if self.cfg.label_col not in self.train_df:
            raise KeyError(f"{self.cfg.label_col} not found in train.csv")
        extra = set(self.train_df.columns) - set(self.test_df.columns) - {self.cfg.label_col}
        if extra:
            raise ValueError(f"Columns present only in train: {sorted(extra)}")

    @property
    def feature_columns(self) -> List[str]:
        return [c for c in self.train_df.columns if c not in (self.cfg.id_col, self.cfg.label_col)]


class FeatureEngineer:
    """Log-transforms the heavily skewed 'area' and 'error' measurements."""

    def __init__(self) -> None:
        self.skewed: List[str] = []

    def fit(self, X: pd.DataFrame) -> "FeatureEngineer":
        skewness = X.skew()
        self.skewed = skewness[skewness > 1.0].index.tolist()
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        X = X.copy()
        for col in self.skewed:
            X[col] = np.log1p(X[col].clip(lower=0))
        return X


class BaseModel(ABC):
    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.estimator = self.create()

    @abstractmethod
    def create(self):
        raise NotImplementedError

    def fit(self, X: pd.DataFrame, y: np.ndarray) -> None:
        self.estimator.fit(X, y)

    def predict_positive(self, X: pd.DataFrame) -> np.ndarray:
        return self.estimator.predict_proba(X)[:, 1]


class SvcModel(BaseModel):
    def create(self):
        return make_pipeline(StandardScaler(), SVC(C=3.0, gamma="scale", probability=True, random_state=self.seed))


class LogitModel(BaseModel):
    def create(self):
        return make_pipeline(StandardScaler(), LogisticRegression(C=0.2, max_iter=5000))


class ForestModel(BaseModel):
    def create(self):
        return RandomForestClassifier(n_estimators=300, min_samples_leaf=2, n_jobs=2, random_state=self.seed)


class Trainer:
    def __init__(self, cfg: ExperimentConfig, candidates: List[Type[BaseModel]]) -> None:
        self.cfg = cfg
        self.candidates = candidates
        self.results: Dict[str, float] = {}

    def evaluate(self, X: pd.DataFrame, y: np.ndarray) -> None:
        skf = StratifiedKFold(n_splits=self.cfg.n_folds, shuffle=True, random_state=self.cfg.seed)
        for model_cls in self.candidates:
            oof = np.zeros(len(y))
            for tr, va in skf.split(X, y):
                fe = FeatureEngineer().fit(X.iloc[tr])
                model = model_cls(self.cfg.seed)
                model.fit(fe.transform(X.iloc[tr]), y[tr])
                oof[va] = model.predict_positive(fe.transform(X.iloc[va]))
            self.results[model_cls.__name__] = roc_auc_score(y, oof)
            print(f"{model_cls.__name__:<12s} CV AUC = {self.results[model_cls.__name__]:.5f}")

    @property
    def best_model_name(self) -> str:
        if not self.results:
            raise RuntimeError("evaluate() must run before choosing a model")
        return max(self.results, key=self.results.get)

    def train_best(self, X: pd.DataFrame, y: np.ndarray):
        chosen = {c.__name__: c for c in self.candidates}[self.best_model_name]
        fe = FeatureEngineer().fit(X)
        model = chosen(self.cfg.seed)
        model.fit(fe.transform(X), y)
        return fe, model


class SubmissionWriter:
    @staticmethod
    def write(cfg: ExperimentConfig, ids: pd.Series, scores: np.ndarray) -> None:
        if np.any((scores < 0) | (scores > 1)):
            raise ValueError("Probabilities outside [0, 1]")
        os.makedirs(cfg.out_dir, exist_ok=True)
        pd.DataFrame({cfg.id_col: ids, cfg.label_col: scores}).to_csv(
            os.path.join(cfg.out_dir, "submission.csv"), index=False)


def main() -> None:
    cfg = ExperimentConfig()
    data = DataLoader(cfg)
    X = data.train_df[data.feature_columns]
    y = data.train_df[cfg.label_col].to_numpy()

    trainer = Trainer(cfg, [SvcModel, LogitModel, ForestModel])
    trainer.evaluate(X, y)
    print(f"Selected {trainer.best_model_name} with validation AUC: {trainer.results[trainer.best_model_name]:.4f}")

    fe, model = trainer.train_best(X, y)
    test_scores = model.predict_positive(fe.transform(data.test_df[data.feature_columns]))
    SubmissionWriter.write(cfg, data.test_df[cfg.id_col], test_scores)


if __name__ == "__main__":
    main()
