"""validate_task: a good task passes; each way of breaking one is reported, all at once."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mleworld.tasks.factory import create_task
from mleworld.tasks.validation import validate_task


@pytest.fixture(scope="module")
def good_task(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rng = np.random.default_rng(5)
    n = 150
    x = rng.normal(size=n)
    frame = pd.DataFrame(
        {
            "x": x,
            "z": rng.uniform(size=n),
            "kind": rng.choice(["a", "b"], n),
            "target": np.where(x + rng.normal(0, 0.7, n) > 0, "pos", "neg"),
        }
    )
    out = tmp_path_factory.mktemp("validation") / "good"
    create_task(frame, "target", "auc", "good", out, positive_class="pos")
    return out


@pytest.fixture
def task_copy(good_task: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(good_task, tmp_path / "task"))


def _csv(path: Path) -> pd.DataFrame:
    return pd.read_csv(path)


def _edit(path: Path, change: Callable[[pd.DataFrame], pd.DataFrame]) -> None:
    change(_csv(path)).to_csv(path, index=False)


def test_a_factory_task_passes(good_task: Path) -> None:
    assert validate_task(good_task) == []


def _drop_first_answer_label(t: Path) -> None:
    def change(f: pd.DataFrame) -> pd.DataFrame:
        f["target"] = f["target"].astype(float)
        f.loc[0, "target"] = np.nan
        return f

    _edit(t / "private/answers.csv", change)


def _overlap_train_and_test(t: Path) -> None:
    test_id = _csv(t / "public/test.csv")["id"].iloc[0]
    _edit(t / "public/train.csv", lambda f: f.assign(id=[test_id, *f["id"].iloc[1:]]))


BREAKAGES: list[tuple[str, Callable[[Path], None], str]] = [
    ("no task.yaml", lambda t: (t / "task.yaml").unlink(), "task.yaml is missing"),
    (
        "bad metric in task.yaml",
        lambda t: (t / "task.yaml").write_text(
            (t / "task.yaml").read_text().replace("metric: auc", "metric: precision")
        ),
        "task.yaml is invalid: unknown metric 'precision'",
    ),
    ("no description", lambda t: (t / "description.md").unlink(), "description.md is missing"),
    (
        "empty description",
        lambda t: (t / "description.md").write_text("\n"),
        "description.md is empty",
    ),
    (
        "no sample submission",
        lambda t: (t / "public/sample_submission.csv").unlink(),
        "public/sample_submission.csv is missing",
    ),
    (
        "no answers",
        lambda t: (t / "private/answers.csv").unlink(),
        "private/answers.csv is missing",
    ),
    (
        "no leaderboard",
        lambda t: (t / "private/leaderboard.csv").unlink(),
        "private/leaderboard.csv (the leaderboard) is missing",
    ),
    (
        "sample ids differ",
        lambda t: _edit(
            t / "public/sample_submission.csv", lambda f: f.assign(id=f["id"] + 10_000)
        ),
        "sample_submission.csv ids differ from the answers'",
    ),
    (
        "sample has an extra column",
        lambda t: _edit(t / "public/sample_submission.csv", lambda f: f.assign(extra=1)),
        "sample_submission.csv columns differ from the id and target columns (extra extra)",
    ),
    ("train/test id overlap", _overlap_train_and_test, "appear in both train.csv and test.csv"),
    (
        "labels leak into test",
        lambda t: _edit(t / "public/test.csv", lambda f: f.assign(target=0)),
        "test.csv contains the label column(s) target",
    ),
    (
        "train lacks labels",
        lambda t: _edit(t / "public/train.csv", lambda f: f.drop(columns=["target"])),
        "train.csv lacks the label column(s) target",
    ),
    ("answers miss a label", _drop_first_answer_label, "answers.csv has missing labels in target"),
    (
        "answers not 0/1",
        lambda t: _edit(t / "private/answers.csv", lambda f: f.assign(target=f["target"] * 2)),
        "answers.csv labels for auc must be 0/1",
    ),
    (
        "answers of one class",
        lambda t: _edit(t / "private/answers.csv", lambda f: f.assign(target=1)),
        "hold one class only",
    ),
    (
        "answers repeat ids",
        lambda t: _edit(t / "private/answers.csv", lambda f: f.assign(id=f["id"].iloc[0])),
        "answers.csv repeats",
    ),
    (
        "test ids differ from answers",
        lambda t: _edit(t / "public/test.csv", lambda f: f.assign(id=f["id"] + 10_000)),
        "test.csv ids differ from the answers' ids",
    ),
    (
        "short leaderboard",
        lambda t: _edit(t / "private/leaderboard.csv", lambda f: f.head(10)),
        "leaderboard.csv has 10 scores; a factory task needs at least 50",
    ),
    (
        "leaderboard without scores",
        lambda t: _edit(t / "private/leaderboard.csv", lambda f: f.drop(columns=["score"])),
        "leaderboard.csv is unusable",
    ),
    (
        "leaderboard beyond the best possible",
        lambda t: _edit(t / "private/leaderboard.csv", lambda f: f.assign(score=f["score"] + 1)),
        "scores beyond the best possible auc",
    ),
    (
        "sample rejected by the grader",
        lambda t: _edit(t / "public/sample_submission.csv", lambda f: f.assign(target=1.7)),
        "the sample submission is rejected by the grader",
    ),
]


@pytest.mark.parametrize(("why", "breakage", "line"), BREAKAGES, ids=[b[0] for b in BREAKAGES])
def test_each_breakage_is_reported(
    task_copy: Path, why: str, breakage: Callable[[Path], None], line: str
) -> None:
    breakage(task_copy)
    problems = validate_task(task_copy)
    assert any(line in p for p in problems), (why, problems)
    assert all("\n" not in p for p in problems)


def test_every_failure_is_reported_at_once(task_copy: Path) -> None:
    chosen = [
        "empty description",
        "sample has an extra column",
        "train/test id overlap",
        "labels leak into test",
        "short leaderboard",
    ]
    table = {b[0]: b for b in BREAKAGES}
    for name in chosen:
        table[name][1](task_copy)
    problems = validate_task(task_copy)
    for name in chosen:
        assert any(table[name][2] in p for p in problems), (name, problems)
    assert len(problems) >= len(chosen)


def test_not_a_directory(tmp_path: Path) -> None:
    assert validate_task(tmp_path / "absent") == [f"{tmp_path / 'absent'} is not a directory"]


def test_sample_ids_are_checked_against_test_without_answers(task_copy: Path) -> None:
    """The issue's case: answers gone *and* sample ids altered; both are reported."""
    (task_copy / "private/answers.csv").unlink()
    _edit(task_copy / "public/sample_submission.csv", lambda f: f.assign(id=f["id"] + 10_000))
    problems = validate_task(task_copy)
    assert "private/answers.csv is missing" in problems
    [line] = [p for p in problems if "ids differ" in p]
    rows = len(_csv(task_copy / "public/test.csv"))
    assert line == (
        f"sample_submission.csv ids differ from test.csv's ({rows} rows vs {rows}; "
        f"{rows} unknown, {rows} missing)"
    )


def test_sample_matching_test_but_not_the_answers(task_copy: Path) -> None:
    # The sample and test.csv agree; the answers were cut short: only that pair differs.
    _edit(task_copy / "private/answers.csv", lambda f: f.iloc[1:])
    problems = validate_task(task_copy)
    differ = [p for p in problems if "sample_submission.csv ids differ" in p]
    assert len(differ) == 1 and "from the answers'" in differ[0] and "1 unknown" in differ[0]
    assert "test.csv ids differ from the answers' ids" in problems
