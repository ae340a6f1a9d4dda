"""The optional LLM review of a run (AIDE's feedback call): bug flag, metric, summary.

Owns the review prompt and the parsing of the model's JSON verdict. The
executor's regex parser (execution/parsing.py) reads outcomes first; the agent
calls this only as a configured fallback, e.g. when a program prints its score
in a form the parser does not know. It does not decide what to do with the
verdict (the agent does).
"""

from __future__ import annotations

import itertools
import json
import math
import re
from dataclasses import asdict, dataclass
from typing import Any

from mleworld.codegen.base import CodeModel
from mleworld.codegen.prompts import task_description, trim_output
from mleworld.codegen.response import ModelResponseError, strip_reasoning
from mleworld.errors import MleWorldError

DESCRIPTION_BUDGET_CHARS = 3000
OUTPUT_BUDGET_CHARS = 5000
# How many `{` of an answer are tried as the start of the verdict object.
MAX_OBJECT_STARTS = 500

REVIEW_SYSTEM = (
    "You review the run of a machine learning program. You read its code and terminal "
    "output and answer with one JSON object, nothing else."
)

_JSON_FENCE = re.compile(r"```(?:json)?[ \t]*\n(.*?)(?:\n```|$)", re.DOTALL | re.IGNORECASE)


@dataclass(frozen=True)
class ReviewResult:
    is_bug: bool
    metric: float | None
    summary: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def review_prompt(task: Any, code: str, term_out: str) -> str:
    description = task_description(task)
    if len(description) > DESCRIPTION_BUDGET_CHARS:
        description = description[:DESCRIPTION_BUDGET_CHARS].rstrip() + "\n[... cut ...]"
    try:
        direction = "lower is better" if task.is_lower_better else "higher is better"
    except MleWorldError:  # an unknown metric name still deserves a review
        direction = "direction unknown"
    output = trim_output(term_out.rstrip(), OUTPUT_BUDGET_CHARS) or "(no output)"
    return (
        f"# Task\n\n{description}\n\n"
        f"The competition metric is {task.metric} ({direction}).\n\n"
        f"# Program\n\n```python\n{code.rstrip()}\n```\n\n"
        f"# Terminal output\n\n```\n{output}\n```\n\n"
        "# What to answer\n\n"
        "Reply with only a JSON object with these keys:\n"
        '- "is_bug": true if the run crashed, was stopped, or printed no validation score '
        "computed on held-out data; false otherwise.\n"
        '- "metric": the validation score the output reports, as a number; null if there is '
        "none or is_bug is true.\n"
        '- "summary": two or three sentences on what the program did and how it went '
        "(for a bug: what failed and why).\n"
    )


def _json_objects(text: str) -> list[Any]:
    """JSON values found in `text`: the whole text, fenced blocks, then bare `{...}`."""
    found: list[Any] = []
    candidates = [text.strip(), *(m.group(1).strip() for m in _JSON_FENCE.finditer(text))]
    # ValueError covers JSONDecodeError and integers past Python's digit limit;
    # RecursionError, JSON nested deeper than the decoder goes.
    for candidate in candidates:
        try:
            found.append(json.loads(candidate))
        except (ValueError, RecursionError):
            continue
    decoder = json.JSONDecoder()
    # Bounded: each start may decode to the end of the text (or the recursion limit),
    # so an answer of thousands of nested braces would take quadratic time.
    for match in itertools.islice(re.finditer(r"\{", text), MAX_OBJECT_STARTS):
        try:
            value, _ = decoder.raw_decode(text, match.start())
        except (ValueError, RecursionError):
            continue
        found.append(value)
    return found


def _as_bool(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in ("true", "false", "yes", "no"):
        return value.strip().lower() in ("true", "yes")
    return None


def _as_metric(value: Any) -> tuple[bool, float | None]:
    """(understood, value); null-like and non-finite values read as None."""
    if value is None or (isinstance(value, str) and value.strip().lower() in ("", "null", "none")):
        return True, None
    if isinstance(value, bool):
        return False, None
    try:
        number = float(value)
    except OverflowError:  # an integer beyond any float: as good as infinite
        return True, None
    except (TypeError, ValueError):
        return False, None
    return True, number if math.isfinite(number) else None


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def parse_review(text: str) -> ReviewResult:
    """Read the model's JSON verdict; ModelResponseError when none can be found."""
    answer = strip_reasoning(text or "")
    problem = "it holds no JSON object"
    for value in _json_objects(answer):
        if not isinstance(value, dict) or "is_bug" not in value:
            problem = "its JSON lacks is_bug"
            continue
        is_bug = _as_bool(value["is_bug"])
        if is_bug is None:
            problem = f"is_bug is {_shown(value['is_bug'])}, not true or false"
            continue
        understood, metric = _as_metric(value.get("metric"))
        if not understood:
            problem = f"metric is {_shown(value.get('metric'))}, not a number or null"
            continue
        summary = value.get("summary")
        summary = " ".join(str(summary).split()) if summary is not None else ""
        return ReviewResult(is_bug=is_bug, metric=None if is_bug else metric, summary=summary)
    raise ModelResponseError(f"the model's review cannot be read: {problem}")


def review_output(model: CodeModel, task: Any, code: str, term_out: str) -> ReviewResult:
    """Ask `model` whether this run is buggy and what validation score it printed."""
    return parse_review(model.complete(REVIEW_SYSTEM, review_prompt(task, code, term_out)))
