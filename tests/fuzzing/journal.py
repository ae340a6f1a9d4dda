"""Journal lines (agent/journal.py, agent/node.py): a run's `journal.jsonl` after damage.

Inputs: a journal of a few real nodes (plans and code of any text, outcomes
with nan metrics, parents), written by `append_node`, then damaged: cut at
any byte, a torn last write, random bytes written over it, a line replaced
by JSON of another shape, a field given a value of the wrong type, a node of
another schema version, a blank line, bytes that are not UTF-8.

A correct result of `load_journal(..., repair=True)`: a cut or torn file
resumes with exactly its complete lines; any other load gives nodes whose
every field has its declared type (the reports and the loop read them), the
file then ends at its last good line, and a node appended after it reads
back. A refused file (one ConfigError line) is left byte for byte as it was.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

from hypothesis import strategies as st

from mleworld.agent.journal import append_node, load_journal
from mleworld.agent.node import STAGES, Node
from mleworld.errors import ConfigError
from mleworld.execution.outcome import Outcome

from .garble import ANY_TEXT, NESTED, scratch
from .harness import Target

_FIELDS = ("id", "step", "stage", "parent_id", "metric", "is_buggy", "outcome", "candidates")


@dataclass(frozen=True)
class Damage:
    """How a journal file was damaged, and the complete lines a cut leaves (None: unknown)."""

    nodes: tuple[Node, ...]
    lower_is_better: bool
    kind: str
    data: bytes  # the damaged file
    survivors: int | None  # nodes a cut or torn file must resume with
    refused: bool  # the damage must be refused (a wrong schema or type, complete JSON)

    def __repr__(self) -> str:
        return (
            f"Damage(kind={self.kind!r}, nodes={len(self.nodes)}, survivors={self.survivors}, "
            f"refused={self.refused}, data={self.data[:600]!r})"
        )


@st.composite
def _nodes(draw: st.DrawFn) -> list[Node]:
    nodes: list[Node] = []
    for step in range(draw(st.integers(1, 5))):
        parent = draw(st.sampled_from([None, *nodes])) if nodes else None
        metric = draw(st.one_of(st.none(), st.floats(allow_nan=True, allow_infinity=True)))
        outcome = Outcome(
            exc_type=draw(st.sampled_from(["None", "KeyError", "TimeoutError"])),
            term_out=draw(ANY_TEXT),
            metric=metric,
            runtime_s=draw(st.floats(0, 1e4)),
        )
        nodes.append(
            Node(
                id=f"n{step}-{draw(st.text('abcdef0123', max_size=6))}",
                step=step,
                stage="draft" if parent is None else draw(st.sampled_from(STAGES[1:])),
                parent_id=parent.id if parent is not None else None,
                plan=draw(ANY_TEXT),
                code=draw(ANY_TEXT),
                outcome=outcome.to_dict() if draw(st.booleans()) else None,
                metric=metric if metric is None or math.isfinite(metric) else None,
                is_buggy=draw(st.booleans()),
                executed=draw(st.booleans()),
                run_elapsed_s=float(step),
            )
        )
    return nodes


def _lines(nodes: list[Node]) -> list[bytes]:
    """The file's lines, as append_node writes them (each with its newline)."""
    with scratch() as tmp:
        path = Path(tmp) / "journal.jsonl"
        for node in nodes:
            append_node(path, node)
        return path.read_bytes().splitlines(keepends=True)


@st.composite
def damaged_journals(draw: st.DrawFn) -> Damage:
    nodes = draw(_nodes())
    lines = _lines(nodes)
    whole = b"".join(lines)
    kind = draw(
        st.sampled_from(
            ["cut", "torn", "overwrite", "shape", "wrong_type", "schema", "blank", "not_utf8"]
        )
    )
    survivors: int | None = None
    refused = False
    j = draw(st.integers(0, len(lines) - 1))
    if kind == "cut":
        at = draw(st.integers(0, len(whole)))
        data = whole[:at]
        ends = [sum(len(x) for x in lines[: k + 1]) for k in range(len(lines))]
        survivors = sum(1 for end in ends if end <= at)
    elif kind == "torn":
        data = whole + draw(st.binary(min_size=1, max_size=80)).replace(b"\n", b"")
        survivors = len(lines)
    elif kind == "overwrite":
        at = draw(st.integers(0, max(0, len(whole) - 1)))
        patch = draw(st.binary(min_size=1, max_size=12))
        data = whole[:at] + patch + whole[at + len(patch) :]
    else:
        record = json.loads(lines[j])
        if kind == "shape":
            line = json.dumps(draw(st.one_of(st.lists(NESTED, max_size=3), NESTED))).encode()
            refused = not line.startswith(b"{")  # an object may still be a valid node
        elif kind == "wrong_type":
            name = draw(st.sampled_from(_FIELDS))
            record[name] = draw(
                st.sampled_from([[1], {"a": 1}, "text", 3.5, True]).filter(
                    lambda v, n=name: not _fits_anyway(n, v)
                )
            )
            line, refused = json.dumps(record).encode(), True
        elif kind == "schema":
            record["schema_version"] = draw(
                st.one_of(st.integers().filter(lambda v: v != 1), st.sampled_from(["1", None, 1.5]))
            )
            line, refused = json.dumps(record).encode(), True
        elif kind == "blank":
            line = b""
        else:
            line = draw(st.binary(min_size=1, max_size=40).filter(_not_utf8))
        lines = [*lines[:j], line.replace(b"\n", b" ") + b"\n", *lines[j + 1 :]]
        data = b"".join(lines)
        if kind in ("blank", "not_utf8") and j == len(lines) - 1:
            survivors = j  # an unreadable last line reads as an unfinished write
        elif kind in ("blank", "not_utf8"):
            refused = True
    return Damage(tuple(nodes), draw(st.booleans()), kind, data, survivors, refused)


def _fits_anyway(name: str, value: object) -> bool:
    """Values that the field may legitimately hold (a float metric, a text id)."""
    if name in ("id", "stage", "parent_id"):
        return isinstance(value, str) and name != "stage"
    if name == "metric":
        return isinstance(value, float)
    if name == "is_buggy":
        return isinstance(value, bool)
    if name == "outcome":
        return isinstance(value, dict) and not value
    return False


def _not_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


def _usable(node: Node) -> None:
    """Every field has its declared type: what reports, ingest and the loop read."""
    assert isinstance(node.id, str) and isinstance(node.step, int)
    assert node.stage in STAGES
    assert isinstance(node.term_out, str)
    assert node.exc_type is None or isinstance(node.exc_type, str)
    assert isinstance(node.status, str) and isinstance(node.verified, bool)
    assert node.metric is None or isinstance(node.metric, int | float)
    assert isinstance(node.run_elapsed_s, int | float)
    node.metric_value(True)
    assert node.debug_depth >= 0
    if node.outcome is not None:
        node.outcome_record()
    json.dumps(node.to_dict(), default=str)


def check_journal(damage: Damage, _env: object = None) -> None:
    with scratch() as tmp:
        path = Path(tmp) / "journal.jsonl"
        path.write_bytes(damage.data)
        try:
            journal = load_journal(path, damage.lower_is_better, repair=True)
        except ConfigError:
            assert path.read_bytes() == damage.data, "a refused journal was changed"
            assert damage.survivors is None, f"a {damage.kind} journal must resume"
            raise
        assert not damage.refused, f"a {damage.kind} journal was accepted"
        if damage.survivors is not None:
            expected = [n.id for n in damage.nodes[: damage.survivors]]
            assert [n.id for n in journal] == expected, "resumed with the wrong lines"
        for node in journal:
            _usable(node)
        journal.best_node()
        journal.best_so_far()
        assert path.read_bytes().endswith(b"\n") or path.stat().st_size == 0
        extra = Node(id="appended", step=len(journal), stage="draft")
        append_node(path, extra)
        again = load_journal(path, damage.lower_is_better)
        assert [n.id for n in again] == [*(n.id for n in journal), "appended"]


JOURNAL = Target(
    "journal_lines",
    "agent.journal.load_journal (Node.from_dict)",
    damaged_journals(),
    check_journal,
)
