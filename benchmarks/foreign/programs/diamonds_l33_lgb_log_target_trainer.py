"""Diamond price regression: LightGBM on log(price), K-fold with early stopping."""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import ClassVar, Dict, List, Optional

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.model_selection import KFold


@dataclass
class ModelConfig:
    learning_rate: float = 0.05
    num_leaves: int = 31
    min_child_samples: int = 20
    feature_fraction: float = 0.85
    max_rounds: int = 1500
    early_stopping: int = 50
    n_folds: int = 4
    seed: int = 7

    def to_lgb_params(self) -> Dict[str, object]:
        return {
            "objective": "regression",
            "metric": "rmse",
            "learning_rate": self.learning_rate,
            "num_leaves": self.num_leaves,
            "min_child_samples": self.min_child_samples,
            "feature_fraction": self.feature_fraction,
            "seed": self.seed,
            "verbosity": -1,
            "num_threads": 2,
        }


class DataLoader:
    REQUIRED: ClassVar[List[str]] = ["carat", "cut", "color", "clarity", "depth", "table", "x", "y", "z"]

    def __init__(self, folder: str = "./input") -> None:
        self.folder = folder

    def read(self, name: str) -> pd.DataFrame:
        frame = pd.read_csv(os.path.join(self.folder, name))
        absent = [c for c in self.REQUIRED if c not in frame.columns]
        if absent:
            raise ValueError(f"{name} is missing required columns: {absent}")
        return frame


class FeatureEngineer:
    CUT_ORDER: ClassVar[List[str]] = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
    COLOR_ORDER: ClassVar[List[str]] = ["J", "I", "H", "G", "F", "E", "D"]
    CLARITY_ORDER: ClassVar[List[str]] = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]

    def __init__(self) -> None:
        self.dimension_medians: Optional[Dict[str, float]] = None

    @staticmethod
    def _ordinal(series: pd.Series, order: List[str]) -> pd.Series:
        mapping = {v: i for i, v in enumerate(order)}
        encoded = series.map(mapping)
        if encoded.isna().any():
            bad = series[encoded.isna()].unique().tolist()
            raise ValueError(f"Unknown grade(s) {bad} in column {series.name}")
        return encoded.astype(int)

    def fit(self, df: pd.DataFrame) -> "FeatureEngineer":
        # zero dimensions are data errors; remember a replacement value per axis
        self.dimension_medians = {c: float(df.loc[df[c] > 0, c].median()) for c in ("x", "y", "z")}
        return self

    def transform(self, df: pd.DataFrame) -> pd.DataFrame:
        if self.dimension_medians is None:
            raise RuntimeError("FeatureEngineer.fit was not called")
        out = pd.DataFrame(index=df.index)
        out["carat"] = df["carat"]
        out["log_carat"] = np.log(df["carat"])
        out["cut"] = self._ordinal(df["cut"], self.CUT_ORDER)
        out["color"] = self._ordinal(df["color"], self.COLOR_ORDER)
        out["clarity"] = self._ordinal(df["clarity"], self.CLARITY_ORDER)
        out["depth"] = df["depth"]
        out["table"] = df["table"]
        for axis in ("x", "y", "z"):
            values = df[axis].where(df[axis] > 0, self.dimension_medians[axis])
            out[axis] = values.clip(upper=12.0)
        out["volume"] = out["x"] * out["y"] * out["z"]
        out["density"] = df["carat"] / out["volume"]
        out["grade_sum"] = out["cut"] + out["color"] + out["clarity"]
        return out


class Trainer:
    def __init__(self, config: ModelConfig) -> None:
        self.config = config
        self.boosters: List[lgb.Booster] = []
        self.fold_scores: List[float] = []

    @staticmethod
    def rmsle(y_true: np.ndarray, y_pred: np.ndarray) -> float:
        y_pred = np.clip(y_pred, 0, None)
        return float(np.sqrt(np.mean((np.log1p(y_pred) - np.log1p(y_true)) ** 2)))

    def fit(self, X: pd.DataFrame, price: pd.Series) -> None:
        if (price <= 0).any():
            raise ValueError("Prices must be positive for a log target")
        y_log = np.log1p(price.to_numpy())
        kf = KFold(n_splits=self.config.n_folds, shuffle=True, random_state=self.config.seed)
        params = self.config.to_lgb_params()
        for fold, (tr, va) in enumerate(kf.split(X), start=1):
            dtrain = lgb.Dataset(X.iloc[tr], label=y_log[tr])
            dvalid = lgb.Dataset(X.iloc[va], label=y_log[va], reference=dtrain)
            booster = lgb.train(
                params, dtrain, num_boost_round=self.config.max_rounds, valid_sets=[dvalid],
                callbacks=[lgb.early_stopping(self.config.early_stopping, verbose=False)],
            )
            pred = np.expm1(booster.predict(X.iloc[va], num_iteration=booster.best_iteration))
            score = self.rmsle(price.to_numpy()[va], pred)
            self.fold_scores.append(score)
            self.boosters.append(booster)
            print(f"fold {fold}: rmsle={score:.5f} best_iter={booster.best_iteration}")

    @property
    def cv_score(self) -> float:
        if not self.fold_scores:
            raise RuntimeError("Trainer has not been fitted")
        return float(np.mean(self.fold_scores))

    def predict(self, X: pd.DataFrame) -> np.ndarray:
        logs = [b.predict(X, num_iteration=b.best_iteration) for b in self.boosters]
        return np.expm1(np.mean(logs, axis=0))


class SubmissionWriter:
    def __init__(self, out_dir: str = "./submission") -> None:
        self.out_dir = out_dir

    def write(self, ids: pd.Series, price: np.ndarray) -> None:
        if len(ids) != len(price):
            raise ValueError("ids and predictions differ in length")
        os.makedirs(self.out_dir, exist_ok=True)
        pd.DataFrame({"id": ids.to_numpy(), "price": np.clip(price, 300, None)}).to_csv(
            os.path.join(self.out_dir, "submission.csv"), index=False)


def main() -> None:
    loader = DataLoader()
    train = loader.read("train.csv")
    test = loader.read("test.csv")

    engineer = FeatureEngineer().fit(train)
    X_train = engineer.transform(train)
    X_test = engineer.transform(test)

    trainer = Trainer(ModelConfig())
    trainer.fit(X_train, train["price"])
    print(f"CV RMSLE: {trainer.cv_score:.5f}")

    SubmissionWriter().write(test["id"], trainer.predict(X_test))
    print("submission.csv written")


if __name__ == "__main__":
    main()
