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

    Cached sidecars are used when valid (`use_cache`); otherwise the shard's
    programs are fingerprinted (in a pool of `workers` processes when > 1) and
    the sidecar is written for next time.
    """
    from mleworld.corpus.store import COLUMNS, _read_batches

    task_filter = None if tasks is None else set(tasks)
    holdout = corpus.holdout() if split is not None else {}
    wanted = list(columns)
    want_overview = "data_overview" in wanted
    overviews = corpus.overviews() if want_overview else {}
    needed = [c for c in dict.fromkeys([*wanted, "task_id", "id"]) if c != "data_overview"]
    if want_overview:
        needed.append("overview_id")
    pool: Executor | None = None
    if workers > 1:
        pool = ProcessPoolExecutor(max_workers=min(workers, os.cpu_count() or 1))
    try:
        for entry in corpus.manifest["shards"]:
            shard = corpus.path / entry["file"]
            cached = read_sidecar(corpus.path, entry["file"], entry["rows"]) if use_cache else None
            read = needed if cached is not None else list(dict.fromkeys([*needed, "program"]))
            unknown = [c for c in read if c not in COLUMNS]
            if unknown:
                from mleworld.errors import MleWorldError

                raise MleWorldError(f"unknown corpus column(s) {', '.join(unknown)}")
            computed: list[Fingerprint] = []
            batches = _read_batches(shard, read, batch_size)
            for rows, fps in _with_fingerprints(batches, cached, pool, workers):
                if cached is None:
                    computed.extend(fps)
                keep_rows: list[dict[str, Any]] = []
                keep_fps: list[Fingerprint] = []
                for row, fp in zip(rows, fps, strict=True):
                    if task_filter is not None and row["task_id"] not in task_filter:
                        continue
                    if split is not None:
                        in_holdout = row["id"] in holdout.get(row["task_id"], ())
                        if in_holdout != (split == "holdout"):
                            continue
                    if want_overview:
                        oid = row["overview_id"]
                        row["data_overview"] = (
                            overviews[oid] if oid in overviews else corpus.overview(oid)
                        )
                    keep_rows.append({c: row[c] for c in wanted})
                    keep_fps.append(fp)
                if keep_rows:
                    yield keep_rows, keep_fps
            if cached is None and len(computed) == entry["rows"]:
                _try_write_sidecar(corpus.path, entry["file"], computed)
    finally:
        if pool is not None:
            pool.shutdown()


def _with_fingerprints(
    batches: Iterator[pa.RecordBatch],
    cached: list[Fingerprint] | None,
    pool: Executor | None,
    workers: int,
) -> Iterator[tuple[list[dict[str, Any]], list[Fingerprint]]]:
    offset = 0
    if cached is not None:
        for batch in batches:
            rows = batch.to_pylist()
            yield rows, cached[offset : offset + len(rows)]
            offset += len(rows)
        return
    if pool is None:
        for batch in batches:
            rows = batch.to_pylist()
            yield rows, fingerprint_many([r["program"] for r in rows], SHINGLE_SIZE)
        return
    pending: list[tuple[list[dict[str, Any]], list[Any]]] = []
    for batch in batches:
        rows = batch.to_pylist()
        step = max(1, -(-len(rows) // workers))
        futures = [
            pool.submit(
                fingerprint_many, [r["program"] for r in rows[lo : lo + step]], SHINGLE_SIZE
            )
            for lo in range(0, len(rows), step)
        ]
        pending.append((rows, futures))
        if len(pending) > 2:
            done_rows, done = pending.pop(0)
            yield done_rows, [fp for future in done for fp in future.result()]
    for done_rows, done in pending:
        yield done_rows, [fp for future in done for fp in future.result()]
