"""Telco churn - logistic regression with a hand written feature engineer."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Dict, List, Tuple

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler


@dataclass(frozen=True)
class TrainingConfig:
    data_dir: str = "./input"
    submission_dir: str = "./submission"
    id_col: str = "id"
    target_col: str = "churn"
    validation_size: float = 0.2
    seed: int = 17
    regularization_c: float = 0.5
    categorical_cols: Tuple[str, ...] = (
        "multiple_lines", "internet_service", "online_security", "online_backup",
        "device_protection", "tech_support", "streaming_tv", "streaming_movies",
        "contract", "payment_method",
    )


class DataLoader:
    def __init__(self, cfg: TrainingConfig) -> None:
        self.cfg = cfg

    def _read(self, name: str) -> pd.DataFrame:
        path = os.path.join(self.cfg.data_dir, name)
        if not os.path.exists(path):
            raise FileNotFoundError(f"Expected data file at {path}")
        return pd.read_csv(path)

    def load(self) -> Tuple[pd.DataFrame, pd.DataFrame]:
        train = self._read("train.csv")
        test = self._read("test.csv")
        missing = [c for c in self.cfg.categorical_cols if c not in test.columns]
        if missing:
            raise KeyError(f"test.csv lacks columns {missing}")
        return train, test


class FeatureEngineer:
    """Keeps category levels and scaling statistics learnt on the training frame."""

    def __init__(self, cfg: TrainingConfig) -> None:
        self.cfg = cfg
        self.levels: Dict[str, List[str]] = {}
        self.numeric_cols: List[str] = []
        self.scaler = StandardScaler()
        self._fitted = False

    @staticmethod
    def _repair_charges(df: pd.DataFrame) -> pd.DataFrame:
        df = df.copy()
        estimate = df["monthly_charges"] * df["tenure"].clip(lower=1)
        df["total_charges"] = df["total_charges"].fillna(estimate)
        df["avg_charge_ratio"] = df["total_charges"] / (df["monthly_charges"] * df["tenure"].clip(lower=1))
        df["log_tenure"] = np.log1p(df["tenure"])
        df["is_new_customer"] = (df["tenure"] <= 6).astype(int)
        return df

    def _one_hot(self, df: pd.DataFrame) -> pd.DataFrame:
        blocks = []
        for col in self.cfg.categorical_cols:
            for level in self.levels[col]:
                blocks.append((df[col] == level).astype(float).rename(f"{col}={level}"))
        return pd.concat(blocks, axis=1)

    def fit(self, df: pd.DataFrame) -> "FeatureEngineer":
        repaired = self._repair_charges(df)
        for col in self.cfg.categorical_cols:
            self.levels[col] = sorted(repaired[col].dropna().unique().tolist())
        excluded = set(self.cfg.categorical_cols) | {self.cfg.id_col, self.cfg.target_col}
        self.numeric_cols = [c for c in repaired.columns if c not in excluded]
        self.scaler.fit(repaired[self.numeric_cols].to_numpy(dtype=float))
        self._fitted = True
        return self

    def transform(self, df: pd.DataFrame) -> np.ndarray:
        if not self._fitted:
            raise RuntimeError("fit() has to be called before transform()")
        repaired = self._repair_charges(df)
        numeric = self.scaler.transform(repaired[self.numeric_cols].to_numpy(dtype=float))
        dummies = self._one_hot(repaired).to_numpy()
        matrix = np.hstack([numeric, dummies])
        if np.isnan(matrix).any():
            raise ValueError("Feature matrix still contains NaN after engineering")
        return matrix

    @property
    def n_features(self) -> int:
        return len(self.numeric_cols) + sum(len(v) for v in self.levels.values())


class Trainer:
    def __init__(self, cfg: TrainingConfig) -> None:
        self.cfg = cfg
        self.model = LogisticRegression(C=cfg.regularization_c, max_iter=2000)
        self.validation_auc: float = float("nan")

    def validate(self, train_df: pd.DataFrame) -> float:
        tr, va = train_test_split(
            train_df, test_size=self.cfg.validation_size,
            stratify=train_df[self.cfg.target_col], random_state=self.cfg.seed,
        )
        fe = FeatureEngineer(self.cfg).fit(tr)
        model = LogisticRegression(C=self.cfg.regularization_c, max_iter=2000)
        model.fit(fe.transform(tr), tr[self.cfg.target_col].to_numpy())
        proba = model.predict_proba(fe.transform(va))[:, 1]
        self.validation_auc = roc_auc_score(va[self.cfg.target_col], proba)
        return self.validation_auc

    def fit_full(self, train_df: pd.DataFrame) -> FeatureEngineer:
        fe = FeatureEngineer(self.cfg).fit(train_df)
        self.model.fit(fe.transform(train_df), train_df[self.cfg.target_col].to_numpy())
        return fe


class Predictor:
    def __init__(self, cfg: TrainingConfig, model: LogisticRegression, engineer: FeatureEngineer) -> None:
        self.cfg = cfg
        self.model = model
        self.engineer = engineer

    def predict(self, test_df: pd.DataFrame) -> pd.DataFrame:
        proba = self.model.predict_proba(self.engineer.transform(test_df))[:, 1]
        return pd.DataFrame({self.cfg.id_col: test_df[self.cfg.id_col].to_numpy(), self.cfg.target_col: proba})

    def save(self, submission: pd.DataFrame) -> None:
        os.makedirs(self.cfg.submission_dir, exist_ok=True)
        submission.to_csv(os.path.join(self.cfg.submission_dir, "submission.csv"), index=False)


def main() -> None:
    cfg = TrainingConfig()
    train_df, test_df = DataLoader(cfg).load()
    print(f"Loaded train={train_df.shape} test={test_df.shape}, churn rate={train_df[cfg.target_col].mean():.3f}")

    trainer = Trainer(cfg)
    auc = trainer.validate(train_df)
    print(f"Validation AUC: {auc:.4f}")

    engineer = trainer.fit_full(train_df)
    predictor = Predictor(cfg, trainer.model, engineer)
    submission = predictor.predict(test_df)
    predictor.save(submission)
    print(f"Saved {len(submission)} predictions using {engineer.n_features} features")


if __name__ == "__main__":
    main()
