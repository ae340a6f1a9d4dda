"""Pure lambdas run on known values; grouped aggregations (`agg`) run for real (static/pure.py).

A lambda that reads only its parameters, literals, a few builtins and numpy/pandas
computations is run on the values analysis knows (`s.apply(lambda v: ...)`,
`s.map(lambda s: s.lower())`, `groupby(k).agg(share=("flag", lambda v: ...))`), so the
column or table it makes keeps its values: NaN a lambda leaves reaches the estimator that
refuses it, and a merge of a grouped table on a key of another dtype is pandas' own
ValueError. A small function the program defines (assignments, `if`s, `return`s; `re`'s
matching; a module-level dict of literals) runs the same way. Any other lambda or function
(one that prints, opens, reads a global that is not a literal, loops, calls an unknown
method) is never run.
"""

from __future__ import annotations

import ast

import pytest

from mleworld.world.static import pure
from mleworld.world.static.values import UNKNOWN, Const, FuncVal
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


def _titles(groups: str) -> str:
    """A program's own function of the island, looked up in a module-level dict of `groups`."""
    return (
        READ + "import re\n"
        f"GROUPS = {groups}\n"
        "def group_of(name):\n"
        "    m = re.match(r'([A-Z][a-z]+)', name)\n"
        "    key = m.group(1) if m else ''\n"
        "    return GROUPS.get(key)\n"
        "train['g'] = train['island'].apply(group_of)\n"
        "train['g_b'] = (train['g'] == 'B').astype(int)\n"
        "train['g_len'] = train['g'].str.len()\n"
        "LogisticRegression(max_iter=300).fit(train[['year', 'g_b', 'g_len']], y)\n"
    )


CRASHES["a_function_of_the_program_maps_titles_to_nan"] = (
    _titles("{'Torgersen': 'T', 'Biscoe': 'B'}"),
    "dtypes",
)
VALID["a_function_of_the_program_maps_every_title"] = _titles(
    "{'Torgersen': 'T', 'Biscoe': 'B', 'Dream': 'D'}"
)

real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
    snippet_tests(CRASHES, VALID)
)


class _Module:
    values = {"LIMIT": Const(3), "model": UNKNOWN}


class _Walker:
    def __init__(self, source: str) -> None:
        self.tree = ast.parse(source)
        self.module = _Module()


def _lambda(source: str) -> tuple[_Walker, FuncVal]:
    walker = _Walker("import numpy as np\nimport os\nLIMIT = 3\nf = " + source + "\n")
    node = walker.tree.body[-1].value  # type: ignore[attr-defined]
    return walker, FuncVal(node, [], {}, [])


def _function(source: str) -> tuple[_Walker, FuncVal]:
    walker = _Walker("import re\nLIMIT = 3\n" + source)
    node = walker.tree.body[-1]
    return walker, FuncVal(node, [], {}, [])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("source", "given", "expected"),
    [
        ("lambda v: (v == 'Yes').mean()", (["Yes", "No"],), None),
        ("lambda s: s.lower().strip()", (" AB ",), "ab"),
        ("lambda v: np.log1p(v) if v > 0 else 0.0", (0.0,), 0.0),
        ("lambda a, b: max(a, b) - min(a, b)", (3, 5), 2),
        ("lambda v: v + LIMIT", (2,), 5),  # a literal of the program's module
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
        "lambda v: v + model",  # a global of the program that is not a literal
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


def test_a_pure_function_runs() -> None:
    walker, func = _function(
        "def title(name):\n"
        '    """The title between the comma and the dot."""\n'
        "    m = re.search(r',\\s*([^.]+)\\.', name)\n"
        "    if m:\n"
        "        return m.group(1).strip()\n"
        "    return 'none' * LIMIT\n"
    )
    function = pure.compiled(walker, func)  # type: ignore[arg-type]
    assert function is not None
    assert function("Braund, Mr. Owen") == "Mr"
    assert function("nobody") == "nonenonenone"


@pytest.mark.parametrize(
    "source",
    [
        "def f(v):\n    print(v)\n    return v\n",  # an effect
        "def f(v):\n    for w in v:\n        return w\n",  # a loop
        "def f(v):\n    return v + model\n",  # a global that is not a literal
        "def f(v, k=2):\n    return v * k\n",  # a default
        "@cache\ndef f(v):\n    return v\n",  # a decorator
        "def f(v):\n    v.x = 1\n    return v\n",  # a store into an object
        "def f(v):\n    return re.compile(v)\n",  # a regex method outside the matching ones
    ],
)
def test_any_other_function_is_never_run(source: str) -> None:
    walker, func = _function(source)
    assert pure.compiled(walker, func) is None  # type: ignore[arg-type]
