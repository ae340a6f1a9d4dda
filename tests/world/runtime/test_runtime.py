"""The runtime model: work counted from programs, seconds from calibrated factors, P(timeout).

Estimates are computed with a fixed set of factors here, so every assertion is about
how the estimate scales with the work a program asks for, never about wall-clock time.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from mleworld.world.runtime import Calibration, estimate, p_over
from mleworld.world.runtime.forecast import MARGIN
from mleworld.world.static import analyze

FACTORS = Calibration(
    per_unit={
        "forest": 4e-8,
        "gbm": 1e-8,
        "hgb": 5e-8,
        "lgbm": 3e-8,
        "svm": 2e-9,
        "gp": 8e-9,
        "mlp": 3e-9,
        "tree": 5e-8,
        "knn": 8e-8,
        "linear": 1e-8,
        "python": 2e-7,
    },
    fit_overhead_s=0.0,
    startup_s=2.0,
    machine={},
    measured_at=0.0,
)
HEAD = (
    "import pandas as pd\n"
    "from sklearn.ensemble import RandomForestClassifier, GradientBoostingClassifier\n"
    "from sklearn.model_selection import GridSearchCV, KFold, cross_val_score\n"
    "df = pd.read_csv('./input/train.csv')\n"
    "X = df[['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm']]\n"
    "y = df['species']\n"
)


def work_seconds(program: str, data_dir: Path) -> float:
    return estimate(analyze(program, data_dir).work, 60.0, FACTORS).work_s


def test_ten_times_the_trees_is_ten_times_the_work(data_dir: Path) -> None:
    small = work_seconds(HEAD + "RandomForestClassifier(n_estimators=50).fit(X, y)\n", data_dir)
    large = work_seconds(HEAD + "RandomForestClassifier(n_estimators=500).fit(X, y)\n", data_dir)
    assert small > 0
    assert large / small == pytest.approx(10.0, rel=0.01)


def test_boosting_rounds_folds_and_grid_multiply(data_dir: Path) -> None:
    one = work_seconds(HEAD + "GradientBoostingClassifier(n_estimators=100).fit(X, y)\n", data_dir)
    folds = work_seconds(
        HEAD + "cross_val_score(GradientBoostingClassifier(n_estimators=100), X, y, cv=5)\n",
        data_dir,
    )
    # five fits, each on four fifths of the rows
    assert folds / one == pytest.approx(4.0, rel=0.25)
    grid = work_seconds(
        HEAD
        + "g = GridSearchCV(RandomForestClassifier(n_estimators=100),"
        + " {'min_samples_split': [2, 4, 8], 'criterion': ['gini', 'entropy']}, cv=KFold(4))\n"
        + "g.fit(X, y)\n",
        data_dir,
    )
    single = work_seconds(HEAD + "RandomForestClassifier(n_estimators=100).fit(X, y)\n", data_dir)
    # six candidates x four folds on three quarters of the rows, plus the refit
    assert grid / single == pytest.approx(6 * 4 * 0.75 + 1, rel=0.25)


def test_a_fold_loop_multiplies_what_its_body_fits(data_dir: Path) -> None:
    program = (
        HEAD
        + "kf = KFold(n_splits=8, shuffle=True, random_state=0)\n"
        + "for tr, va in kf.split(X):\n"
        + "    RandomForestClassifier(n_estimators=100).fit(X.iloc[tr], y.iloc[tr])\n"
    )
    # a fold's rows are not followed: both fall back to the task table's shape
    single = work_seconds(
        HEAD + "RandomForestClassifier(n_estimators=100).fit(X.values, y.values)\n", data_dir
    )
    assert work_seconds(program, data_dir) / single == pytest.approx(8.0, rel=0.01)


def test_lightgbm_train_rounds_scale(data_dir: Path) -> None:
    base = (
        "import lightgbm as lgb\nimport pandas as pd\ndf = pd.read_csv('./input/train.csv')\n"
        "ds = lgb.Dataset(df[['bill_length_mm']], df['year'])\n"
    )
    short = work_seconds(
        base + "lgb.train({'objective': 'regression'}, ds, num_boost_round=100)\n", data_dir
    )
    long = work_seconds(
        base + "lgb.train({'objective': 'regression'}, ds, num_boost_round=1000)\n", data_dir
    )
    assert long / short == pytest.approx(10.0, rel=0.01)
    cv = work_seconds(
        base + "lgb.cv({'objective': 'regression'}, ds, num_boost_round=100, nfold=4)\n", data_dir
    )
    # four fits on three quarters of the rows each; a boosting round also has a fixed cost
    assert 4 * 0.75 <= cv / short <= 4.0


def test_python_loops_over_rows_count_as_work(data_dir: Path) -> None:
    program = (
        "total = 0\nfor i in range(200000):\n    for j in range(50):\n        total += i * j\n"
    )
    seconds = work_seconds(program, data_dir)
    assert seconds == pytest.approx(200000 * 50 * FACTORS.per_unit["python"], rel=0.05)
    assert work_seconds("total = 0\nfor i in range(3):\n    total += i\n", data_dir) == 0.0


def test_p_timeout_follows_the_time_limit(data_dir: Path) -> None:
    report = analyze(HEAD + "RandomForestClassifier(n_estimators=20000).fit(X, y)\n", data_dir)
    seconds = estimate(report.work, 60.0, FACTORS).seconds
    tight = estimate(report.work, seconds / (4 * MARGIN), FACTORS).p_timeout
    loose = estimate(report.work, seconds * 4, FACTORS).p_timeout
    assert tight > 0.9 and loose < 0.01
    assert p_over(10.0, 10.0) == pytest.approx(0.5)
    assert p_over(1.0, 100.0) < p_over(10.0, 100.0) < p_over(100.0, 100.0)


def test_work_after_a_certain_crash_is_not_counted(data_dir: Path) -> None:
    program = (
        HEAD + "print(df['no_such_column'])\nRandomForestClassifier(n_estimators=20000).fit(X, y)\n"
    )
    report = analyze(program, data_dir)
    first = report.first_fatal
    assert first is not None and first.exc_type == "KeyError"
    after = estimate(report.work, 60.0, FACTORS, before_line=first.order_line)
    assert after.work_s == 0.0
    assert estimate(report.work, 60.0, FACTORS).work_s > 0.0


def test_the_estimate_is_the_median_of_a_log_normal() -> None:
    # P(over) at limit L for a median m is 1 - Phi(ln(L/m) / sigma): symmetric in log space
    assert p_over(20.0, 10.0) == pytest.approx(1.0 - p_over(5.0, 10.0))
    assert math.isclose(p_over(0.0, 10.0), 0.0)
