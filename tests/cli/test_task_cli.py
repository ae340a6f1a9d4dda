"""`mleworld task ...` as a user runs it: the console script in a subprocess for the
main flows, and the same entry point in-process for the quick error cases."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mleworld.cli import main

MLEWORLD = Path(sys.executable).parent / "mleworld"


def run(*args: str, home: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if home is not None:
        env["MLEWORLD_HOME"] = str(home)
    return subprocess.run(
        [str(MLEWORLD), *args], capture_output=True, text=True, timeout=300, env=env
    )


def run_inline(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(argv)
    out = capsys.readouterr()
    return int(info.value.code or 0), out.out, out.err


@pytest.fixture(scope="module")
def data_csv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rng = np.random.default_rng(11)
    n = 160
    x = rng.normal(size=n)
    frame = pd.DataFrame(
        {
            "age": rng.integers(18, 80, n),
            "x": x,
            "plan": rng.choice(["basic", "pro", "max"], n),
            "churned": np.where(x + rng.normal(0, 0.8, n) > 0.3, "yes", "no"),
            "single": "same",
        }
    )
    path = tmp_path_factory.mktemp("cli") / "customers.csv"
    frame.to_csv(path, index=False)
    return path


def test_create_validate_and_grade_the_sample(data_csv: Path, tmp_path: Path) -> None:
    out = tmp_path / "churn"
    created = run(
        "task",
        "create",
        "--data",
        str(data_csv),
        "--target",
        "churned",
        "--metric",
        "auc",
        "--name",
        "churn",
        "--out",
        str(out),
        "--json",
    )
    assert created.returncode == 0, created.stderr
    summary = json.loads(created.stdout)
    assert summary["metric"] == "auc" and summary["test_rows"] == 32
    assert summary["target_columns"] == ["churned"]

    checked = run("task", "validate", str(out))
    assert (checked.returncode, checked.stdout.strip()) == (0, "ok")

    graded = run(
        "grade",
        "--task",
        str(out),
        "--submission",
        str(out / "public/sample_submission.csv"),
        "--json",
    )
    assert graded.returncode == 0, graded.stderr
    result = json.loads(graded.stdout)
    assert result["valid"] is True and result["score"] == pytest.approx(0.5)
    assert result["percentile"] is not None and result["gold_threshold"] > 0.5


def test_validate_prints_every_problem_and_exits_2(
    data_csv: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t"
    code, _, err = run_inline(
        [
            "task",
            "create",
            "--data",
            str(data_csv),
            "--target",
            "churned",
            "--metric",
            "auc",
            "--name",
            "t",
            "--out",
            str(out),
        ],
        capsys,
    )
    assert code == 0, err
    (out / "description.md").unlink()
    (out / "private" / "leaderboard.csv").unlink()
    code, stdout, _ = run_inline(["task", "validate", str(out)], capsys)
    assert code == 2
    lines = stdout.strip().splitlines()
    assert "description.md is missing" in lines
    assert "private/leaderboard.csv (the leaderboard) is missing" in lines


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"--data": "missing.csv"}, "does not exist"),
        ({"--target": "nope"}, "target column 'nope' is not in the data"),
        ({"--metric": "precision"}, "unknown metric 'precision'"),
        ({"--target": "single"}, "only one class"),
        ({"--data": "tiny.csv"}, "at least 30"),
    ],
)
def test_create_bad_input_is_one_error_line(
    data_csv: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    change: dict[str, str],
    message: str,
) -> None:
    pd.read_csv(data_csv).head(10).to_csv(tmp_path / "tiny.csv", index=False)
    args = {
        "--data": str(data_csv),
        "--target": "churned",
        "--metric": "auc",
        "--name": "bad",
        "--out": str(tmp_path / "out"),
    }
    for key, value in change.items():
        args[key] = str(tmp_path / value) if key == "--data" else value
    argv = ["task", "create"] + [item for pair in args.items() for item in pair]
    code, _, err = run_inline(argv, capsys)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]
    assert not (tmp_path / "out").exists()


def test_list_json_and_prepare(tmp_path: Path) -> None:
    listed = run("task", "list", "--json")
    assert listed.returncode == 0, listed.stderr
    entries = json.loads(listed.stdout)
    assert len(entries) >= 10
    assert all({"name", "metric", "kind", "rows"} <= set(e) for e in entries)
    assert "penguins" in {e["name"] for e in entries}

    home = tmp_path / "home"
    prepared = run("task", "prepare", "diabetes", home=home)
    assert prepared.returncode == 0, prepared.stderr
    path = Path(prepared.stdout.strip())
    assert path == home / "tasks" / "diabetes"
    assert (path / "private" / "answers.csv").is_file()


def test_prepare_unknown_name_is_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_inline(["task", "prepare", "no-such-task"], capsys)
    assert code == 2
    assert err.startswith("error: unknown suite task 'no-such-task'; use one of: penguins")
    assert len(err.strip().splitlines()) == 1


def test_import_mlebench_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    prepared = tmp_path / "cactus" / "prepared"
    (prepared / "public" / "train").mkdir(parents=True)
    (prepared / "private").mkdir()
    (prepared / "public" / "train" / "img0.jpg").write_bytes(b"\xff\xd8fake")
    ids = [f"{i:04x}.jpg" for i in range(20)]
    pd.DataFrame({"id": ids, "has_cactus": [i % 2 for i in range(20)]}).to_csv(
        prepared / "private" / "test.csv", index=False
    )
    pd.DataFrame({"id": ids, "has_cactus": 0.5}).to_csv(
        prepared / "public" / "sample_submission.csv", index=False
    )
    board = tmp_path / "leaderboard.csv"
    pd.DataFrame({"teamId": [1, 2, 3], "score": [1.0, 0.99, 0.9]}).to_csv(board, index=False)
    out = tmp_path / "task"
    done = run(
        "task",
        "import-mlebench",
        "--prepared",
        str(prepared),
        "--competition",
        "aerial-cactus-identification",
        "--leaderboard",
        str(board),
        "--out",
        str(out),
    )
    assert done.returncode == 0, done.stderr
    assert "imported aerial-cactus-identification" in done.stdout
    assert (out / "public" / "train" / "img0.jpg").read_bytes() == b"\xff\xd8fake"
    code, stdout, _ = run_inline(["task", "validate", str(out)], capsys)
    assert (code, stdout.strip()) == (0, "ok")
