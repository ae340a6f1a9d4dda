"""Which executions make training examples (paper appendix E, "Filtering").

A record is dropped, with the first matching reason, when:

* `invalid_stage`: its stage is not draft, improve or debug;
* `outside_tasks`: a task list was given and its task is not on it;
* `empty_program`: the program is blank;
* `harness_error`: the record says the harness failed (`harness_error` set), or
  the output shows a failure of the machinery rather than of the program: the
  sandbox could not start it (`bwrap: ...`), the GPU was held by another
  process ("all CUDA-capable devices are busy or unavailable"), the host disk
  was full ("No space left on device"). Ordinary crashes, memory errors and
  failed downloads are the program's behaviour in this environment and stay;
* `cut_short`: logged as a timeout but killed well before its own time limit
  (the agent's overall deadline ended it, not the program's limit);
* `mislabeled_interrupt`: a KeyboardInterrupt that is not a timeout (our
  executor interrupts only at the time limit, which it labels TimeoutError);
* `overloaded` (only when `max_load_per_core` is given): the machine's load
  average at the end of the run, per core, was above it (the outcome may
  reflect the machine rather than the program); records made before the load
  was kept are never dropped for it;
* `progress_bar`: the output contains a progress bar (tqdm's `it/s]`, `%|█`,
  carriage-return redraws, Keras' `━━━` bars); programs are told not to print
  them, and their redraw noise swamps the log window;
* `unresolvable_metric`: the metric label is not supported by the log: a
  metric was recorded but no number in the output equals it, or a clean run
  that wrote a submission has no metric although the output prints validation
  results that execution/parsing.py finds. A clean run that prints no
  validation result at all keeps metric None: that is a true label.

Each drop is counted by reason (`FilterReport`).

Not here: duplicates (dedup.py).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from mleworld.corpus.record import CLEAN, INTERRUPT, STAGES, TIMEOUT, Record

REASONS = (
    "invalid_stage",
    "outside_tasks",
    "empty_program",
    "harness_error",
    "cut_short",
    "mislabeled_interrupt",
    "overloaded",
    "progress_bar",
    "unresolvable_metric",
)

HARNESS_MARKERS: tuple[re.Pattern[str], ...] = (
    re.compile(r"^bwrap: ", re.M),
    re.compile(r"all CUDA-capable devices are busy or unavailable"),
    re.compile(r"CUDA-capable device\(s\) is/are busy or unavailable"),
    re.compile(r"No space left on device"),
)
PROGRESS_MARKERS: tuple[re.Pattern[str], ...] = (
    re.compile(r"\d+(?:\.\d+)?\s?(?:it|s)/(?:s|it)\]"),  # tqdm rate: "12.3it/s]", "1.5s/it]"
    re.compile(r"\d+%\|[\u2588\u2589\u258a\u258b\u258c\u258d\u258e\u258f #]*\|"),  # " 45%|████▌  |"
    re.compile(r"\r(?!\n)[^\n]*\d"),  # a carriage-return redraw of a counter
    re.compile(r"\u2501{5,}"),  # Keras 3 "━━━━━━━━━━"
    re.compile(r"\[=+>?\.*\] - .*ETA"),  # Keras 2 "[=====>....] - ETA: 3s"
)
CUT_SHORT_FRACTION = 0.9  # a timeout shorter than this share of the limit was not the limit


@dataclass
class FilterReport:
    input: int = 0
    kept: int = 0
    dropped: Counter[str] = field(default_factory=Counter)

    def to_dict(self) -> dict[str, Any]:
        return {
            "input": self.input,
            "kept": self.kept,
            "dropped": {reason: self.dropped.get(reason, 0) for reason in REASONS},
        }


def has_progress_bar(term_out: str) -> bool:
    return any(p.search(term_out) for p in PROGRESS_MARKERS)


def harness_signal(term_out: str) -> str | None:
    """The harness failure an output shows, or None."""
    for pattern in HARNESS_MARKERS:
        match = pattern.search(term_out)
        if match:
            return match.group(0).strip()
    return None


def _metric_supported(metric: float, term_out: str) -> bool:
    """Whether the log shows this metric: the parser's headline, or any printed number equal to it."""
    from mleworld.execution.parsing import metric_candidates

    if math.isnan(metric):
        return re.search(r"(?i)\bnan\b", term_out) is not None
    for candidate in metric_candidates(term_out):
        if _close(candidate.value, metric):
            return True
    for token in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?%?|(?i:[-+]?inf)", term_out):
        try:
            value = float(token.rstrip("%"))
        except ValueError:
            continue
        if _close(value, metric) or (token.endswith("%") and _close(value / 100.0, metric)):
            return True
    return False


def _close(a: float, b: float) -> bool:
    if math.isinf(a) or math.isinf(b):
        return a == b
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9) or _rounded_equal(a, b)


def _rounded_equal(printed: float, stored: float) -> bool:
    """A printed value is the stored one rounded (0.9123 for 0.912345...)."""
    text = repr(printed)
    decimals = len(text.split(".", 1)[1]) if "." in text and "e" not in text else 0
    return decimals > 0 and round(stored, decimals) == printed


def overload(record: Record) -> float | None:
    """The load average per core at the end of the record's run (None if not recorded)."""
    load, cores = record.extra.get("load_1m"), record.extra.get("cores")
    if not isinstance(load, int | float) or not isinstance(cores, int) or cores < 1:
        return None
    return float(load) / cores


def drop_reason(
    record: Record, tasks: set[str] | None = None, max_load_per_core: float | None = None
) -> str | None:
    """Why this record should not be a training example, or None to keep it."""
    if record.stage not in STAGES:
        return "invalid_stage"
    if tasks is not None and record.task_id not in tasks:
        return "outside_tasks"
    if not record.x.program.strip():
        return "empty_program"
    term_out = record.y.term_out
    if record.harness_error or harness_signal(term_out) is not None:
        return "harness_error"
    exc = record.y.exc_type
    if exc == TIMEOUT and record.timed_out:
        limit = record.x.time_limit_s
        if limit > 0 and record.runtime_s < CUT_SHORT_FRACTION * limit:
            return "cut_short"
    if exc == INTERRUPT and not record.timed_out:
        return "mislabeled_interrupt"
    if max_load_per_core is not None and (overload(record) or 0.0) > max_load_per_core:
        return "overloaded"
    if has_progress_bar(term_out):
        return "progress_bar"
    metric = record.y.metric
    if metric is not None and not _metric_supported(metric, term_out):
        return "unresolvable_metric"
    if metric is None and exc == CLEAN and record.y.submission:
        from mleworld.execution.parsing import metric_candidates

        if metric_candidates(term_out):
            return "unresolvable_metric"
    return None


class RecordFilter:
    """Streaming filter: `keep(record)` says yes or no and counts the reason."""

    def __init__(
        self, tasks: Iterable[str] | None = None, max_load_per_core: float | None = None
    ) -> None:
        self.tasks = None if tasks is None else set(tasks)
        self.max_load_per_core = max_load_per_core
        self.report = FilterReport()

    def keep(self, record: Record) -> bool:
        self.report.input += 1
        reason = drop_reason(record, self.tasks, self.max_load_per_core)
        if reason is None:
            self.report.kept += 1
            return True
        self.report.dropped[reason] += 1
        return False

    def __call__(self, records: Iterable[Record]) -> Iterator[Record]:
        for record in records:
            if self.keep(record):
                yield record


def filter_records(
    records: Iterable[Record],
    keep: Callable[[Record], None] | None = None,
    *,
    tasks: Iterable[str] | None = None,
    max_load_per_core: float | None = None,
) -> FilterReport:
    """Run the filter over a stream; `keep(record)` receives each record that passes."""
    flt = RecordFilter(tasks, max_load_per_core)
    for record in flt(records):
        if keep is not None:
            keep(record)
    return flt.report
