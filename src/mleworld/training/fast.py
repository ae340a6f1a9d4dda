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
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from mleworld.errors import MleWorldError
from mleworld.tasks.suite import suite_data_dir
from mleworld.training.fast_unfamiliar import fit_unfamiliar, raw_label, softmax
from mleworld.world.fast.batch import STATIC_FAILED, Featurizer, analyze_many, query_facts
from mleworld.world.fast.code import primary_family
from mleworld.world.fast.edits import EditHead
from mleworld.world.fast.features import FeatureSpec, TaskStats
from mleworld.world.fast.heads import (
    ClassHead,
    MetricHead,
    RuntimeHead,
    SubmissionHead,
    with_runtime,
)
from mleworld.world.fast.model import FastWorldModel, outcome_code, outcome_label
from mleworld.world.fast.neighbours import NeighbourPool
from mleworld.world.fast.tfidf import CodeTfidf
from mleworld.world.fast.unfamiliar import Familiarity
from mleworld.world.inputs import query_for_record
from mleworld.world.prediction import Query
from mleworld.world.vocab import CLEAN, OTHER, TIMEOUT, Vocab

MIN_RECORDS = 20
MIN_CLASS_COUNT = 5
CAL_SHARE = 0.2
CALIBRATION_SET = "foreign"  # the shipped set of programs other hands wrote (its dev half)
DataDirs = str | Mapping[str, Path] | Callable[[str], Path | None] | None


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


def _resolver(data_dirs: DataDirs) -> Callable[[str], Path | None]:
    if data_dirs is None:
        return lambda task: None
    if data_dirs == "suite":
        return suite_data_dir
    if isinstance(data_dirs, str):
        raise MleWorldError(f"data_dirs {data_dirs!r} is not 'suite', a mapping or None")
    if isinstance(data_dirs, Mapping):
        folders = {str(k): Path(v) for k, v in data_dirs.items()}
        return folders.get
    return data_dirs


def _open(corpus: Any) -> Any:
    from mleworld.corpus.store import Corpus

    if isinstance(corpus, Corpus):
        return corpus
    from mleworld.corpus.default import resolve_corpus

    return resolve_corpus(str(corpus))


def _split_runs(runs: Sequence[str], seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Row indices of the fitting part and the held-out part, whole runs to one side."""
    unique = sorted(set(runs))
    rng = np.random.default_rng(seed)
    n = len(runs)
    if len(unique) >= 5:
        order = rng.permutation(len(unique))
        n_cal = max(1, round(CAL_SHARE * len(unique)))
        held = {unique[i] for i in order[:n_cal]}
        cal = np.array([i for i, r in enumerate(runs) if r in held], dtype=np.int64)
    else:
        cal = np.sort(rng.permutation(n)[: max(1, round(CAL_SHARE * n))])
    mask = np.zeros(n, dtype=bool)
    mask[cal] = True
    return np.flatnonzero(~mask), np.flatnonzero(mask)


def _leave_run_out_stats(
    tasks: Sequence[str],
    runs: Sequence[str],
    labels: Sequence[str],
    stages: Sequence[str],
    log_runtime: np.ndarray,
    metrics: Sequence[float | None],
    families: Sequence[str],
) -> tuple[list[TaskStats | None], dict[str, TaskStats]]:
    """Per record: its task's statistics without its own run. Also the full statistics per task."""
    by_task: dict[str, list[int]] = defaultdict(list)
    for i, task in enumerate(tasks):
        by_task[task].append(i)

    def stats_of(rows: Sequence[int]) -> TaskStats:
        return TaskStats.from_outcomes(
            [labels[i] for i in rows],
            [stages[i] for i in rows],
            [float(log_runtime[i]) for i in rows],
            [metrics[i] for i in rows],
            [families[i] for i in rows],
        )

    full = {task: stats_of(rows) for task, rows in by_task.items()}
    out: list[TaskStats | None] = [None] * len(tasks)
    for rows in by_task.values():
        by_run: dict[str, list[int]] = defaultdict(list)
        for i in rows:
            by_run[runs[i]].append(i)
        for run, own in by_run.items():
            others = [i for i in rows if runs[i] != run]
            leave_out = stats_of(others) if others else None
            for i in own:
                out[i] = leave_out
    return out, full


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
    probs = np.exp(cal_raw - cal_raw.max(axis=1, keepdims=True))
    probs /= probs.sum(axis=1, keepdims=True)
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
        loss = float(-np.mean(np.log(np.clip(mixed[np.arange(len(y)), y], 1e-12, None))))
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
) -> dict[str, Any]:
    """Train a fast world model on a corpus split, save it to `out`; a report of what was learned.

    `corpus`: a Corpus, a corpus directory, or `default`. `data_dirs`: where each
    task's programs read ./input/ from, so static analysis checks files and
    columns as it will at prediction time: `"suite"` (bundled suite tasks,
    prepared once), a task -> folder mapping, a callable, or None (no data).
    `workers`: processes for static analysis (default: the CPU count, at most 4);
    `threads`: LightGBM threads (1 is fastest for corpora this size).
    `calibration_set`: a program set (`foreign`, or a folder) whose dev half,
    code written by other hands, calibrates the class distribution on
    unfamiliar programs together with the held-out runs (None: held-out runs
    only). `exclude_tasks`: tasks left out of training entirely (leave-task-out).
    """
    started = time.perf_counter()
    if workers is None:
        workers = min(4, os.cpu_count() or 1)
    corpus = _open(corpus)
    if split not in ("train", "holdout", None):
        raise MleWorldError(f"split {split!r} is not one of train, holdout (or None for all)")
    timings: dict[str, float] = {}
    all_records = [r for r in corpus.iter_records() if not r.harness_error]
    holdout = corpus.holdout()

    def in_split(record: Any) -> bool:
        held = record.id in holdout.get(record.task_id, ())
        return split is None or held == (split == "holdout")

    left_out = set(exclude_tasks)
    records = [r for r in all_records if in_split(r) and r.task_id not in left_out]
    if len(records) < MIN_RECORDS:
        raise MleWorldError(
            f"corpus {corpus.path} has {len(records)} usable {split or 'all'} records; "
            f"the fast model needs at least {MIN_RECORDS} (synthesize or ingest more runs)"
        )
    by_node = {(r.task_id, r.run_id, r.node_id): r for r in all_records}
    parents = [
        by_node.get((r.task_id, r.run_id, r.parent_id)) if r.parent_id else None for r in records
    ]
    resolve = _resolver(data_dirs)
    folders: dict[str, Path | None] = {}
    for task in sorted({r.task_id for r in records}):
        folder = resolve(task)
        folders[task] = Path(folder) if folder is not None and Path(folder).is_dir() else None
    queries: list[Query] = [
        query_for_record(r, parent=p, data_dir=folders[r.task_id])
        for r, p in zip(records, parents, strict=True)
    ]
    timings["read_s"] = time.perf_counter() - started

    began = time.perf_counter()
    facts = [query_facts(q) for q in queries]
    reports = analyze_many(queries, workers=workers)
    timings["static_s"] = time.perf_counter() - began

    began = time.perf_counter()
    raw_labels = [raw_label(r) for r in records]
    vocab = Vocab.build(raw_labels)
    labels = [outcome_label(lbl, False, vocab) for lbl in raw_labels]
    counts = Counter(labels)
    head_classes = [
        c
        for c in vocab.classes
        if c != OTHER and (counts[c] >= min_class_count or (c == CLEAN and counts[c]))
    ]
    head_classes.append(OTHER)
    head_labels = [lbl if lbl in head_classes else OTHER for lbl in labels]

    tasks = [r.task_id for r in records]
    runs = [f"{r.task_id}/{r.run_id}" for r in records]
    stages = [r.stage for r in records]
    log_runtime = np.log1p([max(float(r.runtime_s), 0.0) for r in records])
    metrics = [
        float(r.y.metric) if r.y.metric is not None and math.isfinite(r.y.metric) else None
        for r in records
    ]
    families = [primary_family(f.facts) for f in facts]
    loo_stats, full_stats = _leave_run_out_stats(
        tasks, runs, labels, stages, log_runtime, metrics, families
    )
    metric_by_name = _metric_by_name(facts, tasks, full_stats)

    tfidf = CodeTfidf.fit(f.tokens for f in facts)
    vectors = tfidf.transform([f.tokens for f in facts])
    pool = NeighbourPool(
        vectors,
        tasks,
        [r.id for r in records],
        np.array([outcome_code(c) for c in labels]),
        log_runtime,
        np.array([math.nan if m is None else m for m in metrics]),
    )
    spec = FeatureSpec.fit(reports)
    familiarity = Familiarity.from_vocabulary(
        tfidf.vocabulary, {m for f in facts for m in f.imports}
    )
    featurizer = Featurizer(spec, tfidf, pool, full_stats, metric_by_name, familiarity=familiarity)
    inputs = featurizer.prepare(
        queries,
        facts=facts,
        reports=reports,
        stats=loo_stats,
        exclude_ids=[r.id for r in records],
    )
    timings["features_s"] = time.perf_counter() - began

    began = time.perf_counter()
    fit_rows, cal_rows = _split_runs(runs, seed)
    X = inputs.X
    timed_out = np.array([lbl == TIMEOUT for lbl in labels])
    crashed = np.array([lbl not in (CLEAN, TIMEOUT) for lbl in labels])
    runtime_head, runtime_report, _ = RuntimeHead.fit(
        X, log_runtime, timed_out, crashed, fit_rows, cal_rows, seed=seed, threads=threads
    )
    limits = np.array([float(q.x.time_limit_s) for q in queries])
    oof_runtime = RuntimeHead.out_of_fold(
        X, log_runtime, timed_out, crashed, runs, seed=seed, threads=threads
    )
    X_class = with_runtime(X, oof_runtime, limits)
    class_head, class_report, cal_raw = ClassHead.fit(
        X_class, head_labels, head_classes, fit_rows, cal_rows, seed=seed, threads=threads
    )
    class_index = {c: i for i, c in enumerate(head_classes)}
    y = np.array([class_index[lbl] for lbl in head_labels])
    mix, mix_losses = (1.0, {})
    if cal_raw is not None:
        mix, mix_losses = _timeout_mix(
            head_classes,
            cal_raw,
            oof_runtime[cal_rows],
            limits[cal_rows],
            y[cal_rows],
            runtime_head,
        )

    has_metric = np.array([m is not None for m in metrics]) & np.isfinite(inputs.anchor)
    metric_rows = np.flatnonzero(has_metric)
    observed = np.array([metrics[i] for i in metric_rows], dtype=np.float64)
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
        inputs, metric_rows, observed, fit_rows, cal_rows, tasks, seed, threads
    )
    outcomes = [
        "clean" if lbl == CLEAN else "timeout" if lbl == TIMEOUT else "crash" for lbl in labels
    ]
    submission_head, submission_report = SubmissionHead.fit(
        outcomes,
        [getattr(report, "writes_submission", None) for report in reports],
        np.array([bool(r.y.submission) for r in records]),
    )
    detectors = _detector_precision(reports, labels, vocab)
    timings["heads_s"] = time.perf_counter() - began

    meta = {
        "corpus": str(corpus.path),
        "calibration_set": calibration_set,
        "exclude_tasks": sorted(left_out),
        "corpus_id": corpus_fingerprint(corpus),
        "split": split,
        "seed": seed,
        "records": len(records),
        "tasks": dict(sorted(Counter(tasks).items())),
        "trained_at": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "data_dirs": {t: (str(f) if f else None) for t, f in sorted(folders.items())},
    }
    model = FastWorldModel(
        vocab=vocab,
        featurizer=featurizer,
        class_head=class_head,
        runtime_head=runtime_head,
        metric_head=metric_head,
        edit_head=edit_head,
        submission_head=submission_head,
        timeout_mix=mix,
        detectors=detectors,
        meta=meta,
    )
    began = time.perf_counter()
    unfamiliar_report: dict[str, Any] = {}
    if cal_raw is not None and len(cal_rows):
        cal_probs = model.mix_timeout(
            softmax(cal_raw), runtime_head.p_over(oof_runtime[cal_rows], limits[cal_rows])
        )
        model.unfamiliar, unfamiliar_report = fit_unfamiliar(
            model,
            cal_probs,
            inputs.unfamiliar[cal_rows],
            y[cal_rows],
            [reports[i] for i in cal_rows],
            calibration_set,
            workers,
            # The calibration programs read the data folders training read (and the
            # tasks the set ships); a model trained without data is calibrated without it.
            data_dirs=folders if any(f is not None for f in folders.values()) else None,
        )
    timings["unfamiliar_s"] = time.perf_counter() - began
    target = model.save(Path(out))
    timings["total_s"] = time.perf_counter() - started
    majority = _cal_majority(labels, stages, tasks, fit_rows, cal_rows)
    return {
        "out": str(target),
        **meta,
        "classes": head_classes,
        "class_counts": dict(counts.most_common()),
        "vocab_size": len(vocab),
        "features": len(spec.names),
        "static_signals": spec.signals,
        "finding_classes": spec.finding_classes,
        "static_failures": sum(
            1 for r in reports if (getattr(r, "signals", None) or {}).get(STATIC_FAILED)
        ),
        "fit_records": int(len(fit_rows)),
        "heldout_records": int(len(cal_rows)),
        "heads": {
            "class": class_report,
            "runtime": runtime_report,
            "metric": metric_report,
            "edit": edit_report,
            "submission": submission_report,
        },
        "timeout_mix": mix,
        "timeout_mix_losses": mix_losses,
        "unfamiliar": unfamiliar_report,
        "heldout_majority_accuracy": majority,
        "detectors": detectors,
        "timings": {k: round(v, 3) for k, v in timings.items()},
    }


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


def _metric_by_name(
    facts: Sequence[Any], tasks: Sequence[str], stats: Mapping[str, TaskStats]
) -> dict[str, float]:
    """The median over tasks of each task's median metric, per metric name (for unseen tasks)."""
    names: dict[str, str] = {}
    for f, task in zip(facts, tasks, strict=True):
        if f.metric_name:
            names[task] = f.metric_name
    medians: dict[str, list[float]] = defaultdict(list)
    for task, name in names.items():
        value = stats[task].metric_median
        if math.isfinite(value):
            medians[name].append(value)
    return {name: float(np.median(values)) for name, values in sorted(medians.items())}


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


def _cal_majority(
    labels: Sequence[str],
    stages: Sequence[str],
    tasks: Sequence[str],
    fit_rows: np.ndarray,
    cal_rows: np.ndarray,
) -> float | None:
    """Accuracy on the held-out runs of the fitting part's most common class per task and stage."""
    if not len(cal_rows):
        return None
    groups: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    overall: Counter[str] = Counter()
    for i in fit_rows:
        groups[(tasks[i], stages[i])][labels[i]] += 1
        overall[labels[i]] += 1
    hits = 0
    for i in cal_rows:
        counter = groups.get((tasks[i], stages[i])) or overall
        hits += counter.most_common(1)[0][0] == labels[i]
    return hits / len(cal_rows)
