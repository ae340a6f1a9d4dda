"""Time-ordered validation: on a task with a date column, some drafts validate on the latest rows.

(Such programs run for real in test_builtin_programs.py.)
"""

from __future__ import annotations

import random

import pytest

from mleworld.codegen.builtin.drafts import normalize, sample_spec
from mleworld.codegen.builtin.examples import make_example_task
from mleworld.codegen.builtin.plans import draft_plan
from mleworld.codegen.builtin.profile import profile_task
from mleworld.codegen.builtin.spec import ProgramSpec
from mleworld.tasks.task import Task


@pytest.fixture(scope="module")
def dated(tmp_path_factory: pytest.TempPathFactory) -> Task:
    return make_example_task("binary", tmp_path_factory.mktemp("dated") / "t", rows=200, seed=1)


@pytest.fixture(scope="module")
def undated(tmp_path_factory: pytest.TempPathFactory) -> Task:
    return make_example_task("multilabel", tmp_path_factory.mktemp("undated") / "t", rows=120)


def test_drafts_of_a_dated_task_are_time_ordered_about_half_the_time(
    dated: Task, undated: Task
) -> None:
    profile = profile_task(dated)
    share = sum(sample_spec(profile, random.Random(i)).time_order for i in range(200)) / 200
    assert 0.35 < share < 0.65
    plain = profile_task(undated)
    assert not any(sample_spec(plain, random.Random(i)).time_order for i in range(50))
    # a spec asking for it on a task without dates is made consistent
    assert not normalize(ProgramSpec(time_order=True), plain, budget=False).time_order


def test_time_ordered_folds_neither_repeat_nor_score_out_of_fold(dated: Task) -> None:
    profile = profile_task(dated)
    spec = normalize(
        ProgramSpec(validation="kfold", time_order=True, n_repeats=2, cv_score="oof"),
        profile,
        budget=False,
    )
    assert (spec.n_repeats, spec.cv_score) == (1, "mean")
    assert "time-ordered folds" in draft_plan(spec, profile, random.Random(0))
