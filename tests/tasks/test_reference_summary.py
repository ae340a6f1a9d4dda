"""task.yaml's reference_ladder summary: its round trip, the normalised score, bad entries."""

from __future__ import annotations

from pathlib import Path

import pytest

from mleworld.errors import TaskError
from mleworld.tasks.reference_summary import KEY, LadderSummary
from mleworld.tasks.task import Task, load_task

SUMMARY = LadderSummary(
    teams=1200,
    strongest="blend",
    score_se=0.004,
    best_possible=1.0,
    references={"constant-train-prior": 0.5, "lightgbm": 0.84, "blend": 0.9, "random-guess": 0.49},
    off_ladder=("random-guess",),
)


def test_round_trip_through_task_yaml(tmp_path: Path) -> None:
    task = Task(
        path=tmp_path,
        id="t",
        metric="auc",
        id_column="id",
        target_columns=("y",),
        extra={KEY: SUMMARY.to_yaml()},
    )
    task.save()
    again = LadderSummary.of(load_task(tmp_path))
    assert again == SUMMARY
    assert (again.constant, again.strongest_score) == (0.5, 0.9)


def test_normalised_score_is_zero_at_the_constant_one_at_the_strongest_and_unbounded() -> None:
    assert SUMMARY.normalized(0.5) == 0.0
    assert SUMMARY.normalized(0.9) == pytest.approx(1.0)
    assert SUMMARY.normalized(0.84) == pytest.approx(0.85)
    assert SUMMARY.normalized(0.95) == pytest.approx(1.125), "beyond the strongest: above 1"
    assert SUMMARY.normalized(0.3) == pytest.approx(-0.5), "worse than the constant: below 0"
    assert SUMMARY.normalized(None) is None
    # Lower-is-better metrics need no special case: the ratio keeps its sign.
    rmse = LadderSummary(10, "blend", 0.1, 0.0, {"constant-train-prior": 8.0, "blend": 4.0})
    assert rmse.normalized(5.0) == pytest.approx(0.75)
    flat = LadderSummary(10, "constant-train-prior", 0.0, None, {"constant-train-prior": 1.0})
    assert flat.normalized(1.0) is None


def test_a_task_without_a_summary_has_none_and_a_broken_one_is_a_task_error(
    tmp_path: Path,
) -> None:
    plain = Task(path=tmp_path, id="t", metric="auc", id_column="id", target_columns=("y",))
    assert LadderSummary.of(plain) is None
    for broken in ({"teams": "many"}, {**SUMMARY.to_yaml(), "strongest": "nope"}, [1, 2]):
        task = Task(
            path=tmp_path,
            id="t",
            metric="auc",
            id_column="id",
            target_columns=("y",),
            extra={KEY: broken},
        )
        with pytest.raises(TaskError, match="rebuild the task"):
            LadderSummary.of(task)
