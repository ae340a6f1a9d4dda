"""Numbers a program prints that static analysis computed, and the predicted output printing them.

The program runs for real against the penguin-like data folder; the predicted output of
its clean run, given the report's numbers, prints the same lines where those numbers are
(row and column counts of known frames and lists, a known frame's shape, a column's
mean), where without them it guessed. A print inside a loop, and one in a function called with different frames, are
left to the guess: one position, several values.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from mleworld.tasks.overview import data_overview
from mleworld.world.static.analyze import analyze
from mleworld.world.terminal import predicted_output

PROGRAM = """\
import pandas as pd

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")


def encode(df):
    X = df.drop(columns=["id", "species"], errors="ignore")
    return pd.get_dummies(X, columns=["island", "sex"], dtype=float)


X = encode(train)
feats = list(X.columns)
print(len(train), "rows,", len(feats), "features")
print(f"mean mass {train['body_mass_g'].mean():.1f} g over {X.shape[1]} columns")
print("features", X.shape)


def build(df):
    print("built", len(df))
    return df[["bill_length_mm"]].copy()


a, b = build(train), build(test)
for k in range(2):
    print("fold", k, len(train) - k)
"""


def test_printed_numbers_are_the_real_ones_and_varying_ones_are_left_out(
    data_dir: Path, real_output: Callable[[str], str]
) -> None:
    real = real_output(PROGRAM).splitlines()
    report = analyze(PROGRAM, data_dir)
    lines = PROGRAM.splitlines()
    printed = {lines[line - 1][col:end]: n for (line, col, _, end), n in report.printed.items()}
    assert printed == {
        "len(train)": 6,
        "len(feats)": 10,
        "train['body_mass_g'].mean()": 4241.666666666667,
        "X.shape[1]": 10,
        "X.shape": (6, 10),
        # an f-string whose fields are all known is printed as its whole text
        "f\"mean mass {train['body_mass_g'].mean():.1f} g over {X.shape[1]} columns\"": (
            "mean mass 4241.7 g over 10 columns"
        ),
    }
    head = ["6 rows, 10 features", "mean mass 4241.7 g over 10 columns", "features (6, 10)"]
    assert real[:3] == head

    overview = data_overview(data_dir)
    told = predicted_output(PROGRAM, "None", data_overview=overview, printed=report.printed)
    assert told.splitlines()[:3] == head
    guessed = predicted_output(PROGRAM, "None", data_overview=overview)
    assert guessed.splitlines()[:3] != head


OPTIONS = """\
import argparse
import random

parser = argparse.ArgumentParser(description="penguins")
parser.add_argument("--model", default="forest")
parser.add_argument("--folds", type=int, default="4")
parser.add_argument("--lr", type=float, default=0.05)
args = parser.parse_args([])
print("model:", args.model, "folds:", args.folds)
print(f"learning rate {args.lr:.3f} for {args.model!r}")
print(f"model={args.model} draw={random.random()}")
"""


def test_command_line_defaults_are_printed_as_the_run_prints_them(
    data_dir: Path, real_output: Callable[[str], str]
) -> None:
    real = real_output(OPTIONS).splitlines()
    assert real[:2] == ["model: forest folds: 4", "learning rate 0.050 for 'forest'"]
    assert real[2].startswith("model=forest draw=0.")
    report = analyze(OPTIONS, data_dir)
    overview = data_overview(data_dir)
    told = predicted_output(OPTIONS, "None", data_overview=overview, printed=report.printed)
    assert told.splitlines()[:2] == real[:2]
    assert told.splitlines()[2].startswith("model=forest draw=")  # the draw is a guess
    guessed = predicted_output(OPTIONS, "None", data_overview=overview)
    assert guessed.splitlines()[:2] != real[:2]
    assert not guessed.splitlines()[2].startswith("model=forest draw=")
