"""Agent runs to a training corpus in one go: ingest, filter, deduplicate, split, describe.

`build_corpus(run_dirs, out)` chains the corpus steps, each done by the module
that owns it: ingest.py reads the runs into a raw corpus; dedup.py's
`dedup_corpus` streams it through the filter (filters.py) and then the
deduplicator into the new corpus; holdout.py draws the holdout and proves it
has no exact, AST or near duplicate in training; stats.py writes `stats.json`
and `stats.md` beside the records. The filter runs before deduplication so
that a record the filter drops never stands in for a duplicate that it would
have kept.

The corpus is assembled in a temporary directory beside `out` and renamed
into place when every step succeeded (a failed build leaves nothing at
`out`); the raw corpus is deleted. `refine_corpus` runs the same steps from
a corpus that is already ingested; `extend_corpus` adds runs to a built corpus
and keeps its holdout as it is.

Not here: the steps themselves; the CLI (cli/corpus_cmd.py).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mleworld.corpus.dedup import THRESHOLD, DedupReport, dedup_corpus
from mleworld.corpus.filters import FilterReport
from mleworld.corpus.holdout import (
    FAST_S,
    HoldoutReport,
    check_holdout,
    holdout_copies,
    select_holdout,
)
from mleworld.corpus.ingest import IngestReport, ingest_runs
from mleworld.corpus.record import Record
from mleworld.corpus.stats import render_markdown, stats
from mleworld.corpus.store import MANIFEST, Corpus
from mleworld.errors import MleWorldError
from mleworld.files import atomic_write_text

STATS_JSON = "stats.json"
STATS_MD = "stats.md"
RAW = "raw"
BUILT = "corpus"


@dataclass
class BuildReport:
    """What each step of a build did."""

    path: Path
    ingest: IngestReport | None
    filter: FilterReport
    dedup: DedupReport
    holdout: HoldoutReport
    violations: list[str]
    stats: dict[str, Any]
    # extend_corpus: records added to the base, new records dropped as holdout copies
    extended: dict[str, int] = field(default_factory=dict)

    @property
    def records(self) -> int:
        return int(self.stats["total"])

    def steps(self) -> list[tuple[str, int]]:
        """(step, records after it), in order."""
        out: list[tuple[str, int]] = []
        if self.ingest is not None:
            out.append(("ingested", self.ingest.added))
        out += [
            ("after filter", self.filter.kept),
            ("after exact dedup", self.dedup.kept),
            ("training", self.stats["train_total"]),
            ("holdout", self.stats["holdout_total"]),
        ]
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": str(self.path),
            "records": self.records,
            "ingest": None if self.ingest is None else self.ingest.to_dict(),
            "filter": self.filter.to_dict(),
            "dedup": self.dedup.to_dict(),
            "holdout": self.holdout.to_dict(),
            "holdout_check": {"passed": not self.violations, "violations": self.violations},
            "stats": self.stats,
            **({"extended": self.extended} if self.extended else {}),
            "files": {
                "stats_json": str(self.path / STATS_JSON),
                "stats_md": str(self.path / STATS_MD),
            },
        }


def build_corpus(
    run_dirs: Iterable[str | os.PathLike[str]],
    out: str | os.PathLike[str],
    *,
    holdout_per_task: int = 100,
    seed: int = 0,
    workers: int = 1,
) -> BuildReport:
    """Ingest agent runs into a new corpus at `out`, with a checked holdout and its stats."""
    target = _check_new(Path(out))
    runs = [Path(p) for p in run_dirs]
    if not runs:
        raise MleWorldError("no run directories given; pass agent runs (or folders holding them)")
    work = Path(tempfile.mkdtemp(prefix=f".{target.name}.build-", dir=target.parent))
    try:
        raw = Corpus.create(work / RAW)
        ingested = ingest_runs(runs, raw)
        if not len(raw):
            raise MleWorldError(
                f"the runs hold no executed program ({ingested.nodes} nodes, none ran); "
                "pass runs whose steps executed"
            )
        report = _refine(raw, work / BUILT, holdout_per_task, seed, workers)
        report.ingest = ingested
        shutil.rmtree(work / RAW)
        return _publish(report, work / BUILT, target)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def refine_corpus(
    source: Corpus,
    out: str | os.PathLike[str],
    *,
    holdout_per_task: int = 100,
    seed: int = 0,
    workers: int = 1,
) -> BuildReport:
    """Filter, deduplicate and split an ingested corpus into a new one at `out`."""
    target = _check_new(Path(out))
    if not len(source):
        raise MleWorldError(f"corpus {source.path} is empty; ingest runs into it first")
    work = Path(tempfile.mkdtemp(prefix=f".{target.name}.build-", dir=target.parent))
    try:
        report = _refine(source, work / BUILT, holdout_per_task, seed, workers)
        return _publish(report, work / BUILT, target)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def extend_corpus(
    base: Corpus,
    run_dirs: Iterable[str | os.PathLike[str]],
    out: str | os.PathLike[str],
    *,
    workers: int = 1,
) -> BuildReport:
    """A new corpus at `out`: `base` plus the programs of these runs, with `base`'s holdout.

    The new records go through the same filter and deduplication (the base's
    records come first, so they stay the representatives). A new record of a
    holdout program, or of an exact, AST or near copy of one, is dropped: the
    holdout stays the same programs with the same records, still without a copy
    in training, so scores on it compare with the base's.
    """
    target = _check_new(Path(out))
    runs = [Path(p) for p in run_dirs]
    if not runs:
        raise MleWorldError("no run directories given; pass agent runs (or folders holding them)")
    holdout = base.holdout()
    if not holdout:
        raise MleWorldError(f"corpus {base.path} has no holdout; build it with `corpus build`")
    base_uids = {record.uid for record in base.iter_records()}
    work = Path(tempfile.mkdtemp(prefix=f".{target.name}.build-", dir=target.parent))
    try:
        raw = Corpus.create(work / RAW)
        raw.append(base.iter_records())
        ingested = ingest_runs(runs, raw)
        merged = Corpus.create(work / "merged")
        filtered, deduped = dedup_corpus(raw, merged, filter_first=True, workers=workers)
        assert filtered is not None  # filter_first always reports
        merged.set_holdout(holdout)
        copies = {
            (copy.task, copy.train_id)
            for copy in holdout_copies(merged, workers=workers)
            if copy.train_id is not None
        }

        survived: set[str] = set()  # base records the filter and dedup kept

        def kept() -> Iterator[Record]:
            for record in merged.iter_records():
                if record.uid in base_uids:
                    survived.add(record.uid)
                    yield record
                elif record.id not in holdout.get(record.task_id, ()) and (
                    (record.task_id, record.id) not in copies
                ):
                    yield record

        corpus = Corpus.create(work / BUILT)
        corpus.append(kept())
        corpus.set_holdout(holdout)
        missing = sorted(base_uids - survived)
        violations = check_holdout(corpus, workers=workers)
        if missing or violations:
            first = f"base record {missing[0]} was filtered out" if missing else violations[0]
            raise MleWorldError(
                f"the extended corpus lost base records or copies a holdout program ({first}); "
                "extend a corpus built with the current filters"
            )
        kept_holdout = {task: sorted(ids) for task, ids in holdout.items()}
        drawn = HoldoutReport(0, 0, FAST_S, THRESHOLD, holdout=kept_holdout)
        report = BuildReport(
            corpus.path, ingested, filtered, deduped, drawn, [], write_stats(corpus)
        )
        report.extended = {
            "base_records": len(base_uids),
            "added": len(corpus) - len(base_uids),
            "dropped_as_holdout_copies": len(copies),
        }
        shutil.rmtree(work / RAW)
        return _publish(report, work / BUILT, target)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _check_new(out: Path) -> Path:
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        what = "a corpus" if (out / MANIFEST).is_file() else "not empty"
        raise MleWorldError(f"{out} is {what}; --out takes a new directory")
    out.parent.mkdir(parents=True, exist_ok=True)
    return out


def _refine(
    source: Corpus, path: Path, holdout_per_task: int, seed: int, workers: int
) -> BuildReport:
    corpus = Corpus.create(path)
    filtered, deduped = dedup_corpus(source, corpus, filter_first=True, workers=workers)
    assert filtered is not None  # filter_first always reports
    corpus.refresh()
    if not len(corpus):
        raise MleWorldError(
            f"every record was dropped by the filter ({_reasons(filtered)}); "
            "the runs hold no usable training example"
        )
    drawn = select_holdout(corpus, holdout_per_task, seed=seed, workers=workers)
    violations = check_holdout(corpus, workers=workers)
    if violations:
        raise MleWorldError(
            f"holdout check failed with {len(violations)} violation(s), first: {violations[0]}; "
            "report this as a bug"
        )
    table = write_stats(corpus)
    return BuildReport(path, None, filtered, deduped, drawn, violations, table)


def write_stats(corpus: Corpus) -> dict[str, Any]:
    """Write `stats.json` and `stats.md` into the corpus directory; the statistics."""
    table = stats(corpus)
    _write_text(corpus.path / STATS_JSON, json.dumps(table, indent=2) + "\n")
    _write_text(corpus.path / STATS_MD, render_markdown(table))
    return table


def _publish(report: BuildReport, built: Path, target: Path) -> BuildReport:
    if target.exists():
        target.rmdir()  # empty (checked before the build)
    os.rename(built, target)
    report.path = target
    return report


def _reasons(report: FilterReport) -> str:
    dropped = {k: v for k, v in report.to_dict()["dropped"].items() if v}
    return ", ".join(f"{k}: {v}" for k, v in dropped.items()) or "none"


def _write_text(path: Path, text: str) -> None:
    atomic_write_text(path, text)
