"""Math achievement regression with school-grouped folds.

Two algorithms share a BaseModel interface; their out-of-fold predictions are
averaged with weights chosen on the validation RMSE.
"""
from __future__ import annotations

import os
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

import numpy as np
import pandas as pd
from lightgbm import LGBMRegressor
from sklearn.linear_model import Ridge
from sklearn.model_selection import GroupKFold
from sklearn.preprocessing import StandardScaler


@dataclass
class RunConfig:
    data_dir: str = "./input"
    submission_dir: str = "./submission"
    target: str = "MathAch"
    group: str = "School"
    folds: int = 5
    seed: int = 3
    ridge_alpha: float = 5.0
    lgb_rounds: int = 600
    lgb_patience: int = 40


class DataLoader:
    def __init__(self, cfg: RunConfig) -> None:
        self.cfg = cfg

    def load(self) -> Tuple[pd.DataFrame, pd.DataFrame]:
        train = pd.read_csv(os.path.join(self.cfg.data_dir, "train.csv"))
        test = pd.read_csv(os.path.join(self.cfg.data_dir, "test.csv"))
        overlap = set(train[self.cfg.group]) & set(test[self.cfg.group])
        if overlap:
            print(f"warning: {len(overlap)} schools occur in both train and test")
        return train, test


class FeatureEngineer:
    def __init__(self) -> None:
        self.scaler = StandardScaler()
        self.columns: List[str] = []

    @staticmethod
    def _raw(df: pd.DataFrame) -> pd.DataFrame:
        out = pd.DataFrame(index=df.index)
        out["minority"] = (df["Minority"] == "Yes").astype(float)
        out["male"] = (df["Sex"] == "Male").astype(float)
        out["ses"] = df["SES"]
        out["meanses"] = df["MEANSES"]
        out["ses_centered"] = df["SES"] - df["MEANSES"]
        out["ses_sq"] = df["SES"] ** 2
        out["minority_x_meanses"] = out["minority"] * df["MEANSES"]
        out["male_x_ses"] = out["male"] * df["SES"]
        return out

    def fit(self, df: pd.DataFrame) -> "FeatureEngineer":
        raw = self._raw(df)
        self.columns = list(raw.columns)
        self.scaler.fit(raw)
        return self

    def transform(self, df: pd.DataFrame) -> pd.DataFrame:
        if not self.columns:
            raise RuntimeError("FeatureEngineer.fit() not called")
        return pd.DataFrame(self.scaler.transform(self._raw(df)), columns=self.columns, index=df.index)


class BaseModel(ABC):
    def __init__(self, cfg: RunConfig) -> None:
        self.cfg = cfg

    @property
    def name(self) -> str:
        return type(self).__name__

    @abstractmethod
    def fit(self, X: pd.DataFrame, y: np.ndarray,
            X_val: Optional[pd.DataFrame] = None, y_val: Optional[np.ndarray] = None) -> None:
        ...

    @abstractmethod
    def predict(self, X: pd.DataFrame) -> np.ndarray:
        ...


class RidgeModel(BaseModel):
    def __init__(self, cfg: RunConfig) -> None:
        super().__init__(cfg)
        self.model = Ridge(alpha=cfg.ridge_alpha)

    def fit(self, X, y, X_val=None, y_val=None) -> None:
        self.model.fit(X, y)

    def predict(self, X) -> np.ndarray:
        return self.model.predict(X)


class GbmModel(BaseModel):
    def __init__(self, cfg: RunConfig) -> None:
        super().__init__(cfg)
        self.model = LGBMRegressor(
            n_estimators=cfg.lgb_rounds, learning_rate=0.03, num_leaves=8, min_child_samples=40,
            subsample=0.8, subsample_freq=1, colsample_bytree=0.8, reg_lambda=5.0,
            random_state=cfg.seed, verbose=-1,
        )

    def fit(self, X, y, X_val=None, y_val=None) -> None:
        if X_val is None:
            self.model.fit(X, y)
            return
        self.model.fit(
            X, y,
            eval_set=[(X_val, y_val)],
            eval_metric="rmse",
            early_stopping_rounds=self.cfg.lgb_patience,
        )

    def predict(self, X) -> np.ndarray:
        return self.model.predict(X)


class Trainer:
    def __init__(self, cfg: RunConfig, model_types: List[type]) -> None:
        self.cfg = cfg
        self.model_types = model_types
        self.oof: Dict[str, np.ndarray] = {}
        self.rmse: Dict[str, float] = {}

    @staticmethod
    def rmse_of(y_true: np.ndarray, y_pred: np.ndarray) -> float:
        return float(np.sqrt(np.mean((y_true - y_pred) ** 2)))

    def run_cv(self, train: pd.DataFrame) -> None:
        y = train[self.cfg.target].to_numpy()
        groups = train[self.cfg.group].to_numpy()
        splitter = GroupKFold(n_splits=self.cfg.folds)
        for model_type in self.model_types:
            oof = np.zeros(len(train))
            for fold, (tr, va) in enumerate(splitter.split(train, y, groups)):
                fe = FeatureEngineer().fit(train.iloc[tr])
                model: BaseModel = model_type(self.cfg)
                model.fit(fe.transform(train.iloc[tr]), y[tr], fe.transform(train.iloc[va]), y[va])
                oof[va] = model.predict(fe.transform(train.iloc[va]))
            self.oof[model_type.__name__] = oof
            self.rmse[model_type.__name__] = self.rmse_of(y, oof)
            print(f"{model_type.__name__}: CV RMSE {self.rmse[model_type.__name__]:.4f}")

    def blend_weight(self, y: np.ndarray) -> float:
        a, b = (self.oof[m.__name__] for m in self.model_types)
        grid = np.linspace(0, 1, 21)
        scores = [self.rmse_of(y, w * a + (1 - w) * b) for w in grid]
        return float(grid[int(np.argmin(scores))])

    def fit_predict(self, train: pd.DataFrame, test: pd.DataFrame, weight: float) -> np.ndarray:
        fe = FeatureEngineer().fit(train)
        preds = []
        for model_type in self.model_types:
            model: BaseModel = model_type(self.cfg)
            model.fit(fe.transform(train), train[self.cfg.target].to_numpy())
            preds.append(model.predict(fe.transform(test)))
        return weight * preds[0] + (1 - weight) * preds[1]


class SubmissionWriter:
    def __init__(self, cfg: RunConfig) -> None:
        self.cfg = cfg

    def write(self, test: pd.DataFrame, prediction: np.ndarray) -> None:
        os.makedirs(self.cfg.submission_dir, exist_ok=True)
        pd.DataFrame({"id": test["id"], self.cfg.target: prediction}).to_csv(
            os.path.join(self.cfg.submission_dir, "submission.csv"), index=False)


def main() -> None:
    cfg = RunConfig()
    train, test = DataLoader(cfg).load()
    print(f"train: {len(train)} pupils in {train[cfg.group].nunique()} schools")

    trainer = Trainer(cfg, [RidgeModel, GbmModel])
    trainer.run_cv(train)
    weight = trainer.blend_weight(train[cfg.target].to_numpy())
    blended = trainer.rmse_of(train[cfg.target].to_numpy(),
                              weight * trainer.oof["RidgeModel"] + (1 - weight) * trainer.oof["GbmModel"])
    print(f"blend weight on ridge {weight:.2f}, CV RMSE {blended:.4f}")

    SubmissionWriter(cfg).write(test, trainer.fit_predict(train, test, weight))


if __name__ == "__main__":
    main()
