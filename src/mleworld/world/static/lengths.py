"""Row counts, and the length mismatches they make certain.

A frame read with a plain `read_csv` of an input file has the file's row count;
column selections, copies, fills, renames and new columns keep it, its columns
(`df[c]`) share it, and `len(df)` / `df.shape[0]` give it as a `Count`. Numpy
arrays built from a count (`np.zeros(len(df))`) and scikit-learn predictions of
such a frame (`model.predict(X)`, `predict_proba(X)[:, 1]`, predictions.py) are
`VectorVal`s of that length; `+=` keeps it. Anything that may drop or add rows (masks, slices,
splits, folds, `dropna`, merges) makes the count unknown: the walk never guesses.

Two mistakes are then certain, with pandas' own messages:
- `pd.DataFrame({"id": test["id"], "y": pred})` with `pred` of another length
  ("array length 1461 does not match index length 5844");
- `sub["y"] = pred` on a frame with another row count
  ("Length of values (91) does not match length of index (114)").
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import TYPE_CHECKING

from mleworld.world.static import kinds, row_counts, suggest
from mleworld.world.static.values import (
    UNKNOWN,
    ArrayVal,
    Const,
    Count,
    DictVal,
    Frame,
    Instance,
    Method,
    Seq,
    SeriesVal,
    Value,
    VectorVal,
    const_str,
    int_value,
    str_list,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.9
PREDICTS = {"predict": 1, "predict_proba": 2, "predict_log_proba": 2, "decision_function": 0}
_BUILDERS = ("zeros", "ones", "empty", "full")


def length(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`len(x)` of a frame, series or array whose rows are known, or of a list it knows."""
    if len(args) != 1 or kw or star:
        return UNKNOWN
    if isinstance(args[0], Seq) and args[0].items is not None:
        return Count(len(args[0].items))
    n = row_counts.rows_of(args[0])
    return Count(n) if n is not None else UNKNOWN


def shape(value: Value) -> Value:
    """`x.shape` of a frame or array whose rows are known: (Count, width: a Count for a frame
    whose columns are known exactly, else unknown)."""
    n = row_counts.rows_of(value)
    if n is None or isinstance(value, VectorVal) and value.ndim != 1:
        return UNKNOWN
    if isinstance(value, VectorVal):
        return Seq([Count(n)], "tuple")
    exact = isinstance(value, Frame) and value.exact and value.columns is not None
    width = Count(len(value.columns)) if exact else UNKNOWN  # type: ignore[union-attr, arg-type]
    return Seq([Count(n), width], "tuple")


def builder(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`np.zeros(n)`, `np.ones`, `np.empty`, `np.full(n, v)` with a known row count `n`, or
    a known shape `(n, k)`."""
    size = args[0] if args else kw.get("shape")
    text = len(args) > 1 and isinstance(args[1], Const) and not _scalar(args[1])
    if isinstance(size, Seq) and size.kind == "tuple" and size.items and len(size.items) == 2:
        n, k = (int_value(item) for item in size.items)
        if n is None or k is None or star:
            return UNKNOWN
        return VectorVal(n, ndim=2, numeric=not text, width=k)
    n = int_value(size) if size is not None and not star else None
    return VectorVal(n, numeric=not text, flat=True) if n is not None else UNKNOWN


def _shape(value: Value) -> tuple[int, ...] | None:
    """An array's shape where the walk knows it: a 2-D array's rows and columns, a 1-D one's length."""
    if isinstance(value, ArrayVal) and value.rows is not None:
        return (value.rows, value.width)
    if isinstance(value, VectorVal) and value.ndarray and value.length is not None:
        if value.ndim == 1 and value.width is None:
            return (value.length,)
        if value.ndim == 2 and value.width is not None:
            return (value.length, value.width)
    return None


def column_stack(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`np.column_stack([a, b, ...])`: numpy checks each array's rows against the first's,
    in order, so arrays of known shapes up to the first mismatch make its ValueError
    certain (numpy itself is run on zeros of those shapes for the message)."""
    return _stacked(walker, "column_stack", args, kw, node, star, first_mismatch=True)


def stack(name: str) -> Callable[..., Value]:
    """`np.hstack([a, b])`, `np.vstack(...)`, `np.stack`, `np.concatenate`: arrays of known
    shapes, all of them, stacked by numpy itself on zeros of those shapes (its ValueError
    when they do not line up, or when the list is empty)."""

    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        return _stacked(walker, name, args, kw, node, star, first_mismatch=False)

    return handler


def _stacked(
    walker: Walker,
    name: str,
    args: list[Value],
    kw: dict[str, Value],
    node: ast.Call,
    star: bool,
    *,
    first_mismatch: bool,
) -> Value:
    items = args[0] if len(args) == 1 and not kw and not star else None
    if not isinstance(items, Seq) or items.items is None:
        return UNKNOWN
    import numpy as np

    if not items.items:  # a list surely empty (a loop over a spent stream filled nothing)
        try:
            getattr(np, name)([])
        except ValueError as exc:
            walker.emit("lengths", "ValueError", f"ValueError: {exc}", node, CONFIDENCE)
        return UNKNOWN

    shapes: list[tuple[int, ...]] = []
    for item in items.items:
        shape = _shape(item)
        if shape is None:
            return UNKNOWN
        shapes.append(shape)
        if first_mismatch and shape[0] != shapes[0][0]:
            break
    try:
        stacked = getattr(np, name)([np.zeros(shape) for shape in shapes])
    except ValueError as exc:
        walker.emit("lengths", "ValueError", f"ValueError: {exc}", node, CONFIDENCE)
        return UNKNOWN
    if len(shapes) < len(items.items) or stacked.ndim != 2:
        return UNKNOWN
    return ArrayVal(stacked.shape[1], rows=stacked.shape[0])


def vector_getitem(vector: VectorVal, node: ast.Subscript, index: Value = UNKNOWN) -> Value:
    """`proba[:, k]` of a 2-D prediction (k a number, or a name holding one): a column of
    the same length; `a[:-1]`: a known slice. `index` is the subscript's value."""
    key = node.slice
    if isinstance(key, ast.Slice):
        bounds = [row_counts.int_or_none(part) for part in (key.lower, key.upper, key.step)]
        if any(b is row_counts.NOT_INT for b in bounds) or bounds[2] == 0:
            return UNKNOWN
        sliced = len(range(vector.length)[slice(*bounds)])  # type: ignore[misc]
        return VectorVal(sliced, vector.ndim, vector.ndarray)
    if (
        vector.ndim == 2
        and isinstance(key, ast.Tuple)
        and len(key.elts) == 2
        and _full_slice(key.elts[0])
        and (isinstance(key.elts[1], ast.Constant | ast.UnaryOp) or _int_at(index, 1))
    ):
        return VectorVal(vector.length, scores=vector.scores)  # `proba[:, 1]`
    return UNKNOWN


def _int_at(index: Value, at: int) -> bool:
    """Item `at` of a tuple subscript's value is a whole number."""
    if not isinstance(index, Seq) or index.items is None or len(index.items) <= at:
        return False
    item = index.items[at]
    return (
        isinstance(item, Const) and isinstance(item.value, int) and not isinstance(item.value, bool)
    )


def _full_slice(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Slice)
        and node.lower is None
        and node.upper is None
        and node.step is None
    )


def aug_assign(current: Value) -> Value | None:
    """`arr += x` changes an array in place: its length stays (or numpy raises)."""
    return current if isinstance(current, VectorVal) else None


def dataframe_from_dict(walker: Walker, data: DictVal, node: ast.Call) -> int | None:
    """Check `pd.DataFrame({...})`'s columns against each other; the frame's rows when known.

    Series give the index (they align with each other, so only Series of one frame
    are judged); arrays must match its length, as pandas' `_extract_index` requires.
    """
    series = [v for v in data.items.values() if isinstance(v, SeriesVal)]
    arrays = [v for v in data.items.values() if isinstance(v, VectorVal) and v.ndim == 1]
    lists = [v for v in data.items.values() if isinstance(v, Seq) and v.items is not None]
    # anything but a scalar, a Series, an array of known length or a list whose items the
    # walk knows (however many appends a loop made) may be a column of any length
    unknown = [
        v
        for v in data.items.values()
        if not isinstance(v, SeriesVal | VectorVal | Const) and v not in lists
    ]
    lengths = list(dict.fromkeys([a.length for a in arrays] + [len(v.items) for v in lists]))
    arrays = [*arrays, *lists]
    if series:
        origins = {id(s.origin) for s in series}
        if len(series) > 1 and (len(origins) > 1 or series[0].origin is None):
            return None
        index = series[0].rows
        if index is None:
            return None
        if len(lengths) == 1 and lengths[0] != index and not unknown:
            message = f"ValueError: array length {lengths[0]} does not match index length {index}"
            walker.emit("lengths", "ValueError", message, node, CONFIDENCE)
            return None
        return index if not arrays or lengths == [index] else None
    if not unknown and len(lengths) > 1:
        walker.emit(
            "lengths", "ValueError", "ValueError: All arrays must be of the same length", node,
            CONFIDENCE,
        )  # fmt: skip
        return None
    return lengths[0] if len(lengths) == 1 and not unknown else None


def check_setitem(walker: Walker, frame: Frame, key: Value, value: Value, node: ast.AST) -> None:
    """`frame["col"] = array` with an array whose length is not the frame's row count;
    `frame[["a", "b"]] = matrix` with a matrix of another width or row count."""
    if const_str(key) is not None:
        _check_column(walker, frame, value, node)
        return
    names = str_list(key) if isinstance(key, Seq) else None
    if isinstance(value, VectorVal) and value.ndim == 2 and value.ndarray:
        rows, width = value.length, value.width
    elif isinstance(value, ArrayVal):
        rows, width = value.rows, value.width
    else:
        return
    if names is None or len(names) < 2 or not frame.is_frame:
        return
    confidence = CONFIDENCE
    if width is not None and width != len(names):
        message = "ValueError: Columns must be same length as key"
    elif rows is not None and frame.rows and rows != frame.rows:
        message = _length_message(rows, frame.rows)
        if width is None:  # pandas compares the widths first: a ValueError either way
            confidence = CONFIDENCE * 0.8
    else:
        return
    walker.emit("lengths", "ValueError", message, node, confidence)


def check_insert(
    walker: Walker, frame: Frame, args: list[Value], kw: dict[str, Value], node: ast.AST
) -> None:
    """`frame.insert(0, "id", array)`: the same check as assigning the column."""
    value = args[2] if len(args) > 2 else kw.get("value")
    if value is not None:
        _check_column(walker, frame, value, node)


def array_frame(walker: Walker, data: Value, names: list[str] | None, node: ast.AST) -> int | None:
    """`pd.DataFrame(array, columns=names)`: the frame's rows; a width that is not the
    names' count is pandas' ValueError ("Shape of passed values is (69, 3), indices imply
    (69, 2)")."""
    if isinstance(data, Seq) and data.kind == "list" and data.items:
        return _rows_frame(walker, data.items, names, node)
    if isinstance(data, ArrayVal):
        n, width = data.rows, data.width
    elif isinstance(data, VectorVal) and data.ndarray and data.ndim in (1, 2):
        # a 1-D `predict` may really be 2-D (a multi-output model): only known widths are judged
        n, width = data.length, data.width if data.ndim == 2 else None
    else:
        return None
    if n is not None and width is not None and names is not None and width != len(names):
        message = f"ValueError: Shape of passed values is ({n}, {width}), indices imply ({n}, {len(names)})"
        walker.emit("lengths", "ValueError", message, node, CONFIDENCE)
        return None
    return n


def _rows_frame(
    walker: Walker, items: list[Value], names: list[str] | None, node: ast.AST
) -> int | None:
    """`pd.DataFrame([a, b, c], columns=names)` of 1-D arrays of one length m: each array
    is a row, so the frame has m columns (pandas asserts that the names are as many)."""
    if not all(isinstance(v, VectorVal) and v.ndim == 1 and v.ndarray for v in items):
        return None
    widths = {v.length for v in items}  # type: ignore[union-attr]
    if len(widths) != 1:
        return None
    width = widths.pop()
    if names is not None and len(names) != width:
        message = f"AssertionError: {len(names)} columns passed, passed data had {width} columns"
        walker.emit("lengths", "AssertionError", message, node, CONFIDENCE)
        return None
    return len(items)


def _length_message(values: int, index: int) -> str:
    """What pandas says when a column is given `values` entries for `index` rows."""
    return f"ValueError: Length of values ({values}) does not match length of index ({index})"


def _check_column(walker: Walker, frame: Frame, value: Value, node: ast.AST) -> None:
    if not isinstance(value, VectorVal) or value.ndim != 1:
        return
    rows = frame.rows
    # an empty frame takes its index from the first column it is given
    if rows is None or rows == 0 or not frame.is_frame or value.length == rows:
        return
    message = _length_message(value.length, rows)
    walker.emit("lengths", "ValueError", message, node, CONFIDENCE)


_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)
# ndarray methods whose result has the array's shape
_SAME_SHAPE = {"astype", "round", "clip", "copy", "ravel", "flatten"}


def _scalar(value: Value) -> bool:
    return (
        isinstance(value, Const)
        and isinstance(value.value, int | float)
        and not isinstance(value.value, bool)
    )


def _numeric(walker: Walker, node: ast.expr) -> bool:
    """An expression of number literals and names holding numbers (`1 - WEIGHT`)."""
    if isinstance(node, ast.Constant):
        return _scalar(Const(node.value))
    if isinstance(node, ast.Name):
        return _scalar(walker.lookup(node.id, node))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        return _numeric(walker, node.operand)
    if isinstance(node, ast.BinOp) and isinstance(node.op, _ARITHMETIC):
        return _numeric(walker, node.left) and _numeric(walker, node.right)
    return False


def binop(
    walker: Walker, op: ast.operator, left: Value, right: Value, node: ast.BinOp | None
) -> Value | None:
    """Arithmetic of 1-D arrays with numbers or each other: numpy's broadcasting, by length."""
    if not isinstance(op, _ARITHMETIC):
        return None
    if isinstance(left, SeriesVal) or isinstance(right, SeriesVal):
        if not all(isinstance(v, SeriesVal) or _scalar(v) for v in (left, right)):
            return None  # with a frame or an unknown value, the result may be a frame
        # text supports + and * (joining, repeating), never -, / or **
        numbers = isinstance(op, ast.Sub | ast.Div | ast.FloorDiv | ast.Pow) or all(
            _scalar(v) or kinds.numeric(v) for v in (left, right)
        )
        return SeriesVal(None, numeric=numbers) if numbers else None
    matrix = _rows_kept(left, right)
    if matrix is not None:
        return matrix
    vectors = [v for v in (left, right) if isinstance(v, VectorVal) and v.ndim == 1 and v.ndarray]
    if len(vectors) == 1:
        other, other_node = (right, node.right) if vectors[0] is left else (left, node.left)  # type: ignore[union-attr]
        if _scalar(other) or node is not None and _numeric(walker, other_node):
            return VectorVal(vectors[0].length, numeric=vectors[0].numeric)
    if len(vectors) == 2:
        a, b = vectors[0].length, vectors[1].length
        if a == b:
            return VectorVal(a, numeric=vectors[0].numeric and vectors[1].numeric)
        if 1 not in (a, b) and node is not None:
            message = (
                f"ValueError: operands could not be broadcast together with shapes ({a},) ({b},) "
            )
            walker.emit("lengths", "ValueError", message, node, CONFIDENCE)
    return None


def _rows_kept(left: Value, right: Value) -> Value | None:
    """A 2-D array of r > 1 rows and w > 1 columns with anything but a frame (`(A - m) / s`,
    statistics of its columns): broadcasting widens only a dimension of one, so the shape
    is kept (or numpy raises, which other checks judge)."""
    for matrix, other in ((left, right), (right, left)):
        if not isinstance(matrix, ArrayVal) or matrix.rows is None:
            continue
        if matrix.rows > 1 and matrix.width > 1 and not isinstance(other, Frame | SeriesVal):
            if isinstance(other, ArrayVal) and (other.rows, other.width) != (
                matrix.rows,
                matrix.width,
            ):
                return None
            return ArrayVal(matrix.width, rows=matrix.rows)
    return None


def compare(op: ast.cmpop, left: Value, right: Value) -> Value | None:
    """`pred > 0.5`, `df["a"] == "yes"`: booleans of the same length."""
    if not isinstance(op, ast.Eq | ast.NotEq | ast.Lt | ast.LtE | ast.Gt | ast.GtE):
        return None
    for vector, other in ((left, right), (right, left)):
        if isinstance(vector, VectorVal) and vector.ndim == 1 and vector.ndarray and _scalar(other):
            return VectorVal(vector.length, numeric=True)
        if isinstance(vector, SeriesVal) and isinstance(other, Const):
            return SeriesVal(None, rows=vector.rows, numeric=True)
    if isinstance(left, SeriesVal) and isinstance(right, SeriesVal):
        rows = left.rows if left.rows == right.rows else None
        return SeriesVal(None, rows=rows, numeric=True)  # `s.dt.year == df["year"]`
    return None


def numpy_call(obj: object, args: list[Value], kw: dict[str, Value]) -> Value | None:
    """A numpy ufunc (`np.expm1`, `np.log1p`) or `np.clip` / `np.round` of one 1-D array."""
    import numpy as np

    if not (isinstance(obj, np.ufunc) or obj in (np.clip, np.round, np.rint)):
        return None
    if (
        not args
        or kw
        or not all(_scalar(a) or isinstance(a, Const) and a.value is None for a in args[1:])
    ):
        return None
    numeric = getattr(obj, "__name__", "") != "add"  # np.add also joins text
    first = args[0]
    if isinstance(first, SeriesVal):
        from mleworld.world.static.computed_series import ufunc_values

        real = ufunc_values(obj, first, args[1:])
        return SeriesVal(first.name, rows=first.rows, numeric=numeric, real=real)
    if isinstance(first, VectorVal) and first.ndarray:
        # elementwise: the shape is kept (a 2-D prediction clipped keeps its columns)
        return VectorVal(
            first.length, first.ndim, numeric=numeric, width=first.width, flat=first.flat
        )
    return None


_REDUCED = frozenset({"sum", "mean", "min", "max", "std", "var"})


def vector_attribute(walker: Walker, vector: VectorVal, attr: str, node: ast.AST) -> Value:
    """An attribute of a numpy array: methods that keep the shape, `shape`, and typos."""
    if attr == "shape":
        return shape(vector)
    if attr in _SAME_SHAPE and vector.ndarray:
        return Method(vector, attr)
    if attr in _REDUCED and vector.real is not None:
        return Method(vector, attr)  # `(y == 1).sum()`: computed (calls.py)
    if not vector.ndarray or attr.startswith("_"):
        return UNKNOWN
    import numpy as np

    names = dir(np.ndarray)
    if attr not in names:
        message = suggest.with_suggestion(
            f"AttributeError: 'numpy.ndarray' object has no attribute '{attr}'",
            suggest.best_match(attr, names),
        )
        walker.emit("lengths", "AttributeError", message, node, CONFIDENCE)
    return UNKNOWN


def vector_method(vector: VectorVal, name: str, args: list[Value], kw: dict[str, Value]) -> Value:
    if vector.ndim != 1 or name not in _SAME_SHAPE:
        return UNKNOWN
    return VectorVal(vector.length, flat=vector.flat and vector.ndarray)


def unknown_model_predicts(method: str, args: list[Value]) -> Value:
    """`model.predict(X)` / `model.predict_proba(X)` of a model the walk does not know (one
    picked from a dict of models by its score): a row for each of X's rows, whatever the
    model (its classes, and whether it predicts one target or several, unknown)."""
    rows = row_counts.rows_of(args[0]) if len(args) == 1 else None
    if method not in ("predict", "predict_proba") or rows is None:
        return UNKNOWN
    if method == "predict_proba":
        return VectorVal(rows, ndim=2, numeric=True)
    return VectorVal(rows)


def too_many_indices(walker: Walker, vector: VectorVal, node: ast.Subscript) -> None:
    """`pred[:, 1]` of an array that is surely 1-D (a single target's `predict`)."""
    key = node.slice
    if not (vector.flat and vector.ndarray and isinstance(key, ast.Tuple)):
        return
    if any(isinstance(e, ast.Constant) and e.value in (None, Ellipsis) for e in key.elts):
        return  # np.newaxis adds an axis; `...` stands for any number
    message = (
        "IndexError: too many indices for array: array is 1-dimensional, "
        f"but {len(key.elts)} were indexed"
    )
    walker.emit("positions", "IndexError", message, node, CONFIDENCE)


# Methods whose X scikit-learn validates (a fit, a prediction, a transform).
_VALIDATED = frozenset({"fit", "fit_predict", "fit_transform", "transform", "score", *PREDICTS})


def check_empty(
    walker: Walker,
    owner: Instance,
    method: str,
    args: list[Value],
    kw: dict[str, Value],
    node: ast.AST,
) -> None:
    """`model.predict(X)` of a frame with no rows (a filter that kept none): scikit-learn's
    ValueError, as its own validation words it for this estimator and X's width."""
    if (
        method not in _VALIDATED
        or owner.inner
        or not str(owner.cls.__module__).startswith("sklearn.")
    ):
        return  # a composite validates in its first step, under that step's name
    X = args[0] if args else kw.get("X")
    if not (isinstance(X, Frame) and X.is_frame and X.exact and X.rows == 0 and X.columns):
        return
    import numpy as np
    from sklearn.utils import check_array

    from mleworld.world.static.params import exception_line

    try:
        check_array(np.empty((0, len(X.columns))), estimator=owner.cls.__name__)
    except ValueError as exc:
        walker.emit("lengths", "ValueError", exception_line(exc), node, CONFIDENCE)
