"""Calibration rows from tasks the class head never saw: out-of-fold heads over groups of tasks.

The unfamiliar-code calibration (world/fast/unfamiliar.py) must learn two
kinds of novelty apart: a new task written by the corpus' own writer (the
head stays right: leave-task-out accuracy is ~95%) and code written by other
hands (it does not). Held-out runs of seen tasks show neither, and the
foreign set's own tasks show both at once, so a calibration fitted on those
alone reads "task unseen" as "other hands" and is under-confident on every new
task. Here the training tasks are split into groups; per group, a class head
fitted without it predicts the group's held-out runs, featurized as a
prediction for an unseen task sees them (no same-task neighbours, no task
statistics), with unfamiliarity signals measured against the other groups'
programs only. Those rows are "new task, same writer" with honest probabilities.

Groups of tasks rather than one task each: every row still comes from a head
that never saw its task (as honest), and the cost is one LightGBM fit per
group, at the main head's number of rounds, on the fitting part only (no early
stopping, no refit): 7 groups of 2 for the 14 suite tasks.

This module owns building those rows; fitting the calibration is
training/fast_unfamiliar.py's, the rest of training training/fast.py's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np

from mleworld.training.fast_unfamiliar import CalibrationRows
from mleworld.world.fast.batch import Featurizer
from mleworld.world.fast.features import QueryFacts, task_metric
from mleworld.world.fast.heads import RuntimeHead, with_runtime
from mleworld.world.fast.lgbm import lgbm_params, softmax
from mleworld.world.fast.model import FastWorldModel
from mleworld.world.fast.unfamiliar import SIGNALS, Familiarity, nearest_similarity
from mleworld.world.prediction import Query

TASK_GROUP_SIZE = 2
UNSEEN_TASK = "\x00unseen-task"  # a task id no pool or statistics table holds


def task_groups(
    tasks: Sequence[str], size: int = TASK_GROUP_SIZE, seed: int = 0
) -> list[list[str]]:
    """The distinct tasks shuffled into groups of `size` (the last may be smaller); none with < 2 tasks."""
    unique = sorted(set(tasks))
    if len(unique) < 2:
        return []
    order = np.random.default_rng(seed).permutation(len(unique))
    shuffled = [unique[i] for i in order]
    step = max(1, min(size, len(unique) - 1))
    return [shuffled[i : i + step] for i in range(0, len(shuffled), step)]


def as_unseen_task(query: Query) -> Query:
    """The query as a prediction for a task training never saw would read it (metric kept)."""
    metric, lower = task_metric(query)
    return dataclasses.replace(
        query, task_id=UNSEEN_TASK, metric_name=metric, lower_is_better=lower
    )


def task_fold_rows(
    *,
    featurizer: Featurizer,
    runtime_head: RuntimeHead,
    queries: Sequence[Query],
    facts: Sequence[QueryFacts],
    reports: Sequence[Any],
    X_class: np.ndarray,
    y: np.ndarray,
    n_classes: int,
    fit_rows: np.ndarray,
    cal_rows: np.ndarray,
    rounds: int,
    temperature: float,
    seed: int = 0,
    threads: int = 1,
    group_size: int = TASK_GROUP_SIZE,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, list[list[str]]]:
    """(row indices, out-of-fold calibrated logits, log runtimes, unfamiliarity signals, groups).

    Rows are the held-out (`cal_rows`) runs of each group's tasks; the logits come
    from a head fitted on the other groups' fitting rows (`X_class` columns, `y`
    labels), divided by the main head's `temperature`. The runtime columns are
    re-estimated from the unseen-task features by the main runtime head.
    """
    import lightgbm as lgb

    tasks = np.asarray([q.task_id for q in queries], dtype=object)
    groups = task_groups(tasks.tolist(), group_size, seed)
    empty = np.zeros(0, dtype=np.int64)
    if not groups or len(set(y[fit_rows].tolist())) < 2:
        return empty, np.zeros((0, n_classes)), np.zeros(0), np.zeros((0, len(SIGNALS))), []
    held = np.zeros(len(queries), dtype=bool)
    held[cal_rows] = True
    vocabulary = featurizer.familiarity.tokens
    ids = np.asarray(featurizer.pool.program_ids, dtype=object)
    pool_tasks = np.asarray(featurizer.pool.tasks, dtype=object)
    params = lgbm_params("multiclass", seed, threads, num_class=n_classes)
    out_rows, out_raw, out_runtime, out_signals = [], [], [], []
    for group in groups:
        inside = np.isin(tasks, group)
        rows = np.flatnonzero(inside & held)
        train = np.intersect1d(fit_rows, np.flatnonzero(~inside))
        if not len(rows) or len(set(y[train].tolist())) < 2:
            continue
        unseen = [as_unseen_task(queries[i]) for i in rows]
        inputs = featurizer.prepare(
            unseen,
            facts=[facts[i] for i in rows],
            reports=[reports[i] for i in rows],
            stats=[None] * len(rows),
        )
        limits = np.array([float(q.x.time_limit_s) for q in unseen])
        log_runtime = runtime_head.log_runtime(inputs.X)
        booster = lgb.train(
            params, lgb.Dataset(X_class[train], y[train]), num_boost_round=max(1, rounds)
        )
        raw = np.asarray(
            booster.predict(with_runtime(inputs.X, log_runtime, limits), raw_score=True)
        ).reshape(len(rows), -1)
        # What the other groups' programs held: their identifiers and imports, their vectors.
        others = [i for i in range(len(queries)) if not inside[i]]
        known = Familiarity(
            {t for i in others for t in facts[i].tokens} & vocabulary,
            {m for i in others for m in facts[i].imports},
        )
        pool_others = np.flatnonzero(~np.isin(pool_tasks, group))
        nearest = nearest_similarity(
            inputs.vectors, featurizer.pool.matrix[pool_others], ids[pool_others].tolist()
        )
        signals = known.signals(
            [f.tokens for f in inputs.facts],
            [f.imports for f in inputs.facts],
            inputs.reports,
            nearest,
            [False] * len(rows),
        )
        out_rows.append(rows)
        out_raw.append(raw / temperature)
        out_runtime.append(log_runtime)
        out_signals.append(signals)
    if not out_rows:
        return empty, np.zeros((0, n_classes)), np.zeros(0), np.zeros((0, len(SIGNALS))), groups
    return (
        np.concatenate(out_rows),
        np.vstack(out_raw),
        np.concatenate(out_runtime),
        np.vstack(out_signals),
        groups,
    )


def task_fold_calibration_rows(
    model: FastWorldModel,
    *,
    queries: Sequence[Query],
    facts: Sequence[QueryFacts],
    reports: Sequence[Any],
    ids: Sequence[str],
    X_class: np.ndarray,
    y: np.ndarray,
    fit_rows: np.ndarray,
    cal_rows: np.ndarray,
    rounds: int,
    seed: int = 0,
    threads: int = 1,
) -> tuple[CalibrationRows, list[list[str]]]:
    """task_fold_rows as calibration rows of `model` (timeout mix applied as prediction does), and the groups."""
    rows, raw, log_runtime, signals, groups = task_fold_rows(
        featurizer=model.featurizer,
        runtime_head=model.runtime_head,
        queries=queries,
        facts=facts,
        reports=reports,
        X_class=X_class,
        y=y,
        n_classes=len(model.class_head.classes),
        fit_rows=fit_rows,
        cal_rows=cal_rows,
        rounds=rounds,
        temperature=model.class_head.temperature,
        seed=seed,
        threads=threads,
    )
    limits = np.array([float(queries[i].x.time_limit_s) for i in rows])
    probs = model.mix_timeout(softmax(raw), model.runtime_head.p_over(log_runtime, limits))
    picked = [reports[i] for i in rows]
    out = CalibrationRows.of(
        model, probs, signals, y[rows], picked, "task_fold", [ids[i] for i in rows]
    )
    return out, groups


__all__ = [
    "TASK_GROUP_SIZE",
    "as_unseen_task",
    "task_fold_calibration_rows",
    "task_fold_rows",
    "task_groups",
]
