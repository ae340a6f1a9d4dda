"""`mleworld corpus relabel`: re-run a corpus's timeouts and relabel those the machine caused.

Thin wiring over corpus/relabel.py (which says what is kept, relabelled or
kept twice). Part of the `corpus` group (corpus_cmd.py registers it).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from mleworld.cli.common import print_json
from mleworld.errors import MleWorldError

if TYPE_CHECKING:
    from collections.abc import Callable

    from mleworld.corpus.record import Record
    from mleworld.execution.outcome import Outcome


def task_dir_resolver(tasks_dir: Path | None) -> Callable[[str], Path]:
    """Task ids to task directories: `tasks_dir/<id>` when it exists, else the bundled suite."""
    from mleworld.tasks.suite import resolve_task

    def resolve(task_id: str) -> Path:
        if tasks_dir is not None and (tasks_dir / task_id).is_dir():
            return tasks_dir / task_id
        return resolve_task(task_id).path

    return resolve


def relabel(
    corpus: Annotated[
        str, typer.Argument(help="Corpus directory, or `default` for the shipped corpus.")
    ],
    out: Annotated[
        Path,
        typer.Option(
            "--out", help="Folder for the progress log and the relabelled corpus (out/corpus)."
        ),
    ],
    workers: Annotated[int, typer.Option("--workers", min=1, help="Timeouts re-run at once.")] = 1,
    tasks_dir: Annotated[
        Path | None,
        typer.Option(
            "--tasks-dir",
            help="A folder of task directories named by task id (default: the bundled suite).",
        ),
    ] = None,
    recheck_load: Annotated[
        float | None,
        typer.Option(
            "--recheck-load-per-core",
            min=0.0,
            help="Run again the timeouts an earlier invocation confirmed while the machine's "
            "load per core was above this (e.g. 1.0).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Re-run every timeout record under its own time limit; relabel the ones that finish twice.

    Resumable: run the same command again after a kill.
    """
    from mleworld.corpus.default import resolve_corpus
    from mleworld.corpus.relabel import CORPUS_DIR, relabel_timeouts

    if tasks_dir is not None and not tasks_dir.is_dir():
        raise MleWorldError(f"--tasks-dir {tasks_dir} is not a directory; pass a folder of tasks")
    source = resolve_corpus(corpus)

    def show(record: Record, kind: str, runs: list[Outcome]) -> None:
        if not as_json:
            ends = ", ".join(f"{o.exc_type} in {o.runtime_s:.1f}s" for o in runs)
            print(f"{kind:>11}  {record.task_id}/{record.node_id}  ({ends})", flush=True)

    report = relabel_timeouts(
        source,
        out,
        resolve_task_dir=task_dir_resolver(tasks_dir),
        workers=workers,
        recheck_load_per_core=recheck_load,
        on_verdict=show,
    )
    if as_json:
        print_json({**report.to_dict(), "corpus": str(out / CORPUS_DIR)})
        return
    data = report.to_dict()
    print(
        f"timeouts {data['timeouts']}: kept {data['kept_as_timeout']}, relabelled "
        f"{data['relabelled']} {data['relabelled_to']}, disagreeing {data['disagreeing']}"
    )
    print(f"corpus {out / CORPUS_DIR}: {data['records_out']:,} records")
