"""The grid: which arms a flag set makes, the order trials run in, and bad input through
the installed CLI (one `error:` line, exit 2)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mleworld.experiments.grid import Arm, GridSpec, build_arms, parse_seeds

MLEWORLD = [sys.executable, "-m", "mleworld.cli"]


def test_policies_cross_gates_and_sweeps_where_they_apply() -> None:
    arms = build_arms(
        ["none", "bon", "ucb", "bon-real"],
        ["confidence", "always", "random"],
        betas=[0.25, 1.0],
        gammas_success=[0.5, 0.9],
        random_policies=["bon"],
    )
    names = [a.name for a in arms]
    # none and bon-real read no prediction: one ungated arm each
    assert names.count("none_always") == 1 and names.count("bon-real_always") == 1
    assert "none_confidence" not in names
    assert [n for n in names if n.startswith("bon_")] == [
        "bon_confidence_gs0.5",
        "bon_confidence_gs0.9",
        "bon_always",
        "bon_random",
    ]
    # the beta sweep is ucb's alone; the random gate only runs with bon
    assert "ucb_always_beta0.25" in names and "ucb_confidence_beta1_gs0.9" in names
    assert not any(n.startswith("ucb_random") for n in names)
    assert len(names) == len(set(names))
    assert arms[0] == Arm("none", "always", 1)


def test_trials_round_robin_over_arms_within_each_task_and_seed() -> None:
    arms = (Arm("none", "always", 1), Arm("bon", "always", 4), Arm("bon", "confidence", 4))
    spec = GridSpec(tasks=("a", "b"), arms=arms, seeds=(0, 1), steps=2, first=("bon",))
    keys = [t.key for t in spec.trials()]
    # bon's arms (--first) fill their whole grid first, interleaved task by task
    assert keys[:4] == [
        "bon_always/a/seed0",
        "bon_confidence/a/seed0",
        "bon_always/b/seed0",
        "bon_confidence/b/seed0",
    ]
    assert keys[4:8] == [
        "bon_always/a/seed1",
        "bon_confidence/a/seed1",
        "bon_always/b/seed1",
        "bon_confidence/b/seed1",
    ]
    assert keys[8:] == [
        "none_always/a/seed0",
        "none_always/b/seed0",
        "none_always/a/seed1",
        "none_always/b/seed1",
    ]
    assert GridSpec.from_dict(spec.to_dict()) == spec


def test_a_trial_config_carries_the_arm_and_the_shared_budget() -> None:
    arm = Arm("ucb", "confidence", 4, beta=1.0, gamma_failure=0.83)
    spec = GridSpec(tasks=("penguins",), arms=(arm,), seeds=(5,), steps=3, defect_rate=0.25)
    config = spec.run_config(spec.trials()[0])
    assert config["seed"] == 5 and config["agent"]["steps"] == 3
    assert config["search"] == {
        "policy": "ucb",
        "gate": "confidence",
        "num_candidates": 4,
        "beta": 1.0,
        "gamma_failure": 0.83,
    }
    assert config["codegen"]["defect_rate"] == 0.25


def test_seeds_are_a_count_or_a_list() -> None:
    assert parse_seeds("3") == [0, 1, 2]
    assert parse_seeds("34,35,36") == [34, 35, 36]


def _cli(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    if "--policies" not in args and "--resume" not in args:
        args = [*args, "--policies", "none"]  # the one policy every install has
    return subprocess.run(
        [*MLEWORLD, "experiment", "--out", str(tmp_path / "exp"), "-q", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--tasks", "penguins", "--policies", "bogus", "--steps", "2"], "unknown policy bogus"),
        (["--tasks", "no-such-task", "--steps", "2"], "unknown task 'no-such-task'"),
        (["--tasks", "penguins", "--gate", "sometimes", "--steps", "2"], "unknown gate"),
        (["--tasks", "penguins", "--time-budget", "soon"], "duration 'soon'"),
        (["--tasks", "penguins", "--steps", "0"], "--steps 0 must be at least 1"),
        (["--tasks", "penguins"], "give a budget per trial"),
        (["--tasks", "penguins", "--steps", "2", "--seeds", "two"], "--seeds 'two'"),
        (["--tasks", "penguins", "--steps", "2", "--defect-rate", "2"], "--defect-rate 2"),
        (["--tasks", "penguins", "--steps", "2", "--workers", "0"], "--workers 0"),
        (["--tasks", "penguins", "--steps", "2", "--beta", "x"], "--beta value 'x'"),
        (["--resume"], "has no experiment.json"),
        (
            ["--tasks", "penguins", "--steps", "2", "--code-model", "scripted:/no/such.json"],
            "scripted responses file /no/such.json does not exist",
        ),
    ],
)
def test_bad_input_is_one_error_line(args: list[str], needle: str, tmp_path: Path) -> None:
    result = _cli(args, tmp_path)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0], lines
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "exp").exists()  # nothing written before the input is checked
