"""Handwritten digits: PCA whitening + RBF SVM, organised as small classes."""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import List, Optional, Tuple

import numpy as np
import pandas as pd
from sklearn.decomposition import PCA
from sklearn.metrics import accuracy_score
from sklearn.model_selection import StratifiedKFold
from sklearn.svm import SVC


@dataclass(frozen=True)
class DigitsConfig:
    data_dir: str = "./input"
    out_dir: str = "./submission"
    image_side: int = 8
    pca_components: int = 36
    svm_c: float = 8.0
    folds: int = 4
    seed: int = 0


class DataLoader:
    def __init__(self, cfg: DigitsConfig) -> None:
        self.cfg = cfg

    def pixel_columns(self, df: pd.DataFrame) -> List[str]:
        cols = [c for c in df.columns if c.startswith("pixel_")]
        expected = self.cfg.image_side ** 2
        if len(cols) != expected:
            raise ValueError(f"Expected {expected} pixel columns, found {len(cols)}")
        return cols

    def load(self) -> Tuple[np.ndarray, np.ndarray, np.ndarray, pd.Series]:
        train = pd.read_csv(os.path.join(self.cfg.data_dir, "train.csv"))
        test = pd.read_csv(os.path.join(self.cfg.data_dir, "test.csv"))
        cols = self.pixel_columns(train)
        X = train[cols].to_numpy(dtype=np.float64)
        y = train["digit"].to_numpy(dtype=int)
        X_test = test[cols].to_numpy(dtype=np.float64)
        return X, y, X_test, test["id"]


class FeatureEngineer:
    """Scales grey levels to [0, 1], adds row/column ink profiles, then PCA."""

    def __init__(self, cfg: DigitsConfig) -> None:
        self.cfg = cfg
        self.pca: Optional[PCA] = None

    def _augment(self, X: np.ndarray) -> np.ndarray:
        images = (X / 16.0).reshape(-1, self.cfg.image_side, self.cfg.image_side)
        row_profile = images.mean(axis=2)
        col_profile = images.mean(axis=1)
        return np.hstack([X / 16.0, row_profile, col_profile])

    def fit(self, X: np.ndarray) -> "FeatureEngineer":
        self.pca = PCA(n_components=self.cfg.pca_components, whiten=True, random_state=self.cfg.seed)
        self.pca.fit(self._augment(X))
        return self

    def transform(self, X: np.ndarray) -> np.ndarray:
        if self.pca is None:
            raise RuntimeError("FeatureEngineer used before fit")
        return self.pca.transform(self._augment(X))

    @property
    def explained_variance(self) -> float:
        return float(self.pca.explained_variance_ratio_.sum()) if self.pca is not None else 0.0


class Trainer:
    def __init__(self, cfg: DigitsConfig) -> None:
        self.cfg = cfg
        self.fold_accuracy: List[float] = []
        self.engineer: Optional[FeatureEngineer] = None
        self.model: Optional[SVC] = None

    def _svm(self) -> SVC:
        return SVC(C=self.cfg.svm_c, kernel="rbf", gamma="scale")

    def cross_validate(self, X: np.ndarray, y: np.ndarray) -> float:
        skf = StratifiedKFold(n_splits=self.cfg.folds, shuffle=True, random_state=self.cfg.seed)
        for tr, va in skf.split(X, y):
            fe = FeatureEngineer(self.cfg).fit(X[tr])
            svm = self._svm().fit(fe.transform(X[tr]), y[tr])
            self.fold_accuracy.append(accuracy_score(y[va], svm.predict(fe.transform(X[va]))))
        return float(np.mean(self.fold_accuracy))

    def fit(self, X: np.ndarray, y: np.ndarray) -> None:
        self.engineer = FeatureEngineer(self.cfg).fit(X)
        self.model = self._svm().fit(self.engineer.transform(X), y)
        print(f"PCA keeps {self.engineer.explained_variance:.3f} of the variance")


class Predictor:
    def __init__(self, trainer: Trainer) -> None:
        if trainer.model is None:
            raise ValueError("Predictor needs a fitted Trainer")
        self.trainer = trainer

    def predict(self, X: np.ndarray) -> np.ndarray:
        return self.trainer.model.predict(self.trainer.engineer.transform(X))

    @staticmethod
    def write(out_dir: str, ids: pd.Series, labels: np.ndarray) -> None:
        os.makedirs(out_dir, exist_ok=True)
        pd.DataFrame({"id": ids.to_numpy(), "digit": labels.astype(int)}).to_csv(
            os.path.join(out_dir, "submission.csv"), index=False)


def main() -> None:
    cfg = DigitsConfig()
    X, y, X_test, test_ids = DataLoader(cfg).load()
    trainer = Trainer(cfg)
    acc = trainer.cross_validate(X, y)
    print(f"fold accuracies: {[round(a, 4) for a in trainer.fold_accuracy]}")
    print(f"accuracy = {acc:.4f}")
    trainer.fit(X, y)
    predictor = Predictor(trainer)
    Predictor.write(cfg.out_dir, test_ids, predictor.predict(X_test))


if __name__ == "__main__":
    main()
