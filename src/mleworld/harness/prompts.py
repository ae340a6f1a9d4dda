"""The two fixed messages of a harness conversation: the system message and the task."""

from __future__ import annotations

from typing import Any

SYSTEM = """You are an ML engineer solving a machine-learning task by experiment. You work \
through tools over a tree of solution nodes that you can revisit at any time.

- inspect_data shows the task, its files and column statistics.
- write_solution makes a new node: a complete Python program (code), or a unified diff \
against a parent node's code (diff). Nothing runs until you ask.
- predict asks a world model what a node would print and whether it would crash, with its \
confidence, without running it. Use it to skip runs that would fail.
- run executes a node for real in a sandbox. Programs read ./input/ and must write \
./submission/submission.csv and print the validation score.
- read_node and history show any node's code, outcome and metric, and the tree.
- invalidate marks a node whose score you do not trust (leakage, overfitting).
- submit marks the node whose submission counts; by default the best verified node counts.

Budgets are limited (nodes, execution time, turns). When you are done, answer without a tool \
call."""


def task_message(task: Any, budgets: dict[str, Any]) -> str:
    direction = "lower is better" if task.is_lower_better else "higher is better"
    limits = ", ".join(f"{k}: {v}" for k, v in budgets.items() if v is not None)
    return (
        f"Task {task.id}: {task.metric} ({direction}); predict "
        f"{', '.join(task.target_columns)} for each {task.id_column} of test.csv. "
        f"Each program may run for {float(task.time_limit_s):g} s. Budgets: {limits}.\n\n"
        "Start with inspect_data for the description and the data."
    )
