"""Journal files, fuzzed: cut, torn, overwritten, of the wrong shape, type or schema version.

tests/fuzzing/journal.py says what a correct result is; the examples below are
crashes the fuzzer found, kept as regular tests.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given

from fuzzing.harness import assert_no_crash, bounded
from fuzzing.journal import JOURNAL, Damage, damaged_journals
from mleworld.agent.journal import append_node, load_journal
from mleworld.agent.node import Node
from mleworld.errors import ConfigError


@bounded(120)
@given(damaged_journals())
def test_a_damaged_journal_resumes_with_its_good_lines_or_is_refused_untouched(
    damage: Damage,
) -> None:
    assert_no_crash(JOURNAL, damage, None)


def _journal(tmp_path: Path, last: object) -> Path:
    path = tmp_path / "journal.jsonl"
    append_node(path, Node(id="a", step=0, stage="draft"))
    with path.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(last) + "\n")
    return path


@pytest.mark.parametrize(
    ("last", "message"),
    [
        ([1, 2], "not list"),  # was AttributeError: 'list' object has no attribute 'items'
        ({"id": ["b"], "step": 1, "stage": "draft"}, "node.id is"),  # was TypeError (unhashable)
        ({"id": "b", "step": "1", "stage": "draft"}, "node.step is '1'"),
        ({"id": "b", "step": 1, "stage": "draft", "parent_id": {"x": 1}}, "node.parent_id"),
        ({"id": "b", "step": 1, "stage": "draft", "outcome": {"a": 1}}, "outcome lacks"),
        ({"id": "b", "step": 1, "stage": "draft", "candidates": [1]}, "node.candidates"),
    ],
)
def test_a_complete_line_that_is_no_node_is_refused_and_the_file_kept(
    tmp_path: Path, last: object, message: str
) -> None:
    # The last line used to be dropped as an unfinished write, and repair cut it off.
    path = _journal(tmp_path, last)
    before = path.read_bytes()
    with pytest.raises(ConfigError, match=f"line 2 is corrupt .*{message}"):
        load_journal(path, lower_is_better=False, repair=True)
    assert path.read_bytes() == before


def test_a_node_of_another_schema_version_is_refused_with_the_fix(tmp_path: Path) -> None:
    # It used to load as if written by this version.
    node = Node(id="b", step=1, stage="draft", parent_id="a").to_dict()
    path = _journal(tmp_path, {**node, "schema_version": 2})
    with pytest.raises(ConfigError, match="line 2: the node was written by schema version 2"):
        load_journal(path, lower_is_better=False, repair=True)


def test_a_torn_last_write_is_still_dropped_and_cut(tmp_path: Path) -> None:
    path = _journal(tmp_path, Node(id="b", step=1, stage="draft").to_dict())
    good = path.stat().st_size
    with path.open("ab") as handle:
        handle.write(b'{"id": "c", "step": 2, "sta')
    journal = load_journal(path, lower_is_better=False, repair=True)
    assert [n.id for n in journal] == ["a", "b"]
    assert path.stat().st_size == good
