"""Build the foreign set: run every hand-written program twice, keep the stable ones, split once.

    nice -n 10 .venv/bin/python benchmarks/foreign/build.py            # run what is not run yet, ship
    .venv/bin/python benchmarks/foreign/build.py --only NAME [NAME ...] # (re)run just these first

Steps:
1. `manifest.yaml` lists each program of `programs/` with its task, time limit, style tags and
   the one defect it was written with (or none). The programs' own tasks (`datasets.py`) are
   built into `tasks/` with `mleworld task create`; suite tasks are prepared as usual.
2. Every program runs twice under the sandbox, one run at a time, under its own time limit.
   Both outcomes go to `runs.jsonl` (appended and fsynced per program, keyed by the
   program's hash), so a killed build resumes and an edited program runs again. A program
   whose shipped record already holds its code and time limit is not run again: that
   record is kept, so adding programs to the set runs only the new ones, also on a
   machine without `runs.jsonl`. Every record's metric is read from its output with the
   parser of the day (execution/headline.py), so a parser fix reaches the set on a rebuild.
3. A program is kept when both runs end the same way (exception class and submission
   flag: `corpus.dedup.outcome_key`); the others are listed as unstable and left out.
4. Each kept program becomes a corpus Record exactly as an agent's execution does
   (x from `world.inputs.query_for_program`: program, installed packages, failing imports,
   data overview, time limit; y from the first run; `generator="foreign"`, stage draft), with
   the second run's outcome, the tags and the intended defect in `extra`.
5. The split into `dev` and `test` halves is drawn once, seeded and stratified by the
   observed outcome class, and written beside the records. A later build keeps it; programs
   that are new since get halves of their own, drawn the same way among themselves. A
   manifest entry with `half: calib` goes to the calibration half instead (programs written
   after the detectors were developed on `dev`; corpus/foreign.py), one with `half: dev`
   to the development half (programs written to develop detectors against), one with
   `half: test` to the test half (programs written to be scored only).
6. The set (records, split, the own tasks' task.yaml and public/) is written into the
   package (`src/mleworld/data/foreign/`, read by `mleworld.corpus.foreign`), and a summary
   into `benchmarks/results/foreign_build.json`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

from own_tasks import build_tasks  # noqa: E402

from mleworld.corpus.dedup import outcome_key  # noqa: E402
from mleworld.corpus.foreign import (  # noqa: E402
    CALIB,
    HALVES,
    SPLIT,
    open_program_set,
    stratified_halves,
    write_program_set,
)
from mleworld.corpus.record import Record  # noqa: E402
from mleworld.execution.executors import Job, run_job  # noqa: E402
from mleworld.execution.limits import Limits  # noqa: E402
from mleworld.execution.outcome import Outcome  # noqa: E402
from mleworld.execution.parsing import parse_metric  # noqa: E402

SEED = 14
GENERATOR = "foreign"
RUN_ID = "foreign"
DEV, TEST = HALVES
PLACED = (DEV, TEST, CALIB)  # halves a manifest entry may name instead of being drawn
# task.yaml keys a world model's evaluation reads (the reference ladder's scores anchor the
# metric of a task training never saw: world/fast/references.py); the rest stays here.
TASK_KEYS = (
    "id", "name", "metric", "direction", "id_column", "target_columns", "time_limit_s",
    "reference_ladder",
)  # fmt: skip


def load_manifest(path: Path, programs: Path) -> dict[str, dict[str, Any]]:
    entries = yaml.safe_load(path.read_text(encoding="utf-8"))["programs"]
    files = {p.stem for p in programs.glob("*.py")}
    missing, unlisted = sorted(set(entries) - files), sorted(files - set(entries))
    if missing or unlisted:
        raise SystemExit(
            f"manifest and programs differ: missing files {missing}, unlisted {unlisted}"
        )
    for name, entry in entries.items():
        if not {"task", "time_limit_s", "tags", "defect"} <= set(entry):
            raise SystemExit(f"manifest entry {name} needs task, time_limit_s, tags and defect")
        if entry.get("half", CALIB) not in PLACED:
            raise SystemExit(f"manifest entry {name}: half may only be one of {PLACED}")
    return entries


def shipped_records(out: Path) -> dict[str, Record]:
    """The records the shipped set holds, by program name (none before the first build)."""
    if not (out / SPLIT).is_file():
        return {}
    return {r.node_id: r for r in open_program_set(out).records}


def reusable(record: Record | None, code: str, limit: float) -> bool:
    """Whether a shipped record is of this very program under this limit."""
    return record is not None and record.x.program == code and record.x.time_limit_s == limit


def refreshed(record: Record) -> Record:
    """A record with its metric read again from its output (clean runs only)."""
    if record.y.exc_type == "None":
        record.y.metric, record.metric_line = parse_metric(record.y.term_out)
    return record


def program_hash(code: str, limit: float) -> str:
    return hashlib.sha256(f"{limit}\x00{code}".encode()).hexdigest()[:16]


def read_log(path: Path) -> dict[str, dict[str, Any]]:
    """Finished programs by name; a partial last line (a killed build) is ignored."""
    done: dict[str, dict[str, Any]] = {}
    if not path.is_file():
        return done
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        done[entry["name"]] = entry
    return done


def append_log(path: Path, entry: dict[str, Any]) -> None:
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(entry) + "\n")
        handle.flush()
        os.fsync(handle.fileno())


def task_dirs(entries: dict[str, dict[str, Any]], own: dict[str, Path]) -> dict[str, Path]:
    from mleworld.tasks.suite import prepare_suite_task

    out: dict[str, Path] = {}
    for task in sorted({e["task"] for e in entries.values()}):
        out[task] = own[task] if task in own else prepare_suite_task(task)
    return out


def run_programs(
    entries: dict[str, dict[str, Any]],
    dirs: dict[str, Path],
    programs: Path,
    log: Path,
    redo: set[str],
    shipped: dict[str, Record],
) -> dict[str, dict[str, Any]]:
    """Runs of every program not run yet; a program with a reusable shipped record is skipped."""
    done = read_log(log)
    for i, (name, entry) in enumerate(sorted(entries.items()), start=1):
        code = (programs / f"{name}.py").read_text(encoding="utf-8")
        limit = float(entry["time_limit_s"])
        key = program_hash(code, limit)
        if name in done and done[name]["hash"] == key and name not in redo:
            continue
        if name not in redo and name not in done and reusable(shipped.get(name), code, limit):
            continue
        job = Job(code, task_dir=dirs[entry["task"]], limits=Limits(time_limit_s=limit), key=name)
        runs = [run_job(job), run_job(job)]
        record = {"name": name, "hash": key, "runs": [o.to_dict() for o in runs]}
        append_log(log, record)
        done[name] = record
        shown = " / ".join(
            f"{o.exc_type}{'' if o.submission else ' (no submission)'} {o.runtime_s:.1f}s"
            for o in runs
        )
        print(f"[{i}/{len(entries)}] {name}: {shown}", flush=True)
    return done


def stable(runs: list[Outcome]) -> bool:
    first, second = (outcome_key(o.exc_type, o.submission) for o in runs)
    return first == second


def reduced_tasks(own: dict[str, Path], used: set[str], staging: Path) -> dict[str, Path]:
    """Copies of the own tasks the set uses: a minimal task.yaml and public/, nothing private."""
    shutil.rmtree(staging, ignore_errors=True)
    out: dict[str, Path] = {}
    for task_id, source in sorted(own.items()):
        if task_id not in used:
            continue
        spec = yaml.safe_load((source / "task.yaml").read_text(encoding="utf-8"))
        target = staging / task_id
        shutil.copytree(source / "public", target / "public")
        (target / "task.yaml").write_text(
            yaml.safe_dump({k: spec[k] for k in TASK_KEYS if k in spec}, sort_keys=False),
            encoding="utf-8",
        )
        out[task_id] = target
    return out


def build_records(
    entries: dict[str, dict[str, Any]],
    dirs: dict[str, Path],
    programs: Path,
    done: dict[str, dict[str, Any]],
    shipped: dict[str, Record],
) -> tuple[list[Record], list[dict[str, Any]]]:
    from mleworld.tasks.overview import data_overview
    from mleworld.tasks.task import load_task
    from mleworld.world.inputs import query_for_program

    tasks = {name: load_task(path) for name, path in dirs.items()}
    overviews = {name: data_overview(task.public_dir) for name, task in tasks.items()}
    records, unstable = [], []
    for name, entry in sorted(entries.items()):
        if name not in done:  # run_programs skipped it: its shipped record is this program's
            records.append(refreshed(shipped[name]))
            continue
        runs = [Outcome.from_dict(o) for o in done[name]["runs"]]
        if not stable(runs):
            unstable.append(
                {
                    "name": name,
                    "runs": [
                        f"{o.exc_type} submission={o.submission} {o.runtime_s:.1f}s" for o in runs
                    ],
                }
            )
            continue
        code = (programs / f"{name}.py").read_text(encoding="utf-8")
        task = tasks[entry["task"]]
        query = query_for_program(
            code,
            task=task,
            time_limit_s=float(entry["time_limit_s"]),
            overview=overviews[entry["task"]],
        )
        first, second = runs
        records.append(
            refreshed(
                Record.from_outcome(
                    first,
                    query.x,
                    task_id=task.id,
                    stage="draft",
                    generator=GENERATOR,
                    run_id=RUN_ID,
                    node_id=name,
                    created_at=0.0,
                    extra={
                        "tags": list(entry["tags"]),
                        "intended_defect": entry["defect"],
                        "note": entry.get("note", ""),
                        "submission_error": first.submission_error,
                        "second_run": {
                            "exc_type": second.exc_type,
                            "submission": second.submission,
                            "metric": second.metric,
                            "runtime_s": round(second.runtime_s, 3),
                            "timed_out": second.timed_out,
                        },
                        **first.machine_facts(),
                    },
                )
            )
        )
    return records, unstable


def outcome_class(record: Record) -> str:
    return "TimeoutError" if record.outcome == "timeout" else record.y.exc_type


def draw_split(
    records: list[Record], out: Path, seed: int, placed: dict[str, str]
) -> tuple[dict[str, list[str]], dict[str, Any]]:
    """The existing split of `out` kept as it is; programs it does not know get halves of their own.

    Programs in `placed` (the manifest's `half:`) go to the half it names and are never drawn:
    `calib` for the calibration half, `dev` for programs written to develop detectors
    against (they add to `dev` without adding to `test`), `test` for programs written to be
    scored only (they add to `test` without adding to `dev`).
    """
    halves: dict[str, list[str]] = {half: [] for half in HALVES}
    meta: dict[str, Any] = {"seed": seed, "stratified_by": "observed outcome class", "drawn": []}
    if (out / SPLIT).is_file():
        existing = open_program_set(out)
        meta = dict(existing.meta)
        known = {r.node_id for r in records} - set(placed)
        for half in HALVES:
            halves[half] = [n for n in existing.halves[half] if n in known]
    for half in PLACED:
        kept = sorted(r.node_id for r in records if placed.get(r.node_id) == half)
        if kept:
            halves[half] = sorted({*halves.get(half, []), *kept})
    assigned = {n for ids in halves.values() for n in ids}
    new = [r for r in records if r.node_id not in assigned]
    if new:
        round_seed = seed + len(meta["drawn"])
        drawn = stratified_halves(new, round_seed, outcome_class)
        for half in HALVES:
            halves[half] = sorted(halves[half] + drawn[half])
        meta["drawn"] = [*meta["drawn"], {"seed": round_seed, "programs": len(new)}]
    return halves, meta


def summary(
    records: list[Record],
    halves: dict[str, list[str]],
    unstable: list[dict[str, Any]],
    entries: dict[str, dict[str, Any]],
    shipped: dict[str, Any],
) -> dict[str, Any]:
    half_of = {n: h for h, ids in halves.items() for n in ids}
    by_half: dict[str, Counter[str]] = {h: Counter() for h in halves}
    intended: Counter[str] = Counter()
    surprises = []
    for r in records:
        by_half[half_of[r.node_id]][outcome_class(r)] += 1
        defect = r.extra["intended_defect"]
        observed = outcome_class(r)
        intended[f"{defect} -> {observed}"] += 1
        clean_intended = defect in ("none", "submission-shape", "nan-metric")
        if clean_intended != (observed == "None"):
            surprises.append({"name": r.node_id, "intended": defect, "observed": observed})
    return {
        "programs": len(entries),
        "kept": len(records),
        "unstable": unstable,
        "outcomes": dict(Counter(outcome_class(r) for r in records).most_common()),
        "halves": {
            h: {"programs": sum(c.values()), "outcomes": dict(c.most_common())}
            for h, c in by_half.items()
        },
        "tasks": dict(sorted(Counter(r.task_id for r in records).items())),
        "intended_vs_observed": dict(sorted(intended.items())),
        "surprises": surprises,
        "runtime_s_total": round(
            sum(r.runtime_s + r.extra["second_run"]["runtime_s"] for r in records), 1
        ),
        "shipped": shipped,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=[], help="run these programs (again) first")
    parser.add_argument("--out", type=Path, default=ROOT / "src" / "mleworld" / "data" / "foreign")
    parser.add_argument(
        "--summary", type=Path, default=ROOT / "benchmarks" / "results" / "foreign_build.json"
    )
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--no-ship", action="store_true", help="run only; write no set")
    args = parser.parse_args()

    programs = HERE / "programs"
    entries = load_manifest(HERE / "manifest.yaml", programs)
    unknown = sorted(set(args.only) - set(entries))
    if unknown:
        raise SystemExit(f"--only: no such program(s): {', '.join(unknown)}")
    own = build_tasks(HERE / "tasks")
    dirs = task_dirs(entries, own)
    began = time.perf_counter()
    shipped = shipped_records(args.out)
    done = run_programs(entries, dirs, programs, HERE / "runs.jsonl", set(args.only), shipped)
    print(f"runs finished in {time.perf_counter() - began:.0f}s", flush=True)
    if args.no_ship:
        return
    records, unstable = build_records(entries, dirs, programs, done, shipped)
    placed = {name: entry["half"] for name, entry in entries.items() if "half" in entry}
    halves, meta = draw_split(records, args.out, args.seed, placed)
    tasks = reduced_tasks(own, {r.task_id for r in records}, HERE / ".ship")
    shipped = write_program_set(records, halves, args.out, tasks=tasks, meta=meta)
    shutil.rmtree(HERE / ".ship", ignore_errors=True)
    report = summary(records, halves, unstable, entries, shipped)
    args.summary.parent.mkdir(parents=True, exist_ok=True)
    args.summary.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(
        json.dumps(
            {k: report[k] for k in ("programs", "kept", "outcomes", "halves", "shipped")}, indent=1
        )
    )
    print(f"unstable: {len(unstable)}; intended-vs-observed surprises: {len(report['surprises'])}")


if __name__ == "__main__":
    main()
