"""Command groups shared by several CLI modules (`mleworld task ...`)."""

from __future__ import annotations

import typer

task_app = typer.Typer(
    help="Create, validate, list, prepare and inspect tasks.", no_args_is_help=True
)

corpus_app = typer.Typer(
    help="Build execution corpora: ingest runs, synthesize, dedup, filter, split, stats, export.",
    no_args_is_help=True,
)

wm_app = typer.Typer(help="Train and evaluate world models.", no_args_is_help=True)
