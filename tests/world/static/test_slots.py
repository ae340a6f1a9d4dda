"""Class probabilities written into one column of an out-of-fold array (slots.py).

`oof[va] = model.predict_proba(X.iloc[va])`, the `[:, 1]` forgotten, stores a block of one
column a class into one value a row: numpy's "shape mismatch" ValueError, also for
`oof[va, j]` of a 2-D array, and for a model fitted on a fold of a two-class target held as
an array (`y[tr]`, predictions.fitted: a fold of two classes holds both); with the column
taken, all run. Every snippet runs for real
against the penguin-like data folder (conftest.run_real: `sex` holds two classes).
"""

from __future__ import annotations

from static_snippets import snippet_tests


def folds(store: str, shape: str = "len(X)", target: str = "train['sex']") -> str:
    """`target` a Series (its fold taken with .iloc) or an array (`.to_numpy()`, with [])."""
    rows = "y.iloc[tr]" if target.endswith("]") else "y[tr]"
    return (
        "import numpy as np\n"
        "import pandas as pd\n"
        "from sklearn.linear_model import LogisticRegression\n"
        "from sklearn.model_selection import KFold\n"
        "train = pd.read_csv('./input/train.csv')\n"
        f"X, y = train[['bill_length_mm', 'bill_depth_mm']], {target}\n"
        f"oof = np.zeros({shape})\n"
        "for tr, va in KFold(n_splits=3).split(X):\n"
        f"    m = LogisticRegression(max_iter=300).fit(X.iloc[tr], {rows})\n"
        f"    {store}\n"
        "print(oof.round(2))\n"
    )


CRASHES = {
    "probabilities_into_a_column_of_one": folds("oof[va] = m.predict_proba(X.iloc[va])"),
    "probabilities_into_one_column_of_two": folds(
        "oof[va, 0] = m.predict_proba(X.iloc[va])", "(len(X), 2)"
    ),
    "fitted_on_a_fold_of_a_two_class_array": folds(
        "oof[va] = m.predict_proba(X.iloc[va])", target="train['sex'].to_numpy()"
    ),
}
VALID = {
    "the_positive_class_into_a_column_of_one": folds("oof[va] = m.predict_proba(X.iloc[va])[:, 1]"),
    "probabilities_into_all_columns": folds("oof[va] = m.predict_proba(X.iloc[va])", "(len(X), 2)"),
    "the_positive_class_of_a_fold_of_an_array": folds(
        "oof[va] = m.predict_proba(X.iloc[va])[:, 1]", target="train['sex'].to_numpy()"
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID, detector="arrays")
)
