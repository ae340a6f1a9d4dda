"""`mleworld grade`: score a submission CSV against a task's hidden answers.

Thin wiring over `mleworld.tasks.grading.grade_file`; the exit code is 0 for a
valid, graded submission and 2 for an invalid one (or a broken task).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from mleworld.tasks.grading import GradeResult
    from mleworld.tasks.task import Task

INVALID_EXIT = 2


def resolve(task: str) -> Task:
    """A task directory, or the name of a bundled suite task."""
    from mleworld.tasks.task import load_task

    if Path(task).is_dir():
        return load_task(task)
    try:
        from mleworld.tasks.suite import resolve_task
    except ImportError:  # a build without the bundled suite: only directories
        return load_task(task)
    return resolve_task(task)


def _number(value: float | None, digits: int = 6) -> str:
    return "-" if value is None else f"{value:.{digits}g}"


def render(result: GradeResult, task: Task) -> None:
    """Print the result as a two-column table."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"grade: {task.id} ({task.metric}, {_direction(task)})")
    table.add_column("field")
    table.add_column("value")
    table.add_row("valid", "yes" if result.valid else "no")
    if result.error:
        table.add_row("error", result.error)
    table.add_row("score", _number(result.score, 8))
    table.add_row("normalised score", _number(result.normalized_score, 4))
    table.add_row("percentile", "-" if result.percentile is None else f"{result.percentile:.1f}")
    table.add_row("medal", result.medal or "none")
    table.add_row("above median", "yes" if result.above_median else "no")
    for name in ("gold", "silver", "bronze", "median"):
        table.add_row(f"{name} threshold", _number(getattr(result, f"{name}_threshold"), 8))
    table.add_row("lower is better", "yes" if result.is_lower_better else "no")
    Console(soft_wrap=True).print(table)


def _direction(task: Task) -> str:
    return "minimize" if task.is_lower_better else "maximize"


def grade(
    task: Annotated[
        str, typer.Option("--task", help="Task directory (or bundled suite task name).")
    ],
    submission: Annotated[Path, typer.Option("--submission", help="Submission CSV to grade.")],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the result as one JSON object.")
    ] = False,
) -> None:
    """Grade a submission: score, validity, leaderboard percentile and medal, and on a
    factory task the normalised score (0 = constant prediction, 1 = strongest reference)."""
    from mleworld.cli.common import print_json
    from mleworld.tasks.grading import grade_file

    resolved = resolve(task)
    result = grade_file(resolved, submission)
    if as_json:
        print_json(result.to_dict())
    else:
        render(result, resolved)
        if not result.valid:
            print(f"error: {result.error}", file=sys.stderr)
    if not result.valid:
        raise typer.Exit(code=INVALID_EXIT)


def register(app: typer.Typer) -> None:
    """Add `mleworld grade` to the main app."""
    app.command("grade")(grade)
