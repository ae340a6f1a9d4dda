"""A TargetEncoder's output names (encoders.target_encoded).

Past two classes the encoder gives a column a class and feature ("island_Adelie", ...), so
the feature's own name is not among its pandas output: `enc["island"]` is pandas'
KeyError; with two classes, or a numeric target, the column keeps the feature's name.
Every snippet runs for real against the penguin-like data folder (conftest.run_real:
three species, two rows each; `sex` holds two classes).
"""

from __future__ import annotations

from static_snippets import snippet_tests


def encoded(target: str, read: str, output: str = '.set_output(transform="pandas")') -> str:
    return (
        "import pandas as pd\n"
        "from sklearn.preprocessing import TargetEncoder\n"
        "train = pd.read_csv('./input/train.csv')\n"
        "test = pd.read_csv('./input/test.csv')\n"
        f"te = TargetEncoder(cv=2){output}\n"
        f"enc = te.fit_transform(train[['island']], train['{target}'])\n"
        f"train['island_te'] = {read}\n"
        "print(train.head())\n"
    )


CRASHES = {
    "the_feature_name_of_a_multiclass_encoding": (
        encoded("species", "enc['island']"),
        "columns",
    ),
    "a_column_past_the_classes_of_an_array": (
        encoded("species", "enc[:, 3]", output=""),
        "positions",
    ),
}
VALID = {
    "a_class_column_of_a_multiclass_encoding": encoded("species", "enc['island_Adelie']"),
    "the_feature_name_of_a_binary_encoding": encoded("sex", "enc['island']"),
    "the_feature_name_of_a_numeric_target": encoded("bill_length_mm", "enc['island']"),
    "the_last_column_of_the_array": encoded("species", "enc[:, 2]", output=""),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
