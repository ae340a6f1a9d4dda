"""Numeric reductions over text columns: "Cannot perform reduction 'mean' with string dtype".

pandas 3 reads text as its string dtype, whose `mean`, `median`, `std`, ... raise
TypeError (`sum`, `min`, `max` do not). When such a reduction is called on a
frame (or a column of one) whose values are still the input file's
(`Frame.pristine`, dtypes.py) with literal arguments, the installed pandas runs
that very reduction on the file's real columns; a TypeError it raises is the
program's, with pandas' own message. Any other outcome says nothing. `corr` and `cov` of
such a frame raise numpy's ValueError naming the first text cell ("could not convert
string to float: 'Dream'"); they are run only on the file's own values, and only when a
column is not numeric (so that nothing is computed for nothing).
"""

from __future__ import annotations

import ast
import warnings
from typing import TYPE_CHECKING, Any

from mleworld.world.static import callbacks, computed, dtypes, kinds
from mleworld.world.static.params import exception_line, literal
from mleworld.world.static.row_counts import MISSING
from mleworld.world.static.values import UNKNOWN, Frame, GroupBy, Method, SeriesVal, Value, escape

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.9
REDUCTIONS = frozenset({"mean", "median", "std", "var", "sem", "skew", "kurt", "prod"})
ROW_REDUCTIONS = REDUCTIONS | {"sum", "count", "min", "max"}
# across rows, these name a text value; sum and prod name the types met before it
_ROW_SAFE = frozenset({"mean", "median", "std", "var", "sem"})
# statistics of each pair of columns
PAIRWISE = frozenset({"corr", "cov"})


def _arguments(args: list[Value], kw: dict[str, Value]) -> tuple[list[Any], dict[str, Any]] | None:
    """The call's arguments as Python objects, when every one is a literal."""
    values = [literal(a) for a in args]
    keywords = {k: literal(v) for k, v in kw.items()}
    if any(v is MISSING for v in [*values, *keywords.values()]):
        return None
    return values, keywords


def _run(
    walker: Walker,
    data: Any,
    name: str,
    args: list[Value],
    kw: dict[str, Value],
    node: ast.AST,
    raises: tuple[type[Exception], ...] = (TypeError,),
) -> Any | None:
    """The reduction run for real on `data`: its result (None when it raised or cannot run);
    what it raises of `raises` is the program's crash."""
    spelt = computed.arguments(walker, args, kw)  # literals, known values, pure lambdas
    if spelt is None:
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return getattr(data, name)(*spelt[0], **spelt[1])
        except raises as exc:
            walker.emit("reductions", type(exc).__name__, exception_line(exc), node, CONFIDENCE)
        except Exception:
            return None
    return None


def check_frame(
    walker: Walker, frame: Frame, name: str, args: list[Value], kw: dict[str, Value], node: ast.AST
) -> None:
    data = dtypes.file_values(walker, frame)
    if data is None and _down_columns(kw):
        data = kinds.stand_in(walker, frame)  # dtypes known: errors that depend on them only
    elif data is None and name in _ROW_SAFE and frame.ordered:
        # across a row, pandas names the first text cell: the file's first row, kept in order
        data = kinds.stand_in(walker, frame)
        if data is not None and len(data) != frame.rows:
            data = None
    if data is not None:
        _run(walker, data, name, args, kw, node)


def check_pairwise(
    walker: Walker, frame: Frame, name: str, args: list[Value], kw: dict[str, Value], node: ast.AST
) -> None:
    """`df.corr()` / `df.cov()` of the file's values, a text column among them."""
    import pandas as pd

    data = dtypes.file_values(walker, frame) if "numeric_only" not in kw else None
    if data is None or all(pd.api.types.is_numeric_dtype(t) for t in data.dtypes):
        return
    _run(walker, data, name, args, kw, node, raises=(ValueError, TypeError))


def _down_columns(kw: dict[str, Value]) -> bool:
    axis = literal(kw["axis"]) if "axis" in kw else 0
    return axis in (0, "index", None)


def check_series(
    walker: Walker,
    series: SeriesVal,
    name: str,
    args: list[Value],
    kw: dict[str, Value],
    node: ast.AST,
) -> None:
    origin = series.origin
    if origin is None or series.name is None:
        return
    data = dtypes.file_values(walker, origin) if origin.pristine else None
    if data is None and origin.kinds is not None and origin.kinds.get(series.name) == kinds.FILE:
        table = dtypes.file_table(walker, origin.source)  # the column's dtype is its file's
        if (
            table is not None
            and series.name in table
            and kinds.plain_dtype(table[series.name].dtype)
        ):
            data = table
    if data is not None and series.name in data.columns:
        _run(walker, data[series.name], name, args, kw, node)


# Besides reductions: `transform("mean")` gives each row its group's statistic (a Series
# of the frame's rows), and `agg(...)` a table of them (named aggregations, lists of names,
# pure lambdas: `agg(share=("flag", lambda v: (v == "Yes").mean()))`), run for real like
# them when their arguments are known.
_GROUP_METHODS = REDUCTIONS | {
    "transform", "agg", "aggregate", "sum", "count", "min", "max", "size", "nunique",
    "first", "last",
}  # fmt: skip


def group_attribute(group: GroupBy, attr: str) -> Value:
    return Method(group, attr) if attr in _GROUP_METHODS or attr == "apply" else UNKNOWN


def group_getitem(group: GroupBy, key: Value) -> Value:
    """`df.groupby(k)[cols]`: the same grouping of fewer columns."""
    if group.selection is not None or literal(key) is MISSING:
        return UNKNOWN
    return GroupBy(group.frame, group.args, group.kw, key)


def group_method(
    walker: Walker,
    group: GroupBy,
    name: str,
    args: list[Value],
    kw: dict[str, Value],
    node: ast.AST,
    star: bool,
) -> Value:
    """A reduction of a grouping: run on the file's values, as pandas would."""
    if name == "apply":
        callbacks.on_group_apply(walker, group, args, kw, node, star)
        return UNKNOWN
    grouping = _arguments(group.args, group.kw)
    data = dtypes.file_values(walker, group.frame) if grouping is not None else None
    if data is not None and grouping is not None and not star:
        try:
            grouped = data.groupby(*grouping[0], **grouping[1])
            if group.selection is not None:
                grouped = grouped[literal(group.selection)]
        except Exception:
            grouped = None
        if grouped is not None:
            result = _run(walker, grouped, name, args, kw, node)
            if result is not None:
                return computed.result_of(walker, result, group.frame)
    shaped = grouped_shape(walker, group, name, args, kw) if not star else None
    if shaped is not None:
        return shaped
    for value in [*args, *kw.values()]:
        escape(value)
    return UNKNOWN


def grouped_shape(
    walker: Walker, group: GroupBy, name: str, args: list[Value], kw: dict[str, Value]
) -> Frame | None:
    """The columns (and index names) of a grouping's aggregation whose values analysis does
    not hold: pandas runs it on a stand-in of the columns it reads (their dtypes, no rows).

    Only aggregations whose columns depend on the columns they name are read this way:
    named aggregations and dicts (`agg(n=("x", "size"))`, `agg({"x": "mean"})`), or any
    reduction of a selection (`groupby("k")[["x"]].mean()`)."""
    grouping = _arguments(group.args, group.kw)
    spelt = _arguments(args, kw)
    if grouping is None or spelt is None or name not in _GROUP_METHODS - {"transform"}:
        return None
    named = name in ("agg", "aggregate") and (kw and not args or isinstance(literal(args[0]), dict))
    if not named and group.selection is None:
        return None
    data = kinds.stand_in(walker, group.frame, computed=True, dtypes_only=True, partial=True)
    if data is None:
        return None
    try:
        grouped = data.iloc[:0].groupby(*grouping[0], **grouping[1])
        if group.selection is not None:
            grouped = grouped[literal(group.selection)]
        result = computed.quietly(getattr(grouped, name), *spelt[0], **spelt[1])
    except Exception:  # noqa: BLE001 - a column the stand-in lacks, or pandas' own refusal
        return None
    return _shape_frame(result, group.frame)


def _shape_frame(result: Any, like: Frame) -> Frame | None:
    import pandas as pd

    if not isinstance(result, pd.DataFrame) or isinstance(result.columns, pd.MultiIndex):
        return None
    names = list(result.columns)
    levels = list(result.index.names)
    if not all(isinstance(c, str) for c in names):
        return None
    frame = Frame(names, like.source, exact=True)
    if all(isinstance(level, str) for level in levels):
        frame.index_names = tuple(levels)
    return frame
