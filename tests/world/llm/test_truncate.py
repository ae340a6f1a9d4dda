"""Cutting a long input to a token budget: the middle of the program, the tail of the overview."""

from __future__ import annotations

import pytest

from mleworld.errors import MleWorldError
from mleworld.world.format import WorldInput, render_user
from mleworld.world.llm.truncate import cut_overview, cut_program, fit_input


def count(x: WorldInput) -> int:
    return len(render_user(x)) // 4  # a stand-in tokenizer: four characters a token


def long_input() -> WorldInput:
    program = (
        "import pandas as pd\n"
        + "".join(f"x{i} = {i}\n" for i in range(3000))
        + "df.to_csv('submission.csv')\n"
    )
    overview = "train.csv: 100 rows\n" + "".join(f"  col{i}: float64\n" for i in range(2000))
    return WorldInput(
        program=program,
        packages={"pandas": "2.2.0", "numpy": "1.26.4"},
        python_version="3.11.7",
        data_overview=overview,
        time_limit_s=123,
    )


def test_short_input_is_untouched() -> None:
    x = WorldInput(program="print(1)\n", data_overview="train.csv: 3 rows")
    assert fit_input(x, count, 10_000) == (x, None)


def test_long_input_loses_program_middle_and_overview_tail_only() -> None:
    x = long_input()
    fitted, cut = fit_input(x, count, 2000)
    assert count(fitted) <= 2000 < count(x)
    assert fitted.program.startswith("import pandas as pd\nx0 = 0\n")
    assert fitted.program.endswith("df.to_csv('submission.csv')\n")
    assert "characters of the program cut" in fitted.program
    assert fitted.data_overview.startswith("train.csv: 100 rows\n  col0: float64")
    assert fitted.data_overview.rstrip().endswith("cut to fit the model's context ...]")
    assert fitted.packages == x.packages and fitted.time_limit_s == 123
    assert "123 s of wall-clock time" in render_user(fitted)
    assert cut["kind"] == "truncation" and cut["budget_tokens"] == 2000
    assert cut["program_chars_cut"] > 0 and cut["overview_chars_cut"] > 0
    assert cut["prompt_tokens"] == count(x)


def test_fixed_parts_over_budget_is_one_clear_error() -> None:
    x = long_input()
    with pytest.raises(MleWorldError, match="raise --max-len"):
        fit_input(x, count, 10)


def test_cuts_fall_on_line_boundaries() -> None:
    text = "".join(f"line {i}\n" for i in range(100))
    cut_text, n = cut_program(text, 200)
    head, _, tail = cut_text.partition("# [...")
    assert head.endswith("\n") and n > 0
    assert all(line.startswith("line ") for line in head.splitlines())
    kept, m = cut_overview(text, 100)
    assert kept.startswith("line 0\n") and m == len(text) - kept.index("\n[...")
