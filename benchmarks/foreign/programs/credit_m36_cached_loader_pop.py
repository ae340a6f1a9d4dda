"""Credit scoring (probability of a 'bad' Status) with LightGBM.

Step 1: stratified hold-out with early stopping to pick the number of trees.
Step 2: refit on all of train.csv with that many trees and predict test.csv.
"""
from __future__ import annotations

import functools
import time
from pathlib import Path
from typing import Callable, Sequence, TypeVar, TypedDict

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.metrics import log_loss
from sklearn.model_selection import train_test_split

T = TypeVar("T")

INPUT_DIR = Path("input")
SUBMISSION_DIR = Path("submission")
TARGET = "Status"
CATEGORICAL = ["Home", "Marital", "Records", "Job"]


class LGBParams(TypedDict, total=False):
    n_estimators: int
    learning_rate: float
    num_leaves: int
    min_child_samples: int
    subsample: float
    subsample_freq: int
    colsample_bytree: float
    reg_lambda: float


PARAMS: LGBParams = {
    "n_estimators": 2000,
    "learning_rate": 0.02,
    "num_leaves": 15,
    "min_child_samples": 30,
    "subsample": 0.8,
    "subsample_freq": 1,
    "colsample_bytree": 0.7,
    "reg_lambda": 2.0,
}


def timed(fn: Callable[..., T]) -> Callable[..., T]:
    @functools.wraps(fn)
    def wrapper(*args, **kwargs) -> T:
        t0 = time.perf_counter()
        value = fn(*args, **kwargs)
        print(f"[{fn.__name__}] {time.perf_counter() - t0:.2f}s")
        return value

    return wrapper


@functools.lru_cache(maxsize=None)
def load_csv(name: str) -> pd.DataFrame:
    path = INPUT_DIR / f"{name}.csv"
    print(f"reading {path}")
    return pd.read_csv(path)


def split_target(df: pd.DataFrame) -> tuple[pd.DataFrame, pd.Series]:
    y = df.pop(TARGET)
    return df, y


def engineer(df: pd.DataFrame) -> pd.DataFrame:
    out = df.drop(columns=["id"]).copy()
    for col in CATEGORICAL:
        out[col] = out[col].astype("category")
    out["loan_to_price"] = out["Amount"] / out["Price"]
    out["monthly_payment"] = out["Amount"] / out["Time"]
    out["disposable"] = out["Income"] - out["Expenses"] - out["monthly_payment"]
    out["net_worth"] = out["Assets"] - out["Debt"]
    out["payment_to_income"] = out["monthly_payment"] / out["Income"]
    return out


def model(n_estimators: int | None = None, seed: int = 0) -> lgb.LGBMClassifier:
    params = dict(PARAMS)
    if n_estimators is not None:
        params["n_estimators"] = n_estimators
    return lgb.LGBMClassifier(**params, random_state=seed, n_jobs=1, verbose=-1)


@timed
def validate(seed: int = 0) -> int:
    X, y = split_target(load_csv("train"))
    X = engineer(X)
    print(f"X {X.shape}, bad rate {y.mean():.3f}")
    X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y, random_state=seed)
    clf = model(seed=seed)
    clf.fit(
        X_tr, y_tr,
        eval_set=[(X_va, y_va)],
        eval_metric="binary_logloss",
        callbacks=[lgb.early_stopping(100, verbose=False)],
    )
    best = clf.best_iteration_
    score = log_loss(y_va, clf.predict_proba(X_va)[:, 1])
    print(f"best iteration: {best}")
    print(f"Validation logloss: {score:.5f}")
    return best


@timed
def fit_full(n_estimators: int, seed: int = 0) -> lgb.LGBMClassifier:
    X, y = split_target(load_csv("train"))
    X = engineer(X)
    clf = model(n_estimators=n_estimators, seed=seed)
    clf.fit(X, y)
    return clf


def main(argv: Sequence[str] | None = None) -> None:
    best = validate()
    n_full = int(best * 1.1)  # a bit more data -> a few more trees
    clf = fit_full(n_full)

    test = load_csv("test")
    proba = clf.predict_proba(engineer(test))[:, 1]
    SUBMISSION_DIR.mkdir(exist_ok=True)
    sub = pd.DataFrame({"id": test["id"], TARGET: np.clip(proba, 1e-4, 1 - 1e-4)})
    sub.to_csv(SUBMISSION_DIR / "submission.csv", index=False)
    print(f"wrote {len(sub)} rows, mean p(bad)={sub[TARGET].mean():.3f}")


if __name__ == "__main__":
    main()
