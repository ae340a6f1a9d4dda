"""A Series' distinct values listed (`sorted(s.unique())`, `s.unique().tolist()`).

`s.unique()` of a column analysis holds gives its values in the order they first appear;
`sorted`, `list` and `tolist` of a short one give its items, so a class list built from
them (`{c: i for i, c in enumerate(CLASSES)}`) maps the target to held numbers: a metric
that averages as "binary" refuses three classes, and an item picked by its place in the
sorted list is the run's own. Every snippet runs for real against the penguin-like data
folder (conftest.run_real: three species, three islands; `sex` holds two classes).
"""

from __future__ import annotations

from static_snippets import snippet_tests

HEAD = (
    "import numpy as np\n"
    "import pandas as pd\n"
    "from sklearn.metrics import f1_score\n"
    "train = pd.read_csv('./input/train.csv')\n"
)


def mapped(column: str, listing: str, scored: str) -> str:
    return (
        HEAD + f"CLASSES = {listing}\n"
        "ids = {c: i for i, c in enumerate(CLASSES)}\n"
        f"y = train['{column}'].map(ids).to_numpy()\n"
        "pred = np.zeros(len(y), dtype=int)\n"
        f"print({scored})\n"
    )


CRASHES = {
    "binary_f1_of_three_sorted_classes": (
        mapped("species", "sorted(train['species'].unique())", "f1_score(y, pred)"),
        "params",
    ),
    "binary_f1_of_three_listed_classes": (
        mapped("species", "train['species'].unique().tolist()", "f1_score(y, pred)"),
        "params",
    ),
    "the_first_sorted_island_as_a_column": (
        HEAD + "first = sorted(train['island'].unique())[0]\nprint(train[first])\n",
        "columns",
    ),
}
VALID = {
    "macro_f1_of_three_classes": mapped(
        "species", "sorted(train['species'].unique())", "f1_score(y, pred, average='macro')"
    ),
    "binary_f1_of_two_classes": mapped("sex", "sorted(train['sex'].unique())", "f1_score(y, pred)"),
    "numbers_sorted_then_the_largest_taken": (
        HEAD + "years = sorted(train['year'].unique())\n"
        "print(train[train['year'] == years[-1]].shape)\n"
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
