"""What a run's search spent, counted from its journal: real runs, trusted programs,
predictions and world-model time, code-model draws, and real execution time by
stage and by outcome.

Every real execution counts, the chosen program's and those of candidates a
policy ran (bon-real), with the runtime it reported; a trusted program counts
as skipped. run.json's `search` section, the live line and the report all read
these numbers from here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from mleworld.agent.node import Node
from mleworld.execution.outcome import Outcome

STAGES = ("draft", "improve", "debug")


def run_status(outcome: dict[str, Any]) -> str:
    """clean, buggy or timeout: how one real execution ended."""
    record = Outcome.from_dict(outcome)
    if record.timed_out:
        return "timeout"
    return "buggy" if record.is_buggy else "clean"


def tally(nodes: Iterable[Node]) -> dict[str, Any]:
    """The search accounting of these nodes (run.json's `search` section, less its names)."""
    runs: Counter[str] = Counter()
    by_stage: Counter[str] = Counter()
    by_outcome: Counter[str] = Counter()
    trusted = predictions = generations = 0
    wm_time = 0.0
    steps = 0
    for node in nodes:
        steps += 1
        trusted += node.predicted_only
        predictions += node.predictions
        generations += node.generations
        wm_time += node.wm_time_s
        for _, _, outcome in node.real_run_list():
            status = run_status(outcome)
            seconds = float(outcome.get("runtime_s") or 0.0)
            runs[status] += 1
            by_stage[node.stage] += seconds
            by_outcome[status] += seconds
    return {
        "real_runs": sum(runs.values()),
        "trusted": trusted,
        "predictions": predictions,
        "generations": generations,
        "wm_time_s": round(wm_time, 3),
        "exec_time_s_by_stage": {s: round(by_stage[s], 3) for s in STAGES if s in by_stage},
        "exec_time_s_by_outcome": {k: round(v, 3) for k, v in sorted(by_outcome.items())},
        "runs_by_outcome": dict(sorted(runs.items())),
        "steps": steps,
    }


def live_line(nodes: list[Node]) -> str:
    """`ran 5/12, trusted 7`: real runs over steps, and how many predictions stood in."""
    counts = tally(nodes)
    line = f"ran {counts['real_runs']}/{counts['steps']}"
    if counts["trusted"]:
        line += f", trusted {counts['trusted']}"
    if counts["predictions"]:
        line += f", {counts['predictions']} predicted"
    return line
