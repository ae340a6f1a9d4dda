"""Casts pandas refuses: a number assigned through `.loc` into a file's str column (pandas
3 refuses it) and `Series.astype` of a whole file column or of values analysis computed
(NaN to int, text to numbers), both run for real on the values.
"""

from __future__ import annotations

import ast
import warnings
from typing import TYPE_CHECKING, Any

from mleworld.world.static import kinds
from mleworld.world.static.dtypes import CONFIDENCE, file_table
from mleworld.world.static.params import exception_line
from mleworld.world.static.values import UNKNOWN, Frame, SeriesVal, Value

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker


_COMPARE = {ast.Eq: "__eq__", ast.NotEq: "__ne__", ast.Lt: "__lt__", ast.LtE: "__le__",
            ast.Gt: "__gt__", ast.GtE: "__ge__"}  # fmt: skip


def check_loc_assign(walker: Walker, frame: Frame, value: Value, node: ast.Subscript) -> None:
    """`df.loc[df[c] == "x", col] = 0` on a frame whose values are its file's: pandas 3 refuses
    numbers in a str column. The mask and the assignment run for real on the file's two
    columns, so the rows it hits and the error (or none) are pandas' own."""
    from mleworld.world.static.params import literal

    key = node.slice
    if not (frame.pristine and isinstance(key, ast.Tuple) and len(key.elts) == 2):
        return
    column, mask = key.elts[1], key.elts[0]
    if not (isinstance(column, ast.Constant) and isinstance(column.value, str)):
        return
    fill = literal(value)
    if isinstance(fill, bool) or not isinstance(fill, int | float):
        return
    if not (isinstance(mask, ast.Compare) and len(mask.ops) == 1 and type(mask.ops[0]) in _COMPARE):
        return
    left, right = mask.left, mask.comparators[0]
    if not (
        isinstance(left, ast.Subscript)
        and isinstance(left.slice, ast.Constant)
        and isinstance(left.slice.value, str)
        and isinstance(right, ast.Constant)
        and isinstance(node.value, ast.Attribute)
        and ast.unparse(left.value) == ast.unparse(node.value.value)
    ):
        return  # a mask of another frame, or of something not a literal
    table = file_table(walker, frame.source)
    names = [column.value, left.slice.value]
    if table is None or any(
        n not in table.columns or n not in (frame.columns or []) for n in names
    ):
        return
    part = table[list(dict.fromkeys(names))].copy()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            rows = getattr(part[left.slice.value], _COMPARE[type(mask.ops[0])])(right.value)
            part.loc[rows, column.value] = fill
        except (TypeError, ValueError) as exc:
            walker.emit("dtypes", type(exc).__name__, exception_line(exc), node, CONFIDENCE)
        except Exception:
            return


def check_astype(
    walker: Walker, series: SeriesVal, args: list[Value], kw: dict[str, Value], node: ast.AST
) -> None:
    """`df[c].astype(int)` of a column whose values are still all the file's, or of values
    analysis computed (`df[c].map({...})`): pandas casts the real values, so a NaN
    (IntCastingNaNError) or a text cell raises as it will."""
    import pandas as pd

    from mleworld.world.static.params import literal_or_type
    from mleworld.world.static.row_counts import MISSING

    if set(kw) - {"dtype"} or len(args) > 1:
        return
    dtype = literal_or_type(args[0] if args else kw.get("dtype", UNKNOWN))
    values = series.real if isinstance(series.real, pd.Series) else _file_column(walker, series)
    if dtype is MISSING or values is None:
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            values.astype(dtype)
        except (TypeError, ValueError) as exc:
            walker.emit("dtypes", type(exc).__name__, exception_line(exc), node, CONFIDENCE)
        except Exception:
            return


def _file_column(walker: Walker, series: SeriesVal) -> Any:
    """The file's values of a column that still holds all of them, in order; None otherwise."""
    frame, name = series.origin, series.name
    if frame is None or name is None:
        return None
    if not (frame.pristine or (frame.ordered and (frame.kinds or {}).get(name) == kinds.FILE)):
        return None
    table = file_table(walker, frame.source)
    return None if table is None or name not in table.columns else table[name]
