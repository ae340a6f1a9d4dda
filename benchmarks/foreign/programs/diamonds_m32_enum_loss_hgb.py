"""Diamond prices with HistGradientBoosting on log(price), ordinal-encoded grades.

The loss is picked from an Enum so the CLI can only ask for losses we support.
"""
from __future__ import annotations

import argparse
import contextlib
import time
from enum import Enum
from pathlib import Path
from typing import Iterator, Sequence, TypedDict

import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import mean_squared_error
from sklearn.model_selection import KFold

INPUT = Path("./input")
OUT_DIR = Path("./submission")

CUT_ORDER = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
COLOR_ORDER = ["J", "I", "H", "G", "F", "E", "D"]
CLARITY_ORDER = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]


class Loss(Enum):
    SQUARED = "squared_error"
    ABSOLUTE = "absolute_error"
    POISSON = "poisson"


class HGBParams(TypedDict):
    learning_rate: float
    max_iter: int
    max_leaf_nodes: int
    min_samples_leaf: int
    l2_regularization: float


DEFAULT_PARAMS: HGBParams = {
    "learning_rate": 0.06,
    "max_iter": 400,
    "max_leaf_nodes": 31,
    "min_samples_leaf": 20,
    "l2_regularization": 0.5,
}


@contextlib.contextmanager
def stopwatch(label: str) -> Iterator[None]:
    t0 = time.perf_counter()
    try:
        yield
    finally:
        print(f"{label}: {time.perf_counter() - t0:.1f}s")


def encode(df: pd.DataFrame) -> pd.DataFrame:
    out = df.copy()
    for col, order in (("cut", CUT_ORDER), ("color", COLOR_ORDER), ("clarity", CLARITY_ORDER)):
        out[col] = pd.Categorical(out[col], categories=order, ordered=True).codes.astype(np.int16)
    # x/y/z of 0 are recording errors; let the model treat them as missing
    for col in ("x", "y", "z"):
        out[col] = out[col].where(out[col] > 0)
    out["volume"] = out["x"] * out["y"] * out["z"]
    out["log_carat"] = np.log(out["carat"])
    out["depth_ratio"] = out["z"] / ((out["x"] + out["y"]) / 2)
    return out


def kfold_indices(n: int, k: int, seed: int) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    yield from KFold(n_splits=k, shuffle=True, random_state=seed).split(np.arange(n))


def rmsle_from_log(y_log: np.ndarray, pred_log: np.ndarray) -> float:
    # targets are already log1p(price), so RMSE on this scale is the RMSLE
    return float(np.sqrt(mean_squared_error(y_log, pred_log)))


def make_model(loss: Loss, params: HGBParams, seed: int) -> HistGradientBoostingRegressor:
    return HistGradientBoostingRegressor(loss=loss, random_state=seed, **params)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--loss", choices=[l.name.lower() for l in Loss], default="squared")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    loss = Loss[args.loss.upper()]
    print(f"loss={loss}, folds={args.folds}")

    train = pd.read_csv(INPUT / "train.csv")
    test = pd.read_csv(INPUT / "test.csv")
    print("train:", train.shape, " test:", test.shape)

    X = encode(train.drop(columns=["id", "price"]))
    X_test = encode(test.drop(columns=["id"]))
    y = np.log1p(train["price"].to_numpy())
    print("features:", list(X.columns))

    oof = np.zeros(len(X))
    test_log = np.zeros(len(X_test))
    with stopwatch("cross-validation"):
        for fold, (tr, va) in enumerate(kfold_indices(len(X), args.folds, args.seed), 1):
            model = make_model(loss, DEFAULT_PARAMS, args.seed)
            model.fit(X.iloc[tr], y[tr])
            oof[va] = model.predict(X.iloc[va])
            test_log += model.predict(X_test) / args.folds
            print(f"  fold {fold}: RMSLE {rmsle_from_log(y[va], oof[va]):.5f} ({model.n_iter_} iters)")

    print(f"Validation RMSLE: {rmsle_from_log(y, oof):.5f}")

    OUT_DIR.mkdir(parents=True, exist_ok=True)
    pred = np.expm1(test_log).clip(min=300)
    pd.DataFrame({"id": test["id"], "price": pred}).to_csv(OUT_DIR / "submission.csv", index=False)
    print("saved", OUT_DIR / "submission.csv")


if __name__ == "__main__":
    main()
