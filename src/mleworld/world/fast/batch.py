"""From a batch of queries to the matrices the heads read.

`Featurizer` holds the parts fitted on the training corpus that features need
(the feature spec, the TF-IDF vocabulary, the neighbour pool, per-task
statistics, metric medians by metric name) and turns queries into `Inputs`:
the static reports, the feature matrix, the metric head's matrix, and each
query's metric anchor and scale. Training uses the same path, passing its
leave-out statistics, so a training row and an inference row are built by
the same code.

This module owns that pipeline and the static-analysis call; the columns are
features.py's, the anchor arithmetic anchor.py's, the child-minus-parent
columns edits.py's.
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, is_dataclass
from pathlib import Path
from typing import Any

import numpy as np
import scipy.sparse as sp

from mleworld.world.fast.anchor import metric_anchor
from mleworld.world.fast.code import (
    code_facts,
    code_tokens,
    imported_modules,
    primary_family,
    strip_comments,
)
from mleworld.world.fast.edits import edit_inputs
from mleworld.world.fast.features import FeatureSpec, QueryFacts, TaskStats, featurize, task_metric
from mleworld.world.fast.neighbours import NEAR_COPY_SIM, NeighbourPool
from mleworld.world.fast.other_writers import Runs, lean, median_of
from mleworld.world.fast.references import reference_score, task_references
from mleworld.world.fast.tfidf import CodeTfidf
from mleworld.world.fast.unfamiliar import SIGNALS, Familiarity, nearest_similarity
from mleworld.world.prediction import Query

_UNSEEN = SIGNALS.index("tokens_unseen")
_REPORT_CACHE = 8192  # static reports kept per process (a few KB each)


def query_facts(query: Query) -> QueryFacts:
    """The program-text facts of one query (works on programs that do not parse)."""
    stripped = strip_comments(query.x.program)
    tokens = code_tokens(stripped)
    metric, lower = task_metric(query)
    return QueryFacts(
        stripped=stripped,
        tokens=tokens,
        imports=imported_modules(stripped),
        facts=code_facts(stripped, tokens),
        metric_name=metric,
        lower_is_better=lower,
    )


_REPORTS: OrderedDict[tuple[str, str, int], Any] = OrderedDict()
_REPORTS_LOCK = threading.Lock()  # an agent may predict from several threads
STATIC_FAILED = "static_failed"  # the signal of a report whose analysis failed on the way


def _folder_stamp(folder: Path | None) -> int:
    """The folder's mtime: a file added, removed or renamed in it makes cached reports stale."""
    if folder is None:
        return 0
    try:
        return os.stat(folder).st_mtime_ns
    except OSError:
        return -1


def analyze(query: Query) -> Any:
    """The static report of a query's program against its data folder (cached per process)."""
    folder = Path(query.data_dir) if query.data_dir is not None else None
    key = (query.x.program, str(folder or ""), _folder_stamp(folder))
    with _REPORTS_LOCK:
        report = _REPORTS.get(key)
        if report is not None:
            _REPORTS.move_to_end(key)
            return report
    report = _analyze_job((query.x.program, str(folder or "")))
    _remember({key: report})
    return report


def _remember(reports: Mapping[tuple[str, str, int], Any]) -> None:
    with _REPORTS_LOCK:
        _REPORTS.update(reports)
        while len(_REPORTS) > _REPORT_CACHE:
            _REPORTS.popitem(last=False)


def analyze_many(queries: Sequence[Query], workers: int = 1) -> list[Any]:
    """Static reports of many queries, in order; `workers` > 1 analyses in that many processes."""
    reports: list[Any] = [None] * len(queries)
    todo: dict[tuple[str, str], list[int]] = {}
    for i, query in enumerate(queries):
        folder = Path(query.data_dir) if query.data_dir is not None else None
        key = (query.x.program, str(folder or ""), _folder_stamp(folder))
        with _REPORTS_LOCK:
            cached = _REPORTS.get(key)
        if cached is not None:
            reports[i] = cached
        else:
            todo.setdefault(key[:2], []).append(i)
    jobs = [(program, folder) for program, folder in todo]
    # Below a few hundred programs, starting processes costs more than it saves.
    if workers > 1 and len(jobs) > 200:
        import concurrent.futures
        import multiprocessing

        # Fresh interpreters, not forks: a fork of a process whose OpenMP pool has run
        # (LightGBM, scikit-learn) can hang in the child's first parallel region, and static
        # analysis fits the program's estimators and boosters on small data.
        context = multiprocessing.get_context("spawn")
        with concurrent.futures.ProcessPoolExecutor(
            workers, mp_context=context, initializer=_one_thread
        ) as pool:
            results = list(pool.map(_analyze_job, jobs, chunksize=16))
    else:
        results = [_analyze_job(job) for job in jobs]
    fresh = {}
    for (program, folder), report in zip(jobs, results, strict=True):
        fresh[(program, folder, _folder_stamp(Path(folder) if folder else None))] = report
        for i in todo[(program, folder)]:
            reports[i] = report
    _remember(fresh)
    return reports


def _one_thread() -> None:
    """A worker's numeric libraries run one thread each: the workers already use the cores,
    and the trial fits are small (OpenMP's default of a thread per core, in every worker,
    made each analysis several times slower than in the parent)."""
    for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[name] = "1"


def _analyze_job(job: tuple[str, str]) -> Any:
    """One static report; an analyzer failure on odd code gives an empty report, flagged, not a crash."""
    from mleworld.world.static import analyze as static_analyze
    from mleworld.world.static.report import StaticReport

    program, folder = job
    try:
        report = static_analyze(program, Path(folder) if folder else None)
    except Exception:  # a bug in one detector must not take a prediction or a training down
        return StaticReport(findings=[], writes_submission=None, signals={STATIC_FAILED: 1.0})
    if report.failure is not None:  # the walk stopped at a failing step: what it found stands
        report.signals[STATIC_FAILED] = 1.0
    return report


def finding_dict(finding: Any) -> dict[str, Any]:
    """A static finding as plain data (the evidence a prediction carries)."""
    if hasattr(finding, "to_dict"):
        return dict(finding.to_dict())
    if is_dataclass(finding) and not isinstance(finding, type):
        return asdict(finding)
    names = ("exc_type", "message", "line", "detector", "evidence", "confidence", "fatal")
    return {k: getattr(finding, k, None) for k in names}


@dataclass
class Inputs:
    """Everything the heads read for one batch, row i for query i."""

    facts: list[QueryFacts]
    reports: list[Any]
    vectors: sp.csr_matrix
    neighbours: np.ndarray
    X: np.ndarray
    X_metric: np.ndarray
    anchor: np.ndarray  # NaN where nothing anchors a metric
    scale: np.ndarray
    seconds: np.ndarray  # per-query time spent on it alone (facts, static analysis)
    unfamiliar: np.ndarray  # (n, len(unfamiliar.SIGNALS)): how unlike the training corpus
    X_edit: np.ndarray  # (n, len(edits.EDIT_NAMES)): child minus parent; NaN rows without one
    direction: np.ndarray  # +1 where a higher metric is better, -1 where lower is


class Featurizer:
    """The fitted parts features need, and the batch pipeline over them."""

    def __init__(
        self,
        spec: FeatureSpec,
        tfidf: CodeTfidf,
        pool: NeighbourPool,
        task_stats: Mapping[str, TaskStats],
        metric_by_name: Mapping[str, float],
        n_neighbours: int = 5,
        near_copy_sim: float | None = NEAR_COPY_SIM,
        familiarity: Familiarity | None = None,
        other_runs: Runs | None = None,
    ) -> None:
        self.spec = spec
        self.tfidf = tfidf
        self.pool = pool
        # What training saw; the pool's own tokens and imports when not given.
        self.familiarity = familiarity or Familiarity.from_vocabulary(tfidf.vocabulary, ())
        self.task_stats = dict(task_stats)
        self.metric_by_name = dict(metric_by_name)
        self.n_neighbours = int(n_neighbours)
        self.near_copy_sim = near_copy_sim
        # {task: runs of programs written elsewhere} (other_writers.py); training sets it
        # after featurising the corpus, whose rows therefore never lean on it.
        self.other_runs: Runs = dict(other_runs or {})

    def report(self, query: Query) -> Any:
        """The static report of a query (cached by program and data folder)."""
        return analyze(query)

    def prepare(
        self,
        queries: Sequence[Query],
        *,
        facts: Sequence[QueryFacts] | None = None,
        reports: Sequence[Any] | None = None,
        stats: Sequence[TaskStats | None] | None = None,
        exclude_ids: Sequence[str] | None = None,
    ) -> Inputs:
        """The inputs of a batch. Training passes precomputed facts/reports and leave-out statistics."""
        seconds = np.zeros(len(queries))
        got_facts: list[QueryFacts] = []
        got_reports: list[Any] = []
        for i, query in enumerate(queries):
            began = time.perf_counter()
            got_facts.append(facts[i] if facts is not None else query_facts(query))
            got_reports.append(reports[i] if reports is not None else self.report(query))
            seconds[i] = time.perf_counter() - began
        vectors = self.tfidf.transform([f.tokens for f in got_facts])
        tasks = [q.task_id for q in queries]
        neighbours = self.pool.stats(
            vectors,
            tasks,
            k=self.n_neighbours,
            exclude_ids=exclude_ids,
            # Leave-out rows (training, online refits) also leave out near copies.
            max_sim=self.near_copy_sim if exclude_ids is not None else None,
        )
        task_stats = list(stats) if stats is not None else [self.task_stats.get(t) for t in tasks]
        nearest = nearest_similarity(
            vectors,
            self.pool.matrix,
            self.pool.program_ids,
            exclude_ids=exclude_ids,
            max_sim=self.near_copy_sim if exclude_ids is not None else None,
        )
        unfamiliar = self.familiarity.signals(
            [f.tokens for f in got_facts],
            [f.imports for f in got_facts],
            got_reports,
            nearest,
            [t in self.pool.rows_of for t in tasks],
        )
        X = featurize(self.spec, queries, got_facts, got_reports, task_stats, neighbours)
        anchors = np.full(len(queries), np.nan)
        scales = np.full(len(queries), np.nan)
        extras: list[np.ndarray] = []
        for i, query in enumerate(queries):
            parent_metric = query.parent.metric if query.parent is not None else None
            family = primary_family(got_facts[i].facts)
            anchor, scale, extra = metric_anchor(
                parent_metric,
                neighbours[i],
                task_stats[i],
                got_facts[i].metric_name,
                self.metric_by_name,
                family,
                reference_score(task_references(query.data_dir, got_facts[i].metric_name), family),
            )
            runs = self.other_runs.get(query.task_id)
            other = median_of(runs, query.x.program) if runs and math.isfinite(anchor) else None
            if other is not None:
                on_parent = parent_metric is not None and math.isfinite(parent_metric)
                weight = lean(unfamiliar[i, _UNSEEN], on_parent)
                anchor = (1.0 - weight) * anchor + weight * other
            anchors[i], scales[i] = anchor, scale
            extras.append(extra)
        X_metric = np.hstack([X, np.vstack(extras)]) if extras else np.zeros((0, X.shape[1]))
        X_edit, direction = edit_inputs(queries, got_facts, task_stats)
        return Inputs(
            got_facts,
            got_reports,
            vectors,
            neighbours,
            X,
            X_metric,
            anchors,
            scales,
            seconds,
            unfamiliar,
            X_edit,
            direction,
        )
