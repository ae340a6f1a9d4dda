"""One feature row per query: static findings, code facts, the task, the stage, the parent.

`FeatureSpec` fixes the columns (the static signal names and finding classes
seen in training, the hash width, the metric names) so training and inference
build identical rows; it is saved with the model as JSON. `featurize` builds
the rows for a batch from the queries, their static reports, per-task
statistics and neighbour statistics, all as one float matrix (NaN = unknown,
which LightGBM treats as missing).

This module owns the columns and the data-overview reading; the statistics
come from `TaskStats` (below) and neighbours.py, the reports from world/static.py.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from mleworld.world.fast.code import FACT_NAMES, hashed_tokens, line_diff
from mleworld.world.fast.neighbours import STAT_NAMES
from mleworld.world.prediction import Query
from mleworld.world.vocab import CLEAN, TIMEOUT

STAGES = ("draft", "improve", "debug")
METRICS = (
    "auc",
    "auc_columnwise",
    "accuracy",
    "balanced_accuracy",
    "logloss",
    "rmse",
    "rmsle",
    "rmsle_columnwise",
    "mae",
    "f1_macro",
    "r2",
    "qwk",
)
_OVERVIEW_HEAD = re.compile(r"\((\d[\d,]*) files?, ([\d.]+) (B|KB|MB|GB|TB)")
_TABLE = re.compile(
    r"^(\S[^\n:]*?): (?:CSV|TSV|Parquet)[^,\n]*, (\d[\d,]*) rows? x (\d[\d,]*) columns?", re.M
)
MIN_FAMILY_METRICS = 3
_UNITS = {"B": 1, "KB": 1024, "MB": 1024**2, "GB": 1024**3, "TB": 1024**4}

OVERVIEW_NAMES = (
    "n_files",
    "log_bytes",
    "n_tables",
    "log_train_rows",
    "train_cols",
    "log_max_rows",
    "max_cols",
)
BUDGET_NAMES = ("limit_vs_task", "limit_vs_neighbours", "limit_vs_parent", "limit_vs_scaled_parent")
TASK_STAT_NAMES = (
    "task_n",
    "task_clean",
    "task_timeout",
    "task_log_runtime",
    "task_stage_clean",
    "task_stage_timeout",
)
PARENT_NAMES = (
    "has_parent",
    "parent_clean",
    "parent_crash",
    "parent_timeout",
    "parent_log_runtime",
    "parent_runtime_frac",
    "parent_metric_z",
    "parent_same_as_finding",
    "lines_added",
    "lines_removed",
    "diff_frac",
    "parent_class_code",
    "parent_crash_line_kept",
    "parent_crash_object_kept",
    "log_work_delta",
)
_SINGLE_QUOTED = re.compile(r"'([^'\n]{1,80})'")
_DOUBLE_QUOTED = re.compile(r'"([^"\n]{1,80})"')


@dataclass
class FeatureSpec:
    """The columns of the feature matrix, fixed at training time."""

    signals: list[str] = field(default_factory=list)
    finding_classes: list[str] = field(default_factory=list)
    hash_dim: int = 128

    @property
    def names(self) -> list[str]:
        return [
            *(f"signal_{s}" for s in self.signals),
            "n_findings",
            "n_fatal",
            "fatal_confidence",
            *(f"finding_{c}" for c in self.finding_classes),
            "writes_submission",
            *FACT_NAMES,
            *(f"hash_{i}" for i in range(self.hash_dim)),
            *OVERVIEW_NAMES,
            *(f"metric_{m}" for m in METRICS),
            "lower_is_better",
            "log_time_limit",
            *(f"stage_{s}" for s in STAGES),
            *PARENT_NAMES,
            *TASK_STAT_NAMES,
            *(s for s in STAT_NAMES if "metric" not in s or s == "nb_metric_count"),
            *BUDGET_NAMES,
        ]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FeatureSpec:
        return cls(
            signals=[str(s) for s in data.get("signals", [])],
            finding_classes=[str(c) for c in data.get("finding_classes", [])],
            hash_dim=int(data.get("hash_dim", 128)),
        )

    @classmethod
    def fit(cls, reports: Iterable[Any], *, hash_dim: int = 128) -> FeatureSpec:
        signals: set[str] = set()
        classes: set[str] = set()
        for report in reports:
            signals.update(str(k) for k in (getattr(report, "signals", None) or {}))
            classes.update(
                str(f.exc_type)
                for f in getattr(report, "findings", None) or []
                if getattr(f, "fatal", False)
            )
        return cls(sorted(signals), sorted(classes), hash_dim)


# --- the task: overview, metric, statistics -----------------------------------------------------


def overview_facts(text: str) -> dict[str, float]:
    """Sizes read off a data overview (tasks/overview): files, bytes, table shapes."""
    facts = dict.fromkeys(OVERVIEW_NAMES, math.nan)
    head = _OVERVIEW_HEAD.search(text)
    if head:
        facts["n_files"] = float(head.group(1).replace(",", ""))
        facts["log_bytes"] = math.log1p(float(head.group(2)) * _UNITS[head.group(3)])
    tables = [
        (m.group(1).strip(), int(m.group(2).replace(",", "")), int(m.group(3).replace(",", "")))
        for m in _TABLE.finditer(text)
    ]
    facts["n_tables"] = float(len(tables))
    if tables:
        train = [t for t in tables if "train" in t[0].lower()] or [max(tables, key=lambda t: t[1])]
        facts["log_train_rows"] = math.log1p(train[0][1])
        facts["train_cols"] = float(train[0][2])
        facts["log_max_rows"] = math.log1p(max(t[1] for t in tables))
        facts["max_cols"] = float(max(t[2] for t in tables))
    return facts


def task_metric(query: Query) -> tuple[str | None, bool | None]:
    """The task's metric and direction: the query's, else the bundled suite's entry for its task."""
    if query.metric_name is not None:
        return query.metric_name, query.lower_is_better
    from mleworld.tasks.suite import suite_names

    if query.task_id in suite_names():
        from mleworld.tasks.metrics import METRICS as KNOWN
        from mleworld.tasks.suite import get_entry

        metric = get_entry(query.task_id).metric
        known = KNOWN.get(metric)
        return metric, None if known is None else not known.higher_is_better
    return None, None


@dataclass
class TaskStats:
    """Outcome rates and metric scale of one task (and per stage), from training or observed records."""

    n: int = 0
    clean: float = math.nan
    timeout: float = math.nan
    log_runtime: float = math.nan
    metric_median: float = math.nan
    metric_scale: float = math.nan
    metric_count: int = 0
    stage_clean: dict[str, float] = field(default_factory=dict)
    stage_timeout: dict[str, float] = field(default_factory=dict)
    # Median metric per model family (see code.primary_family), for families seen often enough.
    family_metric: dict[str, float] = field(default_factory=dict)

    @classmethod
    def from_outcomes(
        cls,
        classes: Sequence[str],
        stages: Sequence[str],
        log_runtimes: Sequence[float],
        metrics: Sequence[float | None],
        families: Sequence[str] | None = None,
    ) -> TaskStats:
        n = len(classes)
        if n == 0:
            return cls()
        clean = np.array([c == CLEAN for c in classes], dtype=float)
        timeout = np.array([c == TIMEOUT for c in classes], dtype=float)
        values = np.array([m for m in metrics if m is not None and math.isfinite(m)], dtype=float)
        stats = cls(
            n=n,
            clean=_smoothed(clean.sum(), n),
            timeout=_smoothed(timeout.sum(), n, prior=0.05),
            log_runtime=float(np.mean(log_runtimes)),
            metric_count=len(values),
        )
        if len(values):
            stats.metric_median = float(np.median(values))
            stats.metric_scale = metric_scale(values)
        stage_arr = np.asarray(stages)
        for stage in STAGES:
            mask = stage_arr == stage
            if mask.any():
                stats.stage_clean[stage] = _smoothed(clean[mask].sum(), int(mask.sum()))
                stats.stage_timeout[stage] = _smoothed(
                    timeout[mask].sum(), int(mask.sum()), prior=0.05
                )
        if families is not None:
            by_family: dict[str, list[float]] = {}
            for family, metric in zip(families, metrics, strict=True):
                if metric is not None and math.isfinite(metric):
                    by_family.setdefault(family, []).append(metric)
            stats.family_metric = {
                family: float(np.median(values))
                for family, values in sorted(by_family.items())
                if len(values) >= MIN_FAMILY_METRICS
            }
        return stats

    def to_dict(self) -> dict[str, Any]:
        return {
            k: (None if isinstance(v, float) and not math.isfinite(v) else v)
            for k, v in asdict(self).items()
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TaskStats:
        def num(key: str) -> float:
            value = data.get(key)
            return math.nan if value is None else float(value)

        return cls(
            n=int(data.get("n", 0)),
            clean=num("clean"),
            timeout=num("timeout"),
            log_runtime=num("log_runtime"),
            metric_median=num("metric_median"),
            metric_scale=num("metric_scale"),
            metric_count=int(data.get("metric_count", 0)),
            stage_clean={str(k): float(v) for k, v in (data.get("stage_clean") or {}).items()},
            stage_timeout={str(k): float(v) for k, v in (data.get("stage_timeout") or {}).items()},
            family_metric={str(k): float(v) for k, v in (data.get("family_metric") or {}).items()},
        )


def metric_scale(values: np.ndarray) -> float:
    """A robust spread of a task's metrics, never below 1% of their typical size."""
    if len(values) == 0:
        return math.nan
    q75, q25 = np.percentile(values, [75, 25])
    spread = float(q75 - q25) / 1.349
    floor = 0.01 * max(float(np.median(np.abs(values))), 1e-6)
    return max(spread, floor)


def _smoothed(hits: float, n: int, prior: float = 0.8, weight: float = 2.0) -> float:
    return float((hits + prior * weight) / (n + weight))


# --- the rows ------------------------------------------------------------------------------------


@dataclass
class QueryFacts:
    """What one query contributes before statistics: its program text facts and the task's metric."""

    stripped: str
    tokens: list[str]
    imports: list[str]
    facts: dict[str, float]
    metric_name: str | None
    lower_is_better: bool | None


def featurize(
    spec: FeatureSpec,
    queries: Sequence[Query],
    facts: Sequence[QueryFacts],
    reports: Sequence[Any],
    task_stats: Sequence[TaskStats | None],
    neighbour_stats: np.ndarray,
) -> np.ndarray:
    """The feature matrix (rows in query order, columns in `spec.names` order)."""
    nb_columns = [
        i for i, s in enumerate(STAT_NAMES) if "metric" not in s or s == "nb_metric_count"
    ]
    rows = [
        _row(spec, q, f, r, s, neighbour_stats[i, nb_columns])
        for i, (q, f, r, s) in enumerate(zip(queries, facts, reports, task_stats, strict=True))
    ]
    return np.vstack(rows) if rows else np.zeros((0, len(spec.names)), dtype=np.float32)


def _row(
    spec: FeatureSpec,
    query: Query,
    facts: QueryFacts,
    report: Any,
    stats: TaskStats | None,
    neighbours: np.ndarray,
) -> np.ndarray:
    parts: list[Any] = []
    signals = getattr(report, "signals", None) or {}
    parts.append([_num(signals.get(name)) for name in spec.signals])
    findings = list(getattr(report, "findings", None) or [])
    fatal = [f for f in findings if getattr(f, "fatal", False)]
    confidence = max((float(f.confidence) for f in fatal), default=0.0)
    by_class: dict[str, float] = {}
    for f in fatal:
        by_class[f.exc_type] = max(by_class.get(f.exc_type, 0.0), float(f.confidence))
    parts.append([float(len(findings)), float(len(fatal)), confidence])
    parts.append([by_class.get(c, 0.0) for c in spec.finding_classes])
    writes = getattr(report, "writes_submission", None)
    parts.append([math.nan if writes is None else float(bool(writes))])
    parts.append([facts.facts[name] for name in FACT_NAMES])
    parts.append(hashed_tokens(facts.tokens, facts.imports, spec.hash_dim))
    overview = overview_facts(query.x.data_overview)
    parts.append([overview[name] for name in OVERVIEW_NAMES])
    parts.append([float(facts.metric_name == m) for m in METRICS])
    lower = facts.lower_is_better
    parts.append([math.nan if lower is None else float(lower)])
    parts.append([math.log(max(float(query.x.time_limit_s), 1e-3))])
    parts.append([float(query.stage == s) for s in STAGES])
    parent = _parent(query, facts, stats, fatal)
    task = _task(stats, query.stage)
    parts.extend([parent, task, neighbours])
    parts.append(_budget(query, parent, task, neighbours))
    return np.concatenate([np.asarray(p, dtype=np.float32) for p in parts])


def _budget(
    query: Query, parent: list[float], task: list[float], neighbours: np.ndarray
) -> list[float]:
    """How the time limit compares with the runtimes the program's relatives took (log seconds).

    A run times out when its runtime passes the limit; trees split on one
    feature at a time, so the differences are given outright.
    """
    limit = math.log1p(float(query.x.time_limit_s))
    parent_runtime = parent[PARENT_NAMES.index("parent_log_runtime")]
    work_delta = parent[PARENT_NAMES.index("log_work_delta")]
    scaled = parent_runtime + work_delta if math.isfinite(work_delta) else parent_runtime
    nb_columns = [s for s in STAT_NAMES if "metric" not in s or s == "nb_metric_count"]
    nb_runtime = float(neighbours[nb_columns.index("nb_log_runtime")])
    return [
        limit - task[TASK_STAT_NAMES.index("task_log_runtime")],
        limit - nb_runtime,
        limit - parent_runtime,
        limit - scaled,
    ]


def _parent(
    query: Query, facts: QueryFacts, stats: TaskStats | None, fatal: list[Any]
) -> list[float]:
    parent = query.parent
    if parent is None:
        return [0.0, *([math.nan] * (len(PARENT_NAMES) - 1))]
    cls = parent.exc_type
    runtime = parent.runtime_s
    limit = float(query.x.time_limit_s)
    metric_z = math.nan
    if parent.metric is not None and stats is not None and math.isfinite(stats.metric_scale):
        metric_z = (parent.metric - stats.metric_median) / stats.metric_scale
    added, removed = line_diff(parent.program, query.x.program)
    n_lines = max(1, sum(1 for line in query.x.program.splitlines() if line.strip()))
    return [
        1.0,
        math.nan if cls is None else float(cls == CLEAN),
        math.nan if cls is None else float(cls not in (CLEAN, TIMEOUT, "KeyboardInterrupt")),
        math.nan if cls is None else float(cls in (TIMEOUT, "KeyboardInterrupt")),
        math.nan if runtime is None else math.log1p(max(runtime, 0.0)),
        math.nan if runtime is None or limit <= 0 else runtime / limit,
        metric_z,
        float(any(f.exc_type == cls for f in fatal)) if cls else 0.0,
        float(added),
        float(removed),
        (added + removed) / n_lines,
        _class_code(cls),
        *_crash_kept(parent.term_out, query.x.program, cls),
        facts.facts["log_work"] - _parent_work(parent.program),
    ]


def _class_code(cls: str | None) -> float:
    """A stable number per class (its place in the common vocabulary); NaN for no class."""
    from mleworld.world.vocab import COMMON_CLASSES

    if cls is None:
        return math.nan
    return float(COMMON_CLASSES.index(cls)) if cls in COMMON_CLASSES else float(len(COMMON_CLASSES))


def _crash_kept(term_out: str, program: str, cls: str | None) -> tuple[float, float]:
    """Whether the child still has the source line its parent crashed on, and the object it named.

    A debug step that leaves the failing line (or the missing column, key or
    name the message quotes) in place usually fails the same way again.
    """
    if not cls or cls in (CLEAN, TIMEOUT, "KeyboardInterrupt") or not term_out:
        return math.nan, math.nan
    from mleworld.execution.parsing import last_fatal

    fatal = last_fatal(term_out[-6000:])
    if fatal is None:
        return math.nan, math.nan
    own = [f for f in fatal.frames if not f.is_library and f.source]
    lines = {line.strip() for line in program.splitlines()}
    line_kept = float(own[-1].source.strip() in lines) if own else math.nan
    text = fatal.message or fatal.line or ""
    quoted = _SINGLE_QUOTED.findall(text) or _DOUBLE_QUOTED.findall(text)
    object_kept = float(any(q in program for q in quoted)) if quoted else math.nan
    return line_kept, object_kept


def _parent_work(program: str) -> float:
    from mleworld.world.fast.code import code_facts, code_tokens, strip_comments

    stripped = strip_comments(program)
    return code_facts(stripped, code_tokens(stripped))["log_work"]


def _task(stats: TaskStats | None, stage: str) -> list[float]:
    if stats is None or stats.n == 0:
        return [0.0, *([math.nan] * (len(TASK_STAT_NAMES) - 1))]
    return [
        math.log1p(stats.n),
        stats.clean,
        stats.timeout,
        stats.log_runtime,
        stats.stage_clean.get(stage, math.nan),
        stats.stage_timeout.get(stage, math.nan),
    ]


def _num(value: Any) -> float:
    if value is None or isinstance(value, str):
        return math.nan
    try:
        number = float(value)
    except (TypeError, ValueError):
        return math.nan
    return number if math.isfinite(number) else math.nan
