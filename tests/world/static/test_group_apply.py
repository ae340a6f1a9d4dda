"""`df.groupby(k).apply(f)` under pandas 3: each group's frame comes without the grouping columns.

A function that reads the grouping column from its group (`g["island"].iloc[0]`) raises
pandas' KeyError inside the library call, and `include_groups=True` is refused. Other
columns, and the group key from `g.name`, are fine. Every snippet runs for real against
the penguin-like data folder (conftest.run_real).
"""

from __future__ import annotations

from static_snippets import snippet_tests

HEAD = "import pandas as pd\ntrain = pd.read_csv('./input/train.csv')\n"
SUMMARY = (
    "def summary(g):\n"
    "    return pd.Series({'island': g['island'].iloc[0], 'birds': len(g),\n"
    "                      'mass': g['body_mass_g'].mean()})\n"
)

CRASHES: dict[str, object] = {
    "group_function_reads_the_key": (
        HEAD + SUMMARY + "table = train.groupby('island').apply(summary).reset_index(drop=True)\n",
        "columns",
    ),
    "lambda_reads_one_of_two_keys": (
        HEAD + "rows = train.groupby(['island', 'sex']).apply(lambda g: g['sex'].iloc[0])\n",
        "columns",
    ),
    "concatenated_frames_grouped": (
        HEAD
        + "test = pd.read_csv('./input/test.csv')\n"
        + SUMMARY
        + "both = pd.concat([train, test]).groupby('island').apply(summary)\n",
        "columns",
    ),
    "include_groups_true_is_refused": (
        HEAD + "n = train.groupby('island').apply(lambda g: len(g), include_groups=True)\n",
        "reductions",
    ),
}

VALID: dict[str, str] = {
    "other_columns_and_the_group_name": (
        HEAD + "def summary(g):\n"
        "    return pd.Series({'island': g.name, 'birds': len(g), 'mass': g['body_mass_g'].mean()})\n"
        "table = train.groupby('island').apply(summary)\nprint(table)\n"
    ),
    "a_selected_column": (
        HEAD + "m = train.groupby('island')['body_mass_g'].apply(lambda s: s.max() - s.min())\n"
        "print(m)\n"
    ),
    "include_groups_false": (
        HEAD + "n = train.groupby('island').apply(lambda g: len(g), include_groups=False)\n"
        "print(n)\n"
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
