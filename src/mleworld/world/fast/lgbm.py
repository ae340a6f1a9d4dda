"""LightGBM as the fast world model's heads use it: parameters, fitting with early stopping, helpers.

The heads (heads.py) and the edit head (edits.py) fit the same way: a booster on
a fitting part, early-stopped on a calibration part, then one on every row with
those rounds. One owner for that recipe and the small numeric helpers around it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

MAX_ROUNDS = 400
EARLY_STOP = 30


def lgbm_params(objective: str, seed: int, threads: int, **extra: Any) -> dict[str, Any]:
    params: dict[str, Any] = {
        "objective": objective,
        "learning_rate": 0.05,
        "num_leaves": 15,
        "min_data_in_leaf": 8,
        "feature_fraction": 0.7,
        "bagging_fraction": 0.85,
        "bagging_freq": 1,
        "lambda_l2": 1.0,
        "max_bin": 63,
        "seed": seed,
        "deterministic": True,
        "force_row_wise": True,
        "num_threads": threads,
        "verbosity": -1,
    }
    params.update(extra)
    return params


def fit_booster(
    params: dict[str, Any],
    X: np.ndarray,
    y: np.ndarray,
    fit_rows: np.ndarray,
    cal_rows: np.ndarray,
    weight: np.ndarray | None = None,
) -> tuple[Any, Any, int]:
    """A booster on the fitting rows (early-stopped on the calibration rows) and one on all rows."""
    import lightgbm as lgb

    def dataset(rows: np.ndarray, reference: Any = None) -> Any:
        w = None if weight is None else weight[rows]
        return lgb.Dataset(X[rows], y[rows], weight=w, reference=reference, free_raw_data=True)

    train = dataset(fit_rows)
    rounds = MAX_ROUNDS
    part = None
    if len(cal_rows):
        valid = dataset(cal_rows, train)
        part = lgb.train(
            params,
            train,
            num_boost_round=MAX_ROUNDS,
            valid_sets=[valid],
            callbacks=[lgb.early_stopping(EARLY_STOP, verbose=False)],
        )
        rounds = max(10, int(part.best_iteration or MAX_ROUNDS))
    full = lgb.train(params, dataset(np.arange(len(y))), num_boost_round=int(rounds * 1.1) + 1)
    return part, full, rounds


def predict_booster(booster: Any, X: np.ndarray, **kwargs: Any) -> np.ndarray:
    return np.asarray(booster.predict(X, num_threads=1, **kwargs))


def softmax(raw: np.ndarray) -> np.ndarray:
    raw = raw - raw.max(axis=1, keepdims=True)
    exp = np.exp(raw)
    return exp / exp.sum(axis=1, keepdims=True)


def nll(probs: np.ndarray, y: np.ndarray) -> float:
    return float(-np.mean(np.log(np.clip(probs[np.arange(len(y)), y], 1e-12, None))))


def within_tolerance(
    predicted: np.ndarray, observed: np.ndarray, tolerance: float = 0.05
) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        error = np.abs(predicted - observed) / np.abs(observed)
    return np.where(observed == 0, predicted == 0, error <= tolerance + 1e-12)


def expect_consistent(path: Path, ok: bool) -> None:
    if not ok:
        from mleworld.errors import MleWorldError

        raise MleWorldError(
            f"model file {path} does not match the rest of the model; retrain it with `mleworld wm train --backend fast`"
        )


__all__ = [
    "EARLY_STOP",
    "MAX_ROUNDS",
    "expect_consistent",
    "fit_booster",
    "lgbm_params",
    "nll",
    "predict_booster",
    "softmax",
    "within_tolerance",
]
