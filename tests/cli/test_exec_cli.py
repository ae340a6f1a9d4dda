"""`mleworld exec` as a user runs it: the installed console script, in a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

MLEWORLD = Path(sys.executable).parent / "mleworld"
KEYS = [
    "exc_type",
    "term_out",
    "metric",
    "metric_line",
    "submission",
    "submission_valid",
    "submission_error",
    "runtime_s",
    "timed_out",
    "exit_code",
    "cores",
    "threads",
    "concurrent_runs",
    "load_1m",
]


def write_task(root: Path) -> Path:
    (root / "public").mkdir(parents=True)
    (root / "private").mkdir()
    (root / "task.yaml").write_text(
        "id: cli-toy\nmetric: accuracy\nid_column: id\ntarget_columns: [y]\ntime_limit_s: 60\n"
    )
    (root / "public" / "train.csv").write_text("id,x,y\n1,1,0\n2,2,1\n3,3,1\n")
    (root / "public" / "sample_submission.csv").write_text("id,y\n4,0\n5,0\n")
    (root / "private" / "answers.csv").write_text("id,y\n4,1\n5,0\n")
    return root


def mleworld(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(MLEWORLD), *args], capture_output=True, text=True, timeout=300, cwd=cwd
    )


@pytest.fixture
def task_dir(tmp_path: Path) -> Path:
    return write_task(tmp_path / "task")


GOOD = """
import pandas as pd
train = pd.read_csv("./input/train.csv")
print(f"Validation accuracy: {train.y.mean():.4f}")
pd.DataFrame({"id": [4, 5], "y": [1, 0]}).to_csv("./submission/submission.csv", index=False)
"""


def test_json_outcome_of_a_clean_run(task_dir: Path, tmp_path: Path) -> None:
    program = tmp_path / "solution.py"
    program.write_text(GOOD)
    done = mleworld("exec", str(program), "--task", str(task_dir), "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert list(data) == KEYS
    assert data["exc_type"] == "None" and data["exit_code"] == 0
    assert data["metric"] == pytest.approx(0.6667)
    assert "Validation accuracy" in data["metric_line"]
    assert data["submission"] is True and data["submission_valid"] is True
    assert data["cores"] >= 1 and 1 <= data["threads"] <= data["cores"]
    assert data["concurrent_runs"] >= 1


def test_a_crash_is_data_and_exits_zero(task_dir: Path, tmp_path: Path) -> None:
    program = tmp_path / "crash.py"
    program.write_text("import pandas as pd\npd.read_csv('./input/train.csv')['nope']\n")
    done = mleworld("exec", str(program), "--task", str(task_dir), "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["exc_type"] == "KeyError" and "nope" in data["term_out"]
    assert data["submission"] is False


def test_summary_shows_output_outcome_and_isolation(task_dir: Path, tmp_path: Path) -> None:
    program = tmp_path / "solution.py"
    program.write_text(GOOD + "print('[red]not markup[/red]')\n")
    done = mleworld("exec", str(program), "--task", str(task_dir), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Validation accuracy: 0.6667" in done.stdout
    assert "[red]not markup[/red]" in done.stdout
    assert "exception" in done.stdout and "None" in done.stdout
    assert "isolation: " in done.stdout


def test_timeout_and_keep_workspace_with_a_data_dir(task_dir: Path, tmp_path: Path) -> None:
    program = tmp_path / "slow.py"
    program.write_text("import time\nprint('working', flush=True)\ntime.sleep(60)\n")
    done = mleworld(
        "exec",
        str(program),
        "--data-dir",
        str(task_dir / "public"),
        "--time-limit",
        "1",
        "--keep-workspace",
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "TimeoutError" in done.stdout and "timed out" in done.stdout
    line = next(x for x in done.stdout.splitlines() if x.strip().startswith("workspace"))
    workspace = Path(line.split()[-1])
    try:
        assert (workspace / "runfile.py").read_text() == program.read_text()
        assert (workspace / "input" / "train.csv").is_file()
    finally:
        from mleworld.execution.workspace import remove_tree

        remove_tree(workspace)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.py", "--task", "TASK"], "missing.py does not exist"),
        (["PROGRAM"], "exactly one of --task"),
        (["PROGRAM", "--task", "TASK", "--data-dir", "TASK"], "exactly one of --task"),
        (["PROGRAM", "--data-dir", "nowhere"], "nowhere does not exist"),
    ],
    ids=["no-program", "no-data", "both", "bad-data-dir"],
)
def test_user_errors_are_one_line_and_exit_2(
    task_dir: Path, tmp_path: Path, args: list[str], message: str
) -> None:
    program = tmp_path / "p.py"
    program.write_text("print(1)\n")
    argv = [a.replace("TASK", str(task_dir)).replace("PROGRAM", str(program)) for a in args]
    done = mleworld("exec", *argv, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("error: ") and message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr
