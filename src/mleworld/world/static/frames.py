"""How DataFrame and Series methods change a frame's columns.

Methods that keep, subset or extend columns return a tracked copy; `drop`,
`set_index`, `pop` check the columns they name (pandas' KeyError messages);
`rename` maps them; in-place variants change the frame itself (removals only
where the walk is sure the code runs). Everything else returns UNKNOWN.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

from mleworld.world.static import (
    arrays,
    casts,
    columns,
    computed,
    computed_series,
    kinds,
    kwargs,
    lengths,
    merges,
    offsets,
    positions,
    reductions,
    row_counts,
)
from mleworld.world.static.columns import KEY_CONFIDENCE, key_error
from mleworld.world.static.values import (
    UNKNOWN,
    Const,
    DictVal,
    Frame,
    GroupBy,
    Keys,
    Method,
    SeriesVal,
    Value,
    VectorVal,
    const_str,
    is_true,
    str_list,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

# Methods whose result has a subset of the frame's columns (same object kind).
_KEEP = {
    "copy", "head", "tail", "sample", "fillna", "drop_duplicates", "sort_values", "sort_index",
    "astype", "replace", "query", "clip", "abs", "round", "infer_objects", "convert_dtypes",
    "ffill", "bfill", "interpolate", "where", "mask", "isna", "isnull", "notna", "notnull",
    "nlargest", "nsmallest", "truncate", "reindex_like",
}  # fmt: skip
_SUBSET = {"select_dtypes", "filter", "dropna"}
# Methods that never change the frame they are called on (without inplace=True).
_READS = _KEEP | _SUBSET | {
    "drop", "rename", "set_index", "reset_index", "pop", "to_csv", "to_numpy", "describe",
    "info", "nunique", "merge", "join", "groupby", "corr", "mean", "median", "sum", "std",
    "min", "max", "count", "memory_usage", "duplicated", "agg", "equals", "value_counts",
    "assign", "var", "sem", "skew", "kurt", "prod", "quantile", "mode", "idxmax", "idxmin",
    "any", "all", "cov", "corrwith", "isin", "pivot_table", "melt", "cumsum", "cumprod",
    "cummax", "cummin", "diff", "pct_change", "shift", "rank", "iterrows", "itertuples",
    "items", "keys", "to_string", "to_dict", "to_records", "to_json", "to_markdown",
    "to_html", "to_latex", "to_parquet", "to_excel", "to_pickle", "to_feather",
}  # fmt: skip


# Series methods whose result is a Series indexed as the original: all its rows, or some.
_SERIES_SAME_ROWS = {
    "fillna", "astype", "copy", "replace", "clip", "round", "abs", "map", "shift", "diff",
    "rank", "cumsum", "cumprod", "cummax", "cummin", "pct_change", "isna", "notna", "isnull",
    "notnull", "isin", "between", "duplicated", "where", "mask", "sort_values", "sort_index",
    "interpolate", "ffill", "bfill", "eq", "ne", "lt", "le", "gt", "ge",
}  # fmt: skip
_SERIES_FEWER_ROWS = {
    "dropna",
    "head",
    "tail",
    "drop_duplicates",
    "sample",
    "nlargest",
    "nsmallest",
}


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
    offsets.check_method(walker, name, args, kw, node, star)
    if name not in _READS or "inplace" in kw:
        frame.pristine = False  # the method may change the frame's values in place
    mutates = name not in _READS or "inplace" in kw
    row_counts.on_method(frame, name, kw, mutates=mutates)
    if mutates and name not in kinds.DTYPE_KEEP:
        frame.kinds = None
    if name in reductions.REDUCTIONS:
        reductions.check_frame(walker, frame, name, args, kw, node)
    if name in reductions.PAIRWISE and not star:
        reductions.check_pairwise(walker, frame, name, args, kw, node)
    if name == "insert" and not star:
        lengths.check_insert(walker, frame, args, kw, node)
    if name == "groupby" and not star:
        columns.check_groupby_keys(walker, frame, args, kw, node)
    if name == "groupby" and (frame.pristine or frame.exact and frame.columns) and not star:
        return GroupBy(frame, args, kw)  # run on its values, or on a stand-in (grouped_shape)
    if frame.columns is None or star:
        return _still_a_frame(frame, name, kw, UNKNOWN)
    replayed = None if mutates else computed.replay(walker, frame, name, args, kw, node)
    if replayed is not None:
        return replayed
    if name == "merge" and not star:
        merges.check_keys(walker, frame, args, kw, node)
    # every row reduction takes `axis` first: `df.sum(1)` is `df.sum(axis=1)`
    axis_kw = {"axis": args[0], **kw} if name in reductions.ROW_REDUCTIONS and args else kw
    if name in reductions.ROW_REDUCTIONS and _axis_is_columns(axis_kw):
        # a row statistic: numbers, one per row (text raised above, or is not known)
        text_ok = name in ("sum", "min", "max")  # these also work on text, giving text
        numeric = not text_ok or kinds.all_numeric(frame)
        real = computed.statistic(walker, frame, name, args, kw, per_row=True)
        return SeriesVal(None, rows=frame.rows, numeric=numeric, real=real)
    if name in ("any", "all") and _axis_is_columns(kw):  # `(z.abs() < 3).all(axis=1)`
        real = computed.statistic(walker, frame, name, args, kw, per_row=True)
        if real is not None:
            return SeriesVal(None, rows=frame.rows, numeric=True, real=real)
    if name in reductions.ROW_REDUCTIONS and _axis_is_columns(axis_kw) is False:
        real = computed.statistic(walker, frame, name, args, kw, per_row=False)
        if real is not None:  # one value a column: `(X - X.mean()) / X.std()`
            return SeriesVal(None, rows=len(real), numeric=computed_series.numeric(real), real=real)
    result = row_counts.kept(frame, _frame_method(walker, frame, name, args, kw, node), name, kw)
    if name in ("head", "tail"):
        result = row_counts.head_tail(frame, name, args, kw, result)
    if name == "sample":
        result = row_counts.drawn(walker, frame, args, kw, result)
    if name in kinds.DTYPE_KEEP:
        return kinds.subset(frame, result)
    if name in kinds.MASKS:
        return kinds.all_numbers(result)
    return _still_a_frame(frame, name, kw, result)


# methods of a DataFrame that return a DataFrame (unless told to work in place)
_FRAME_RESULTS = frozenset({
    "merge", "join", "assign", "drop", "rename", "sort_values", "sort_index", "reset_index",
    "fillna", "ffill", "bfill", "copy", "query", "astype", "set_index", "dropna",
    "drop_duplicates", "replace", "head", "tail", "sample", "round", "clip", "abs",
    "interpolate", "where", "mask", "select_dtypes", "filter", "add_prefix", "add_suffix",
    "rename_axis", "convert_dtypes", "infer_objects", "reindex", "transpose", "pivot_table",
    "melt", "explode", "nlargest", "nsmallest", "shift", "diff", "pct_change", "cumsum",
})  # fmt: skip


def _still_a_frame(frame: Frame, name: str, kw: dict[str, Value], result: Value) -> Value:
    """A DataFrame method's result the walk lost is still a DataFrame, its columns unknown:
    its own methods are still checked against the installed pandas (removed keywords)."""
    if result is not UNKNOWN or name not in _FRAME_RESULTS or not frame.is_frame:
        return result
    if is_true(kw.get("inplace", Const(False))):
        return result
    return Frame(None, frame.source, exact=False)


def _holding(series: SeriesVal, real: Any) -> Value:
    """A Series of `series`' rows holding the values a step computed (UNKNOWN without them);
    a frame where the step gave one (`s.dt.isocalendar()`)."""
    import pandas as pd

    if real is None:
        return UNKNOWN
    if isinstance(real, pd.DataFrame):
        names = list(real.columns)
        return Frame(names, "isocalendar()", exact=True, pristine=True, rows=len(real), table=real)
    numeric = computed_series.numeric(real)
    return SeriesVal(series.name, rows=series.rows, numeric=numeric, real=real)


def _restores_index(frame: Frame) -> bool:
    """`reset_index()` of a frame whose index names are known and clash with no column."""
    names, columns = frame.index_names, frame.columns
    return bool(names) and columns is not None and frame.exact and not set(names) & set(columns)  # type: ignore[arg-type]


def _frame_method(
    walker: Walker,
    frame: Frame,
    name: str,
    args: list[Value],
    kw: dict[str, Value],
    node: ast.Call,
) -> Value:
    inplace = is_true(kw.get("inplace"))
    if name == "reset_index" and not args and not kw and _restores_index(frame):
        # a grouping's keys come back as the first columns
        return Frame([*frame.index_names, *frame.columns], frame.source, exact=True)  # type: ignore[misc]
    if name in _KEEP or name in _SUBSET or (name == "reset_index" and is_true(kw.get("drop"))):
        # select_dtypes, filter and dropna(axis=1) keep some columns: only an upper bound is known
        subset = name in ("select_dtypes", "filter") or (
            name == "dropna" and _axis_is_columns(kw) is not False
        )
        result = _loosened(frame, inplace, exact=frame.exact and not subset)
        if name == "copy" and isinstance(result, Frame):
            result.pristine = frame.pristine
            result.sample_of = frame.sample_of  # the same rows: a fold's copy is that fold
            result.partial = frame.partial
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
        popped = columns.read_column(walker, frame, column)  # its values, when held
        if walker.certain:
            frame.columns.remove(column)
        return popped if isinstance(popped, SeriesVal) else SeriesVal(column)
    if name == "insert":
        column = args[1] if len(args) > 1 else kw.get("column")
        names = str_list(column) if isinstance(column, Const) else None
        frame.add(names) if names is not None else frame.forget()
        return Const(None)
    if name == "assign":
        result = frame.copy()
        result.kinds = dict(frame.kinds) if frame.kinds else None  # the same rows: dtypes kept
        result.add(list(kw))
        return result
    if name == "reindex" and not args and "columns" in kw and not inplace:
        # the columns asked for, in that order (missing ones filled); rows as they were
        wanted = kw["columns"]
        names = str_list(wanted) if not isinstance(wanted, Keys) else wanted.order
        if names is None:
            return Frame(None, frame.source, exact=False)
        return Frame(list(names), frame.source, exact=True)
    dtype = {"dtype": args[0]} if len(args) == 1 and "dtype" not in kw else {}
    if name == "to_numpy" and len(args) == len(dtype) and set(kw) <= {"dtype", "copy"}:
        named = {**dtype, **kw}  # `to_numpy(np.float64)`: the dtype given by position
        return arrays.of_frame(walker, frame, positions.array(frame) or UNKNOWN, named)
    if name == "join" and len(args) == 1 and set(kw) <= {"how"}:
        return merges.joined(walker, frame, args[0], kw.get("how"))
    if name == "merge":
        return merges.merged(walker, frame, args, kw)
    if inplace:
        frame.forget()
    return UNKNOWN


def _loosened(frame: Frame, inplace: bool, *, exact: bool) -> Value:
    """A method that keeps the columns or an unknown subset of them: only exactness changes."""
    if inplace:
        frame.exact = exact
        frame.pristine = False
        return Const(None)
    result = frame.copy()
    result.exact = exact
    return result


def _with_columns(
    walker: Walker, frame: Frame, columns: list[str], inplace: bool, *, same_values: bool = False
) -> Value:
    """A method that leaves exactly `columns`; in place, applied only where the walk is sure it runs."""
    if inplace:
        if walker.certain:
            frame.columns = columns
        if not same_values:
            frame.pristine = False
        return Const(None)
    held = computed.held_columns(frame, columns) if same_values else None
    pristine = same_values and (frame.pristine or held is not None)
    table = frame.table if held is None else held  # none of the kept columns lost its values
    return Frame(columns, frame.source, frame.exact, pristine=pristine, table=table)


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
            rows = args[0] if args else kw.get("labels")
            names = str_list(rows) if rows is not None else None
            raises = const_str(kw.get("errors", Const("raise"))) == "raise"
            if names and frame.ranged and raises:  # text labels of rows numbered 0..n-1
                message = key_error(f"{names} not found in axis")
                walker.emit("columns", "KeyError", message, node, KEY_CONFIDENCE)
                return UNKNOWN
            if inplace:
                frame.pristine = False
                frame.rows = None
                return Const(None)
            return frame.copy()
        labels = args[0] if args else kw.get("labels")
    names = str_list(labels) if labels is not None else None
    if names is None:
        return _loosened(frame, inplace, exact=False) if isinstance(labels, Keys) else UNKNOWN
    cols = frame.columns or []
    missing = [n for n in names if n not in cols]
    if missing and const_str(kw.get("errors", Const("raise"))) == "raise":
        walker.emit(
            "columns", "KeyError", key_error(f"{missing} not found in axis"), node, KEY_CONFIDENCE
        )
        return UNKNOWN
    kept = [c for c in cols if c not in names]
    return _with_columns(walker, frame, kept, inplace, same_values=True)


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
    return _with_columns(walker, frame, remaining, inplace)


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
    offsets.check_method(walker, method.name, args, kw, node, star)
    series = method.owner
    if isinstance(series, SeriesVal) and series.kind in ("str", "dt"):  # s.str.contains("x")
        real = (
            None if star else computed_series.accessor_step(walker, series, method.name, args, kw)
        )
        return _holding(series, real)
    if isinstance(series, SeriesVal) and series.kind == "window":  # s.rolling(3).mean()
        if method.name not in computed_series.WINDOW_STATS or star:
            return UNKNOWN
        real = computed_series.window_stat(walker, series.real, method.name, args, kw)
        numeric = series.numeric or computed_series.numeric(real)
        return SeriesVal(series.name, rows=series.rows, numeric=numeric, real=real)
    if isinstance(series, SeriesVal) and method.name in computed_series.WINDOWS and not star:
        real = computed_series.window(walker, series.real, method.name, args, kw)
        return SeriesVal(
            series.name, rows=series.rows, numeric=series.numeric, kind="window", real=real
        )
    if (
        isinstance(series, SeriesVal)
        and method.name in computed_series.SERIES_SUMMARIES
        and not star
    ):
        counts = computed_series.series_step(
            walker, computed_series.held(walker, series), method.name, args, kw, same_rows=False
        )
        if counts is not None:
            return SeriesVal(series.name, rows=len(counts), real=counts)
        if method.name == "value_counts":
            return UNKNOWN  # (a scalar `quantile(0.5)` is a statistic, below)
    if method.name == "unique" and isinstance(series, SeriesVal) and not (args or kw or star):
        return computed_series.distinct(walker, series)
    if method.name in reductions.REDUCTIONS and isinstance(series, SeriesVal):
        reductions.check_series(walker, series, method.name, args, kw, node)
    if method.name == "to_numpy" and isinstance(series, SeriesVal) and series.rows is not None:
        given = {"dtype": args[0]} if len(args) == 1 else {}
        spelt = {name: arrays.real_of(walker, v) for name, v in {**given, **kw}.items()}
        if len(args) > 1 or set(spelt) - {"dtype"} or arrays.MISSING in spelt.values():
            return VectorVal(series.rows)
        return computed_series.as_array(series, dtype=spelt.get("dtype"))
    if not isinstance(series, SeriesVal):
        return UNKNOWN
    if method.name == "astype" and not star:
        casts.check_astype(walker, series, args, kw, node)
    if method.name in computed_series.DECIDED and not star:
        number = computed_series.statistic(walker, series.real, method.name, args, kw)
        if number is not None:
            return number
    if method.name == "apply" and not star and not kw:
        # `s.apply(lambda v: ...)` of a pure lambda, run: a Series only when it gave one
        return _holding(series, computed_series.series_step(walker, series.real, "apply", args, kw))
    if method.name in _SERIES_SAME_ROWS or method.name in _SERIES_FEWER_ROWS:
        if is_true(kw.get("inplace")):
            return Const(None)
        same = method.name in _SERIES_SAME_ROWS and "axis" not in kw
        numeric = kinds.series_result(series, method.name, args, kw)
        result = SeriesVal(series.name, rows=series.rows if same else None, numeric=numeric)
        if method.name == "astype" and kinds.text_dtype(args[0] if args else kw.get("dtype")):
            result.text = True
        if not star:
            # Its values, computed (no `origin`: that names a column still holding its file's).
            result.real = computed_series.series_step(walker, series.real, method.name, args, kw)
            result.numeric = result.numeric or computed_series.numeric(result.real)
        return result
    return UNKNOWN
