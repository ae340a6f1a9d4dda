"""Pure lambdas run on known values; grouped aggregations (`agg`) run for real (static/pure.py).

A lambda that reads only its parameters, literals, a few builtins and numpy/pandas
computations is run on the values analysis knows (`s.apply(lambda v: ...)`,
`s.map(lambda s: s.lower())`, `groupby(k).agg(share=("flag", lambda v: ...))`), so the
column or table it makes keeps its values: NaN a lambda leaves reaches the estimator that
refuses it, and a merge of a grouped table on a key of another dtype is pandas' own
ValueError. Any other lambda (one that prints, opens, reads a global, calls an unknown
method) is never run.
"""

from __future__ import annotations

import ast

import pytest

from mleworld.world.static import pure
from mleworld.world.static.values import FuncVal
from static_snippets import snippet_tests

READ = (
    "import numpy as np\n"
    "import pandas as pd\n"
    "from sklearn.linear_model import LogisticRegression\n"
    "train = pd.read_csv('./input/train.csv')\n"
    "y = train['species']\n"
)
TABLE = (
    READ + "t = train.groupby('year').agg(n=('id', 'size'),"
    " male=('sex', lambda v: (v == 'male').mean()), mass=('body_mass_g', 'mean')).reset_index()\n"
    "t['mixed'] = t['male'].apply(lambda v: int(0.2 < v < 0.8))\n"
)

CRASHES: dict[str, tuple[str, str]] = {
    "a_lambda_leaves_nan_in_a_column": (
        READ + "train['n'] = train['island'].apply(lambda s: len(s) if s != 'Dream' else None)\n"
        "LogisticRegression(max_iter=300).fit(train[['year', 'n']], y)\n",
        "dtypes",
    ),
    "grouped_table_merged_on_a_key_of_another_dtype": (
        TABLE + "train['year'] = train['year'].astype(str)\n"
        "full = train.merge(t, on='year', how='left')\n",
        "computed",
    ),
}

VALID: dict[str, str] = {
    "grouped_table_merged_on_the_same_key": (
        TABLE + "full = train.merge(t, on='year', how='left')\n"
        "LogisticRegression(max_iter=300).fit(full[['year', 'n', 'male', 'mixed']], y)\n"
    ),
    "lambdas_of_text_and_numbers": (
        READ + "train['isl'] = train['island'].map(lambda s: s.lower().startswith('b'))\n"
        "train['logm'] = train['body_mass_g'].apply(lambda v: np.log1p(v) / 10)\n"
        "LogisticRegression(max_iter=300).fit(train[['year', 'isl', 'logm']], y)\n"
    ),
}

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)


class _Walker:
    def __init__(self, source: str) -> None:
        self.tree = ast.parse(source)


def _lambda(source: str) -> tuple[_Walker, FuncVal]:
    walker = _Walker("import numpy as np\nimport os\nLIMIT = 3\nf = " + source + "\n")
    node = walker.tree.body[-1].value  # type: ignore[attr-defined]
    return walker, FuncVal(node, [], {}, [])


@pytest.mark.parametrize(
    ("source", "given", "expected"),
    [
        ("lambda v: (v == 'Yes').mean()", (["Yes", "No"],), None),
        ("lambda s: s.lower().strip()", (" AB ",), "ab"),
        ("lambda v: np.log1p(v) if v > 0 else 0.0", (0.0,), 0.0),
        ("lambda a, b: max(a, b) - min(a, b)", (3, 5), 2),
    ],
)
def test_a_pure_lambda_runs(source: str, given: tuple, expected: object) -> None:
    walker, func = _lambda(source)
    function = pure.compiled(walker, func)  # type: ignore[arg-type]
    assert function is not None
    if expected is not None:
        assert function(*given) == expected


@pytest.mark.parametrize(
    "source",
    [
        "lambda v: print(v)",  # a builtin with an effect
        "lambda v: open(v).read()",
        "lambda v: v + LIMIT",  # a global of the program
        "lambda v: os.remove(v)",  # a module that is not a computation
        "lambda v: v.to_csv('out.csv')",  # a method that writes
        "lambda v: (lambda w: w)(v)",  # a lambda inside
        "lambda v: [w for w in v]",  # a comprehension
        "lambda v, k=2: v * k",  # a default
        "lambda v: v.__class__",
    ],
)
def test_any_other_lambda_is_never_run(source: str) -> None:
    walker, func = _lambda(source)
    assert pure.compiled(walker, func) is None  # type: ignore[arg-type]
