"""Penguins: LightGBM on a dense, one-hot encoded design matrix.

Preprocessing (impute + scale numerics, impute + one-hot categoricals) is fitted
inside each fold; LightGBM is kept small because there are only ~275 rows.
"""
from pathlib import Path

import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

IN = Path("input")
OUT = Path("submission")

ID = "id"
TARGET = "species"
NUM = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g", "year"]
CAT = ["island", "sex"]
DTYPE_MAP = {ID: "int64", "year": "int64", "island": "str", "sex": "str",
             **{c: "float64" for c in NUM if c != "year"}}


def read_all() -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Train, test, sample submission with declared dtypes."""
    train = pd.read_csv(IN / "train.csv", dtype={**DTYPE_MAP, TARGET: "str"})
    test = pd.read_csv(IN / "test.csv", dtype=DTYPE_MAP)
    sample = pd.read_csv(IN / "sample_submission.csv", dtype={ID: "int64"})
    return train, test, sample


def check(train: pd.DataFrame, test: pd.DataFrame, sample: pd.DataFrame) -> None:
    """Print shapes and missing values, assert the basics."""
    assert train[ID].is_unique and test[ID].is_unique
    assert train[TARGET].notna().all()
    assert set(sample.columns[1:]) == set(train[TARGET].unique())
    print(f"train={train.shape} test={test.shape}")
    print("train NaN:", train[NUM + CAT].isna().sum()[lambda s: s > 0].to_dict())
    print("test NaN:", test[NUM + CAT].isna().sum()[lambda s: s > 0].to_dict())


def build_preprocessor() -> ColumnTransformer:
    """Dense output so LightGBM receives a plain float matrix."""
    return ColumnTransformer([
        ("num", Pipeline([("imp", SimpleImputer(strategy="median")),
                          ("sc", StandardScaler())]), NUM),
        ("cat", Pipeline([("imp", SimpleImputer(strategy="most_frequent")),
                          ("oh", OneHotEncoder(handle_unknown="ignore", sparse=False))]), CAT),
    ])


def build_model(seed: int) -> Pipeline:
    """Preprocessor followed by a small LightGBM classifier."""
    lgbm = LGBMClassifier(
        n_estimators=300, learning_rate=0.05, num_leaves=7, min_child_samples=8,
        subsample=0.8, subsample_freq=1, colsample_bytree=0.8,
        reg_lambda=1.0, random_state=seed, n_jobs=1, verbose=-1,
    )
    return Pipeline([("pre", build_preprocessor()), ("lgbm", lgbm)])


def kfold_logloss(X: pd.DataFrame, y: pd.Series, n_splits: int = 5) -> float:
    """Stratified K-fold out-of-fold log loss."""
    classes = sorted(y.unique())
    oof = np.zeros((len(y), len(classes)))
    skf = StratifiedKFold(n_splits=n_splits, shuffle=True, random_state=21)
    for fold, (tr, va) in enumerate(skf.split(X, y)):
        model = build_model(seed=fold).fit(X.iloc[tr], y.iloc[tr])
        oof[va] = model.predict_proba(X.iloc[va])
        print(f"fold {fold}: logloss {log_loss(y.iloc[va], oof[va], labels=classes):.4f}")
    return float(log_loss(y, oof, labels=classes))


def main() -> None:
    train, test, sample = read_all()
    check(train, test, sample)
    X, y = train[NUM + CAT], train[TARGET]

    cv = kfold_logloss(X, y)

    model = build_model(seed=99).fit(X, y)
    proba = pd.DataFrame(model.predict_proba(test[NUM + CAT]), columns=model.classes_)
    proba.insert(0, ID, test[ID].to_numpy())
    sub = sample[[ID]].merge(proba, on=ID, how="left")[list(sample.columns)]
    assert sub.notna().all().all()

    OUT.mkdir(parents=True, exist_ok=True)
    sub.to_csv(OUT / "submission.csv", index=False)
    print(f"Validation logloss: {cv:.4f}")


if __name__ == "__main__":
    main()
