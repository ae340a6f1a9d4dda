"""Task directories and submissions, fuzzed (tests/fuzzing/tasks.py says what is correct);
the examples below are crashes the fuzzer found, kept as regular tests."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given

from fuzzing.harness import assert_no_crash, bounded
from fuzzing.tasks import (
    GRADER,
    TASK_DIR,
    Submission,
    TaskDamage,
    make_tasks,
    submissions,
    task_damages,
    write_task,
)
from mleworld.errors import TaskError
from mleworld.tasks.grading import grade_file
from mleworld.tasks.task import Task, load_task
from mleworld.tasks.validation import validate_task

MLEWORLD = Path(sys.executable).parent / "mleworld"


@pytest.fixture(scope="module")
def tasks() -> Iterator[dict[str, Task]]:
    with make_tasks() as built:
        yield built


@bounded(20)
@given(task_damages())
def test_a_damaged_task_directory_loads_typed_or_gives_one_line_per_problem(
    damage: TaskDamage,
) -> None:
    assert_no_crash(TASK_DIR, damage, None)


@bounded(80)
@given(submissions())
def test_any_submission_file_grades_or_is_invalid_in_one_line(
    tasks: dict[str, Task], submission: Submission
) -> None:
    assert_no_crash(GRADER, submission, tasks)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"id: caf\xe9\nmetric: auc\n", "is not UTF-8 text"),  # was UnicodeDecodeError
        (b"id: x\nmetric: " + b"[" * 3000 + b"]" * 3000, "is not valid YAML"),  # RecursionError
        (
            b"id: t\nmetric: auc\nid_column: id\ntarget_columns: [y]\ntime_limit_s: .nan\n",
            "time_limit_s is nan",
        ),
        (
            b"id: t\nmetric: auc\nid_column: id\ntarget_columns: [y]\ntime_limit_s: -5\n",
            "time_limit_s is -5",
        ),
        (
            b"id: t\nmetric: auc\nid_column: id\ntarget_columns: [y]\ntime_limit_s: 1e400\n",
            "time_limit_s is inf",
        ),
    ],
)
def test_an_unreadable_task_yaml_is_one_error_line(
    tmp_path: Path, content: bytes, message: str
) -> None:
    write_task(tmp_path / "t", "auc")
    (tmp_path / "t" / "task.yaml").write_bytes(content)
    with pytest.raises(TaskError, match=message):
        load_task(tmp_path / "t")
    problems = validate_task(tmp_path / "t")  # escaped validate_task too
    assert any(message in p for p in problems), problems


def test_a_column_name_with_a_line_break_is_refused_in_one_line(tmp_path: Path) -> None:
    # Found by benchmarks/fuzz.py: validate_task echoed the name, line break and all.
    write_task(tmp_path / "t", "auc")
    spec = 'id: t\nmetric: auc\nid_column: id\ntarget_columns: "a\\nb"\n'
    (tmp_path / "t" / "task.yaml").write_text(spec)
    with pytest.raises(TaskError, match="holds a line break or control character"):
        load_task(tmp_path / "t")
    assert all("\n" not in p for p in validate_task(tmp_path / "t"))


def test_a_submission_of_blanks_only_is_empty_not_a_crash(
    tasks: dict[str, Task], tmp_path: Path
) -> None:
    # pandas' EmptyDataError ("No columns to parse") escaped grade_file.
    path = tmp_path / "submission.csv"
    path.write_bytes(b" ")
    result = grade_file(tasks["auc"], path)
    assert not result.valid and result.error is not None and "is empty" in result.error


def test_the_grade_command_gives_one_error_line_and_exit_2(
    tasks: dict[str, Task], tmp_path: Path
) -> None:
    path = tmp_path / "submission.csv"
    path.write_bytes(b"id,target\nr000,\xff\xfe\n")
    proc = subprocess.run(
        [str(MLEWORLD), "grade", "--task", str(tasks["auc"].path), "--submission", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    errors = [line for line in proc.stderr.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and "not a readable CSV" in errors[0], proc.stderr


def test_predictions_too_large_for_the_metric_are_the_submissions_fault(
    tasks: dict[str, Task], tmp_path: Path
) -> None:
    # Found by benchmarks/fuzz.py: 1.8e308 squared overflows RMSE to inf, and the grader
    # raised TaskError ("check the task's answers") for a fine task.
    task = tasks["rmse"]
    answers = (task.answers_path).read_text().splitlines()
    rows = [answers[0], *(f"{line.split(',')[0]},1.7976931348623157e+308" for line in answers[1:])]
    path = tmp_path / "submission.csv"
    path.write_text("\n".join(rows) + "\n")
    result = grade_file(task, path)
    assert not result.valid
    assert result.error is not None and "too large for metric rmse" in result.error
