"""Program sets: hand-written programs with their real outcomes, split once into two halves.

A program set measures a world model on code its training corpus did not come
from (the `foreign` set: programs written by hand in the habits of LLM agents
and library documentation, `benchmarks/foreign/`). It is a folder holding

- `records.jsonl.gz` (or `records.jsonl`): one corpus Record per program, as
  `Record.to_json` writes it; every record's `node_id` names its program and is
  unique in the set;
- `split.json`: `{"halves": {"dev": [node ids], "test": [node ids]}, ...}`, drawn
  once (seeded, stratified by outcome) and never redrawn; other keys describe
  how it was drawn. An optional third half, `calib`, holds programs written
  after the detectors of world/static were developed on `dev`. The fast model's
  unfamiliar-code calibration (its class confidence) and other writers' metrics are
  fitted on both (`calibration_halves`; training/fast_unfamiliar.py weighs each batch,
  `batch_of`, the same): `dev`'s crashes are the ones the detectors were developed to
  find, but batches differ more from each other than the halves do, so a calibration
  on `calib` alone fitted its four batches' mix and missed every other (left one batch
  out at a time, dev and calib pooled: ECE 0.097 on calib alone, 0.018 on both;
  benchmarks/results/wm_calib_lobo_s26/);
- `tasks.jsonl.gz` (optional): `task.yaml` and `public/` of each task the set uses
  that is not a bundled suite task, one file a line (`{"task", "file", "text"}`), so a
  world model reads the same `./input/` the programs read. The files are written out
  once under `mleworld.paths.home()/program-sets/`, in a folder named by the file's
  content hash.

`foreign` names the set shipped in the package (`mleworld/data/foreign/`).
Work on a model looks only at the `dev` half; the `test` half is scored at the end;
`calib` is for calibration only (looking at its programs while writing detectors would
bias it the way `dev` is biased).

Not here: running the programs and drawing the split (`benchmarks/foreign/build.py`),
scoring (evaluation/holdout_eval.py).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import random
import re
import shutil
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mleworld.corpus.record import Record
from mleworld.corpus.store import read_jsonl
from mleworld.errors import MleWorldError
from mleworld.files import atomic_write_bytes

FOREIGN = "foreign"
RECORDS = "records.jsonl.gz"
PLAIN_RECORDS = "records.jsonl"
SPLIT = "split.json"
TASKS = "tasks.jsonl.gz"
HALVES = ("dev", "test")  # drawn together, stratified by outcome
CALIB = "calib"  # optional: programs kept apart for calibration
ALL = "all"
SETS_DIR = "program-sets"


def batch_of(name: str) -> str | None:
    """The batch letter of a program's name (`telco_h13_model_zoo`, `breast_c149_zoo` -> h, c),
    or None for the first, unlettered batches (`wine_05_...`). A batch is written by one group
    of people in one session, in its own styles."""
    found = re.match(r"^[a-z]+_([a-z])\d+_", name)
    return found.group(1) if found else None


def shipped_dir() -> Path:
    """Where the package keeps the shipped foreign set."""
    return Path(__file__).resolve().parent.parent / "data" / FOREIGN


def records_file(folder: Path) -> Path | None:
    """The records file of a program-set folder, or None when the folder is not one."""
    for name in (RECORDS, PLAIN_RECORDS):
        if (folder / name).is_file():
            return folder / name
    return None


def is_program_set(spec: str | os.PathLike[str]) -> bool:
    """Whether `spec` names a program set: `foreign`, or a folder with a records file."""
    if isinstance(spec, str) and spec == FOREIGN:
        return True
    path = Path(spec).expanduser()
    return path.is_dir() and records_file(path) is not None


@dataclass(frozen=True)
class ProgramSet:
    """The records of a program set and its two halves (node ids)."""

    path: Path
    records: tuple[Record, ...]
    halves: Mapping[str, tuple[str, ...]]
    meta: Mapping[str, Any]

    @property
    def calibration_halves(self) -> tuple[str, ...]:
        """The halves a model's calibration (class confidence, other writers' metrics) is
        fitted on: every half but `test`."""
        return tuple(h for h in ("dev", CALIB) if h in self.halves)

    def calibration_records(self) -> list[Record]:
        """The records of the calibration halves, in file order."""
        return self._records_of(self.calibration_halves)

    def _records_of(self, halves: Iterable[str]) -> list[Record]:
        wanted = {n for h in halves for n in self.halves[h]}
        return [r for r in self.records if r.node_id in wanted]

    def half(self, name: str) -> list[Record]:
        """The records of `dev`, `test`, `calib`, or `all` of them, in file order."""
        if name == ALL:
            return list(self.records)
        if name not in self.halves:
            raise MleWorldError(
                f"program set {self.path} has no half {name!r}; use one of "
                f"{', '.join([*self.halves, ALL])}"
            )
        wanted = set(self.halves[name])
        return [r for r in self.records if r.node_id in wanted]

    @property
    def digest(self) -> str:
        """12 hex digits over the set's files: names this version of the set."""
        return _digest(*(p for p in _set_files(self.path)))

    def task_dirs(self) -> dict[str, Path]:
        """Task id -> task directory of every task the set ships (unpacked on first use)."""
        archive = self.path / TASKS
        if not archive.is_file():
            return {}
        root = _unpack(archive)
        return {
            item.name: item for item in sorted(root.iterdir()) if (item / "task.yaml").is_file()
        }

    def data_dir(self) -> Callable[[str], Path | None]:
        """Task id -> the folder its programs read as ./input/ (shipped task, else suite task)."""
        from mleworld.tasks.suite import suite_data_dir

        shipped = self.task_dirs()

        def resolve(task_id: str) -> Path | None:
            if task_id in shipped:
                return shipped[task_id] / "public"
            return suite_data_dir(task_id)

        return resolve


def open_program_set(spec: str | os.PathLike[str]) -> ProgramSet:
    """The program set `foreign` (shipped) or the one in folder `spec`."""
    if isinstance(spec, str) and spec == FOREIGN:
        path = shipped_dir()
        if records_file(path) is None:
            raise MleWorldError(
                f"the foreign set is not part of this installation ({path / RECORDS} is missing); "
                "build it with `python benchmarks/foreign/build.py` or pass a program-set folder"
            )
    else:
        path = Path(spec).expanduser()
    source = records_file(path) if path.is_dir() else None
    if source is None:
        raise MleWorldError(
            f"{path} is not a program set; it needs {RECORDS} (or {PLAIN_RECORDS}) and {SPLIT}"
        )
    records = tuple(read_jsonl(source))
    seen: set[str] = set()
    for record in records:
        if not record.node_id or record.node_id in seen:
            raise MleWorldError(
                f"{source}: node id {record.node_id!r} is empty or repeated; "
                "each program of a set needs its own node id"
            )
        seen.add(record.node_id)
    meta, halves = _read_split(path / SPLIT, seen)
    return ProgramSet(path=path, records=records, halves=halves, meta=meta)


def stratified_halves(
    records: Sequence[Record], seed: int, key: Callable[[Record], str]
) -> dict[str, list[str]]:
    """Node ids split into dev and test: within each stratum, shuffled (seeded) and alternated.

    The half that starts each stratum alternates too, so strata of odd size do
    not all tip the same way.
    """
    strata: dict[str, list[str]] = defaultdict(list)
    for record in records:
        strata[key(record)].append(record.node_id)
    rng = random.Random(seed)
    halves: dict[str, list[str]] = {half: [] for half in HALVES}
    first = 0
    for name in sorted(strata):
        ids = sorted(strata[name])
        rng.shuffle(ids)
        for i, node_id in enumerate(ids):
            halves[HALVES[(i + first) % 2]].append(node_id)
        first = 1 - first if len(ids) % 2 else first
    return {half: sorted(ids) for half, ids in halves.items()}


def write_program_set(
    records: Iterable[Record],
    halves: Mapping[str, Sequence[str]],
    out: Path,
    *,
    tasks: Mapping[str, Path] | None = None,
    meta: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Write a program set into `out`, byte for byte the same for the same input; a summary."""
    out.mkdir(parents=True, exist_ok=True)
    rows = [record.to_json().encode("utf-8") + b"\n" for record in records]
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as gz:
        gz.writelines(rows)
    _replace(out / RECORDS, buffer.getvalue())
    split = {**(meta or {}), "halves": {half: sorted(ids) for half, ids in halves.items()}}
    _replace(out / SPLIT, (json.dumps(split, indent=1, sort_keys=True) + "\n").encode("utf-8"))
    if tasks:
        _replace(out / TASKS, _task_archive(tasks))
    elif (out / TASKS).exists():
        (out / TASKS).unlink()
    return {
        "records": len(rows),
        "halves": {half: len(ids) for half, ids in halves.items()},
        "bytes": sum(p.stat().st_size for p in _set_files(out)),
        "sha256_12": _digest(*_set_files(out)),
    }


# --- files --------------------------------------------------------------------------------


def _read_split(path: Path, ids: set[str]) -> tuple[dict[str, Any], dict[str, tuple[str, ...]]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MleWorldError(f"{path} is missing; a program set needs its split file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise MleWorldError(f"{path} is not valid JSON ({exc}); restore the split file") from None
    halves = data.get("halves") if isinstance(data, dict) else None
    if not isinstance(halves, dict) or not set(HALVES) <= set(halves) <= {*HALVES, CALIB}:
        raise MleWorldError(
            f"{path} needs 'halves' with {' and '.join(HALVES)} (and optionally {CALIB}), "
            "each a list of node ids"
        )
    out: dict[str, tuple[str, ...]] = {}
    for half, members in halves.items():
        if not isinstance(members, list) or not all(isinstance(m, str) for m in members):
            raise MleWorldError(f"{path}: half {half!r} must be a list of node ids")
        unknown = sorted(set(members) - ids)
        if unknown:
            raise MleWorldError(
                f"{path}: half {half!r} names programs the records do not have "
                f"({', '.join(unknown[:3])}); rebuild the set"
            )
        out[half] = tuple(members)
    if sum(len(m) for m in out.values()) != len(set().union(*out.values())):
        raise MleWorldError(f"{path}: a program is in two halves; rebuild the set")
    return {k: v for k, v in data.items() if k != "halves"}, out


def _task_archive(tasks: Mapping[str, Path]) -> bytes:
    """task.yaml and public/ of each task, one file a line, sorted."""
    lines = []
    for task_id in sorted(tasks):
        root = Path(tasks[task_id])
        for file in [root / "task.yaml", *sorted((root / "public").iterdir())]:
            row = {"task": task_id, "file": file.relative_to(root).as_posix()}
            row["text"] = file.read_bytes().decode("utf-8")  # bytes as they are, newlines too
            lines.append(json.dumps(row, sort_keys=True).encode("utf-8") + b"\n")
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as gz:
        gz.writelines(lines)
    return buffer.getvalue()


def _unpack(archive: Path) -> Path:
    """The archive's files written under the cache, in a folder named by its hash (once)."""
    from mleworld.paths import home

    root = home() / SETS_DIR
    target = root / f"tasks-{_digest(archive)}"
    if target.is_dir():
        return target
    root.mkdir(parents=True, exist_ok=True)
    staging = root / f".{target.name}.{os.getpid()}.tmp"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        for row in _archive_rows(archive):
            path = staging / row["task"] / row["file"]
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(row["text"].encode("utf-8"))
        try:
            os.rename(staging, target)
        except OSError:
            if not target.is_dir():  # not another first use that won the rename
                raise
    except OSError as exc:
        raise MleWorldError(
            f"cannot write the program set's tasks from {archive} into {root} ({exc.strerror}); "
            "check that MLEWORLD_HOME is writable"
        ) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return target


def _archive_rows(archive: Path) -> list[dict[str, str]]:
    """The rows of a task file; only task.yaml and files directly in public/ are accepted."""
    try:
        with gzip.open(archive, "rt", encoding="utf-8") as handle:
            rows = [json.loads(line) for line in handle if line.strip()]
    except (OSError, EOFError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise MleWorldError(f"{archive} is damaged ({exc}); rebuild the program set") from None
    for row in rows:
        if not isinstance(row, dict):
            row = {"entry": row}
        task, file = row.get("task"), row.get("file")
        parts = file.split("/") if isinstance(file, str) else []
        safe_task = isinstance(task, str) and task not in ("", ".", "..") and "/" not in task
        safe_file = parts == ["task.yaml"] or (
            len(parts) == 2 and parts[0] == "public" and parts[1] not in ("", ".", "..")
        )
        if not (safe_task and safe_file and isinstance(row.get("text"), str)):
            raise MleWorldError(
                f"{archive} holds an unexpected entry {str(row)[:80]!r}; "
                "a task file may hold only task.yaml and public/ files"
            )
    return rows


def _set_files(folder: Path) -> list[Path]:
    return [folder / n for n in (RECORDS, PLAIN_RECORDS, SPLIT, TASKS) if (folder / n).is_file()]


def _replace(path: Path, data: bytes) -> None:
    atomic_write_bytes(path, data)


def _digest(*paths: Path) -> str:
    sha = hashlib.sha256()
    for path in paths:
        sha.update(path.name.encode("utf-8") + b"\x00" + path.read_bytes() + b"\x00")
    return sha.hexdigest()[:12]
