"""The text a code model reads at each AIDE stage (draft, improve, debug).

Owns the stage prompts, the memory summary of earlier nodes (`build_memory`),
the system message, and the corrective message sent when an answer holds no
usable program. The structure follows AIDE (introduction, task, memory,
instructions, installed packages, data overview, plus the parent program and
its output for improve/debug); the wording is ours. Prompts are deterministic:
the same inputs give the same text. This module does not call any model and
does not decide which stage runs (the agent does).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from typing import Any

from mleworld.errors import ConfigError, MleWorldError, TaskError

STAGES: tuple[str, ...] = ("draft", "improve", "debug")
MEMORY_BUDGET_CHARS = 5000
OUTPUT_BUDGET_CHARS = 6000
PLAN_BUDGET_CHARS = 800  # per memory entry: a plan is a few sentences, not an essay
OUTPUT_HEAD_SHARE = 0.2  # the rest of the output budget goes to the tail (traceback, metric)
MEMORY_SEPARATOR = "\n" + "-" * 32 + "\n"

SYSTEM_MESSAGE = (
    "You are an expert machine learning engineer competing on Kaggle. "
    "You answer with a brief plan in prose followed by exactly one ```python block "
    "holding a complete program that runs as is."
)

_ROLE = (
    "You are a Kaggle grandmaster-level machine learning engineer working on the "
    "competition described below."
)

_INTRODUCTION = {
    "draft": (
        f"{_ROLE} Write a first complete solution. Choose an approach that is sound and "
        "quick to run rather than the most elaborate one: later steps will refine it, so "
        "a clean working baseline with an honest validation score is what matters now."
    ),
    "improve": (
        f"{_ROLE} Below is a working solution and what it printed. Improve it with ONE "
        "atomic change (for example a new feature, a different model, a tuned "
        "hyperparameter, or a better preprocessing step) so that the effect of that "
        "single change can be measured. Keep everything else as it is."
    ),
    "debug": (
        f"{_ROLE} Below is your previous solution and its terminal output: it crashed, "
        "ran out of time, or produced no usable submission. Find the cause in the output, "
        "then rewrite the program so it runs to the end. Fix the bug; do not redesign "
        "the approach."
    ),
}

_PLAN_ASK = {
    "draft": "a short plan (3-6 sentences) of the approach: model, features, validation",
    "improve": "a short plan (2-4 sentences) naming the one change and why it should help",
    "debug": "a short explanation (2-4 sentences) of what went wrong and how you fix it",
}

_MEMORY_INTRO = {
    "draft": (
        "Solutions already tried for this competition, oldest first. Do not repeat "
        "them: propose a different approach."
    ),
    "improve": (
        "Changes already tried for this competition, oldest first. Do not repeat one "
        "that did not help; build on what worked."
    ),
    "debug": "Earlier attempts for this competition, oldest first.",
}


def human_duration(seconds: float) -> str:
    """600 -> "10 minutes", 5400 -> "1 hour 30 minutes", 45 -> "45 seconds"."""
    total = max(0, int(math.ceil(seconds)))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    parts = []
    for value, unit in ((hours, "hour"), (minutes, "minute"), (secs, "second")):
        if value:
            parts.append(f"{value} {unit}{'s' if value != 1 else ''}")
    return " ".join(parts) if parts else "0 seconds"


def trim_output(text: str, budget_chars: int = OUTPUT_BUDGET_CHARS) -> str:
    """Fit terminal output in `budget_chars`, keeping mostly the tail.

    The end of a run's output holds what matters (the traceback, the final
    validation line); a little of the head is kept for the setup it printed.
    """
    if len(text) <= budget_chars:
        return text
    marker = "\n[... {} characters cut ...]\n"
    if budget_chars < 4 * len(marker):
        return text[len(text) - max(0, budget_chars) :]
    head_len = int(budget_chars * OUTPUT_HEAD_SHARE)
    tail_len = max(0, budget_chars - head_len - len(marker.format(len(text))))
    cut = len(text) - head_len - tail_len
    tail = text[len(text) - tail_len :] if tail_len else ""
    return text[:head_len] + marker.format(cut) + tail


def _field(node: Any, name: str, default: Any = None) -> Any:
    if isinstance(node, Mapping):
        return node.get(name, default)
    return getattr(node, name, default)


def _metric_number(value: Any) -> float | None:
    """A metric as a float; accepts plain numbers and objects with a `.value`."""
    value = getattr(value, "value", value)
    if value is None or isinstance(value, bool):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def _clip(text: str, budget: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= budget else text[: max(0, budget - 3)].rstrip() + "..."


def memory_entry(node: Any, metric_name: str | None = None) -> str:
    """One node's summary: its plan and either its validation metric or its bug."""
    stage = str(_field(node, "stage") or "")
    plan = _clip(str(_field(node, "plan") or "(no plan given)"), PLAN_BUDGET_CHARS)
    lines = [f"Design ({stage}): {plan}" if stage else f"Design: {plan}"]
    metric = _metric_number(_field(node, "metric"))
    if _field(node, "is_buggy", False) or metric is None and _field(node, "is_buggy") is None:
        exc_type = _field(node, "exc_type")
        kind = f" ({exc_type})" if exc_type and exc_type != "None" else ""
        lines.append(f"Result: buggy{kind}, no valid score")
    elif metric is None:
        lines.append("Result: ran, but printed no validation score")
    else:
        lines.append(f"Result: validation {metric_name or 'metric'} = {metric:.6g}")
    summary = _field(node, "summary")
    if summary:
        lines.append(f"Notes: {_clip(str(summary), PLAN_BUDGET_CHARS // 2)}")
    return "\n".join(lines)


def _fit_entries(entries: list[str], budget_chars: int) -> str:
    """Join entries, dropping the oldest until the text fits `budget_chars`."""
    if not entries or budget_chars <= 0:
        return ""
    sep = len(MEMORY_SEPARATOR)
    suffix = 0  # length of entries[start:] joined, built from the newest backwards
    lengths: list[int] = [0] * len(entries)
    for start in range(len(entries) - 1, -1, -1):
        suffix += len(entries[start]) + (sep if start < len(entries) - 1 else 0)
        lengths[start] = suffix
    for start, joined in enumerate(lengths):
        note = f"({start} earlier entries omitted)" if start else ""
        if joined + (len(note) + sep if note else 0) <= budget_chars:
            return MEMORY_SEPARATOR.join(([note] if note else []) + entries[start:])
    # Not even the newest entry fits: keep its end, which holds the result.
    return entries[-1][-budget_chars:]


def build_memory(
    nodes: Iterable[Any],
    budget_chars: int = MEMORY_BUDGET_CHARS,
    metric_name: str | None = None,
) -> str:
    """Summarise earlier nodes (oldest first) for the Memory section.

    Each node is a mapping or an object with:
      plan: str          the node's plan (prose)
      metric: float|None its validation score (an object with `.value` works too)
      is_buggy: bool     True when the run failed or gave no usable score
      stage: str         "draft" | "improve" | "debug"
    and optionally exc_type: str (the exception class) and summary: str (a review).
    A node with is_buggy unset and no metric counts as buggy. When the summaries
    exceed `budget_chars`, the oldest are dropped first.
    """
    entries = [memory_entry(node, metric_name) for node in nodes]
    return _fit_entries(entries, budget_chars)


def _clip_memory(memory: str, budget_chars: int) -> str:
    if len(memory) <= budget_chars:
        return memory
    return _fit_entries(memory.split(MEMORY_SEPARATOR), budget_chars)


def _direction(task: Any) -> str:
    try:
        return "lower is better" if task.is_lower_better else "higher is better"
    except MleWorldError:
        return ""


def task_description(task: Any) -> str:
    """The task's description.md text; TaskError when it cannot be read."""
    try:
        return str(task.description).strip()
    except OSError:
        raise TaskError(
            f"{task.description_path} cannot be read; every task needs a description.md"
        ) from None


def _fenced(text: str, language: str = "") -> str:
    # A longer fence than any run of backticks inside keeps quoted text from closing it.
    longest = max((len(m) for m in re.findall(r"^[ \t]*(`{3,})", text, re.MULTILINE)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{language}\n{text.rstrip()}\n{fence}"


def _guidelines(task: Any, time_limit_s: float) -> str:
    metric = str(task.metric)
    direction = _direction(task)
    metric_note = f" ({direction})" if direction else ""
    columns = ", ".join([str(task.id_column), *map(str, task.target_columns)])
    items = [
        f"Score the model on data it was not trained on (a hold-out split of the training "
        f"data, or cross-validation) with the competition metric, {metric}{metric_note}, "
        f"and print the score on its own line exactly in this form: "
        f"`Validation {metric}: <value>`.",
        "Predict every row of ./input/test.csv and write the predictions to "
        "./submission/submission.csv (create the folder if needed) with the same columns, "
        f"column order and ids as ./input/sample_submission.csv (columns: {columns}).",
        f"The run is stopped after {human_duration(time_limit_s)}, data loading and "
        "training included: size the model, epochs and number of folds to finish well "
        "within that.",
        "All input files are in ./input/. Read nothing outside ./input/ and download "
        "nothing: there is no network access.",
        "Print a few informative lines, but no progress bars or per-iteration training "
        "logs (turn off tqdm and set verbose=0 or -1 where a library logs by default).",
        "Use only the packages listed under Installed packages (and the standard library); "
        "do not install anything. Fix random seeds so a rerun gives the same result.",
    ]
    return "\n".join(f"- {item}" for item in items)


def build_prompt(
    stage: str,
    task: Any,
    overview: str,
    memory: str,
    parent_code: str | None = None,
    parent_output: str | None = None,
    packages: Mapping[str, str] | None = None,
    time_limit_s: float | None = None,
    *,
    memory_budget_chars: int = MEMORY_BUDGET_CHARS,
    output_budget_chars: int = OUTPUT_BUDGET_CHARS,
) -> str:
    """The full user prompt for one AIDE stage.

    `task` is a mleworld Task (description, metric, id/target columns, time
    limit). `overview` is the data overview of ./input/; `memory` comes from
    build_memory (trimmed to `memory_budget_chars`, oldest entries first; AIDE
    passes none at the debug stage). improve and debug need `parent_code`;
    `parent_output` is that program's terminal output, trimmed to
    `output_budget_chars` keeping the tail. `packages` defaults to
    installed_packages(); `time_limit_s` to the task's limit.
    """
    if stage not in STAGES:
        raise ConfigError(f"unknown prompt stage {stage!r}; use one of {', '.join(STAGES)}")
    if stage != "draft" and not parent_code:
        raise MleWorldError(f"the {stage} prompt needs the parent program; pass parent_code")
    if packages is None:
        from mleworld.codegen.packages import installed_packages

        packages = installed_packages()
    limit = float(task.time_limit_s if time_limit_s is None else time_limit_s)

    sections: list[str] = [
        f"# Introduction\n\n{_INTRODUCTION[stage]}",
        f"# Task description\n\n{task_description(task)}",
    ]
    memory = _clip_memory((memory or "").strip(), memory_budget_chars)
    if memory:
        sections.append(f"# Memory\n\n{_MEMORY_INTRO[stage]}\n\n{memory}")
    if stage != "draft":
        assert parent_code is not None
        title = "Previous solution" if stage == "improve" else "Buggy solution"
        output = trim_output((parent_output or "").rstrip(), output_budget_chars)
        sections.append(
            f"# {title}\n\n{_fenced(parent_code.rstrip(), 'python')}\n\n"
            f"## Its terminal output\n\n{_fenced(output or '(the program printed nothing)')}"
        )
    sections.append(
        "# Instructions\n\n"
        "## Response format\n\n"
        f"Answer with {_PLAN_ASK[stage]}, then ONE ```python block holding the complete "
        "program: a single file that runs as is, not a fragment or a diff. Write no other "
        "code blocks and nothing after the program.\n\n"
        "## Implementation guideline\n\n"
        f"{_guidelines(task, limit)}\n\n"
        "## Installed packages\n\n"
        f"{_package_lines(packages)}"
    )
    if overview and overview.strip():
        sections.append(f"# Data overview\n\n{overview.strip()}")
    return "\n\n".join(sections) + "\n"


def _package_lines(packages: Mapping[str, str]) -> str:
    from mleworld.codegen.packages import format_packages, python_version

    listed = format_packages(dict(packages)) or "(none of the common ML packages)"
    return f"Python {python_version()} with:\n{listed}"


def reask_message(problem: str, cut: bool = False) -> str:
    """What to tell a model whose answer held no usable program (`cut`: hit the token limit)."""
    shorter = " It was cut off at the length limit, so keep the reply shorter." if cut else ""
    return (
        f"Your answer cannot be used: {problem}.{shorter} Reply again with the short plan and "
        "then exactly one ```python block containing the complete, syntactically valid program."
    )
