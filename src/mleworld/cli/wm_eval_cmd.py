"""`mleworld wm eval`: evaluate world models on a corpus holdout (paper section 6.1,
6.3, appendices D, G, H, M) and write report.md, results.json and PNG plots.

Thin: resolves the holdout and the backends, then calls
evaluation.holdout_eval.evaluate (or evaluate_leave_task_out for
`--leave-task-out`, appendix R), the same functions the Python API offers.
"""

from __future__ import annotations

import sys
import zlib
from pathlib import Path
from typing import Any

import typer

from mleworld.errors import MleWorldError
from mleworld.evaluation.calibration import ece_text

BASELINES = ("baseline:majority", "baseline:nearest", "baseline:parent", "baseline:random")


def baseline_names(spec: str | None) -> list[str]:
    """--baselines: none, all, or a comma list of names (majority or baseline:majority)."""
    if spec is None or spec.strip().lower() in ("", "none"):
        return []
    if spec.strip().lower() == "all":
        return list(BASELINES)
    names = []
    for part in spec.split(","):
        name = part.strip()
        if not name:
            continue
        full = name if name.startswith("baseline:") else f"baseline:{name}"
        if full not in BASELINES:
            raise MleWorldError(
                f"--baselines: unknown baseline {name!r}; use all, none, or some of "
                f"{', '.join(b.split(':', 1)[1] for b in BASELINES)}"
            )
        names.append(full)
    return list(dict.fromkeys(names))


def load_model(name: str, corpus: Any, tasks: set[str] | None = None) -> Any:
    """A world-model backend by registry name; corpus baselines fit on `corpus`'s train split.

    `tasks` names the only tasks it will be asked about, so a corpus-fitted
    backend reads only their records.
    """
    try:
        from mleworld.world.registry import get_world_model
    except ImportError:
        raise MleWorldError(
            f"cannot load world model {name!r}: this mleworld has no world-model registry"
        ) from None
    return get_world_model(name, corpus=corpus, tasks=tasks)


def sample(records: list[Any], limit: int | None, seed: int = 0) -> list[Any]:
    """At most `limit` records, chosen by a stable hash of each record (same every run)."""
    if limit is None or limit >= len(records):
        return records
    if limit < 1:
        raise MleWorldError(f"--limit must be at least 1, got {limit}")
    keyed = sorted(records, key=lambda r: zlib.crc32(f"{seed}/{r.uid}".encode()))
    chosen = {id(r) for r in keyed[:limit]}
    return [r for r in records if id(r) in chosen]


def run_eval(
    world_model: str,
    holdout: str,
    out: Path,
    *,
    baselines: str | None = None,
    limit: int | None = None,
    resamples: int = 2000,
    seed: int = 0,
    target_error: float = 0.15,
    batch_size: int = 64,
    quiet: bool = False,
    split: str | None = None,
    leave_task_out: bool = False,
) -> dict[str, Any]:
    """Everything `mleworld wm eval` does, callable from Python.

    `holdout` is `default` or a corpus directory (its holdout split is scored),
    or `foreign` or a program-set folder (corpus/foreign.py), whose `split` half
    is scored: `test` unless told `dev` or `all`. `leave_task_out`: instead of
    the named model, a fast model trained on the corpus without each task in
    turn predicts that task's programs (appendix R).
    """
    from mleworld.corpus.foreign import is_program_set
    from mleworld.evaluation.holdout_eval import evaluate, find_parents
    from mleworld.world.registry import open_corpus

    if not 0.0 < target_error < 1.0:
        raise MleWorldError(f"--target-error must be between 0 and 1, got {target_error}")
    if resamples < 2:
        raise MleWorldError(f"--resamples must be at least 2, got {resamples}")
    say = (lambda _m: None) if quiet else (lambda m: print(m, file=sys.stderr, flush=True))
    names = list(dict.fromkeys([world_model, *baseline_names(baselines)]))
    settings = {
        "resamples": resamples,
        "seed": seed,
        "target_error": target_error,
        "batch_size": batch_size,
    }
    if leave_task_out:
        if world_model != "fast" or len(names) > 1:
            raise MleWorldError(
                "--leave-task-out trains fast models on the corpus without each task; "
                "drop --world-model and --baselines"
            )
        return _eval_leave_task_out(holdout, out, split=split, limit=limit, say=say, **settings)
    if is_program_set(holdout):
        return _eval_program_set(
            names,
            holdout,
            out,
            split=split or "test",
            limit=limit,
            seed=seed,
            say=say,
            settings=settings,
        )
    if split is not None:
        raise MleWorldError(
            f"--split {split} applies to a program set (--holdout foreign or a program-set "
            "folder); a corpus is scored on its holdout"
        )
    corpus = open_corpus(holdout)
    records = sample(list(corpus.iter_records(split="holdout")), limit, seed)
    if not records:
        raise MleWorldError(
            f"corpus {corpus.path} has no holdout records; draw a holdout first "
            "(mleworld corpus split, or corpus.holdout.select_holdout)"
        )
    tasks = {r.task_id for r in records}
    models = {}
    for name in names:
        say(f"loading {name}")
        models[name] = load_model(name, corpus, tasks)
    say(f"finding the parents of {len(records)} held-out programs")
    parents = find_parents(corpus, records)
    return evaluate(
        models,
        records,
        parents=parents,
        out_dir=out,
        resamples=resamples,
        seed=seed,
        target_error=target_error,
        batch_size=batch_size,
        # the shipped corpus by its content digest, not by this machine's cache path
        source=f"default ({corpus.path.name})" if holdout == "default" else str(corpus.path),
        progress=say,
    )


def _eval_program_set(
    names: list[str],
    spec: str,
    out: Path,
    *,
    split: str,
    limit: int | None,
    seed: int,
    say: Any,
    settings: dict[str, Any],
) -> dict[str, Any]:
    """Score models on one half of a program set; corpus baselines fit on the default corpus."""
    from mleworld.corpus.foreign import open_program_set
    from mleworld.evaluation.holdout_eval import evaluate
    from mleworld.world.registry import open_corpus

    programs = open_program_set(spec)
    records = sample(programs.half(split), limit, seed)
    if not records:
        raise MleWorldError(f"program set {programs.path} has no programs in its {split} half")
    tasks = {r.task_id for r in records}
    corpus = open_corpus(None) if any(n.startswith("baseline:") for n in names) else None
    models = {}
    for name in names:
        say(f"loading {name}")
        models[name] = load_model(name, corpus, tasks)
    return evaluate(
        models,
        records,
        parents=programs.records,
        out_dir=out,
        data_dir=programs.data_dir(),
        source=f"{spec if spec == 'foreign' else programs.path} {split} half ({programs.digest})",
        progress=say,
        **settings,
    )


def _eval_leave_task_out(
    holdout: str,
    out: Path,
    *,
    split: str | None,
    limit: int | None,
    say: Any,
    **settings: Any,
) -> dict[str, Any]:
    """Appendix R on a corpus holdout (models trained on that corpus) or on a program set's
    half (models trained on the default corpus)."""
    from mleworld.corpus.foreign import is_program_set, open_program_set
    from mleworld.evaluation.holdout_eval import evaluate_leave_task_out, find_parents
    from mleworld.world.registry import open_corpus

    seed = settings["seed"]
    if is_program_set(holdout):
        programs = open_program_set(holdout)
        half = split or "test"
        records = sample(programs.half(half), limit, seed)
        if not records:
            raise MleWorldError(f"program set {programs.path} has no programs in its {half} half")
        name = holdout if holdout == "foreign" else str(programs.path)
        return evaluate_leave_task_out(
            open_corpus(None),
            records,
            parents=programs.records,
            out_dir=out,
            data_dir=programs.data_dir(),
            source=f"{name} {half} half ({programs.digest}), leave-task-out",
            progress=say,
            **settings,
        )
    if split is not None:
        raise MleWorldError(
            f"--split {split} applies to a program set (--holdout foreign or a program-set "
            "folder); a corpus is scored on its holdout"
        )
    corpus = open_corpus(holdout)
    records = sample(list(corpus.iter_records(split="holdout")), limit, seed)
    if not records:
        raise MleWorldError(
            f"corpus {corpus.path} has no holdout records; draw a holdout first "
            "(mleworld corpus split, or corpus.holdout.select_holdout)"
        )
    name = f"default ({corpus.path.name})" if holdout == "default" else str(corpus.path)
    return evaluate_leave_task_out(
        corpus,
        records,
        parents=find_parents(corpus, records),
        out_dir=out,
        source=f"{name}, leave-task-out",
        progress=say,
        **settings,
    )


def _summary(results: dict[str, Any], out: Path) -> None:
    from mleworld.evaluation.report import FIELD_TITLES

    n = results["holdout"]["programs"]
    print(f"{n} held-out programs; accuracy % (± program bootstrap SE)")
    header = ["model", *FIELD_TITLES.values(), "p50 ms"]
    rows = []
    for name, entry in results["models"].items():
        row = [name]
        for field in FIELD_TITLES:
            est = entry[field]
            if est["accuracy"] is None:
                row.append("-")
            else:
                row.append(f"{100 * est['accuracy']:.1f}±{100 * (est['se'] or 0):.1f}")
        p50 = entry.get("latency_ms_p50")
        row.append("-" if p50 is None else f"{p50:.2f}")
        rows.append(row)
    _table(header, rows)
    _quintiles(results)
    print(f"report: {out / 'report.md'}")
    print(f"results: {out / 'results.json'}")


def _table(header: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        print("  ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)))


QUINTILE_COLUMNS = {
    "exception_class": "exception class",
    "terminal_output": "terminal output",
    "metric_within_5pct": "metric ±5%",
}


def _quintiles(results: dict[str, Any]) -> None:
    """Accuracy per p_max quintile and the ECE, for each model with a class distribution."""
    for name, calib in (results.get("quintiles") or {}).items():
        if not calib:
            continue
        print()
        print(f"{name}: accuracy % by p_max quintile ({ece_text(calib)})")
        header = ["quintile", "p_max", "n", *QUINTILE_COLUMNS.values()]
        rows = []
        for q in calib["quintiles"]:
            if not q["n"]:
                continue
            row = [f"Q{q['quintile']}", f"{q['p_max_min']:.2f}-{q['p_max_max']:.2f}", str(q["n"])]
            for field in QUINTILE_COLUMNS:
                est = q["fields"].get(field) or {}
                acc = est.get("accuracy")
                row.append("-" if acc is None else f"{100 * acc:.1f}")
            rows.append(row)
        _table(header, rows)


def register(app: typer.Typer, group: typer.Typer | None = None) -> None:
    """Add `eval` to the `mleworld wm` group (`app` is the root app; `group` defaults to wm).

    Registering twice adds the command once.
    """
    from mleworld.cli.groups import wm_app

    target = group if group is not None else wm_app
    if any(info.name == "eval" for info in target.registered_commands):
        return

    @target.command("eval")
    def eval_command(
        world_model: str = typer.Option(
            "fast", "--world-model", help="Backend to evaluate (fast, baseline:nearest, ...)."
        ),
        baselines: str | None = typer.Option(
            None, "--baselines", help="Corpus baselines to add: all, none, or e.g. majority,parent."
        ),
        holdout: str = typer.Option(
            "default",
            "--holdout",
            help="'default' or a corpus directory (its holdout split is scored), or "
            "'foreign' or a program-set folder (one of its halves, see --split).",
        ),
        split: str | None = typer.Option(
            None,
            "--split",
            help=(
                "Half of a program set to score: test (default), dev, calib (when the set "
                "has one) or all."
            ),
        ),
        out: Path = typer.Option(..., "--out", help="Folder for report.md, results.json, plots/."),
        limit: int | None = typer.Option(
            None, "--limit", help="Evaluate at most N held-out programs (a fixed sample)."
        ),
        resamples: int = typer.Option(2000, "--resamples", help="Bootstrap resamples."),
        seed: int = typer.Option(0, "--seed", help="Seed of the bootstrap and the --limit sample."),
        target_error: float = typer.Option(
            0.15, "--target-error", help="Error the suggested gate thresholds must stay under."
        ),
        batch_size: int = typer.Option(64, "--batch-size", help="Programs per predict_batch call."),
        leave_task_out: bool = typer.Option(
            False,
            "--leave-task-out",
            help="Appendix R: train a fast model without each task in turn and predict "
            "that task's programs (slow: one training per task).",
        ),
        as_json: bool = typer.Option(False, "--json", help="Print results.json to stdout."),
    ) -> None:
        """Evaluate a world model (and corpus baselines) on a holdout: tables, calibration, gate."""
        from mleworld.cli.common import print_json
        from mleworld.evaluation.report import json_safe

        results = run_eval(
            world_model,
            holdout,
            out,
            baselines=baselines,
            limit=limit,
            resamples=resamples,
            seed=seed,
            target_error=target_error,
            batch_size=batch_size,
            split=split,
            leave_task_out=leave_task_out,
        )
        if as_json:
            print_json(json_safe(results))
        else:
            _summary(results, out)
