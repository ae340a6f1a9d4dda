"""Command groups shared by several CLI modules (`mleworld task ...`)."""

from __future__ import annotations

import typer

task_app = typer.Typer(
    help="Create, validate, list, prepare and inspect tasks.", no_args_is_help=True
)
