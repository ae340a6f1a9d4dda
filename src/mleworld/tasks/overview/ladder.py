"""The reference-ladder section `mleworld task overview` prints after the data overview.

This text is for the person looking at a task, never for agents or the world
model: it reads `private/` (the leaderboard) and task.yaml's `reference_ladder`
summary (reference_summary.py), and `data_overview` never includes it. It
lists the team count, the medal and median thresholds with the positions that
set them, and, for a factory task, each reference solution's test score with
the percentile and medal it gets on the ladder and the test-set bootstrap
standard error of the strong references' scores.

This module owns the wording; the arithmetic is leaderboard.py's.
"""

from __future__ import annotations

from pathlib import Path

from mleworld.tasks.leaderboard import load_leaderboard, medal_positions, rank, thresholds
from mleworld.tasks.reference_summary import LadderSummary
from mleworld.tasks.task import TASK_FILE, load_task

__all__ = ["ladder_overview"]


def _num(x: float) -> str:
    return f"{x:.6g}"


def ladder_overview(directory: Path) -> str | None:
    """The ladder section for a task directory with a leaderboard, else None."""
    directory = Path(directory)
    if not (directory / TASK_FILE).is_file():
        return None
    task = load_task(directory)
    if not task.leaderboard_path.is_file():
        return None
    board = load_leaderboard(task.leaderboard_path)
    lower = task.is_lower_better
    limits = thresholds(board, lower)
    gold, silver, bronze = medal_positions(len(board))
    summary = LadderSummary.of(task)
    kind = "reference ladder" if summary else "leaderboard"
    lines = [
        f"## {kind.capitalize()} (private: programs never see it)",
        f"{len(board):,} teams; {task.metric}, {'lower' if lower else 'higher'} is better",
        f"gold {_num(limits.gold)} (position {gold}), silver {_num(limits.silver)} "
        f"(position {silver}), bronze {_num(limits.bronze)} (position {bronze}), "
        f"median {_num(limits.median)}",
    ]
    if summary is None:
        return "\n".join(lines)
    lines.append(
        f"strongest reference: {summary.strongest} {_num(summary.strongest_score)} "
        f"(test-set bootstrap SE of the strong references {_num(summary.score_se)}); "
        "normalised score = "
        f"(score - {_num(summary.constant)}) / "
        f"({_num(summary.strongest_score)} - {_num(summary.constant)})"
    )
    ordered = sorted(summary.references.items(), key=lambda kv: kv[1] if lower else -kv[1])
    width = max(len(name) for name, _ in ordered)
    lines.append(f"{'reference':<{width}}  {'score':>10}  {'percentile':>10}  medal")
    off = set(summary.off_ladder)
    for name, score in ordered:
        r = rank(score, board, lower)
        medal = r.medal or "-"
        note = "  (off the ladder: worse than the constant)" if name in off else ""
        lines.append(f"{name:<{width}}  {_num(score):>10}  {r.percentile:>10.1f}  {medal}{note}")
    return "\n".join(lines)
