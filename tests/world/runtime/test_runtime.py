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
    # a fold's part of eight unequal folds has no row count: both fits count the file's rows
    single = work_seconds(HEAD + "RandomForestClassifier(n_estimators=100).fit(X, y)\n", data_dir)
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


def _text_task(root: Path, words: int, classes: int) -> Path:
    """A task folder of 400 reviews of `words` distinct words each, labelled with `classes`."""
    public = root / f"text_{words}_{classes}"
    public.mkdir()
    lines = ["id,review,label,size"]
    for i in range(400):
        review = " ".join(f"w{(i * 7 + k) % 997}x" for k in range(words))
        lines.append(f"{i},{review},c{i % classes},{i % 13}")
    (public / "train.csv").write_text("\n".join(lines) + "\n")
    return public


TEXT_HEAD = (
    "import pandas as pd\n"
    "import scipy.sparse as sp\n"
    "from sklearn.ensemble import GradientBoostingClassifier, RandomForestClassifier\n"
    "from sklearn.ensemble import HistGradientBoostingClassifier\n"
    "from sklearn.feature_extraction.text import TfidfVectorizer\n"
    "from sklearn.model_selection import KFold, cross_val_score\n"
    "from sklearn.pipeline import make_pipeline\n"
    "df = pd.read_csv('./input/train.csv')\n"
)


def test_a_boosted_fit_grows_a_tree_per_class_and_round(tmp_path: Path) -> None:
    fit = "HistGradientBoostingClassifier(max_iter=50).fit(df[['size']], df['label'])\n"
    binary = work_seconds(TEXT_HEAD + fit, _text_task(tmp_path, 5, 2))
    ten = work_seconds(TEXT_HEAD + fit, _text_task(tmp_path, 5, 10))
    assert binary > 0 and ten / binary == pytest.approx(10.0, rel=0.01)
    cv = "cross_val_score(GradientBoostingClassifier(), df[['size']], df['label'], cv=4)\n"
    assert work_seconds(TEXT_HEAD + cv, _text_task(tmp_path, 6, 4)) == pytest.approx(
        4 * work_seconds(TEXT_HEAD + cv, _text_task(tmp_path, 6, 2)), rel=0.01
    )
    # a forest grows the same trees whatever the number of classes
    forest = "RandomForestClassifier().fit(df[['size']], df['label'])\n"
    assert work_seconds(TEXT_HEAD + forest, _text_task(tmp_path, 7, 2)) == pytest.approx(
        work_seconds(TEXT_HEAD + forest, _text_task(tmp_path, 7, 10))
    )


def test_a_model_on_tf_idf_pays_for_the_terms_a_row_holds(tmp_path: Path) -> None:
    short, long = _text_task(tmp_path, 10, 2), _text_task(tmp_path, 40, 2)
    pipeline = (
        "model = make_pipeline(TfidfVectorizer(), GradientBoostingClassifier())\n"
        "model.fit(df['review'], df['label'])\n"
    )
    base = work_seconds(TEXT_HEAD + pipeline, short)
    assert work_seconds(TEXT_HEAD + pipeline, long) / base == pytest.approx(4.0, rel=0.01)
    capped = pipeline.replace("TfidfVectorizer()", "TfidfVectorizer(max_features=5)")
    assert work_seconds(TEXT_HEAD + capped, long) / base == pytest.approx(0.5, rel=0.01)
    # bigrams add terms of their own
    bigrams = pipeline.replace("TfidfVectorizer()", "TfidfVectorizer(ngram_range=(1, 2))")
    assert work_seconds(TEXT_HEAD + bigrams, short) > 1.5 * base
    # the same matrix made by the program, stacked with another and cut into folds
    by_hand = (
        "vec = TfidfVectorizer()\n"
        "X = vec.fit_transform(df['review'])\n"
        "X = sp.hstack([X, TfidfVectorizer(max_features=5).fit_transform(df['review'])])\n"
        "for tr, va in KFold(n_splits=2).split(df):\n"
        "    GradientBoostingClassifier().fit(X[tr], df['label'].values[tr])\n"
    )
    # two fits on (10 + 5) terms a row, against one fit on 10 terms
    assert work_seconds(TEXT_HEAD + by_hand, short) / base == pytest.approx(3.0, rel=0.01)


def test_a_fold_loop_counts_its_folds_however_it_is_spelled(data_dir: Path) -> None:
    def fits(program: str) -> float:
        return sum(fit.count for fit in analyze(program, data_dir).work)

    body = "    RandomForestClassifier(n_estimators=100).fit(X.iloc[tr], y.iloc[tr])\n"
    spelled = [
        "kf = KFold(n_splits=4)\nfor tr, va in kf.split(X):\n",
        "kf = KFold(n_splits=4)\nfor i, (tr, va) in enumerate(kf.split(X, y)):\n",
        "for tr, va in KFold(n_splits=4, shuffle=True).split(X):\n",
        "for tr, va in list(KFold(4).split(X)):\n",
    ]
    for loop in spelled:
        assert fits(HEAD + loop + body) == 4.0, loop
    repeated = "for tr, va in RepeatedKFold(n_splits=4, n_repeats=3).split(X):\n"
    assert fits(HEAD + repeated + body) == 12.0
