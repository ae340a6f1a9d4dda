"""`FastWorldModel`: static analysis, four learned heads and output synthesis, composed.

For a batch of queries: each program is analysed statically (world/static.py)
and read for code facts; TF-IDF vectors find its nearest programs of the same
task; one feature matrix feeds one LightGBM call per head. The class head's
distribution is mixed with the runtime head's chance of overrunning the
query's time limit; a fatal static finding then takes the share of the mass
its detector earned in training (a syntax error: all but a sliver), so a crash
the program text proves is predicted with the class, message and line Python
would print. The metric is the anchor plus the metric head's offset, except
on a parent's metric, where the edit head (edits.py) prices what the child
changed, so revisions of one parent get different metrics; the output is
synthesised (world/terminal.py) from all of that.

Online learning (`observe`): real runs of a task are kept; every `k` of them
the task's small parts are refitted: its neighbour pool and statistics
(outcome rates, runtimes, metric medians per model family), and a bias on the
class logits and on the metric measured on those runs, each shrunk towards
zero by how few runs there are. Replaying a task left out of training run by
run, this lifts metric-within-5% from 0.45 to 0.97 (telco-churn) and from 0.21
to 0.50 (hpc-jobs) on the second half of the task's runs. `online=False`
turns it off.

This module owns the composition and the online state; the model directory
is model_files.py's, fitting the heads training/fast.py's (with heads.py and
edits.py).
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from mleworld.errors import MleWorldError
from mleworld.world.fast.batch import Featurizer, Inputs, finding_dict, query_facts
from mleworld.world.fast.code import primary_family
from mleworld.world.fast.edits import EditHead
from mleworld.world.fast.features import TaskStats
from mleworld.world.fast.heads import (
    ClassHead,
    MetricHead,
    RuntimeHead,
    SubmissionHead,
    with_runtime,
)
from mleworld.world.fast.model_files import SCHEMA_VERSION
from mleworld.world.fast.neighbours import (
    OUTCOME_CLEAN,
    OUTCOME_CRASH,
    OUTCOME_TIMEOUT,
)
from mleworld.world.fast.packages import effect as environment_effect
from mleworld.world.fast.unfamiliar import UnfamiliarCalibration
from mleworld.world.prediction import Prediction, Query
from mleworld.world.runtime.forecast import evidence as runtime_evidence
from mleworld.world.runtime.forecast import for_report as runtime_forecast
from mleworld.world.vocab import CLEAN, OTHER, TIMEOUT, Vocab

NAME = "fast"
SYNTAX_CLASSES = frozenset({"SyntaxError", "IndentationError", "TabError"})
SYNTAX_CONFIDENCE = 0.995  # a program that does not compile raises at compile time, every time
INTERRUPT = "KeyboardInterrupt"
MAX_OBSERVED = 200  # recent real runs kept per task for online refits
# Shrinkage of the per-task online corrections, in runs: a correction measured on n runs is
# applied with weight n / (n + prior). Chosen on held-out tasks replayed run by run, where a
# runtime correction was also tried and dropped: it only added false timeouts.
CLASS_PRIOR_RUNS = 30.0
MAX_CLASS_SHIFT = 2.0  # at most a factor e^2 on a class's odds
METRIC_PRIOR_RUNS = 5.0


def outcome_label(exc_type: str | None, timed_out: bool, vocab: Vocab) -> str:
    """The class a run ended with as the vocabulary spells it; a run cut at the limit is a timeout."""
    cls = vocab.normalize(exc_type)
    if timed_out or exc_type == INTERRUPT:
        return TIMEOUT
    return cls


def outcome_code(label: str) -> int:
    if label == CLEAN:
        return OUTCOME_CLEAN
    return OUTCOME_TIMEOUT if label == TIMEOUT else OUTCOME_CRASH


@dataclass
class TaskBias:
    """What observed runs of a task taught: offsets on the class logits and the metric."""

    n: int = 0
    class_logit: list[float] = field(default_factory=list)
    metric: float = 0.0  # in units of the task's metric scale


class FastWorldModel:
    """The CPU world model (`fast`): see the module docstring for how a prediction is made."""

    name = NAME

    def __init__(
        self,
        *,
        vocab: Vocab,
        featurizer: Featurizer,
        class_head: ClassHead,
        runtime_head: RuntimeHead,
        metric_head: MetricHead,
        submission_head: SubmissionHead,
        edit_head: EditHead | None = None,
        timeout_mix: float,
        detectors: Mapping[str, Sequence[float]],
        meta: Mapping[str, Any] | None = None,
        online: bool = True,
        k: int = 10,
        unfamiliar: UnfamiliarCalibration | None = None,
    ) -> None:
        if k < 1:
            raise MleWorldError(f"online refit interval k must be at least 1, got {k}")
        self.vocab = vocab
        self.featurizer = featurizer
        self.class_head = class_head
        self.runtime_head = runtime_head
        self.metric_head = metric_head
        self.edit_head = edit_head if edit_head is not None else EditHead(None, 0.0)
        self.submission_head = submission_head
        self.timeout_mix = float(timeout_mix)
        self.detectors = {str(d): [float(v) for v in hn] for d, hn in detectors.items()}
        self.unfamiliar = unfamiliar
        self.meta = dict(meta or {})
        self.online = online
        self.k = int(k)
        # The task statistics as trained; online refits merge observed runs into a copy.
        self.train_task_stats = dict(featurizer.task_stats)
        self._class_slots = np.array([vocab.index(c) for c in class_head.classes], dtype=np.int64)
        # The head's training class frequencies over the vocabulary: how doubt spreads mass.
        self._prior = np.zeros(len(vocab))
        np.add.at(self._prior, self._class_slots, class_head.prior / class_head.prior.sum())
        self._observed: dict[str, list[Any]] = {}
        self._pending: dict[str, int] = {}
        self._bias: dict[str, TaskBias] = {}
        self._data_dirs: dict[str, Path] = {}

    # --- prediction ------------------------------------------------------------------------
    def class_probabilities(
        self,
        inputs: Inputs,
        queries: Sequence[Query],
        *,
        bias: bool = True,
        unfamiliar: bool = True,
    ) -> tuple[np.ndarray, np.ndarray]:
        """(P over the head's classes, predicted log runtime) for a batch.

        P is the class head's distribution, mixed with the runtime head's chance
        of overrunning the limit, then blended with the unfamiliar-code
        distribution by how unlike the training corpus each program is
        (unfamiliar.py; `unfamiliar=False` stops before that step).
        """
        log_runtime = self.runtime_head.log_runtime(inputs.X)
        biases = [self._bias.get(q.task_id) if bias else None for q in queries]
        limits = np.array([float(q.x.time_limit_s) for q in queries])
        raw = self.class_head.raw(with_runtime(inputs.X, log_runtime, limits))
        for i, task_bias in enumerate(biases):
            if task_bias is not None and task_bias.class_logit:
                raw[i] += np.asarray(task_bias.class_logit)
        raw = raw - raw.max(axis=1, keepdims=True)
        probs = np.exp(raw)
        probs /= probs.sum(axis=1, keepdims=True)
        p_over = self.runtime_head.p_over(log_runtime, limits)
        mixed = self.mix_timeout(probs, p_over)
        if unfamiliar and self.unfamiliar is not None:
            mixed = self.unfamiliar.apply(mixed, inputs.unfamiliar)
        return mixed, log_runtime

    def mix_timeout(self, probs: np.ndarray, p_over: np.ndarray) -> np.ndarray:
        """Blend the class head's timeout mass with the runtime head's P(overrun) of runs that finish."""
        classes = self.class_head.classes
        if TIMEOUT not in classes:
            return probs
        t = classes.index(TIMEOUT)
        finishing = probs[:, t] + (probs[:, classes.index(CLEAN)] if CLEAN in classes else 0.0)
        p_timeout = self.timeout_mix * probs[:, t] + (1.0 - self.timeout_mix) * finishing * p_over
        p_timeout = np.clip(p_timeout, 1e-6, 1 - 1e-6)
        others = 1.0 - probs[:, t]
        scale = np.where(others > 1e-12, (1.0 - p_timeout) / np.maximum(others, 1e-12), 0.0)
        mixed = probs * scale[:, None]
        mixed[:, t] = p_timeout
        return mixed / mixed.sum(axis=1, keepdims=True)

    def metric_values(
        self, inputs: Inputs, queries: Sequence[Query], *, bias: bool = True
    ) -> np.ndarray:
        has = np.isfinite(inputs.anchor)
        values = np.full(len(queries), np.nan)
        if has.any():
            offset = self.metric_head.offset(inputs.X_metric[has])
            if self.edit_head.active:
                # On a parent's metric the edit head prices what the child changed; the
                # metric head's offset there (it sees no diff) gives way to it.
                on_parent = MetricHead.groups(inputs.X_metric[has])
                gain = self.edit_head.gain(inputs.X_edit[has][on_parent])
                offset[on_parent] = inputs.direction[has][on_parent] * gain
            values[has] = inputs.anchor[has] + inputs.scale[has] * offset
        if bias:
            for i, query in enumerate(queries):
                task_bias = self._bias.get(query.task_id)
                if task_bias is not None and has[i]:
                    values[i] += task_bias.metric * inputs.scale[i]
        return values

    def finding_weight(self, finding: Any) -> float:
        """How much of the distribution a fatal finding takes: its detector's training precision."""
        confidence = float(getattr(finding, "confidence", 0.5) or 0.0)
        hits, n = self.detectors.get(str(getattr(finding, "detector", "")), (0.0, 0.0))
        weight = (hits + 2.0 * confidence) / (n + 2.0)
        if finding.exc_type in SYNTAX_CLASSES and confidence >= 0.99:
            weight = max(weight, SYNTAX_CONFIDENCE)
        return float(min(max(weight, 0.0), 0.999))

    def predict_batch(self, queries: Sequence[Query]) -> list[Prediction]:
        from mleworld.world.terminal import predicted_output

        if not queries:
            return []
        began = time.perf_counter()
        for query in queries:
            if query.data_dir is not None and query.task_id:
                self._data_dirs[query.task_id] = Path(query.data_dir)
        inputs = self.featurizer.prepare(queries)
        probs, log_runtime = self.class_probabilities(inputs, queries)
        metrics = self.metric_values(inputs, queries)
        shared = time.perf_counter() - began - float(inputs.seconds.sum())
        share = max(shared, 0.0) / len(queries)
        out: list[Prediction] = []
        for i, query in enumerate(queries):
            own = time.perf_counter()
            dist = np.zeros(len(self.vocab))
            np.add.at(dist, self._class_slots, probs[i])
            report = inputs.reports[i]
            first = getattr(report, "first_fatal", None)
            there = environment_effect(query.x, report)
            if there is not None:
                first = there.first_fatal
            certain = False
            if first is not None:
                weight = self.finding_weight(first)
                hot = np.zeros(len(self.vocab))
                hot[self.vocab.index(first.exc_type)] = 1.0
                dist = weight * hot + (1.0 - weight) * dist
                certain = weight >= 0.9
            if there is not None and there.doubt > 0 and not _import_failure(first):
                # Analysis and training saw this machine's versions, not the ones it runs
                # with: that share of the top class's mass goes to the others (as the head's
                # training frequencies spread it), so p_max falls by exactly that share.
                top = int(np.argmax(dist))
                moved = there.doubt * dist[top]
                others = self._prior.copy()
                others[top] = 0.0
                dist = dist.copy()
                dist[top] -= moved
                dist += moved * others / max(float(others.sum()), 1e-12)
                certain = certain and float(dist.max()) >= 0.9
            timed = runtime_forecast(report, float(query.x.time_limit_s))
            if timed is not None and timed.p_timeout > 0.0:
                # The work the program asks for against its time limit (world/runtime).
                hot = np.zeros(len(self.vocab))
                hot[self.vocab.index(TIMEOUT)] = 1.0
                dist = timed.p_timeout * hot + (1.0 - timed.p_timeout) * dist
            exc = self.vocab.classes[int(np.argmax(dist))]
            if exc == OTHER and first is not None and self.vocab.normalize(first.exc_type) == OTHER:
                # A class outside the vocabulary that static analysis proves: name it exactly.
                exc = str(first.exc_type)
            limit = float(query.x.time_limit_s)
            if exc == CLEAN:
                runtime = float(np.expm1(log_runtime[i]))
                runtime = min(runtime, limit)
            elif exc == TIMEOUT:
                runtime = limit
            else:
                runtime = float(np.expm1(self.runtime_head.crash_log_runtime))
            score = float(metrics[i]) if math.isfinite(metrics[i]) else None
            # A certain crash reports no metric, but the scores it prints before it are
            # still the ones the model expects.
            metric = None if certain else score
            ending = "clean" if exc == CLEAN else "timeout" if exc == TIMEOUT else "crash"
            named = first is not None and exc in (
                first.exc_type,
                self.vocab.normalize(first.exc_type),
            )
            if ending == "crash" and named and there is None and report.leaves_submission(first):
                ending = "clean"  # static analysis' crash comes after the submission is written
            writes = getattr(report, "writes_submission", None)
            submission = self.submission_head.given(ending, writes) > 0.5
            finding = first if first is not None and first.exc_type == exc else None
            folds = inputs.facts[i].facts.get("max_n_splits", math.nan)
            term_out = predicted_output(
                query.x.program,
                exc,
                finding=finding,
                metric=score,
                runtime_s=runtime,
                time_limit_s=limit,
                n_folds_hint=int(folds) if math.isfinite(folds) and 1 < folds < 100 else None,
                data_overview=query.x.data_overview,
                metric_name=inputs.facts[i].metric_name,
                printed=getattr(report, "printed", None),
            )
            shown = there.findings if there is not None else getattr(report, "findings", None)
            evidence = [finding_dict(f) for f in shown or []]
            if there is not None:
                evidence.extend(there.notes)
            if timed is not None:
                evidence.append(runtime_evidence(timed))
            latency = (float(inputs.seconds[i]) + share + time.perf_counter() - own) * 1000.0
            out.append(
                Prediction(
                    exc_type=exc,
                    exc_probs={c: float(p) for c, p in zip(self.vocab.classes, dist, strict=True)},
                    term_out=term_out,
                    metric=metric,
                    submission=submission,
                    runtime_s=round(max(runtime, 0.0), 3),
                    backend=self.name,
                    latency_ms=latency,
                    evidence=evidence,
                )
            )
        return out

    # --- online learning --------------------------------------------------------------------
    def observe(self, record: Any) -> None:
        """Learn from one real run of a task (a corpus Record); refits the task's parts every k runs."""
        if not self.online or getattr(record, "harness_error", None):
            return
        task = str(record.task_id)
        kept = self._observed.setdefault(task, [])
        kept.append(record)
        del kept[:-MAX_OBSERVED]
        self._pending[task] = self._pending.get(task, 0) + 1
        if self._pending[task] >= self.k:
            self.refit_task(task)

    def refit_task(self, task: str) -> None:
        """Refit the small per-task parts from the runs observed on `task`."""
        from mleworld.world.inputs import query_for_record

        records = self._observed.get(task, [])
        self._pending[task] = 0
        if not records:
            return
        by_node = {(r.run_id, r.node_id): r for r in records}
        queries = []
        for r in records:
            parent = by_node.get((r.run_id, r.parent_id)) if r.parent_id else None
            queries.append(query_for_record(r, parent=parent, data_dir=self._data_dirs.get(task)))
        labels = [outcome_label(r.y.exc_type, r.timed_out, self.vocab) for r in records]
        log_runtime = np.log1p([max(float(r.runtime_s), 0.0) for r in records])
        metrics = [
            r.y.metric if r.y.metric is not None and math.isfinite(r.y.metric) else None
            for r in records
        ]
        features = self.featurizer
        facts = [query_facts(q) for q in queries]
        vectors = features.tfidf.transform([f.tokens for f in facts])
        features.pool.add(
            vectors,
            [task] * len(records),
            [r.id for r in records],
            [outcome_code(c) for c in labels],
            log_runtime.tolist(),
            [math.nan if m is None else float(m) for m in metrics],
        )
        observed = TaskStats.from_outcomes(
            labels,
            [r.stage for r in records],
            log_runtime.tolist(),
            metrics,
            [primary_family(f.facts) for f in facts],
        )
        features.task_stats[task] = _merge(self.train_task_stats.get(task), observed)
        inputs = features.prepare(queries, facts=facts, exclude_ids=[r.id for r in records])
        probs, _ = self.class_probabilities(inputs, queries, bias=False)
        bias = TaskBias(n=len(records))
        classes = self.class_head.classes
        index = {c: i for i, c in enumerate(classes)}
        counts = np.zeros(len(classes))
        for label in labels:
            counts[index.get(label, len(classes) - 1)] += 1
        mean_p = np.clip(probs.mean(axis=0), 1e-4, None)
        # The model's own average prediction is the prior, worth CLASS_PRIOR_RUNS runs: a shift
        # moves every prediction of the task, so it must be earned by many runs, not a few.
        smoothed = (counts + CLASS_PRIOR_RUNS * mean_p) / (len(records) + CLASS_PRIOR_RUNS)
        bias.class_logit = np.clip(
            np.log(smoothed) - np.log(mean_p), -MAX_CLASS_SHIFT, MAX_CLASS_SHIFT
        ).tolist()
        values = self.metric_values(inputs, queries, bias=False)
        offsets = [
            (m - v) / s
            for m, v, s in zip(metrics, values, inputs.scale, strict=True)
            if m is not None and math.isfinite(v) and math.isfinite(s) and s > 0
        ]
        if offsets:
            bias.metric = float(
                np.clip(np.sum(offsets) / (len(offsets) + METRIC_PRIOR_RUNS), -3.0, 3.0)
            )
        self._bias[task] = bias

    # --- persistence (model_files.py) ---------------------------------------------------------
    def save(self, path: str | Path) -> Path:
        """Write the model (as trained, without online state) to a directory, atomically."""
        from mleworld.world.fast.model_files import save_model

        return save_model(self, Path(path))

    @classmethod
    def load(cls, path: str | Path, *, online: bool = True, k: int = 10) -> FastWorldModel:
        """A saved model; any missing, corrupt or mismatched file is one clear error."""
        from mleworld.world.fast.model_files import load_model

        return load_model(cls, Path(path), online=online, k=k)

    @property
    def observed(self) -> dict[str, int]:
        """Real runs observed per task (online learning)."""
        return {task: len(records) for task, records in self._observed.items()}


def _import_failure(finding: Any) -> bool:
    """A missing module stops the program whatever versions the rest has."""
    return finding is not None and finding.exc_type in ("ModuleNotFoundError", "ImportError")


def _merge(base: TaskStats | None, observed: TaskStats) -> TaskStats:
    """Training statistics of a task updated with its observed runs (rates weighted by counts)."""
    if base is None or base.n == 0:
        return observed
    n = base.n + observed.n

    def blend(a: float, b: float) -> float:
        if not math.isfinite(a):
            return b
        if not math.isfinite(b):
            return a
        return (a * base.n + b * observed.n) / n

    merged = TaskStats(
        n=n,
        clean=blend(base.clean, observed.clean),
        timeout=blend(base.timeout, observed.timeout),
        log_runtime=blend(base.log_runtime, observed.log_runtime),
        metric_median=base.metric_median
        if math.isfinite(base.metric_median)
        else observed.metric_median,
        metric_scale=base.metric_scale
        if math.isfinite(base.metric_scale)
        else observed.metric_scale,
        metric_count=base.metric_count + observed.metric_count,
    )
    for stage in set(base.stage_clean) | set(observed.stage_clean):
        merged.stage_clean[stage] = blend(
            base.stage_clean.get(stage, math.nan), observed.stage_clean.get(stage, math.nan)
        )
        merged.stage_timeout[stage] = blend(
            base.stage_timeout.get(stage, math.nan), observed.stage_timeout.get(stage, math.nan)
        )
    # A family the training runs never reached a metric with is learned from the task's own runs.
    merged.family_metric = {**observed.family_metric, **base.family_metric}
    return merged


__all__ = ["NAME", "SCHEMA_VERSION", "FastWorldModel", "outcome_label", "outcome_code"]
