"""The limits of numeric types (`np.finfo`, `np.iinfo`), and text ordered against a number.

The memory-saving habit of Kaggle notebooks walks every column, skips those whose dtype
is `object`, and compares each other column's minimum with the limits of smaller types:
`if c_min > np.finfo(np.float32).min:`. Under pandas 3 a text column's dtype is `str`,
not `object`, so its minimum is a text and the comparison fails inside numpy
("ufunc 'less' did not contain a loop with signature matching types ..."), or in Python
for a plain number ("'>' not supported between instances of 'str' and 'int'").

`limits` gives `np.finfo(t)` / `np.iinfo(t)` of a type the program names, `limit` their
fields as numbers; `check_order` runs an ordering comparison of a text and a number the
walk holds for real and reports what Python raises, in its own words.
"""

from __future__ import annotations

import ast
import operator
from typing import TYPE_CHECKING, Any

from mleworld.world.static.params import exception_line
from mleworld.world.static.values import UNKNOWN, Const, Number, Obj, Value

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.85
_ORDER = {ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge}
_FIELDS = frozenset({"min", "max", "eps", "tiny", "bits", "resolution", "smallest_normal"})


def limits(name: str) -> Any:
    """The handler of `np.finfo` or `np.iinfo`: the real object for a type the program
    names (`np.float32`, `"int16"`), UNKNOWN otherwise."""

    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        import numpy as np

        if star or kw or len(args) != 1:
            return UNKNOWN
        arg = args[0]
        spelt = arg.obj if isinstance(arg, Obj) else arg.value if isinstance(arg, Const) else None
        if spelt is None:
            return UNKNOWN
        try:
            return Obj(getattr(np, name)(spelt), f"np.{name}(...)")
        except (TypeError, ValueError):
            return UNKNOWN

    return handler


def limit(obj: Any, attr: str) -> Value | None:
    """`np.finfo(np.float32).min` and the other fields: the number; None when `obj` is not
    such an object."""
    import numpy as np

    if not isinstance(obj, np.finfo | np.iinfo) or attr not in _FIELDS:
        return None
    value = getattr(obj, attr, None)
    if isinstance(value, int) and not isinstance(value, bool):
        return Const(value)
    return Number.holding(value) if isinstance(value, np.generic) else None


def check_order(walker: Walker, op: ast.cmpop, left: Value, right: Value, node: ast.AST) -> None:
    """`text < number` (or the other way), both held: Python's or numpy's TypeError."""
    func = _ORDER.get(type(op))
    values = [_held(left), _held(right)]
    if func is None or None in values:
        return
    texts = [isinstance(v, str) for v in values]
    if texts.count(True) != 1:
        return
    try:
        func(*values)
    except TypeError as exc:
        walker.emit("operations", type(exc).__qualname__, exception_line(exc), node, CONFIDENCE)


def _held(value: Value) -> Any:
    """A text or a number the walk holds, as Python has it (None: not held)."""
    if isinstance(value, Const) and isinstance(value.value, str | int | float):
        return None if isinstance(value.value, bool) else value.value
    if isinstance(value, Number) and value.real is not None:
        return value.real
    return None


__all__ = ["check_order", "limit", "limits"]
