"""`mleworld task overview DIR`: print the data overview agents and the world model read.

Thin wiring over `mleworld.tasks.overview`; the folder choice (a task's public/
or the folder itself) lives there too, so the Python API gives the same text.
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
            ..., help="A task directory (its public/ is described) or any data folder."
        ),
        budget: int = typer.Option(
            6000, "--budget", help="The most characters the overview may have."
        ),
    ) -> None:
        """Describe the files in a task's public/ folder (or any data folder)."""
        from mleworld.tasks.overview import data_overview, resolve_data_dir

        text = data_overview(resolve_data_dir(directory), budget_chars=budget)
        out = sys.stdout
        if hasattr(out, "reconfigure"):
            out.reconfigure(errors="replace")  # data may hold characters the terminal cannot show
        out.write(text + "\n")
