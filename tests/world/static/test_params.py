"""scikit-learn's own parameter validation, asked on the program's literal arguments.

Each crashing snippet runs for real (conftest.run_real) and the analysis must name
the class and the text Python prints; the valid ones must run cleanly and get no
finding (LightGBM's scikit-learn estimators too: the parameters they pass on to the booster
are asked of the installed LightGBM). scikit-learn prints the options of a parameter as a Python set, whose order
changes from process to process (string hashing), so a `{...}` is compared as a set.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mleworld.world.static import analyze
from mleworld.world.static.params import _ask_library

HEAD = (
    "import pandas as pd\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.pipeline import Pipeline, make_pipeline\n"
    "from sklearn.preprocessing import StandardScaler\n"
    "df = pd.read_csv('./input/train.csv')\n"
    "X = df[['bill_length_mm', 'bill_depth_mm']]\n"
    "y = df['species']\n"
)

CRASHES: dict[str, str] = {
    "kfold_random_state": "from sklearn.model_selection import KFold\nkf = KFold(n_splits=3, random_state=0)\n",
    "declared_constraint": HEAD + "LogisticRegression(penalty='l3').fit(X, y)\n",
    "declared_constraint_number": (
        "from sklearn.ensemble import RandomForestClassifier\n"
        + HEAD
        + "RandomForestClassifier(n_estimators=0).fit(X, y)\n"
    ),
    "combination_at_fit": HEAD + "m = LogisticRegression(penalty='l1', C=0.5)\nm.fit(X, y)\n",
    "combination_in_pipeline": (
        HEAD
        + "m = make_pipeline(StandardScaler(), LogisticRegression(penalty='l1'))\nm.fit(X, y)\n"
    ),
    "combination_in_pipeline_class": (
        HEAD
        + "m = Pipeline([('s', StandardScaler()), ('m', LogisticRegression(penalty='l1'))])\n"
        + "print('built')\nm.fit(X, y)\n"
    ),
    "linear_svc_combination": (
        "from sklearn.svm import LinearSVC\n"
        + HEAD
        + "LinearSVC(penalty='l1', loss='hinge').fit(X, y)\n"
    ),
}

FOREST = HEAD + "from sklearn.ensemble import RandomForestClassifier\n"
# A combination an ensemble's fit rejects before it builds any tree (trial-fitted small).
CRASHES["forest_subsample_without_bootstrap"] = (
    FOREST + "m = RandomForestClassifier(n_estimators=50, bootstrap=False, max_samples=0.7)\n"
    "m.fit(X, y)\n"
)
CRASHES["forest_out_of_bag_without_bootstrap"] = (
    FOREST + "RandomForestClassifier(bootstrap=False, oob_score=True).fit(X, y)\n"
)

VALID: dict[str, str] = {
    "forest_subsample_with_bootstrap": FOREST
    + "RandomForestClassifier(n_estimators=20, max_samples=0.7).fit(X, y)\n",
    "compatible_combination": HEAD
    + "LogisticRegression(penalty='l1', solver='saga', max_iter=50).fit(X, y)\n",
    "never_fitted": HEAD + "m = LogisticRegression(penalty='l1')\nprint(m)\n",
    "imputer_constant_on_text": (
        "from sklearn.impute import SimpleImputer\n"
        + HEAD
        + "SimpleImputer(strategy='constant', fill_value='missing').fit(df[['island']])\n"
    ),
    "pca_within_shape": "from sklearn.decomposition import PCA\n"
    + HEAD
    + "PCA(n_components=2).fit(X)\n",
    "kfold_shuffled": (
        "from sklearn.model_selection import KFold\nkf = KFold(n_splits=3, shuffle=True, random_state=0)\n"
    ),
}

# A column transformer fits a branch only when its columns select something: a bad imputer
# in a branch of named columns is the fit's error, in a branch selected by dtype that selects
# nothing (no text column left) it is never fitted.
BRANCHES = (
    "from sklearn.compose import ColumnTransformer, make_column_selector, make_column_transformer\n"
    "from sklearn.impute import SimpleImputer\n" + HEAD
)
CRASHES["bad_imputer_in_a_branch_of_named_columns"] = (
    BRANCHES + "ct = ColumnTransformer([('num', StandardScaler(), ['bill_length_mm']),\n"
    "                        ('cat', SimpleImputer(strategy='mode'), ['bill_depth_mm'])])\n"
    "make_pipeline(ct, LogisticRegression()).fit(X, y)\n"
)
CRASHES["bad_imputer_in_a_made_branch_of_one_column"] = (
    BRANCHES + "ct = make_column_transformer((SimpleImputer(strategy='mode'), 'bill_depth_mm'))\n"
    "ct.fit(X)\n"
)
CRASHES["bad_imputer_in_a_branch_selected_by_dtype_that_selects_columns"] = (
    BRANCHES + "ct = ColumnTransformer([\n"
    "    ('num', SimpleImputer(strategy='mode'), make_column_selector(dtype_include='number')),\n"
    "    ('cat', 'drop', make_column_selector(dtype_exclude='number'))])\n"
    "print(make_pipeline(ct, LogisticRegression()).fit(X, y).score(X, y))\n"
)
VALID["bad_imputer_in_a_branch_that_selects_no_column"] = (
    BRANCHES + "ct = ColumnTransformer([\n"
    "    ('num', StandardScaler(), make_column_selector(dtype_include='number')),\n"
    "    ('cat', SimpleImputer(strategy='mode'), make_column_selector(dtype_exclude='number'))])\n"
    "print(make_pipeline(ct, LogisticRegression()).fit(X, y).score(X, y))\n"
)
VALID["bad_imputer_in_a_branch_of_no_named_column"] = (
    BRANCHES + "ct = ColumnTransformer([('num', StandardScaler(), ['bill_length_mm']),\n"
    "                        ('cat', SimpleImputer(strategy='mode'), [])])\n"
    "print(make_pipeline(ct, LogisticRegression()).fit(X, y).score(X, y))\n"
)

# LightGBM's scikit-learn estimators pass the parameters they do not name on to the booster,
# which checks them when fit starts training (asked of the installed LightGBM, two rounds).
LGBM = (
    "import lightgbm as lgb\n"
    "train = df\n"
    "NUM = ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm', 'body_mass_g']\n"
    "base = {'n_estimators': 20, 'learning_rate': 0.1, 'min_child_samples': 1, 'verbose': -1}\n"
)


def _per_target(power: float) -> str:
    """Per-target LightGBM settings spread into one estimator's keywords, in a loop."""
    return (
        HEAD + LGBM + "per = {'a': {'objective': 'poisson'},\n"
        f"       'b': {{'objective': 'tweedie', 'tweedie_variance_power': {power}}}}}\n"
        "for name in ['a', 'b']:\n"
        "    params = {**base, **per[name]}\n"
        "    params['random_state'] = 0\n"
        "    model = lgb.LGBMRegressor(**params)\n"
        "    model.fit(train[NUM], train['year'])\n"
    )


CRASHES["lightgbm_tweedie_power_of_two_from_a_per_target_config"] = _per_target(2.0)
CRASHES["lightgbm_l1_objective_with_linear_trees"] = (
    HEAD + LGBM + "model = lgb.LGBMRegressor(objective='regression_l1', linear_tree=True, **base)\n"
    "model.fit(train[NUM], train['year'])\n"
)
VALID["lightgbm_tweedie_power_below_two"] = _per_target(1.5)
VALID["lightgbm_linear_trees_with_l2"] = (
    HEAD + LGBM + "model = lgb.LGBMRegressor(objective='regression', linear_tree=True, **base)\n"
    "model.fit(train[NUM], train['year'])\n"
)


def _canonical(text: str | None) -> str | None:
    if text is None:
        return None
    return re.sub(
        r"\{([^{}]*)\}",
        lambda m: "{" + ", ".join(sorted(p.strip() for p in m.group(1).split(","))) + "}",
        text,
    )


@pytest.fixture(scope="module")
def real(run_real) -> dict[str, str | None]:  # type: ignore[no-untyped-def]
    return run_real({**CRASHES, **VALID})


@pytest.mark.parametrize("name", sorted(CRASHES))
def test_the_library_names_the_crash(
    name: str, real: dict[str, str | None], data_dir: Path
) -> None:
    observed = real[name]
    assert observed is not None, "the snippet must really crash"
    first = analyze(CRASHES[name], data_dir).first_fatal
    assert first is not None and first.detector == "params", first
    assert _canonical(first.message) == _canonical(observed)
    assert observed.split(":")[0].rsplit(".", 1)[-1] == first.exc_type


@pytest.mark.parametrize("name", sorted(VALID))
def test_valid_arguments_get_no_finding(
    name: str, real: dict[str, str | None], data_dir: Path
) -> None:
    assert real[name] is None, real[name]
    assert analyze(VALID[name], data_dir).first_fatal is None


def test_the_crash_is_reported_at_fit_not_where_the_estimator_is_built(data_dir: Path) -> None:
    first = analyze(CRASHES["combination_in_pipeline_class"], data_dir).first_fatal
    assert first is not None
    assert first.line == CRASHES["combination_in_pipeline_class"].count("\n")


def test_an_error_that_depends_on_the_data_is_not_reported() -> None:
    # two components need three classes: the binary trial set fails, the 3-class one does not
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

    assert _ask_library(LinearDiscriminantAnalysis, {"n_components": 2}, True) is None
    found = _ask_library(LinearDiscriminantAnalysis, {"n_components": 9}, True)
    assert found is None or found[0] == "fit"


def test_arguments_that_are_not_literals_are_left_to_the_library_at_run_time(
    data_dir: Path,
) -> None:
    program = (
        HEAD
        + "import random\np = random.choice(['l1', 'l2'])\nLogisticRegression(penalty=p).fit(X, y)\n"
    )
    assert analyze(program, data_dir).first_fatal is None
