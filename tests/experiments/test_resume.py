"""A grid killed mid-way and resumed gives the rows an uninterrupted grid gives; the Ray
executor runs the same trials.

Trials here are real agent runs on two 40-row threshold tasks with a scripted code
model whose programs are pure Python (a fraction of a second each), run by the
installed CLI in a subprocess that is SIGKILLed for real.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mleworld.experiments.grid import Arm, GridSpec
from mleworld.experiments.runner import run_experiment
from ray_local import local_ray
from threshold_task import answer, make_task, program

MLEWORLD = [sys.executable, "-m", "mleworld.cli"]
# Seconds-dependent fields differ between any two runs; the rest must match exactly.
TIMING = {"real_exec_s_per_trial", "real_exec_s_by_outcome_per_trial", "wall_s_per_trial"}


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Two task directories and a responses file: the best program first, so a trial that
    restarts its scripted answers after a resume still ends on the same best node."""
    root = tmp_path_factory.mktemp("toy")
    tasks = [make_task(root / name) for name in ("toy-a", "toy-b")]
    answers = [answer("Threshold at 20.", program(20, 1.0))]
    answers += [answer("Threshold at 10.", program(10, 0.75))] * 8
    responses = root / "responses.json"
    responses.write_text(json.dumps(answers))
    return {"tasks": ",".join(str(t.path) for t in tasks), "model": f"scripted:{responses}"}


def _args(toy: dict[str, str], out: Path) -> list[str]:
    return [
        "experiment",
        "--out",
        str(out),
        "--tasks",
        toy["tasks"],
        "--policies",
        "none",
        "--gate",
        "off",
        "--seeds",
        "1",
        "--steps",
        "3",
        "--code-model",
        toy["model"],
        "--workers",
        "1",
        "-q",
    ]


def _rows(out: Path) -> list[dict]:
    rows = json.loads((out / "results.json").read_text())["rows"]
    return [{k: v for k, v in row.items() if k not in TIMING} for row in rows]


def _journal_lines(run_dir: Path) -> int:
    path = run_dir / "journal.jsonl"
    return len(path.read_text().splitlines()) if path.is_file() else 0


def test_a_killed_grid_resumes_to_the_same_rows(toy: dict[str, str], tmp_path: Path) -> None:
    whole = tmp_path / "whole"
    done = subprocess.run([*MLEWORLD, *_args(toy, whole)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "2/2 trials done" in done.stdout

    killed = tmp_path / "killed"
    trials = killed / "trials" / "none_always"
    first, second = trials / "toy-a" / "seed0", trials / "toy-b" / "seed0"
    proc = subprocess.Popen([*MLEWORLD, *_args(toy, killed)], stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while not ((first / "trial.json").is_file() and _journal_lines(second) >= 1):
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        assert time.monotonic() < deadline, "the grid never got half way"
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    kept = (first / "trial.json").read_text()
    lines_at_kill = _journal_lines(second)
    assert not (second / "trial.json").is_file() and lines_at_kill < 3
    before = json.loads((killed / "results.json").read_text())
    assert before["trials_done"] == 1  # the partial table was written after the first trial

    resumed = subprocess.run(
        [*MLEWORLD, "experiment", "--out", str(killed), "--resume", "--workers", "1", "-q"],
        capture_output=True,
        text=True,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert (first / "trial.json").read_text() == kept  # a finished trial is not run again
    assert _journal_lines(second) == 3  # continued from its journal, not re-run or doubled
    assert _rows(killed) == _rows(whole)
    assert _rows(whole)[0]["trials"] == 2 and _rows(whole)[0]["valid_rate"] == 1.0


def test_the_ray_executor_runs_a_tiny_grid(toy: dict[str, str], tmp_path: Path) -> None:
    spec = GridSpec(
        tasks=tuple(toy["tasks"].split(",")),
        arms=(Arm("none", "always", 1),),
        seeds=(0,),
        steps=2,
        extra_config={"codegen": {"model": toy["model"]}},
    )
    with local_ray():
        results = run_experiment(tmp_path / "ray", spec, workers=2, executor="ray", plots=False)
    (row,) = results["rows"]
    assert results["trials_done"] == 2 and row["trials"] == 2
    assert row["valid_rate"] == 1.0 and row["real_runs_per_trial"] == 2.0
    summary = json.loads((tmp_path / "ray/trials/none_always/toy-a/seed0/trial.json").read_text())
    assert summary["steps"] == 2 and summary["timeline"][-1]["percentile"] == summary["percentile"]
