"""DataFrame columns a program uses that its data does not have.

A frame read from a CSV of the task's data starts with the file's header
(headers.py); the walk follows it through copies, column selections, new
columns, drops and renames (frames.py), always as an upper bound: a column
outside it is surely missing, so `df["x"]`, `df[["a", "x"]]`, `df.x`,
`del df["x"]` raise what pandas raises, with pandas' message. A frame that
gains a column the walk cannot name is no longer tracked. This module owns the
subscript and attribute rules and the messages; frames.py owns methods.
"""

from __future__ import annotations

import ast
import inspect
from functools import cache
from typing import TYPE_CHECKING, Any

from mleworld.world.static import (
    arrays,
    computed,
    computed_series,
    kinds,
    lengths,
    pandas_arrays,
    positions,
    row_counts,
    suggest,
)
from mleworld.world.static.values import (
    UNKNOWN,
    Const,
    FoldShare,
    Frame,
    Keys,
    Method,
    Seq,
    SeriesVal,
    Value,
    VectorVal,
    const_str,
    str_list,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

KEY_CONFIDENCE = 0.93
ATTR_CONFIDENCE = 0.9
_MASK_METHODS = {"isin", "notna", "notnull", "isna", "isnull", "between", "duplicated", "contains"}
_INDEXERS = ("loc", "iloc", "at", "iat")


def key_error(text: str) -> str:
    """How Python prints a KeyError raised with `text`: the repr of its argument."""
    return f"KeyError: {text!r}"


def missing_columns_message(keys: list[str], missing: list[str]) -> str:
    """pandas' message for `df[keys]` when `missing` are not columns."""
    if len(missing) == len(dict.fromkeys(keys)):
        import pandas as pd

        return key_error(f"None of [{pd.Index(keys)!r}] are in the [columns]")
    return key_error(f"{missing} not in index")


def check_groupby_keys(
    walker: Walker, frame: Frame, args: list[Value], kw: dict[str, Value], node: ast.Call
) -> None:
    """`df.groupby("k")` / `groupby(["a", "k"])` of column names the frame lacks: pandas'
    KeyError names the first one. Only where the index is the plain 0..n-1 one (a level of
    a named index may be grouped by its name) and every key is a name; a list of names as
    long as the frame's rows would be read as one label per row."""
    by = args[0] if args else kw.get("by")
    if by is None or set(kw) & {"level", "axis"} or len(args) > 1:
        return
    if not (frame.exact and frame.is_frame and frame.ranged and frame.columns is not None):
        return
    names = str_list(by)
    if isinstance(by, Seq) and (frame.rows is None or frame.rows == len(names or ())):
        return  # a list as long as the rows, not all of them columns, is the group labels
    missing = _missing(frame, names) if names is not None else []
    if missing:
        walker.emit("columns", "KeyError", key_error(missing[0]), node, KEY_CONFIDENCE)


def is_mask(node: ast.AST) -> bool:
    """An indexing key that selects rows: a comparison, a boolean combination, an isin()."""
    if isinstance(node, ast.Compare):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitAnd | ast.BitOr | ast.BitXor):
        return True
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Invert):
        return True
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in _MASK_METHODS
    )


def _missing(frame: Frame, names: list[str]) -> list[str]:
    cols = frame.columns or []
    return list(dict.fromkeys(n for n in names if n not in cols))


def getitem(walker: Walker, frame: Frame, key: Value, node: ast.Subscript) -> Value:
    if frame.columns is None:
        return _of_unknown_columns(frame, key)
    name = const_str(key)
    if name is not None:
        if frame.has(name):  # of a row (`df.iloc[0]["model"]`), one cell
            return read_column(walker, frame, name) if frame.is_frame else UNKNOWN
        walker.emit("columns", "KeyError", key_error(name), node, KEY_CONFIDENCE)
        return UNKNOWN
    names = str_list(key) if isinstance(key, Seq) else None
    if names is not None:
        missing = _missing(frame, names)
        if missing:
            walker.emit(
                "columns", "KeyError", missing_columns_message(names, missing), node, KEY_CONFIDENCE
            )
            return UNKNOWN
        # `df[names]` has exactly those columns, or raises
        held = computed.held_columns(frame, names)  # none of them lost its values
        result = Frame(
            list(names),
            frame.source,
            True,
            pristine=frame.pristine or held is not None,
            rows=frame.rows,
            table=frame.table if held is None else held,
        )
        result.ordered, result.ranged = frame.ordered, frame.ranged
        result.sample_of = frame.sample_of  # the same rows, fewer columns
        return kinds.subset(frame, result)
    if isinstance(key, Keys):
        if not key.many:
            return row_counts.column(frame, None)
        kept = [c for c in frame.columns if c in key.upper]
        result = Frame(
            kept,
            frame.source,
            exact=False,
            pristine=frame.pristine,
            rows=frame.rows,
            table=frame.table,
        )
        result.ordered, result.ranged = frame.ordered, frame.ranged
        return kinds.subset(frame, result)
    if isinstance(node.slice, ast.Slice):
        return row_counts.row_slice(walker, frame, node.slice, kinds.subset(frame, frame.copy()))
    if is_mask(node.slice):
        return computed.masked(walker, frame, key) or kinds.subset(frame, frame.copy())
    return computed.masked(walker, frame, key) or UNKNOWN  # `df[keep]`, keep a computed mask


def setitem(walker: Walker, frame: Frame, key: Value, node: ast.Subscript) -> None:
    frame.pristine = False
    named = isinstance(node.slice, ast.JoinedStr)  # `df[f"island_{i}"]`: a column, name unknown
    if not (str_list(key) is not None or isinstance(key, Keys) or named):
        frame.rows = None  # a mask or a slice: analysis does not follow what it assigns
        frame.ordered = False
    if frame.columns is None:
        return
    names = str_list(key)
    if names is not None:
        frame.add(names)
    elif isinstance(key, Keys):
        frame.add(sorted(key.upper))
    elif not (isinstance(node.slice, ast.Slice) or is_mask(node.slice)):
        frame.forget(keep_rows=named)


def delitem(walker: Walker, frame: Frame, key: Value, node: ast.Subscript) -> None:
    name = const_str(key)
    if frame.columns is None or name is None:
        return
    if not frame.has(name):
        walker.emit("columns", "KeyError", key_error(name), node, KEY_CONFIDENCE)
    elif walker.certain:
        frame.columns.remove(name)


def indexer_getitem(walker: Walker, method: Method, key: Value, node: ast.Subscript) -> Value:
    frame = method.owner
    assert isinstance(frame, Frame)
    part = computed.outer_part(walker, frame, key) if method.name == "loc" else None
    if part is not None:
        return part
    part = row_counts.key_part(frame, key) if method.name == "loc" else None
    if part is not None:
        return kinds.subset(frame, part) if part.columns is not None else part
    if frame.columns is None:
        return UNKNOWN
    if method.name == "iloc" and positions.iloc_columns(walker, frame, key, node):
        return UNKNOWN
    if method.name == "loc" and isinstance(node.slice, ast.Tuple):
        if not isinstance(key, Seq) or key.items is None or len(key.items) != 2:
            return UNKNOWN
        cols = key.items[1]
        name = const_str(cols)
        if name is not None:
            if not frame.has(name):
                walker.emit("columns", "KeyError", key_error(name), node, 0.85)
                return UNKNOWN
            held = computed.label_rows(walker, frame, node.slice.elts[0], name)
            if held is not None:  # `df.loc[: n_train - 1, "Income"]` of known values
                return held
            # `df.loc[rows, "c"]` is a Series; `df.loc[label, "c"]` one cell (a Timestamp...)
            return SeriesVal(name) if _many_rows(node.slice.elts[0], key.items[0]) else UNKNOWN
        names = str_list(cols) if isinstance(cols, Seq) else None
        if names is not None:
            missing = _missing(frame, names)
            if missing and len(missing) < len(dict.fromkeys(names)):
                walker.emit("columns", "KeyError", key_error(f"{missing} not in index"), node, 0.85)
                return UNKNOWN
            if not missing:
                return _rows_and_columns(walker, frame, key.items[0], names)
        return UNKNOWN
    if method.name in ("loc", "iloc") and not isinstance(node.slice, ast.Tuple):
        # A slice, a mask or a list of labels gives rows as a frame; a scalar may give one row.
        rows = isinstance(node.slice, ast.Slice) or is_mask(node.slice) or isinstance(key, Seq)
        result = frame.copy(is_frame=frame.is_frame and rows)
        if method.name == "iloc":
            result = row_counts.row_slice(walker, frame, node.slice, result)
        return kinds.subset(frame, result) if result.is_frame else result
    return UNKNOWN


def read_column(walker: Walker, frame: Frame, name: str) -> Value:
    """`df[name]` of a column the frame has: its kind, rows and values where known."""
    return computed.column(
        walker, frame, kinds.column(walker, frame, row_counts.column(frame, name))
    )


def _many_rows(node: ast.expr, rows: Value) -> bool:
    """A `.loc` row key that surely selects rows (a slice, a mask, labels or positions),
    not one label, which gives a single cell."""
    if isinstance(node, ast.Slice) or is_mask(node):
        return True
    return isinstance(rows, Seq | VectorVal | SeriesVal | FoldShare | Keys)


def _rows_and_columns(walker: Walker, frame: Frame, rows: Value, names: list[str]) -> Frame:
    """`df.loc[rows, names]`: those columns, their kinds kept; of a frame indexed 0..n-1, the
    rows at a fold's positions are its `iloc` rows (their count, the share they sample)."""
    part = row_counts.taken(frame, rows, walker) if frame.ranged else None
    result = Frame(list(names), frame.source, frame.exact)
    if isinstance(part, Frame):
        result.rows, result.sample_of = part.rows, part.sample_of
    return kinds.subset(frame, result)  # type: ignore[return-value]


def indexer_setitem(walker: Walker, method: Method, key: Value, node: ast.Subscript) -> None:
    frame = method.owner
    assert isinstance(frame, Frame)
    frame.pristine = False
    frame.rows = None  # `df.loc[new_label] = row` adds a row
    frame.ordered = False
    if frame.columns is None or method.name == "iloc" or method.name == "iat":
        return
    if not isinstance(node.slice, ast.Tuple):
        return  # rows only
    cols = key.items[1] if isinstance(key, Seq) and key.items and len(key.items) == 2 else UNKNOWN
    names = str_list(cols)
    if names is not None:
        frame.add(names)
    elif isinstance(cols, Keys):
        frame.add(sorted(cols.upper))
    else:
        frame.forget()


@cache
def _class_attrs(kind: str) -> tuple[Any, frozenset[str]]:
    import pandas as pd

    klass = pd.DataFrame if kind == "frame" else pd.Series
    return klass, frozenset(dir(klass))


def frame_attribute(walker: Walker, frame: Frame, attr: str, node: ast.AST) -> Value:
    if attr in _INDEXERS:
        return Method(frame, attr)
    if attr == "columns":
        if frame.columns is None:
            return UNKNOWN
        order = tuple(frame.columns) if frame.exact else None
        return Keys(frozenset(frame.columns), many=True, exact=frame.exact, order=order)
    if attr.startswith("_"):
        return UNKNOWN
    if attr == "shape":
        return lengths.shape(frame)
    if attr == "values":
        found = positions.array(frame)
        if found is not None:
            return arrays.of_frame(walker, frame, found, {})
    klass, names = _class_attrs("frame")
    if attr in names:
        static = inspect.getattr_static(klass, attr, None)
        return Method(frame, attr, static) if callable(static) else UNKNOWN
    if frame.columns is None or not frame.is_frame:
        return UNKNOWN
    if attr in frame.columns:  # `df.sex`: the column, as `df["sex"]` gives it
        return read_column(walker, frame, attr)
    import pandas as pd

    candidates = dir(pd.DataFrame(columns=list(frame.columns)))
    message = suggest.with_suggestion(
        f"AttributeError: 'DataFrame' object has no attribute '{attr}'",
        suggest.best_match(attr, candidates),
    )
    # a package analysis did not load may register DataFrame accessors: only a hint then
    confidence = ATTR_CONFIDENCE * (0.5 if walker.opaque_imports else 1.0)
    walker.emit("columns", "AttributeError", message, node, confidence)
    return UNKNOWN


@cache
def _series_dir() -> list[str]:
    import pandas as pd

    return dir(pd.Series(dtype="float64"))


def series_attribute(walker: Walker, series: SeriesVal, attr: str, node: ast.AST) -> Value:
    if attr.startswith("_"):
        return UNKNOWN
    if attr == "dt" and series.kind is None and computed_series.dates(series.real):
        return SeriesVal(series.name, rows=series.rows, kind="dt", real=series.real.dt)  # dates
    if attr == "dt" and series.kind is None and computed_series.durations(series.real):
        return SeriesVal(series.name, rows=series.rows, kind="td", real=series.real.dt)
    if series.kind == "td":  # `(d - start).dt.days` of durations analysis computed
        return computed_series.duration_field(series, attr)
    if attr == "dt" and series.kind is None:
        dtype = _dtype_of(walker, series)
        refused = _dt_refusal(dtype) if dtype is not None else None
        if refused is not None:  # `df["date"].dt.month` before `pd.to_datetime`
            walker.emit("columns", "AttributeError", refused, node, 0.85)
            return UNKNOWN
    if attr == "index" and series.kind is None:
        labels = computed_series.text_labels(series.real)
        if labels is not None:  # `for c in skew[skew > 0.5].index`: column names, in order
            return Keys(frozenset(labels), many=True, exact=True, order=labels)
    if attr == "str" and series.kind is None and computed_series.texts(series.real):
        return SeriesVal(series.name, rows=series.rows, kind="str", real=series.real.str)
    if series.kind == "str":  # `s.str.contains("x")` and the like, run on the text
        return Method(series, attr) if attr in computed_series.STR_METHODS else UNKNOWN
    if series.kind == "window":  # the statistics of `s.rolling(3)` and the like
        return Method(series, attr) if attr in computed_series.WINDOW_STATS else UNKNOWN
    if series.kind == "dt" and attr in computed_series.DT_METHODS:  # s.dt.strftime("%m")
        return Method(series, attr)
    if series.kind is not None:
        found = kinds.datetime_attribute(series, attr)
        if series.kind == "dt" and found is UNKNOWN:
            _dt_attribute(walker, attr, node)
        if found is not UNKNOWN or series.kind != "datetime" or attr == "dt":
            return found
        # a Series of dates has every Series method (`dates.map(f)`, `dates.min()`)
    if attr == "values" and (series.rows is not None or series.real is not None):
        array = computed_series.as_array(series, ndarray=False)
        if array.real is None:
            array.pandas_dtype = pandas_arrays.pandas_dtype(_dtype_of(walker, series))
        return array
    if attr == "iloc":  # `y.iloc[fold]`: some of its rows (row_counts.taken)
        return Method(series, attr)
    if attr == "dtype":
        dtype = kinds.series_dtype(walker, series)
        if dtype is not None:
            return Const(dtype)
    klass, names = _class_attrs("series")
    if attr in names:
        static = inspect.getattr_static(klass, attr, None)
        return (
            Method(series, attr, static)
            if callable(static) and attr not in ("str", "dt", "cat")
            else UNKNOWN
        )
    message = suggest.with_suggestion(
        f"AttributeError: 'Series' object has no attribute '{attr}'",
        suggest.best_match(attr, _series_dir()),
    )
    confidence = 0.85 * (0.5 if walker.opaque_imports else 1.0)
    walker.emit("columns", "AttributeError", message, node, confidence)
    return UNKNOWN


@cache
def _dt_accessor() -> Any:
    import pandas as pd

    return pd.Series(pd.to_datetime(["2020-01-01"])).dt


def _dtype_of(walker: Walker, series: SeriesVal) -> Any | None:
    """The Series' dtype: its computed values', else what analysis knows of its column's."""
    if series.real is not None and hasattr(series.real, "dtype"):
        return series.real.dtype
    return kinds.series_dtype(walker, series)


def _dt_refusal(dtype: Any) -> str | None:
    """What `.dt` of a Series of `dtype` raises, as Python prints it (None: it has one)."""
    try:
        return _dt_refusal_of(dtype)
    except TypeError:  # a dtype that cannot be a cache key (kinds.NumberDtype): no Series of it
        return None


@cache
def _dt_refusal_of(dtype: Any) -> str | None:
    import pandas as pd

    try:
        empty = pd.Series([], dtype=dtype)
    except Exception:
        return None
    try:
        empty.dt  # noqa: B018
    except AttributeError as exc:
        return suggest.with_suggestion(
            f"AttributeError: {exc}", suggest.best_match("dt", dir(empty))
        )
    return None


def _dt_attribute(walker: Walker, attr: str, node: ast.AST) -> None:
    """`dates.dt.is_holiday` on a Series of datetimes: the accessor has no such field."""
    accessor = _dt_accessor()
    names = dir(accessor)
    if attr in names:
        return
    try:
        getattr(accessor, attr)
    except AttributeError as exc:
        message = suggest.with_suggestion(f"AttributeError: {exc}", suggest.best_match(attr, names))
        confidence = 0.85 * (0.5 if walker.opaque_imports else 1.0)
        walker.emit("columns", "AttributeError", message, node, confidence)


def set_frame_attribute(walker: Walker, frame: Frame, attr: str, value: Value) -> None:
    if attr == "index":  # new labels: rows stay, but neither 0..n-1 nor a concat's keys
        frame.ranged, frame.parts = False, None
    if attr not in ("columns", "index") and frame.has(attr):
        frame.add([attr])  # `df.date = pd.to_datetime(df.date)` sets the column
        return
    if attr != "columns" or frame.columns is None:
        return
    names = list(value.order) if isinstance(value, Keys) and value.order else str_list(value)
    renamed = _renamed_kinds(walker, frame, names) if names is not None else None
    frame.pristine = False
    frame.kinds = None
    if names is not None and walker.certain:
        frame.columns = list(names)
        frame.kinds = renamed
    else:
        frame.forget()


def _renamed_kinds(walker: Walker, frame: Frame, names: list[str]) -> dict[str, Any] | None:
    """What is known of each column's dtype once `df.columns = names` renames them in
    place: a column of the file, in a frame that still holds the file's values, keeps
    them (held as computed ones: the file's own name no longer finds them); the other
    kinds stay as they were."""
    from mleworld.world.static.dtypes import file_table
    from mleworld.world.static.kinds import FILE, Real

    old = frame.columns or []
    if (
        not frame.kinds
        or not frame.ordered
        or len(old) != len(names)
        or len(set(names)) < len(names)
    ):
        return None
    # the file's values are the frame's only while nothing changed them since the read
    whole = frame.pristine and FILE in frame.kinds.values()
    table = file_table(walker, frame.source) if whole else None
    kinds: dict[str, Any] = {}
    for before, after in zip(old, names, strict=True):
        kind = frame.kinds.get(before)
        if kind == FILE:
            kind = Real(table[before]) if table is not None and before in table.columns else None
        if kind is not None:
            kinds[after] = kind
    return kinds or None


def keys_attribute(keys: Keys, attr: str) -> Value:
    if attr == "values":
        return keys
    return Method(keys, attr)


def keys_text_method(keys: Keys, name: str, args: list[Value], kw: dict[str, Value]) -> Value:
    """`df.columns.str.lower()` (`.strip()`, `.replace("x", "y")`, ...) of columns known in
    order: pandas' own result on those names, in order (`df.columns = ...` renames; another
    `.str` method may follow)."""
    import pandas as pd

    from mleworld.world.static.params import literal
    from mleworld.world.static.row_counts import MISSING

    spelt = [literal(a) for a in args]
    named = {k: literal(v) for k, v in kw.items()}
    if keys.order is None or not keys.exact or MISSING in [*spelt, *named.values()]:
        return UNKNOWN
    try:
        result = getattr(pd.Index(list(keys.order)).str, name)(*spelt, **named)
    except Exception:  # noqa: BLE001 - not a method pandas has, or one it refuses here
        return UNKNOWN
    if not isinstance(result, pd.Index) or not all(isinstance(n, str) for n in result):
        return UNKNOWN
    return Keys(frozenset(result), many=True, exact=True, order=tuple(result))


def keys_method(keys: Keys, name: str) -> Value:
    if name in ("tolist", "to_list") and keys.exact and keys.order is not None:
        return Seq([Const(n) for n in keys.order], "list")  # as `list(df.columns)` gives
    if name in ("tolist", "to_list", "copy", "to_numpy"):
        return keys
    if name in ("drop", "difference", "intersection"):
        return Keys(keys.upper, many=True, exact=False)
    return UNKNOWN


def _of_unknown_columns(frame: Frame, key: Value) -> Value:
    """`df["x"]` / `df[["a", "b"]]` of a DataFrame whose columns the walk lost: a Series, or a
    frame of exactly those columns (it raised otherwise, unseen); their values unknown."""
    if not frame.is_frame:
        return UNKNOWN
    name = const_str(key)
    if name is not None:
        return SeriesVal(name, rows=frame.rows)
    names = str_list(key) if isinstance(key, Seq) else None
    if names is not None:
        return Frame(list(names), frame.source, True, rows=frame.rows)
    return UNKNOWN
