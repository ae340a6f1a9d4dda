"""AIDE's search policy over a journal, and the policy/gate registry."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from mleworld.agent.config import SearchConfig
from mleworld.agent.journal import Journal
from mleworld.agent.node import Node
from mleworld.agent.search import AlwaysRun, SingleCandidate, choose_action, get_gate, get_policy
from mleworld.errors import ConfigError


def _buggy(step: int, parent: str | None = None, stage: str = "draft", code: str = "x") -> Node:
    return Node(id=f"n{step}", step=step, stage=stage, parent_id=parent, code=code, executed=True)


def _good(step: int, metric: float, parent: str | None = None, stage: str = "draft") -> Node:
    return Node(
        id=f"n{step}",
        step=step,
        stage=stage,
        parent_id=parent,
        code="x",
        metric=metric,
        is_buggy=False,
        executed=True,
    )


def test_drafts_until_num_drafts_roots() -> None:
    cfg = SearchConfig(num_drafts=3, debug_prob=1.0)
    journal = Journal(False, [_buggy(0), _buggy(1)])
    action = choose_action(journal, cfg, random.Random(0))
    assert action.stage == "draft" and action.parent is None


def test_debugs_a_buggy_leaf_when_the_coin_says_debug() -> None:
    cfg = SearchConfig(num_drafts=2, debug_prob=1.0)
    journal = Journal(False, [_buggy(0), _good(1, 0.5)])
    action = choose_action(journal, cfg, random.Random(0))
    assert action.stage == "debug" and action.parent.id == "n0"


def test_improves_the_best_verified_node_when_not_debugging() -> None:
    cfg = SearchConfig(num_drafts=3, debug_prob=0.0)
    journal = Journal(True, [_good(0, 0.5), _good(1, 0.2), _buggy(2)])
    action = choose_action(journal, cfg, random.Random(0))
    assert action.stage == "improve" and action.parent.id == "n1"  # lower is better


def test_drafts_again_when_nothing_is_verified_and_no_debug() -> None:
    cfg = SearchConfig(num_drafts=1, debug_prob=0.0)
    action = choose_action(Journal(False, [_buggy(0)]), cfg, random.Random(0))
    assert action == type(action)("draft", None)


def test_debug_depth_is_capped_and_only_leaves_with_code_are_debugged() -> None:
    cfg = SearchConfig(num_drafts=2, debug_prob=1.0, max_debug_depth=2)
    nodes = [
        _buggy(0),
        _buggy(1, "n0", "debug"),
        _buggy(2, "n1", "debug"),  # depth 2: no further debugging
        _buggy(3, code=""),  # the code model gave no program: nothing to debug
    ]
    action = choose_action(Journal(False, nodes), cfg, random.Random(0))
    assert action.stage == "draft"  # nothing debuggable and nothing verified
    nodes.append(_buggy(4, "n1", "debug"))
    action = choose_action(Journal(False, nodes), cfg, random.Random(0))
    assert action.stage == "draft"  # n4 is also at depth 2


def test_debug_share_follows_debug_prob() -> None:
    cfg = SearchConfig(num_drafts=1, debug_prob=0.3)
    journal = Journal(False, [_good(0, 0.5), _buggy(1)])
    stages = Counter(choose_action(journal, cfg, random.Random(i)).stage for i in range(2000))
    assert 0.25 < stages["debug"] / 2000 < 0.35
    assert set(stages) == {"debug", "improve"}


def test_same_rng_seed_same_choice() -> None:
    cfg = SearchConfig(num_drafts=1, debug_prob=0.5)
    journal = Journal(False, [_good(0, 0.5), _buggy(1), _buggy(2), _buggy(3)])
    picks = {choose_action(journal, cfg, random.Random(42)) for _ in range(5)}
    assert len(picks) == 1


def test_registry_builds_known_and_rejects_unknown_names() -> None:
    assert isinstance(get_policy("none"), SingleCandidate)
    assert isinstance(get_gate("always"), AlwaysRun)
    with pytest.raises(
        ConfigError,
        match="unknown policy 'best'; choose one of: bon, bon-real, fusion, none, pairwise, "
        "sequential, ucb",
    ):
        get_policy("best")
    with pytest.raises(ConfigError, match="unknown gate"):
        get_gate("nope")
