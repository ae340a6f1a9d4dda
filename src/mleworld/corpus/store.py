"""A corpus on disk: a directory of append-only Parquet shards, queried with DuckDB.

Layout::

    <corpus>/
      manifest.json       format, schema version, the shards and their row counts,
                          counts per task and stage, the environments (Python and
                          package versions) the records ran under, the split summary
      shards/part-NNNNNN.parquet   one flat row per record (Record.to_row), with the
                          data overview replaced by its `overview_id`
      overviews.parquet   each distinct data overview once: overview_id, text
      splits.json         the holdout: {task_id: [program ids]}; everything else is train
      fingerprints/part-NNNNNN.parquet   cached program fingerprints per shard (a cache:
                          deleting it only costs recomputation; fingerprint_cache.py)

Guarantees: a shard, once listed in the manifest, is never rewritten. Every file
is written to a temporary name and moved into place (`os.replace`), and the
manifest is replaced last, so a reader sees either the corpus before an append
or after it. An append is all-or-nothing: a killed or failed append leaves
only unlisted files, which readers ignore and the next append removes. Writers
take an exclusive lock on `<corpus>/.lock`; readers take none.

Splits are by program: a (task, program id) pair in splits.json puts every
record of that program in the holdout, including records appended later.

This module owns the layout, reading and writing. What goes into a corpus
(filters, dedup) and what comes out (stats, export) live beside it.
"""

from __future__ import annotations

import contextlib
import fcntl
import gzip
import hashlib
import io
import json
import os
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import pyarrow as pa
import pyarrow.parquet as pq

from mleworld.corpus.fingerprint import Fingerprint
from mleworld.corpus.fingerprint_cache import FINGERPRINTS, write_sidecar
from mleworld.corpus.record import SCHEMA_VERSION, Record
from mleworld.errors import MleWorldError
from mleworld.files import atomic_output, atomic_write_text, fsync_dir, temp_sibling

if TYPE_CHECKING:
    import duckdb
    import pandas as pd

FORMAT = "mleworld-corpus"
MANIFEST = "manifest.json"
SPLITS = "splits.json"
OVERVIEWS = "overviews.parquet"
SHARDS = "shards"
LOCK = ".lock"
SPLIT_NAMES = ("train", "holdout")
DEFAULT_SHARD_ROWS = 50_000

SCHEMA = pa.schema(
    [
        ("id", pa.string()),
        ("task_id", pa.string()),
        ("run_id", pa.string()),
        ("node_id", pa.string()),
        ("parent_id", pa.string()),
        ("stage", pa.string()),
        ("generator", pa.string()),
        ("program", pa.string()),
        ("packages", pa.string()),
        ("failing_imports", pa.list_(pa.string())),
        ("python_version", pa.string()),
        ("overview_id", pa.string()),
        ("time_limit_s", pa.float64()),
        ("exc_type", pa.string()),
        ("term_out", pa.string()),
        ("metric", pa.float64()),
        ("submission", pa.bool_()),
        ("runtime_s", pa.float64()),
        ("created_at", pa.float64()),
        ("timed_out", pa.bool_()),
        ("exit_code", pa.int64()),
        ("submission_valid", pa.bool_()),
        ("metric_line", pa.string()),
        ("harness_error", pa.string()),
        ("extra", pa.string()),
        ("schema_version", pa.int32()),
    ]
)
COLUMNS: tuple[str, ...] = tuple(SCHEMA.names)
OVERVIEW_SCHEMA = pa.schema([("overview_id", pa.string()), ("text", pa.string())])


def overview_id(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _atomic_write_json(path: Path, data: Any) -> None:
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    atomic_write_text(path, text, durable=True)


def write_table_atomic(path: Path, table: pa.Table) -> int:
    """Write a Parquet file durably and atomically (files.py); its size."""
    with atomic_output(path, "wb", durable=True) as handle:
        pq.write_table(table, handle, compression="zstd", row_group_size=1024)
    return path.stat().st_size


ROW_GROUP = 1024


class _ShardWriter:
    """One shard being written: row groups stream to a temporary file, moved into place by close()."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.tmp = temp_sibling(path)
        self.rows = 0
        self._buffer: list[dict[str, Any]] = []
        self._writer = pq.ParquetWriter(self.tmp, SCHEMA, compression="zstd")

    def add(self, row: dict[str, Any]) -> None:
        self._buffer.append(row)
        self.rows += 1
        if len(self._buffer) >= ROW_GROUP:
            self._write()

    def _write(self) -> None:
        if self._buffer:
            self._writer.write_table(pa.Table.from_pylist(self._buffer, schema=SCHEMA))
            self._buffer = []

    def close(self) -> tuple[int, int]:
        """Finish the file and move it into place; (rows, bytes)."""
        self._write()
        self._writer.close()
        with open(self.tmp, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(self.tmp, self.path)
        fsync_dir(self.path.parent)
        return self.rows, self.path.stat().st_size


def _env_key(python_version: str, packages_json: str) -> str:
    return hashlib.sha256(f"{python_version}\x00{packages_json}".encode()).hexdigest()[:12]


class Corpus:
    """An open corpus directory. Create with `Corpus.create`, open with `Corpus.open`."""

    def __init__(self, path: Path, manifest: dict[str, Any]) -> None:
        self.path = path
        self._manifest = manifest
        self._overviews: dict[str, str] | None = None
        self._holdout: dict[str, set[str]] | None = None

    # --- opening -----------------------------------------------------------------------
    @classmethod
    def create(cls, path: str | os.PathLike[str], *, exist_ok: bool = False) -> Corpus:
        """A new empty corpus at `path` (which must not exist, or be an empty directory)."""
        root = Path(path)
        if (root / MANIFEST).exists():
            if exist_ok:
                return cls.open(root)
            raise MleWorldError(f"corpus {root} already exists; open it, or choose a new directory")
        if root.exists() and (not root.is_dir() or any(root.iterdir())):
            raise MleWorldError(
                f"{root} exists and is not an empty directory; choose a new corpus directory"
            )
        (root / SHARDS).mkdir(parents=True, exist_ok=True)
        manifest = {
            "format": FORMAT,
            "schema_version": SCHEMA_VERSION,
            "created_at": _now(),
            "updated_at": _now(),
            "records": 0,
            "next_shard": 0,
            "shards": [],
            "tasks": {},
            "stages": {},
            "generators": {},
            "environments": [],
            "overviews": 0,
            "splits": {"file": SPLITS, "holdout_programs": 0},
        }
        _atomic_write_json(root / MANIFEST, manifest)
        return cls(root, manifest)

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> Corpus:
        root = Path(path)
        manifest_path = root / MANIFEST
        if not root.is_dir():
            raise MleWorldError(
                f"corpus directory {root} does not exist; create it with Corpus.create"
            )
        if not manifest_path.is_file():
            raise MleWorldError(
                f"{root} is not an mleworld corpus (no {MANIFEST}); create one with Corpus.create"
            )
        manifest = _read_manifest(manifest_path)
        return cls(root, manifest)

    @classmethod
    def open_or_create(cls, path: str | os.PathLike[str]) -> Corpus:
        root = Path(path)
        return cls.open(root) if (root / MANIFEST).exists() else cls.create(root)

    def refresh(self) -> None:
        """Re-read the manifest and splits (another process may have appended)."""
        self._manifest = _read_manifest(self.path / MANIFEST)
        self._overviews = None
        self._holdout = None

    # --- facts ---------------------------------------------------------------------------
    @property
    def manifest(self) -> dict[str, Any]:
        return json.loads(json.dumps(self._manifest))

    def __len__(self) -> int:
        return int(self._manifest["records"])

    def __repr__(self) -> str:
        return f"Corpus({str(self.path)!r}, records={len(self)})"

    @property
    def shard_paths(self) -> list[Path]:
        return [self.path / entry["file"] for entry in self._manifest["shards"]]

    @property
    def tasks(self) -> dict[str, int]:
        return dict(self._manifest["tasks"])

    @property
    def environments(self) -> list[dict[str, Any]]:
        return list(self._manifest["environments"])

    # --- overviews -------------------------------------------------------------------------
    def overviews(self) -> dict[str, str]:
        if self._overviews is None:
            self._overviews = _read_overviews(self.path / OVERVIEWS)
        return self._overviews

    def overview(self, oid: str) -> str:
        try:
            return self.overviews()[oid]
        except KeyError:
            raise MleWorldError(
                f"corpus {self.path} has no data overview {oid!r}; {OVERVIEWS} is incomplete, re-import the corpus"
            ) from None

    # --- splits ------------------------------------------------------------------------------
    def holdout(self) -> dict[str, set[str]]:
        """{task_id: program ids} of the holdout (empty when none was drawn)."""
        if self._holdout is None:
            self._holdout = _read_splits(self.path / SPLITS)
        return {task: set(ids) for task, ids in self._holdout.items()}

    def split_of(self, task_id: str, program_id: str) -> str:
        holdout = self._holdout if self._holdout is not None else self.holdout()
        return "holdout" if program_id in holdout.get(task_id, ()) else "train"

    def set_holdout(
        self, holdout: Mapping[str, Iterable[str]], params: Mapping[str, Any] | None = None
    ) -> None:
        """Replace the holdout with these programs (atomically)."""
        clean = {str(task): sorted({str(i) for i in ids}) for task, ids in holdout.items()}
        clean = {task: ids for task, ids in sorted(clean.items()) if ids}
        with self._lock():
            self.refresh()
            _atomic_write_json(
                self.path / SPLITS,
                {
                    "schema_version": SCHEMA_VERSION,
                    "created_at": _now(),
                    "params": dict(params or {}),
                    "holdout": clean,
                },
            )
            manifest = self.manifest
            manifest["splits"] = {
                "file": SPLITS,
                "holdout_programs": sum(len(ids) for ids in clean.values()),
                "holdout_tasks": len(clean),
            }
            manifest["updated_at"] = _now()
            _atomic_write_json(self.path / MANIFEST, manifest)
            self._manifest = manifest
            self._holdout = {task: set(ids) for task, ids in clean.items()}

    # --- writing -------------------------------------------------------------------------------
    @contextlib.contextmanager
    def _lock(self) -> Iterator[None]:
        with open(self.path / LOCK, "a+") as handle:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)

    def append(
        self,
        records: Iterable[Record],
        *,
        shard_rows: int = DEFAULT_SHARD_ROWS,
        fingerprints: Iterable[Fingerprint] | None = None,
    ) -> int:
        """Append records as new shards; returns how many. All or nothing.

        Records stream through: at most `shard_rows` are held at once. When the
        caller already has the records' fingerprints (one per record, in order),
        they are cached beside the new shards (fingerprint_cache.py).
        """
        if shard_rows < 1:
            raise MleWorldError("shard_rows must be at least 1")
        fp_iter = None if fingerprints is None else iter(fingerprints)
        with self._lock():
            self.refresh()
            self._remove_unlisted()
            manifest = self.manifest
            overviews = dict(self.overviews())
            new_overviews: dict[str, str] = {}
            written: list[dict[str, Any]] = []
            tasks: Counter[str] = Counter(manifest["tasks"])
            stages: Counter[str] = Counter(manifest["stages"])
            generators: Counter[str] = Counter(manifest.get("generators", {}))
            envs = {env["key"]: env for env in manifest["environments"]}
            seq = int(manifest["next_shard"])
            shard: _ShardWriter | None = None
            fps: list[Fingerprint] = []
            total = 0

            def flush() -> None:
                nonlocal seq, shard, fps
                if shard is None:
                    return
                name = f"{SHARDS}/{shard.path.name}"
                rows, size = shard.close()
                if fp_iter is not None:
                    write_sidecar(self.path, name, fps)
                written.append({"file": name, "rows": rows, "bytes": size})
                seq += 1
                shard = None
                fps = []

            for record in records:
                if not isinstance(record, Record):
                    raise MleWorldError(
                        f"corpus.append takes Record objects, got {type(record).__name__}"
                    )
                row = record.to_row()
                text = row.pop("data_overview")
                oid = overview_id(text)
                if oid not in overviews and oid not in new_overviews:
                    new_overviews[oid] = text
                row["overview_id"] = oid
                if shard is None:
                    shard = _ShardWriter(self.path / SHARDS / f"part-{seq:06d}.parquet")
                shard.add(row)
                if fp_iter is not None:
                    fp = next(fp_iter, None)
                    if fp is None:
                        raise MleWorldError("corpus.append got fewer fingerprints than records")
                    fps.append(fp)
                total += 1
                tasks[record.task_id] += 1
                stages[record.stage] += 1
                generators[record.generator] += 1
                key = _env_key(record.x.python_version, row["packages"])
                env = envs.get(key)
                if env is None:
                    env = envs[key] = {
                        "key": key,
                        "python_version": record.x.python_version,
                        "packages": dict(record.x.packages),
                        "records": 0,
                    }
                env["records"] += 1
                if shard.rows >= shard_rows:
                    flush()
            flush()
            if total == 0:
                return 0
            if new_overviews:
                overviews.update(new_overviews)
                write_table_atomic(
                    self.path / OVERVIEWS,
                    pa.Table.from_pylist(
                        [{"overview_id": k, "text": v} for k, v in overviews.items()],
                        schema=OVERVIEW_SCHEMA,
                    ),
                )
            manifest["shards"].extend(written)
            manifest["next_shard"] = seq
            manifest["records"] = int(manifest["records"]) + total
            manifest["tasks"] = dict(sorted(tasks.items()))
            manifest["stages"] = dict(sorted(stages.items()))
            manifest["generators"] = dict(sorted(generators.items()))
            manifest["environments"] = sorted(envs.values(), key=lambda e: -e["records"])
            manifest["overviews"] = len(overviews)
            manifest["updated_at"] = _now()
            _atomic_write_json(self.path / MANIFEST, manifest)
            self._manifest = manifest
            self._overviews = overviews
            return total

    def _remove_unlisted(self) -> None:
        """Delete what an interrupted append left behind: temp files and unlisted shards."""
        listed = {Path(entry["file"]).name for entry in self._manifest["shards"]}
        shard_dir = self.path / SHARDS
        shard_dir.mkdir(exist_ok=True)
        for item in shard_dir.iterdir():
            if item.is_file() and item.name not in listed:
                item.unlink()
        sidecars = self.path / FINGERPRINTS
        if sidecars.is_dir():
            for item in sidecars.iterdir():
                if item.is_file() and item.name not in listed:
                    item.unlink()
        for item in self.path.iterdir():
            if item.is_file() and item.name.endswith(".tmp") and item.name.startswith("."):
                item.unlink()

    # --- reading ---------------------------------------------------------------------------------
    def iter_rows(
        self,
        columns: Sequence[str] | None = None,
        *,
        split: str | None = None,
        tasks: Iterable[str] | None = None,
        batch_size: int = 1024,
    ) -> Iterator[list[dict[str, Any]]]:
        """Batches of flat rows, shard by shard; only `columns` are read (default: all).

        Asking for `data_overview` resolves each row's overview text.
        """
        wanted = list(COLUMNS if columns is None else columns)
        want_overview = "data_overview" in wanted
        read = [c for c in wanted if c != "data_overview"]
        unknown = [c for c in read if c not in COLUMNS]
        if unknown:
            raise MleWorldError(
                f"unknown corpus column(s) {', '.join(unknown)}; columns are {', '.join(COLUMNS)}"
            )
        if split is not None and split not in SPLIT_NAMES:
            raise MleWorldError(f"split {split!r} is not one of {', '.join(SPLIT_NAMES)}")
        task_filter = None if tasks is None else set(tasks)
        needed = list(dict.fromkeys(read + (["overview_id"] if want_overview else [])))
        if split is not None or task_filter is not None:
            needed = list(dict.fromkeys(needed + ["task_id", "id"]))
        holdout = self.holdout() if split is not None else {}
        overviews = self.overviews() if want_overview else {}
        for path in self.shard_paths:
            for batch in _read_batches(path, needed, batch_size):
                rows = batch.to_pylist()
                out: list[dict[str, Any]] = []
                for row in rows:
                    if task_filter is not None and row["task_id"] not in task_filter:
                        continue
                    if split is not None:
                        in_holdout = row["id"] in holdout.get(row["task_id"], ())
                        if in_holdout != (split == "holdout"):
                            continue
                    if want_overview:
                        oid = row["overview_id"]
                        if oid not in overviews:
                            raise MleWorldError(
                                f"corpus {self.path} has no data overview {oid!r}; {OVERVIEWS} is incomplete, re-import the corpus"
                            )
                        row["data_overview"] = overviews[oid]
                    out.append({c: row[c] for c in wanted})
                if out:
                    yield out

    def iter_batches(
        self,
        *,
        split: str | None = None,
        tasks: Iterable[str] | None = None,
        batch_size: int = 1024,
    ) -> Iterator[list[Record]]:
        wanted = [c for c in COLUMNS if c != "overview_id"] + ["data_overview"]
        for rows in self.iter_rows(wanted, split=split, tasks=tasks, batch_size=batch_size):
            yield [Record.from_row(row) for row in rows]

    def iter_records(
        self,
        split: str | None = None,
        *,
        tasks: Iterable[str] | None = None,
        batch_size: int = 1024,
    ) -> Iterator[Record]:
        """Every record (of a split, of some tasks), shard by shard, `batch_size` rows in memory."""
        for batch in self.iter_batches(split=split, tasks=tasks, batch_size=batch_size):
            yield from batch

    # --- SQL ----------------------------------------------------------------------------------------
    def duckdb(self, con: duckdb.DuckDBPyConnection | None = None) -> duckdb.DuckDBPyConnection:
        """A DuckDB connection with views over the corpus.

        `records`: every stored column plus `split` ('train' | 'holdout');
        `overviews`: overview_id, text; `holdout_programs`: task_id, id.
        """
        import duckdb

        con = con or duckdb.connect()
        files = [str(p) for p in self.shard_paths]
        if files:
            listing = ", ".join("'" + f.replace("'", "''") + "'" for f in files)
            con.execute(
                f"CREATE OR REPLACE VIEW records_raw AS SELECT * FROM read_parquet([{listing}])"
            )
        else:
            con.register("records_raw_empty", SCHEMA.empty_table())
            con.execute("CREATE OR REPLACE VIEW records_raw AS SELECT * FROM records_raw_empty")
        pairs = [{"task_id": t, "id": i} for t, ids in self.holdout().items() for i in sorted(ids)]
        con.register(
            "holdout_table",
            pa.Table.from_pylist(
                pairs, schema=pa.schema([("task_id", pa.string()), ("id", pa.string())])
            ),
        )
        con.execute("CREATE OR REPLACE VIEW holdout_programs AS SELECT * FROM holdout_table")
        con.execute(
            "CREATE OR REPLACE VIEW records AS SELECT r.*, "
            "CASE WHEN h.id IS NULL THEN 'train' ELSE 'holdout' END AS split "
            "FROM records_raw r LEFT JOIN holdout_programs h ON r.task_id = h.task_id AND r.id = h.id"
        )
        con.register("overviews_table", OVERVIEW_SCHEMA.empty_table() if not (self.path / OVERVIEWS).exists()
                     else pq.read_table(self.path / OVERVIEWS))  # fmt: skip
        con.execute("CREATE OR REPLACE VIEW overviews AS SELECT * FROM overviews_table")
        return con

    def query(self, sql: str, params: Sequence[Any] | None = None) -> pd.DataFrame:
        """Run SQL over the views of `duckdb()` and return a pandas DataFrame."""
        import duckdb

        con = self.duckdb()
        try:
            return con.execute(sql, params or []).df()
        except duckdb.Error as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise MleWorldError(f"corpus query failed: {first}") from None
        finally:
            con.close()

    # --- JSONL ----------------------------------------------------------------------------------------
    def export_jsonl(self, path: str | os.PathLike[str], *, split: str | None = None) -> int:
        """Write every record (of a split) as one JSON object per line; `.gz` compresses. Atomic."""
        return write_jsonl(self.iter_records(split), path)

    def import_jsonl(
        self, path: str | os.PathLike[str], *, shard_rows: int = DEFAULT_SHARD_ROWS
    ) -> int:
        """Append the records of a JSONL file (`.gz` read transparently). All or nothing."""
        source = Path(path)
        if not source.is_file():
            raise MleWorldError(f"records file {source} does not exist")
        return self.append(read_jsonl(source), shard_rows=shard_rows)

    # --- checks -------------------------------------------------------------------------------------
    def verify(self) -> list[str]:
        """Problems found reading every shard's footer, the overviews and the splits (empty: sound)."""
        problems: list[str] = []
        referenced: set[str] = set()
        for entry in self._manifest["shards"]:
            path = self.path / entry["file"]
            if not path.is_file():
                problems.append(f"shard {entry['file']} is listed in {MANIFEST} but missing")
                continue
            try:
                meta = pq.ParquetFile(path)
                rows = meta.metadata.num_rows
                names = set(meta.schema_arrow.names)
                ids = pq.read_table(path, columns=["overview_id"]).column(0).unique().to_pylist()
            except (pa.ArrowException, OSError) as exc:
                problems.append(f"shard {entry['file']} is unreadable: {_first_line(exc)}")
                continue
            if rows != entry["rows"]:
                problems.append(
                    f"shard {entry['file']} has {rows} rows, {MANIFEST} says {entry['rows']}"
                )
            missing = [c for c in COLUMNS if c not in names]
            if missing:
                problems.append(f"shard {entry['file']} lacks column(s) {', '.join(missing)}")
            referenced.update(i for i in ids if i is not None)
        try:
            overviews = _read_overviews(self.path / OVERVIEWS)
        except MleWorldError as exc:
            problems.append(str(exc))
            overviews = {}
        absent = referenced - set(overviews)
        if absent:
            problems.append(
                f"{len(absent)} data overview(s) referenced by shards are missing from {OVERVIEWS}"
            )
        try:
            _read_splits(self.path / SPLITS)
        except MleWorldError as exc:
            problems.append(str(exc))
        listed = {Path(e["file"]).name for e in self._manifest["shards"]}
        shard_dir = self.path / SHARDS
        if shard_dir.is_dir():
            stray = sorted(p.name for p in shard_dir.iterdir() if p.name not in listed)
            if stray:
                problems.append(
                    f"unlisted file(s) in {SHARDS}/ left by an interrupted append ({', '.join(stray[:3])}); "
                    "the next append removes them"
                )
        return problems


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0][:200] if text else type(exc).__name__


def _read_manifest(path: Path) -> dict[str, Any]:
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise MleWorldError(
            f"corpus manifest {path} is unreadable ({_first_line(exc)}); restore it from a backup"
        ) from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise MleWorldError(f"{path} is not an mleworld corpus manifest (format is not {FORMAT!r})")
    version = manifest.get("schema_version")
    if version != SCHEMA_VERSION:
        raise MleWorldError(
            f"corpus {path.parent} has schema version {version}, this mleworld reads {SCHEMA_VERSION}; "
            "export it to JSONL with the mleworld that wrote it and import it here"
        )
    for key, kind in (("shards", list), ("records", int), ("tasks", dict), ("environments", list)):
        if not isinstance(manifest.get(key), kind):
            raise MleWorldError(
                f"corpus manifest {path} has no valid {key!r}; restore it from a backup"
            )
    manifest.setdefault("stages", {})
    manifest.setdefault("generators", {})
    manifest.setdefault("next_shard", len(manifest["shards"]))
    return manifest


def _read_overviews(path: Path) -> dict[str, str]:
    if not path.exists():
        return {}
    try:
        table = pq.read_table(path)
    except (pa.ArrowException, OSError) as exc:
        raise MleWorldError(f"corpus overviews {path} are unreadable: {_first_line(exc)}") from None
    ids = table.column("overview_id").to_pylist()
    texts = table.column("text").to_pylist()
    return dict(zip(ids, texts, strict=True))


def _read_splits(path: Path) -> dict[str, set[str]]:
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise MleWorldError(
            f"corpus splits {path} are unreadable ({_first_line(exc)}); draw the holdout again"
        ) from None
    holdout = data.get("holdout") if isinstance(data, dict) else None
    if not isinstance(holdout, dict) or not all(isinstance(v, list) for v in holdout.values()):
        raise MleWorldError(
            f"corpus splits {path} have no 'holdout' mapping of task -> ids; draw the holdout again"
        )
    return {str(task): {str(i) for i in ids} for task, ids in holdout.items()}


def _read_batches(path: Path, columns: list[str], batch_size: int) -> Iterator[pa.RecordBatch]:
    try:
        handle = pq.ParquetFile(path)
        yield from handle.iter_batches(batch_size=batch_size, columns=columns)
    except FileNotFoundError:
        raise MleWorldError(
            f"corpus shard {path} is missing; restore it, or remove its entry from {MANIFEST}"
        ) from None
    except (pa.ArrowException, OSError) as exc:
        raise MleWorldError(
            f"corpus shard {path} is corrupt ({_first_line(exc)}); restore it, or remove its entry from {MANIFEST}"
        ) from None


@contextlib.contextmanager
def _open_text(path: Path, mode: str, *, gz: bool) -> Iterator[IO[str]]:
    if gz:
        with gzip.open(path, mode + "t", encoding="utf-8") as handle:
            yield handle
    else:
        with open(path, mode, encoding="utf-8") as handle:
            yield handle


@contextlib.contextmanager
def _text_over(raw: IO[bytes], *, gz: bool) -> Iterator[IO[str]]:
    """A UTF-8 text handle writing into the binary `raw` (gzip-compressed with `gz`)."""
    if gz:
        with gzip.open(raw, "wt", encoding="utf-8") as handle:
            yield handle
    else:
        with io.TextIOWrapper(raw, "utf-8") as handle:
            yield handle


def read_jsonl(path: str | os.PathLike[str]) -> Iterator[Record]:
    """Records from a JSONL file, one per non-blank line; errors name the line."""
    source = Path(path)
    gz = source.suffix == ".gz"
    try:
        with _open_text(source, "r", gz=gz) as handle:
            for number, line in enumerate(handle, start=1):
                if not line.strip():
                    continue
                try:
                    yield Record.from_json(line)
                except MleWorldError as exc:
                    raise MleWorldError(f"{source.name} line {number}: {exc}") from None
    except (OSError, UnicodeDecodeError, EOFError) as exc:
        raise MleWorldError(f"cannot read records file {source}: {_first_line(exc)}") from None


def write_jsonl(records: Iterable[Record], path: str | os.PathLike[str]) -> int:
    """Write records as JSONL (atomically; `.gz` compresses)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    with atomic_output(target, "wb") as raw, _text_over(raw, gz=target.suffix == ".gz") as handle:
        for record in records:
            handle.write(record.to_json())
            handle.write("\n")
            count += 1
    return count
