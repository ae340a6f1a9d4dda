"""Positional indexing past a frame's real shape: `df.iloc[:, k]` with k beyond its columns.

The same for the 2-D array a frame gives (`df.to_numpy()[:, k]`, `df.values[:, [i, k]]`),
with numpy's message naming the first position outside the width.

A frame whose columns the walk knows exactly (read from an input file, then
selected, dropped, renamed or given named columns) has a known width; pandas
raises IndexError for a column position outside it. Only `iloc[rows, cols]`
with a slice for the rows is judged, since a scalar row reaches numpy's own
indexing, whose message differs. Rows are never judged: the walk does not
follow row counts.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from mleworld.world.static.params import exception_line, literal
from mleworld.world.static.values import UNKNOWN, ArrayVal, Frame, Seq, Value

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.9


def _outside(position: object, width: int) -> bool:
    return (
        isinstance(position, int)
        and not isinstance(position, bool)
        and not -width <= position < width
    )


def iloc_columns(walker: Walker, frame: Frame, key: Value, node: ast.Subscript) -> bool:
    """Report `frame.iloc[:, k]` past the frame's width; True when it was reported."""
    if not (frame.exact and frame.is_frame and frame.columns is not None):
        return False
    if not isinstance(node.slice, ast.Tuple) or len(node.slice.elts) != 2:
        return False
    if not isinstance(node.slice.elts[0], ast.Slice):
        return False
    if not isinstance(key, Seq) or key.items is None or len(key.items) != 2:
        return False
    width = len(frame.columns)
    cols = literal(key.items[1])
    if _outside(cols, width):
        message = "IndexError: single positional indexer is out-of-bounds"
    elif isinstance(cols, list) and cols and any(_outside(c, width) for c in cols):
        if not all(isinstance(c, int) and not isinstance(c, bool) for c in cols):
            return False
        message = "IndexError: positional indexers are out-of-bounds"
    else:
        return False
    walker.emit("positions", "IndexError", message, node, CONFIDENCE)
    return True


def array(frame: Frame) -> Value | None:
    """The array `frame.to_numpy()` / `frame.values` gives, when the frame's width is known."""
    if frame.exact and frame.is_frame and frame.columns is not None:
        return ArrayVal(len(frame.columns), rows=frame.rows)
    return None


# 2-D arrays larger than this are not rebuilt to ask numpy how it reshapes them
_RESHAPE_CELLS = 100_000_000


def array_method(
    walker: Walker, arr: ArrayVal, name: str, args: list[Value], kw: dict[str, Value], node: ast.AST
) -> Value:
    """`arr.reshape(-1, 8, 9)` of an array whose rows and width are known: numpy decides.

    `astype` and `copy` keep the shape."""
    if name in ("astype", "copy") and len(args) <= 1:
        return ArrayVal(arr.width, rows=arr.rows)
    if name != "reshape" or kw or not args or arr.rows is None:
        return UNKNOWN
    shape = [literal(a) for a in args]
    if len(shape) == 1 and isinstance(shape[0], tuple | list):
        shape = list(shape[0])
    if not all(isinstance(d, int) and not isinstance(d, bool) for d in shape):
        return UNKNOWN
    cells = arr.rows * arr.width
    if cells > _RESHAPE_CELLS:
        return UNKNOWN
    import numpy as np

    try:
        np.zeros(cells, dtype=np.bool_).reshape(shape)  # calloc'd: no page is touched
    except ValueError as exc:
        walker.emit("lengths", "ValueError", exception_line(exc), node, CONFIDENCE)
    except Exception:
        return UNKNOWN
    return UNKNOWN


def array_columns(walker: Walker, arr: ArrayVal, key: Value, node: ast.Subscript) -> None:
    """`arr[:, k]` or `arr[rows, [i, k]]` past the array's width: numpy's IndexError."""
    if not isinstance(node.slice, ast.Tuple) or len(node.slice.elts) != 2:
        return
    if not isinstance(key, Seq) or key.items is None or len(key.items) != 2:
        return
    cols = literal(key.items[1])
    wanted = cols if isinstance(cols, list) else [cols]
    if not wanted or not all(isinstance(c, int) and not isinstance(c, bool) for c in wanted):
        return
    rows = node.slice.elts[0]
    if not isinstance(rows, ast.Slice) and not (
        isinstance(cols, int) or isinstance(rows, ast.Constant)
    ):
        return
    for position in wanted:
        if _outside(position, arr.width):
            message = (
                f"IndexError: index {position} is out of bounds for axis 1 with size {arr.width}"
            )
            walker.emit("positions", "IndexError", message, node, CONFIDENCE)
            return
