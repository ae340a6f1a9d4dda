"""Deduplication of execution records (paper appendix E), streaming and with bounded memory.

Three levels, all within a task (the same program run on two tasks reads
different data, so it is two different examples):

1. **Exact**: programs with the same `token_key` (comments, spacing, blank
   lines and indentation width ignored) are one program. When one program has
   several records, one representative is kept per *outcome*, where the
   outcome is the pair (exception class, submission flag): the two discrete
   fields of the target. A clean finish and a timeout of the same program are
   both kept; two clean runs that printed slightly different metrics or logs
   (seeds, timings) are one. The representative is the first record seen,
   which is the earliest when records arrive in the order they were produced.
2. **AST**: programs whose identifier-normalised ASTs hash alike
   (`ast_key`) are duplicates too (a renamed-variable copy). They are counted,
   and collapsed like exact duplicates only with `level="ast"`.
3. **Near**: MinHash (128 permutations) over identifier-normalised 5-token
   shingles, banded LSH with 16 bands of 8 rows (exactly what
   `datasketch.MinHashLSH(num_perm=128, params=(16, 8))` indexes), candidates
   verified by their estimated Jaccard similarity >= 0.9; clusters are the
   connected components of verified pairs. Near duplicates are never dropped
   (a one-line change can change the outcome); they are reported, and the
   holdout must avoid them.

Memory: no record body is kept. Per distinct program: a 64-bit key in a set,
its task, AST key and a 512-byte signature in numpy arrays (about 0.7 KB).

Not here: which records are worth keeping at all (filters.py), the holdout
(holdout.py), fingerprint algorithms (fingerprint.py).
"""

from __future__ import annotations

import hashlib
import os
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from mleworld.corpus.fingerprint import (
    NUM_PERM,
    SHINGLE_SIZE,
    Fingerprint,
    ast_key,
    fingerprint,
    fingerprint_many,
    jaccard,
    minhash,
    shingle_hashes,
    token_key,
)
from mleworld.errors import MleWorldError

if TYPE_CHECKING:
    from mleworld.corpus.filters import FilterReport
    from mleworld.corpus.record import Record
    from mleworld.corpus.store import Corpus

__all__ = [
    "BANDS",
    "NUM_PERM",
    "ROWS",
    "SHINGLE_SIZE",
    "THRESHOLD",
    "DedupReport",
    "Deduplicator",
    "NearDuplicates",
    "ProgramIndex",
    "ast_key",
    "dedup",
    "dedup_corpus",
    "fingerprint",
    "jaccard",
    "minhash",
    "near_duplicate_pairs",
    "outcome_key",
    "shingle_hashes",
    "token_key",
]

BANDS = 16
ROWS = 8
THRESHOLD = 0.9
OUTCOME_RULE = (
    "one representative per (task, token key, exception class, submission flag): "
    "the first record seen"
)
_MAX_GROUP = 256  # buckets larger than this are verified block by block, not pair by pair


def outcome_key(exc_type: str, submission: bool) -> str:
    """The outcome a program's records are told apart by."""
    return f"{exc_type}|{'1' if submission else '0'}"


def _key64(text: str) -> int:
    """A 64-bit integer for a program key: the key itself when it is 16 hex digits, else its hash."""
    if len(text) == 16:
        try:
            return int(text, 16)
        except ValueError:
            pass
    return int(hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16], 16)


class _Growing:
    """Parallel numpy columns that double their capacity as rows are added."""

    def __init__(self, num_perm: int) -> None:
        self.task = np.zeros(1024, dtype=np.int32)
        self.records = np.zeros(1024, dtype=np.int32)
        self.key = np.zeros(1024, dtype=np.uint64)
        self.ast = np.zeros(1024, dtype=np.uint64)
        self.has_ast = np.zeros(1024, dtype=bool)
        self.sig = np.zeros((1024, num_perm), dtype=np.uint32)

    def ensure(self, rows: int) -> None:
        if rows <= len(self.task):
            return
        size = max(rows, 2 * len(self.task))
        for name in ("task", "records", "key", "ast", "has_ast", "sig"):
            old = getattr(self, name)
            new = np.zeros((size, *old.shape[1:]), dtype=old.dtype)
            new[: len(old)] = old
            setattr(self, name, new)


class ProgramIndex:
    """Distinct programs per task with their AST keys and MinHash signatures.

    Row i is one (task, program key). Everything but the row lookup lives in
    numpy columns: about 0.6 KB per program, most of it the signature.
    """

    def __init__(self, num_perm: int = NUM_PERM) -> None:
        self.num_perm = num_perm
        self._rows: dict[int, int] = {}  # (task << 64 | key64) -> row
        self.tasks: list[str] = []
        self._task_ids: dict[str, int] = {}
        self._cols = _Growing(num_perm)
        self.size = 0

    def task_id(self, task: str) -> int:
        found = self._task_ids.get(task)
        if found is None:
            found = self._task_ids[task] = len(self.tasks)
            self.tasks.append(task)
        return found

    def find(self, task: str, key: str) -> int | None:
        return self._rows.get(self.task_id(task) << 64 | _key64(key))

    def add(self, task: str, key: str, fp: Fingerprint) -> int:
        t = self.task_id(task)
        row = self.size
        self._cols.ensure(row + 1)
        key64 = _key64(key)
        self._rows[t << 64 | key64] = row
        cols = self._cols
        cols.task[row] = t
        cols.key[row] = key64
        if fp.ast_key is not None:
            cols.ast[row] = _key64(fp.ast_key)
            cols.has_ast[row] = True
        cols.sig[row] = fp.signature
        self.size += 1
        return row

    def count_record(self, row: int) -> None:
        self._cols.records[row] += 1

    def key_of(self, row: int) -> str:
        """The program key of a row, as 16 hex digits."""
        return f"{int(self._cols.key[row]):016x}"

    def ast_of(self, row: int) -> int | None:
        return int(self._cols.ast[row]) if self._cols.has_ast[row] else None

    @property
    def task_of(self) -> np.ndarray:
        return self._cols.task[: self.size]

    @property
    def records(self) -> np.ndarray:
        return self._cols.records[: self.size]

    @property
    def signatures(self) -> np.ndarray:
        return self._cols.sig[: self.size]

    def rows_of_task(self, task: str) -> np.ndarray:
        t = self._task_ids.get(task)
        if t is None:
            return np.zeros(0, dtype=np.int64)
        return np.flatnonzero(self.task_of == t)

    def ast_groups(self) -> list[list[int]]:
        """Rows sharing an AST key within a task, groups of two or more."""
        rows = np.flatnonzero(self._cols.has_ast[: self.size])
        if len(rows) < 2:
            return []
        pairs = np.empty(len(rows), dtype=[("task", np.int64), ("ast", np.uint64)])
        pairs["task"] = self._cols.task[rows]
        pairs["ast"] = self._cols.ast[rows]
        _, inverse, counts = np.unique(pairs, return_inverse=True, return_counts=True)
        shared = counts[inverse] > 1
        groups: dict[int, list[int]] = defaultdict(list)
        for row, group in zip(rows[shared], inverse[shared], strict=True):
            groups[int(group)].append(int(row))
        return list(groups.values())


# ---------------------------------------------------------------------------
# Near duplicates: banded LSH + verification, per task
# ---------------------------------------------------------------------------


def near_duplicate_pairs(
    signatures: np.ndarray,
    *,
    bands: int = BANDS,
    rows: int = ROWS,
    threshold: float = THRESHOLD,
) -> np.ndarray:
    """Verified near-duplicate pairs (i < j) among the signatures of one task, shape (k, 2).

    Candidates are pairs equal on all rows of at least one band (banded LSH);
    a candidate is kept when its estimated Jaccard similarity is >= threshold.
    """
    n, num_perm = signatures.shape
    if bands * rows > num_perm:
        raise MleWorldError(
            f"{bands} bands x {rows} rows need {bands * rows} permutations, have {num_perm}"
        )
    need = int(np.ceil(threshold * num_perm - 1e-9))
    found: list[np.ndarray] = []
    if n < 2:
        return np.zeros((0, 2), dtype=np.int64)
    sigs = np.ascontiguousarray(signatures)
    for band in range(bands):
        block = np.ascontiguousarray(sigs[:, band * rows : (band + 1) * rows])
        keys = block.view(np.dtype((np.void, block.dtype.itemsize * rows))).ravel()
        order = np.argsort(keys, kind="stable")
        sorted_keys = keys[order]
        starts = np.flatnonzero(np.r_[True, sorted_keys[1:] != sorted_keys[:-1]])
        sizes = np.diff(np.r_[starts, n])
        for size in np.unique(sizes[sizes > 1]):
            group_starts = starts[sizes == size]
            members = order[group_starts[:, None] + np.arange(size)[None, :]]
            if size <= _MAX_GROUP:
                iu, ju = np.triu_indices(int(size), k=1)
                a = members[:, iu].ravel()
                b = members[:, ju].ravel()
                for lo in range(0, len(a), 1 << 16):
                    pa, pb = a[lo : lo + (1 << 16)], b[lo : lo + (1 << 16)]
                    same = np.count_nonzero(sigs[pa] == sigs[pb], axis=1)
                    keep = same >= need
                    if keep.any():
                        found.append(np.stack([pa[keep], pb[keep]], axis=1))
            else:
                for group in members:
                    found.extend(_block_pairs(sigs, np.sort(group), need))
    if not found:
        return np.zeros((0, 2), dtype=np.int64)
    pairs = np.concatenate(found).astype(np.int64)
    pairs.sort(axis=1)
    return np.unique(pairs, axis=0)


def _block_pairs(sigs: np.ndarray, group: np.ndarray, need: int) -> Iterator[np.ndarray]:
    """All verified pairs of one large bucket, 64 rows against the rest at a time."""
    member_sigs = sigs[group]
    for lo in range(0, len(group), 64):
        chunk = member_sigs[lo : lo + 64]
        same = (chunk[:, None, :] == member_sigs[None, :, :]).sum(axis=2)
        ii, jj = np.nonzero(same >= need)
        ii = ii + lo
        upper = jj > ii
        if upper.any():
            yield np.stack([group[ii[upper]], group[jj[upper]]], axis=1)


def _components(n: int, pairs: np.ndarray) -> np.ndarray:
    """Connected-component label per node of the graph the pairs define."""
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components

    if len(pairs) == 0:
        return np.arange(n)
    graph = coo_matrix(
        (np.ones(len(pairs), dtype=np.int8), (pairs[:, 0], pairs[:, 1])), shape=(n, n)
    )
    _, labels = connected_components(graph, directed=False)
    return labels


@dataclass
class NearDuplicates:
    """Near-duplicate clusters of a ProgramIndex (rows of two or more programs, per task)."""

    clusters: list[list[int]]

    @property
    def rows(self) -> set[int]:
        return {row for cluster in self.clusters for row in cluster}


def find_near_duplicates(
    index: ProgramIndex,
    *,
    bands: int = BANDS,
    rows: int = ROWS,
    threshold: float = THRESHOLD,
) -> NearDuplicates:
    clusters: list[list[int]] = []
    for task in index.tasks:
        members = index.rows_of_task(task)
        if len(members) < 2:
            continue
        pairs = near_duplicate_pairs(
            index.signatures[members], bands=bands, rows=rows, threshold=threshold
        )
        if len(pairs) == 0:
            continue
        labels = _components(len(members), pairs)
        involved = np.unique(pairs)
        by_label: dict[int, list[int]] = defaultdict(list)
        for local in involved:
            by_label[int(labels[local])].append(int(members[local]))
        clusters.extend(sorted(c) for c in by_label.values() if len(c) > 1)
    return NearDuplicates(clusters)


# ---------------------------------------------------------------------------
# The streaming deduplicator
# ---------------------------------------------------------------------------


@dataclass
class DedupReport:
    """What deduplication did, step by step (counts are records unless named programs)."""

    input: int = 0
    after_exact: int = 0
    after_ast: int = 0
    kept: int = 0
    programs: int = 0  # distinct (task, token key) among kept records
    multi_outcome_programs: int = 0  # programs kept with more than one outcome
    ast_groups: int = 0  # groups of 2+ distinct programs with one AST key
    ast_duplicate_programs: int = 0
    near_clusters: int = 0  # clusters of 2+ distinct programs with Jaccard >= threshold
    near_duplicate_programs: int = 0
    tokenize_fallbacks: int = 0  # keyed by raw bytes
    unparsable: int = 0  # no AST key
    level: str = "exact"
    by_task: dict[str, dict[str, int]] = field(default_factory=dict)
    params: dict[str, Any] = field(default_factory=dict)
    outcome_rule: str = OUTCOME_RULE
    # (task, program id) of every program with an AST or near duplicate among the
    # other programs of its task; not serialised.
    duplicated: set[tuple[str, str]] = field(default_factory=set, repr=False)
    near_groups: list[tuple[str, list[str]]] = field(default_factory=list, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "input": self.input,
            "after_exact": self.after_exact,
            "after_ast": self.after_ast,
            "kept": self.kept,
            "programs": self.programs,
            "multi_outcome_programs": self.multi_outcome_programs,
            "ast_groups": self.ast_groups,
            "ast_duplicate_programs": self.ast_duplicate_programs,
            "near_clusters": self.near_clusters,
            "near_duplicate_programs": self.near_duplicate_programs,
            "tokenize_fallbacks": self.tokenize_fallbacks,
            "unparsable": self.unparsable,
            "level": self.level,
            "by_task": self.by_task,
            "params": self.params,
            "outcome_rule": self.outcome_rule,
        }

    def is_duplicated(self, task_id: str, program_id: str) -> bool:
        return (task_id, program_id) in self.duplicated


class Deduplicator:
    """Decides, record by record, whether to keep it; `finish()` adds AST and near-duplicate analysis.

    `add(record, fp=None)` returns True for a record to keep. Pass a precomputed
    Fingerprint to skip the scan (a process pool can compute them in parallel).
    """

    def __init__(
        self,
        *,
        level: Literal["exact", "ast"] = "exact",
        near: bool = True,
        threshold: float = THRESHOLD,
        bands: int = BANDS,
        rows: int = ROWS,
        shingle_size: int = SHINGLE_SIZE,
    ) -> None:
        if level not in ("exact", "ast"):
            raise MleWorldError(f"dedup level {level!r} is not 'exact' or 'ast'")
        if not 0.0 < threshold <= 1.0:
            raise MleWorldError(f"near-duplicate threshold {threshold} is not in (0, 1]")
        self.level = level
        self.near = near
        self.threshold = threshold
        self.bands = bands
        self.rows = rows
        self.shingle_size = shingle_size
        self.index = ProgramIndex()
        # Packed integers, not tuples: (task, key, outcome) and (task, AST key, outcome).
        self._seen: set[int] = set()
        self._ast_seen: set[int] = set()
        self._outcome_ids: dict[str, int] = {}
        self._first_outcome: list[int] = []  # per program row
        self._outcomes: dict[int, set[int]] = {}  # program row -> outcomes kept (multi only)
        self.report = DedupReport(
            level=level,
            params={
                "num_perm": NUM_PERM,
                "bands": bands,
                "rows": rows,
                "threshold": threshold,
                "shingle_size": shingle_size,
            },
        )
        self._task_counts: dict[str, dict[str, int]] = defaultdict(
            lambda: {"input": 0, "after_exact": 0, "after_ast": 0}
        )

    def add(self, record: Record, fp: Fingerprint | None = None) -> bool:
        report = self.report
        report.input += 1
        task = record.task_id
        counts = self._task_counts[task]
        counts["input"] += 1
        program = record.x.program
        key = fp.token_key if fp is not None else token_key(program)
        outcome = self._outcome_ids.setdefault(
            outcome_key(record.y.exc_type, record.y.submission), len(self._outcome_ids)
        )
        t = self.index.task_id(task)
        exact = (t << 96) | (_key64(key) << 32) | outcome
        if exact in self._seen:
            return False
        self._seen.add(exact)
        report.after_exact += 1
        counts["after_exact"] += 1

        row = self.index.find(task, key)
        if row is None:
            if fp is None or fp.token_key != key:
                fp = fingerprint(program, self.shingle_size)
            row = self.index.add(task, key, fp)
            report.tokenize_fallbacks += not fp.tokenized
            report.unparsable += fp.ast_key is None
            self._first_outcome.append(outcome)
        elif outcome != self._first_outcome[row]:
            self._outcomes.setdefault(row, {self._first_outcome[row]}).add(outcome)
        self.index.count_record(row)

        # Programs without an AST (they do not parse) group by their token key instead.
        ast = self.index.ast_of(row)
        group = (1 << 64 | _key64(key)) if ast is None else ast
        ast_id = (t << 97) | (group << 32) | outcome
        if ast_id in self._ast_seen:
            if self.level == "ast":
                return False
        else:
            self._ast_seen.add(ast_id)
            report.after_ast += 1
            counts["after_ast"] += 1
        report.kept += 1
        return True

    def finish(self) -> DedupReport:
        """AST groups and near-duplicate clusters over the programs kept so far."""
        report = self.report
        index = self.index
        report.programs = index.size
        report.multi_outcome_programs = len(self._outcomes)
        duplicated_rows: set[int] = set()
        ast_groups = index.ast_groups()
        report.ast_groups = len(ast_groups)
        report.ast_duplicate_programs = sum(len(g) for g in ast_groups)
        for group in ast_groups:
            duplicated_rows.update(group)
        if self.near:
            near = find_near_duplicates(
                index, bands=self.bands, rows=self.rows, threshold=self.threshold
            )
            report.near_clusters = len(near.clusters)
            report.near_duplicate_programs = sum(len(c) for c in near.clusters)
            duplicated_rows |= near.rows
            task_of = index.task_of
            report.near_groups = [
                (index.tasks[int(task_of[c[0]])], [index.key_of(r) for r in c])
                for c in near.clusters
            ]
        task_of = index.task_of
        report.duplicated = {
            (index.tasks[int(task_of[r])], index.key_of(r)) for r in duplicated_rows
        }
        clusters_by_task: dict[str, int] = defaultdict(int)
        for task, _ in report.near_groups:
            clusters_by_task[task] += 1
        report.by_task = {
            task: {**counts, "near_clusters": clusters_by_task.get(task, 0)}
            for task, counts in sorted(self._task_counts.items())
        }
        return report


def dedup(
    records: Iterable[Record],
    keep: Callable[[Record], None] | None = None,
    *,
    level: Literal["exact", "ast"] = "exact",
    near: bool = True,
    threshold: float = THRESHOLD,
    workers: int = 1,
    batch_size: int = 512,
) -> DedupReport:
    """Deduplicate a stream of records; `keep(record)` receives each record that stays.

    `workers > 1` fingerprints batches in a process pool (the decisions stay
    sequential, so the result does not depend on the number of workers).
    """
    deduper = Deduplicator(level=level, near=near, threshold=threshold)
    if workers <= 1:
        for record in records:
            if deduper.add(record) and keep is not None:
                keep(record)
        return deduper.finish()
    with ProcessPoolExecutor(max_workers=min(workers, os.cpu_count() or 1)) as pool:
        for batch, fps in _fingerprinted(records, pool, batch_size, workers):
            for record, fp in zip(batch, fps, strict=True):
                if deduper.add(record, fp) and keep is not None:
                    keep(record)
    return deduper.finish()


def _fingerprinted(
    records: Iterable[Record], pool: ProcessPoolExecutor, batch_size: int, workers: int
) -> Iterator[tuple[list[Record], list[Fingerprint]]]:
    """Batches with their fingerprints, a few batches in flight (bounded memory)."""
    pending: list[tuple[list[Record], Any]] = []
    batch: list[Record] = []
    for record in records:
        batch.append(record)
        if len(batch) == batch_size:
            pending.append((batch, pool.submit(fingerprint_many, [r.x.program for r in batch])))
            batch = []
            if len(pending) > workers * 2:
                done, future = pending.pop(0)
                yield done, future.result()
    if batch:
        pending.append((batch, pool.submit(fingerprint_many, [r.x.program for r in batch])))
    for done, future in pending:
        yield done, future.result()


def dedup_corpus(
    source: Corpus,
    target: Corpus,
    *,
    filter_first: bool = True,
    tasks: Iterable[str] | None = None,
    level: Literal["exact", "ast"] = "exact",
    near: bool = True,
    threshold: float = THRESHOLD,
    workers: int = 1,
    shard_rows: int = 50_000,
) -> tuple[FilterReport | None, DedupReport]:
    """Filter (filters.py) then deduplicate one corpus into another, streaming shard by shard.

    The source's cached fingerprints are used (computed once, in `workers`
    processes, when missing) and carried into the target's cache, so the
    holdout and its check never fingerprint the kept records again.
    """
    from collections import deque

    from mleworld.corpus.filters import RecordFilter
    from mleworld.corpus.fingerprint_cache import iter_fingerprinted
    from mleworld.corpus.record import Record
    from mleworld.corpus.store import COLUMNS

    if source.path.resolve() == target.path.resolve():
        raise MleWorldError("dedup_corpus needs a different target corpus than its source")
    flt = RecordFilter(tasks) if filter_first else None
    deduper = Deduplicator(level=level, near=near, threshold=threshold)
    columns = [c for c in COLUMNS if c != "overview_id"] + ["data_overview"]
    kept_fps: deque[Fingerprint] = deque()

    def kept() -> Iterator[Record]:
        for rows, fps in iter_fingerprinted(source, columns, workers=workers):
            for row, fp in zip(rows, fps, strict=True):
                record = Record.from_row(row)
                if flt is not None and not flt.keep(record):
                    continue
                if deduper.add(record, fp):
                    kept_fps.append(fp)
                    yield record

    # append() asks for each record's fingerprint right after pulling the record,
    # so the queue holds exactly that one fingerprint whenever it is asked.
    target.append(kept(), shard_rows=shard_rows, fingerprints=_QueueIterator(kept_fps))
    return (flt.report if flt is not None else None), deduper.finish()


class _QueueIterator:
    """Iterates a queue that is refilled between calls (a generator would end at the first gap)."""

    def __init__(self, queue: Any) -> None:
        self._queue = queue

    def __iter__(self) -> _QueueIterator:
        return self

    def __next__(self) -> Fingerprint:
        if not self._queue:
            raise StopIteration
        return self._queue.popleft()
