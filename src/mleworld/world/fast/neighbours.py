"""Per-task pools of programs with known outcomes, and what a query's nearest ones did.

A program's closest relatives on the same task (cosine similarity of TF-IDF
code vectors) say a lot about it: similar programs reach similar metrics and
take similar time. `NeighbourPool.stats` condenses the k nearest into a few
numbers (how similar they are, how often they ran clean, timed out, crashed,
their runtime, and the similarity-weighted metric of the nearest ones that
reported a metric). The pool grows online as a search observes real runs.

This module owns the pool and its statistics; the vectors come from tfidf.py.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import scipy.sparse as sp

from mleworld.world.fast.persist import load_array, load_json, save_array, save_json
from mleworld.world.fast.tfidf import load_csr, save_csr

OUTCOME_CLEAN, OUTCOME_CRASH, OUTCOME_TIMEOUT = 0, 1, 2
# A training row sees neighbours as a new program would: never itself, nor a near copy
# (TF-IDF cosine above this), since a held-out program has no near copy in training.
# Prediction keeps near copies: measured on held-out runs, dropping them costs accuracy
# (a re-run or a one-line change behaves like its copy), more than the shift in the
# similarity range costs the trees, which treat any similarity above the cap alike.
NEAR_COPY_SIM = 0.95

STAT_NAMES: tuple[str, ...] = (
    "nb_count",
    "nb_sim_max",
    "nb_sim_mean",
    "nb_clean",
    "nb_crash",
    "nb_timeout",
    "nb_top_clean",
    "nb_log_runtime",
    "nb_top_log_runtime",
    "nb_metric_count",
    "nb_metric",
    "nb_metric_top",
    "nb_metric_sim",
    "nb_metric_spread",
)
_INDEX = {name: i for i, name in enumerate(STAT_NAMES)}


def stat(row: np.ndarray, name: str) -> float:
    return float(row[_INDEX[name]])


class NeighbourPool:
    """Programs with observed outcomes, as TF-IDF rows, grouped by task."""

    def __init__(
        self,
        matrix: sp.csr_matrix,
        tasks: Sequence[str],
        program_ids: Sequence[str],
        outcome: np.ndarray,
        log_runtime: np.ndarray,
        metric: np.ndarray,
    ) -> None:
        n = matrix.shape[0]
        if not (
            len(tasks) == len(program_ids) == len(outcome) == len(log_runtime) == len(metric) == n
        ):
            raise ValueError("neighbour pool columns differ in length")
        self.matrix = sp.csr_matrix(matrix, dtype=np.float32)
        self.tasks = list(tasks)
        self.program_ids = list(program_ids)
        self.outcome = np.asarray(outcome, dtype=np.int8)
        self.log_runtime = np.asarray(log_runtime, dtype=np.float32)
        self.metric = np.asarray(metric, dtype=np.float64)
        self._reindex()

    def _reindex(self) -> None:
        self.rows_of: dict[str, np.ndarray] = {}
        order: dict[str, list[int]] = {}
        for i, task in enumerate(self.tasks):
            order.setdefault(task, []).append(i)
        self.rows_of = {task: np.asarray(rows, dtype=np.int64) for task, rows in order.items()}
        self._columns: dict[str, sp.csr_matrix] = {}  # the pool changed: made again on use

    def __len__(self) -> int:
        return self.matrix.shape[0]

    @classmethod
    def empty(cls, n_terms: int) -> NeighbourPool:
        return cls(
            sp.csr_matrix((0, n_terms), dtype=np.float32),
            [],
            [],
            np.zeros(0, np.int8),
            np.zeros(0, np.float32),
            np.zeros(0, np.float64),
        )

    def add(
        self,
        vectors: sp.csr_matrix,
        tasks: Sequence[str],
        program_ids: Sequence[str],
        outcome: Sequence[int],
        log_runtime: Sequence[float],
        metric: Sequence[float],
    ) -> None:
        """Append rows (a program already in the pool for its task is replaced, not duplicated)."""
        keep = np.ones(len(self), dtype=bool)
        new_keys = set(zip(tasks, program_ids, strict=True))
        for i, key in enumerate(zip(self.tasks, self.program_ids, strict=True)):
            if key in new_keys:
                keep[i] = False
        rows = np.flatnonzero(keep)
        self.matrix = sp.vstack(
            [self.matrix[rows], sp.csr_matrix(vectors, dtype=np.float32)]
        ).tocsr()
        self.tasks = [self.tasks[i] for i in rows] + list(tasks)
        self.program_ids = [self.program_ids[i] for i in rows] + list(program_ids)
        self.outcome = np.concatenate([self.outcome[rows], np.asarray(outcome, dtype=np.int8)])
        self.log_runtime = np.concatenate(
            [self.log_runtime[rows], np.asarray(log_runtime, dtype=np.float32)]
        )
        self.metric = np.concatenate([self.metric[rows], np.asarray(metric, dtype=np.float64)])
        self._reindex()

    def stats(
        self,
        vectors: sp.csr_matrix,
        tasks: Sequence[str],
        *,
        k: int = 5,
        exclude_ids: Sequence[str] | None = None,
        max_sim: float | None = None,
    ) -> np.ndarray:
        """One row of STAT_NAMES per query vector: what its k nearest programs of the same task did.

        `exclude_ids` leaves each query's own program out (training rows must
        not see their own outcome); `max_sim` also leaves out near copies (more
        similar than that), so a training row sees neighbours as a new program
        would. A task with no pool rows gives NaN stats.
        """
        out = np.full((vectors.shape[0], len(STAT_NAMES)), np.nan, dtype=np.float64)
        out[:, _INDEX["nb_count"]] = 0.0
        out[:, _INDEX["nb_metric_count"]] = 0.0
        by_task: dict[str, list[int]] = {}
        for i, task in enumerate(tasks):
            by_task.setdefault(task, []).append(i)
        ids = np.asarray(self.program_ids, dtype=object)
        for task, queries in by_task.items():
            rows = self.rows_of.get(task)
            if rows is None or len(rows) == 0:
                continue
            sims = (vectors[queries] @ self._task_columns(task, rows)).toarray()
            if exclude_ids is not None:
                own = np.asarray([exclude_ids[q] for q in queries], dtype=object)
                sims[own[:, None] == ids[rows][None, :]] = -np.inf
            if max_sim is not None:
                sims[sims > max_sim] = -np.inf
            for j, q in enumerate(queries):
                out[q] = self._summarise(sims[j], rows, k)
        return out

    def _task_columns(self, task: str, rows: np.ndarray) -> sp.csr_matrix:
        """The task's pool rows as the columns `stats` multiplies by, made once per version of
        the pool: slicing and converting them for every query was most of what it cost."""
        columns = self._columns.get(task)
        if columns is None:
            columns = self._columns[task] = self.matrix[rows].T.tocsr()
        return columns

    def _summarise(self, sims: np.ndarray, rows: np.ndarray, k: int) -> np.ndarray:
        row = np.full(len(STAT_NAMES), np.nan, dtype=np.float64)
        valid = np.flatnonzero(np.isfinite(sims))
        row[_INDEX["nb_count"]] = float(len(valid))
        row[_INDEX["nb_metric_count"]] = 0.0
        if len(valid) == 0:
            return row
        top = valid[np.argsort(-sims[valid], kind="stable")[:k]]
        weights = np.maximum(sims[top], 0.0) + 1e-3
        weights = weights / weights.sum()
        pool_rows = rows[top]
        outcome = self.outcome[pool_rows]
        row[_INDEX["nb_sim_max"]] = float(sims[top[0]])
        row[_INDEX["nb_sim_mean"]] = float(sims[top].mean())
        row[_INDEX["nb_clean"]] = float(weights @ (outcome == OUTCOME_CLEAN))
        row[_INDEX["nb_crash"]] = float(weights @ (outcome == OUTCOME_CRASH))
        row[_INDEX["nb_timeout"]] = float(weights @ (outcome == OUTCOME_TIMEOUT))
        row[_INDEX["nb_top_clean"]] = float(outcome[0] == OUTCOME_CLEAN)
        runtime = self.log_runtime[pool_rows]
        row[_INDEX["nb_log_runtime"]] = float(weights @ runtime)
        row[_INDEX["nb_top_log_runtime"]] = float(runtime[0])
        metric = self.metric[rows[valid]]
        has = np.isfinite(metric)
        if has.any():
            with_metric = valid[has]
            top_m = with_metric[np.argsort(-sims[with_metric], kind="stable")[:k]]
            values = self.metric[rows[top_m]]
            w = np.maximum(sims[top_m], 0.0) ** 2 + 1e-6
            row[_INDEX["nb_metric_count"]] = float(len(with_metric))
            row[_INDEX["nb_metric"]] = float(np.average(values, weights=w))
            row[_INDEX["nb_metric_top"]] = float(values[0])
            row[_INDEX["nb_metric_sim"]] = float(sims[top_m[0]])
            row[_INDEX["nb_metric_spread"]] = float(np.std(values)) if len(values) > 1 else math.nan
        return row

    # --- persistence -----------------------------------------------------------------------
    def save(self, directory: Path) -> None:
        save_csr(directory, "pool", self.matrix)
        save_json(directory / "pool.json", {"tasks": self.tasks, "program_ids": self.program_ids})
        save_array(directory / "pool_outcome.npy", self.outcome)
        save_array(directory / "pool_log_runtime.npy", self.log_runtime)
        save_array(directory / "pool_metric.npy", self.metric)

    @classmethod
    def load(cls, directory: Path) -> NeighbourPool:
        from mleworld.errors import MleWorldError

        matrix = load_csr(directory, "pool")
        meta = load_json(directory / "pool.json")
        tasks, ids = meta.get("tasks"), meta.get("program_ids")
        n = matrix.shape[0]
        if not (isinstance(tasks, list) and isinstance(ids, list) and len(tasks) == len(ids) == n):
            raise MleWorldError(
                f"{directory / 'pool.json'} does not describe the {n} pool rows; retrain the model with mleworld wm train"
            )
        return cls(
            matrix,
            [str(t) for t in tasks],
            [str(i) for i in ids],
            load_array(directory / "pool_outcome.npy", length=n),
            load_array(directory / "pool_log_runtime.npy", length=n),
            load_array(directory / "pool_metric.npy", length=n),
        )
