"""How pandas calls change a frame's columns: read_csv, DataFrame(), concat, methods.

`read_csv` of an existing input file gives a frame with the file's header (as
trimmed by `usecols` / `index_col`, or named by `names`); keyword arguments
whose effect on the columns analysis does not model leave the result unknown.
Methods that keep, subset or extend columns return a tracked copy; `drop`,
`set_index`, `pop` check the columns they name (pandas' KeyError messages);
`rename` maps them; in-place variants change the frame itself (removals only
where the walk is sure the code runs). Everything else returns UNKNOWN.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from mleworld.world.static import files, kwargs
from mleworld.world.static.columns import KEY_CONFIDENCE, key_error
from mleworld.world.static.headers import read_header
from mleworld.world.static.values import (
    UNKNOWN,
    Const,
    DictVal,
    Frame,
    Keys,
    Method,
    Seq,
    SeriesVal,
    Value,
    const_str,
    str_list,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

_READ_PLAIN_KWARGS = {
    "sep",
    "delimiter",
    "encoding",
    "low_memory",
    "dtype",
    "nrows",
    "na_values",
    "keep_default_na",
    "na_filter",
    "engine",
    "on_bad_lines",
    "memory_map",
    "float_precision",
    "encoding_errors",
    "parse_dates",
    "dtype_backend",
    "usecols",
    "index_col",
    "header",
    "names",
    "compression",
    "thousands",
    "decimal",
    "quotechar",
    "converters",
    "true_values",
    "false_values",
    "verbose",
}
# Methods whose result has a subset of the frame's columns (same object kind).
_KEEP = {
    "copy", "head", "tail", "sample", "fillna", "drop_duplicates", "sort_values", "sort_index",
    "astype", "replace", "query", "clip", "abs", "round", "infer_objects", "convert_dtypes",
    "ffill", "bfill", "interpolate", "where", "mask", "isna", "isnull", "notna", "notnull",
    "nlargest", "nsmallest", "truncate", "reindex_like",
}  # fmt: skip
_SUBSET = {"select_dtypes", "filter", "dropna"}


def read_csv(
    walker: Walker,
    args: list[Value],
    kw: dict[str, Value],
    node: ast.Call,
    star: bool,
    sep: str = ",",
) -> Value:
    target = args[0] if args else kw.get("filepath_or_buffer")
    real = files.check_read(walker, target, node)
    if real is None or not real.is_file() or star or len(args) > 1:
        return UNKNOWN
    if any(name not in _READ_PLAIN_KWARGS for name in kw):
        return UNKNOWN
    sep_value = kw.get("sep", kw.get("delimiter"))
    if sep_value is not None:
        text = const_str(sep_value)
        if text is None or len(text) != 1:
            return UNKNOWN
        sep = text
    header = kw.get("header")
    if header is not None and not (isinstance(header, Const) and header.value in (0, "infer")):
        return UNKNOWN
    cols = read_header(real, sep)
    if cols is None:
        return UNKNOWN
    if "names" in kw:
        names = str_list(kw["names"])
        if names is None:
            return UNKNOWN
        cols = list(names)
    if "usecols" in kw:
        wanted = str_list(kw["usecols"])
        if wanted is None:
            return UNKNOWN
        missing = [c for c in wanted if c not in cols]
        if missing:
            message = f"ValueError: Usecols do not match columns, columns expected but not found: {missing}"
            walker.emit("columns", "ValueError", message, node, 0.9)
            return UNKNOWN
        cols = [c for c in cols if c in wanted]
    index_col = kw.get("index_col")
    if index_col is not None and not (
        isinstance(index_col, Const) and index_col.value in (None, False)
    ):
        if (
            isinstance(index_col, Const)
            and isinstance(index_col.value, int)
            and not isinstance(index_col.value, bool)
        ):
            if not 0 <= index_col.value < len(cols):
                return UNKNOWN
            cols.pop(index_col.value)
        else:
            names = str_list(index_col)
            if names is None or any(n not in cols for n in names):
                return UNKNOWN
            cols = [c for c in cols if c not in names]
    walker.counts["frames"] += 1
    return Frame(cols, files.path_text(target) or "", exact=True)


def read_table(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    return read_csv(walker, args, kw, node, star, sep="\t")


def dataframe(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    if star:
        return UNKNOWN
    data = args[0] if args else kw.get("data")
    columns = args[2] if len(args) > 2 else kw.get("columns")
    if columns is not None:
        names = str_list(columns)
        if names is not None and not isinstance(data, Frame):
            return Frame(list(names), "DataFrame()", exact=True)
        return UNKNOWN
    if isinstance(data, DictVal):
        return Frame(list(data.items), "DataFrame()", exact=True)
    if isinstance(data, Frame) and data.columns is not None and data.is_frame:
        return data.copy()
    return UNKNOWN


def concat(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    objs = args[0] if args else kw.get("objs")
    if star or not isinstance(objs, Seq) or not objs.items:
        return UNKNOWN
    frames = objs.items
    if not all(isinstance(f, Frame) and f.columns is not None and f.is_frame for f in frames):
        return UNKNOWN
    axis = kw.get("axis", Const(0))
    join = const_str(kw.get("join", Const("outer")))
    if not isinstance(axis, Const) or axis.value not in (0, 1, "index", "columns") or join is None:
        return UNKNOWN
    union: list[str] = []
    for f in frames:
        union.extend(c for c in f.columns or [] if c not in union)  # type: ignore[union-attr]
    exact = join == "outer" and all(f.exact for f in frames)  # type: ignore[union-attr]
    return Frame(union, "concat()", exact=exact)


def split(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """train_test_split: each array becomes a train and a test part of the same kind."""
    if star or not args:
        return UNKNOWN
    parts: list[Value] = []
    for arr in args:
        if isinstance(arr, Frame) and arr.columns is not None and arr.is_frame:
            parts.extend([arr.copy(), arr.copy()])
        elif isinstance(arr, SeriesVal):
            parts.extend([SeriesVal(arr.name), SeriesVal(arr.name)])
        else:
            parts.extend([UNKNOWN, UNKNOWN])
    return Seq(parts, "list")


def _axis_is_columns(kw: dict[str, Value]) -> bool | None:
    axis = kw.get("axis")
    if axis is None:
        return False
    if isinstance(axis, Const) and axis.value in (1, "columns"):
        return True
    if isinstance(axis, Const) and axis.value in (0, "index"):
        return False
    return None


def frame_method(
    walker: Walker,
    method: Method,
    args: list[Value],
    kw: dict[str, Value],
    node: ast.Call,
    star: bool,
) -> Value:
    frame = method.owner
    assert isinstance(frame, Frame)
    name = method.name
    if method.func is not None:
        kwargs.check_function(walker, method.func, True, args, kw, node, star)
    if frame.columns is None or star:
        return UNKNOWN
    inplace = isinstance(kw.get("inplace"), Const) and kw["inplace"].value is True  # type: ignore[union-attr]
    if name in _KEEP or name in _SUBSET or (name == "reset_index" and _is_true(kw.get("drop"))):
        if name == "dropna" and _axis_is_columns(kw) is not False:
            frame.exact = False if inplace else frame.exact
        if inplace:
            return Const(None)
        result = frame.copy()
        result.exact = frame.exact and name not in _SUBSET
        return result
    if name == "drop":
        return _drop(walker, frame, args, kw, node, inplace)
    if name == "rename":
        return _rename(walker, frame, args, kw, inplace)
    if name == "set_index":
        return _set_index(walker, frame, args, kw, node, inplace)
    if name == "pop":
        column = const_str(args[0]) if args else const_str(kw.get("item"))
        if column is None:
            return UNKNOWN
        if not frame.has(column):
            walker.emit("columns", "KeyError", key_error(column), node, KEY_CONFIDENCE)
            return UNKNOWN
        if walker.certain:
            frame.columns.remove(column)
        return SeriesVal(column)
    if name == "insert":
        column = args[1] if len(args) > 1 else kw.get("column")
        names = str_list(column) if isinstance(column, Const) else None
        frame.add(names) if names is not None else frame.forget()
        return Const(None)
    if name == "assign":
        result = frame.copy()
        result.add(list(kw))
        return result
    if inplace:
        frame.forget()
    return UNKNOWN


def _is_true(value: Value | None) -> bool:
    return isinstance(value, Const) and value.value is True


def _drop(
    walker: Walker,
    frame: Frame,
    args: list[Value],
    kw: dict[str, Value],
    node: ast.Call,
    inplace: bool,
) -> Value:
    if "columns" in kw:
        labels: Value | None = kw["columns"]
    else:
        on_columns = _axis_is_columns(kw)
        if on_columns is None:
            return UNKNOWN
        if not on_columns:
            return Const(None) if inplace else frame.copy()
        labels = args[0] if args else kw.get("labels")
    names = str_list(labels) if labels is not None else None
    if names is None:
        if isinstance(labels, Keys):
            if inplace:
                frame.exact = False
                return Const(None)
            result = frame.copy()
            result.exact = False
            return result
        return UNKNOWN
    cols = frame.columns or []
    missing = [n for n in names if n not in cols]
    if missing and const_str(kw.get("errors", Const("raise"))) == "raise":
        walker.emit(
            "columns", "KeyError", key_error(f"{missing} not found in axis"), node, KEY_CONFIDENCE
        )
        return UNKNOWN
    remaining = [c for c in cols if c not in names]
    if inplace:
        if walker.certain:
            frame.columns = remaining
        return Const(None)
    return Frame(remaining, frame.source, frame.exact)


def _rename(
    walker: Walker, frame: Frame, args: list[Value], kw: dict[str, Value], inplace: bool
) -> Value:
    mapping = kw.get("columns")
    if mapping is None and _axis_is_columns(kw):
        mapping = args[0] if args else kw.get("mapper")
    if mapping is None:
        return (Const(None) if inplace else frame.copy()) if "index" in kw else UNKNOWN
    if not isinstance(mapping, DictVal) or not all(
        const_str(v) is not None for v in mapping.items.values()
    ):
        if inplace:
            frame.forget()
        return UNKNOWN
    renamed = [
        const_str(mapping.items[c]) if c in mapping.items else c for c in frame.columns or []
    ]
    if inplace:
        if walker.certain:
            frame.columns = [c for c in renamed if c is not None]
        else:
            frame.add([c for c in renamed if c is not None])
        return Const(None)
    return Frame([c for c in renamed if c is not None], frame.source, frame.exact)


def _set_index(
    walker: Walker,
    frame: Frame,
    args: list[Value],
    kw: dict[str, Value],
    node: ast.Call,
    inplace: bool,
) -> Value:
    keys = args[0] if args else kw.get("keys")
    names = str_list(keys) if keys is not None else None
    if names is None:
        return UNKNOWN
    missing = [n for n in names if not frame.has(n)]
    if missing:
        walker.emit(
            "columns",
            "KeyError",
            key_error(f"None of {missing} are in the columns"),
            node,
            KEY_CONFIDENCE,
        )
        return UNKNOWN
    drop = kw.get("drop", Const(True))
    if not isinstance(drop, Const):
        return UNKNOWN
    remaining = [c for c in frame.columns or [] if not (drop.value and c in names)]
    if inplace:
        if walker.certain:
            frame.columns = remaining
        return Const(None)
    return Frame(remaining, frame.source, frame.exact)


def series_method(
    walker: Walker,
    method: Method,
    args: list[Value],
    kw: dict[str, Value],
    node: ast.Call,
    star: bool,
) -> Value:
    if method.func is not None:
        kwargs.check_function(walker, method.func, True, args, kw, node, star)
    series = method.owner
    if method.name in (
        "fillna",
        "astype",
        "copy",
        "replace",
        "clip",
        "round",
        "abs",
    ) and isinstance(series, SeriesVal):
        return SeriesVal(series.name)
    return UNKNOWN
