"""Frames whose values analysis computed: pandas run for real on the input files' values.

A frame read from a file holds the file's values (`Frame.pristine`, dtypes.py). Data
preparation then stacks frames (`pd.concat([train, test])`) and cleans them
(`dropna(subset=...)`, `fillna(0)`, `drop_duplicates()`, `reset_index(drop=True)`):
each step is a pure function of values analysis already has. With literal arguments,
the installed pandas runs the step on them here, and the frame it gives carries its
values as `Frame.table` (still `pristine`: any later change in place clears it), so
the detectors that read a frame's values (text cells reaching a numeric estimator,
class counts, dtype tests) see the real ones. Merges take the other frame's values
too, and `read_csv` with literal options (`parse_dates`, `dtype`, `na_values`, ...)
is run as the program asks. A step pandas rejects with literal arguments on the real
values is the program's crash, named with pandas' own message; a result that is not
a plain frame of text-named columns leaves the frame to the usual rules. The values of
single columns through the steps that build features are computed_series.py's.
"""

from __future__ import annotations

import ast
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mleworld.world.static import kinds, pure
from mleworld.world.static.params import exception_line, literal
from mleworld.world.static.values import (
    UNKNOWN,
    ArrayVal,
    Const,
    DictVal,
    Frame,
    FuncVal,
    Method,
    Number,
    Obj,
    Seq,
    SeriesVal,
    Value,
    VectorVal,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

# Frame methods that return a new frame from the values alone (without inplace=True).
REPLAYED = frozenset(
    {
        "dropna", "fillna", "drop_duplicates", "reset_index", "sort_values", "sort_index",
        "head", "tail", "replace", "astype", "drop", "copy", "ffill", "bfill", "merge",
        "join", "rename", "assign", "abs", "round", "clip", "select_dtypes", "filter",
    }
)  # fmt: skip
# What pandas raises for bad arguments or data (MergeError is a ValueError): the program's
# crash. A missing label's KeyError is columns.py's to name (with its suggestions).
_RAISES = (ValueError, TypeError)
CONFIDENCE = 0.9
_MISSING = literal(UNKNOWN)  # what params.literal answers for a value that is not one
# methods of a literal text that map a value to a value (`"{:.2f}".format`, `", ".join`)
_TEXT_METHODS = frozenset({"format", "join", "strip", "lower", "upper", "replace"})
MAX_CELLS = 5_000_000  # a computed frame larger than this is not kept (memory, time)


def quietly(func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """`func(*args, **kwargs)` with the warnings pandas prints silenced: the analysis runs
    the program's steps, it does not print what they print."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return func(*args, **kwargs)


def values_of(walker: Walker, frame: Value) -> Any | None:
    """The frame's real values, when analysis knows them (computed here or the file's)."""
    from mleworld.world.static.dtypes import file_values

    return file_values(walker, frame) if isinstance(frame, Frame) else None


def frame_of(walker: Walker, table: Any, like: Frame, *, rows_kept: bool = False) -> Frame | None:
    """A tracked frame holding `table`; `like` names its source (for evidence and the dtypes
    its columns still share with that file). None when `table` is not one analysis can track."""
    import pandas as pd

    from mleworld.world.static.dtypes import file_dtypes, file_table

    if not isinstance(table, pd.DataFrame) or table.size > MAX_CELLS:
        return None
    names = list(table.columns)
    if not all(isinstance(c, str) for c in names) or len(set(names)) != len(names):
        return None
    ranged = isinstance(table.index, pd.RangeIndex) and table.index.equals(
        pd.RangeIndex(len(table))
    )
    frame = Frame(
        names, like.source, exact=True, pristine=True, rows=len(table), ranged=ranged, table=table
    )
    frame.ordered = bool(rows_kept and like.ordered)
    source = file_dtypes(walker, like.source)
    frame.kinds = {}
    # A column keeps its file's kind while its dtype (and values, in order) do. The dtypes come
    # from `table.dtypes` and the file's map: building each column as a Series cost the most.
    for name, dtype in zip(names, table.dtypes, strict=True):
        same = source is not None and name in source and source[name] == dtype
        if same and (
            not frame.ordered or table[name].equals(file_table(walker, like.source)[name])
        ):
            frame.kinds[name] = kinds.FILE
        elif pd.api.types.is_numeric_dtype(dtype):
            frame.kinds[name] = kinds.NUM
    return frame


def _argument(walker: Walker, value: Value) -> Any:
    """An argument as pandas gets it: a frame's real values, a literal, else _MISSING."""
    from mleworld.world.static.params import literal_or_type

    if isinstance(value, Frame):
        table = values_of(walker, value)
        return _MISSING if table is None else table
    if isinstance(value, FuncVal):  # `s.map(lambda x: x.lower())`: a pure lambda runs
        function = pure.compiled(walker, value)
        return _MISSING if function is None else function
    if isinstance(value, Obj) and pure.pure_callable(value.obj):  # `s.map(str.lower)`
        return value.obj
    if isinstance(value, Obj) and _missing_marker(value.obj):  # `s.replace({"?": pd.NA})`
        return value.obj
    if isinstance(value, Method) and isinstance(value.owner, Const):  # `s.map("{:,.0f}".format)`
        text = value.owner.value
        known = isinstance(text, str) and value.name in _TEXT_METHODS
        return getattr(text, value.name) if known else _MISSING
    if isinstance(value, SeriesVal) and value.kind in (None, kinds.CATEGORICAL):  # `s.map(t)`
        return value.real if value.real is not None else _MISSING
    if isinstance(value, VectorVal | Number | ArrayVal):  # np.where(...), a median, a design
        return value.real if value.real is not None else _MISSING
    if (
        isinstance(value, Seq)
        and value.items is not None
        and any(isinstance(v, SeriesVal | VectorVal | FuncVal) for v in value.items)
    ):  # np.select([mask_a, mask_b], [...]), agg(share=("flag", lambda v: ...))
        items = [_argument(walker, v) for v in value.items]
        if any(v is _MISSING for v in items):
            return _MISSING
        return tuple(items) if value.kind == "tuple" else items
    if isinstance(value, DictVal) and value.closed:  # dtype={"year": str}
        items = {k: _argument(walker, v) for k, v in value.items.items()}
        return _MISSING if any(v is _MISSING for v in items.values()) else items
    return literal_or_type(value)


def _missing_marker(obj: Any) -> bool:
    """pandas' markers of a missing value (`pd.NA`, `pd.NaT`), handed to pandas as they are."""
    import pandas as pd

    return obj is pd.NA or obj is pd.NaT


def arguments(
    walker: Walker, args: list[Value], kw: dict[str, Value]
) -> tuple[list[Any], dict[str, Any]] | None:
    """A call's arguments as pandas gets them (`_argument`); None when one is not known."""
    rest = [_argument(walker, a) for a in args]
    named = {k: _argument(walker, v) for k, v in kw.items()}
    return None if any(v is _MISSING for v in [*rest, *named.values()]) else (rest, named)


def raised(walker: Walker, exc: Exception, node: ast.AST | None) -> None:
    """pandas rejected a step on the real values with literal arguments: the run does too."""
    if node is not None and isinstance(exc, _RAISES):
        walker.emit("computed", type(exc).__name__, exception_line(exc), node, CONFIDENCE)


def replay(
    walker: Walker,
    frame: Frame,
    name: str,
    args: list[Value],
    kw: dict[str, Value],
    node: ast.AST | None = None,
) -> Frame | None:
    """`frame.name(*args, **kw)` run on the frame's real values; None when it cannot be."""
    if name not in REPLAYED or "inplace" in kw:
        return None
    table = values_of(walker, frame)
    if table is None:
        return None
    spelt = arguments(walker, args, kw)
    if spelt is None:
        return None
    try:
        result = quietly(getattr(table, name), *spelt[0], **spelt[1])
    except KeyError as exc:
        if name == "astype" and node is not None:  # a dtype mapping naming a missing column
            walker.emit("computed", "KeyError", exception_line(exc), node, CONFIDENCE)
        return None  # the other missing columns are columns.py's to name
    except Exception as exc:
        raised(walker, exc, node)
        return None
    kept = len(result) == len(table) and result.index.equals(table.index)  # same rows, same order
    return frame_of(walker, result, frame, rows_kept=kept)


def statistic(
    walker: Walker,
    frame: Frame,
    name: str,
    args: list[Value],
    kw: dict[str, Value],
    *,
    per_row: bool,
) -> Any | None:
    """`frame.sum(axis=1)` (`per_row`: one value a row) or `frame.mean()` (one value a
    column) of a frame whose values are known: the Series, computed, indexed by the rows or
    by the columns."""
    import pandas as pd

    table = values_of(walker, frame)
    spelt = None if table is None else arguments(walker, args, kw)
    if table is None or spelt is None:
        return None
    try:
        result = quietly(getattr(table, name), *spelt[0], **spelt[1])
    except Exception:
        return None  # the reduction's own errors are reductions.py's to name
    labels = table.index if per_row else table.columns
    return result if isinstance(result, pd.Series) and result.index.equals(labels) else None


def frame_arithmetic(
    walker: Walker, op: ast.operator, left: Value, right: Value, node: ast.AST
) -> Frame | None:
    """`(X - X.mean()) / X.std()`, `df * 2`, `a + b` of frames whose values are known (a
    Series of one value a column, or a number, on the other side): the frame, computed;
    pandas' TypeError or ValueError is the run's."""
    import pandas as pd

    from mleworld.world.static.operators import ARITHMETIC

    func = ARITHMETIC.get(type(op))
    frames = [v for v in (left, right) if isinstance(v, Frame)]
    if func is None or not frames:
        return None
    sides: list[Any] = []
    for value in (left, right):
        if isinstance(value, Frame):
            table = values_of(walker, value)
        elif isinstance(value, SeriesVal) and isinstance(value.real, pd.Series):
            table = value.real  # aligned on the frame's columns (a column statistic)
        elif (
            isinstance(value, Const)
            and isinstance(value.value, int | float)
            and not isinstance(value.value, bool)
        ):
            table = value.value
        else:
            return None
        if table is None:
            return None
        sides.append(table)
    tables = [t for t in sides if isinstance(t, pd.DataFrame)]
    shapes = {(tuple(t.columns), tuple(t.index)) for t in tables}
    labels = [t for t in sides if isinstance(t, pd.Series)]
    if len(shapes) != 1 or any(not set(t.index) <= set(tables[0].columns) for t in labels):
        return None  # pandas aligns on labels: followed only where nothing needs aligning
    try:
        result = quietly(func, *sides)
    except Exception as exc:
        raised(walker, exc, node)
        return None
    return frame_of(walker, result, frames[0], rows_kept=True)


def result_of(walker: Walker, result: Any, like: Frame) -> Value:
    """What a step run for real gave (a groupby reduction): a frame, or a Series with its values."""
    import pandas as pd

    from mleworld.world.static.values import UNKNOWN, SeriesVal

    if isinstance(result, pd.DataFrame):
        return frame_of(walker, result, like) or UNKNOWN
    if isinstance(result, pd.Series):
        name = result.name if isinstance(result.name, str) else None
        return SeriesVal(name, rows=len(result), real=result)
    return UNKNOWN


def column(walker: Walker, frame: Frame, series: Value) -> Value:
    """`frame[name]` of a frame whose values are known: the Series carries them."""
    from mleworld.world.static.dtypes import file_column
    from mleworld.world.static.values import SeriesVal

    if not isinstance(series, SeriesVal):
        return series
    if frame.pristine:
        real = file_column(walker, frame, series.name)
    else:  # the column's values may be among those the frame still holds
        part = frame.partial
        real = part[series.name] if part is not None and series.name in part.columns else None
    if real is not None:
        series.real = real
    return series


def held_columns(frame: Frame, names: list[str]) -> Any | None:
    """The values of `names` in a frame that lost those of other columns (`Frame.partial`),
    when it still holds all of these."""
    part = frame.partial
    if frame.pristine or part is None or not set(names) <= set(part.columns):
        return None
    return part[list(names)]


def stored(walker: Walker, frame: Frame, names: list[str], source: Any, after: Any) -> None:
    """After `frame[names] = value` on a frame that held `source` (its values, or those of
    its other columns): `after`, the values with the store computed; or, where the walk lost
    the value, `source` less the columns stored. Either is kept as `Frame.partial` when
    `source` was partial, and the frame's own values again when it was whole."""
    if source is None or not walker.certain or frame.aliases or frame.columns is None:
        return
    if after is not None and set(after.columns) == set(frame.columns):
        keep(frame, after)  # every column's values known again
        return
    frame.partial = (
        after
        if after is not None
        else source.drop(columns=[n for n in names if n in source.columns])
    )


def cells_stored(frame: Frame, key: Value, names: list[str] | None, before: Any) -> None:
    """After `frame.loc[rows, names] = value` of a frame whose values were `before`, where the
    rows are labels it has (a mask, or a fold's positions of a frame indexed 0..n-1): its
    rows are the same and its other columns keep their values (`Frame.partial`), as in an
    out-of-fold loop filling one column fold by fold."""
    import pandas as pd

    from mleworld.world.static.values import FoldShare

    rows = key.items[0] if isinstance(key, Seq) and key.items else None
    mask = rows.real if isinstance(rows, SeriesVal) else None
    existing = (isinstance(mask, pd.Series) and pd.api.types.is_bool_dtype(mask.dtype)) or (
        frame.ranged and (isinstance(rows, FoldShare) or isinstance(rows, VectorVal) and rows.index)
    )
    if before is None or names is None or not existing or frame.columns is None:
        return
    frame.rows = len(before)
    frame.partial = before.drop(columns=[n for n in names if n in before.columns])


def masked(walker: Walker, frame: Frame, key: Value) -> Frame | None:
    """`frame[mask]` with booleans computed from the frame's own values: the rows kept."""
    import pandas as pd

    from mleworld.world.static.values import SeriesVal

    table = values_of(walker, frame)
    real = key.real if isinstance(key, SeriesVal) else None
    if table is None or not isinstance(real, pd.Series) or not real.index.equals(table.index):
        return None
    if not pd.api.types.is_bool_dtype(real.dtype):
        return None
    part = table[real]
    return frame_of(walker, part, frame, rows_kept=len(part) == len(table))


def assigned(walker: Walker, frame: Frame, key: Value, value: Value, table: Any) -> Any | None:
    """`frame[name] = value` of a frame holding `table` (its values, or those of the columns
    whose values it still holds: Frame.partial): the table after it, when the walk is sure
    the line runs and the value is a literal scalar (a flag column, a constant) or a Series
    analysis computed row for row from the frame's own values."""
    from mleworld.world.static.values import SeriesVal, const_str

    name = const_str(key)
    if name is None or table is None or not walker.certain or frame.aliases:
        return None
    if isinstance(value, Const) and isinstance(value.value, str | int | float | bool):
        column: Any = value.value
    elif isinstance(value, Obj) and type(value.obj) is float:
        column = value.obj  # np.nan, np.inf
    elif isinstance(value, SeriesVal) and _aligned(value.real, table):
        column = value.real  # computed from the frame's values (pd.cut, pd.to_datetime of a column)
    elif isinstance(value, VectorVal) and value.real is not None and len(value.real) == len(table):
        column = value.real  # an array row for row (np.where of the frame's own masks)
    else:
        return None
    out = table.copy()
    out[name] = column
    return out


def constructed(walker: Walker, data: DictVal | None, node: ast.Call) -> Frame | None:
    """`pd.DataFrame(index=df.index)` or `pd.DataFrame({name: column, ...}, index=df.index)`
    of columns whose values analysis knows (a Series computed from a frame's values, an
    array, a scalar), built for real: the frame a feature function fills keeps its values."""
    import pandas as pd

    like, index = None, None
    for keyword in node.keywords:
        if keyword.arg != "index":
            continue
        owner = keyword.value
        if not (isinstance(owner, ast.Attribute) and owner.attr == "index"):
            return None
        base = walker.peek(owner.value.id) if isinstance(owner.value, ast.Name) else None
        table = values_of(walker, base) if isinstance(base, Frame) else None
        if table is None:
            return None
        like, index = base, table.index
    columns: dict[str, Any] = {}
    for name, value in (data.items if data is not None else {}).items():
        if isinstance(value, SeriesVal | VectorVal) and value.real is not None:
            columns[name] = value.real
            like = like or (value.origin if isinstance(value, SeriesVal) else None)
        elif isinstance(value, Const) and isinstance(value.value, str | int | float | bool):
            columns[name] = value.value
        elif (literals := _literal_list(value)) is not None:
            columns[name] = literals  # a lookup table written out: {"zone": ["a", "b"]}
        else:
            return None
    if index is None and not columns:
        return None
    if like is None and any(not isinstance(v, str | int | float | bool) for v in columns.values()):
        like = Frame([], "DataFrame()", exact=True)  # columns computed from more than one frame
    if not isinstance(like, Frame):
        return None
    try:
        table = quietly(pd.DataFrame, columns, index=index)
    except _RAISES:
        return None  # pandas' own complaint (lengths differ, scalars alone) is lengths.py's
    return frame_of(walker, table, like)


def _literal_list(value: Value) -> list[Any] | None:
    """The items of a list or tuple of literal numbers, text, bools or None."""
    if not isinstance(value, Seq) or value.items is None:
        return None
    items = [item.value if isinstance(item, Const) else UNKNOWN for item in value.items]
    plain = all(item is None or isinstance(item, str | int | float | bool) for item in items)
    return items if plain else None


def _aligned(values: Any, table: Any) -> bool:
    import pandas as pd

    return isinstance(values, pd.Series) and values.index.equals(table.index)


def keep(frame: Frame, table: Any) -> None:
    """The frame holds `table` again after an assignment analysis computed (`assigned`)."""
    frame.table, frame.pristine = table, True


def merge(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`pd.merge(left, right, ...)`: the left frame's `merge`, run for real."""
    from mleworld.world.static.values import UNKNOWN

    left = args[0] if args else kw.get("left")
    if star or not isinstance(left, Frame):
        return UNKNOWN
    rest = {k: v for k, v in kw.items() if k != "left"}
    replayed = replay(walker, left, "merge", args[1:], rest, node)
    if replayed is not None or left.columns is None:
        return replayed or UNKNOWN
    from mleworld.world.static import merges

    merges.check_keys(walker, left, args[1:], rest, node)
    return merges.merged(walker, left, args[1:], rest)


# read_csv options run as given (their effect is pandas'; the file is the task's own).
READ_OPTIONS = frozenset(
    {
        "sep", "delimiter", "encoding", "low_memory", "usecols", "parse_dates", "dtype",
        "na_values", "keep_default_na", "index_col", "names", "header", "nrows", "skiprows",
        "true_values", "false_values", "thousands", "decimal", "date_format", "dayfirst",
    }
)  # fmt: skip


def read(
    walker: Walker, real: Path, kw: dict[str, Value], like: Frame, node: ast.AST, sep: str = ","
) -> Frame | None:
    """`pd.read_csv(path, **options)` with literal options, read for real (`sep`: the
    reader's own default, a tab for read_table)."""
    import pandas as pd

    if not set(kw) <= READ_OPTIONS:
        return None
    named = {k: _argument(walker, v) for k, v in kw.items()}
    if "sep" not in named and "delimiter" not in named:
        named["sep"] = sep
    if any(v is _MISSING or isinstance(v, pd.DataFrame) for v in named.values()):
        return None
    if real.stat().st_size > MAX_FILE_BYTES:
        return None
    try:
        table = quietly(pd.read_csv, real, **named)
    except Exception as exc:
        raised(walker, exc, node)
        return None
    like.ordered = True
    whole = not ({"nrows", "skiprows", "index_col"} & set(kw))
    return frame_of(walker, table, like, rows_kept=whole)


MAX_FILE_BYTES = 64 * 1024 * 1024


def concat(walker: Walker, frames: list[Frame], kw: dict[str, Value]) -> Frame | None:
    """`pd.concat(frames, **kw)` of frames whose values analysis knows, run for real."""
    import pandas as pd

    tables = [values_of(walker, f) for f in frames]
    if not frames or any(t is None for t in tables):
        return None
    spelt = arguments(walker, [], {k: v for k, v in kw.items() if k != "objs"})
    if spelt is None:
        return None
    try:
        result = quietly(pd.concat, tables, **spelt[1])
    except Exception:
        return None
    return frame_of(walker, result, frames[0])


def label_rows(walker: Walker, frame: Frame, rows: ast.expr, name: str) -> SeriesVal | None:
    """`df.loc[a:b, name]` of a frame whose values analysis holds, the bounds whole numbers
    it knows: that column's rows between those labels (both ends kept), with their values."""
    import pandas as pd

    from mleworld.world.static.row_counts import NOT_INT, whole_number

    table = values_of(walker, frame)
    if table is None or not isinstance(rows, ast.Slice) or rows.step is not None:
        return None
    bounds = []
    for given in (rows.lower, rows.upper):
        bound = None if given is None else whole_number(walker, given)
        if bound is NOT_INT or given is not None and bound is None:
            return None  # a bound analysis does not know
        bounds.append(bound)
    try:
        part = quietly(table.loc.__getitem__, (slice(*bounds), name))
    except Exception:  # noqa: BLE001 - labels pandas refuses: not judged here
        return None
    if not isinstance(part, pd.Series):
        return None
    numeric = bool(pd.api.types.is_numeric_dtype(part.dtype))
    return SeriesVal(name, rows=len(part), numeric=numeric, real=part)


def outer_part(walker: Walker, frame: Frame, key: Value) -> Frame | None:
    """`both.loc["train"]` of a frame whose values analysis holds under the outer labels a
    keyed `pd.concat` gave its rows: that part's values (None: not such a frame or label)."""
    import pandas as pd

    from mleworld.world.static.values import const_str

    table = values_of(walker, frame)
    name = const_str(key)
    if table is None or name is None or not isinstance(table.index, pd.MultiIndex):
        return None
    if name not in table.index.get_level_values(0):
        return None
    part = quietly(table.loc.__getitem__, name)
    return frame_of(walker, part, frame) if isinstance(part, pd.DataFrame) else None


__all__ = [
    "READ_OPTIONS",
    "REPLAYED",
    "arguments",
    "assigned",
    "cells_stored",
    "column",
    "concat",
    "frame_of",
    "held_columns",
    "keep",
    "label_rows",
    "masked",
    "merge",
    "outer_part",
    "quietly",
    "read",
    "replay",
    "result_of",
    "stored",
    "values_of",
]
