"""What the fast model is fitted on: one corpus split read, analysed and labelled once.

`TrainingSet.read` takes the split's records (without the tasks left out and
the runs the harness broke), finds each one's parent in the whole corpus (an
agent holds its parent's real outcome), builds the query a caller would send
for it against its task's data folder and analyses every program statically.
The set then holds, row by row, what every head learns from: the outcome
label (and the coarser one the class head predicts), runtime, metric, task,
run and stage, and the split of whole runs into a fitting part and a
held-out part.

The statistics that summarise other records are computed as they would be
for a new program: `leave_run_out_stats` gives each record its task's
statistics without its own run.

This module owns reading and labelling; training/fast.py owns what is fitted.
"""

from __future__ import annotations

import math
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from mleworld.errors import MleWorldError
from mleworld.tasks.suite import suite_data_dir
from mleworld.training.fast_unfamiliar import raw_label
from mleworld.world.fast.batch import analyze_many, query_facts
from mleworld.world.fast.features import TaskStats
from mleworld.world.fast.model import outcome_label
from mleworld.world.inputs import query_for_record
from mleworld.world.prediction import Query
from mleworld.world.vocab import CLEAN, OTHER, TIMEOUT, Vocab

MIN_RECORDS = 20
CAL_SHARE = 0.2
DataDirs = str | Mapping[str, Path] | Callable[[str], Path | None] | None


@dataclass
class TrainingSet:
    """One corpus split, row by row: records, queries, static analysis and labels."""

    records: list[Any]
    queries: list[Query]
    folders: dict[str, Path | None]  # task -> the data folder its programs read (or None)
    facts: list[Any]
    reports: list[Any]
    vocab: Vocab
    labels: list[str]  # the outcome class of each run, in the vocabulary
    head_classes: list[str]  # the classes the class head predicts (rare ones -> OTHER)
    head_labels: list[str]
    log_runtime: np.ndarray
    metrics: list[float | None]
    fit_rows: np.ndarray
    cal_rows: np.ndarray

    @classmethod
    def read(
        cls,
        corpus: Any,
        *,
        split: str | None,
        exclude_tasks: Sequence[str],
        data_dirs: DataDirs,
        min_class_count: int,
        seed: int,
        workers: int,
        timings: dict[str, float],
    ) -> TrainingSet:
        """The split of `corpus`, analysed with `workers` processes; adds read_s and static_s."""
        started = time.perf_counter()
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
            by_node.get((r.task_id, r.run_id, r.parent_id)) if r.parent_id else None
            for r in records
        ]
        resolve = _resolver(data_dirs)
        folders: dict[str, Path | None] = {}
        for task in sorted({r.task_id for r in records}):
            folder = resolve(task)
            folders[task] = Path(folder) if folder is not None and Path(folder).is_dir() else None
        queries = [
            query_for_record(r, parent=p, data_dir=folders[r.task_id])
            for r, p in zip(records, parents, strict=True)
        ]
        timings["read_s"] = time.perf_counter() - started

        began = time.perf_counter()
        facts = [query_facts(q) for q in queries]
        reports = analyze_many(queries, workers=workers)
        timings["static_s"] = time.perf_counter() - began

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
        runs = [f"{r.task_id}/{r.run_id}" for r in records]
        fit_rows, cal_rows = split_runs(runs, seed)
        return cls(
            records=records,
            queries=queries,
            folders=folders,
            facts=facts,
            reports=reports,
            vocab=vocab,
            labels=labels,
            head_classes=head_classes,
            head_labels=[lbl if lbl in head_classes else OTHER for lbl in labels],
            log_runtime=np.log1p([max(float(r.runtime_s), 0.0) for r in records]),
            metrics=[
                float(r.y.metric) if r.y.metric is not None and math.isfinite(r.y.metric) else None
                for r in records
            ],
            fit_rows=fit_rows,
            cal_rows=cal_rows,
        )

    @cached_property
    def tasks(self) -> list[str]:
        return [r.task_id for r in self.records]

    @cached_property
    def runs(self) -> list[str]:
        return [f"{r.task_id}/{r.run_id}" for r in self.records]

    @cached_property
    def stages(self) -> list[str]:
        return [r.stage for r in self.records]

    @cached_property
    def ids(self) -> list[str]:
        return [r.id for r in self.records]

    @cached_property
    def limits(self) -> np.ndarray:
        """Each query's time limit in seconds."""
        return np.array([float(q.x.time_limit_s) for q in self.queries])

    @cached_property
    def timed_out(self) -> np.ndarray:
        return np.array([lbl == TIMEOUT for lbl in self.labels])

    @cached_property
    def crashed(self) -> np.ndarray:
        return np.array([lbl not in (CLEAN, TIMEOUT) for lbl in self.labels])

    @cached_property
    def y(self) -> np.ndarray:
        """Each row's class head label as an index into `head_classes`."""
        index = {c: i for i, c in enumerate(self.head_classes)}
        return np.array([index[lbl] for lbl in self.head_labels])

    def held_out_majority(self) -> float | None:
        """Accuracy on the held-out runs of the fitting part's most common class per task and stage."""
        if not len(self.cal_rows):
            return None
        labels, tasks, stages = self.labels, self.tasks, self.stages
        groups: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
        overall: Counter[str] = Counter()
        for i in self.fit_rows:
            groups[(tasks[i], stages[i])][labels[i]] += 1
            overall[labels[i]] += 1
        hits = 0
        for i in self.cal_rows:
            counter = groups.get((tasks[i], stages[i])) or overall
            hits += counter.most_common(1)[0][0] == labels[i]
        return hits / len(self.cal_rows)


def split_runs(runs: Sequence[str], seed: int) -> tuple[np.ndarray, np.ndarray]:
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


def leave_run_out_stats(
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


def metric_by_name(
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


__all__ = [
    "CAL_SHARE",
    "MIN_RECORDS",
    "DataDirs",
    "TrainingSet",
    "leave_run_out_stats",
    "metric_by_name",
    "split_runs",
]
