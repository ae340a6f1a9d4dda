"""Frequency strings the installed pandas no longer parses: `resample("M")`, `freq="H"`.

pandas 3 dropped the old offset aliases ("M", "Y", "Q" became "ME", "YE", "QE"; "H",
"T", "S" became "h", "min", "s"). Every place that takes a frequency hands it to
`pandas.tseries.frequencies.to_offset` before it looks at the data (resample and
Grouper build their grouper first, date_range its offset), so a literal frequency
decides the ValueError alone: analysis asks the installed pandas to parse it and
reports its message as it is.
"""

from __future__ import annotations

import ast
from functools import cache
from typing import TYPE_CHECKING

from mleworld.world.static.params import exception_line
from mleworld.world.static.values import UNKNOWN, Const, Value

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.95
# frame and Series methods: where their frequency argument sits
METHODS = {"resample": (0, "rule"), "asfreq": (0, "freq")}
# pandas functions and classes (HANDLERS of library.py): where theirs sits
_FUNCTIONS = {
    "date_range": (3, "freq"),
    "bdate_range": (3, "freq"),
    "timedelta_range": (3, "freq"),
    "Grouper": (None, "freq"),
}


@cache
def rejection(freq: str) -> str | None:
    """The line Python prints when pandas cannot parse frequency `freq` (None: it can)."""
    from pandas.tseries.frequencies import to_offset

    try:
        to_offset(freq)
    except ValueError as exc:
        return exception_line(exc)
    except Exception:
        return None
    return None


def _check(
    walker: Walker,
    where: tuple[int | None, str],
    args: list[Value],
    kw: dict[str, Value],
    node: ast.AST,
) -> None:
    position, keyword = where
    value = kw.get(keyword)
    if value is None and position is not None and len(args) > position:
        value = args[position]
    if isinstance(value, Const) and isinstance(value.value, str):
        message = rejection(value.value)
        if message is not None:
            walker.emit("offsets", "ValueError", message, node, CONFIDENCE)


def check_method(
    walker: Walker, name: str, args: list[Value], kw: dict[str, Value], node: ast.AST, star: bool
) -> None:
    """`frame.resample(rule)` / `series.asfreq(freq)` on a tracked frame or Series."""
    if name in METHODS and not star:
        _check(walker, METHODS[name], args, kw, node)


def _handler(name: str):  # type: ignore[no-untyped-def]
    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        if not star:
            _check(walker, _FUNCTIONS[name], args, kw, node)
        return UNKNOWN

    return handler


HANDLERS = {("pandas", name): _handler(name) for name in _FUNCTIONS}
