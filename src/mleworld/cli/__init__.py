"""The `mleworld` command: thin wiring from flags to the layers' Python API.

Each layer's commands live in their own module here and register themselves on
the one typer app. User errors (MleWorldError) print one line and exit 2.
"""

from __future__ import annotations

import sys

import typer

from mleworld.errors import MleWorldError

app = typer.Typer(
    name="mleworld",
    help="An ML-engineering agent with a learned execution world model.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """An ML-engineering agent with a learned execution world model."""


@app.command()
def version() -> None:
    """Print the mleworld version."""
    from mleworld import __version__

    print(__version__)


_registered = False


def _register() -> None:
    global _registered
    if _registered:  # main() may be called many times in one process (tests)
        return
    _registered = True
    from mleworld.cli import (
        corpus_cmd,
        exec_cmd,
        experiment_cmd,
        grade_cmd,
        groups,
        judge_cmd,
        overview_cmd,
        predict_cmd,
        run_cmd,
        serve_cmd,
        task_cmd,
        trajectories_cmd,
        wirl_cmd,
        wm_cmd,
        wm_eval_cmd,
    )

    app.add_typer(groups.task_app, name="task")
    app.add_typer(groups.corpus_app, name="corpus")
    app.add_typer(groups.wm_app, name="wm")
    for module in (
        corpus_cmd,
        task_cmd,
        overview_cmd,
        grade_cmd,
        exec_cmd,
        run_cmd,
        judge_cmd,
        predict_cmd,
        serve_cmd,
        wm_cmd,
        wm_eval_cmd,
        experiment_cmd,
        trajectories_cmd,
        wirl_cmd,
    ):
        module.register(app)


def main(argv: list[str] | None = None) -> None:
    """Console entry point."""
    _register()
    try:
        app(args=argv, prog_name="mleworld")
    except MleWorldError as exc:
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(exc.exit_code)


if __name__ == "__main__":
    main()
