"""Row counts: how many rows each value has, followed through a program's steps.

A frame read with a plain `read_csv` of an input file has the file's row count;
column selections, copies, fills, renames and new columns keep it, its columns
(`df[c]`) share it. Steps whose row count follows from the data alone keep it too:
scikit-learn transformers (`scaler.fit_transform(X)`: one row per row), a keyed
concat through `get_dummies` to `.loc["train"]`, positional slices (`iloc[:n]`,
`head(n)`), frames indexed 0..n-1 side by side (`concat(axis=1)`), train_test_split's
sizes and the folds of a k-fold splitter when k divides the rows (so every fold has
n / k). Anything that may drop or add rows in a way the data decides (masks,
`dropna`, merges, label slices, folds of unequal sizes) makes the count unknown: the
walk never guesses. lengths.py reports the mismatches these counts make certain.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from mleworld.world.static import files, kinds, torch_tensors
from mleworld.world.static.params import literal
from mleworld.world.static.values import (
    UNKNOWN,
    ArrayVal,
    Const,
    Count,
    FoldShare,
    Frame,
    Instance,
    Repeated,
    Seq,
    SeriesVal,
    Value,
    VectorVal,
    const_str,
    str_list,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

MISSING = literal(UNKNOWN)  # what `literal` answers for a value that is not one


# Frame methods whose result has the frame's rows, in the same order (no axis=0 filtering).
ROW_KEEP = frozenset(
    {
        "copy", "fillna", "astype", "replace", "clip", "abs", "round", "infer_objects",
        "convert_dtypes", "ffill", "bfill", "interpolate", "where", "mask", "isna", "isnull",
        "notna", "notnull", "sort_values", "sort_index", "reset_index", "set_index", "rename",
        "select_dtypes", "drop", "assign", "insert", "pop", "reindex",
    }
)  # fmt: skip


# Row-keeping methods whose result has another index than 0..rows-1.
_REINDEX = frozenset({"sort_values", "sort_index", "set_index"})


TRANSFORMS = frozenset({"transform", "fit_transform", "inverse_transform"})


def file_rows(walker: Walker, source: Value) -> int | None:
    """The rows a plain read_csv of input file `source` gives (the file is read once, cached)."""
    from mleworld.world.static.dtypes import read_table

    where, real = files.classify(files.path_text(source) or "", walker.data_dir)
    if where != "input" or real is None or not real.is_file():
        return None
    table = read_table(real)
    return None if table is None else len(table)


def kept(frame: Frame, result: Value, method: str, kw: dict[str, Value]) -> Value:
    """`result` of `frame.method(**kw)`, given the frame's rows when the method keeps them."""
    if isinstance(result, Frame) and result is not frame and _keeps_rows(method, kw):
        result.rows = frame.rows
        result.ordered = frame.ordered and method not in ("sort_values", "sort_index")
        result.ranged = method == "reset_index" or frame.ranged and method not in _REINDEX
        result.parts = frame.parts if method not in _REINDEX and method != "reset_index" else None
    return result


def _keeps_rows(method: str, kw: dict[str, Value]) -> bool:
    if method not in ROW_KEEP:
        return False
    if method == "drop":
        return "columns" in kw or (
            isinstance(kw.get("axis"), Const) and kw["axis"].value in (1, "columns")
        )  # type: ignore[union-attr]
    if method == "sort_values" or method == "fillna":
        return "axis" not in kw
    if method == "reindex":  # new columns only (`reindex(columns=X.columns, fill_value=0)`)
        return "columns" in kw and set(kw) <= {"columns", "fill_value", "copy"}
    return True


def on_method(frame: Frame, method: str, kw: dict[str, Value], mutates: bool) -> None:
    """A method that may change `frame` itself: its rows are unknown unless the method keeps them
    (and what it holds of some columns' values, Frame.partial, is no longer known)."""
    if mutates:
        frame.partial = None
    if mutates and not _keeps_rows(method, kw):
        frame.rows = None
    if mutates and (frame.rows is None or method in ("sort_values", "sort_index")):
        frame.ordered = False
    if mutates and (method in _REINDEX or method == "reset_index" or frame.rows is None):
        frame.parts = None  # the concat's keys are no longer the outer labels
    if mutates and method in _REINDEX:
        frame.ranged = False
    elif mutates and method == "reset_index":
        frame.ranged = True


def column(frame: Frame, name: str | None) -> SeriesVal:
    """`frame[name]`: its rows, and the frame it came from (for its index and file values)."""
    tracked = frame.rows is not None or frame.pristine
    return SeriesVal(name, rows=frame.rows, origin=frame if tracked else None)


def rows_of(value: Value) -> int | None:
    if isinstance(value, Frame) and value.is_frame:
        return value.rows
    if isinstance(value, SeriesVal):
        return value.rows
    if isinstance(value, VectorVal):
        return value.length
    if isinstance(value, ArrayVal):
        return value.rows
    return torch_tensors.rows(value)


def samples(X: Value) -> int | None:
    """The rows of a 2-D model input: a frame, or an array whose rows are known."""
    if isinstance(X, Frame) and X.is_frame or isinstance(X, ArrayVal):
        return X.rows
    if isinstance(X, VectorVal) and X.ndim == 2:
        return X.length
    return None


def transformed(owner: Instance, args: list[Value], kw: dict[str, Value]) -> Value:
    """`transform(X)` / `fit_transform(X)` of a scikit-learn transformer: one row per row of X.

    Every scikit-learn transformer keeps the samples (only a FunctionTransformer's own
    function may drop some). A label encoder gives a 1-D array; the others a 2-D one,
    which may be a sparse matrix (so not surely an ndarray) of a width not known here.
    """
    if not sklearn_api(owner.cls) or _free_function(owner):
        return UNKNOWN
    X = args[0] if args else kw.get("X", kw.get("y", UNKNOWN))
    if _labels(owner.cls):
        n = (
            rows_of(X)
            if isinstance(X, SeriesVal) or isinstance(X, VectorVal) and X.ndim == 1
            else None
        )
        return UNKNOWN if n is None else VectorVal(n, numeric=True)
    n = samples(X)
    return UNKNOWN if n is None else VectorVal(n, 2, ndarray=False)


# Splitters whose k test folds have n // k or n // k + 1 rows (so all n / k when k divides n).
_K_FOLDS = frozenset({"KFold", "StratifiedKFold", "RepeatedKFold", "RepeatedStratifiedKFold"})
_GROUP_FOLDS = frozenset({"GroupKFold", "StratifiedGroupKFold"})
_SHARED_FOLDS = _GROUP_FOLDS | {"ShuffleSplit", "StratifiedShuffleSplit"}


def folds(owner: Instance, args: list[Value], kw: dict[str, Value]) -> Value:
    """`kf.split(X, y)`: each item is (train, valid) row positions, of known lengths when
    every fold has the same size, else of known shares of the rows (FoldShare)."""
    cls = owner.cls
    if cls.__name__ == "TimeSeriesSplit" and cls.__module__.startswith("sklearn."):
        return _time_folds(owner, args, kw)
    if not cls.__module__.startswith("sklearn.") or not owner.bound:
        return UNKNOWN  # `KFold(**options)`: its n_splits is not known
    if cls.__name__ in _SHARED_FOLDS:
        return _shared_folds(owner)
    if cls.__name__ not in _K_FOLDS:
        return UNKNOWN
    k = owner.params.get("n_splits") if "n_splits" in owner.given else _default(cls, "n_splits")
    X = args[0] if args else kw.get("X", UNKNOWN)
    n = rows_of(X)
    if not isinstance(k, int) or isinstance(k, bool) or k < 2:
        return UNKNOWN
    if n is None or n % k or n < k:
        shares = [FoldShare((k - 1) / k), FoldShare(1 / k)]
        return Repeated(Seq(shares, "tuple"))  # type: ignore[arg-type]
    part = [
        VectorVal(n - n // k, numeric=True, index=True),
        VectorVal(n // k, numeric=True, index=True),
    ]
    return Repeated(Seq(part, "tuple"))  # type: ignore[arg-type]


def _shared_folds(owner: Instance) -> Value:
    """Folds whose sizes the walk does not count: k group folds train on about (k - 1) / k
    of the rows, a shuffle split on 1 - test_size of them, drawn at random."""
    name = owner.cls.__name__
    if name in _GROUP_FOLDS:
        k = (
            owner.params.get("n_splits")
            if "n_splits" in owner.given
            else _default(owner.cls, "n_splits")
        )
        if not isinstance(k, int) or isinstance(k, bool) or k < 2:
            return UNKNOWN
        train = (k - 1) / k
    else:
        if "train_size" in owner.given:
            return UNKNOWN
        test = owner.params.get("test_size") if "test_size" in owner.given else None
        test = 0.1 if test is None else test  # scikit-learn's default when neither is given
        if not isinstance(test, float) or not 0.0 < test < 1.0:
            return UNKNOWN
        train = 1.0 - test
    return Repeated(Seq([FoldShare(train), FoldShare(1.0 - train)], "tuple"))  # type: ignore[list-item]


def _time_folds(owner: Instance, args: list[Value], kw: dict[str, Value]) -> Value:
    """`TimeSeriesSplit(k).split(X)`: each training part is a run of leading rows and each
    validation part the rows just after it. The folds differ in size, so the walk takes the
    first (where a crash happens first): its parts' exact positions, and their shares."""
    if not owner.bound or set(owner.params) - {"n_splits"}:
        return UNKNOWN  # a test_size, gap or max_train_size this does not model
    k = (
        owner.params.get("n_splits")
        if "n_splits" in owner.given
        else _default(owner.cls, "n_splits")
    )
    n = rows_of(args[0] if args else kw.get("X", UNKNOWN))
    if not isinstance(k, int) or isinstance(k, bool) or k < 2 or n is None or n < k + 1:
        return UNKNOWN
    test = n // (k + 1)
    first = n - k * test
    train = FoldShare(first / n, span=(0, first))
    valid = FoldShare(test / n, span=(first, first + test))
    return Repeated(Seq([train, valid], "tuple"))  # type: ignore[list-item]


def _default(cls: type, name: str) -> object:
    import inspect

    try:
        param = inspect.signature(cls).parameters.get(name)
    except (TypeError, ValueError):
        return None
    return None if param is None else param.default


def taken(base: Value, key: Value, walker: Walker | None = None) -> Value | None:
    """`x[idx]` / `x.iloc[idx]` with row positions `idx` of a known length: that many rows;
    a frame's rows at a fold's positions of unknown length: a share of its rows."""
    if isinstance(key, FoldShare) and isinstance(base, SeriesVal):
        return SeriesVal(base.name, numeric=base.numeric, part_of=_whole(base))
    if isinstance(key, FoldShare) and isinstance(base, Frame) and base.is_frame:
        exact = _span(walker, base, key)
        if exact is not None:
            return exact
        part = base.copy()
        part.rows = None
        if walker is not None:
            _sample(walker, part, base, share=key.share)
        return kinds.subset(base, part)  # type: ignore[return-value]
    if not isinstance(key, VectorVal) or not key.index or key.ndim != 1:
        return None
    n = key.length
    if isinstance(base, ArrayVal):
        return ArrayVal(base.width, rows=n)
    if isinstance(base, VectorVal):
        return VectorVal(n, base.ndim, base.ndarray, base.numeric, base.width)
    if isinstance(base, SeriesVal):
        return SeriesVal(base.name, rows=n, numeric=base.numeric, part_of=_whole(base))
    if isinstance(base, Frame) and base.is_frame:
        result = base.copy()
        result.rows = n
        if walker is not None:
            _sample(walker, result, base, n)
        return kinds.subset(base, result)  # type: ignore[return-value]
    return None


def _whole(series: SeriesVal) -> Frame | None:
    """The frame whose column `series` takes rows of (itself a column, or already a part)."""
    return series.part_of if series.part_of is not None else series.origin


def _span(walker: Walker | None, base: Frame, key: FoldShare) -> Frame | None:
    """The rows of a fold part whose positions are a known run, values and all."""
    from mleworld.world.static.computed import frame_of, values_of

    if key.span is None or walker is None:
        return None
    table = values_of(walker, base)
    if table is None:
        return None
    start, stop = key.span
    return frame_of(walker, table.iloc[start:stop], base)


def _sample(
    walker: Walker, part: Frame, whole: Frame, rows: int | None = None, share: float = 1.0
) -> None:
    """`part` holds `rows` rows (or `share` of the rows) drawn by fold positions from
    `whole`, whose values (or those it is itself a sample of) analysis knows."""
    from mleworld.world.static.computed import values_of

    table = whole.sample_of[0] if whole.sample_of is not None else values_of(walker, whole)
    if table is not None and len(table):
        taken = share * (whole.sample_of[1] if whole.sample_of is not None else 1.0)
        part.sample_of = (table, rows / len(table) if rows is not None else taken)


def sampled_parts(
    walker: Walker,
    whole: Frame | ArrayVal,
    parts: list[Value],
    sizes: tuple[int, int] | None,
    kw: dict[str, Value],
) -> None:
    """train_test_split's parts of a frame or a 2-D array with known values: random shares of
    its rows (not with shuffle=False: then the parts are its first and last rows)."""
    from mleworld.world.static.computed import values_of

    shuffle = kw.get("shuffle")
    if sizes is None or (isinstance(shuffle, Const) and shuffle.value is False):
        return
    if isinstance(whole, ArrayVal):
        table = whole.real if getattr(whole.real, "ndim", 0) == 2 else None
    else:
        table = values_of(walker, whole)
    if table is None or not len(table):
        return
    for part, n in zip(parts, sizes, strict=True):
        if isinstance(part, Frame | ArrayVal):
            part.sample_of = (table, n / len(table))


def _labels(cls: type) -> bool:
    return cls.__name__ == "LabelEncoder" and cls.__module__.startswith("sklearn.")


def _free_function(owner: Instance) -> bool:
    """A FunctionTransformer anywhere inside: its function decides the rows."""
    if owner.cls.__name__ == "FunctionTransformer" or owner.cls.__module__.startswith("imblearn"):
        return True
    return any(_free_function(inner) for inner in owner.inner)


def sklearn_api(cls: type) -> bool:
    try:
        from sklearn.base import BaseEstimator
    except ImportError:
        return False
    return issubclass(cls, BaseEstimator)


def keyed_parts(frames: list[Frame], kw: dict[str, Value]) -> dict[str, int] | None:
    """`pd.concat([train, test], keys=["train", "test"])`: the rows under each key."""
    keys = str_list(kw["keys"]) if "keys" in kw else None
    counts = [f.rows for f in frames]
    axis = kw.get("axis", Const(0))
    if keys is None or len(keys) != len(frames) or len(set(keys)) != len(keys) or None in counts:
        return None
    if not (isinstance(axis, Const) and axis.value in (0, "index")) or set(kw) - {"axis", "keys"}:
        return None
    return dict(zip(keys, counts, strict=True))  # type: ignore[arg-type]


def key_part(frame: Frame, key: Value) -> Frame | None:
    """`both.loc["train"]` of a keyed concat: the frame under that key, with its rows."""
    name = const_str(key)
    if frame.parts is None or frame.rows is None or name is None or name not in frame.parts:
        return None
    cols = None if frame.columns is None else list(frame.columns)
    return Frame(cols, frame.source, frame.exact and cols is not None, rows=frame.parts[name])


def side_by_side(frames: list[Frame], kw: dict[str, Value]) -> int | None:
    """`pd.concat([a, b], axis=1)` of frames indexed 0..n-1: the longest one's rows (pandas
    lines them up by index label, so the shorter ones get missing values)."""
    axis = kw.get("axis")
    if not (isinstance(axis, Const) and axis.value in (1, "columns")) or set(kw) - {"axis"}:
        return None
    counts = [f.rows for f in frames]
    if None in counts or not all(f.ranged for f in frames):
        return None
    return max(c for c in counts if c is not None)


def row_slice(walker: Walker, frame: Frame, key: ast.expr, result: Value) -> Value:
    """`df.iloc[a:b]` (or `df[a:b]`) with whole-number bounds: the rows the slice keeps."""
    if not isinstance(result, Frame) or frame.rows is None or not isinstance(key, ast.Slice):
        return result
    bounds = [whole_number(walker, part) for part in (key.lower, key.upper, key.step)]
    if any(b is NOT_INT for b in bounds) or bounds[2] == 0:
        return result
    from mleworld.world.static import computed

    table = computed.values_of(walker, frame) if result.is_frame else None
    if table is not None:
        part = table.iloc[slice(*bounds)]  # type: ignore[misc]
        real = computed.frame_of(walker, part, frame, rows_kept=len(part) == len(table))
        if real is not None:
            return real
    result.rows = len(range(frame.rows)[slice(*bounds)])  # type: ignore[misc]
    result.ranged = frame.ranged and bounds[0] in (None, 0) and bounds[2] in (None, 1)
    return result


def head_tail(
    frame: Frame, method: str, args: list[Value], kw: dict[str, Value], result: Value
) -> Value:
    """`df.head(n)` / `df.tail(n)`: min(n, rows) rows (n may be negative, as in a slice)."""
    n = args[0] if args else kw.get("n", Const(5))
    if not isinstance(result, Frame) or frame.rows is None or len(args) + len(kw) > 1:
        return result
    count = n.n if isinstance(n, Count) else literal(n)
    if not isinstance(count, int) or isinstance(count, bool):
        return result
    window = (
        slice(None, count) if method == "head" else slice(-count if count else frame.rows, None)
    )
    result.rows = len(range(frame.rows)[window])
    result.ranged = frame.ranged and method == "head"
    return result


def drawn(
    walker: Walker, frame: Frame, args: list[Value], kw: dict[str, Value], result: Value
) -> Value:
    """`df.sample(frac=0.8)`: a random share of the frame's rows, as a fold's training rows
    are (without replacement or weights, which change what a share holds)."""
    frac = literal(kw.get("frac")) if not args and set(kw) <= {"frac", "random_state"} else None
    if isinstance(result, Frame) and isinstance(frac, float) and 0.0 < frac <= 1.0:
        _sample(walker, result, frame, share=frac)
    return result


def whole_number(walker: Walker, node: ast.expr | None) -> object:
    """A slice bound: None, a whole number literal, or a name, `X.shape[1]` or arithmetic
    of those and `len(...)` holding one (or a row count)."""
    if node is None or isinstance(node, ast.Constant):
        return int_or_none(node)
    if not all(_plain(n) for n in ast.walk(node)):
        return int_or_none(node)
    # nothing here can have an effect (only len() is called): walked again for its value
    value = walker.lookup(node.id, node) if isinstance(node, ast.Name) else walker.expr(node)
    if isinstance(value, Count):
        return value.n
    number = literal(value)
    return number if isinstance(number, int) and not isinstance(number, bool) else NOT_INT


_PLAIN = (ast.Name, ast.Attribute, ast.Subscript, ast.Constant, ast.BinOp, ast.UnaryOp,
          ast.operator, ast.unaryop, ast.expr_context)  # fmt: skip


def _plain(node: ast.AST) -> bool:
    if isinstance(node, ast.Call):
        return isinstance(node.func, ast.Name) and node.func.id == "len" and not node.keywords
    return isinstance(node, _PLAIN)


NOT_INT = object()


def int_or_none(node: ast.expr | None) -> object:
    if node is None:
        return None
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError):
        return NOT_INT
    return value if isinstance(value, int) and not isinstance(value, bool) else NOT_INT


def split_sizes(arrays: list[Value], kw: dict[str, Value]) -> tuple[int, int] | None:
    """train_test_split's (train, test) row counts, as scikit-learn computes them from the sizes.

    They follow from the row count and the literal sizes alone (stratified or not);
    which rows land where is never needed.
    """
    counts = {rows_of(a) for a in arrays}
    if len(counts) != 1 or None in counts:
        return None
    sizes = {k: literal(kw[k]) if k in kw else None for k in ("test_size", "train_size")}
    if any(v is MISSING for v in sizes.values()) or set(kw) - {
        "test_size", "train_size", "random_state", "shuffle", "stratify",
    }:  # fmt: skip
        return None
    from sklearn.model_selection._split import _validate_shuffle_split

    try:
        n_train, n_test = _validate_shuffle_split(
            counts.pop(), sizes["test_size"], sizes["train_size"], default_test_size=0.25
        )
    except (ValueError, TypeError):
        return None
    return int(n_train), int(n_test)


def split_parts(array: Value, sizes: tuple[int, int] | None) -> list[Value]:
    """The train and test parts of a numpy array."""
    if sizes is None:
        return [UNKNOWN, UNKNOWN]
    if isinstance(array, ArrayVal):
        return [ArrayVal(array.width, rows=n) for n in sizes]
    if isinstance(array, VectorVal):
        return [VectorVal(n, array.ndim, array.ndarray) for n in sizes]
    return [UNKNOWN, UNKNOWN]
