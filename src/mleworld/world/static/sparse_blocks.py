"""Sparse matrices a program assembles from blocks, and how wide they are.

A text model's design is often stacked by hand: `sp.hstack([tfidf_names * 0.5,
sp.csr_matrix(dense.values)])`, a vectorizer's terms next to a few numeric columns.
Fitted on the training rows' stack and asked to predict on the test rows', the model
raises when the two are not as wide: the dense block made by `pd.get_dummies` on train
and test apart, or a vectorizer fitted again on the test text. The widths are a sum
over the blocks, left to right, so the walk keeps the blocks (`TextMatrix.blocks`): a
vectorizer's terms as its `Vocabulary` (fitted for real only when a width is asked,
text_terms.py) and any other block as its count of columns.

`widths` compares a fit's blocks with a prediction's: the same blocks (the same
vocabulary, equal counts) are as wide without fitting anything; otherwise both sums,
which features_in.py hands to the installed model to ask what it raises.

The non-zeros a row holds (`terms`, for the cost of a fit, work.py) add up over the
sparse blocks: a dense array made sparse (`sp.csr_matrix(arr)`) counts all of its columns,
one stacked as it is counts none, as before this module kept its width.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from mleworld.world.static.text_terms import Vocabulary
from mleworld.world.static.values import UNKNOWN, ArrayVal, Const, Number, Seq, TextMatrix, Value

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

Block = Vocabulary | int


def layout(X: TextMatrix) -> tuple[Block, ...] | None:
    """The blocks of a sparse matrix's columns, left to right; None where one is unknown."""
    if X.blocks is not None:
        return X.blocks
    return (X.source,) if X.source is not None else None


def widths(fitted: tuple[Block, ...], called: tuple[Block, ...]) -> tuple[int, int] | None:
    """The widths of two sparse layouts; None when they are surely the same width or a
    vocabulary's width cannot be told."""
    if len(fitted) == len(called) and all(
        a is b or (isinstance(a, int) and a == b) for a, b in zip(fitted, called, strict=True)
    ):
        return None
    sums = [_width(blocks) for blocks in (fitted, called)]
    if sums[0] is None or sums[1] is None or sums[0] == sums[1]:
        return None
    return sums[0], sums[1]


def _width(blocks: tuple[Block, ...]) -> int | None:
    total = 0
    for block in blocks:
        width = block if isinstance(block, int) else block.width()
        if width is None:
            return None
        total += width
    return total


def hstack(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`scipy.sparse.hstack([A, B])`: the blocks side by side; their non-zeros per row add
    up (a dense array among them is not counted, as before it was made sparse)."""
    given = args[0] if args else kw.get("blocks", UNKNOWN)
    if star or not isinstance(given, Seq) or not given.items:
        return UNKNOWN
    text = [item.terms for item in given.items if isinstance(item, TextMatrix)]
    if not text:
        return UNKNOWN
    blocks: list[Block] | None = []
    rows = {item.rows for item in given.items if isinstance(item, TextMatrix | ArrayVal)}
    for item in given.items:
        part = layout(item) if isinstance(item, TextMatrix) else None
        if isinstance(item, ArrayVal):
            part = (item.width,)
        if part is None or blocks is None:
            blocks = None
            continue
        blocks.extend(part)
    known_rows = rows.pop() if len(rows) == 1 else None
    return TextMatrix(sum(text), known_rows, blocks=tuple(blocks) if blocks else None)


def sparse_matrix(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`sp.csr_matrix(arr)` of a dense array of known width: one block of that many columns."""
    if star or kw or len(args) != 1:
        return UNKNOWN
    given = args[0]
    if isinstance(given, TextMatrix):
        return given
    if not isinstance(given, ArrayVal):
        return UNKNOWN
    return TextMatrix(float(given.width), given.rows, blocks=(given.width,))


def method(owner: TextMatrix, name: str, args: list[Value], kw: dict[str, Value]) -> Value:
    """`X.tocsr()`, `X.astype(np.float32)`, `X.copy()`: the same columns in another format."""
    if name in SAME_COLUMNS and len(args) <= 1 and not kw:
        return owner
    return UNKNOWN


SAME_COLUMNS = frozenset({"tocsr", "tocsc", "tocoo", "copy", "astype", "sorted_indices"})


def scaled(op: ast.operator, left: Value, right: Value) -> Value | None:
    """A sparse matrix times or over a number (`tfidf * 0.5`): the same columns."""
    if not isinstance(op, ast.Mult | ast.Div):
        return None
    number = (Const, Number)
    if isinstance(left, TextMatrix) and isinstance(right, number):
        return left
    if isinstance(right, TextMatrix) and isinstance(left, number) and isinstance(op, ast.Mult):
        return right
    return None


SPARSE_CLASSES = ("csr_matrix", "csc_matrix", "coo_matrix", "csr_array", "csc_array", "coo_array")

__all__ = [
    "SAME_COLUMNS",
    "SPARSE_CLASSES",
    "hstack",
    "layout",
    "method",
    "scaled",
    "sparse_matrix",
    "widths",
]
