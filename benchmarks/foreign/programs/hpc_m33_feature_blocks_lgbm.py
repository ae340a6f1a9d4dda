"""HPC job runtime class (VF/F/M/L) with LightGBM.

Features are assembled from small "blocks" (functions decorated with @feature_block)
that are chained together; CV is stratified and scored with macro F1.
"""
from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import wraps
from pathlib import Path
from typing import Protocol

import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.metrics import f1_score
from sklearn.model_selection import StratifiedKFold

DATA = Path("input")
SUB_PATH = Path("submission") / "submission.csv"
TARGET = "class"
CLASSES = ["VF", "F", "M", "L"]
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


class Block(Protocol):
    def __call__(self, df: pd.DataFrame) -> pd.DataFrame: ...


BLOCKS: list[Block] = []


def feature_block(fn: Block) -> Block:
    BLOCKS.append(fn)
    return fn


def timed(fn):
    @wraps(fn)
    def inner(*a, **kw):
        start = time.perf_counter()
        result = fn(*a, **kw)
        print(f"<{fn.__name__} {time.perf_counter() - start:.2f}s>")
        return result

    return inner


# ----------------------------------------------------------------- feature blocks
@feature_block
def raw_numeric(df: pd.DataFrame) -> pd.DataFrame:
    return df[["compounds", "input_fields", "iterations", "num_pending", "hour"]]


@feature_block
def log_sizes(df: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame(
        {
            "log_compounds": np.log1p(df["compounds"]),
            "log_fields": np.log1p(df["input_fields"]),
            "log_work": np.log1p(df["compounds"] * df["iterations"]),
            "fields_per_compound": df["input_fields"] / df["compounds"].clip(lower=1),
        },
        index=df.index,
    )


@feature_block
def calendar(df: pd.DataFrame) -> pd.DataFrame:
    day = pd.Categorical(df["day"], categories=DAYS)
    return pd.DataFrame(
        {
            "day": day,
            "weekend": np.isin(df["day"], ["Sat", "Sun"]).astype(int),
            "night": ((df["hour"] < 7) | (df["hour"] > 20)).astype(int),
        },
        index=df.index,
    )


@feature_block
def protocol(df: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame({"protocol": df["protocol"].astype("category")}, index=df.index)


def build(df: pd.DataFrame, blocks: Iterable[Block]) -> pd.DataFrame:
    return pd.concat([b(df) for b in blocks], axis=1)


def folds(y: np.ndarray, k: int = 5, seed: int = 0) -> Iterator[tuple[int, np.ndarray, np.ndarray]]:
    for i, (tr, va) in enumerate(StratifiedKFold(k, shuffle=True, random_state=seed).split(y, y)):
        yield i, tr, va


@dataclass
class CVReport:
    scores: list[float] = field(default_factory=list)
    best_iters: list[int] = field(default_factory=list)

    def __repr__(self) -> str:
        return (f"CVReport(f1_macro={np.mean(self.scores):.4f} ± {np.std(self.scores):.4f}, "
                f"iters={self.best_iters})")


def make_model(seed: int = 0) -> LGBMClassifier:
    return LGBMClassifier(
        objective="multiclass",
        n_estimators=350,
        learning_rate=0.05,
        num_leaves=31,
        min_child_samples=10,
        colsample_bytree=0.8,
        class_weight="balanced",
        random_state=seed,
        n_jobs=1,
        verbose=-1,
    )


@timed
def cross_validate(X: pd.DataFrame, y: np.ndarray, X_test: pd.DataFrame) -> tuple[CVReport, np.ndarray, np.ndarray]:
    report = CVReport()
    oof = np.zeros((len(X), len(CLASSES)))
    test_proba = np.zeros((len(X_test), len(CLASSES)))
    for i, tr, va in folds(y):
        model = make_model(seed=i)
        model.fit(X.iloc[tr], y[tr])
        # model.classes_ are the encoded ints 0..3 in order, same as CLASSES
        oof[va] = model.predict_proba(X.iloc[va])
        test_proba += model.predict_proba(X_test) / 5
        score = f1_score(y[va], oof[va].argmax(1), average="macro")
        report.scores.append(score)
        report.best_iters.append(model.n_estimators)
        print(f"fold {i}: f1_macro={score:.4f}")
    return report, oof, test_proba


def main(argv: list[str] | None = None) -> None:
    train = pd.read_csv(DATA / "train.csv")
    test = pd.read_csv(DATA / "test.csv")
    print(f"train={train.shape} test={test.shape}")
    print(train[TARGET].value_counts().to_dict())

    names = [b.__name__ for b in BLOCKS]
    print("feature blocks:", " + ".join(names))
    X = build(train, BLOCKS)
    X_test = build(test, BLOCKS)
    print("X:", X.shape, "cols:", list(itertools.islice(X.columns, 8)), "...")

    label_to_int = {c: i for i, c in enumerate(CLASSES)}
    y = train[TARGET].map(label_to_int).to_numpy()

    report, oof, test_proba = cross_validate(X, y, X_test)
    print(report)
    print(f"Validation f1_macro: {f1_score(y, oof.argmax(1), average='macro'):.4f}")

    SUB_PATH.parent.mkdir(exist_ok=True)
    pred = np.asarray(CLASSES)[test_proba.argmax(1)]
    pd.DataFrame({"id": test["id"], TARGET: pred}).to_csv(SUB_PATH, index=False)
    print("prediction mix:", pd.Series(pred).value_counts().to_dict())


if __name__ == "__main__":
    main()
