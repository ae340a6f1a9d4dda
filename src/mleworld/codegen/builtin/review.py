"""The builtin model's answer to free-form requests (reviews, judges, comparisons).

The builtin model cannot read prose or judge quality. `answer` is honest about
that: it returns one JSON object with what can be parsed from the request --
whether the terminal output shows a fatal exception (and which), the headline
validation metric and the line it came from, whether a submission was saved, and
the metric direction when a metric is named -- plus ``null`` for any verdict it
was asked for but cannot give (``match``, ``choice``, ``better``, ...), and a
``note`` saying so. The same input always gives the same answer.
"""

from __future__ import annotations

import json
import re
from typing import Any

from mleworld.execution.parsing import last_fatal, parse_metric
from mleworld.tasks.metrics import METRICS

_VERDICT_KEYS = ("match", "choice", "winner", "better", "preferred", "decision", "verdict")
NOTE = (
    "builtin model: fields are parsed from the text (exception, metric line, submission line); "
    "it cannot judge free text, so verdicts are null"
)


def answer(system: str, user: str) -> str:
    prompt = f"{system}\n{user}"
    fatal = last_fatal(user)
    metric, metric_line = parse_metric(user)
    named = _named_metric(prompt)
    lower = None
    if named is not None:
        lower = not METRICS[named].higher_is_better
    elif re.search(r"lower is better", prompt, re.IGNORECASE):
        lower = True
    elif re.search(r"higher is better", prompt, re.IGNORECASE):
        lower = False
    saved = _submission_saved(user)
    is_bug = None
    if fatal is not None and fatal.cls is not None:
        is_bug = True
    elif metric is not None:
        is_bug = False
    out: dict[str, Any] = {
        "is_bug": is_bug,
        "exception": fatal.cls if fatal is not None else None,
        "exception_message": (fatal.message[:300] if fatal is not None else None),
        "metric": metric,
        "metric_line": metric_line,
        "lower_is_better": lower,
        "has_csv_submission": saved,
        "summary": _summary(fatal, metric, metric_line, saved),
    }
    for key in _VERDICT_KEYS:
        if re.search(rf'"{key}"|\b{key}\b\s*:', prompt):
            out[key] = None
    out["note"] = NOTE
    return json.dumps(out, sort_keys=False)


def _named_metric(prompt: str) -> str | None:
    for name in sorted(METRICS, key=len, reverse=True):
        if re.search(rf"\b{name}\b", prompt, re.IGNORECASE):
            return name
    return None


def _submission_saved(text: str) -> bool | None:
    if re.search(r"submission\.csv|[Ss]aved submission|[Ss]ubmission (saved|written)", text):
        return True
    return None


def _summary(fatal: Any, metric: float | None, line: str | None, saved: bool | None) -> str:
    if fatal is not None and fatal.cls is not None:
        msg = f" ({fatal.message[:120]})" if fatal.message else ""
        return f"The run failed with {fatal.cls}{msg}."
    if metric is not None:
        tail = " and saved a submission" if saved else ""
        return f"The run reported {line!r}{tail}."
    return "No exception and no validation metric could be read from the text."
