"""Fitting the fast model's unfamiliar-code calibration (world/fast/unfamiliar.py) in training.

The calibration runs are the held-out part of training (in distribution) and the
dev half of a program set written by other hands (`foreign` by default): the
latter is predicted by the model as trained, through the same featurizer and
class path as any query, with the run's real class as the label; a static
finding's share is put on top of each row as prediction does.

This module owns choosing and preparing those rows; the blend and its fit are
world/fast/unfamiliar.py's, the rest of training is training/fast.py's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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


def softmax(raw: np.ndarray) -> np.ndarray:
    exp = np.exp(raw - raw.max(axis=1, keepdims=True))
    return exp / exp.sum(axis=1, keepdims=True)


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
    spec: str, half: str = "dev", *, data_dirs: Mapping[str, Path | None] | None = None
) -> tuple[list[Any], list[Query]]:
    """The records of a program set's half and the queries they answer.

    A program reads its task's ./input/ when the set ships the task or `data_dirs`
    (the folders training read) names it; otherwise it is analysed without data.
    With `data_dirs` None, no program gets data. No suite task is prepared here.
    """
    from mleworld.corpus.foreign import FOREIGN, open_program_set, records_file, shipped_dir
    from mleworld.evaluation.holdout_eval import build_queries, parent_key

    if spec == FOREIGN and records_file(shipped_dir()) is None:
        return [], []  # an installation without the shipped set calibrates on held-out runs only
    programs = open_program_set(spec)
    records = programs.half(half)
    parents = {parent_key(r): r for r in programs.records}
    if data_dirs is None:
        return records, build_queries(records, parents, None)
    shipped = programs.task_dirs()
    known = dict(data_dirs)

    def resolve(task: str) -> Path | None:
        return shipped[task] / "public" if task in shipped else known.get(task)

    return records, build_queries(records, parents, resolve)


def fit_unfamiliar(
    model: FastWorldModel,
    cal_probs: np.ndarray,
    cal_signals: np.ndarray,
    cal_labels: np.ndarray,
    cal_reports: Sequence[Any],
    calibration_set: str | None,
    workers: int,
    data_dirs: Mapping[str, Path | None] | None,
) -> tuple[UnfamiliarCalibration | None, dict[str, Any]]:
    """The unfamiliar-code blend, fitted on the held-out runs and a program set's dev half."""
    classes = model.class_head.classes
    probs, signals, labels = [cal_probs], [cal_signals], [cal_labels]
    f_index, f_weight = _finding_columns(model, cal_reports)
    findings = [(f_index, f_weight)]
    foreign = np.zeros(len(cal_labels), dtype=bool)
    if calibration_set is not None:
        records, queries = calibration_queries(calibration_set, data_dirs=data_dirs)
        if records:
            reports = analyze_many(queries, workers=workers)
            inputs = model.featurizer.prepare(queries, reports=reports)
            p, _ = model.class_probabilities(inputs, queries, bias=False, unfamiliar=False)
            index = {c: i for i, c in enumerate(classes)}
            other = index.get(OTHER, len(classes) - 1)
            y = [index.get(outcome_label(raw_label(r), False, model.vocab), other) for r in records]
            probs.append(p)
            signals.append(inputs.unfamiliar)
            labels.append(np.asarray(y))
            findings.append(_finding_columns(model, reports))
            foreign = np.concatenate([foreign, np.ones(len(records), dtype=bool)])
    if CLEAN not in classes or not foreign.any():
        return None, {"rows": int(len(cal_labels)), "fitted": False}
    calibration, report = UnfamiliarCalibration.fit(
        classes,
        CLEAN,
        np.vstack(probs),
        np.vstack(signals),
        np.concatenate(labels),
        finding_class=np.concatenate([f[0] for f in findings]),
        finding_weight=np.concatenate([f[1] for f in findings]),
        unfamiliar_rows=foreign,
    )
    report["calibration_set"] = calibration_set
    return calibration, report


__all__ = ["calibration_queries", "fit_unfamiliar", "raw_label", "softmax"]
