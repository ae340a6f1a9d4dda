"""Accuracies with bootstrap standard errors (paper Table 1: 2,000 program resamples;
figure 7: task resamples).

A resample is a vector of weights, one per program: how many times the program
was drawn. The program bootstrap draws n programs with replacement; the task
bootstrap draws tasks with replacement and takes every program of each drawn
task. An accuracy over a field that applies to only some programs (crash class,
metric) is computed in every resample over the drawn programs it applies to,
so the number of programs it counts varies as it would in a new holdout.

Weights are drawn once per set of programs and shared by every field and every
model, so differences between models see the same resamples. Seeded: the same
inputs give the same standard errors.

Not here: deciding whether one prediction is right (scoring.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from mleworld.errors import MleWorldError

__all__ = ["RESAMPLES", "Estimate", "estimate", "program_weights", "task_weights"]

RESAMPLES = 2000
_CHUNK_CELLS = 4_000_000  # weights held at once (resamples x programs), ~16 MB of int32


@dataclass(frozen=True)
class Estimate:
    """An accuracy (share of programs right), its bootstrap SE and how many programs it counts."""

    accuracy: float | None
    se: float | None
    n: int

    def to_dict(self) -> dict[str, float | int | None]:
        return {"accuracy": self.accuracy, "se": self.se, "n": self.n}


def program_weights(n: int, resamples: int = RESAMPLES, seed: int = 0) -> np.ndarray:
    """(resamples, n) draw counts: each row draws n programs uniformly with replacement."""
    _check(resamples)
    if n == 0:
        return np.zeros((resamples, 0), dtype=np.int32)
    rng = np.random.default_rng(seed)
    return rng.multinomial(n, np.full(n, 1.0 / n), size=resamples).astype(np.int32)


def task_weights(task_ids: Sequence[str], resamples: int = RESAMPLES, seed: int = 0) -> np.ndarray:
    """(resamples, n) draw counts: each row draws the tasks with replacement, all their programs."""
    _check(resamples)
    n = len(task_ids)
    if n == 0:
        return np.zeros((resamples, 0), dtype=np.int32)
    names, index = np.unique(np.asarray(list(task_ids), dtype=object), return_inverse=True)
    k = len(names)
    rng = np.random.default_rng(seed)
    per_task = rng.multinomial(k, np.full(k, 1.0 / k), size=resamples).astype(np.int32)
    return per_task[:, index]


def estimate(correct: Sequence[bool | None], weights: np.ndarray | None = None) -> Estimate:
    """Accuracy over the programs a field applies to (None: does not apply) with its SE.

    `weights` are the resamples of all programs (rows of program_weights or
    task_weights); without them the SE is None. Resamples that draw no program
    the field applies to are skipped. One applicable program, or all of them
    always right or always wrong, gives an SE of 0.
    """
    values = np.array([np.nan if c is None else float(bool(c)) for c in correct], dtype=float)
    applies = ~np.isnan(values)
    n = int(applies.sum())
    if n == 0:
        return Estimate(None, None, 0)
    accuracy = float(values[applies].mean())
    if weights is None:
        return Estimate(accuracy, None, n)
    if weights.shape[1] != len(values):
        raise MleWorldError(
            f"bootstrap weights cover {weights.shape[1]} programs but {len(values)} were scored; "
            "draw the weights for the same programs"
        )
    right = np.where(applies, values, 0.0)
    mask = applies.astype(float)
    means: list[np.ndarray] = []
    step = max(1, _CHUNK_CELLS // max(1, len(values)))
    for start in range(0, weights.shape[0], step):
        block = weights[start : start + step].astype(float)
        denominator = block @ mask
        numerator = block @ right
        ok = denominator > 0
        means.append(numerator[ok] / denominator[ok])
    draws = np.concatenate(means) if means else np.empty(0)
    if draws.size < 2:
        return Estimate(accuracy, 0.0, n)
    se = float(np.std(draws, ddof=1))
    return Estimate(accuracy, 0.0 if math.isclose(se, 0.0, abs_tol=1e-15) else se, n)


def _check(resamples: int) -> None:
    if resamples < 2:
        raise MleWorldError(f"bootstrap needs at least 2 resamples, got {resamples}")
