"""Program and task bootstrap standard errors."""

from __future__ import annotations

import math

import numpy as np
import pytest

from mleworld.errors import MleWorldError
from mleworld.evaluation.bootstrap import estimate, program_weights, task_weights


def test_program_bootstrap_se_matches_the_binomial_formula() -> None:
    n, p = 400, 0.3
    correct = [i < int(n * p) for i in range(n)]
    est = estimate(correct, program_weights(n, 2000, seed=1))
    expected = math.sqrt(p * (1 - p) / n)
    assert est.accuracy == pytest.approx(p)
    assert est.n == n
    assert est.se == pytest.approx(expected, rel=0.1)


def test_constant_outcomes_have_zero_se() -> None:
    weights = program_weights(50, 500, seed=0)
    assert estimate([True] * 50, weights).se == 0.0
    right = estimate([False] * 50, weights)
    assert right.accuracy == 0.0 and right.se == 0.0


def test_weights_are_draw_counts_of_n_programs_and_seeded() -> None:
    w = program_weights(30, 200, seed=7)
    assert w.shape == (200, 30)
    assert (w.sum(axis=1) == 30).all()
    assert (program_weights(30, 200, seed=7) == w).all()
    assert not (program_weights(30, 200, seed=8) == w).all()


def test_fields_that_do_not_apply_are_left_out_of_every_resample() -> None:
    # 20 programs, the field applies to 10 of them, 5 right: accuracy 0.5 over n=10.
    values: list[bool | None] = [None] * 10 + [True] * 5 + [False] * 5
    est = estimate(values, program_weights(20, 2000, seed=3))
    assert est.n == 10 and est.accuracy == 0.5
    # The denominator varies per resample; the SE is near the binomial one for n=10.
    assert 0.1 < est.se < 0.22


def test_nothing_applicable_gives_no_accuracy() -> None:
    est = estimate([None, None], program_weights(2, 10))
    assert (est.accuracy, est.se, est.n) == (None, None, 0)


def test_without_weights_there_is_no_se() -> None:
    est = estimate([True, False, True, True])
    assert est.accuracy == 0.75 and est.se is None


def test_task_bootstrap_resamples_whole_tasks() -> None:
    # Task a always right, task b always wrong, 50 programs each: per-task means are 1 and 0,
    # so a task resample's accuracy is 1, 0.5 or 0 with probability 1/4, 1/2, 1/4 (SD 0.354),
    # while the program bootstrap only sees binomial noise (SD 0.05).
    tasks = ["a"] * 50 + ["b"] * 50
    correct = [True] * 50 + [False] * 50
    by_task = estimate(correct, task_weights(tasks, 2000, seed=0))
    by_program = estimate(correct, program_weights(100, 2000, seed=0))
    assert by_task.se == pytest.approx(math.sqrt(0.125), rel=0.1)
    assert by_program.se == pytest.approx(0.05, rel=0.15)
    w = task_weights(tasks, 100, seed=0)
    # Every program of a task gets the same count in a resample.
    assert (w[:, :50] == w[:, [0]]).all() and (w[:, 50:] == w[:, [50]]).all()
    assert (w[:, 0] + w[:, 50] == 2).all()


def test_weights_must_match_the_programs() -> None:
    with pytest.raises(MleWorldError, match="bootstrap weights cover 5 programs"):
        estimate([True] * 6, program_weights(5, 10))
    with pytest.raises(MleWorldError, match="at least 2 resamples"):
        program_weights(5, 1)


def test_large_holdouts_are_resampled_in_chunks_with_the_same_result() -> None:
    rng = np.random.default_rng(0)
    correct = list(rng.random(3000) < 0.7)
    weights = program_weights(3000, 2000, seed=2)
    est = estimate(correct, weights)
    # Straight computation for comparison.
    values = np.asarray(correct, dtype=float)
    direct = (weights @ values) / weights.sum(axis=1)
    assert est.se == pytest.approx(float(np.std(direct, ddof=1)), rel=1e-9)
