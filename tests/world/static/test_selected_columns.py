"""Columns chosen by dtype on a frame whose values the walk holds, kept as exact lists.

`select_dtypes` of a frame the program computed is run on its values, so the columns it
keeps are known exactly; `df.columns.tolist()` of columns known in order is the list of
their names; and a filter reading a setting off an object (`c not in self.cat`) is
decided name by name. A text column then missing from the numeric part is pandas'
KeyError, and a column that is there reads. Every snippet runs for real against the
penguin-like data folder (conftest.run_real).
"""

from __future__ import annotations

from static_snippets import snippet_tests

HEAD = (
    "import pandas as pd\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "train['ratio'] = train['bill_length_mm'] / train['bill_depth_mm']\n"
)


def by_dtype(read: str) -> str:
    return HEAD + f"num = train.select_dtypes('number')\nprint(num[{read!r}])\n"


def by_setting(read: str) -> str:
    return (
        HEAD + "class Columns:\n"
        "    def __init__(self, df):\n"
        "        self.cat = df.select_dtypes(include=['object', 'string']).columns.tolist()\n"
        "        self.num = [c for c in df.columns if c not in self.cat]\n"
        "cols = Columns(train)\n"
        f"print(train[cols.num][{read!r}])\n"
    )


CRASHES = {
    "a_text_column_after_selecting_numbers": (by_dtype("island"), "columns"),
    "a_text_column_outside_the_numeric_list": (by_setting("sex"), "columns"),
}
VALID = {
    "a_computed_column_among_the_numbers": by_dtype("ratio"),
    "a_number_column_in_the_numeric_list": by_setting("body_mass_g"),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)
