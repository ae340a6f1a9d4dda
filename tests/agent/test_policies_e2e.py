"""Every step policy through the real loop: builtin writer, a fast world model, real sandbox.

The world model is the fast model trained on the 220 real agent records the
world-model tests use (tests/world/fast/fixtures), loaded fresh for each run
(it learns from the run's real outcomes). Each run is two steps on the small
`penguins` suite task, a draft and an improvement, with two candidates a step
and the gate `always`, so every chosen program runs and the journal shows what
each policy chose and why. A third step would be a second improvement: the same
path again, a real program run or more (bon-real: two; fusion: a fused program
that fits both models) for each policy.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fastkit import dev_model
from mleworld.agent import loop
from mleworld.agent.config import build_config
from mleworld.agent.journal import load_journal

TASK = "penguins"
STEPS = 2
N = 2


@pytest.fixture(scope="module")
def fast_model_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # Calibrating on the foreign program set costs a training several times over; a model
    # for picking between candidates here does without it.
    return dev_model(tmp_path_factory, calibrated=False)


def run_policy(policy: str, run_dir: Path, model_dir: Path) -> tuple[dict[str, Any], Any]:
    from mleworld.world.fast.model import FastWorldModel

    config = build_config(
        {
            "task": TASK,
            "seed": 5,
            "search": {"policy": policy, "num_candidates": N, "num_drafts": 1, "gate": "always"},
            "agent": {"steps": STEPS},
        }
    )
    summary = loop.start(config, run_dir, world_model=FastWorldModel.load(model_dir))
    return summary, load_journal(run_dir / "journal.jsonl", lower_is_better=True)


@pytest.mark.parametrize("policy", ["bon", "ucb", "sequential", "pairwise", "fusion", "bon-real"])
def test_each_policy_runs_end_to_end(policy: str, tmp_path: Path, fast_model_dir: Path) -> None:
    summary, journal = run_policy(policy, tmp_path / "run", fast_model_dir)
    assert len(journal) == STEPS and summary["steps"] == STEPS
    assert [n.stage for n in journal][0] == "draft"
    for node in journal:
        assert node.policy == policy
        # fusion records its synthesised program (or the failed attempt) after the pool
        assert len(node.candidates) == N + (1 if policy == "fusion" else 0)
        chosen = node.candidates[node.chosen_index]
        assert chosen["meta"]["reason"], chosen["meta"]
        assert "code" not in chosen and node.code  # the node holds the chosen program
        with_program = [c for c in node.candidates if c["error"] is None]
        assert all(c["prediction"] is not None for c in with_program)
        assert node.prediction == chosen["prediction"]
        assert node.executed and node.outcome is not None
        if policy == "bon-real":
            # every candidate ran once, under its own id; the chosen one was not run again
            assert all(c["outcome"] is not None for c in with_program)
            assert node.real_runs == len(with_program)
            assert node.outcome == chosen["outcome"]
            assert node.exec_id == chosen["meta"]["exec_id"]
        else:
            assert node.real_runs == 1
            assert all(c["outcome"] is None for c in node.candidates)
        if policy == "ucb" and chosen["meta"]["reason"].startswith("best ucb"):
            assert {"v", "bonus", "score"} <= set(chosen["meta"]["ucb"])
        if policy == "sequential":
            assert node.candidates[1]["meta"]["revise_stage"] in ("improve", "debug")
        if policy == "pairwise":
            assert len(chosen["meta"]["pairwise"]) == N - 1
        if policy == "fusion" and node.chosen_index == N:
            assert chosen["meta"]["change"] == "fuse" and chosen["meta"]["fusion_of"] == [0, 1]
        elif policy == "fusion":
            assert "no fusion" in chosen["meta"]["reason"] and node.candidates[N]["error"]
    stored = json.loads((tmp_path / "run" / "run.json").read_text())
    assert stored["steps"] == STEPS
    grade = json.loads((tmp_path / "run" / "grade.json").read_text())
    assert grade["valid"], grade
