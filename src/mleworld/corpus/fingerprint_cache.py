"""Cached program fingerprints beside a corpus' shards, so dedup, holdout and check read them.

Fingerprinting (fingerprint.py) costs milliseconds per program, mostly the AST;
at hundreds of thousands of records a second pass would take as long as the
first. Shards never change once listed, so each one gets a sidecar
`<corpus>/fingerprints/<shard name>` with one row per shard row: token key, AST
key, whether it tokenized, and the MinHash signature. A sidecar records the
fingerprint version it was computed with and its row count; one that does
not match is recomputed. Sidecars are written by `Corpus.append` when the
caller already has the fingerprints (dedup does), or on first use here.

This module owns the sidecar format and `iter_fingerprinted`. The fingerprints
themselves are fingerprint.py's.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from mleworld.corpus.fingerprint import (
    FINGERPRINT_VERSION,
    NUM_PERM,
    SHINGLE_SIZE,
    Fingerprint,
    fingerprint_many,
)

if TYPE_CHECKING:
    from mleworld.corpus.store import Corpus

FINGERPRINTS = "fingerprints"
_META_VERSION = b"mleworld.fingerprint_version"
SCHEMA = pa.schema(
    [
        ("token_key", pa.string()),
        ("ast_key", pa.string()),
        ("tokenized", pa.bool_()),
        ("signature", pa.binary(4 * NUM_PERM)),
    ],
    metadata={_META_VERSION: str(FINGERPRINT_VERSION).encode()},
)


def sidecar_path(corpus_path: Path, shard_file: str) -> Path:
    return corpus_path / FINGERPRINTS / Path(shard_file).name


def to_table(fps: Sequence[Fingerprint]) -> pa.Table:
    sigs = np.stack([fp.signature for fp in fps]) if fps else np.zeros((0, NUM_PERM), np.uint32)
    sig_bytes = np.ascontiguousarray(sigs.astype("<u4")).view(np.uint8).reshape(len(fps), -1)
    return pa.table(
        {
            "token_key": pa.array([fp.token_key for fp in fps], pa.string()),
            "ast_key": pa.array([fp.ast_key for fp in fps], pa.string()),
            "tokenized": pa.array([fp.tokenized for fp in fps], pa.bool_()),
            "signature": pa.array([row.tobytes() for row in sig_bytes], pa.binary(4 * NUM_PERM)),
        },
        schema=SCHEMA,
    )


def from_table(table: pa.Table) -> list[Fingerprint]:
    tokens = table.column("token_key").to_pylist()
    asts = table.column("ast_key").to_pylist()
    tokenized = table.column("tokenized").to_pylist()
    raw = table.column("signature").combine_chunks()
    buffer = raw.buffers()[1]
    sigs = np.frombuffer(
        buffer, dtype="<u4", count=len(tokens) * NUM_PERM, offset=raw.offset * 4 * NUM_PERM
    )
    sigs = sigs.reshape(len(tokens), NUM_PERM).astype(np.uint32)
    return [
        Fingerprint(tokens[i], asts[i], sigs[i], bool(tokenized[i])) for i in range(len(tokens))
    ]


def write_sidecar(corpus_path: Path, shard_file: str, fps: Sequence[Fingerprint]) -> None:
    from mleworld.corpus.store import write_table_atomic

    path = sidecar_path(corpus_path, shard_file)
    path.parent.mkdir(exist_ok=True)
    write_table_atomic(path, to_table(fps))


def _try_write_sidecar(corpus_path: Path, shard_file: str, fps: Sequence[Fingerprint]) -> None:
    """Cache fingerprints if the corpus is writable; a read-only corpus just recomputes next time."""
    with contextlib.suppress(OSError):
        write_sidecar(corpus_path, shard_file, fps)


def read_sidecar(corpus_path: Path, shard_file: str, rows: int) -> list[Fingerprint] | None:
    """The cached fingerprints of a shard, or None when absent, stale or unreadable."""
    path = sidecar_path(corpus_path, shard_file)
    if not path.is_file():
        return None
    try:
        table = pq.read_table(path)
    except (pa.ArrowException, OSError):
        return None
    meta = table.schema.metadata or {}
    if meta.get(_META_VERSION) != str(FINGERPRINT_VERSION).encode() or table.num_rows != rows:
        return None
    return from_table(table)


def iter_fingerprinted(
    corpus: Corpus,
    columns: Sequence[str],
    *,
    split: str | None = None,
    tasks: Iterable[str] | None = None,
    workers: int = 1,
    batch_size: int = 2048,
    use_cache: bool = True,
) -> Iterator[tuple[list[dict[str, Any]], list[Fingerprint]]]:
    """Batches of (rows, fingerprints) over the corpus, shard by shard.

    With `use_cache`, a valid sidecar is read; a shard without one is
    fingerprinted whole (every row, so the sidecar can be written for next
    time). Without it, only the rows that pass the split and task filters are
    fingerprinted and nothing is written. Work runs in a pool of `workers`
    processes when > 1, one batch ahead of the caller.
    """
    from mleworld.corpus.store import COLUMNS, _read_batches
    from mleworld.errors import MleWorldError

    task_filter = None if tasks is None else set(tasks)
    holdout = corpus.holdout() if split is not None else {}
    wanted = list(columns)
    want_overview = "data_overview" in wanted
    overviews = corpus.overviews() if want_overview else {}
    needed = [c for c in dict.fromkeys([*wanted, "task_id", "id"]) if c != "data_overview"]
    if want_overview:
        needed.append("overview_id")

    def passes(row: dict[str, Any]) -> bool:
        if task_filter is not None and row["task_id"] not in task_filter:
            return False
        if split is not None:
            return (row["id"] in holdout.get(row["task_id"], ())) == (split == "holdout")
        return True

    def shape(row: dict[str, Any]) -> dict[str, Any]:
        if want_overview:
            oid = row["overview_id"]
            row["data_overview"] = overviews[oid] if oid in overviews else corpus.overview(oid)
        return {c: row[c] for c in wanted}

    pool: Executor | None = None
    if workers > 1:
        pool = ProcessPoolExecutor(max_workers=min(workers, os.cpu_count() or 1))
    compute = _Computer(pool, workers)
    try:
        for entry in corpus.manifest["shards"]:
            shard = corpus.path / entry["file"]
            cached = read_sidecar(corpus.path, entry["file"], entry["rows"]) if use_cache else None
            fill = use_cache and cached is None
            read = needed if cached is not None else list(dict.fromkeys([*needed, "program"]))
            unknown = [c for c in read if c not in COLUMNS]
            if unknown:
                raise MleWorldError(f"unknown corpus column(s) {', '.join(unknown)}")
            computed: list[Fingerprint] = []
            pending: list[tuple[list[dict[str, Any]], list[int], Any]] = []
            offset = 0
            for batch in _read_batches(shard, read, batch_size):
                rows = batch.to_pylist()
                keep = [i for i, row in enumerate(rows) if passes(row)]
                if cached is not None:
                    fps = cached[offset : offset + len(rows)]
                    work: Any = [fps[i] for i in keep]
                elif fill:
                    work = compute.submit([row["program"] for row in rows])
                else:
                    work = compute.submit([rows[i]["program"] for i in keep])
                offset += len(rows)
                pending.append((rows, keep, work))
                if len(pending) > 1:
                    yield from _finish(pending.pop(0), fill, computed, shape)
            while pending:
                yield from _finish(pending.pop(0), fill, computed, shape)
            if fill and len(computed) == entry["rows"]:
                _try_write_sidecar(corpus.path, entry["file"], computed)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)


class _Computer:
    """Fingerprints a list of programs now (no pool) or as futures spread over the pool."""

    def __init__(self, pool: Executor | None, workers: int) -> None:
        self.pool = pool
        self.workers = workers

    def submit(self, programs: list[str]) -> Any:
        if self.pool is None:
            return fingerprint_many(programs, SHINGLE_SIZE)
        step = max(1, -(-len(programs) // self.workers))
        return [
            self.pool.submit(fingerprint_many, programs[lo : lo + step], SHINGLE_SIZE)
            for lo in range(0, len(programs), step)
        ]


def _result(work: Any) -> list[Fingerprint]:
    if work and not isinstance(work[0], Fingerprint):
        return [fp for future in work for fp in future.result()]
    return list(work)


def _finish(
    item: tuple[list[dict[str, Any]], list[int], Any],
    fill: bool,
    computed: list[Fingerprint],
    shape: Any,
) -> Iterator[tuple[list[dict[str, Any]], list[Fingerprint]]]:
    rows, keep, work = item
    fps = _result(work)
    if fill:
        computed.extend(fps)
        fps = [fps[i] for i in keep]
    if keep:
        yield [shape(rows[i]) for i in keep], fps
