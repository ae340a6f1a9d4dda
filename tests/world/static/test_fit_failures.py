"""A cross-validation or search whose every fit fails raises scikit-learn's "All the N fits failed".

With the default error_score a failing fit is only a warning; when all N fail, the
ValueError counts them and ends with the inner error's traceback. A parameter the
installed scikit-learn refuses, a text column reaching a numeric step, or a text
vectorizer's sparse matrix reaching a step that needs dense input, fails every fit alike
(N: the splitter's own count, `get_n_splits`, repeats included); NaN fails every fit where
each fold's training rows hold some (the folds drawn
by scikit-learn's own splitter); a search whose grid sets the refused parameter, or NaN
whose rows a fold leaves out, is not judged. Each snippet runs for real against the penguin-like data folder.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from mleworld.world.static import analyze

HEAD = (
    "import pandas as pd\n"
    "from sklearn.ensemble import RandomForestClassifier\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.model_selection import GridSearchCV, KFold, RandomizedSearchCV\n"
    "from sklearn.model_selection import cross_val_score, cross_validate\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "NUM = ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm', 'body_mass_g']\n"
    "y = train['sex']\n"
    "cv = KFold(n_splits=2, shuffle=True, random_state=0)\n"
)
FOREST = "RandomForestClassifier(n_estimators=3, max_features='auto')"

FAILING = {
    "cross_val_score_of_a_refused_parameter": (
        HEAD + f"print(cross_val_score({FOREST}, train[NUM], y, cv=3))\n",
        3,
    ),
    "cross_validate_of_text_reaching_a_linear_model": (
        HEAD + "cross_validate(LogisticRegression(), train[NUM + ['island']], y, cv=cv)\n",
        2,
    ),
    "grid_search_of_a_refused_parameter_it_does_not_set": (
        HEAD + f"GridSearchCV({FOREST}, {{'max_depth': [2, 3]}}, cv=cv).fit(train[NUM], y)\n",
        4,
    ),
    "randomized_search_over_text": (
        HEAD + "RandomizedSearchCV(LogisticRegression(), {'C': [0.1, 1.0, 10.0]}, n_iter=2,"
        " cv=cv, random_state=0).fit(train[NUM + ['island']], y)\n",
        4,
    ),
    "randomized_search_drawing_from_a_distribution_over_nan_rows": (
        HEAD + "from scipy.stats import loguniform\n"
        "train['gap'] = train['body_mass_g'].where(train['year'] == 2007)\n"
        "RandomizedSearchCV(LogisticRegression(), {'C': loguniform(0.01, 10.0)}, n_iter=3,"
        " cv=cv, random_state=0).fit(train[NUM + ['gap']], y)\n",
        6,
    ),
    "repeated_folds_counted_by_the_splitter": (
        HEAD + "from sklearn.model_selection import RepeatedKFold\n"
        "folds = RepeatedKFold(n_splits=2, n_repeats=3, random_state=0)\n"
        "print(cross_val_score(LogisticRegression(), train[NUM + ['island']], y, cv=folds))\n",
        6,
    ),
    "tfidf_into_hist_boosting_in_every_fold": (
        HEAD + "from sklearn.ensemble import HistGradientBoostingClassifier\n"
        "from sklearn.feature_extraction.text import TfidfVectorizer\n"
        "from sklearn.pipeline import Pipeline\n"
        "pipe = Pipeline([('tfidf', TfidfVectorizer()),"
        " ('clf', HistGradientBoostingClassifier(max_iter=5))])\n"
        "print(cross_val_score(pipe, train['island'], y, cv=cv))\n",
        2,
    ),
}
WORKING = {
    "nan_in_a_row_one_fold_leaves_out": (
        HEAD + "train['gap'] = train['body_mass_g'].where(train['id'] != 1)\n"
        "print(cross_val_score(LogisticRegression(), train[NUM + ['gap']], y, cv=cv))\n"
    ),
    "a_grid_that_sets_the_refused_parameter": (
        HEAD + f"GridSearchCV({FOREST}, {{'max_features': ['auto', 'sqrt']}}, cv=cv)"
        ".fit(train[NUM], y)\n"
    ),
    "numbers_only": HEAD + "print(cross_val_score(LogisticRegression(), train[NUM], y, cv=2))\n",
}


def _sets_sorted(line: str) -> str:
    """scikit-learn prints allowed values as a Python set, whose order differs between runs."""
    return re.sub(r"\{([^{}]*)\}", lambda m: "{" + ", ".join(sorted(m[1].split(", "))) + "}", line)


def _run(program: str, data_dir: Path, tmp_path: Path) -> str:
    (tmp_path / "input").symlink_to(data_dir)
    (tmp_path / "runfile.py").write_text(program)
    run = subprocess.run(
        [sys.executable, "runfile.py"], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    return run.stderr if run.returncode else ""


@pytest.mark.parametrize("name", sorted(FAILING))
def test_every_fit_failing_is_named_as_scikit_learn_prints_it(
    name: str, data_dir: Path, tmp_path: Path
) -> None:
    program, fits = FAILING[name]
    stderr = _run(program, data_dir, tmp_path)
    block = stderr[stderr.index("ValueError: \nAll the") :].rstrip("\n").splitlines()
    first = analyze(program, data_dir).first_fatal
    assert first is not None and first.detector == "fit_failures" and first.exc_type == "ValueError"
    named = first.message.splitlines()
    assert f"All the {fits} fits failed." in named
    head = named.index("Traceback (most recent call last):")
    assert named[: head + 1] == block[: head + 1]  # scikit-learn's own words, up to the traceback
    assert _sets_sorted(named[-1]) == _sets_sorted(block[-1])  # the inner error, as the run ends


@pytest.mark.parametrize("name", sorted(WORKING))
def test_fits_that_can_succeed_get_no_finding(name: str, data_dir: Path, tmp_path: Path) -> None:
    program = WORKING[name]
    assert _run(program, data_dir, tmp_path) == ""
    assert analyze(program, data_dir).first_fatal is None


def test_a_splitter_its_constructor_refuses_is_named_and_the_search_after_it_is_not_judged(
    data_dir: Path, tmp_path: Path
) -> None:
    """The walk carries on past a crash it has named; a search handed the refused splitter
    must not make the analysis itself raise when it draws the search's folds."""
    program = (
        HEAD
        + "def tune(X, y, seed=7):\n"
        + "    folds = StratifiedKFold(n_splits=3, random_state=seed)\n"
        + "    search = GridSearchCV(LogisticRegression(), {'C': [0.1, 1.0]}, cv=folds)\n"
        + "    return search.fit(X, y)\n"
        + "tune(train[NUM].fillna(0), y.fillna('male'))\n"
    ).replace("GridSearchCV, KFold,", "GridSearchCV, KFold, StratifiedKFold,")
    stderr = _run(program, data_dir, tmp_path)
    first = analyze(program, data_dir).first_fatal
    assert first is not None and first.exc_type == "ValueError"
    assert first.message.splitlines()[-1] == stderr.rstrip("\n").splitlines()[-1]
