"""`mleworld task create|validate|list|prepare|import-mlebench`: thin wrappers
over the task factory, validation, the bundled suite and the MLE-bench import."""

from __future__ import annotations

from pathlib import Path

import typer

from mleworld.cli import groups
from mleworld.cli.common import print_json


def _targets(value: str) -> list[str]:
    return [t.strip() for t in value.split(",") if t.strip()]


@groups.task_app.command("create")
def create(
    data: Path = typer.Option(
        ..., "--data", help="CSV or Parquet file with features and target(s)."
    ),
    target: str = typer.Option(..., "--target", help="Target column, or COL1,COL2 for several."),
    metric: str = typer.Option(
        ..., "--metric", help="Metric name, e.g. auc, accuracy, rmse, logloss."
    ),
    name: str = typer.Option(..., "--name", help="Task id (letters, digits, '.', '_', '-')."),
    out: Path = typer.Option(..., "--out", help="Directory to write the task into (new or empty)."),
    id_column: str | None = typer.Option(
        None, "--id-column", help="Unique row id; created if absent."
    ),
    group_column: str | None = typer.Option(
        None, "--group-column", help="Split by whole groups of this column."
    ),
    time_column: str | None = typer.Option(
        None, "--time-column", help="Hold out the latest rows by this column."
    ),
    test_size: float = typer.Option(0.2, "--test-size", help="Share of rows held out for test."),
    seed: int = typer.Option(0, "--seed", help="Seed for the split and the reference models."),
    positive_class: str | None = typer.Option(
        None, "--positive-class", help="Label that counts as 1 for auc / binary logloss."
    ),
    time_limit: float = typer.Option(600.0, "--time-limit", help="Seconds per program run."),
    as_json: bool = typer.Option(False, "--json", help="Print the task summary as JSON."),
) -> None:
    """Build a task (MLE-bench layout, reference leaderboard) from a table."""
    from mleworld.tasks.factory import create_task, read_table

    frame = read_table(data)
    task = create_task(
        frame,
        target=_targets(target),
        metric=metric,
        name=name,
        out=out,
        id_column=id_column,
        group_column=group_column,
        time_column=time_column,
        test_size=test_size,
        seed=seed,
        source=str(data),
        positive_class=positive_class,
        time_limit_s=time_limit,
    )
    rows = task.extra.get("rows", {})
    summary = {
        "path": str(task.path),
        "id": task.id,
        "metric": task.metric,
        "direction": task.direction,
        "id_column": task.id_column,
        "target_columns": list(task.target_columns),
        "train_rows": rows.get("train"),
        "test_rows": rows.get("test"),
        "split": task.extra.get("split"),
    }
    if as_json:
        print_json(summary)
        return
    print(
        f"created task {task.id} at {task.path}: {summary['train_rows']} train / "
        f"{summary['test_rows']} test rows, {task.metric} ({task.direction}), "
        f"{summary['split']} split; validated ok"
    )


@groups.task_app.command("create-many")
def create_many_cmd(
    manifest: Path = typer.Option(
        ..., "--manifest", help="Manifest file (YAML, JSON, CSV) or a folder holding manifest.*."
    ),
    out: Path = typer.Option(..., "--out", help="Folder the tasks are built into."),
    workers: int = typer.Option(1, "--workers", help="Tasks built at once."),
    executor: str = typer.Option("local", "--executor", help="local (processes) or ray."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Build many tasks from a manifest; keep the valid ones, report the rest with reasons."""
    from mleworld.tasks.create_many import REPORT_FILE, create_many

    report = create_many(manifest, out, workers=workers, executor=executor)
    if as_json:
        print_json(report)
        return
    for task in report["tasks"]:
        how = "rebuilt" if task["rebuilt"] else "unchanged"
        if task["status"] == "kept":
            repaired = f"; repaired: {'; '.join(task['repairs'])}" if task["repairs"] else ""
            print(f"kept     {task['name']} ({how}{repaired})")
        else:
            print(f"excluded {task['name']}: {' | '.join(task['reasons'])}")
    print(
        f"{len(report['kept'])} kept, {len(report['excluded'])} excluded, "
        f"{len(report['rebuilt'])} built this time; report: {out / REPORT_FILE}"
    )


@groups.task_app.command("validate")
def validate(path: Path = typer.Argument(..., help="Task directory.")) -> None:
    """Check a task; print every failed check (exit 2) or `ok`."""
    from mleworld.tasks.validation import validate_task

    problems = validate_task(path)
    if problems:
        for line in problems:
            print(line)
        raise typer.Exit(2)
    print("ok")


@groups.task_app.command("list")
def list_tasks(as_json: bool = typer.Option(False, "--json", help="Print a JSON array.")) -> None:
    """List the bundled offline suite."""
    from mleworld.tasks.suite import list_suite

    entries = [e.to_dict() for e in list_suite()]
    if as_json:
        print_json(entries)
        return
    header = f"{'name':<18} {'kind':<12} {'metric':<17} {'rows':>6}  {'split':<14} source"
    print(header)
    for e in entries:
        print(
            f"{e['name']:<18} {e['kind']:<12} {e['metric']:<17} {e['rows']:>6}  "
            f"{e['split']:<14} {e['source']}"
        )


@groups.task_app.command("prepare")
def prepare(
    name: str = typer.Argument(..., help="Suite task name (see `mleworld task list`)."),
    out: Path | None = typer.Option(
        None, "--out", help="Directory to build into (default: the cache under MLEWORLD_HOME)."
    ),
    seed: int = typer.Option(0, "--seed", help="Seed for the split and the reference models."),
) -> None:
    """Build a suite task and print its directory."""
    from mleworld.tasks.suite import prepare_suite_task

    print(prepare_suite_task(name, out_dir=out, seed=seed))


@groups.task_app.command("import-mlebench")
def import_mlebench_cmd(
    prepared: Path = typer.Option(
        ..., "--prepared", help="MLE-bench's prepared directory (with public/ and private/)."
    ),
    competition: str = typer.Option(..., "--competition", help="MLE-bench competition id."),
    leaderboard: Path | None = typer.Option(
        None, "--leaderboard", help="MLE-bench's leaderboard.csv for this competition."
    ),
    out: Path | None = typer.Option(
        None, "--out", help="Task directory (default: the cache under MLEWORLD_HOME)."
    ),
    metric: str | None = typer.Option(None, "--metric", help="Override the metric."),
    id_column: str | None = typer.Option(None, "--id-column", help="Override the id column."),
    target: str | None = typer.Option(None, "--target", help="Override the target column(s)."),
) -> None:
    """Turn a competition prepared by MLE-bench into a task."""
    from mleworld.tasks.mlebench import import_mlebench

    task = import_mlebench(
        prepared,
        competition,
        out=out,
        leaderboard=leaderboard,
        metric=metric,
        id_column=id_column,
        target_columns=tuple(_targets(target)) if target else None,
    )
    print(
        f"imported {task.id} to {task.path}: {task.metric} ({task.direction}), id "
        f"{task.id_column}, {len(task.target_columns)} target column(s); validated ok"
    )


def register(app: typer.Typer) -> None:
    """The commands attach to `groups.task_app` when this module is imported."""
