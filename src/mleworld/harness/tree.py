"""The harness's revisitable tree: the run's journal plus the marks the model sets on it.

The nodes are the agent's own `Node`s in a `Journal` (agent/node.py,
agent/journal.py), so report.html, run.json and best-node selection read a
harness run as they read an AIDE run. What AIDE has no field for lives here:
which nodes the model invalidated (with the reason) and which one it
submitted. In a harness run a node changes after it is written (predicted,
then run), so journal.jsonl is rewritten whole and atomically after each
change; the append-only record of every change is the trajectory
(trajectory.py), which is what --resume replays.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from mleworld.agent.journal import JOURNAL_FILE, Journal, append_node
from mleworld.agent.node import Node
from mleworld.harness.tools import ToolCallError


@dataclass
class Tree:
    journal: Journal
    invalidated: dict[str, str] = field(default_factory=dict)  # node id -> reason
    submitted: str | None = None  # the node the model submitted last (None: the default)

    def node(self, node_id: str | None) -> Node:
        try:
            return self.journal[str(node_id)]
        except KeyError:
            known = ", ".join(n.id for n in self.journal.nodes[-8:]) or "none yet"
            raise ToolCallError(
                f"there is no node {node_id!r}; call history for the ids (latest: {known})"
            ) from None

    def default_submission(self) -> Node | None:
        """The best verified node the model has not invalidated."""
        best: Node | None = None
        for node in self.journal.verified_nodes:
            if node.id in self.invalidated:
                continue
            if best is None or self.journal.metric(node) > self.journal.metric(best):
                best = node
        return best

    def chosen(self) -> Node | None:
        """What the run submits: the model's choice, else the default."""
        if self.submitted is not None and self.submitted not in self.invalidated:
            return self.journal[self.submitted]
        return self.default_submission()


def write_journal(run_dir: Path, journal: Journal) -> None:
    """journal.jsonl with every node as it stands now, swapped in whole."""
    target = run_dir / JOURNAL_FILE
    tmp = target.with_name(target.name + ".tmp")
    tmp.unlink(missing_ok=True)
    for node in journal:
        append_node(tmp, node)
    if not len(journal):
        tmp.touch()
    os.replace(tmp, target)
