"""Scores from a classifier's decision function, and branches on what a model can do.

A two-class classifier's `decision_function(X)` gives one score a row (scikit-learn
ravels the binary case), so `[:, 1]` of it raises numpy's IndexError; with three classes
it gives a column a class and the same subscript is fine. `hasattr(model, "predict_proba")`
is decided where the class decides it, so a helper that asks before calling takes the
branch the run takes: LinearSVC has no predict_proba, so its guarded call is not a finding,
and its decision scores meet the subscript. A stacking or voting ensemble's
`named_estimators_` are its members, fitted. A fitted attribute (`feature_importances_`)
is asked of the estimator's trial fits; `isinstance(model, Cls)`, `type(model).__name__`
and `model.__class__.__name__` are its class's. A model fitted on a fold's rows of a
two-class column (`y.iloc[tr]`) has both classes (a fit on one fails). Each snippet runs for real
(conftest.run_real: train.csv has 6 rows, test.csv 2; `sex` has two values, `species` three).
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import pandas as pd\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "from sklearn.svm import LinearSVC\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "X = train[['bill_length_mm', 'bill_depth_mm']]\n"
)


def decision(target: str) -> str:
    return (
        READ + f"m = LinearSVC().fit(X, train['{target}'])\nprint(m.decision_function(X)[:, 1])\n"
    )


def helper(models: str, fallback: str = "model.decision_function(X)[:, 1]") -> str:
    """Positive-class scores from a helper that asks the model what it can do."""
    return (
        READ + "def scores(model, X):\n"
        "    if hasattr(model, 'predict_proba'):\n"
        "        return model.predict_proba(X)[:, 1]\n"
        f"    return {fallback}\n"
        f"for model in [{models}]:\n"
        "    model.fit(X, train['sex'])\n"
        "    print(scores(model, X).mean())\n"
    )


def importances(test: str) -> str:
    """A model's importances read behind a test of what it is or has."""
    return (
        READ + "from sklearn.ensemble import RandomForestClassifier\n"
        "for m in [LogisticRegression(), RandomForestClassifier(n_estimators=5)]:\n"
        "    m.fit(X, train['sex'])\n"
        f"    if {test}:\n"
        "        print(m.feature_importances_)\n"
        "    else:\n"
        "        print(m.coef_)\n"
    )


def folds(target: str) -> str:
    """Decision scores of a fresh model per fold, fitted on the fold's rows."""
    return (
        READ + "import numpy as np\n"
        "from sklearn.model_selection import StratifiedKFold\n"
        f"y = train['{target}']\n"
        "oof = np.zeros((len(y), 3))\n"
        "for tr, va in StratifiedKFold(n_splits=2, shuffle=True, random_state=0).split(X, y):\n"
        "    m = LinearSVC().fit(X.iloc[tr], y.iloc[tr])\n"
        "    oof[va, 0] = m.decision_function(X.iloc[va])[:, 1]\n"
    )


CRASHES = {
    "two_class_decision_scores_indexed_as_columns": (decision("sex"), "positions"),
    "a_helper_falls_back_to_decision_scores_for_an_svm": (
        helper("LogisticRegression(), LinearSVC()"),
        "positions",
    ),
    "two_class_decision_scores_of_a_model_fitted_on_a_fold": (folds("sex"), "positions"),
    "an_isinstance_branch_takes_an_svm_s_decision_scores": (
        READ + "m = LinearSVC().fit(X, train['sex'])\n"
        "if isinstance(m, (LogisticRegression,)):\n"
        "    s = m.predict_proba(X)[:, 1]\n"
        "else:\n"
        "    s = m.decision_function(X)[:, 1]\n",
        "positions",
    ),
    "a_stack_member_without_importances": (
        READ
        + "from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier\n"
        "from sklearn.ensemble import StackingClassifier\n"
        "stack = StackingClassifier([('lr', LogisticRegression()),\n"
        "                            ('tree', HistGradientBoostingClassifier(max_iter=5))], cv=2)\n"
        "stack.fit(X, train['sex'])\n"
        "for name in ('lr', 'tree'):\n"
        "    if name != 'lr':\n"
        "        print(stack.named_estimators_[name].feature_importances_)\n",
        "module_attrs",
    ),
}
VALID = {
    "a_stack_member_with_importances": (
        READ
        + "from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier\n"
        "from sklearn.ensemble import StackingClassifier\n"
        "stack = StackingClassifier([('lr', LogisticRegression()),\n"
        "                            ('tree', RandomForestClassifier(n_estimators=5))], cv=2)\n"
        "stack.fit(X, train['sex'])\n"
        "for name in ('lr', 'tree'):\n"
        "    if name != 'lr':\n"
        "        print(stack.named_estimators_[name].feature_importances_)\n"
    ),
    "three_class_decision_scores_have_a_column_a_class": decision("species"),
    "a_helper_asks_before_calling_predict_proba": helper("LogisticRegression()"),
    "a_helper_takes_an_svm_s_whole_decision_scores": helper(
        "LogisticRegression(), LinearSVC()", "model.decision_function(X)"
    ),
    "importances_behind_hasattr_of_a_fitted_attribute": importances(
        "hasattr(m, 'feature_importances_')"
    ),
    "importances_behind_isinstance": importances("not isinstance(m, LogisticRegression)"),
    "importances_behind_the_type_s_name": importances(
        "type(m).__name__ == 'RandomForestClassifier'"
    ),
    "importances_behind_the_class_name": importances(
        "m.__class__.__name__ != 'LogisticRegression'"
    ),
    "three_class_decision_scores_of_a_model_fitted_on_a_fold": folds("species"),
    "two_class_decision_scores_used_whole": READ
    + "m = LinearSVC().fit(X, train['sex'])\nprint(m.decision_function(X).mean())\n",
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
