"""Splitters that split by groups, asked for folds without them (splitter_groups.py).

`GroupKFold` and its kin refuse to split without `groups`: called directly, given as `cv`
to cross-validation, or to a search fitted without `groups=`. Every snippet runs for real
against the penguin-like data folder (conftest.run_real), so the message is scikit-learn's.
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import pandas as pd\n"
    "from sklearn.model_selection import GridSearchCV, GroupKFold, KFold, LeaveOneGroupOut\n"
    "from sklearn.model_selection import cross_val_score\n"
    "from sklearn.tree import DecisionTreeRegressor\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "X = train[['bill_length_mm', 'bill_depth_mm']]\n"
    "y = train['body_mass_g']\n"
    "print('read', train.shape)\n"
)
TREE = "DecisionTreeRegressor(random_state=0)"
GRID = f"GridSearchCV({TREE}, {{'max_depth': [1, 2]}}, cv=GroupKFold(n_splits=2))"

CRASHES: dict[str, tuple[str, str]] = {
    "folds_drawn_without_groups": (
        READ + "for tr, va in GroupKFold(n_splits=3).split(X, y):\n    print(len(tr))\n",
        "params",
    ),
    "leave_one_group_out_without_groups": (
        READ + "folds = list(LeaveOneGroupOut().split(X, y))\n",
        "params",
    ),
    "cross_validation_with_a_group_splitter": (
        READ + f"gkf = GroupKFold(n_splits=3)\nprint(cross_val_score({TREE}, X, y, cv=gkf))\n",
        "params",
    ),
    "a_search_fitted_without_groups": (READ + f"search = {GRID}.fit(X, y)\n", "params"),
}

VALID = {
    "folds_drawn_with_groups": (
        READ + "for tr, va in GroupKFold(n_splits=3).split(X, y, train['island']):\n"
        "    print(len(tr))\n"
    ),
    "groups_by_keyword": (
        READ + "folds = list(GroupKFold(n_splits=3).split(X, y, groups=train['island']))\n"
    ),
    "cross_validation_given_groups": (
        READ + f"print(cross_val_score({TREE}, X, y, cv=GroupKFold(n_splits=3), "
        "groups=train['island']))\n"
    ),
    "a_search_fitted_with_groups": READ + f"search = {GRID}.fit(X, y, groups=train['island'])\n",
    "plain_folds_need_no_groups": (
        READ + "for tr, va in KFold(n_splits=3).split(X, y):\n    print(len(tr))\n"
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
