"""What printed pandas expressions show, computed from the data, and the predicted output using it.

Each program runs for real against the penguin-like data folder with its output to a pipe
(as the sandbox runs it); every text static analysis computed for a printed expression
must stand in that output word for word, and the predicted output of the clean run prints
them where it guessed before. Expressions that run the program's own code, values the walk
does not know, a set (its order changes between runs) and display options set at run time
are left out.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from mleworld.tasks.overview import data_overview
from mleworld.world.static.analyze import analyze
from mleworld.world.terminal import predicted_output

EXPLORES = """\
import numpy as np
import pandas as pd

TARGET = "species"
CFG = {"group": "island"}
NUMERIC = ["bill_length_mm", "body_mass_g"]
train = pd.read_csv("./input/train.csv")
print(train.head())
print(train.describe())
print(train[TARGET].value_counts())
print("balance", train[TARGET].value_counts(normalize=True).round(3).to_dict())
print(train.isna().sum())
print(train.groupby("island")["body_mass_g"].mean().round(1))
print(train[NUMERIC].corr().round(2))
print(list(train.columns))
print(f"species: {train[TARGET].unique()}")
print(train.dtypes)
train.info()
print(train.island.value_counts())
print(train[NUMERIC + ["year"]].max())
print(train.isna().sum()[train.isna().sum() >= 0])
print(pd.pivot_table(train, index=CFG["group"], values="body_mass_g", aggfunc="mean"))
print(np.log1p(train[NUMERIC]).mean().round(3))
print(set(train["island"]) - {"Dream", "Biscoe"}, set(train["year"]))
"""

WIDE = """\
import pandas as pd

pd.set_option("display.max_columns", 50)
pd.set_option("display.width", 200)
train = pd.read_csv("./input/train.csv")
print(train.describe().T)
"""

LEFT_OUT = """\
import pandas as pd

train = pd.read_csv("./input/train.csv")
print(train["island"].apply(lambda s: s.upper()).value_counts())
print(set(train["island"]))
for col in ["island", "sex"]:
    print(train[col].value_counts())
print(f"{train['species'].value_counts()!r}")
print(train.drop(columns=["island"], inplace=True))
"""

RUN_TIME_OPTION = """\
import pandas as pd

train = pd.read_csv("./input/train.csv")
pd.set_option("display.width", len(train.columns) * 10)
print(train.head())
"""


def _told(program: str, data_dir: Path) -> str:
    """The predicted output of a clean run, with the texts static analysis computed."""
    report = analyze(program, data_dir)
    return predicted_output(
        program, "None", data_overview=data_overview(data_dir), printed=report.printed
    )


def _texts(program: str, data_dir: Path) -> dict[str, str]:
    lines = program.splitlines()
    report = analyze(program, data_dir)
    return {
        lines[line - 1][col:end]: text
        for (line, col, _, end), text in report.printed.items()
        if isinstance(text, str)
    }


def test_what_exploration_prints_is_pandas_own_text_of_the_real_values(
    data_dir: Path, real_output: Callable[[str], str]
) -> None:
    real = real_output(EXPLORES)
    texts = _texts(EXPLORES, data_dir)
    assert set(texts) == {
        "train.head()",
        "train.describe()",
        "train[TARGET].value_counts()",
        "train[TARGET].value_counts(normalize=True).round(3).to_dict()",
        "train.isna().sum()",
        'train.groupby("island")["body_mass_g"].mean().round(1)',
        "train[NUMERIC].corr().round(2)",
        "list(train.columns)",
        "train[TARGET].unique()",
        "train.dtypes",
        "train.info()",
        "train.island.value_counts()",
        'train[NUMERIC + ["year"]].max()',
        "train.isna().sum()[train.isna().sum() >= 0]",
        'pd.pivot_table(train, index=CFG["group"], values="body_mass_g", aggfunc="mean")',
        "np.log1p(train[NUMERIC]).mean().round(3)",
        'set(train["island"]) - {"Dream", "Biscoe"}',  # one string: no order to vary
        'set(train["year"])',  # numbers: the same order in every run
    }
    for text in texts.values():
        assert text in real
    assert "{'Adelie': 0.333, 'Gentoo': 0.333, 'Chinstrap': 0.333}" in texts.values()

    told = _told(EXPLORES, data_dir)
    assert told.rstrip("\n") == real.rstrip("\n")  # word for word
    guessed = predicted_output(EXPLORES, "None", data_overview=data_overview(data_dir))
    assert guessed != told


LOGS = """\
import logging
import sys

import pandas as pd

logging.basicConfig(stream=sys.stdout, level=logging.INFO)
log = logging.getLogger("eda")
train = pd.read_csv("./input/train.csv")
log.info("rows %d, feature columns %d", len(train), train.shape[1] - 2)
log.info("classes\\n%s", train["species"].value_counts())
"""


def test_a_logging_calls_arguments_are_the_real_ones_too(
    data_dir: Path, real_output: Callable[[str], str]
) -> None:
    real = real_output(LOGS)
    assert "Name: count, dtype: int64" in real  # the record holds pandas' text
    assert _told(LOGS, data_dir).rstrip("\n") == real.rstrip("\n")


ENCODES = """\
import pandas as pd
from sklearn.preprocessing import LabelEncoder

train = pd.read_csv("./input/train.csv")
le = LabelEncoder()
y = le.fit_transform(train["species"])
print("classes:", list(le.classes_))
print(le.classes_)
print(y[:8], len(y))
islands = LabelEncoder().fit(train["island"])
print(islands.classes_.tolist(), islands.transform(["Dream"]))
print(le.inverse_transform([0, 2]))
print(dict(zip(le.classes_, le.transform(le.classes_))))
print(list(zip(train["island"].unique(), [1, 2, 3])))
"""


def test_an_encoder_fitted_on_known_values_prints_its_real_classes_and_codes(
    data_dir: Path, real_output: Callable[[str], str]
) -> None:
    """A LabelEncoder fitted on a column the walk knows is fitted again on those values:
    its classes, its codes and the labels they give back are the run's."""
    real = real_output(ENCODES)
    texts = _texts(ENCODES, data_dir)
    assert set(texts) == {
        "list(le.classes_)",
        "le.classes_",
        "y[:8]",
        "islands.classes_.tolist()",
        'islands.transform(["Dream"])',
        "le.inverse_transform([0, 2])",
        "dict(zip(le.classes_, le.transform(le.classes_)))",
        'list(zip(train["island"].unique(), [1, 2, 3]))',
    }
    assert _told(ENCODES, data_dir).rstrip("\n") == real.rstrip("\n")


def test_display_options_the_program_sets_shape_the_text(
    data_dir: Path, real_output: Callable[[str], str]
) -> None:
    real = real_output(WIDE)
    (text,) = _texts(WIDE, data_dir).values()
    assert text == real.rstrip("\n")
    assert "..." not in text  # 200 columns wide: nothing cut


def test_own_code_sets_and_varying_values_show_nothing(data_dir: Path) -> None:
    assert _texts(LEFT_OUT, data_dir) == {}


def test_a_step_that_would_change_values_in_place_is_not_replayed(
    data_dir: Path, real_output: Callable[[str], str]
) -> None:
    program = (
        "import pandas as pd\n"
        'train = pd.read_csv("./input/train.csv")\n'
        'print(train["sex"].replace("male", "M", inplace=True))\n'
        'print(train["sex"].value_counts())\n'
        'print(train.drop(columns=["island"], inplace=True))\n'
    )
    real = real_output(program)
    texts = _texts(program, data_dir)
    assert set(texts) == {'train["sex"].value_counts()'}
    assert texts['train["sex"].value_counts()'] in real  # "male": pandas 3 left train as it was


def test_an_option_set_at_run_time_leaves_every_text_out(data_dir: Path) -> None:
    assert _texts(RUN_TIME_OPTION, data_dir) == {}
    literal = RUN_TIME_OPTION.replace("len(train.columns) * 10", "120")
    assert set(_texts(literal, data_dir)) == {"train.head()"}
