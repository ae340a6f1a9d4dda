"""DataFrame columns followed from the CSV header through a program."""

from __future__ import annotations

from pathlib import Path

import pytest

from mleworld.world.static import analyze

READ = "import pandas as pd\ndf = pd.read_csv('./input/train.csv')\n"


def fatal(program: str, data_dir: Path) -> list[str]:
    return [
        f.message for f in analyze(program, data_dir).findings if f.fatal and f.confidence >= 0.5
    ]


@pytest.mark.parametrize(
    "body",
    [
        "df['new'] = 1\nx = df[['island', 'new']]\n",
        "full = pd.concat([df, pd.read_csv('./input/test.csv')])\nprint(full[['species', 'year']])\n",
        "x = df.drop(columns=['nope'], errors='ignore')\n",
        "x = df.drop(index=[0, 1])['island']\n",
        "x = df[df['year'] > 2007]['island']\ny = df.iloc[:3]['sex']\nz = df.loc[df.year > 0, 'sex']\n",
        "import random\nif random.random() > 0.5:\n    df = df.drop(columns=['sex'])\nprint(df['sex'])\n",
        "df = df.rename(columns={'sex': 'gender'})\nprint(df['gender'])\n",
        "df2 = pd.read_csv('./input/train.csv', header=None)\nprint(df2['whatever'])\n",
        "df2 = pd.read_csv('./input/train.csv', names=['a', 'b'])\nprint(df2[['a', 'b']])\n",
        "df.columns = ['c%d' % i for i in range(len(df.columns))]\nprint(df['c0'])\n",
        "cols = ['island', 'sex']\ncols.append('made_up')\ndf['made_up'] = 0\nprint(df[cols])\n",
        "def add(d):\n    d['extra'] = 1\nadd(df)\nprint(df['extra'])\n",
        "import functools\n@functools.singledispatch\ndef add(d):\n    d['extra'] = 1\nadd(df)\nprint(df['extra'])\n",
        "for c in ['a', 'b']:\n    df[c] = 0\nprint(df[['a', 'b']])\n",
        "print(df.species.value_counts(), df.shape, df.T)\n",
    ],
)
def test_columns_that_exist_on_the_path_are_fine(body: str, data_dir: Path) -> None:
    assert fatal(READ + body, data_dir) == []


def test_usecols_and_index_col_trim_the_columns(data_dir: Path) -> None:
    program = "import pandas as pd\ndf = pd.read_csv('./input/train.csv', usecols=['id', 'year'])\nprint(df['island'])\n"
    assert fatal(program, data_dir) == ["KeyError: 'island'"]


def test_a_dropped_column_stays_dropped_in_place(data_dir: Path) -> None:
    program = READ + "df.drop(columns=['species'], inplace=True)\ny = df['species']\n"
    assert fatal(program, data_dir) == ["KeyError: 'species'"]


def test_set_index_removes_the_column(data_dir: Path) -> None:
    program = READ + "df = df.set_index('id')\nprint(df['id'])\n"
    assert fatal(program, data_dir) == ["KeyError: 'id'"]


def test_a_column_missing_in_an_undecided_branch_is_less_certain(data_dir: Path) -> None:
    program = READ + "import random\nif random.random() > 0.5:\n    print(df['pricez'])\n"
    finding = analyze(program, data_dir).findings[0]
    assert finding.message == "KeyError: 'pricez'" and 0.5 <= finding.confidence < 0.7


def test_the_header_is_read_as_pandas_names_it(tmp_path: Path) -> None:
    data = tmp_path / "public"
    data.mkdir()
    (data / "train.csv").write_text('\ufeff"a,b",a,,a\n1,2,3,4\n', encoding="utf-8")
    program = "import pandas as pd\ndf = pd.read_csv('./input/train.csv')\n"
    ok = program + "print(df[['a,b', 'a', 'Unnamed: 2', 'a.1']])\n"
    assert fatal(ok, data) == []
    assert fatal(program + "print(df['b'])\n", data) == ["KeyError: 'b'"]
