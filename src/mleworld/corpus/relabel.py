"""Re-run a corpus's timeouts to tell the program's timeouts from the machine's.

A timeout recorded while the machine was oversubscribed (OpenMP threads
spinning for cores other programs held) says more about the machine than about
the program, and a world model learns it as a fact. `relabel_timeouts` runs
every timeout record again, under the fixed sandbox and the record's own time
limit:

- it times out again: `kept`, the record stays as it was;
- it finishes: it is run a second time. Both finish with the same outcome
  (exception class and submission flag): `relabelled`, the record gets the
  first re-run's outcome in place of the timeout. The two re-runs disagree, or
  the second times out: `disagreeing`, and as in deduplication (paper
  appendix E) one representative per outcome is kept: the original timeout
  record plus one record for each other outcome seen.

Progress goes to `relabel.jsonl` in the output folder, one line per record
once its runs are done (appended and fsynced, a partial last line ignored), so
a killed relabel resumes without re-running what it finished. The new corpus
(`corpus/` in the output folder) is written at the end: every record of the
source, relabelled where the runs say so, with the source's holdout. Each
changed or added record keeps the re-run's machine facts and a `relabel` note in
`extra`.

Not here: running programs (execution), deduplication (dedup.py).
"""

from __future__ import annotations

import json
import os
import shutil
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mleworld.corpus.dedup import outcome_key
from mleworld.corpus.record import Record
from mleworld.corpus.store import Corpus
from mleworld.errors import MleWorldError
from mleworld.execution.executors import Job, run_job
from mleworld.execution.limits import Limits
from mleworld.execution.outcome import Outcome

LOG_FILE = "relabel.jsonl"
CORPUS_DIR = "corpus"
KEPT, RELABELLED, DISAGREEING = "kept", "relabelled", "disagreeing"


@dataclass
class RelabelReport:
    timeouts: int = 0
    kept: int = 0
    relabelled: int = 0
    disagreeing: int = 0
    resumed: int = 0  # verdicts read back from an earlier, killed relabel
    merged: int = 0  # records dropped as a second representative of one outcome
    new_outcomes: Counter[str] = field(default_factory=Counter)  # relabelled: their exc_type
    records_in: int = 0
    records_out: int = 0
    max_load_per_core: float | None = None  # the busiest the machine was at a re-run's end

    def to_dict(self) -> dict[str, Any]:
        return {
            "timeouts": self.timeouts,
            "kept_as_timeout": self.kept,
            "relabelled": self.relabelled,
            "disagreeing": self.disagreeing,
            "resumed": self.resumed,
            "merged_duplicates": self.merged,
            "relabelled_to": dict(sorted(self.new_outcomes.items())),
            "records_in": self.records_in,
            "records_out": self.records_out,
            "max_load_per_core": self.max_load_per_core,
        }


def verdict(runs: list[Outcome]) -> str:
    """kept, relabelled or disagreeing, from the re-runs of one timeout (one or two)."""
    if runs[0].timed_out:
        return KEPT
    if len(runs) < 2:
        raise MleWorldError("a timeout that finished on re-run needs its second run")
    first, second = (outcome_key(o.exc_type, o.submission) for o in runs[:2])
    return RELABELLED if not runs[1].timed_out and first == second else DISAGREEING


def _read_log(path: Path) -> dict[str, dict[str, Any]]:
    """The finished records of the log; a partial last line (a kill mid-write) is cut off."""
    done: dict[str, dict[str, Any]] = {}
    if not path.is_file():
        return done
    data = path.read_bytes()
    complete = data[: data.rfind(b"\n") + 1]
    if len(complete) < len(data):
        with open(path, "r+b") as handle:
            handle.truncate(len(complete))
    for line in complete.decode("utf-8", "replace").splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue  # the partial last line of a killed relabel
        if isinstance(entry, dict) and isinstance(entry.get("uid"), str):
            done[entry["uid"]] = entry
    return done


def _append_log(path: Path, entry: dict[str, Any]) -> None:
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(entry, sort_keys=True) + "\n")
        handle.flush()
        os.fsync(handle.fileno())


def relabel_timeouts(
    source: Corpus,
    out: Path,
    *,
    resolve_task_dir: Callable[[str], Path],
    workers: int = 1,
    recheck_load_per_core: float | None = None,
    on_verdict: Callable[[Record, str, list[Outcome]], None] | None = None,
) -> RelabelReport:
    """Re-run every timeout record of `source`; write the relabelled corpus to `out/corpus`.

    `recheck_load_per_core`: a timeout confirmed by an earlier invocation while the
    machine's load per core was above this is run again (a busy machine can still
    make a program overrun; a run that finished under load needs no recheck).
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    log_path = out / LOG_FILE
    done = _read_log(log_path)
    if recheck_load_per_core is not None:
        done = {
            uid: entry
            for uid, entry in done.items()
            if entry["verdict"] != KEPT
            or _busiest([Outcome.from_dict(run) for run in entry["runs"]]) <= recheck_load_per_core
        }
    report = RelabelReport()
    timeouts = [r for r in source.iter_records() if r.outcome == "timeout"]
    report.timeouts = len(timeouts)
    todo = [r for r in timeouts if r.uid not in done]
    report.resumed = report.timeouts - len(todo)
    task_dirs = {r.task_id: resolve_task_dir(r.task_id) for r in todo}
    lock = threading.Lock()

    def rerun(record: Record) -> None:
        limits = Limits(time_limit_s=record.x.time_limit_s)
        job = Job(record.program, task_dir=task_dirs[record.task_id], limits=limits)
        runs = [run_job(job)]
        if not runs[0].timed_out:
            runs.append(run_job(job))
        entry = {"uid": record.uid, "verdict": verdict(runs), "runs": [o.to_dict() for o in runs]}
        with lock:
            _append_log(log_path, entry)
            done[record.uid] = entry
            if on_verdict is not None:
                on_verdict(record, entry["verdict"], runs)

    # Each worker takes one record through both of its runs, so a killed relabel
    # loses at most the records in flight.
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        for future in [pool.submit(rerun, record) for record in todo]:
            future.result()
    _write_corpus(source, out / CORPUS_DIR, done, report)
    return report


def _rerun_record(record: Record, outcome: Outcome, note: str) -> Record:
    extra = {**record.extra, **outcome.machine_facts(), "relabel": note}
    extra["submission_error"] = outcome.submission_error
    return Record.from_outcome(
        outcome,
        record.x,
        task_id=record.task_id,
        stage=record.stage,
        generator=record.generator,
        run_id=record.run_id,
        node_id=record.node_id,
        parent_id=record.parent_id,
        created_at=record.created_at,
        extra=extra,
    )


def _relabelled(record: Record, entry: dict[str, Any], report: RelabelReport) -> Iterator[Record]:
    """What one re-run timeout record becomes, by its verdict."""
    runs = [Outcome.from_dict(run) for run in entry["runs"]]
    _note_load(report, runs)
    kind = entry["verdict"]
    if kind == KEPT:
        report.kept += 1
        yield record
    elif kind == RELABELLED:
        report.relabelled += 1
        report.new_outcomes[runs[0].exc_type] += 1
        yield _rerun_record(record, runs[0], "timeout on a busy machine; finished twice")
    else:
        report.disagreeing += 1
        yield record
        for run in runs:
            yield _rerun_record(record, run, "re-runs disagree; one per outcome")


def _write_corpus(
    source: Corpus, target_dir: Path, done: dict[str, dict[str, Any]], report: RelabelReport
) -> None:
    def records() -> Iterator[Record]:
        # One representative per (task, program, outcome), as deduplication keeps: a
        # relabelled timeout can meet another run of its program that ended the same way.
        kept: set[tuple[str, str, str]] = set()
        for original in source.iter_records():
            report.records_in += 1
            entry = done.get(original.uid) if original.outcome == "timeout" else None
            for record in [original] if entry is None else _relabelled(original, entry, report):
                key = (
                    record.task_id,
                    record.id,
                    outcome_key(record.y.exc_type, record.y.submission),
                )
                if key in kept:
                    report.merged += 1
                    continue
                kept.add(key)
                yield record

    staging = target_dir.with_name(f".{target_dir.name}.tmp")
    if staging.exists():
        shutil.rmtree(staging)
    corpus = Corpus.create(staging)
    report.records_out = corpus.append(records())
    corpus.set_holdout(source.holdout(), params={"relabelled_from": str(source.path)})
    if target_dir.exists():
        shutil.rmtree(target_dir)
    os.rename(staging, target_dir)


def _busiest(runs: list[Outcome]) -> float:
    """The highest load per core at the end of these runs (0 when not recorded)."""
    return max((run.load_per_core or 0.0 for run in runs), default=0.0)


def _note_load(report: RelabelReport, runs: list[Outcome]) -> None:
    busiest = round(_busiest(runs), 2)
    report.max_load_per_core = max(report.max_load_per_core or 0.0, busiest)
