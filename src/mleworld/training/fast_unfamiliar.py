"""Fitting the fast model's unfamiliar-code calibration (world/fast/unfamiliar.py) in training.

The calibration runs are the held-out part of training (in distribution), the
held-out runs of tasks an out-of-fold head never saw (fast_task_folds.py: a new
task by the same writer), and the calibration halves of a program set written by
other hands (`foreign` by default: `dev` and `calib`, not `test`): it is predicted by
the model as trained, through the same featurizer and class path as any query,
with the run's real class as the label; a static finding's share is put on top
of each row as prediction does. Within the foreign rows each batch (a group of
writers in one session, corpus/foreign.batch_of) weighs the same: batches differ
in how often a program with no static finding crashes (dev's batches 0-25%, the m
batch 41%, calib's 20-38%), and a calibration fitted on one mix is wrong for
another; the confidence a batch the calibration never saw should get is the one
batches earn on average (left one batch out at a time over dev and calib: ECE
0.097 fitted on calib alone, 0.031 on both by row, 0.018 on both by batch;
benchmarks/results/wm_calib_lobo_s26/).

This module owns choosing and preparing those rows; the blend and its fit are
world/fast/unfamiliar.py's, the rest of training is training/fast.py's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import numpy as np

from mleworld.world.fast.batch import analyze_many
from mleworld.world.fast.model import FastWorldModel, outcome_label
from mleworld.world.fast.unfamiliar import UnfamiliarCalibration
from mleworld.world.prediction import Query
from mleworld.world.vocab import CLEAN, OTHER, TIMEOUT, leaf_name


def raw_label(record: Any) -> str:
    """A run's class as training labels it (a run cut at the limit is a timeout)."""
    cls = leaf_name(record.y.exc_type)
    return TIMEOUT if record.timed_out or cls == "KeyboardInterrupt" else cls


def _finding_columns(
    model: FastWorldModel, reports: Sequence[Any]
) -> tuple[np.ndarray, np.ndarray]:
    """Per report: the head-class index of its first fatal finding (-1: none) and its weight."""
    classes = model.class_head.classes
    other = classes.index(OTHER) if OTHER in classes else len(classes) - 1
    index = np.full(len(reports), -1)
    weight = np.zeros(len(reports))
    for i, report in enumerate(reports):
        first = getattr(report, "first_fatal", None)
        if first is None:
            continue
        cls = model.vocab.normalize(first.exc_type)
        index[i] = classes.index(cls) if cls in classes else other
        weight[i] = model.finding_weight(first)
    return index, weight


def calibration_queries(
    spec: str, half: str | None = None, *, data_dirs: Mapping[str, Path | None] | None = None
) -> tuple[list[Any], list[Query]]:
    """The records of a program set's half (None: its calibration halves) and their queries.

    A program reads its task's ./input/ when the set ships the task or `data_dirs`
    (the folders training read) names it; otherwise it is analysed without data.
    With `data_dirs` None, no program gets data. No suite task is prepared here.
    """
    from mleworld.corpus.foreign import FOREIGN, open_program_set, records_file, shipped_dir
    from mleworld.evaluation.holdout_eval import build_queries, parent_key

    if spec == FOREIGN and records_file(shipped_dir()) is None:
        return [], []  # an installation without the shipped set calibrates on held-out runs only
    programs = open_program_set(spec)
    records = programs.half(half) if half else programs.calibration_records()
    parents = {parent_key(r): r for r in programs.records}
    if data_dirs is None:
        return records, build_queries(records, parents, None)
    shipped = programs.task_dirs()
    known = dict(data_dirs)

    def resolve(task: str) -> Path | None:
        return shipped[task] / "public" if task in shipped else known.get(task)

    return records, build_queries(records, parents, resolve)


SOURCES = ("heldout", "task_fold", "foreign")
# The foreign rows' share of the calibration's log loss. When they were ~7% of the rows, at
# their own count the fit spent itself on the in-distribution and new-task rows and foreign
# code kept too much confidence (dev half, 5-fold cross-fitted ECE 0.136 at equal row
# weights, 0.071 at an equal share). With dev and calib (28% of the rows) the share hardly
# matters: left one batch out, ECE 0.031 at 0.5 and at equal rows (wm_calib_lobo_s26/).
FOREIGN_WEIGHT: float | None = 0.5


@dataclass
class CalibrationRows:
    """The rows the unfamiliar-code blend is fitted on, one per run, each tagged with its source.

    `source`: `heldout` (held-out runs of seen tasks), `task_fold` (held-out runs of
    tasks the predicting head never saw, fast_task_folds.py) or `foreign` (a program
    set's calibration halves). Saved as one `.npz` of plain arrays, so a calibration
    can be refitted, or cross-fitted over the foreign rows, without training again.
    """

    probs: np.ndarray
    signals: np.ndarray
    labels: np.ndarray
    finding_class: np.ndarray
    finding_weight: np.ndarray
    source: np.ndarray
    ids: np.ndarray

    @classmethod
    def of(
        cls,
        model: FastWorldModel,
        probs: np.ndarray,
        signals: np.ndarray,
        labels: np.ndarray,
        reports: Sequence[Any],
        source: str,
        ids: Sequence[str],
    ) -> CalibrationRows:
        f_index, f_weight = _finding_columns(model, reports)
        return cls(
            np.asarray(probs, dtype=np.float64),
            np.asarray(signals, dtype=np.float64),
            np.asarray(labels, dtype=np.int64),
            f_index,
            f_weight,
            np.full(len(labels), source),
            np.asarray(list(ids), dtype=str),
        )

    def __len__(self) -> int:
        return len(self.labels)

    def subset(self, mask: np.ndarray) -> CalibrationRows:
        return CalibrationRows(*(getattr(self, f.name)[mask] for f in fields(self)))

    @classmethod
    def concat(cls, parts: Sequence[CalibrationRows]) -> CalibrationRows:
        kept = [p for p in parts if len(p)]
        return cls(*(np.concatenate([getattr(p, f.name) for p in kept]) for f in fields(cls)))

    def save(self, path: Path) -> None:
        np.savez(path, **{f.name: getattr(self, f.name) for f in fields(self)})

    @classmethod
    def load(cls, path: Path) -> CalibrationRows:
        with np.load(path, allow_pickle=False) as data:
            return cls(*(data[f.name] for f in fields(cls)))


def fit_rows(
    classes: Sequence[str],
    rows: CalibrationRows,
    *,
    foreign_weight: float | None = FOREIGN_WEIGHT,
    foreign_batches: np.ndarray | None = None,
) -> tuple[UnfamiliarCalibration | None, dict[str, Any]]:
    """The blend fitted on `rows`; None without foreign rows (nothing shows unfamiliar code).

    `foreign_weight`: the foreign rows' share of the total weight in the log loss
    (None: every row weighs the same). `foreign_batches`: per row, the batch its
    program came from (corpus/foreign.batch_of; read on foreign rows only): each batch
    then weighs the same within the foreign rows' weight (None: each foreign row does).
    """
    foreign = rows.source == "foreign"
    counts = {s: int(np.sum(rows.source == s)) for s in SOURCES}
    if CLEAN not in classes or not foreign.any():
        return None, {"rows": counts, "fitted": False}
    within = np.full(len(rows), 1.0 / foreign.sum())  # a foreign row's part of the foreign weight
    if foreign_batches is not None:
        _, batch, sizes = np.unique(
            foreign_batches[foreign], return_inverse=True, return_counts=True
        )
        within[foreign] = 1.0 / (len(sizes) * sizes[batch])
    weight = np.where(foreign, within * foreign.sum(), 1.0)
    if foreign_weight is not None and not foreign.all():
        share = min(max(foreign_weight, 1e-3), 1.0 - 1e-3)
        weight = np.where(foreign, share * within, (1.0 - share) / (~foreign).sum())
    calibration, report = UnfamiliarCalibration.fit(
        classes,
        CLEAN,
        rows.probs,
        rows.signals,
        rows.labels,
        finding_class=rows.finding_class,
        finding_weight=rows.finding_weight,
        unfamiliar_rows=foreign,
        sample_weight=weight,
    )
    report["rows_by_source"] = counts
    report["foreign_weight"] = foreign_weight
    return calibration, report


def row_batches(spec: str, rows: CalibrationRows) -> np.ndarray:
    """Per row, the batch of the program set's program it is ("-": the unlettered batches;
    "": a row of no program of the set)."""
    from mleworld.corpus.foreign import (
        FOREIGN,
        batch_of,
        open_program_set,
        records_file,
        shipped_dir,
    )

    if spec == FOREIGN and records_file(shipped_dir()) is None:
        return np.full(len(rows), "")
    batch = {r.id: batch_of(r.node_id) or "-" for r in open_program_set(spec).records}
    return np.array([batch.get(i, "") for i in rows.ids.tolist()], dtype=str)


def foreign_rows(
    model: FastWorldModel,
    calibration_set: str,
    workers: int,
    data_dirs: Mapping[str, Path | None] | None,
    half: str | None = None,
) -> CalibrationRows | None:
    """A program set's half as calibration rows, predicted by `model` as any query is."""
    records, queries = calibration_queries(calibration_set, half, data_dirs=data_dirs)
    if not records:
        return None
    classes = model.class_head.classes
    reports = analyze_many(queries, workers=workers)
    inputs = model.featurizer.prepare(queries, reports=reports)
    p, _ = model.class_probabilities(inputs, queries, bias=False, unfamiliar=False)
    index = {c: i for i, c in enumerate(classes)}
    other = index.get(OTHER, len(classes) - 1)
    y = [index.get(outcome_label(raw_label(r), False, model.vocab), other) for r in records]
    return CalibrationRows.of(
        model, p, inputs.unfamiliar, np.asarray(y), reports, "foreign", [r.id for r in records]
    )


def fit_unfamiliar(
    model: FastWorldModel,
    rows: Sequence[CalibrationRows],
    calibration_set: str | None,
    workers: int,
    data_dirs: Mapping[str, Path | None] | None,
) -> tuple[UnfamiliarCalibration | None, dict[str, Any], CalibrationRows]:
    """The unfamiliar-code blend, fitted on training's rows and a program set's
    calibration halves, each of its batches weighing the same.

    Returns the blend, its report and every row it was fitted on.
    """
    parts = list(rows)
    if calibration_set is not None:
        extra = foreign_rows(model, calibration_set, workers, data_dirs)
        if extra is not None:
            parts.append(extra)
    everything = CalibrationRows.concat(parts)
    batches = None if calibration_set is None else row_batches(calibration_set, everything)
    calibration, report = fit_rows(model.class_head.classes, everything, foreign_batches=batches)
    if calibration is not None:
        report["calibration_set"] = calibration_set
    return calibration, report, everything


__all__ = [
    "SOURCES",
    "CalibrationRows",
    "calibration_queries",
    "fit_rows",
    "fit_unfamiliar",
    "foreign_rows",
    "raw_label",
    "row_batches",
]
