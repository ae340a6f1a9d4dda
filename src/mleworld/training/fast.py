"""Train the fast world model (`mleworld.world.fast`) from a corpus split.

`train_fast(corpus, out)` reads the split's records (and their parents from
the whole corpus: an agent holds its parent's real outcome), analyses every
program statically against its task's data, fits the TF-IDF vocabulary and
the neighbour pool, and fits the four heads. Features that summarise other
records are computed as they would be for a new program: a record never
sees its own program among its neighbours, and its task statistics leave
out its own run. The runs are split 80/20 into a fitting part and a
held-out part, which picks each head's number of rounds and calibrates it
(class temperature, runtime spread, metric shrinkage, timeout mix); the
heads are then refitted on everything. The model directory is written
atomically and the report says what was learned and how it did on the
held-out runs.

This module owns the training procedure; the model's parts and format are
world/fast's.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import math
import os
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from mleworld.errors import MleWorldError
from mleworld.training.fast_data import (
    DataDirs,
    TrainingSet,
    leave_run_out_stats,
    metric_by_name,
)
from mleworld.training.fast_task_folds import task_fold_calibration_rows
from mleworld.training.fast_unfamiliar import CalibrationRows, fit_unfamiliar
from mleworld.world.fast.batch import STATIC_FAILED, Featurizer
from mleworld.world.fast.code import primary_family
from mleworld.world.fast.edits import EditHead
from mleworld.world.fast.features import FeatureSpec, task_metric
from mleworld.world.fast.heads import (
    ClassHead,
    MetricHead,
    RuntimeHead,
    SubmissionHead,
    with_runtime,
)
from mleworld.world.fast.lgbm import nll, softmax
from mleworld.world.fast.model import FastWorldModel, outcome_code
from mleworld.world.fast.neighbours import NeighbourPool
from mleworld.world.fast.other_writers import Runs, other_writers_runs
from mleworld.world.fast.tfidf import CodeTfidf
from mleworld.world.fast.unfamiliar import Familiarity
from mleworld.world.vocab import CLEAN, TIMEOUT, Vocab

MIN_CLASS_COUNT = 5
CALIBRATION_SET = "foreign"  # programs other hands wrote (its halves but test)


def corpus_fingerprint(corpus: Any) -> str:
    """12 hex digits naming a corpus' content: its shards and its holdout."""
    manifest = corpus.manifest
    content = {
        "shards": [
            (s.get("file"), s.get("rows"), s.get("bytes")) for s in manifest.get("shards", [])
        ],
        "holdout": {task: sorted(ids) for task, ids in sorted(corpus.holdout().items())},
    }
    return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()[:12]


def _open(corpus: Any) -> Any:
    from mleworld.corpus.store import Corpus

    if isinstance(corpus, Corpus):
        return corpus
    from mleworld.corpus.default import resolve_corpus

    return resolve_corpus(str(corpus))


def _timeout_mix(
    model_classes: Sequence[str],
    cal_raw: np.ndarray,
    cal_log_runtime: np.ndarray,
    limits: np.ndarray,
    y: np.ndarray,
    runtime: RuntimeHead,
) -> tuple[float, dict[str, float]]:
    """The weight of the class head's own timeout mass against the runtime head's, by held-out log loss."""
    if TIMEOUT not in model_classes or len(y) == 0:
        return 1.0, {}
    probs = softmax(cal_raw)
    p_over = runtime.p_over(cal_log_runtime, limits)
    t = list(model_classes).index(TIMEOUT)
    c = list(model_classes).index(CLEAN) if CLEAN in model_classes else None
    best = (math.inf, 1.0)
    losses: dict[str, float] = {}
    for w in np.linspace(0.0, 1.0, 11):
        finishing = probs[:, t] + (probs[:, c] if c is not None else 0.0)
        p_t = np.clip(w * probs[:, t] + (1 - w) * finishing * p_over, 1e-6, 1 - 1e-6)
        others = np.maximum(1.0 - probs[:, t], 1e-12)
        mixed = probs * ((1.0 - p_t) / others)[:, None]
        mixed[:, t] = p_t
        mixed /= mixed.sum(axis=1, keepdims=True)
        loss = nll(mixed, y)
        losses[f"{w:.1f}"] = loss
        if loss < best[0] - 1e-9:
            best = (loss, float(w))
    return best[1], losses


def train_fast(
    corpus: Any,
    out: str | os.PathLike[str],
    *,
    split: str | None = "train",
    seed: int = 0,
    data_dirs: DataDirs = "suite",
    threads: int = 1,
    workers: int | None = None,
    min_class_count: int = MIN_CLASS_COUNT,
    calibration_set: str | None = CALIBRATION_SET,
    exclude_tasks: Sequence[str] = (),
    task_folds: bool = True,
    calibration_rows: str | os.PathLike[str] | None = None,
) -> dict[str, Any]:
    """Train a fast world model on a corpus split, save it to `out`; a report of what was learned.

    `corpus`: a Corpus, a corpus directory, or `default`. `data_dirs`: where each
    task's programs read ./input/ from, so static analysis checks files and
    columns as it will at prediction time: `"suite"` (bundled suite tasks,
    prepared once), a task -> folder mapping, a callable, or None (no data).
    `workers`: processes for static analysis (default: the CPU count, at most 4);
    `threads`: LightGBM threads (1 is fastest for corpora this size).
    `calibration_set`: a program set (`foreign`, or a folder) whose halves but test,
    code written by other hands, calibrates the class distribution on
    unfamiliar programs together with the held-out runs (None: held-out runs
    only). `exclude_tasks`: tasks left out of training entirely (leave-task-out).
    `task_folds`: also calibrate on held-out runs of tasks an out-of-fold head
    never saw (fast_task_folds.py); only with a `calibration_set`.
    `calibration_rows`: a `.npz` path to keep the rows the calibration was
    fitted on (fast_unfamiliar.CalibrationRows), for refitting or cross-fitting.
    """
    started = time.perf_counter()
    if workers is None:
        workers = min(4, os.cpu_count() or 1)
    corpus = _open(corpus)
    if split not in ("train", "holdout", None):
        raise MleWorldError(f"split {split!r} is not one of train, holdout (or None for all)")
    timings: dict[str, float] = {}
    data = TrainingSet.read(
        corpus,
        split=split,
        exclude_tasks=exclude_tasks,
        data_dirs=data_dirs,
        min_class_count=min_class_count,
        seed=seed,
        workers=workers,
        timings=timings,
    )

    began = time.perf_counter()
    featurizer, inputs, spec = _featurise(data)
    if calibration_set is not None:
        featurizer.other_runs = _other_writers_runs(calibration_set, exclude_tasks)
    timings["features_s"] = time.perf_counter() - began

    began = time.perf_counter()
    heads = _fit_heads(data, inputs, spec, seed=seed, threads=threads)
    timings["heads_s"] = time.perf_counter() - began

    meta = {
        "corpus": str(corpus.path),
        "calibration_set": calibration_set,
        "exclude_tasks": sorted(set(exclude_tasks)),
        "task_folds": bool(task_folds and calibration_set is not None),
        "corpus_id": corpus_fingerprint(corpus),
        "split": split,
        "seed": seed,
        "records": len(data.records),
        "tasks": dict(sorted(Counter(data.tasks).items())),
        "trained_at": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "data_dirs": {t: (str(f) if f else None) for t, f in sorted(data.folders.items())},
    }
    detectors = _detector_precision(data.reports, data.labels, data.vocab)
    model = FastWorldModel(
        vocab=data.vocab,
        featurizer=featurizer,
        class_head=heads.class_head,
        runtime_head=heads.runtime_head,
        metric_head=heads.metric_head,
        edit_head=heads.edit_head,
        submission_head=heads.submission_head,
        timeout_mix=heads.timeout_mix,
        detectors=detectors,
        meta=meta,
    )
    began = time.perf_counter()
    unfamiliar_report: dict[str, Any] = {}
    if heads.cal_raw is not None and len(data.cal_rows):
        unfamiliar_report = _calibrate_unfamiliar(
            model,
            data,
            inputs,
            heads,
            calibration_set=calibration_set,
            task_folds=task_folds,
            calibration_rows=calibration_rows,
            seed=seed,
            threads=threads,
            workers=workers,
            timings=timings,
            began=began,
        )
    timings["unfamiliar_s"] = time.perf_counter() - began
    target = model.save(Path(out))
    timings["total_s"] = time.perf_counter() - started
    counts = Counter(data.labels)
    return {
        "out": str(target),
        **meta,
        "classes": data.head_classes,
        "class_counts": dict(counts.most_common()),
        "vocab_size": len(data.vocab),
        "features": len(spec.names),
        "static_signals": spec.signals,
        "finding_classes": spec.finding_classes,
        "static_failures": sum(
            1 for r in data.reports if (getattr(r, "signals", None) or {}).get(STATIC_FAILED)
        ),
        "fit_records": int(len(data.fit_rows)),
        "heldout_records": int(len(data.cal_rows)),
        "heads": heads.reports,
        "timeout_mix": heads.timeout_mix,
        "timeout_mix_losses": heads.timeout_mix_losses,
        "unfamiliar": unfamiliar_report,
        "heldout_majority_accuracy": data.held_out_majority(),
        "detectors": detectors,
        "timings": {k: round(v, 3) for k, v in timings.items()},
    }


def _other_writers_runs(calibration_set: str, exclude_tasks: Sequence[str]) -> Runs:
    """Per task, the calibration halves' clean runs and their metrics (other_writers.py)."""
    from mleworld.corpus.foreign import open_program_set
    from mleworld.world.inputs import query_for_record

    excluded = set(exclude_tasks)
    records = [
        r
        for r in open_program_set(calibration_set).calibration_records()
        if r.task_id not in excluded
    ]
    names = {r.task_id: task_metric(query_for_record(r))[0] for r in records}
    return other_writers_runs(records, names)


def _featurise(data: TrainingSet) -> tuple[Featurizer, Any, FeatureSpec]:
    """The featurizer fitted on the set, and every row featurised as a new program would be."""
    tasks, facts = data.tasks, data.facts
    families = [primary_family(f.facts) for f in facts]
    loo_stats, full_stats = leave_run_out_stats(
        tasks, data.runs, data.labels, data.stages, data.log_runtime, data.metrics, families
    )
    tfidf = CodeTfidf.fit(f.tokens for f in facts)
    pool = NeighbourPool(
        tfidf.transform([f.tokens for f in facts]),
        tasks,
        data.ids,
        np.array([outcome_code(c) for c in data.labels]),
        data.log_runtime,
        np.array([math.nan if m is None else m for m in data.metrics]),
    )
    spec = FeatureSpec.fit(data.reports)
    familiarity = Familiarity.from_vocabulary(
        tfidf.vocabulary, {m for f in facts for m in f.imports}
    )
    featurizer = Featurizer(
        spec,
        tfidf,
        pool,
        full_stats,
        metric_by_name(facts, tasks, full_stats),
        familiarity=familiarity,
    )
    inputs = featurizer.prepare(
        data.queries, facts=facts, reports=data.reports, stats=loo_stats, exclude_ids=data.ids
    )
    return featurizer, inputs, spec


@dataclass
class _Heads:
    """The fitted heads, what calibration needs from their fitting, and their reports."""

    runtime_head: RuntimeHead
    class_head: ClassHead
    metric_head: MetricHead
    edit_head: EditHead
    submission_head: SubmissionHead
    oof_runtime: np.ndarray  # out-of-fold log runtime per row (the class head's input)
    X_class: np.ndarray
    cal_raw: np.ndarray | None  # the class head's raw scores on the held-out rows
    timeout_mix: float
    timeout_mix_losses: dict[str, float]
    reports: dict[str, Any]


def _fit_heads(
    data: TrainingSet, inputs: Any, spec: FeatureSpec, *, seed: int, threads: int
) -> _Heads:
    fit_rows, cal_rows, X, limits = data.fit_rows, data.cal_rows, inputs.X, data.limits
    timed_out, crashed = data.timed_out, data.crashed
    runtime_head, runtime_report, _ = RuntimeHead.fit(
        X, data.log_runtime, timed_out, crashed, fit_rows, cal_rows, seed=seed, threads=threads
    )
    oof_runtime = RuntimeHead.out_of_fold(
        X, data.log_runtime, timed_out, crashed, data.runs, seed=seed, threads=threads
    )
    X_class = with_runtime(X, oof_runtime, limits)
    class_head, class_report, cal_raw = ClassHead.fit(
        X_class, data.head_labels, data.head_classes, fit_rows, cal_rows, seed=seed, threads=threads
    )
    mix, mix_losses = (1.0, {})
    if cal_raw is not None:
        mix, mix_losses = _timeout_mix(
            data.head_classes,
            cal_raw,
            oof_runtime[cal_rows],
            limits[cal_rows],
            data.y[cal_rows],
            runtime_head,
        )

    has_metric = np.array([m is not None for m in data.metrics]) & np.isfinite(inputs.anchor)
    metric_rows = np.flatnonzero(has_metric)
    observed = np.array([data.metrics[i] for i in metric_rows], dtype=np.float64)
    position = {r: i for i, r in enumerate(metric_rows)}
    metric_head, metric_report = MetricHead.fit(
        inputs.X_metric[metric_rows],
        (observed - inputs.anchor[metric_rows]) / inputs.scale[metric_rows],
        np.array([position[r] for r in fit_rows if r in position], dtype=np.int64),
        np.array([position[r] for r in cal_rows if r in position], dtype=np.int64),
        inputs.anchor[metric_rows],
        inputs.scale[metric_rows],
        observed,
        names=spec.names,
        seed=seed,
        threads=threads,
    )
    edit_head, edit_report = _fit_edit_head(
        inputs, metric_rows, observed, fit_rows, cal_rows, data.tasks, seed, threads
    )
    outcomes = [
        "clean" if lbl == CLEAN else "timeout" if lbl == TIMEOUT else "crash" for lbl in data.labels
    ]
    submission_head, submission_report = SubmissionHead.fit(
        outcomes,
        [getattr(report, "writes_submission", None) for report in data.reports],
        np.array([bool(r.y.submission) for r in data.records]),
    )
    return _Heads(
        runtime_head=runtime_head,
        class_head=class_head,
        metric_head=metric_head,
        edit_head=edit_head,
        submission_head=submission_head,
        oof_runtime=oof_runtime,
        X_class=X_class,
        cal_raw=cal_raw,
        timeout_mix=mix,
        timeout_mix_losses=mix_losses,
        reports={
            "class": class_report,
            "runtime": runtime_report,
            "metric": metric_report,
            "edit": edit_report,
            "submission": submission_report,
        },
    )


def _calibrate_unfamiliar(
    model: FastWorldModel,
    data: TrainingSet,
    inputs: Any,
    heads: _Heads,
    *,
    calibration_set: str | None,
    task_folds: bool,
    calibration_rows: str | os.PathLike[str] | None,
    seed: int,
    threads: int,
    workers: int,
    timings: dict[str, float],
    began: float,
) -> dict[str, Any]:
    """Fit the model's calibration on unfamiliar programs (fast_unfamiliar.py); its report."""
    cal_rows, limits = data.cal_rows, data.limits
    assert heads.cal_raw is not None
    cal_probs = model.mix_timeout(
        softmax(heads.cal_raw),
        heads.runtime_head.p_over(heads.oof_runtime[cal_rows], limits[cal_rows]),
    )
    ids, y = data.ids, data.y
    parts = [
        CalibrationRows.of(
            model,
            cal_probs,
            inputs.unfamiliar[cal_rows],
            y[cal_rows],
            [data.reports[i] for i in cal_rows],
            "heldout",
            [ids[i] for i in cal_rows],
        )
    ]
    groups: list[list[str]] = []
    if task_folds and calibration_set is not None:
        fold_rows, groups = task_fold_calibration_rows(
            model,
            queries=data.queries,
            facts=data.facts,
            reports=data.reports,
            ids=ids,
            X_class=heads.X_class,
            y=y,
            fit_rows=data.fit_rows,
            cal_rows=cal_rows,
            rounds=int(heads.reports["class"].get("rounds") or 1),
            seed=seed,
            threads=threads,
        )
        parts.append(fold_rows)
    timings["task_folds_s"] = time.perf_counter() - began
    folders = data.folders
    model.unfamiliar, report, fitted_rows = fit_unfamiliar(
        model,
        parts,
        calibration_set,
        workers,
        # The calibration programs read the data folders training read (and the
        # tasks the set ships); a model trained without data is calibrated without it.
        data_dirs=folders if any(f is not None for f in folders.values()) else None,
    )
    report["task_groups"] = groups
    if calibration_rows is not None:
        fitted_rows.save(Path(calibration_rows))
    return report


def _fit_edit_head(
    inputs: Any,
    metric_rows: np.ndarray,
    observed: np.ndarray,
    fit_rows: np.ndarray,
    cal_rows: np.ndarray,
    tasks: Sequence[str],
    seed: int,
    threads: int,
) -> tuple[EditHead, dict[str, Any]]:
    """The edit head on the rows anchored on a parent's metric (world/fast/edits.py)."""
    on_parent = MetricHead.groups(inputs.X_metric[metric_rows])
    rows = metric_rows[on_parent]
    position = {r: i for i, r in enumerate(rows)}
    anchor, scale, direction = inputs.anchor[rows], inputs.scale[rows], inputs.direction[rows]
    gain = direction * (observed[on_parent] - anchor) / scale
    return EditHead.fit(
        inputs.X_edit[rows],
        gain,
        direction,
        scale,
        fit_rows=np.array([position[r] for r in fit_rows if r in position], dtype=np.int64),
        cal_rows=np.array([position[r] for r in cal_rows if r in position], dtype=np.int64),
        anchor=anchor,
        groups=[tasks[r] for r in rows],
        seed=seed,
        threads=threads,
    )


def _detector_precision(
    reports: Sequence[Any], labels: Sequence[str], vocab: Vocab
) -> dict[str, list[float]]:
    """Per detector: [runs whose class its first fatal finding named, runs it fired on]."""
    tally: dict[str, list[float]] = {}
    for report, label in zip(reports, labels, strict=True):
        first = getattr(report, "first_fatal", None)
        if first is None:
            continue
        hits_n = tally.setdefault(str(getattr(first, "detector", "")), [0.0, 0.0])
        hits_n[0] += float(vocab.normalize(first.exc_type) == label)
        hits_n[1] += 1.0
    return dict(sorted(tally.items()))
