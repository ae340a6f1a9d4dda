"""What programs written elsewhere score on a task, and how far a draft's metric leans towards it.

Without a parent, a program's metric is anchored on what the training corpus's
programs of its model family score on the task (anchor.py). The corpus is the
builtin writer's: on a task where other writers validate differently (the
latest dates held out on a time series) or engineer other features, their
programs score elsewhere. Measured with the development half's runs only
(`python benchmarks/other_writers.py`, at session 22's final code): on that half, each
program leaning on the other programs of its task, metric within 5% of the observed
75 -> 85 of 120 clean runs with a metric (within 15%: 90 -> 99) and terminal output
78.7% -> 81.2% of 239; on the calibration half, which nobody develops against, metric
within 5% 69 -> 83 of 108 (within 15%: 84 -> 92) and terminal output 64.5% -> 67.7% of
220.

`other_writers_runs` keeps, per task, the runs of a program set with real outcomes
(training uses the halves of the calibration set that are not test): clean runs whose
headline metric is the task's metric (or unnamed). `median_of` takes their median for
a query, leaving out the query's own run (by a digest of its text), so scoring those
halves is out of sample; at least `MIN_PROGRAMS` runs must remain. `lean` says how far
a query leans towards it: all the way for a program unlike the corpus (a share of its
identifiers training never saw of `UNSEEN_FULL` or more), proportionally less below,
nothing for a program whose every identifier the corpus has (the builtin writer's own)
or that has a parent (an improve step is anchored on its parent's metric).

All the way, not half: such a program is itself another writer's, so the other
writers' runs of its task are its population, while the corpus anchor carries the
builtin writer's habits (a random split where others hold out the latest dates).
Development half, its own half's runs, the lean's weight 0.5 / 0.75 / 1.0: metric
within 5% 83 / 84 / 85 of 120, within 15% 96 / 98 / 99, terminal output 80.3% /
80.8% / 81.2% (the weight was chosen on this half; the calibration half was read
after).
"""

from __future__ import annotations

import hashlib
import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from mleworld.execution.headline import extract_headline, metric_name_of

MIN_PROGRAMS = 3
WEIGHT = 1.0
UNSEEN_FULL = 0.05

# Per task: (digest of the program's text, its headline metric) of each counted run.
Runs = dict[str, list[tuple[str, float]]]


def program_digest(program: str) -> str:
    """What names a program among the runs: a digest of its text."""
    return hashlib.sha1(program.encode("utf-8", "replace")).hexdigest()[:16]


def other_writers_runs(records: Iterable[Any], task_metric: dict[str, str | None]) -> Runs:
    """Per task, the clean runs of `records` that print the task's metric, with their metric.

    `task_metric`: each task's metric (None when unknown: the name most of its
    programs print is taken).
    """
    named: dict[str, list[tuple[str | None, str, float]]] = defaultdict(list)
    for record in records:
        metric = record.y.metric
        if record.y.exc_type != "None" or metric is None or not math.isfinite(metric):
            continue
        head = extract_headline(record.y.term_out)
        if head is not None:
            digest = program_digest(record.x.program)
            named[record.task_id].append((head.name, digest, float(metric)))
    out: Runs = {}
    for task, runs in sorted(named.items()):
        name = metric_name_of(task_metric.get(task))
        if name is None:
            printed = Counter(n for n, _, _ in runs if n is not None)
            name = printed.most_common(1)[0][0] if printed else None
        out[task] = [(d, v) for n, d, v in runs if n is None or n == name]
    return out


def median_of(runs: list[tuple[str, float]], program: str) -> float | None:
    """The median metric of the runs other than the program's own (None: fewer than
    MIN_PROGRAMS), so a program of the set itself is predicted without its own run."""
    own = program_digest(program)
    values = [v for digest, v in runs if digest != own]
    return float(statistics.median(values)) if len(values) >= MIN_PROGRAMS else None


def lean(tokens_unseen: float, has_parent: bool) -> float:
    """The weight of the other writers' median in a query's anchor (0: none)."""
    if has_parent or not math.isfinite(tokens_unseen) or tokens_unseen <= 0.0:
        return 0.0
    return WEIGHT * min(1.0, tokens_unseen / UNSEEN_FULL)
