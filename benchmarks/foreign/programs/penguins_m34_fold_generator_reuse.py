"""Palmer penguins species probabilities.

Pipeline: impute + one-hot island/sex + scale -> multinomial logistic regression.
The same folds are used for the out-of-fold estimate and for the fold-averaged
test prediction, so both numbers describe the same five models.
"""
from __future__ import annotations

import sys
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from time import perf_counter
from typing import Iterator, Literal, NamedTuple

import numpy as np
import pandas as pd
from sklearn.base import clone
from sklearn.compose import make_column_transformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

IN_DIR = Path("input")
OUT_FILE = Path("submission/submission.csv")
SPECIES = ("Adelie", "Chinstrap", "Gentoo")
NUMERIC = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]
CATEGORICAL = ["island", "sex"]

Split = Literal["train", "test"]


class Fold(NamedTuple):
    k: int
    train_idx: np.ndarray
    valid_idx: np.ndarray

    def __repr__(self) -> str:
        return f"Fold(k={self.k}, n_train={len(self.train_idx)}, n_valid={len(self.valid_idx)})"


@contextmanager
def section(title: str) -> Iterator[None]:
    print(f"== {title}")
    t = perf_counter()
    yield
    print(f"== {title} done in {perf_counter() - t:.2f}s")


@lru_cache(maxsize=2)
def read(split: Split) -> pd.DataFrame:
    return pd.read_csv(IN_DIR / f"{split}.csv")


def iter_folds(y: np.ndarray, n_splits: int = 5, seed: int = 11) -> Iterator[Fold]:
    skf = StratifiedKFold(n_splits=n_splits, shuffle=True, random_state=seed)
    for k, (tr, va) in enumerate(skf.split(np.zeros_like(y), y)):
        yield Fold(k, tr, va)


def build_pipeline(C: float = 2.0):
    pre = make_column_transformer(
        (make_pipeline(SimpleImputer(strategy="median"), StandardScaler()), NUMERIC),
        (make_pipeline(SimpleImputer(strategy="most_frequent"),
                       OneHotEncoder(handle_unknown="ignore")), CATEGORICAL),
    )
    return make_pipeline(pre, LogisticRegression(C=C, max_iter=5000))


def out_of_fold(pipe, X: pd.DataFrame, y: np.ndarray, folds: Iterator[Fold]) -> np.ndarray:
    oof = np.zeros((len(X), len(SPECIES)))
    for fold in folds:
        model = clone(pipe).fit(X.iloc[fold.train_idx], y[fold.train_idx])
        oof[fold.valid_idx] = model.predict_proba(X.iloc[fold.valid_idx])
        fold_ll = log_loss(y[fold.valid_idx], oof[fold.valid_idx], labels=list(range(len(SPECIES))))
        print(f"  {fold!r}: logloss={fold_ll:.4f}")
    return oof


def fold_average(pipe, X: pd.DataFrame, y: np.ndarray, X_test: pd.DataFrame,
                 folds: Iterator[Fold]) -> np.ndarray:
    preds = [
        clone(pipe).fit(X.iloc[f.train_idx], y[f.train_idx]).predict_proba(X_test)
        for f in folds
    ]
    return np.stack(preds).mean(axis=0)


def main(argv: list[str] | None = None) -> int:
    train, test = read("train"), read("test")
    print(f"train {train.shape}  test {test.shape}")
    print(train["species"].value_counts().to_string())

    species_to_int = {s: i for i, s in enumerate(SPECIES)}
    y = train["species"].map(species_to_int).to_numpy()
    X, X_test = train[NUMERIC + CATEGORICAL], test[NUMERIC + CATEGORICAL]

    pipe = build_pipeline()
    folds = iter_folds(y)  # one set of splits shared by both steps below

    with section("out-of-fold"):
        oof = out_of_fold(pipe, X, y, folds)
    print(f"Validation log loss: {log_loss(y, oof):.5f}")

    with section("test prediction"):
        proba = fold_average(pipe, X, y, X_test, folds)

    OUT_FILE.parent.mkdir(parents=True, exist_ok=True)
    sub = pd.DataFrame(proba, columns=list(SPECIES))
    sub.insert(0, "id", test["id"].to_numpy())
    sub.to_csv(OUT_FILE, index=False)
    print(sub.head())
    return 0


if __name__ == "__main__":
    sys.exit(main())
