"""The journal: the tree of nodes of one run, and its append-only file `journal.jsonl`.

Each node is one JSON line, flushed and fsynced before the next step starts, so
a killed run loses at most the step in flight. A partial last line (the process
died mid-write) is ignored on load and cut off before the next append. Best-node
selection takes the metric direction from the task, never from a model.

This module owns the tree and its file; choosing what to do next is search.py's job.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

from mleworld.agent.node import MetricValue, Node, SchemaVersionError
from mleworld.errors import ConfigError

JOURNAL_FILE = "journal.jsonl"


class Journal:
    """The nodes of one run, in step order, linked into a tree."""

    def __init__(self, lower_is_better: bool, nodes: list[Node] | None = None) -> None:
        self.lower_is_better = lower_is_better
        self.nodes: list[Node] = []
        self._by_id: dict[str, Node] = {}
        for node in nodes or []:
            self.append(node)

    def append(self, node: Node) -> Node:
        if node.id in self._by_id:
            raise ValueError(f"node {node.id} is already in the journal")
        if node.step != len(self.nodes):
            raise ValueError(f"node {node.id} has step {node.step}, expected {len(self.nodes)}")
        if node.parent_id is not None:
            parent = self._by_id.get(node.parent_id)
            if parent is None:
                raise ValueError(f"node {node.id} names unknown parent {node.parent_id}")
            node.parent = parent
            parent.children.append(node)
        self.nodes.append(node)
        self._by_id[node.id] = node
        return node

    def __len__(self) -> int:
        return len(self.nodes)

    def __iter__(self) -> Iterator[Node]:
        return iter(self.nodes)

    def __getitem__(self, node_id: str) -> Node:
        return self._by_id[node_id]

    @property
    def draft_nodes(self) -> list[Node]:
        return [n for n in self.nodes if n.parent is None]

    @property
    def buggy_nodes(self) -> list[Node]:
        return [n for n in self.nodes if n.is_buggy]

    @property
    def verified_nodes(self) -> list[Node]:
        return [n for n in self.nodes if n.verified]

    def metric(self, node: Node) -> MetricValue:
        return node.metric_value(self.lower_is_better)

    def best_node(self, only_verified: bool = True) -> Node | None:
        """The node with the best metric (ties: the earliest); verified nodes only by default."""
        pool = self.verified_nodes if only_verified else [n for n in self.nodes if not n.is_buggy]
        best: Node | None = None
        for node in pool:
            if best is None or self.metric(node) > self.metric(best):
                best = node
        return best

    def best_so_far(self) -> list[float | None]:
        """For each step, the best verified metric up to and including it (None before any)."""
        series: list[float | None] = []
        best: Node | None = None
        for node in self.nodes:
            if node.verified and (best is None or self.metric(node) > self.metric(best)):
                best = node
            series.append(best.metric if best is not None else None)
        return series


# --- the file ---------------------------------------------------------------------


def append_node(path: Path, node: Node) -> None:
    """Append one node as one JSON line and make it durable before returning."""
    line = json.dumps(node.to_dict(), ensure_ascii=False, default=str) + "\n"
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(line)
        handle.flush()
        os.fsync(handle.fileno())


def read_nodes(path: Path) -> tuple[list[Node], int]:
    """The nodes stored in `path` and the byte length of the complete lines holding them.

    A last line without its newline, or one that does not parse, is a write the
    process did not finish: it is dropped. A bad line before the last is corruption,
    and so is a line anywhere that parses but is no node of this schema (a field of
    the wrong type, another schema version): a ConfigError, and nothing is dropped.
    """
    if not path.is_file():
        return [], 0
    data = path.read_bytes()
    nodes: list[Node] = []
    good_bytes = 0
    lines = data.split(b"\n")
    # After the last "\n" comes either b"" (clean end) or an unfinished line.
    for index, raw in enumerate(lines[:-1]):
        is_last = index == len(lines) - 2 and lines[-1] == b""
        try:
            data = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError) as exc:  # not UTF-8, not JSON, nested too deep
            if is_last:
                break
            raise ConfigError(
                f"{path} line {index + 1} is corrupt ({exc.__class__.__name__}); "
                "restore the file or start a new run"
            ) from None
        try:
            nodes.append(Node.from_dict(data))
        except SchemaVersionError as exc:
            raise ConfigError(
                f"{path} line {index + 1}: {exc}; continue the run with the mleworld that "
                "wrote it, or start a new run"
            ) from None
        except (ValueError, TypeError) as exc:
            raise ConfigError(
                f"{path} line {index + 1} is corrupt ({exc}); restore the file or start a new run"
            ) from None
        good_bytes += len(raw) + 1
    return nodes, good_bytes


def load_journal(path: Path, lower_is_better: bool, repair: bool = False) -> Journal:
    """Rebuild the journal from its file; with `repair`, cut off an unfinished last line."""
    nodes, good_bytes = read_nodes(path)
    if repair and path.is_file() and path.stat().st_size != good_bytes:
        with open(path, "r+b") as handle:
            handle.truncate(good_bytes)
            handle.flush()
            os.fsync(handle.fileno())
    try:
        return Journal(lower_is_better, nodes)
    except ValueError as exc:
        raise ConfigError(f"{path}: {exc}; restore the file or start a new run") from None
