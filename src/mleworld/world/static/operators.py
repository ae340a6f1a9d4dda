"""Python's operators as the functions that compute them, by the node type that spells them.

Where the walk computes an expression for real (constants folded, pandas Series and numpy
arrays whose values it holds, printed expressions replayed), `ARITHMETIC[type(node.op)]`
is what `a <op> b` runs. Each user takes the part it models.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from typing import Any

ARITHMETIC: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
    ast.Pow: operator.pow, ast.BitAnd: operator.and_, ast.BitOr: operator.or_,
}  # fmt: skip
COMPARISONS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt,
    ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
}  # fmt: skip
UNARY: dict[type, Callable[[Any], Any]] = {ast.USub: operator.neg, ast.Invert: operator.invert}


def part(table: dict[type, Callable[..., Any]], *kinds: type) -> dict[type, Callable[..., Any]]:
    """The entries of `table` for these node types only."""
    return {kind: table[kind] for kind in kinds}
