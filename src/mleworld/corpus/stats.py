"""Corpus statistics in the shape of the paper's Table 5, computed shard by shard.

Counts by generator, stage, outcome (clean, crash, timeout: a timeout or the
interrupt that ends one), crash class (with its share of crashes), labels (a
metric, a submission), task; median and 90th percentile of prompt tokens
(system + user message), target tokens and program lines. Token counts are
world/format.py's tokenizer-free estimates.

Not here: the corpus layout (store.py), the target format (world/format.py).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import numpy as np

from mleworld.corpus.store import Corpus
from mleworld.world.format import (
    WorldInput,
    WorldTarget,
    estimate_prompt_tokens,
    estimate_tokens,
    render_target,
)

_COLUMNS = [
    "task_id",
    "id",
    "stage",
    "generator",
    "exc_type",
    "timed_out",
    "metric",
    "submission",
    "program",
    "packages",
    "failing_imports",
    "python_version",
    "data_overview",
    "time_limit_s",
    "term_out",
]
_TIMEOUTS = ("TimeoutError", "KeyboardInterrupt")


def outcome_of(exc_type: str, timed_out: bool = False) -> str:
    if exc_type == "None":
        return "clean"
    if exc_type in _TIMEOUTS or timed_out:
        return "timeout"
    return "crash"


def program_lines(program: str) -> int:
    if not program:
        return 0
    return program.count("\n") + (0 if program.endswith("\n") else 1)


def _summary(values: list[int]) -> dict[str, float]:
    if not values:
        return {"median": 0.0, "p90": 0.0, "mean": 0.0, "max": 0.0}
    arr = np.asarray(values, dtype=np.int64)
    return {
        "median": float(np.median(arr)),
        "p90": float(np.percentile(arr, 90)),
        "mean": round(float(arr.mean()), 1),
        "max": float(arr.max()),
    }


def stats(corpus: Corpus, *, split: str | None = None, batch_size: int = 1024) -> dict[str, Any]:
    """Table-5 statistics of a corpus (or one split of it)."""
    by_generator: Counter[str] = Counter()
    by_stage: Counter[str] = Counter()
    by_outcome: Counter[str] = Counter({"clean": 0, "crash": 0, "timeout": 0})
    by_exception: Counter[str] = Counter()
    by_task: Counter[str] = Counter()
    labels = {"metric": 0, "submission": 0}
    prompt: list[int] = []
    target: list[int] = []
    lines: list[int] = []
    holdout = corpus.holdout()
    holdout_records = 0
    total = 0
    for rows in corpus.iter_rows(_COLUMNS, split=split, batch_size=batch_size):
        for row in rows:
            total += 1
            if row["id"] in holdout.get(row["task_id"], ()):
                holdout_records += 1
            by_generator[row["generator"] or "unknown"] += 1
            by_stage[row["stage"]] += 1
            by_task[row["task_id"]] += 1
            outcome = outcome_of(row["exc_type"], bool(row["timed_out"]))
            by_outcome[outcome] += 1
            if outcome == "crash":
                by_exception[row["exc_type"]] += 1
            if row["metric"] is not None:
                labels["metric"] += 1
            if row["submission"]:
                labels["submission"] += 1
            x = WorldInput(
                program=row["program"],
                packages=json.loads(row["packages"] or "{}"),
                failing_imports=list(row["failing_imports"] or []),
                python_version=row["python_version"] or "",
                data_overview=row["data_overview"],
                time_limit_s=float(row["time_limit_s"] or 0.0),
            )
            y = WorldTarget(
                row["exc_type"], row["term_out"] or "", row["metric"], bool(row["submission"])
            )
            prompt.append(estimate_prompt_tokens(x))
            target.append(estimate_tokens(render_target(y)))
            lines.append(program_lines(row["program"]))
    holdout_programs = sum(len(ids) for ids in holdout.values())
    return {
        "split": split or "all",
        "total": total,
        "holdout_total": holdout_records,
        "holdout_programs": holdout_programs,
        "train_total": total - holdout_records,
        "by_generator": dict(by_generator.most_common()),
        "by_stage": dict(by_stage.most_common()),
        "by_outcome": dict(by_outcome),
        "by_exception": dict(sorted(by_exception.items(), key=lambda kv: (-kv[1], kv[0]))),
        "labels": labels,
        "by_task": dict(sorted(by_task.items())),
        "lengths": {
            "prompt_tokens": _summary(prompt),
            "target_tokens": _summary(target),
            "program_lines": _summary(lines),
        },
    }


def _pct(n: int, total: int) -> str:
    return f"{100.0 * n / total:.1f}" if total else "0.0"


def render_markdown(table: dict[str, Any], *, top_exceptions: int = 8) -> str:
    """The statistics as a Markdown table like the paper's Table 5."""
    total = int(table["total"])
    out = ["| | Programs | % |", "| --- | ---: | ---: |"]
    title = (
        "All programs" if table.get("split", "all") == "all" else f"All {table['split']} programs"
    )
    out.append(f"| {title} | {total:,} | 100.0 |")

    def section(name: str, counts: dict[str, int], base: int) -> None:
        out.append(f"| _{name}_ | | |")
        for key, n in counts.items():
            out.append(f"| {key} | {n:,} | {_pct(n, base)} |")

    section("Generator model", table["by_generator"], total)
    section("Agent stage", table["by_stage"], total)
    outcomes = table["by_outcome"]
    section(
        "Outcome",
        {
            "Clean run": outcomes["clean"],
            "Crash": outcomes["crash"],
            "Timeout / interrupt": outcomes["timeout"],
        },
        total,
    )
    crashes = int(outcomes["crash"])
    items = list(table["by_exception"].items())
    shown = dict(items[:top_exceptions])
    rest = sum(n for _, n in items[top_exceptions:])
    if rest:
        shown["Other"] = shown.get("Other", 0) + rest
    section("Crash exception class (% of crashes)", shown, crashes)
    section(
        "Labels",
        {
            "Numeric validation metric": table["labels"]["metric"],
            "Submission written": table["labels"]["submission"],
        },
        total,
    )
    out.append("| _Task_ | | |")
    for task, n in table["by_task"].items():
        out.append(f"| {task} | {n:,} | {_pct(n, total)} |")
    out.append("| _Length, median (90th pct.)_ | | |")
    lengths = table["lengths"]
    for label, key in (
        ("Prompt tokens (estimated)", "prompt_tokens"),
        ("Target tokens (estimated)", "target_tokens"),
        ("Program lines", "program_lines"),
    ):
        s = lengths[key]
        out.append(f"| {label} | {s['median']:,.0f} ({s['p90']:,.0f}) | |")
    if table.get("holdout_programs"):
        out.append(
            f"\nHoldout: {table['holdout_programs']:,} programs, {table['holdout_total']:,} records "
            f"(training: {table['train_total']:,} records)."
        )
    return "\n".join(out) + "\n"
