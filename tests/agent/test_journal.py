"""The node record, the metric value, and journal.jsonl (append, partial lines, corruption)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from mleworld.agent.journal import Journal, append_node, load_journal, read_nodes
from mleworld.agent.node import MetricValue, Node, clean_metric
from mleworld.errors import ConfigError
from mleworld.execution.outcome import Outcome


def _node(step: int, parent: str | None = None, stage: str = "draft", **kw: object) -> Node:
    return Node(id=f"n{step}", step=step, stage=stage, parent_id=parent, **kw)  # type: ignore[arg-type]


def _good(step: int, metric: float, parent: str | None = None, stage: str = "draft") -> Node:
    outcome = Outcome(exc_type="None", term_out="ok", metric=metric, submission=True)
    return _node(
        step, parent, stage, metric=metric, is_buggy=False, executed=True, outcome=outcome.to_dict()
    )


def test_metric_value_compares_by_quality_in_both_directions() -> None:
    assert MetricValue(0.9, lower_is_better=False) > MetricValue(0.8, lower_is_better=False)
    assert MetricValue(0.1, lower_is_better=True) > MetricValue(0.2, lower_is_better=True)
    worst = MetricValue.worst(lower_is_better=True)
    assert MetricValue(1e9, lower_is_better=True) > worst
    assert not worst > MetricValue(1e9, lower_is_better=True)
    assert max([MetricValue(3.0, True), worst, MetricValue(1.0, True)]).value == 1.0
    assert MetricValue(float("nan"), False).is_worst
    with pytest.raises(ValueError):
        _ = MetricValue(1.0, True) > MetricValue(1.0, False)


def test_clean_metric_rejects_non_numbers() -> None:
    assert clean_metric("0.5") == 0.5
    assert clean_metric(None) is None
    assert clean_metric(True) is None
    assert clean_metric(math.inf) is None
    assert clean_metric("abc") is None


def test_best_node_follows_the_task_direction_and_ignores_unverified() -> None:
    nodes = [_good(0, 0.5), _good(1, 0.2), _node(2, metric=0.01, is_buggy=True, executed=True)]
    # A trusted prediction (not executed) is never "verified", even with a great metric.
    nodes.append(_node(3, metric=0.001, is_buggy=False, executed=False, gate="trusted"))
    assert Journal(lower_is_better=True, nodes=nodes).best_node().id == "n1"
    nodes = [_good(0, 0.5), _good(1, 0.2), _node(2, metric=0.99, is_buggy=True, executed=True)]
    assert Journal(lower_is_better=False, nodes=nodes).best_node().id == "n0"
    assert Journal(lower_is_better=False, nodes=[_node(0)]).best_node() is None


def test_tree_links_and_derived_properties() -> None:
    journal = Journal(
        lower_is_better=False,
        nodes=[
            _node(0, is_buggy=True, executed=True, code="x"),
            _node(1, "n0", "debug", is_buggy=True, executed=True),
            _node(2, "n1", "debug", is_buggy=True, executed=True),
            _good(3, 0.7, "n2", "debug"),
            _good(4, 0.8, "n3", "improve"),
        ],
    )
    n = {node.id: node for node in journal}
    assert [c.id for c in n["n0"].children] == ["n1"]
    assert [n[i].debug_depth for i in ("n0", "n1", "n2", "n3", "n4")] == [0, 1, 2, 3, 0]
    assert [n[i].stage_name for i in ("n0", "n1", "n3", "n4")] == [
        "draft",
        "debug",
        "debug",
        "improve",
    ]
    assert n["n4"].is_leaf and not n["n0"].is_leaf
    assert journal.best_so_far() == [None, None, None, 0.7, 0.8]
    assert journal.draft_nodes == [n["n0"]]


def test_journal_rejects_wrong_steps_duplicates_and_unknown_parents() -> None:
    journal = Journal(False, [_node(0)])
    with pytest.raises(ValueError, match="step"):
        journal.append(_node(5))
    with pytest.raises(ValueError, match="unknown parent"):
        journal.append(_node(1, parent="nope", stage="improve"))
    with pytest.raises(ValueError, match="already"):
        journal.append(Node(id="n0", step=1, stage="draft"))


def test_node_json_round_trip_keeps_every_field(tmp_path: Path) -> None:
    node = _good(0, 0.25)
    node.candidates = [{"prediction": {"exc_type": "None", "p_max": 0.9}}]
    node.prediction = {"exc_type": "None", "metric": 0.3}
    node.gate = "run"
    path = tmp_path / "journal.jsonl"
    append_node(path, node)
    (back,), size = read_nodes(path)
    assert size == path.stat().st_size
    assert back.to_dict() == node.to_dict()
    assert back.outcome_record() == Outcome.from_dict(node.outcome)


def test_a_partial_last_line_is_ignored_and_repaired(tmp_path: Path) -> None:
    path = tmp_path / "journal.jsonl"
    append_node(path, _good(0, 0.5))
    append_node(path, _good(1, 0.6))
    full = path.read_bytes()
    with open(path, "ab") as handle:  # a process killed while writing node 2
        handle.write(json.dumps(_good(2, 0.7).to_dict()).encode()[:40])
    journal = load_journal(path, lower_is_better=False)
    assert [n.id for n in journal] == ["n0", "n1"]
    assert path.read_bytes() != full  # load alone does not touch the file
    load_journal(path, lower_is_better=False, repair=True)
    assert path.read_bytes() == full
    append_node(path, _good(2, 0.7))
    assert [n.id for n in load_journal(path, False)] == ["n0", "n1", "n2"]


def test_a_corrupt_middle_line_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "journal.jsonl"
    append_node(path, _good(0, 0.5))
    with open(path, "a", encoding="utf-8") as handle:
        handle.write("{not json\n")
    append_node(path, _good(1, 0.6))
    with pytest.raises(ConfigError, match="line 2 is corrupt"):
        load_journal(path, False)


def test_a_missing_journal_is_empty(tmp_path: Path) -> None:
    assert len(load_journal(tmp_path / "journal.jsonl", False)) == 0
