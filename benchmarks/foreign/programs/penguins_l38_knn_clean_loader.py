"""Penguins: scaled k-nearest-neighbours with a grid over k.

Rows with missing measurements are removed by the DataLoader, because the
distance computation of KNN cannot deal with NaN.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Dict, List, Optional

import numpy as np
import pandas as pd
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.neighbors import KNeighborsClassifier
from sklearn.preprocessing import StandardScaler


@dataclass
class KnnConfig:
    input_dir: str = "./input"
    output_dir: str = "./submission"
    classes: List[str] = field(default_factory=lambda: ["Adelie", "Chinstrap", "Gentoo"])
    k_grid: List[int] = field(default_factory=lambda: [5, 9, 15, 25])
    folds: int = 5
    seed: int = 21


class DataLoader:
    def __init__(self, config: KnnConfig) -> None:
        self.config = config
        self.train: Optional[pd.DataFrame] = None
        self.test: Optional[pd.DataFrame] = None
        self.sample_submission: Optional[pd.DataFrame] = None

    @staticmethod
    def clean(df: pd.DataFrame, name: str) -> pd.DataFrame:
        before = len(df)
        df = df.dropna().reset_index(drop=True)
        print(f"{name}: dropped {before - len(df)} incomplete rows, {len(df)} left")
        return df

    def load(self) -> "DataLoader":
        raw_train = pd.read_csv(os.path.join(self.config.input_dir, "train.csv"))
        raw_test = pd.read_csv(os.path.join(self.config.input_dir, "test.csv"))
        self.sample_submission = pd.read_csv(os.path.join(self.config.input_dir, "sample_submission.csv"))
        if list(self.sample_submission.columns[1:]) != self.config.classes:
            raise ValueError(f"Unexpected submission columns {list(self.sample_submission.columns)}")
        self.train = self.clean(raw_train, "train")
        self.test = self.clean(raw_test, "test")
        return self


class FeatureEngineer:
    NUMERIC = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]

    def __init__(self) -> None:
        self.scaler = StandardScaler()
        self.islands: List[str] = []

    def _frame(self, df: pd.DataFrame) -> pd.DataFrame:
        out = df[self.NUMERIC].astype(float).copy()
        out["is_male"] = (df["sex"] == "male").astype(float)
        for island in self.islands:
            out[f"island_{island}"] = (df["island"] == island).astype(float)
        return out

    def fit(self, df: pd.DataFrame) -> "FeatureEngineer":
        self.islands = sorted(df["island"].unique())
        self.scaler.fit(self._frame(df))
        return self

    def transform(self, df: pd.DataFrame) -> np.ndarray:
        return self.scaler.transform(self._frame(df))


class Trainer:
    def __init__(self, config: KnnConfig) -> None:
        self.config = config
        self.scores: Dict[int, float] = {}
        self.model: Optional[KNeighborsClassifier] = None

    @property
    def best_k(self) -> int:
        if not self.scores:
            raise RuntimeError("grid_search() has not been run")
        return min(self.scores, key=self.scores.get)

    def grid_search(self, df: pd.DataFrame, y: np.ndarray) -> None:
        skf = StratifiedKFold(self.config.folds, shuffle=True, random_state=self.config.seed)
        for k in self.config.k_grid:
            oof = np.zeros((len(df), len(self.config.classes)))
            for tr, va in skf.split(df, y):
                fe = FeatureEngineer().fit(df.iloc[tr])
                knn = KNeighborsClassifier(n_neighbors=k, weights="distance")
                knn.fit(fe.transform(df.iloc[tr]), y[tr])
                oof[va] = knn.predict_proba(fe.transform(df.iloc[va]))
            self.scores[k] = log_loss(y, np.clip(oof, 1e-4, 1.0))
            print(f"k={k:>2d}  CV logloss={self.scores[k]:.4f}")

    def fit(self, df: pd.DataFrame, y: np.ndarray) -> FeatureEngineer:
        fe = FeatureEngineer().fit(df)
        self.model = KNeighborsClassifier(n_neighbors=self.best_k, weights="distance")
        self.model.fit(fe.transform(df), y)
        return fe


class SubmissionWriter:
    def __init__(self, config: KnnConfig, template: pd.DataFrame) -> None:
        self.config = config
        self.template = template

    def write(self, probabilities: np.ndarray) -> None:
        submission = self.template.copy()
        submission[self.config.classes] = np.clip(probabilities, 1e-4, 1.0)
        os.makedirs(self.config.output_dir, exist_ok=True)
        submission.to_csv(os.path.join(self.config.output_dir, "submission.csv"), index=False)
        print(f"submission saved: {submission.shape}")


def main() -> None:
    config = KnnConfig()
    data = DataLoader(config).load()
    label_index = {c: i for i, c in enumerate(config.classes)}
    y = data.train["species"].map(label_index).to_numpy()

    trainer = Trainer(config)
    trainer.grid_search(data.train, y)
    print(f"best k={trainer.best_k}, CV logloss: {trainer.scores[trainer.best_k]:.4f}")

    fe = trainer.fit(data.train, y)
    proba = trainer.model.predict_proba(fe.transform(data.test))
    SubmissionWriter(config, data.sample_submission).write(proba)


if __name__ == "__main__":
    main()
