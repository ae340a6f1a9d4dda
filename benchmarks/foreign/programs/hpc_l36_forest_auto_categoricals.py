"""HPC job run-time class prediction with a random forest.

The FeatureEngineer detects categorical columns automatically, so the same
code can be re-used for other tabular problems.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Dict, List, Optional

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import f1_score
from sklearn.model_selection import StratifiedKFold


@dataclass
class Settings:
    data_folder: str = "./input"
    submission_folder: str = "./submission"
    id_name: str = "id"
    label_name: str = "class"
    folds: int = 3
    trees: int = 250
    seed: int = 5


class DataLoader:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def load(self, file_name: str, expect_label: bool) -> pd.DataFrame:
        frame = pd.read_csv(os.path.join(self.settings.data_folder, file_name))
        if expect_label and self.settings.label_name not in frame.columns:
            raise ValueError(f"{file_name}: label column '{self.settings.label_name}' is missing")
        if frame[self.settings.id_name].duplicated().any():
            raise ValueError(f"{file_name}: duplicated ids")
        return frame


class FeatureEngineer:
    LOG_COLUMNS = ("compounds", "input_fields", "num_pending")

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.categorical_columns: List[str] = []
        self.category_levels: Dict[str, List[str]] = {}
        self.output_columns: Optional[List[str]] = None

    def _drop_meta(self, df: pd.DataFrame) -> pd.DataFrame:
        meta = [c for c in (self.settings.id_name, self.settings.label_name) if c in df.columns]
        return df.drop(columns=meta)

    def fit(self, df: pd.DataFrame) -> "FeatureEngineer":
        features = self._drop_meta(df)
        self.categorical_columns = [c for c in features.columns if features[c].dtype == object]
        for col in self.categorical_columns:
            self.category_levels[col] = sorted(features[col].unique().tolist())
        self.output_columns = list(self.transform(df).columns)
        return self

    def transform(self, df: pd.DataFrame) -> pd.DataFrame:
        out = self._drop_meta(df).copy()
        for col in self.LOG_COLUMNS:
            out[f"log_{col}"] = np.log1p(out[col])
        out["work_estimate"] = out["log_compounds"] + out["log_input_fields"] + np.log(out["iterations"])
        out["is_night"] = ((out["hour"] < 7) | (out["hour"] > 20)).astype(int)
        for col in self.categorical_columns:
            for level in self.category_levels[col]:
                out[f"{col}__{level}"] = (out[col] == level).astype(np.int8)
            out = out.drop(columns=col)
        if self.output_columns is not None:
            out = out.reindex(columns=self.output_columns, fill_value=0)
        return out


class Trainer:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.model: Optional[RandomForestClassifier] = None
        self.fold_f1: List[float] = []

    def _new_forest(self) -> RandomForestClassifier:
        return RandomForestClassifier(
            n_estimators=self.settings.trees,
            min_samples_leaf=1,
            max_features=0.5,
            class_weight="balanced_subsample",
            n_jobs=2,
            random_state=self.settings.seed,
        )

    def cross_validate(self, train: pd.DataFrame) -> float:
        y = train[self.settings.label_name]
        skf = StratifiedKFold(self.settings.folds, shuffle=True, random_state=self.settings.seed)
        for fold, (tr, va) in enumerate(skf.split(train, y), start=1):
            engineer = FeatureEngineer(self.settings).fit(train.iloc[tr])
            forest = self._new_forest()
            forest.fit(engineer.transform(train.iloc[tr]), y.iloc[tr])
            pred = forest.predict(engineer.transform(train.iloc[va]))
            self.fold_f1.append(f1_score(y.iloc[va], pred, average="macro"))
            print(f"fold {fold} macro F1: {self.fold_f1[-1]:.4f}")
        return float(np.mean(self.fold_f1))

    def fit(self, train: pd.DataFrame) -> FeatureEngineer:
        engineer = FeatureEngineer(self.settings).fit(train)
        self.model = self._new_forest()
        self.model.fit(engineer.transform(train), train[self.settings.label_name])
        return engineer


class SubmissionWriter:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def save(self, ids: pd.Series, labels: np.ndarray) -> str:
        os.makedirs(self.settings.submission_folder, exist_ok=True)
        target = os.path.join(self.settings.submission_folder, "submission.csv")
        pd.DataFrame({self.settings.id_name: ids.values, self.settings.label_name: labels}).to_csv(target, index=False)
        return target


def main() -> None:
    settings = Settings()
    loader = DataLoader(settings)
    train = loader.load("train.csv", expect_label=True)
    test = loader.load("test.csv", expect_label=False)
    print("class distribution:", train[settings.label_name].value_counts().to_dict())

    trainer = Trainer(settings)
    score = trainer.cross_validate(train)
    print(f"CV macro F1: {score:.4f}")

    engineer = trainer.fit(train)
    labels = trainer.model.predict(engineer.transform(test))
    print("written:", SubmissionWriter(settings).save(test[settings.id_name], labels))


if __name__ == "__main__":
    main()
