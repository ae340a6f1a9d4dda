"""The numbers and data a program prints that the walk computed from the real input files.

`print(len(FEATS), "features")` after a feature function, `print(f"pos rate {y.mean():.2f}")`,
`print(X.shape)` of a frame whose rows and columns are known:
the walk knows these values exactly (the frame's columns, the column's values), where
the predicted output's own lighter reading could only guess. Each argument of a
`print` call, and each field of an f-string, that the walk evaluates to a number is
noted by its position; the report carries the ones whose every evaluation gave the
same number, met outside a loop the walk did not unroll (a value there changes from
one iteration to the next). Where a printed argument is not a number, the text it
shows (`df.describe()`, `y.value_counts().to_dict()`) is noted the same way when
shown.py can compute it.

Not here: printing them (world/terminal/ looks them up by position).
"""

from __future__ import annotations

import ast
import numbers
from collections.abc import Callable

from mleworld.world.static.values import Const, Count, Number, Seq, Value

Position = tuple[int, int, int, int]
Printable = int | float | tuple[int | float, ...] | str  # str: the text shown (shown.py)


def position(node: ast.AST) -> Position | None:
    """(line, column, end line, end column) of a node; None without one."""
    end_line, end_col = getattr(node, "end_lineno", None), getattr(node, "end_col_offset", None)
    if end_line is None or end_col is None:
        return None
    return (node.lineno, node.col_offset, end_line, end_col)  # type: ignore[attr-defined]


def number_of(value: Value) -> int | float | tuple[int | float, ...] | None:
    """The Python number a value surely is (a constant, a count, a computed statistic), or
    the tuple of them it is (a known frame's `shape`)."""
    if isinstance(value, Seq) and value.kind == "tuple" and value.items:
        parts = [number_of(v) for v in value.items]
        if all(isinstance(n, int | float) for n in parts):
            return tuple(parts)  # type: ignore[arg-type]
        return None
    if isinstance(value, Count):
        return value.n
    if not isinstance(value, Const | Number):
        return None
    raw = value.value if isinstance(value, Const) else value.real
    if isinstance(raw, bool) or not isinstance(raw, numbers.Real):
        return None
    if hasattr(raw, "item"):
        raw = raw.item()  # numpy's scalar as Python's
    return raw if isinstance(raw, int | float) else None


class Printed:
    """Per printed expression: its one number, or None once it was unknown or varied."""

    def __init__(self) -> None:
        self._seen: dict[Position, Printable | None] = {}

    def note(
        self, node: ast.AST, value: Value, repeated: bool, text: Callable[[], str | None]
    ) -> None:
        """Note what `node` printed this time: its number, else the `text` it shows."""
        key = position(node)
        if key is None:
            return
        known: Printable | None = None
        if not repeated and (key not in self._seen or self._seen[key] is not None):
            known = number_of(value)
            if known is None:
                known = text()
        if key in self._seen and self._seen[key] != known:
            known = None
        self._seen[key] = known

    def known(self) -> dict[Position, Printable]:
        return {key: n for key, n in self._seen.items() if n is not None}
