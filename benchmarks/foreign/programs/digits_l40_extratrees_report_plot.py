"""Digits with extra-trees, a holdout check and a confusion-matrix report."""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Dict, Optional

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.metrics import accuracy_score, confusion_matrix
from sklearn.model_selection import train_test_split


@dataclass
class Config:
    input_dir: str = "./input"
    submission_path: str = "./submission/submission.csv"
    report_dir: str = "./reports"
    holdout_fraction: float = 0.2
    n_trees: int = 400
    random_state: int = 1234


class DataLoader:
    LABEL = "digit"

    def __init__(self, config: Config) -> None:
        self.config = config

    def load(self, name: str) -> pd.DataFrame:
        path = os.path.join(self.config.input_dir, name)
        df = pd.read_csv(path)
        if df.empty:
            raise ValueError(f"{path} contains no rows")
        return df

    @staticmethod
    def split_xy(df: pd.DataFrame):
        features = df.drop(columns=["id", DataLoader.LABEL], errors="ignore")
        label = df[DataLoader.LABEL] if DataLoader.LABEL in df.columns else None
        return features, label


class FeatureEngineer:
    def __init__(self) -> None:
        self.keep_columns: Optional[list] = None

    def fit(self, X: pd.DataFrame) -> "FeatureEngineer":
        variances = X.var()
        self.keep_columns = variances[variances > 0].index.tolist()
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        if self.keep_columns is None:
            raise RuntimeError("fit first")
        out = X[self.keep_columns].copy()
        out["ink_total"] = X.sum(axis=1)
        out["ink_nonzero"] = (X > 0).sum(axis=1)
        return out


class Trainer:
    def __init__(self, config: Config) -> None:
        self.config = config
        self.model = ExtraTreesClassifier(
            n_estimators=config.n_trees, max_features="sqrt", n_jobs=2, random_state=config.random_state
        )
        self.metrics: Dict[str, float] = {}
        self.holdout_confusion: Optional[np.ndarray] = None

    def holdout_check(self, X: pd.DataFrame, y: pd.Series) -> float:
        X_tr, X_va, y_tr, y_va = train_test_split(
            X, y, test_size=self.config.holdout_fraction, stratify=y, random_state=self.config.random_state
        )
        self.model.fit(X_tr, y_tr)
        pred = self.model.predict(X_va)
        self.metrics["holdout_accuracy"] = accuracy_score(y_va, pred)
        self.holdout_confusion = confusion_matrix(y_va, pred, labels=list(range(10)))
        return self.metrics["holdout_accuracy"]

    def fit(self, X: pd.DataFrame, y: pd.Series) -> None:
        self.model.fit(X, y)


class ReportWriter:
    def __init__(self, config: Config) -> None:
        self.config = config

    def save_confusion(self, matrix: np.ndarray) -> str:
        if matrix is None:
            raise ValueError("No confusion matrix to plot")
        fig, ax = plt.subplots(figsize=(6, 6))
        ax.imshow(matrix, cmap="Blues")
        for i in range(matrix.shape[0]):
            for j in range(matrix.shape[1]):
                ax.text(j, i, str(matrix[i, j]), ha="center", va="center", fontsize=7)
        ax.set_xlabel("predicted")
        ax.set_ylabel("true")
        ax.set_title("Holdout confusion matrix")
        path = os.path.join(self.config.report_dir, "confusion_matrix.png")
        fig.savefig(path, dpi=100)
        plt.close(fig)
        return path


class SubmissionWriter:
    def __init__(self, config: Config) -> None:
        self.config = config

    def write(self, ids: pd.Series, labels: np.ndarray) -> None:
        os.makedirs(os.path.dirname(self.config.submission_path), exist_ok=True)
        pd.DataFrame({"id": ids, "digit": labels}).to_csv(self.config.submission_path, index=False)


def main() -> None:
    config = Config()
    loader = DataLoader(config)
    train_df = loader.load("train.csv")
    test_df = loader.load("test.csv")
    X_raw, y = DataLoader.split_xy(train_df)
    X_test_raw, _ = DataLoader.split_xy(test_df)

    engineer = FeatureEngineer().fit(X_raw)
    X = engineer.transform(X_raw)
    X_test = engineer.transform(X_test_raw)

    trainer = Trainer(config)
    acc = trainer.holdout_check(X, y)
    print(f"Validation accuracy: {acc:.4f}")
    report_path = ReportWriter(config).save_confusion(trainer.holdout_confusion)
    print(f"confusion matrix saved to {report_path}")

    trainer.fit(X, y)
    SubmissionWriter(config).write(test_df["id"], trainer.model.predict(X_test))
    print("done")


if __name__ == "__main__":
    main()
