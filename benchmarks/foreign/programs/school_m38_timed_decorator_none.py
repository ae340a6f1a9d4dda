"""Math achievement (HSB data): ridge regression with school-level context features.

Schools in test.csv are not in train.csv, so CV is grouped by School.
"""
from __future__ import annotations

import sys
import time
from functools import wraps
from pathlib import Path
from typing import Callable, Iterator, NamedTuple, ParamSpec, TypeVar

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import RidgeCV
from sklearn.metrics import root_mean_squared_error
from sklearn.model_selection import GroupKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, PolynomialFeatures, StandardScaler

P = ParamSpec("P")
R = TypeVar("R")

INPUT = Path("input")
OUTPUT = Path("submission")
TARGET, GROUP = "MathAch", "School"
CATEGORICAL = ["Minority", "Sex"]
NUMERIC = ["SES", "MEANSES", "ses_dev", "school_size", "school_minority_share",
           "school_female_share", "school_ses_sd"]


def timed(fn: Callable[P, R]) -> Callable[P, R]:
    @wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        t0 = time.perf_counter()
        fn(*args, **kwargs)
        print(f"  {fn.__name__}: {1000 * (time.perf_counter() - t0):.0f} ms")

    return wrapper


class Fold(NamedTuple):
    number: int
    train: np.ndarray
    valid: np.ndarray


def school_context(df: pd.DataFrame) -> pd.DataFrame:
    """Student rows + aggregates of their school (no target involved)."""
    g = df.groupby(GROUP)
    out = df.copy()
    out["ses_dev"] = out["SES"] - out["MEANSES"]
    out["school_size"] = g[GROUP].transform("size")
    out["school_minority_share"] = g["Minority"].transform(lambda s: s.eq("Yes").mean())
    out["school_female_share"] = g["Sex"].transform(lambda s: s.eq("Female").mean())
    out["school_ses_sd"] = g["SES"].transform("std").fillna(0.0)
    return out


def grouped_folds(df: pd.DataFrame, k: int = 5) -> Iterator[Fold]:
    gkf = GroupKFold(n_splits=k, shuffle=True, random_state=0)
    for i, (tr, va) in enumerate(gkf.split(df, groups=df[GROUP]), start=1):
        yield Fold(i, tr, va)


def build_pipeline() -> Pipeline:
    pre = ColumnTransformer(
        [
            ("num", Pipeline([("scale", StandardScaler()),
                              ("poly", PolynomialFeatures(degree=2, include_bias=False))]), NUMERIC),
            ("cat", OneHotEncoder(drop="if_binary"), CATEGORICAL),
        ]
    )
    return Pipeline([("pre", pre), ("ridge", RidgeCV(alphas=np.logspace(-2, 3, 20)))])


@timed
def fit_pipeline(X: pd.DataFrame, y: pd.Series) -> Pipeline:
    return build_pipeline().fit(X, y)


def main(argv: list[str] | None = None) -> int:
    train = pd.read_csv(INPUT / "train.csv")
    test = pd.read_csv(INPUT / "test.csv")
    print(f"train: {train.shape} ({train[GROUP].nunique()} schools)")
    print(f"test:  {test.shape} ({test[GROUP].nunique()} schools)")

    train, test = school_context(train), school_context(test)
    features = NUMERIC + CATEGORICAL
    y = train[TARGET]

    oof = np.empty(len(train))
    for fold in grouped_folds(train):
        model = fit_pipeline(train.iloc[fold.train][features], y.iloc[fold.train])
        oof[fold.valid] = model.predict(train.iloc[fold.valid][features])
        rmse = root_mean_squared_error(y.iloc[fold.valid], oof[fold.valid])
        print(f"fold {fold.number}: RMSE {rmse:.4f}")
    print(f"Validation RMSE: {root_mean_squared_error(y, oof):.4f}")

    model = fit_pipeline(train[features], y)
    print("ridge alpha:", model.named_steps["ridge"].alpha_)
    OUTPUT.mkdir(exist_ok=True)
    pd.DataFrame({"id": test["id"], TARGET: model.predict(test[features])}).to_csv(
        OUTPUT / "submission.csv", index=False
    )
    print("submission written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
