"""The bootstrap SE of a reference's test score: the fast path (the metric on aligned
arrays) gives exactly what grading every resample through the task's grader gives."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mleworld.tasks import reference
from mleworld.tasks.grading import grade
from mleworld.tasks.reference import bootstrap_se
from mleworld.tasks.task import Task


def task_and_answers(tmp_path: Path, metric: str) -> tuple[Task, pd.DataFrame]:
    rng = np.random.default_rng(0)
    n = 300
    if metric == "accuracy":
        answers = pd.DataFrame({"id": range(n), "y": rng.choice(["a", "b", "c"], n)})
    else:
        answers = pd.DataFrame({"id": range(n), "y": rng.integers(0, 2, n)})
    task = Task(path=tmp_path, id="t", metric=metric, id_column="id", target_columns=("y",))
    return task, answers


def noisy(answers: pd.DataFrame, metric: str) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(1)
    y = answers["y"].to_numpy()
    if metric == "accuracy":
        keep = rng.random(len(y)) < 0.7
        return {"y": np.where(keep, y, rng.choice(["a", "b", "c"], len(y)))}
    return {"y": np.clip(0.6 * y + 0.2 + rng.normal(0, 0.25, len(y)), 0.01, 0.99)}


@pytest.mark.parametrize("metric", ["auc", "logloss", "accuracy"])
def test_fast_bootstrap_matches_the_grader_resample_by_resample(
    tmp_path: Path, metric: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reference, "BOOTSTRAP_DRAWS", 40)  # the grader path is slow
    task, answers = task_and_answers(tmp_path, metric)
    columns = noisy(answers, metric)
    score = grade(pd.DataFrame({"id": answers["id"], **columns}), answers, task)
    fast = bootstrap_se(columns, answers, task, score, seed=0)
    # A score the metric does not reproduce sends every resample through the grader.
    slow = bootstrap_se(columns, answers, task, score + 1.0, seed=0)
    assert fast == pytest.approx(slow, rel=1e-9)
    assert 0 < fast < 0.1
    assert bootstrap_se(columns, answers, task, score, seed=1) != fast
