"""Corpus baselines (paper appendix F): world models that copy training records, with no model.

* `MajorityBaseline` (`baseline:majority`): per task and stage, the most common
  exception class and submission flag, the median metric and runtime; no output.
* `NearestBaseline` (`baseline:nearest`): the record of the most similar
  training program of the same task (TF-IDF cosine over code tokens and token
  bigrams), copied verbatim.
* `ParentBaseline` (`baseline:parent`): the parent's observed outcome, which an
  agent already holds when it writes a debug or improve child; drafts fall back
  to the nearest program.
* `RandomBaseline` (`baseline:random`): a random training record of the same
  task and stage, drawn deterministically from the query program.

Each is fitted from corpus Records (`Baseline(records)`) or straight from a
corpus split (`Baseline.from_corpus(corpus)`, which reads only the columns a
baseline copies), and grows with `observe(record)`. Records that reflect a
harness failure rather than the program are skipped.

Confidence: every prediction carries a class distribution so p_max means
something. Majority and random give the class frequencies of the group they
draw from; nearest gives the similarity-weighted votes of the top-k (k=10)
neighbours; parent gives the parent's class the rate at which children of that
stage keep their parent's class in the training corpus, and spreads the rest
over the stage's other classes. For nearest, parent and random the copied class
is the copied record's, which need not be the distribution's argmax.

Fallbacks when a group is empty: task and stage, then the task, then the stage
over all tasks, then every record. Nearest falls back to the majority of that
chain for a task it has no training program of.

This module owns the baselines and their record pool; naming them is registry.py's job.
"""

from __future__ import annotations

import hashlib
import math
import re
import time
import zlib
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

import numpy as np

from mleworld.errors import MleWorldError
from mleworld.world.format import trim_output
from mleworld.world.prediction import Prediction, Query
from mleworld.world.vocab import CLEAN, Vocab, leaf_name

if TYPE_CHECKING:
    from scipy.sparse import csr_matrix
    from sklearn.feature_extraction.text import TfidfVectorizer

    from mleworld.corpus.store import Corpus

TOP_K = 10
# Identifiers (names, attributes, keywords, words inside strings such as column
# names) and numbers. Punctuation is left out: it is in every program, carries
# little about what a program does, and doubles the vectorising cost.
TOKEN_RE = re.compile(r"[A-Za-z_]\w*|\d+(?:\.\d+)?")
# Smoothing weight (in records) of the stage-level rate when a (stage, class)
# pair has few parent links of its own.
PRIOR_LINKS = 10.0
TRAIN_COLUMNS = (
    "task_id",
    "stage",
    "run_id",
    "node_id",
    "parent_id",
    "program",
    "exc_type",
    "term_out",
    "metric",
    "submission",
    "runtime_s",
    "harness_error",
)


def code_tokens(program: str) -> list[str]:
    """Code tokens and token bigrams of a program: the TF-IDF terms of the nearest baseline."""
    tokens = TOKEN_RE.findall(program)
    return tokens + [f"{a} {b}" for a, b in zip(tokens, tokens[1:], strict=False)]


@dataclass(slots=True)
class Entry:
    """One training execution: the fields a baseline copies (output trimmed to the target window)."""

    task_id: str
    stage: str
    run_id: str
    node_id: str
    parent_id: str | None
    exc_type: str
    term_out: str
    metric: float | None
    submission: bool
    runtime_s: float


@dataclass
class Summary:
    """What a group of records has in common: the majority answer and the class frequencies."""

    level: str  # task+stage | task | stage | global
    records: int
    class_counts: Counter[str]
    submission: bool
    metric: float | None
    runtime_s: float | None

    @property
    def exc_type(self) -> str:
        return self.class_counts.most_common(1)[0][0]

    def probs(self) -> dict[str, float]:
        return {cls: n / self.records for cls, n in self.class_counts.items()}


def _median(values: list[float]) -> float | None:
    finite = [v for v in values if v is not None and math.isfinite(v)]
    return float(np.median(finite)) if finite else None


class Pool:
    """The training executions baselines copy from, grouped by task and stage; grows with `add`.

    Keeps each program zlib-compressed (for the nearest index) and the parent
    links between records of one run (for the parent baseline's confidence).
    """

    def __init__(self, vocab: Vocab | None = None) -> None:
        self.vocab = vocab
        self.entries: list[Entry] = []
        self.programs: list[bytes] = []
        self.by_task: dict[str, list[int]] = {}
        self.by_group: dict[tuple[str, str], list[int]] = {}
        self.by_stage: dict[str, list[int]] = {}
        self._summaries: dict[tuple[str, ...], Summary] = {}
        # Parent links: the class of each (task, run, node), and children whose
        # parent has not been seen yet.
        self._node_class: dict[tuple[str, str, str], str] = {}
        self._waiting: dict[tuple[str, str, str], list[tuple[str, str]]] = {}
        self.kept: Counter[tuple[str, str]] = Counter()  # (stage, parent class) -> same class
        self.links: Counter[tuple[str, str]] = Counter()  # (stage, parent class) -> children

    def __len__(self) -> int:
        return len(self.entries)

    def _class(self, name: str | None) -> str:
        cls = leaf_name(name)
        return self.vocab.normalize(cls) if self.vocab is not None else cls

    def add_record(self, record: Any) -> None:
        """Add a corpus Record (skipped when its outcome is a harness failure)."""
        if getattr(record, "harness_error", None):
            return
        y = record.y
        self._add(
            Entry(
                task_id=record.task_id,
                stage=record.stage,
                run_id=record.run_id,
                node_id=record.node_id,
                parent_id=record.parent_id,
                exc_type=self._class(y.exc_type),
                term_out=trim_output(y.term_out or ""),
                metric=y.metric,
                submission=bool(y.submission),
                runtime_s=float(record.runtime_s or 0.0),
            ),
            record.x.program,
        )

    def add_row(self, row: dict[str, Any]) -> None:
        """Add a flat corpus row (store.iter_rows with TRAIN_COLUMNS)."""
        if row.get("harness_error"):
            return
        metric = row.get("metric")
        self._add(
            Entry(
                task_id=str(row["task_id"]),
                stage=str(row.get("stage") or ""),
                run_id=str(row.get("run_id") or ""),
                node_id=str(row.get("node_id") or ""),
                parent_id=row.get("parent_id"),
                exc_type=self._class(row["exc_type"]),
                term_out=trim_output(row.get("term_out") or ""),
                metric=None if metric is None else float(metric),
                submission=bool(row.get("submission")),
                runtime_s=float(row.get("runtime_s") or 0.0),
            ),
            str(row["program"]),
        )

    def _add(self, entry: Entry, program: str) -> None:
        i = len(self.entries)
        self.entries.append(entry)
        self.programs.append(zlib.compress(program.encode("utf-8", "surrogatepass"), 1))
        self.by_task.setdefault(entry.task_id, []).append(i)
        self.by_group.setdefault((entry.task_id, entry.stage), []).append(i)
        self.by_stage.setdefault(entry.stage, []).append(i)
        for key in (("task+stage", entry.task_id, entry.stage), ("task", entry.task_id)):
            self._summaries.pop(key, None)
        self._summaries.pop(("stage", entry.stage), None)
        self._summaries.pop(("global",), None)
        self._link(entry)

    def _link(self, entry: Entry) -> None:
        if not entry.run_id or not entry.node_id:
            return
        node = (entry.task_id, entry.run_id, entry.node_id)
        self._node_class[node] = entry.exc_type
        if entry.parent_id:
            parent = (entry.task_id, entry.run_id, entry.parent_id)
            if parent in self._node_class:
                self._count_link(entry.stage, self._node_class[parent], entry.exc_type)
            else:
                self._waiting.setdefault(parent, []).append((entry.stage, entry.exc_type))
        for stage, child_cls in self._waiting.pop(node, ()):
            self._count_link(stage, entry.exc_type, child_cls)

    def _count_link(self, stage: str, parent_cls: str, child_cls: str) -> None:
        self.links[(stage, parent_cls)] += 1
        self.kept[(stage, parent_cls)] += int(parent_cls == child_cls)

    def program(self, i: int) -> str:
        return zlib.decompress(self.programs[i]).decode("utf-8", "surrogatepass")

    # --- groups -----------------------------------------------------------------------
    def group(self, task_id: str, stage: str) -> tuple[tuple[str, ...], list[int]]:
        """The first non-empty group of the fallback chain, as (key, record indices)."""
        if not self.entries:
            raise MleWorldError(
                "a corpus baseline has no training records; fit it on a corpus that has records"
            )
        chain: list[tuple[tuple[str, ...], list[int] | None]] = [
            (("task+stage", task_id, stage), self.by_group.get((task_id, stage))),
            (("task", task_id), self.by_task.get(task_id)),
            (("stage", stage), self.by_stage.get(stage)),
        ]
        for key, rows in chain:
            if rows:
                return key, rows
        return ("global",), list(range(len(self.entries)))

    def summary(self, task_id: str, stage: str) -> Summary:
        """The majority answer of the first non-empty group of the fallback chain."""
        key, rows = self.group(task_id, stage)
        cached = self._summaries.get(key)
        if cached is not None:
            return cached
        entries = [self.entries[i] for i in rows]
        submitted = sum(e.submission for e in entries)
        summary = Summary(
            level=key[0],
            records=len(entries),
            class_counts=Counter(e.exc_type for e in entries),
            submission=submitted * 2 > len(entries),
            metric=_median([e.metric for e in entries if e.metric is not None]),
            runtime_s=_median([e.runtime_s for e in entries]),
        )
        self._summaries[key] = summary
        return summary

    def keep_rate(self, stage: str, parent_cls: str) -> float:
        """How often a child of this stage keeps its parent's class (smoothed; 0.5 with no links)."""
        stage_links = sum(n for (s, _), n in self.links.items() if s == stage)
        stage_kept = sum(n for (s, _), n in self.kept.items() if s == stage)
        stage_rate = (stage_kept + 0.5 * PRIOR_LINKS) / (stage_links + PRIOR_LINKS)
        links = self.links[(stage, parent_cls)]
        kept = self.kept[(stage, parent_cls)]
        return (kept + PRIOR_LINKS * stage_rate) / (links + PRIOR_LINKS)


def _copy(entry: Entry, probs: dict[str, float], evidence: list[dict[str, Any]]) -> Prediction:
    return Prediction(
        exc_type=entry.exc_type,
        exc_probs=probs,
        term_out=entry.term_out,
        metric=entry.metric,
        submission=entry.submission,
        runtime_s=entry.runtime_s,
        evidence=evidence,
    )


def _record_ref(entry: Entry) -> dict[str, Any]:
    return {
        "task_id": entry.task_id,
        "stage": entry.stage,
        "run_id": entry.run_id,
        "node_id": entry.node_id,
        "exc_type": entry.exc_type,
    }


class CorpusBaseline(ABC):
    """Shared fitting, observing and timing; a subclass answers one query in `predict_one`."""

    name = "baseline"

    def __init__(
        self, records: Iterable[Any] = (), *, vocab: Vocab | None = None, pool: Pool | None = None
    ) -> None:
        self.pool = pool if pool is not None else Pool(vocab)
        for record in records:
            self.pool.add_record(record)

    @classmethod
    def from_corpus(
        cls,
        corpus: Corpus | str | Path,
        *,
        split: str | None = "train",
        tasks: Iterable[str] | None = None,
        **kwargs: Any,
    ) -> Self:
        """Fit on a corpus split, reading only the columns a baseline copies.

        `tasks` limits the records read to those tasks (the fallbacks then see
        only them); when none of them is in the corpus every task is read, so a
        new task still gets the stage and global fallbacks.
        """
        from mleworld.corpus.store import Corpus

        store = corpus if isinstance(corpus, Corpus) else Corpus.open(corpus)
        wanted = None if tasks is None else set(tasks)
        if wanted is not None and not wanted & set(store.tasks):
            wanted = None
        model = cls(**kwargs)
        for rows in store.iter_rows(list(TRAIN_COLUMNS), split=split, tasks=wanted):
            for row in rows:
                model.pool.add_row(row)
        return model

    def __len__(self) -> int:
        return len(self.pool)

    def observe(self, record: Any) -> None:
        """Add one real execution (a corpus Record) to the records this baseline copies from."""
        self.pool.add_record(record)

    def predict_batch(self, queries: Sequence[Query]) -> list[Prediction]:
        self.prepare(queries)
        out: list[Prediction] = []
        for query in queries:
            start = time.perf_counter()
            prediction = self.predict_one(query)
            prediction.backend = self.name
            prediction.latency_ms = (time.perf_counter() - start) * 1000.0
            out.append(prediction)
        return out

    def prepare(self, queries: Sequence[Query]) -> None:  # noqa: B027 (an optional hook)
        """Build what answering these queries needs (fitting is not counted as latency)."""

    @abstractmethod
    def predict_one(self, query: Query) -> Prediction:
        """This baseline's answer for one query."""


class MajorityBaseline(CorpusBaseline):
    """Per task and stage: the most common class and flag, the median metric and runtime."""

    name = "baseline:majority"

    def predict_one(self, query: Query) -> Prediction:
        return _majority(self.pool, query)


def _majority(pool: Pool, query: Query) -> Prediction:
    summary = pool.summary(query.task_id, query.stage)
    return Prediction(
        exc_type=summary.exc_type,
        exc_probs=summary.probs(),
        term_out="",
        metric=summary.metric,
        submission=summary.submission,
        runtime_s=summary.runtime_s,
        evidence=[
            {
                "kind": "majority",
                "level": summary.level,
                "task_id": query.task_id,
                "stage": query.stage,
                "records": summary.records,
            }
        ],
    )


@dataclass
class _TaskIndex:
    """The TF-IDF matrix of one task's training programs (rows follow pool.by_task order)."""

    vectorizer: TfidfVectorizer
    matrix: csr_matrix
    fitted_on: int  # how many programs the vectorizer's vocabulary and idf came from


class NearestBaseline(CorpusBaseline):
    """The record of the most similar training program of the same task, copied verbatim.

    The index of a task is built on its first query and kept current lazily:
    records observed since are transformed with the task's vectorizer and
    appended, and the vectorizer is refitted once the task's records have
    doubled since it was fitted. A typical agent program costs about 5 kB of
    index (some 650 float32 TF-IDF weights) and about 2 ms to vectorise.
    """

    name = "baseline:nearest"

    def __init__(
        self, records: Iterable[Any] = (), *, vocab: Vocab | None = None, k: int = TOP_K
    ) -> None:
        if k < 1:
            raise MleWorldError(f"nearest baseline needs k >= 1 neighbours, got {k}")
        self.k = k
        self._indexes: dict[str, _TaskIndex] = {}
        super().__init__(records, vocab=vocab)

    def _index(self, task_id: str) -> _TaskIndex | None:
        rows = self.pool.by_task.get(task_id)
        if not rows:
            return None
        index = self._indexes.get(task_id)
        if index is not None and index.matrix.shape[0] == len(rows):
            return index
        if index is not None and len(rows) < 2 * index.fitted_on:
            from scipy.sparse import vstack

            start = index.matrix.shape[0]
            new = index.vectorizer.transform([self.pool.program(i) for i in rows[start:]])
            index.matrix = vstack([index.matrix, new], format="csr")
            return index
        from sklearn.feature_extraction.text import TfidfVectorizer

        vectorizer = TfidfVectorizer(analyzer=code_tokens, sublinear_tf=True, dtype=np.float32)
        matrix = vectorizer.fit_transform(self.pool.program(i) for i in rows)
        index = _TaskIndex(vectorizer=vectorizer, matrix=matrix.tocsr(), fitted_on=len(rows))
        self._indexes[task_id] = index
        return index

    def prepare(self, queries: Sequence[Query]) -> None:  # noqa: B027 (an optional hook)
        for task_id in {query.task_id for query in queries}:
            self._index(task_id)

    def neighbours(self, query: Query) -> list[tuple[int, float]]:
        """The top-k training records of the query's task as (pool index, cosine), best first."""
        index = self._index(query.task_id)
        if index is None:
            return []
        rows = self.pool.by_task[query.task_id]
        vector = index.vectorizer.transform([query.x.program]).toarray().ravel()
        sims = index.matrix @ vector
        k = min(self.k, len(sims))
        top = np.argpartition(-sims, k - 1)[:k]
        # Best first; equal similarity goes to the earlier record.
        top = top[np.lexsort((top, -sims[top]))]
        return [(rows[int(j)], float(sims[j])) for j in top]

    def predict_one(self, query: Query) -> Prediction:
        found = self.neighbours(query)
        if not found:
            prediction = _majority(self.pool, query)
            prediction.evidence.insert(
                0, {"kind": "fallback", "reason": f"no training program of task {query.task_id!r}"}
            )
            return prediction
        weights = np.array([max(sim, 0.0) for _, sim in found])
        if weights.sum() <= 0:
            weights = np.ones(len(found))
        votes: Counter[str] = Counter()
        for (i, _), weight in zip(found, weights, strict=True):
            votes[self.pool.entries[i].exc_type] += float(weight)
        total = sum(votes.values())
        best = self.pool.entries[found[0][0]]
        evidence = [
            {"kind": "neighbour", "similarity": round(sim, 4), **_record_ref(self.pool.entries[i])}
            for i, sim in found
        ]
        return _copy(best, {cls: v / total for cls, v in votes.items()}, evidence)


class ParentBaseline(CorpusBaseline):
    """The parent's observed outcome; a draft (or a parent with no known outcome) gets nearest."""

    name = "baseline:parent"

    def __init__(
        self, records: Iterable[Any] = (), *, vocab: Vocab | None = None, k: int = TOP_K
    ) -> None:
        # One pool: the drafts' fallback sees every record this baseline observes.
        self.nearest = NearestBaseline(vocab=vocab, k=k)
        super().__init__(records, vocab=vocab, pool=self.nearest.pool)

    def prepare(self, queries: Sequence[Query]) -> None:  # noqa: B027 (an optional hook)
        self.nearest.prepare([q for q in queries if q.parent is None or q.parent.exc_type is None])

    def predict_one(self, query: Query) -> Prediction:
        parent = query.parent
        if parent is None or parent.exc_type is None:
            prediction = self.nearest.predict_one(query)
            reason = "draft: no parent" if parent is None else "parent outcome unknown"
            prediction.evidence.insert(0, {"kind": "fallback", "reason": reason})
            return prediction
        cls = self.pool._class(parent.exc_type)
        keep = self.pool.keep_rate(query.stage, cls)
        probs = {cls: keep}
        if self.pool.entries:
            others = {
                c: n
                for c, n in self.pool.summary(query.task_id, query.stage).class_counts.items()
                if c != cls
            }
            total = sum(others.values())
            if total:
                probs.update({c: (1.0 - keep) * n / total for c, n in others.items()})
        return Prediction(
            exc_type=cls,
            exc_probs=probs,
            term_out=trim_output(parent.term_out or ""),
            metric=parent.metric,
            submission=cls == CLEAN,
            runtime_s=parent.runtime_s,
            evidence=[{"kind": "parent", "exc_type": cls, "keep_rate": round(keep, 4)}],
        )


class RandomBaseline(CorpusBaseline):
    """A random training record of the same task and stage; the same program always draws the same."""

    name = "baseline:random"

    def __init__(
        self, records: Iterable[Any] = (), *, vocab: Vocab | None = None, seed: int = 0
    ) -> None:
        self.seed = seed
        super().__init__(records, vocab=vocab)

    def predict_one(self, query: Query) -> Prediction:
        key, rows = self.pool.group(query.task_id, query.stage)
        digest = hashlib.blake2b(
            f"{self.seed}\0{query.task_id}\0{query.stage}\0{query.x.program}".encode(
                "utf-8", "surrogatepass"
            ),
            digest_size=8,
        ).digest()
        entry = self.pool.entries[rows[int.from_bytes(digest, "big") % len(rows)]]
        summary = self.pool.summary(query.task_id, query.stage)
        evidence = [{"kind": "random", "level": key[0], "records": len(rows), **_record_ref(entry)}]
        return _copy(entry, summary.probs(), evidence)


BASELINES: dict[str, type[CorpusBaseline]] = {
    cls.name: cls for cls in (MajorityBaseline, NearestBaseline, ParentBaseline, RandomBaseline)
}

__all__ = [
    "BASELINES",
    "TOP_K",
    "CorpusBaseline",
    "MajorityBaseline",
    "NearestBaseline",
    "ParentBaseline",
    "Pool",
    "RandomBaseline",
    "code_tokens",
]
