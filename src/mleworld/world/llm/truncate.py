"""Fitting a world-model input into a token budget, and recording what was cut.

A long input loses the middle of the program (its imports and data loading at
the top and its training and submission code at the bottom carry most of what
decides the outcome) and the tail of the data overview (the first files and
columns come first). The time limit and the package list are never cut: the
first decides timeouts and the second import errors, and both are short.
Each cut leaves a marker in the text, and the prediction's evidence records it.

The budget is measured with the model's own tokenizer (`count`), so a cut is
exact for the model that reads it, not an estimate.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from mleworld.errors import MleWorldError
from mleworld.world.format import WorldInput

PROGRAM_MARKER = "\n# [... {n} characters of the program cut to fit the model's context ...]\n"
OVERVIEW_MARKER = "\n[... {n} characters of the data overview cut to fit the model's context ...]"
_ROUNDS = 8


def cut_program(program: str, keep: int) -> tuple[str, int]:
    """`program` with its middle cut so that about `keep` characters remain (head and tail)."""
    if keep >= len(program):
        return program, 0
    keep = max(keep, 0)
    head_end = keep // 2
    tail_start = len(program) - (keep - head_end)
    # Cut at line boundaries so neither half ends in a broken line.
    nl = program.rfind("\n", 0, head_end)
    head_end = nl + 1 if nl >= 0 else 0
    nl = program.find("\n", tail_start)
    tail_start = nl + 1 if nl >= 0 else len(program)
    if tail_start <= head_end:
        return program, 0
    cut = tail_start - head_end
    return program[:head_end] + PROGRAM_MARKER.format(n=cut).lstrip("\n") + program[
        tail_start:
    ], cut


def cut_overview(overview: str, keep: int) -> tuple[str, int]:
    """`overview` with its tail cut so that about `keep` characters remain."""
    if keep >= len(overview):
        return overview, 0
    end = max(keep, 0)
    nl = overview.rfind("\n", 0, end)
    end = nl if nl >= 0 else 0
    cut = len(overview) - end
    return overview[:end] + OVERVIEW_MARKER.format(n=cut), cut


def fit_input(
    x: WorldInput, count: Callable[[WorldInput], int], budget: int
) -> tuple[WorldInput, dict[str, Any] | None]:
    """`x` cut to at most `budget` prompt tokens, and the evidence entry saying what was cut.

    `count(x)` is the number of prompt tokens the model sees for x. Returns x
    itself and None when it fits. Cuts are shared between the program and the
    overview in proportion to their lengths, and grown until the prompt fits.
    """
    before = count(x)
    if before <= budget:
        return x, None
    fixed = count(replace(x, program="", data_overview=""))
    if fixed > budget:
        raise MleWorldError(
            f"the parts of the prompt that are never cut (instructions, package list, time limit) "
            f"take {fixed} tokens, more than the {budget} the model reads; raise --max-len"
        )
    program, overview = x.program, x.data_overview
    chars = len(program) + len(overview)
    excess = before - budget
    fitted, cut_p, cut_o = x, 0, 0
    for _ in range(_ROUNDS):
        ratio = chars / max(before - fixed, 1)  # characters per token of the cuttable parts
        drop = int(excess * ratio * 1.1) + 64
        share = len(program) / chars if chars else 0.0
        new_program, cut_p = cut_program(program, len(program) - int(drop * share))
        new_overview, cut_o = cut_overview(overview, len(overview) - (drop - int(drop * share)))
        fitted = replace(x, program=new_program, data_overview=new_overview)
        now = count(fitted)
        if now <= budget:
            break
        excess += now - budget
    else:
        fitted = replace(x, program=cut_program(program, 0)[0], data_overview="")
        cut_p, cut_o = len(program), len(overview)
    return fitted, {
        "kind": "truncation",
        "prompt_tokens": before,
        "budget_tokens": budget,
        "program_chars_cut": cut_p,
        "overview_chars_cut": cut_o,
        "kept": ["time limit", "package list"],
    }
