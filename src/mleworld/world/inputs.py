"""Queries for a world model, built from what the caller has: a program and a task, or a record.

`query_for_program` describes the environment the program would run in now (the
installed packages, the imports that would fail, the data overview of the
folder it would see as ./input/); `query_for_record` rebuilds the query a
recorded execution was made from (its x as stored) and attaches its parent
record when the corpus has it.
"""

from __future__ import annotations

from pathlib import Path

from mleworld.codegen.packages import failing_imports, installed_packages, python_version
from mleworld.errors import MleWorldError
from mleworld.world.format import WorldInput
from mleworld.world.prediction import Parent, Query


def query_for_program(
    program: str,
    *,
    task: object | None = None,
    data_dir: Path | None = None,
    time_limit_s: float | None = None,
    stage: str = "draft",
    parent: Parent | None = None,
    overview: str | None = None,
) -> Query:
    """A query for `program` run against `task` (a Task) or a bare data folder."""
    from mleworld.tasks.overview import data_overview

    if task is not None:
        data_dir = Path(task.public_dir)  # type: ignore[attr-defined]
    if data_dir is not None and not Path(data_dir).is_dir():
        raise MleWorldError(
            f"data folder {data_dir} does not exist; pass the folder with the task's files"
        )
    if overview is None:
        overview = data_overview(Path(data_dir)) if data_dir is not None else ""
    limit = time_limit_s
    if limit is None:
        limit = float(getattr(task, "time_limit_s", None) or 600.0)
    x = WorldInput(
        program=program,
        packages=installed_packages(),
        failing_imports=failing_imports(program),
        python_version=python_version(),
        data_overview=overview,
        time_limit_s=float(limit),
    )
    return Query(
        x=x,
        task_id=str(getattr(task, "id", "") or ""),
        stage=stage,
        data_dir=Path(data_dir) if data_dir is not None else None,
        parent=parent,
        metric_name=getattr(task, "metric", None),
        lower_is_better=getattr(task, "is_lower_better", None),
    )


def parent_from_record(record: object) -> Parent:
    """The Parent a child of this recorded execution starts from."""
    return Parent(
        program=record.x.program,  # type: ignore[attr-defined]
        exc_type=record.y.exc_type,  # type: ignore[attr-defined]
        metric=record.y.metric,  # type: ignore[attr-defined]
        term_out=record.y.term_out,  # type: ignore[attr-defined]
        runtime_s=record.runtime_s,  # type: ignore[attr-defined]
    )


def query_for_record(
    record: object, *, parent: object | None = None, data_dir: Path | None = None
) -> Query:
    """The query a recorded execution answers (its stored x), with its parent record if given."""
    return Query(
        x=record.x,  # type: ignore[attr-defined]
        task_id=record.task_id,  # type: ignore[attr-defined]
        stage=record.stage,  # type: ignore[attr-defined]
        data_dir=data_dir,
        parent=parent_from_record(parent) if parent is not None else None,
    )
