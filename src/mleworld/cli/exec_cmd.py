"""`mleworld exec`: run one program for real in the sandbox and show its outcome.

Thin wiring over `mleworld.execution.sandbox.execute`. The exit code is 0
whenever the program ran (its crash or timeout is data, shown in the outcome);
2 for a user error (missing program file, bad task) or an executor failure.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from mleworld.errors import MleWorldError

if TYPE_CHECKING:
    from mleworld.execution.outcome import Outcome
    from mleworld.tasks.task import Task

JSON_KEYS = (
    "exc_type",
    "term_out",
    "metric",
    "metric_line",
    "submission",
    "submission_valid",
    "submission_error",
    "runtime_s",
    "timed_out",
    "exit_code",
    "cores",
    "threads",
    "concurrent_runs",
    "load_1m",
)


def resolve_task(name_or_dir: str) -> Task:
    """A task directory, or the name of a bundled suite task."""
    from mleworld.tasks.task import load_task

    if Path(name_or_dir).expanduser().is_dir():
        return load_task(Path(name_or_dir).expanduser())
    try:
        from mleworld.tasks.suite import resolve_task as resolve_suite_task
    except ImportError:  # a build without the bundled suite: only directories
        return load_task(name_or_dir)
    return resolve_suite_task(name_or_dir)


def exec_program(
    program: Annotated[
        Path, typer.Argument(help="The Python program to run (saved as runfile.py).")
    ],
    task: Annotated[
        str | None,
        typer.Option(
            "--task", help="Task directory or bundled suite task name; input/ = its public/."
        ),
    ] = None,
    data_dir: Annotated[
        Path | None,
        typer.Option("--data-dir", help="A data directory to use as input/ instead of a task."),
    ] = None,
    time_limit: Annotated[
        float | None,
        typer.Option(
            "--time-limit", help="Wall-clock limit in seconds (default: the task's, or 600)."
        ),
    ] = None,
    memory_mb: Annotated[
        int, typer.Option("--memory-mb", help="Address-space limit in MB (0: no limit).")
    ] = 4096,
    keep_workspace: Annotated[
        bool,
        typer.Option("--keep-workspace", help="Keep the run's workspace and print where it is."),
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the outcome as one JSON object.")
    ] = False,
) -> None:
    """Run a program in the sandbox, with a task's public files as ./input/."""
    from mleworld.execution.limits import Limits
    from mleworld.execution.sandbox import execute

    if not program.is_file():
        raise MleWorldError(f"program file {program} does not exist; pass the path of a .py file")
    if (task is None) == (data_dir is None):
        raise MleWorldError("pass exactly one of --task DIR_OR_NAME or --data-dir DIR")
    if data_dir is not None and not data_dir.is_dir():
        raise MleWorldError(f"data dir {data_dir} does not exist; pass a directory of input files")
    try:
        code = program.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise MleWorldError(f"{program} is not UTF-8 text; save the program as UTF-8") from None
    resolved = resolve_task(task) if task is not None else None
    default_limit = resolved.time_limit_s if resolved is not None else Limits.time_limit_s
    limits = Limits(
        time_limit_s=time_limit if time_limit is not None else default_limit,
        memory_mb=memory_mb or None,
    )
    workspace = None
    if keep_workspace:
        import tempfile

        workspace = Path(tempfile.mkdtemp(prefix="mleworld-run-"))
    outcome = execute(code, resolved, data_dir=data_dir, limits=limits, workspace=workspace)
    if as_json:
        from mleworld.cli.common import print_json

        data = outcome.to_dict()
        print_json({key: data[key] for key in JSON_KEYS})
        return
    render(outcome, workspace)


def render(outcome: Outcome, workspace: Path | None) -> None:
    """The terminal output as printed, then a summary table."""
    from rich.console import Console
    from rich.rule import Rule
    from rich.table import Table
    from rich.text import Text

    from mleworld.execution.isolation import isolation_status

    console = Console(soft_wrap=True)
    console.print(Rule("terminal output"))
    console.print(outcome.term_out, markup=False, highlight=False, end="")
    if outcome.term_out and not outcome.term_out.endswith("\n"):
        console.print()
    console.print(Rule("outcome"))
    table = Table(show_header=False, box=None)
    table.add_column("field", style="bold")
    table.add_column("value")

    def row(name: str, value: str) -> None:
        table.add_row(name, Text(value))  # Text: program output is never read as markup

    row("exception", outcome.exc_type + (" (timed out)" if outcome.timed_out else ""))
    row("exit code", str(outcome.exit_code))
    row("metric", "-" if outcome.metric is None else f"{outcome.metric:.6g}")
    if outcome.metric_line:
        row("metric line", outcome.metric_line.strip())
    sub = "yes" if outcome.submission else "no"
    if outcome.submission_valid is not None:
        sub += ", valid" if outcome.submission_valid else f", invalid: {outcome.submission_error}"
    row("submission", sub)
    row("runtime", f"{outcome.runtime_s:.2f} s")
    if outcome.threads is not None:
        running = outcome.concurrent_runs or 1
        shared = f"{outcome.cores} cores, {running} program{'s' if running != 1 else ''} running"
        row("threads", f"{outcome.threads} ({shared})")
    if workspace is not None:
        row("workspace", str(workspace))
    console.print(table)
    console.print(Text(f"isolation: {isolation_status()}", style="dim"))


def register(app: typer.Typer) -> None:
    """Add `mleworld exec` to the main app."""
    app.command("exec")(exec_program)
