"""`mleworld demo`, `mleworld run` and `--resume` end to end: builtin model, real
sandbox, real grading.

The kill test starts `mleworld run` in a subprocess, SIGKILLs it while a step is
in flight, resumes it, and compares its journal node by node with an
uninterrupted run of the same task, config and seed (one draft, so the steps
after the kill debug or improve).
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

from mleworld.agent.journal import load_journal
from mleworld.cli import main
from mleworld.cli.run_cmd import DEMO_TASK

TASK = DEMO_TASK  # a small bundled suite task whose builtin programs run in seconds
STEPS = 3
SEED = 3
RUN_FILES = {
    "journal.jsonl",
    "config.yaml",
    "best_solution.py",
    "submission.csv",
    "report.html",
    "grade.json",
    "run.json",
}


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "mleworld.cli", *args]


def _env(home: Path) -> dict[str, str]:
    return os.environ | {"MLEWORLD_HOME": str(home), "PYTHONUNBUFFERED": "1"}


def _printed_grade(stdout: str, run_dir: Path) -> None:
    """The result lines name the best verified metric, the score, percentile and medal."""
    summary = json.loads((run_dir / "run.json").read_text())
    grade = json.loads((run_dir / "grade.json").read_text())
    assert grade["valid"] is True
    assert f"best verified {summary['metric']}: {summary['best_metric']:.6g}" in stdout
    assert f"test score: {grade['score']:.6g}" in stdout
    assert f"percentile: {grade['percentile']:.1f}" in stdout
    assert f"medal: {grade['medal'] or 'none'}" in stdout


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return Path(os.environ.get("MLEWORLD_HOME") or tmp_path_factory.mktemp("home"))


@pytest.fixture(scope="module")
def config_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("config") / "run.yaml"
    path.write_text("search:\n  num_drafts: 1\n  debug_prob: 1.0\n")
    return path


def _run_args(run_dir: Path, config_file: Path) -> list[str]:
    return [
        "run",
        TASK,
        "--steps",
        str(STEPS),
        "--seed",
        str(SEED),
        "--config",
        str(config_file),
        "--out",
        str(run_dir),
    ]


@pytest.fixture(scope="module")
def reference(
    tmp_path_factory: pytest.TempPathFactory, home: Path, config_file: Path
) -> tuple[Path, str, str]:
    run_dir = tmp_path_factory.mktemp("runs") / "reference"
    done = subprocess.run(
        _cli(*_run_args(run_dir, config_file)),
        capture_output=True,
        text=True,
        env=_env(home),
        timeout=400,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return run_dir, done.stdout, done.stderr


@pytest.mark.slow
def test_run_writes_every_file_and_prints_the_grade(reference: tuple[Path, str, str]) -> None:
    run_dir, stdout, stderr = reference
    assert {p.name for p in run_dir.iterdir()} >= RUN_FILES
    _printed_grade(stdout, run_dir)
    summary = json.loads((run_dir / "run.json").read_text())
    assert summary["steps"] == STEPS and summary["code_model"] == "builtin"
    journal = load_journal(run_dir / "journal.jsonl", summary["lower_is_better"])
    assert [n.stage for n in journal][0] == "draft"
    assert all(n.stage != "draft" for n in journal.nodes[1:])  # one draft, then the tree grows
    best = journal.best_node()
    assert best.id == summary["best"]["node_id"] and best.verified
    assert (run_dir / "best_solution.py").read_text() == best.code
    assert (run_dir / "submission.csv").read_bytes() == (
        run_dir / "submissions" / f"{best.id}.csv"
    ).read_bytes()
    assert (run_dir / "report.html").read_text().count('<section class="node ') == STEPS
    # Not a terminal: plain progress lines go to stderr; stdout holds only the result.
    assert "step 0 draft" in stderr and "step 0 draft" not in stdout


@pytest.mark.slow
def test_demo_runs_the_builtin_agent_and_prints_the_grade(tmp_path: Path, home: Path) -> None:
    run_dir = tmp_path / "demo"
    done = subprocess.run(
        _cli("demo", "--steps", "1", "--out", str(run_dir), "--quiet"),
        capture_output=True,
        text=True,
        env=_env(home),
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "step 0" not in done.stderr  # --quiet: no progress lines
    config = (run_dir / "config.yaml").read_text()
    assert f"task: {DEMO_TASK}" in config and "model: builtin" in config
    _printed_grade(done.stdout, run_dir)


def _count_lines(path: Path) -> int:
    try:
        return path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


@pytest.mark.slow
def test_killed_run_resumes_to_the_same_journal(
    tmp_path: Path, home: Path, config_file: Path, reference: tuple[Path, str, str]
) -> None:
    full_dir = reference[0]
    run_dir = tmp_path / "killed"
    kill_after = 1
    process = subprocess.Popen(
        _cli(*_run_args(run_dir, config_file), "--quiet"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=_env(home),
        start_new_session=True,  # so the kill reaches the program being executed too
    )
    deadline = time.monotonic() + 240
    while _count_lines(run_dir / "journal.jsonl") < kill_after and process.poll() is None:
        assert time.monotonic() < deadline, "the run never wrote its first nodes"
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    assert process.returncode == -signal.SIGKILL, process.stderr.read().decode()[-2000:]
    written = _count_lines(run_dir / "journal.jsonl")
    assert kill_after <= written < STEPS
    assert not (run_dir / "run.json").exists()  # it really died mid-run

    resumed = subprocess.run(
        _cli("run", "--resume", str(run_dir), "--quiet"),
        capture_output=True,
        text=True,
        env=_env(home),
        timeout=300,
    )
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    assert {p.name for p in run_dir.iterdir()} >= RUN_FILES
    _printed_grade(resumed.stdout, run_dir)

    full = load_journal(full_dir / "journal.jsonl", False).nodes
    again = load_journal(run_dir / "journal.jsonl", False).nodes
    key = [(n.id, n.step, n.stage, n.parent_id, n.code, n.metric) for n in full]
    assert [(n.id, n.step, n.stage, n.parent_id, n.code, n.metric) for n in again] == key
    assert len({n.id for n in again}) == STEPS
    # Multi-threaded model fits may differ in the last bits of a float, so the score
    # compares approximately; everything else about the grade is the same.
    grade = json.loads((run_dir / "grade.json").read_text())
    reference_grade = json.loads((full_dir / "grade.json").read_text())
    assert grade.pop("score") == pytest.approx(reference_grade.pop("score"), rel=1e-6)
    assert grade.pop("percentile") == pytest.approx(reference_grade.pop("percentile"), abs=1e-6)
    assert grade.pop("normalized_score") == pytest.approx(
        reference_grade.pop("normalized_score"), rel=1e-6
    )
    assert grade == reference_grade


def _error_of(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "Traceback" not in err
    return err


def test_user_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "name a task" in _error_of(["run"], capsys)
    assert "not understood" in _error_of(["run", TASK, "--time-budget", "soon"], capsys)
    assert "has no config.yaml" in _error_of(["run", "--resume", str(tmp_path)], capsys)
    (tmp_path / "config.yaml").write_text("task: x\n")
    err = _error_of(["run", "--resume", str(tmp_path), "--seed", "4"], capsys)
    assert "--seed cannot change when resuming" in err
    bad = tmp_path / "bad.yaml"
    bad.write_text("search:\n  debug_prob: 7\n")
    assert "search.debug_prob" in _error_of(["run", TASK, "--config", str(bad)], capsys)
