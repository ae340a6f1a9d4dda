"""Reading an outcome out of terminal output: the one import path every layer uses.

Two concepts every layer needs, as pure functions over text, so the executor
(real outputs), the world model (predicted outputs, where no exit code exists)
and the judge (comparing the two) all read logs the same way:

* the **last fatal event** of a log (`last_fatal` -> `FatalInfo`, and
  `parse_exception`, which adds what the exit code and the timeout flag know):
  fatal.py, over the traceback blocks of tracebacks.py;
* the **headline validation result** a program printed (`extract_headline` ->
  `Headline`, `metric_candidates`, and `parse_metric`): headline.py.

This module holds no logic; it re-exports those modules' public names. Not here:
running programs (sandbox.py), checking submission files (submission.py),
comparing two outputs (evaluation/judge.py).
"""

from __future__ import annotations

from mleworld.execution.fatal import (
    FatalInfo,
    continues_after,
    last_fatal,
    parse_exception,
    signal_name,
)
from mleworld.execution.headline import (
    Headline,
    choose_headline,
    extract_headline,
    metric_candidates,
    parse_metric,
)
from mleworld.execution.tracebacks import (
    Frame,
    RaisedException,
    Traceback,
    parse_tracebacks,
    traceback_mask,
)

__all__ = [
    "FatalInfo",
    "Frame",
    "Headline",
    "RaisedException",
    "Traceback",
    "choose_headline",
    "continues_after",
    "extract_headline",
    "last_fatal",
    "metric_candidates",
    "parse_exception",
    "parse_metric",
    "parse_tracebacks",
    "signal_name",
    "traceback_mask",
]
