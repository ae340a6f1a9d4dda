"""Fallback paths: a handler that surely runs, a branch on whether a function was given.

A `try` whose body surely raises what its `except` catches runs that handler, as surely as
the body ran: a LightGBM fallback fitted on the same text column then raises outside any
`try` (flow.try_block). A body that runs leaves its handler an unlikely path, whose errors
are no finding. `prep is not None` of a function passed in is decided, so the frame the
function returns is the one fitted (expressions.py). Every snippet runs for real against
the penguin-like data folder (conftest.run_real).
"""

from __future__ import annotations

from static_snippets import snippet_tests

READ = (
    "import pandas as pd\n"
    "import lightgbm as lgb\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "y = train['species']\n"
    "BOOSTER = dict(n_estimators=3, min_child_samples=1, verbose=-1)\n"
)


def fallback(columns: str, repair: str) -> str:
    """Logistic regression first; on a ValueError, LightGBM on `repair` of the same frame."""
    return READ + (
        f"X = train[{columns}]\n"
        "try:\n"
        "    model = LogisticRegression(max_iter=300).fit(X, y)\n"
        "except ValueError as e:\n"
        "    print('logistic regression failed:', type(e).__name__)\n"
        f"    model = lgb.LGBMClassifier(**BOOSTER).fit({repair}, y)\n"
        "print('fitted', type(model).__name__)\n"
    )


def prepared(step: str) -> str:
    """A frame given to a helper with an optional preparing function."""
    return READ + (
        "def fit(X, prep=None):\n"
        "    if prep is not None:\n"
        "        X = prep(X)\n"
        "    return lgb.LGBMClassifier(**BOOSTER).fit(X, y)\n"
        "def step(df):\n"
        "    out = df.copy()\n"
        f"    out['island'] = {step}\n"
        "    return out\n"
        "print(fit(train[['island', 'bill_length_mm']], prep=step).n_features_in_)\n"
    )


CRASHES = {
    "a_fallback_on_the_same_text_column": (
        fallback("['island', 'bill_length_mm']", "X"),
        "dtypes",
    ),
    "a_preparing_step_that_keeps_the_text": (prepared("out['island'].str.lower()"), "dtypes"),
}
VALID = {
    "a_fallback_on_the_text_as_categories": fallback(
        "['island', 'bill_length_mm']", "X.assign(island=X['island'].astype('category'))"
    ),
    "a_fallback_never_taken": fallback("['bill_length_mm', 'bill_depth_mm']", "train"),
    "a_preparing_step_that_makes_categories": prepared("out['island'].astype('category')"),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
