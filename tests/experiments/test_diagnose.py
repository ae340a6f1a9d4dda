"""`mleworld diagnose` on a recorded run of the 40-row threshold task: states sampled per
(task, stage), every candidate and every rule's program executed and graded for real.

The code model is scripted (pure-Python programs, some crashing), the world model the
corpus majority baseline; what is checked is the machinery (sampling, shared pool,
grading, the table and its paired differences), not which rule wins.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mleworld.agent import loop
from mleworld.agent.config import build_config
from mleworld.errors import ConfigError
from mleworld.experiments.diagnose import ROWS, hierarchical_se
from mleworld.experiments.diagnose_states import sample_states
from threshold_task import answer, make_task, program


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 7-step run (5 drafts, then debug or improve) whose scripted answers vary."""
    root = tmp_path_factory.mktemp("diag")
    task = make_task(root / "toy")
    answers = []
    for i in range(60):
        if i % 3 == 2:
            answers.append(answer("crash", program(0, None, before='raise KeyError("x")')))
        else:
            answers.append(answer(f"t{i}", program(5 + i % 25, round(0.5 + 0.01 * (i % 25), 3))))
    responses = root / "answers.json"
    responses.write_text(json.dumps(answers))
    config = build_config(
        {
            "task": str(task.path),
            "agent": {"steps": 7},
            "codegen": {"model": f"scripted:{responses}"},
        }
    )
    loop.start(config, root / "run")
    return root / "run"


def test_states_are_sampled_per_task_and_stage(recorded: Path, tmp_path: Path) -> None:
    states = sample_states([recorded.parent], per_task_stage=2, seed=3)
    stages = [s.stage for s in states]
    assert stages.count("draft") == 2 and set(stages) <= {"draft", "debug", "improve"}
    assert states == sample_states([recorded], per_task_stage=2, seed=3)  # seeded
    with pytest.raises(ConfigError, match="holds no mleworld run"):
        sample_states([tmp_path], per_task_stage=1)


def test_every_rule_decides_over_the_same_graded_pool(recorded: Path, tmp_path: Path) -> None:
    out = tmp_path / "diag"
    args = [sys.executable, "-m", "mleworld.cli", "diagnose", "--runs", str(recorded)]
    args += ["--states-per-task-stage", "1", "--world-model", "baseline:majority"]
    args += ["--out", str(out)]
    done = subprocess.run(args, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    result = json.loads((out / "diagnose.json").read_text())
    states = result["states"]
    assert states >= 2  # drafts and at least one of debug/improve in 7 steps
    rows = {(r["panel"], r["rule"]): r for r in result["rows"]}
    assert list(rows) == list(ROWS) and all(r["states"] == states for r in rows.values())
    for path in (out / "states").glob("*.json"):
        record = json.loads(path.read_text())
        pool = record["pool"]
        assert len(pool) == 4 and all(p["prediction"] for p in pool)
        res = record["results"]
        # uniform is the expected grade of a random pick from the executed pool
        mean = sum(p["grade"]["percentile"] for p in pool) / 4
        assert res["selection/uniform"]["percentile"] == pytest.approx(mean)
        # real validation and ranking pick pool members; fusion writes a new program
        for key in ("pairwise/code only", "pairwise/real output"):
            assert res[key]["new_program"] is False
        assert any(res[f"fusion/{c}"]["new_program"] for c in ("code only", "predicted output"))
        assert all(0.0 <= r["percentile"] <= 100.0 for r in res.values())
    text = (out / "diagnose.md").read_text()
    assert all(rule in text for _, rule in ROWS)
    # the paired Δ of a row is its mean minus the row above's (same states, same weights)
    above, below = rows[("selection", "uniform")], rows[("selection", "screen")]
    assert below["delta_vs_above"] == pytest.approx(
        below["mean_percentile"] - above["mean_percentile"]
    )
    # a second run finds every state done and rewrites the same table
    again = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert again.returncode == 0 and "done," not in again.stderr
    assert json.loads((out / "diagnose.json").read_text())["rows"] == result["rows"]


def test_hierarchical_se_is_zero_for_equal_values_and_positive_otherwise() -> None:
    assert hierarchical_se({"a": {"s1": 5.0, "s2": 5.0}, "b": {"s3": 5.0}}) == pytest.approx(0.0)
    assert hierarchical_se({"a": {"s1": 0.0, "s2": 10.0}, "b": {"s3": 50.0}}) > 0
