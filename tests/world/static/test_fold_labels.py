"""A Series read with an id index, indexed with a fold's positions: pandas reads them as labels.

Penguin-like rows with ids 3, 6, 9, ... (`index_col="id"`): a fold's positions 0 .. n-1 are
mostly not labels, so `y[tr]` raises a KeyError listing them; `y.iloc[tr]`, or ids that are
the positions themselves, run. Each program runs for real on its own 120-row data folder;
the finding names the class (which positions the shuffled fold drew is not known, so its
list is a near guess that starts as pandas' does).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mleworld.world.static import analyze
from static_snippets import last_line_of_run

ROWS = 120
PROGRAM = (
    "import pandas as pd\n"
    "from sklearn.model_selection import KFold\n"
    "train = pd.read_csv('input/train.csv', index_col='id')\n"
    "y = train['body_mass_g']\n"
    "X = train[['bill_length_mm', 'bill_depth_mm']].to_numpy()\n"
    "for tr, va in KFold(4, shuffle=True, random_state=0).split(X):\n"
    "    print(round(float({lookup}.mean()), 1))\n"
)


def _data(root: Path, step: int) -> Path:
    lines = ["id,bill_length_mm,bill_depth_mm,body_mass_g"]
    lines += [f"{i * step},{38 + i % 9}.5,{15 + i % 5}.1,{3500 + 10 * i}" for i in range(ROWS)]
    public = root / "public"
    public.mkdir(parents=True)
    (public / "train.csv").write_text("\n".join(lines) + "\n")
    return public


def _run(public: Path, program: str) -> str | None:
    return last_line_of_run(public, program, public.parent / "work")


def test_positions_read_as_labels_of_ids_are_a_key_error(tmp_path: Path) -> None:
    public = _data(tmp_path, step=3)
    program = PROGRAM.format(lookup="y[tr]")
    observed = _run(public, program)
    assert observed is not None and observed.endswith("] not in index'")
    first = analyze(program, public).first_fatal
    assert first is not None and first.exc_type == "KeyError"
    assert first.message.startswith("KeyError: '[1, 2, 4, 5, 7, ")
    # the run names the positions its fold drew: each is among those the finding lists
    drawn = observed.removeprefix("KeyError: '[").split(", ")[:10]
    assert set(drawn) <= set(first.message.removeprefix("KeyError: '[").split(", "))


@pytest.mark.parametrize(("step", "lookup"), [(3, "y.iloc[tr]"), (1, "y[tr]")])
def test_positions_by_iloc_or_ids_that_are_positions_run(
    tmp_path: Path, step: int, lookup: str
) -> None:
    public = _data(tmp_path, step=step)
    program = PROGRAM.format(lookup=lookup)
    assert _run(public, program) is None
    assert analyze(program, public).first_fatal is None
