"""The held-out programs of a corpus (paper appendix E, "Holdout"), and the proof they are new.

`select_holdout` draws up to N programs per task (default 100; all eligible
ones when fewer), balanced across the agent stages (draft, improve, debug) and
between fast (runtime <= 5 s) and slow runs: the six (stage, speed) cells are
drawn from in turn, so each gets N/6 when it can and the others make up for
cells that run short. A program is eligible only when it has exactly one
record and no exact, AST or near duplicate among the other programs of its
task; every drawn program is then compared with every other program of its
task by estimated Jaccard similarity (no LSH, so nothing is missed by banding)
before it is accepted. The draw is written to the corpus' splits, which
removes those programs from training.

`check_holdout` compares each holdout program with every training record of
its task: same token key, same AST key, or estimated Jaccard >= 0.9 (all
pairs, no LSH). It returns the violations; an empty list is the proof. With
`recompute=True` it derives every fingerprint again from the stored programs
instead of reading the corpus' fingerprint cache.

Not here: the fingerprints (fingerprint.py), near-duplicate search (dedup.py).
"""

from __future__ import annotations

import zlib
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from mleworld.corpus.dedup import THRESHOLD, ProgramIndex, find_near_duplicates
from mleworld.corpus.fingerprint import NUM_PERM, Fingerprint
from mleworld.corpus.fingerprint_cache import iter_fingerprinted
from mleworld.corpus.record import STAGES
from mleworld.corpus.store import Corpus
from mleworld.errors import MleWorldError

FAST_S = 5.0
SPEEDS = ("fast", "slow")
_COLUMNS = ["task_id", "id", "stage", "runtime_s"]


@dataclass
class HoldoutReport:
    n_per_task: int
    seed: int
    fast_s: float
    threshold: float
    by_task: dict[str, dict[str, Any]] = field(default_factory=dict)
    holdout: dict[str, list[str]] = field(default_factory=dict, repr=False)

    @property
    def total(self) -> int:
        return sum(len(ids) for ids in self.holdout.values())

    def to_dict(self) -> dict[str, Any]:
        return {
            "n_per_task": self.n_per_task,
            "seed": self.seed,
            "fast_s": self.fast_s,
            "threshold": self.threshold,
            "total": self.total,
            "by_task": self.by_task,
        }


def _need(threshold: float, num_perm: int = NUM_PERM) -> int:
    return int(np.ceil(threshold * num_perm - 1e-9))


def select_holdout(
    corpus: Corpus,
    n_per_task: int = 100,
    *,
    seed: int = 0,
    fast_s: float = FAST_S,
    threshold: float = THRESHOLD,
    write: bool = True,
    workers: int = 1,
) -> HoldoutReport:
    """Draw the holdout (see the module docstring) and, with `write`, store it as the corpus' split."""
    if n_per_task < 1:
        raise MleWorldError(f"holdout size per task must be at least 1, got {n_per_task}")
    index = ProgramIndex()
    info: list[tuple[str, str, float]] = []  # per program row: stored id, stage, runtime
    for rows, fps in iter_fingerprinted(corpus, _COLUMNS, workers=workers):
        for row, fp in zip(rows, fps, strict=True):
            found = index.find(row["task_id"], row["id"])
            if found is None:
                found = index.add(row["task_id"], row["id"], fp)
                info.append((row["id"], row["stage"], float(row["runtime_s"] or 0.0)))
            index.count_record(found)
    excluded: set[int] = set()
    for group in index.ast_groups():
        excluded.update(group)
    excluded |= find_near_duplicates(index, threshold=threshold).rows
    records = index.records
    need = _need(threshold)
    report = HoldoutReport(n_per_task, seed, fast_s, threshold)
    for task in index.tasks:
        members = index.rows_of_task(task)
        cells: dict[tuple[str, str], list[int]] = defaultdict(list)
        for row in members:
            row = int(row)
            _, stage, runtime = info[row]
            if records[row] != 1 or row in excluded or stage not in STAGES:
                continue
            cells[(stage, "fast" if runtime <= fast_s else "slow")].append(row)
        rng = np.random.default_rng([seed, zlib.crc32(task.encode())])
        # Stages vary fastest, so a last partial round spreads over the stages.
        order = [(stage, speed) for speed in SPEEDS for stage in STAGES]
        queues = {cell: list(rng.permutation(cells[cell])) for cell in order}
        eligible = sum(len(q) for q in queues.values())
        task_sigs = index.signatures[members]
        chosen: list[int] = []
        drawn_cells: dict[str, int] = defaultdict(int)
        rejected = 0
        while len(chosen) < n_per_task and any(queues.values()):
            for cell in order:
                if len(chosen) >= n_per_task:
                    break
                if not queues[cell]:
                    continue
                row = int(queues[cell].pop())
                if _has_near_copy(index.signatures[row], task_sigs, members, row, need):
                    rejected += 1
                    continue
                chosen.append(row)
                drawn_cells[f"{cell[0]}/{cell[1]}"] += 1
        ids = sorted(info[row][0] for row in chosen)
        report.holdout[task] = ids
        report.by_task[task] = {
            "programs": len(members),
            "eligible": eligible,
            "drawn": len(ids),
            "rejected_by_full_comparison": rejected,
            "cells": dict(sorted(drawn_cells.items())),
        }
    if write:
        corpus.set_holdout(
            report.holdout,
            params={
                "n_per_task": n_per_task,
                "seed": seed,
                "fast_s": fast_s,
                "threshold": threshold,
            },
        )
    return report


def _has_near_copy(
    sig: np.ndarray, task_sigs: np.ndarray, members: np.ndarray, row: int, need: int
) -> bool:
    same = np.count_nonzero(task_sigs == sig[None, :], axis=1)
    same[members == row] = 0
    return bool((same >= need).any())


def check_holdout(
    corpus: Corpus,
    *,
    threshold: float = THRESHOLD,
    recompute: bool = False,
    workers: int = 1,
) -> list[str]:
    """Every way a holdout program is duplicated in training (empty: the holdout is clean).

    Fingerprints come from the corpus' cache unless `recompute`, which derives
    every one again from the stored programs.
    """
    violations: list[str] = []
    for copy in holdout_copies(corpus, threshold=threshold, recompute=recompute, workers=workers):
        if copy.train_id is None:
            violations.append(
                f"{copy.task}: holdout program {copy.holdout_id} is not in the corpus"
            )
        else:
            violations.append(
                f"{copy.task}: holdout program {copy.holdout_id} has {copy.kind} in training: "
                f"program {copy.train_id} (run {copy.run_id or '?'}, node {copy.node_id or '?'})"
            )
    return violations


@dataclass(frozen=True)
class HoldoutCopy:
    """A training program that copies a holdout program (`train_id` None: the latter is missing)."""

    task: str
    holdout_id: str
    kind: str = ""
    train_id: str | None = None
    run_id: str = ""
    node_id: str = ""


def holdout_copies(
    corpus: Corpus,
    *,
    threshold: float = THRESHOLD,
    recompute: bool = False,
    workers: int = 1,
) -> list[HoldoutCopy]:
    """Each training program that is an exact, AST or near copy of a holdout program of its task."""
    holdout = corpus.holdout()
    if not holdout:
        return []
    need = _need(threshold)
    prints: dict[str, list[tuple[str, Fingerprint]]] = defaultdict(list)
    seen: set[tuple[str, str]] = set()
    held = iter_fingerprinted(
        corpus, ["task_id", "id"], split="holdout", workers=workers, use_cache=not recompute
    )
    for rows, fps in held:
        for row, fp in zip(rows, fps, strict=True):
            key = (row["task_id"], row["id"])
            if key in seen:
                continue
            seen.add(key)
            prints[row["task_id"]].append((row["id"], fp))
    copies: list[HoldoutCopy] = []
    for task, ids in sorted(holdout.items()):
        for program_id in sorted(pid for pid in ids if (task, pid) not in seen):
            copies.append(HoldoutCopy(task, program_id))
    by_task = {
        task: (
            {fp.token_key: pid for pid, fp in entries},
            {fp.ast_key: pid for pid, fp in entries if fp.ast_key is not None},
            np.stack([fp.signature for _, fp in entries]),
            [pid for pid, _ in entries],
        )
        for task, entries in prints.items()
    }
    reported: set[tuple[str, str, str]] = set()
    checked: set[tuple[str, str]] = set()
    train = iter_fingerprinted(
        corpus,
        ["task_id", "id", "run_id", "node_id"],
        split="train",
        tasks=by_task.keys(),
        workers=workers,
        use_cache=not recompute,
    )
    for rows, fps in train:
        for row, fp in zip(rows, fps, strict=True):
            task, train_id = row["task_id"], row["id"]
            if (task, train_id) in checked:
                continue
            checked.add((task, train_id))
            tokens, asts, sigs, hids = by_task[task]
            found: list[tuple[str, str]] = []
            if fp.token_key in tokens:
                found.append((tokens[fp.token_key], "an exact duplicate"))
            if fp.ast_key is not None and fp.ast_key in asts:
                found.append((asts[fp.ast_key], "an AST duplicate"))
            same = np.count_nonzero(sigs == fp.signature[None, :], axis=1)
            for i in np.flatnonzero(same >= need):
                found.append(
                    (hids[int(i)], f"a near duplicate (Jaccard ~{same[i] / NUM_PERM:.2f})")
                )
            for hid, kind in found:
                if (task, hid, train_id) in reported:
                    continue
                reported.add((task, hid, train_id))
                copies.append(
                    HoldoutCopy(
                        task, hid, kind, train_id, row["run_id"] or "", row["node_id"] or ""
                    )
                )
    return copies
