"""Execution windows and their rewards: one test per reward term and per exclusion rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from trajectory_kit import Writer

from mleworld.harness.trajectory import load_trajectory
from mleworld.trajectories.windows import RewardConfig, score_windows, split_windows

CLEAN = {"exc_type": "None", "submission": True, "submission_valid": True, "timed_out": False}


def grades(**by_node: Any):
    return lambda node_id: by_node.get(node_id)


def g(q: float, medal: str | None = None) -> dict[str, Any]:
    return {"valid": True, "normalized_score": q, "medal": medal}


def scored(tmp_path: Path, build, grade_of, **config: Any):
    writer = Writer(tmp_path / "run")
    build(writer)
    windows = split_windows(load_trajectory(tmp_path / "run"))
    return score_windows(windows, grade_of, RewardConfig(**config))


def test_windows_are_the_decisions_between_two_results(tmp_path: Path) -> None:
    def build(w: Writer) -> None:
        w.call("inspect_data")
        w.call("write_solution")
        w.run("a", CLEAN)  # window 0: inspect, write, run
        w.call("write_solution")
        w.call("predict")
        w.run("b", CLEAN)  # window 1: write, predict, run
        w.call("history")  # no result follows: no window

    first, second = scored(tmp_path, build, grades(a=g(0.5), b=g(0.6)))
    assert first.messages == [2, 4, 6] and first.node_id == "a"
    assert second.messages == [8, 10, 12] and second.node_id == "b"


def test_an_execution_error_is_penalised(tmp_path: Path) -> None:
    crash = CLEAN | {"exc_type": "KeyError", "submission": False}
    timeout = CLEAN | {"exc_type": "TimeoutError", "timed_out": True}
    windows = scored(tmp_path, lambda w: (w.run("a", crash), w.run("b", timeout)), grades())
    assert [(x.kind, x.reward) for x in windows] == [("error", -1.0), ("error", -1.0)]
    (custom,) = scored(tmp_path / "c", lambda w: w.run("a", crash), grades(), error=-2.0)
    assert custom.reward == -2.0


def test_an_unscorable_submission_is_penalised(tmp_path: Path) -> None:
    none = CLEAN | {"submission": False}
    invalid = CLEAN | {"submission_valid": False}
    graded_invalid = CLEAN

    def build(w: Writer) -> None:
        w.run("a", none)
        w.run("b", invalid)
        w.run("c", graded_invalid)

    windows = scored(tmp_path, build, grades(b=g(0.9), c={"valid": False}))
    assert [(x.kind, x.reward) for x in windows] == [("unscorable", -0.5)] * 3


def test_a_valid_submission_is_rewarded_more_by_medal_tier(tmp_path: Path) -> None:
    def build(w: Writer) -> None:
        for node in "abcd":
            w.run(node, CLEAN)

    same = 0.5  # equal qualities: no trend term
    medals = grades(a=g(same), b=g(same, "bronze"), c=g(same, "silver"), d=g(same, "gold"))
    windows = scored(tmp_path, build, medals)
    assert [x.reward for x in windows] == [0.5, 0.75, 1.0, 1.5]
    assert windows[3].terms == {"valid": 0.5, "gold": 1.0, "trend": 0.0}


def test_the_trend_compares_with_the_previous_valid_submission(tmp_path: Path) -> None:
    crash = CLEAN | {"exc_type": "ValueError"}

    def build(w: Writer) -> None:
        w.run("a", CLEAN)  # first valid: no trend
        w.run("b", crash)  # errors do not move the reference
        w.run("c", CLEAN)  # +0.3 against a
        w.run("d", CLEAN)  # -0.5 against c

    windows = scored(tmp_path, build, grades(a=g(0.4), c=g(0.7), d=g(0.2)), trend=2.0)
    assert "trend" not in windows[0].terms
    assert windows[2].terms["trend"] == pytest.approx(0.6)
    assert windows[3].terms["trend"] == pytest.approx(-1.0)  # -1.0 after the x2 weight and clip


def test_windows_without_trusted_feedback_are_excluded(tmp_path: Path) -> None:
    def build(w: Writer) -> None:
        w.call("write_solution")
        w.run("a", None, ok=False)  # refused: no result, the decisions roll into the next window
        w.run("a", CLEAN)
        w.call("write_solution")  # trailing decisions with no result yet

    (window,) = scored(tmp_path, build, grades(a=g(0.5)))
    assert window.messages == [2, 4, 6]  # write, refused run, run
    assert window.kind == "valid"
