"""Credit risk scoring: logistic regression on engineered affordability ratios."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Dict, List, Optional

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler


@dataclass
class CreditConfig:
    input_path: str = "./input"
    output_path: str = "./submission"
    target: str = "Status"
    id_column: str = "id"
    folds: int = 5
    seed: int = 11
    c_value: float = 0.3
    categorical: List[str] = field(default_factory=lambda: ["Home", "Marital", "Records", "Job"])


class DataLoader:
    def __init__(self, config: CreditConfig) -> None:
        self.config = config

    def load_train(self) -> pd.DataFrame:
        df = pd.read_csv(os.path.join(self.config.input_path, "train.csv"))
        if df[self.config.target].nunique() != 2:
            raise ValueError("Status must be binary")
        return df

    def load_test(self) -> pd.DataFrame:
        return pd.read_csv(os.path.join(self.config.input_path, "test.csv"))


class FeatureEngineer:
    """Median/mode imputation + affordability ratios + one-hot encoding."""

    def __init__(self, config: CreditConfig) -> None:
        self.config = config
        self._medians: Dict[str, float] = {}
        self._modes: Dict[str, str] = {}
        self._levels: Dict[str, List[str]] = {}
        self._columns: Optional[List[str]] = None

    def _numeric_columns(self, df: pd.DataFrame) -> List[str]:
        skip = set(self.config.categorical) | {self.config.target, self.config.id_column}
        return [c for c in df.columns if c not in skip]

    def fit(self, df: pd.DataFrame) -> "FeatureEngineer":
        for col in self._numeric_columns(df):
            self._medians[col] = float(df[col].median())
        for col in self.config.categorical:
            self._modes[col] = str(df[col].mode().iloc[0])
            self._levels[col] = sorted(df[col].dropna().unique().tolist())
        self._columns = list(self.transform(df).columns)
        return self

    @staticmethod
    def _add_ratios(df: pd.DataFrame) -> pd.DataFrame:
        df["loan_to_price"] = df["Amount"] / df["Price"]
        df["installment"] = df["Amount"] / df["Time"]
        df["disposable"] = df["Income"] - df["Expenses"]
        df["installment_share"] = df["installment"] / df["Income"]
        df["net_assets"] = df["Assets"] - df["Debt"]
        df["log_assets"] = np.log1p(df["Assets"])
        return df

    def _impute(self, df: pd.DataFrame) -> pd.DataFrame:
        for col, median in self._medians.items():
            df[col] = df[col].fillna(median)
        for col, mode in self._modes.items():
            df[col] = df[col].fillna(mode)
        return df

    def _encode(self, df: pd.DataFrame) -> pd.DataFrame:
        for col in self.config.categorical:
            for level in self._levels[col]:
                df[f"{col}_{level}"] = (df[col] == level).astype(int)
            df = df.drop(columns=col)
        return df

    def transform(self, df: pd.DataFrame) -> pd.DataFrame:
        if not self._medians:
            raise RuntimeError("FeatureEngineer is not fitted")
        out = df.drop(columns=[c for c in (self.config.target, self.config.id_column) if c in df.columns])
        out = self._add_ratios(out.copy())
        out = self._impute(out)
        out = self._encode(out)
        if self._columns is not None:
            out = out.reindex(columns=self._columns, fill_value=0)
        return out


class Trainer:
    def __init__(self, config: CreditConfig) -> None:
        self.config = config
        self.fold_losses: List[float] = []
        self.final_model: Optional[Pipeline] = None

    def _make_model(self) -> Pipeline:
        return Pipeline([
            ("scaler", StandardScaler()),
            ("logit", LogisticRegression(C=self.config.c_value, max_iter=5000)),
        ])

    def cross_validate(self, train: pd.DataFrame) -> float:
        y = train[self.config.target].to_numpy()
        skf = StratifiedKFold(n_splits=self.config.folds, shuffle=True, random_state=self.config.seed)
        for k, (tr_idx, va_idx) in enumerate(skf.split(train, y), start=1):
            fold_train, fold_valid = train.iloc[tr_idx], train.iloc[va_idx]
            engineer = FeatureEngineer(self.config).fit(fold_train)
            model = self._make_model()
            model.fit(engineer.transform(fold_train), y[tr_idx])
            proba = model.predict_proba(engineer.transform(fold_valid))[:, 1]
            loss = log_loss(y[va_idx], proba)
            self.fold_losses.append(loss)
            print(f"  fold {k}: logloss {loss:.4f}")
        return float(np.mean(self.fold_losses))

    def fit_final(self, train: pd.DataFrame) -> FeatureEngineer:
        engineer = FeatureEngineer(self.config).fit(train)
        self.final_model = self._make_model()
        self.final_model.fit(engineer.transform(train), train[self.config.target].to_numpy())
        return engineer


class SubmissionWriter:
    def __init__(self, config: CreditConfig) -> None:
        self.config = config

    def write(self, test: pd.DataFrame, proba: np.ndarray) -> None:
        os.makedirs(self.config.output_path, exist_ok=True)
        frame = pd.DataFrame({self.config.id_column: test[self.config.id_column], self.config.target: proba})
        frame.to_csv(os.path.join(self.config.output_path, "submission.csv"), index=False)
        print(f"wrote {len(frame)} rows, mean predicted bad rate {proba.mean():.3f}")


def main() -> None:
    config = CreditConfig()
    loader = DataLoader(config)
    train = loader.load_train()
    test = loader.load_test()
    print(f"train {train.shape}, test {test.shape}, bad rate {train[config.target].mean():.3f}")

    trainer = Trainer(config)
    cv_loss = trainer.cross_validate(train)
    print(f"CV logloss: {cv_loss:.4f}")

    engineer = trainer.fit_final(train)
    proba = trainer.final_model.predict_proba(engineer.transform(test))[:, 1]
    SubmissionWriter(config).write(test, proba)


if __name__ == "__main__":
    main()
