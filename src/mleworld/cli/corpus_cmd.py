"""`mleworld corpus ingest|synthesize|dedup|filter|split|stats|export|build|relabel`.

Thin wiring over the corpus layer: ingest.py, synthesize.py, dedup.py,
filters.py, holdout.py, stats.py, export.py and pipeline.py. Every corpus
argument read from takes `default`, the shipped default corpus (default.py);
commands that write take a directory. The default corpus is read-only: filter
or dedup it into a directory of your own to change it.
"""

from __future__ import annotations

import contextlib
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from mleworld.cli import groups
from mleworld.cli.common import print_json
from mleworld.cli.relabel_cmd import relabel
from mleworld.errors import MleWorldError

if TYPE_CHECKING:
    from collections.abc import Callable

    from mleworld.corpus.store import Corpus

CorpusArg = Annotated[
    str, typer.Argument(help="Corpus directory, or `default` for the shipped corpus.")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]
WorkersOpt = Annotated[
    int, typer.Option("--workers", help="Processes that fingerprint programs in parallel.")
]
SPLITS = ("train", "holdout", "all")


def _open(spec: str) -> Corpus:
    from mleworld.corpus.default import resolve_corpus

    return resolve_corpus(spec)


def _writable(spec: str) -> Corpus:
    from mleworld.corpus.default import DEFAULT

    if spec == DEFAULT:
        raise MleWorldError(
            "the default corpus is read-only; copy it first "
            "(mleworld corpus filter default --out DIR) and work on DIR"
        )
    return _open(spec)


def _out_dir(out: str) -> Path:
    from mleworld.corpus.default import DEFAULT

    if out == DEFAULT:
        raise MleWorldError("--out default names the shipped corpus; give a directory instead")
    return Path(out)


def _split(value: str | None) -> str | None:
    if value is None or value == "all":
        return None
    if value not in SPLITS:
        raise MleWorldError(f"--split {value!r} is not one of {', '.join(SPLITS)}")
    return value


def _counts(counts: dict[str, int]) -> str:
    shown = [f"{k} {v:,}" for k, v in counts.items() if v]
    return ", ".join(shown) or "none"


class _NewCorpus:
    """A corpus created for a command's output, removed again when the command fails."""

    def __init__(self, out: Path) -> None:
        from mleworld.corpus.store import Corpus

        existed = out.exists()
        if existed and (not out.is_dir() or any(out.iterdir())):
            raise MleWorldError(f"{out} already exists; --out takes a new directory")
        self.corpus = Corpus.create(out)
        self._out = out
        self._existed = existed

    def __enter__(self) -> Corpus:
        return self.corpus

    def __exit__(self, kind: object, *_: object) -> None:
        if kind is not None:
            import shutil

            if self._existed:  # it was an empty directory: leave it empty
                for item in self._out.iterdir():
                    shutil.rmtree(item) if item.is_dir() else item.unlink()
            else:
                shutil.rmtree(self._out, ignore_errors=True)


# --- commands ----------------------------------------------------------------------------


def ingest(
    run_dirs: Annotated[
        list[Path], typer.Argument(help="Agent run directories, or folders holding runs.")
    ],
    out: Annotated[str, typer.Option("--out", help="Corpus directory (created if new).")],
    as_json: JsonOpt = False,
) -> None:
    """Add every executed node of agent runs to a corpus (nodes already there are skipped)."""
    from mleworld.corpus.ingest import ingest_runs
    from mleworld.corpus.store import Corpus

    target = _out_dir(out)
    corpus = Corpus.open_or_create(target)
    report = ingest_runs(run_dirs, corpus)
    corpus.refresh()
    if as_json:
        print_json({**report.to_dict(), "corpus": str(target), "records": len(corpus)})
        return
    print(
        f"ingested {report.runs} run(s), {report.nodes} node(s): +{report.added} record(s), "
        f"{report.already_present} already present, skipped: {_counts(dict(report.skipped))}"
    )
    print(f"corpus {target} holds {len(corpus):,} records")


def synthesize(
    out: Annotated[str, typer.Option("--out", help="Corpus directory (created if new).")],
    tasks: Annotated[
        str, typer.Option("--tasks", help="`all`, or suite task names separated by commas.")
    ] = "all",
    runs: Annotated[int, typer.Option("--runs", help="Agent runs per task.")] = 2,
    steps: Annotated[int, typer.Option("--steps", help="Steps per agent run.")] = 12,
    defect_rate: Annotated[
        float, typer.Option("--defect-rate", help="Share of programs written with a defect.")
    ] = 0.35,
    defect_kinds: Annotated[
        str | None,
        typer.Option(
            "--defect-kinds",
            help="Only these defect kinds, separated by commas (e.g. missing_folder,bad_param).",
        ),
    ] = None,
    workers: Annotated[int, typer.Option("--workers", help="Agent runs at a time.")] = 1,
    time_limits: Annotated[
        str,
        typer.Option("--time-limits", help="Per-program time limits (s), taken in turn by runs."),
    ] = "20,40,15,60,30",
    seed: Annotated[int, typer.Option("--seed", help="Base seed of the runs.")] = 0,
    executor: Annotated[
        str, typer.Option("--executor", help="`local` processes, or `ray` (RAY_ADDRESS).")
    ] = "local",
    as_json: JsonOpt = False,
) -> None:
    """Run the builtin agent on suite tasks and ingest every program it executed."""
    from mleworld.corpus import synthesize as synth

    limits = _time_limits(time_limits)
    names = synth.resolve_tasks(tasks)
    planned = len(names) * max(runs, 0)
    finished = 0
    stream = sys.stderr if as_json else sys.stdout

    def on_run(spec: Any, status: str, part: Any) -> None:
        nonlocal finished
        finished += 1
        added = "" if part is None else f": +{part.added} record(s) of {part.nodes} node(s)"
        print(f"[{finished}/{planned}] {spec.name} {status}{added}", file=stream, flush=True)

    # With --json, stdout holds the report alone: whatever else prints meanwhile
    # (Ray's driver reports a dead worker on stdout) goes to stderr.
    with contextlib.redirect_stdout(sys.stderr) if as_json else contextlib.nullcontext():
        report = synth.synthesize(
            names,
            _out_dir(out),
            runs=runs,
            steps=steps,
            defect_rate=defect_rate,
            defect_kinds=None if defect_kinds is None else defect_kinds.split(","),
            workers=workers,
            time_limits=limits,
            seed=seed,
            executor=executor,
            on_run=on_run,
        )
    if as_json:
        print_json({**report.to_dict(), "corpus": out})
    else:
        print(
            f"corpus {out}: {report.records:,} records; runs {report.runs_done}/"
            f"{report.runs_planned} done, {len(report.runs_failed)} failed; "
            f"wall time {report.wall_s:.0f} s with {report.workers} worker(s) on "
            f"{report.cores} core(s)"
        )
    if report.runs_failed:
        for name, error in report.runs_failed.items():
            print(f"failed: {name}: {error}", file=sys.stderr)
        print("run the same command again to retry the failed runs", file=sys.stderr)
        raise typer.Exit(1)


def _time_limits(text: str) -> list[float]:
    try:
        limits = [float(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise MleWorldError(
            f"--time-limits {text!r} is not a list of seconds; pass e.g. 20,40,15"
        ) from None
    if not limits or any(limit <= 0 for limit in limits):
        raise MleWorldError(f"--time-limits {text!r} needs positive seconds, e.g. 20,40,15")
    return limits


def dedup(
    corpus: CorpusArg,
    out: Annotated[str, typer.Option("--out", help="New corpus directory for the kept records.")],
    level: Annotated[
        str,
        typer.Option("--level", help="`exact` (token stream) or `ast` (also collapse renamings)."),
    ] = "exact",
    workers: WorkersOpt = 1,
    as_json: JsonOpt = False,
) -> None:
    """Keep one record per program and outcome; report AST and near duplicates."""
    from mleworld.corpus.dedup import dedup_corpus

    if level not in ("exact", "ast"):
        raise MleWorldError(f"--level {level!r} is not exact or ast")
    source = _open(corpus)
    with _NewCorpus(_out_dir(out)) as target:
        _, report = dedup_corpus(
            source,
            target,
            filter_first=False,
            level=level,  # type: ignore[arg-type]
            workers=workers,
        )
    if as_json:
        print_json({**report.to_dict(), "corpus": out})
        return
    print(
        f"{report.input:,} records -> {report.after_exact:,} after exact dedup -> "
        f"{report.after_ast:,} distinct up to renaming; kept {report.kept:,} ({level}) in {out}"
    )
    print(
        f"{report.programs:,} programs, {report.multi_outcome_programs:,} with several outcomes; "
        f"AST duplicates: {report.ast_duplicate_programs:,} programs in {report.ast_groups:,} "
        f"groups; near duplicates: {report.near_duplicate_programs:,} programs in "
        f"{report.near_clusters:,} clusters (kept, the holdout avoids them)"
    )


def filter_corpus(
    corpus: CorpusArg,
    out: Annotated[str, typer.Option("--out", help="New corpus directory for the kept records.")],
    max_load_per_core: Annotated[
        float | None,
        typer.Option(
            "--max-load-per-core",
            min=0.0,
            help="Also drop runs that ended with the machine's load average per core above "
            "this (e.g. 1.5): their outcome may reflect the machine, not the program.",
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Drop records that make poor training examples; count each drop by reason."""
    from mleworld.corpus.filters import RecordFilter

    source = _open(corpus)
    flt = RecordFilter(max_load_per_core=max_load_per_core)
    with _NewCorpus(_out_dir(out)) as target:
        target.append(flt(source.iter_records()))
    report = flt.report
    if as_json:
        print_json({**report.to_dict(), "corpus": out})
        return
    print(f"kept {report.kept:,} of {report.input:,} records in {out}")
    print(f"dropped: {_counts(report.to_dict()['dropped'])}")


def split(
    corpus: CorpusArg,
    per_task: Annotated[
        int, typer.Option("--per-task", help="Holdout programs per task (all eligible if fewer).")
    ] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the draw.")] = 0,
    workers: WorkersOpt = 1,
    as_json: JsonOpt = False,
) -> None:
    """Draw the holdout and prove no holdout program is duplicated in training."""
    from mleworld.corpus.holdout import check_holdout, select_holdout
    from mleworld.corpus.pipeline import STATS_JSON, write_stats

    target = _writable(corpus)
    report = select_holdout(target, per_task, seed=seed, workers=workers)
    violations = check_holdout(target, workers=workers)
    records = int(target.query("SELECT count(*) AS n FROM records WHERE split = 'holdout'").n[0])
    if (target.path / STATS_JSON).is_file():
        write_stats(target)  # the stats there describe the old split
    if as_json:
        print_json(
            {
                **report.to_dict(),
                "holdout_records": records,
                "check": {"passed": not violations, "violations": violations},
            }
        )
    else:
        for task, info in report.by_task.items():
            print(
                f"{task}: {info['drawn']} of {info['programs']} programs "
                f"({info['eligible']} eligible)"
            )
        print(
            f"holdout: {report.total:,} programs ({records:,} records) over "
            f"{len(report.holdout)} task(s), removed from training"
        )
    if violations:
        for line in violations[:20]:
            print(f"violation: {line}", file=sys.stderr)
        print(f"holdout check FAILED: {len(violations)} violation(s)", file=sys.stderr)
        raise typer.Exit(1)
    if not as_json:
        print(
            "holdout check passed: no holdout program has an exact, AST or near duplicate "
            "(Jaccard >= 0.9) in training"
        )


def show_stats(
    corpus: CorpusArg,
    split_name: Annotated[
        str | None, typer.Option("--split", help="train, holdout or all (default all).")
    ] = None,
    markdown: Annotated[
        Path | None, typer.Option("--markdown", help="Also write the table to this file.")
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Corpus statistics like the paper's Table 5 (Markdown, or JSON)."""
    from mleworld.corpus.stats import render_markdown, stats

    table = stats(_open(corpus), split=_split(split_name))
    text = render_markdown(table)
    if markdown is not None:
        markdown.parent.mkdir(parents=True, exist_ok=True)
        markdown.write_text(text, encoding="utf-8")
    if as_json:
        print_json(table)
    else:
        sys.stdout.write(text)


def export(
    corpus: CorpusArg,
    out: Annotated[Path, typer.Option("--out", help="Directory for the SFT files.")],
    split_name: Annotated[
        str, typer.Option("--split", help="train (default), holdout or all.")
    ] = "train",
    name: Annotated[
        str, typer.Option("--name", help="Dataset name (file name and dataset_info key).")
    ] = "mleworld_world",
    as_json: JsonOpt = False,
) -> None:
    """Write SFT chat JSONL, LlamaFactory's dataset_info.json and the EXC token list."""
    from mleworld.corpus.export import export_sft

    report = export_sft(_open(corpus), out, split=_split(split_name), name=name)
    if as_json:
        print_json(report.to_dict())
        return
    print(f"wrote {report.records:,} examples to {report.path}")
    print(
        f"dataset_info.json entry {report.dataset_name!r}; {len(report.vocab)} EXC tokens "
        f"in {report.files['added_tokens'].name}"
    )


def build(
    run_dirs: Annotated[
        list[Path], typer.Argument(help="Agent run directories, or folders holding runs.")
    ],
    out: Annotated[str, typer.Option("--out", help="New corpus directory.")],
    per_task: Annotated[
        int, typer.Option("--per-task", help="Holdout programs per task (all eligible if fewer).")
    ] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the holdout draw.")] = 0,
    extend: Annotated[
        str | None,
        typer.Option(
            "--extend",
            help="Add the runs to this built corpus (`default` or a path), keeping its holdout.",
        ),
    ] = None,
    workers: WorkersOpt = 1,
    as_json: JsonOpt = False,
) -> None:
    """Ingest, filter, deduplicate and split agent runs into a new corpus, with its stats."""
    from mleworld.corpus.default import resolve_corpus
    from mleworld.corpus.pipeline import build_corpus, extend_corpus

    began = time.monotonic()
    if extend is not None:
        report = extend_corpus(resolve_corpus(extend), run_dirs, _out_dir(out), workers=workers)
    else:
        report = build_corpus(
            run_dirs, _out_dir(out), holdout_per_task=per_task, seed=seed, workers=workers
        )
    if as_json:
        print_json(report.to_dict())
        return
    for step, count in report.steps():
        print(f"{step:>18}: {count:,} records")
    dropped = _counts(report.filter.to_dict()["dropped"])
    print(f"filter dropped: {dropped}")
    print(
        f"near duplicates (kept): {report.dedup.near_duplicate_programs:,} programs in "
        f"{report.dedup.near_clusters:,} clusters; AST duplicates: "
        f"{report.dedup.ast_duplicate_programs:,} programs"
    )
    if report.extended:
        print(
            f"extended {extend}: +{report.extended['added']:,} records; "
            f"{report.extended['dropped_as_holdout_copies']:,} new programs dropped as copies "
            "of holdout programs"
        )
    print(
        f"holdout: {report.holdout.total:,} programs; check passed (no exact, AST or near "
        "duplicate in training)"
    )
    print(
        f"corpus {report.path}: {report.records:,} records, stats in stats.md / stats.json "
        f"({time.monotonic() - began:.0f} s)"
    )


COMMANDS: dict[str, Callable[..., None]] = {
    "ingest": ingest,
    "synthesize": synthesize,
    "dedup": dedup,
    "filter": filter_corpus,
    "split": split,
    "stats": show_stats,
    "export": export,
    "build": build,
    "relabel": relabel,
}


def register(app: typer.Typer) -> None:
    """Add the corpus commands to `groups.corpus_app` (mounted as `mleworld corpus`)."""
    registered = {cmd.name for cmd in groups.corpus_app.registered_commands}
    for name, command in COMMANDS.items():
        if name not in registered:  # main() may register twice in one process (tests)
            groups.corpus_app.command(name)(command)
