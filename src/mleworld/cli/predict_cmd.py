"""`mleworld predict`: a world model's prediction of a program's outcome, without running it.

Thin wiring: the query comes from `world.inputs.query_for_program` (rewritten
for another machine by `world.environment` when `--packages FILE` gives its
`pip freeze`), the backend from `world.registry.get_world_model`. Exit code 0
when a prediction was made; 2 for a user error (missing or unreadable program
or packages file, bad task, unknown backend).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from mleworld.errors import MleWorldError

if TYPE_CHECKING:
    from mleworld.world.prediction import Parent, Prediction

STAGES = ("draft", "improve", "debug")
TOP_CLASSES = 5


def _read_program(path: Path, what: str) -> str:
    if not path.is_file():
        raise MleWorldError(f"{what} file {path} does not exist; pass the path of a .py file")
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise MleWorldError(f"{path} is not UTF-8 text; save the {what} as UTF-8") from None
    except OSError as exc:
        raise MleWorldError(f"cannot read {what} {path}: {exc.strerror or exc}") from None


def _parent(program: Path, output: Path | None) -> Parent:
    """The parent as the agent saw it: its code and, when given, the output it printed."""
    from mleworld.execution.parsing import last_fatal, parse_metric
    from mleworld.world.prediction import Parent
    from mleworld.world.vocab import CLEAN

    code = _read_program(program, "parent program")
    if output is None:
        return Parent(program=code)
    if not output.is_file():
        raise MleWorldError(f"parent output file {output} does not exist; pass a text file")
    try:
        text = output.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise MleWorldError(f"cannot read parent output {output}: {exc.strerror or exc}") from None
    fatal = last_fatal(text)
    metric, _ = parse_metric(text)
    return Parent(
        program=code,
        exc_type=fatal.cls if fatal is not None and fatal.cls else CLEAN,
        metric=metric,
        term_out=text,
    )


def predict_program(
    program: Annotated[Path, typer.Argument(help="The Python program to predict (runfile.py).")],
    task: Annotated[
        str | None,
        typer.Option("--task", help="Task directory or bundled suite task name."),
    ] = None,
    data_dir: Annotated[
        Path | None,
        typer.Option("--data-dir", help="A data directory the program would see as ./input/."),
    ] = None,
    time_limit: Annotated[
        float | None,
        typer.Option("--time-limit", help="Wall-clock limit in seconds (default: the task's)."),
    ] = None,
    world_model: Annotated[
        str,
        typer.Option(
            "--world-model",
            help="Backend: fast, fast:PATH, baseline:majority|nearest|parent|random.",
        ),
    ] = "fast",
    corpus: Annotated[
        str | None,
        typer.Option("--corpus", help="Corpus a baseline is fitted on (default: the default)."),
    ] = None,
    stage: Annotated[
        str | None,
        typer.Option(
            "--stage",
            help="draft, improve or debug (default: draft; with --parent, debug "
            "when the parent output shows a crash, else improve).",
        ),
    ] = None,
    parent: Annotated[
        Path | None,
        typer.Option("--parent", help="The parent program this one was written from."),
    ] = None,
    parent_output: Annotated[
        Path | None,
        typer.Option("--parent-output", help="The terminal output the parent printed."),
    ] = None,
    packages: Annotated[
        Path | None,
        typer.Option(
            "--packages",
            help="A `pip freeze` of the machine the program will run on: predict for it.",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the prediction as one JSON object.")
    ] = False,
) -> None:
    """Predict a program's outcome (class, output, metric, submission, runtime) without running it."""
    from mleworld.world.inputs import query_for_program
    from mleworld.world.registry import get_world_model

    code = _read_program(program, "program")
    if (task is None) == (data_dir is None):
        raise MleWorldError("pass exactly one of --task DIR_OR_NAME or --data-dir DIR")
    if data_dir is not None and not data_dir.is_dir():
        raise MleWorldError(f"data dir {data_dir} does not exist; pass a directory of input files")
    if stage is not None and stage not in STAGES:
        raise MleWorldError(f"stage {stage!r} is not one of {', '.join(STAGES)}")
    if parent_output is not None and parent is None:
        raise MleWorldError("--parent-output needs --parent PARENT.py, the program that printed it")
    if time_limit is not None and not time_limit > 0:
        raise MleWorldError(f"--time-limit must be a positive number of seconds, got {time_limit}")
    environment = None
    if packages is not None:
        from mleworld.world.environment import read_freeze

        environment = read_freeze(packages)
    resolved = None
    if task is not None:
        from mleworld.tasks.suite import resolve_task

        resolved = resolve_task(task)
    parent_node = _parent(parent, parent_output) if parent is not None else None
    if stage is None:
        if parent_node is None:
            stage = "draft"
        else:
            crashed = parent_node.exc_type not in (None, "None")
            stage = "debug" if crashed else "improve"
    query = query_for_program(
        code,
        task=resolved,
        data_dir=data_dir,
        time_limit_s=time_limit,
        stage=stage,
        parent=parent_node,
    )
    if environment is not None:
        from mleworld.world.environment import environment_input

        query.x = environment_input(query.x, environment)
    model = get_world_model(
        world_model, corpus=corpus, tasks=[query.task_id] if query.task_id else None
    )
    (prediction,) = model.predict_batch([query])
    if as_json:
        from mleworld.cli.common import print_json

        print_json(prediction.to_dict())
        return
    render(prediction)


def render(prediction: Prediction) -> None:
    """A summary table, the class distribution, then the predicted terminal output."""
    from rich.console import Console
    from rich.rule import Rule
    from rich.table import Table
    from rich.text import Text

    console = Console(soft_wrap=True)
    table = Table(show_header=False, box=None)
    table.add_column("field", style="bold")
    table.add_column("value")

    def row(name: str, value: str) -> None:
        table.add_row(name, Text(value))  # Text: predicted output is never read as markup

    def prob(value: float | None) -> str:
        return "-" if value is None else f"{value:.3f}"

    row("exception", prediction.exc_type)
    if prediction.exc_probs:
        top = sorted(prediction.exc_probs.items(), key=lambda kv: -kv[1])[:TOP_CLASSES]
        row("top classes", "  ".join(f"{cls} {p:.3f}" for cls, p in top))
    row("p_max", prob(prediction.p_max))
    row("p_clean", prob(prediction.p_clean))
    row("metric", "-" if prediction.metric is None else f"{prediction.metric:.6g}")
    row(
        "submission",
        "-" if prediction.submission is None else "yes" if prediction.submission else "no",
    )
    row("runtime", "-" if prediction.runtime_s is None else f"{prediction.runtime_s:.2f} s")
    for note in prediction.evidence or []:
        if note.get("detector") == "packages":
            row("packages", str(note.get("message", "")))
    row("backend", prediction.backend)
    row("latency", f"{prediction.latency_ms:.1f} ms")
    console.print(Rule("prediction"))
    console.print(table)
    console.print(Rule("predicted terminal output"))
    if prediction.term_out:
        console.print(prediction.term_out, markup=False, highlight=False, end="")
        if not prediction.term_out.endswith("\n"):
            console.print()
    else:
        console.print(Text("(this backend predicts no output)", style="dim"))


def register(app: typer.Typer) -> None:
    """Add `mleworld predict` to the main app."""
    app.command("predict")(predict_program)
