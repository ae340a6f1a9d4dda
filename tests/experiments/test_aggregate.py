"""The experiment's numbers on hand-made trial summaries: tasks weighted equally within a
seed, invalid submissions as 0, SE across seed means, paired comparisons, the over-time line."""

from __future__ import annotations

import math
from typing import Any

import pytest

from mleworld.experiments import aggregate
from mleworld.experiments.grid import Arm

NONE = Arm("none", "always", 1)
BON = Arm("bon", "always", 4)
BON_GATED = Arm("bon", "confidence", 4)


def trial(arm: Arm, task: str, seed: int, pct: float | None, **extra: Any) -> dict[str, Any]:
    exec_s = extra.pop("exec_s", 10.0)
    return {
        "arm": arm.name,
        "task": task,
        "seed": seed,
        "valid": pct is not None,
        "percentile": pct,
        "score_percentile": 0.0 if pct is None else pct,
        "normalized_score": None if pct is None else pct / 100,
        "medal": extra.pop("medal", None),
        "real_runs": extra.pop("real_runs", 2),
        "clean_runs": extra.pop("clean_runs", 1),
        "real_exec_s": exec_s,
        "real_exec_s_by_outcome": {"clean": exec_s, "buggy": 0.0, "timeout": 0.0},
        "trusted": 0,
        "predictions": 0,
        "generations": 2,
        "steps": 2,
        "wall_s": 12.0,
        "timeline": extra.pop("timeline", []),
    }


def test_tasks_weigh_equally_within_a_seed_and_invalid_counts_zero() -> None:
    trials = [
        trial(NONE, "a", 0, 90.0),
        trial(NONE, "b", 0, None),  # invalid: 0, not left out
        trial(NONE, "a", 1, 60.0),
        trial(NONE, "b", 1, 40.0),
    ]
    row = aggregate.arm_row(NONE, trials, planned=4)
    # seed means 45 and 50 -> mean 47.5; SE = sd(45, 50) / sqrt(2) = 2.5
    assert row["mean_percentile"] == pytest.approx(47.5)
    assert row["se"] == pytest.approx(2.5)
    assert row["valid_rate"] == pytest.approx(0.75)
    assert row["mean_normalized_score"] == pytest.approx(0.475)
    assert row["trials"] == 4 and row["planned"] == 4 and row["tasks"] == 2 and row["seeds"] == 2
    assert row["clean_share"] == pytest.approx(4 / 8)


def test_one_seed_gives_a_mean_without_se() -> None:
    trials = [trial(NONE, t, 0, p) for t, p in (("a", 100.0), ("b", 0.0), ("c", 50.0))]
    row = aggregate.arm_row(NONE, trials, planned=3)
    assert row["mean_percentile"] == pytest.approx(50.0)
    assert row["se"] is None  # one seed: no spread across seed means


def test_costs_are_means_per_trial() -> None:
    trials = [trial(BON, "a", 0, 50.0, exec_s=30.0, real_runs=4), trial(BON, "b", 0, 50.0)]
    row = aggregate.arm_row(BON, trials, planned=2)
    assert row["real_exec_s_per_trial"] == pytest.approx(20.0)
    assert row["real_runs_per_trial"] == pytest.approx(3.0)
    assert row["real_exec_s_by_outcome_per_trial"]["clean"] == pytest.approx(20.0)


def test_an_empty_arm_has_no_numbers() -> None:
    row = aggregate.arm_row(BON, [], planned=6)
    assert row["trials"] == 0 and row["mean_percentile"] is None and row["se"] is None


def test_comparisons_pair_by_task_and_seed() -> None:
    trials = []
    for seed, (base, better) in enumerate(((40.0, 50.0), (60.0, 66.0), (20.0, 34.0))):
        trials += [trial(NONE, "a", seed, base), trial(BON, "a", seed, better)]
        trials += [trial(NONE, "b", seed, base), trial(BON, "b", seed, better)]
    # a gated twin that runs half as much, on seed 0 only
    trials += [
        trial(BON_GATED, "a", 0, 50.0, exec_s=5.0),
        trial(BON_GATED, "b", 0, 48.0, exec_s=5.0),
    ]
    comp = aggregate.comparisons([NONE, BON, BON_GATED], trials)
    vs = comp["vs_none"]["bon_always"]
    diffs = [10.0, 6.0, 14.0]
    assert vs["pairs"] == 6
    assert vs["delta"] == pytest.approx(10.0)
    assert vs["se_seeds"] == pytest.approx(
        math.sqrt(sum((d - 10) ** 2 for d in diffs) / 2) / 3**0.5
    )
    # every task gains the same per seed: resampling tasks changes nothing
    assert vs["se_task_bootstrap"] == pytest.approx(0.0, abs=1e-9)
    gate = comp["gate"]["bon_confidence"]
    assert gate["ungated"] == "bon_always" and gate["pairs"] == 2
    assert gate["exec_saving"] == pytest.approx(0.5)
    assert gate["delta"] == pytest.approx(-1.0)


def test_over_time_carries_forward_and_pads_short_trials() -> None:
    line = lambda *ps: [{"percentile": p} for p in ps]  # noqa: E731
    trials = [
        trial(NONE, "a", 0, 80.0, timeline=line(0.0, 80.0)),
        trial(NONE, "b", 0, 40.0, timeline=line(40.0, 40.0, 40.0)),
    ]
    assert aggregate.over_time(trials, 3) == [20.0, 60.0, 60.0]


def test_by_task_averages_seeds_within_each_task() -> None:
    trials = [trial(NONE, "a", 0, 80.0), trial(NONE, "a", 1, None), trial(BON, "b", 0, 30.0)]
    assert aggregate.by_task(trials) == {"none_always": {"a": 40.0}, "bon_always": {"b": 30.0}}


def test_a_seed_missing_tasks_is_left_out_of_seed_means_and_their_se() -> None:
    from mleworld.experiments.aggregate import compare, seed_means

    def trial(task: str, seed: int, pct: float) -> dict:
        return {"task": task, "seed": seed, "score_percentile": pct}

    full = [trial(t, 0, p) for t, p in (("a", 10.0), ("b", 30.0), ("c", 50.0))]
    partial = [trial("a", 1, 90.0)]  # seed 1 has only task a so far
    assert seed_means(full + partial, "score_percentile") == {0: 30.0}
    base = [trial(t["task"], t["seed"], 0.0) for t in full + partial]
    result = compare(full + partial, base)
    assert result["pairs"] == 4 and result["seeds"] == 1
    assert result["delta"] == 30.0 and result["se_seeds"] is None
    done = partial + [trial("b", 1, 70.0), trial("c", 1, 80.0)]
    assert seed_means(full + done, "score_percentile") == {0: 30.0, 1: 80.0}
