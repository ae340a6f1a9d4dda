"""A model's class probabilities written into one column of an out-of-fold array.

`oof[va] = model.predict_proba(X.iloc[va])` (the `[:, 1]` forgotten) stores a block of
one column a class into a slot of one value a row: numpy refuses, "shape mismatch: value
array of shape (713,2) could not be broadcast to indexing result of shape (713,)". So does
`oof[va, j] = ...` of a 2-D array. The slot's rows are the fold's validation positions:
their count is known when the folds are all of one size, else taken as the first fold's
(KFold gives the first `n % k` folds one row more: `ceil(n / k)`), which a stratified
split may miss by a row; the class of the error is sure either way.
"""

from __future__ import annotations

import ast
import math
from typing import TYPE_CHECKING

from mleworld.world.static.values import ArrayVal, Const, FoldShare, Seq, Value, VectorVal

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.85


def check_store(walker: Walker, base: Value, key: Value, value: Value, node: ast.AST) -> None:
    """`oof[rows] = block` (or `oof[rows, j] = block`) with a 2-D block into a 1-D slot."""
    width = _block_width(value)
    if width is None or width < 2:
        return
    if isinstance(base, VectorVal) and base.ndim == 1 and base.ndarray:
        rows, total = key, base.length
    elif isinstance(base, VectorVal) and base.ndim == 2 and base.ndarray and _column_slot(key):
        rows, total = key.items[0], base.length  # type: ignore[union-attr]
    elif isinstance(base, ArrayVal) and _column_slot(key):
        rows, total = key.items[0], base.rows  # type: ignore[union-attr]
    else:
        return
    count = _fold_rows(rows, total)
    if count is None:
        return
    message = (
        f"ValueError: shape mismatch: value array of shape ({count},{width}) could not be "
        f"broadcast to indexing result of shape ({count},)"
    )
    walker.emit("arrays", "ValueError", message, node, CONFIDENCE)


def _block_width(value: Value) -> int | None:
    """The columns of a 2-D block of values (class probabilities) or None."""
    if isinstance(value, ArrayVal) and value.real is None:
        return value.width
    if isinstance(value, VectorVal) and value.ndim == 2 and value.width is not None:
        return value.width
    return None


def _column_slot(key: Value) -> bool:
    """`[rows, j]`: rows, then one column by a whole number."""
    if not isinstance(key, Seq) or key.kind != "tuple" or key.items is None or len(key.items) != 2:
        return False
    column = key.items[1]
    return isinstance(column, Const) and type(column.value) is int


def _fold_rows(rows: Value, total: int | None) -> int | None:
    """How many rows a fold's validation positions select."""
    if isinstance(rows, VectorVal) and rows.index and rows.real is None:
        return rows.length
    if isinstance(rows, FoldShare) and total and 0 < rows.share <= 0.5:
        k = round(1 / rows.share)
        return math.ceil(total / k) if k >= 2 else None
    return None


__all__ = ["check_store"]
