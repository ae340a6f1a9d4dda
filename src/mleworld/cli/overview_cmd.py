"""`mleworld task overview DIR`: print the data overview agents and the world model read,
then, for a task with a leaderboard, its reference ladder (references and thresholds).

Thin wiring over `mleworld.tasks.overview` (`data_overview`, and `ladder_overview`
for the private section agents never see); the folder choice (a task's public/ or
the folder itself) lives there too, so the Python API gives the same text.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from mleworld.cli import groups


def register(app: typer.Typer) -> None:
    """Add `mleworld task overview` to the task group."""
    if any(cmd.name == "overview" for cmd in groups.task_app.registered_commands):
        return  # main() may register twice in one process (tests)

    @groups.task_app.command("overview")
    def overview(
        directory: Path = typer.Argument(
            ...,
            help=(
                "A task directory (its public/ is described), a bundled suite task name "
                "(prepared on first use) or any data folder."
            ),
        ),
        budget: int = typer.Option(
            6000, "--budget", help="The most characters the data overview may have."
        ),
        ladder: bool = typer.Option(
            True,
            "--ladder/--no-ladder",
            help="After the data overview, show the task's reference ladder (private).",
        ),
    ) -> None:
        """Describe the files in a task's public/ folder (or any data folder), then the
        task's reference ladder: its references, their scores and the medal thresholds."""
        from mleworld.tasks.overview import data_overview, resolve_data_dir
        from mleworld.tasks.overview.ladder import ladder_overview

        directory = _suite_task_dir(directory)
        text = data_overview(resolve_data_dir(directory), budget_chars=budget)
        section = ladder_overview(directory) if ladder else None
        if section:
            text = f"{text}\n\n{section}"
        out = sys.stdout
        if hasattr(out, "reconfigure"):
            out.reconfigure(errors="replace")  # data may hold characters the terminal cannot show
        out.write(text + "\n")


def _suite_task_dir(directory: Path) -> Path:
    """A path that does not exist but names a bundled suite task: that task's folder."""
    if directory.expanduser().exists() or len(directory.parts) != 1:
        return directory
    try:
        from mleworld.tasks.suite import prepare_suite_task, suite_names
    except ImportError:  # a build without the bundled suite
        return directory
    return prepare_suite_task(directory.name) if directory.name in suite_names() else directory
