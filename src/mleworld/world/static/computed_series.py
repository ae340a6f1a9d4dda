"""Series whose values analysis computed: one column's values through the steps that make it.

A column of a frame whose values analysis knows (computed.py) carries them as
`SeriesVal.real`. The steps programs build features with keep them: Series methods with
literal arguments (`map`, `fillna`, `replace`, `astype`, `where`, `shift`, ...), window
statistics (`rolling(3).mean()`), `value_counts()`, the calendar numbers of `.dt`,
comparisons and arithmetic with literals or other known columns, `~mask`, numpy ufuncs,
a frame's comparison with a literal and its row statistics (`(df[cols] == "Yes").sum(axis=1)`),
and `np.where` / `np.select` of known masks (an array holding its values). Assigned back
into the frame (computed.assigned), they keep the frame's values known, so the detectors
that read values see the text or NaN an engineered column holds.

This module owns those steps; frames and the arguments of a step are computed.py's.
"""

from __future__ import annotations

import ast
import numbers
from typing import TYPE_CHECKING, Any

from mleworld.world.static.computed import CONFIDENCE, arguments, quietly, raised
from mleworld.world.static.operators import ARITHMETIC, COMPARISONS
from mleworld.world.static.params import exception_line
from mleworld.world.static.values import (
    UNKNOWN,
    Const,
    Frame,
    Number,
    Obj,
    Seq,
    SeriesVal,
    Value,
    VectorVal,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker


# Series methods that give one value per row from the values alone (with literal arguments):
# a column built with them (`df["x"].fillna(0)`, `s.map({"a": 1})`) keeps the frame's values.
SERIES_REPLAYED = frozenset(
    {
        "fillna", "astype", "replace", "clip", "round", "abs", "map", "isna", "notna",
        "isnull", "notnull", "isin", "between", "where", "mask", "ffill", "bfill", "copy",
        "shift", "diff", "rank", "cumsum", "pct_change", "apply", "eq", "ne", "lt", "le",
        "gt", "ge",
    }
)  # fmt: skip


# Of those, the methods a 1-D numpy array has too (`(y == 1).sum()`).
_ARRAY_STATS = frozenset({"mean", "std", "var", "min", "max", "sum"})

# Reductions of a column to one number (`df["x"].fillna(df["x"].median())`).
STATISTICS = frozenset(
    {"mean", "median", "std", "var", "min", "max", "sum", "quantile", "count", "nunique"}
)
DECIDED = STATISTICS | {"any", "all"}  # what `statistic` computes: those, and truth tests


def statistic(
    walker: Walker, real: Any, name: str, args: list[Value], kw: dict[str, Value]
) -> Value | None:
    """A column's statistic computed from its real values: a Number holding it (typed as
    Python names it, "numpy.float64"), or None; `any()` / `all()` a constant True or False;
    `min()` / `max()` of text the text itself."""
    import numbers

    import numpy as np
    import pandas as pd

    truth = name in ("any", "all") and not args and not kw
    if truth and isinstance(real, pd.Series | np.ndarray) and getattr(real, "ndim", 1) == 1:
        return Const(bool(quietly(getattr(real, name))))  # `if df[c].isna().any():` decided
    if name not in STATISTICS or not isinstance(real, pd.Series | np.ndarray):
        return None
    if isinstance(real, np.ndarray) and (real.ndim != 1 or args or kw or name not in _ARRAY_STATS):
        return None  # numpy's reductions are fewer than pandas', with other arguments
    value = _called(walker, real, name, args, kw)
    if isinstance(value, str) and name in ("min", "max"):
        return Const(value)  # the first or last text of a text column, as Python orders it
    if not isinstance(value, numbers.Number) or isinstance(value, bool | np.bool_):
        return None
    return Number.holding(value)


def _called(walker: Walker, real: Any, name: str, args: list[Value], kw: dict[str, Value]) -> Any:
    """`real.name(*args, **kw)` with the arguments as pandas gets them; None when one is not
    known or pandas refuses the call."""
    spelt = arguments(walker, args, kw)
    if spelt is None:
        return None
    try:
        return quietly(getattr(real, name), *spelt[0], **spelt[1])
    except Exception:
        return None


def series_step(
    walker: Walker,
    real: Any,
    name: str,
    args: list[Value],
    kw: dict[str, Value],
    *,
    same_rows: bool = True,
) -> Any:
    """`series.name(*args, **kw)` run on a Series' real values (same index, same rows; with
    `same_rows` False a summary of them: `value_counts`); None when it cannot be. A step
    pandas rejects gives None: the detectors of that step name it."""
    import pandas as pd

    known = SERIES_REPLAYED if same_rows else SERIES_SUMMARIES
    if name not in known or "inplace" in kw or not isinstance(real, pd.Series):
        return None
    result = _called(walker, real, name, args, kw)
    if not isinstance(result, pd.Series) or (same_rows and not result.index.equals(real.index)):
        return None
    return result


# Series methods that summarise the values into another Series (`s.map(s.value_counts())`).
SERIES_SUMMARIES = frozenset({"value_counts", "mode", "quantile"})

# `s.rolling(3)`, `s.expanding()`, `s.ewm(span=5)`: windows whose statistics give one value per row.
WINDOWS = frozenset({"rolling", "expanding", "ewm"})
WINDOW_STATS = frozenset({"mean", "sum", "std", "var", "min", "max", "median", "count"})


def window(walker: Walker, real: Any, name: str, args: list[Value], kw: dict[str, Value]) -> Any:
    """The pandas window `series.name(*args, **kw)` over a Series' real values; None when
    it cannot be made (an argument analysis does not know, a window pandas refuses)."""
    import pandas as pd

    if name not in WINDOWS or not isinstance(real, pd.Series):
        return None
    return _called(walker, real, name, args, kw)


# Methods of the `.str` accessor that give one value per row (text, numbers or booleans).
STR_METHODS = frozenset(
    {
        "contains", "startswith", "endswith", "lower", "upper", "strip", "lstrip", "rstrip",
        "len", "replace", "slice", "get", "title", "capitalize", "count", "find", "match",
        "fullmatch", "isdigit", "isnumeric", "isalpha", "isalnum", "zfill", "pad", "split",
        "rsplit", "extract", "findall", "removeprefix", "removesuffix", "ljust", "rjust",
        "center", "swapcase", "casefold", "isspace", "islower", "isupper", "istitle",
        "isdecimal", "rfind", "normalize",
    }
)  # fmt: skip


def held(walker: Walker, series: SeriesVal) -> Any | None:
    """A Series' values: computed by analysis, or its column of a frame whose values it holds."""
    import pandas as pd

    from mleworld.world.static.computed import values_of

    if isinstance(series.real, pd.Series):
        return series.real
    table = values_of(walker, series.origin) if series.origin is not None else None
    if table is not None and series.name in table.columns:
        return table[series.name]
    return None


def distinct(walker: Walker, series: SeriesVal) -> Value:
    """`s.unique()` of a Series whose values analysis holds: its distinct values in the order
    they first appear, as a 1-D array (pandas gives text as its own array type, not numpy's)."""
    import numpy as np

    values = held(walker, series)
    if values is None:
        return UNKNOWN
    found = values.unique()
    ndarray = isinstance(found, np.ndarray)
    real = found if ndarray else np.asarray(found, dtype=object)
    return VectorVal(len(real), ndarray=ndarray, numeric=numeric(real), flat=True, real=real)


# a held array of at most this many items is listed item by item (`sorted(s.unique())`)
LISTED_ITEMS = 64


def listed(vector: VectorVal) -> Seq | None:
    """`list(a)`, `sorted(a)`, `a.tolist()` of a short 1-D array analysis holds: its items,
    as Python gives them (text and numbers), or None."""
    import numpy as np

    real = vector.real
    if not isinstance(real, np.ndarray) or real.ndim != 1 or len(real) > LISTED_ITEMS:
        return None
    items = real.tolist()
    if not all(isinstance(item, str | int | float) or item is None for item in items):
        return None
    return Seq([Const(item) for item in items], "list")


def text_labels(real: Any) -> tuple[str, ...] | None:
    """The labels of a Series analysis computed, when they are distinct texts (a frame's
    column names, as `df.skew()` gives them); None otherwise."""
    import pandas as pd

    if not isinstance(real, pd.Series):
        return None
    labels = tuple(real.index)
    if not all(isinstance(label, str) for label in labels) or len(set(labels)) != len(labels):
        return None
    return labels


def to_numeric(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`pd.to_numeric(df["x"], errors="coerce")` of a column whose values analysis holds,
    with literal options: converted for real (numbers kept, text parsed, a cell it cannot
    parse NaN, or pandas' own ValueError with errors="raise")."""
    import pandas as pd

    first = args[0] if args else kw.get("arg")
    if star or not isinstance(first, SeriesVal) or first.kind is not None:
        return UNKNOWN
    values = held(walker, first)
    spelt = arguments(walker, args[1:], {k: v for k, v in kw.items() if k != "arg"})
    if values is None or spelt is None:
        return SeriesVal(first.name, rows=first.rows)
    try:
        converted = quietly(pd.to_numeric, values, *spelt[0], **spelt[1])
    except Exception as exc:  # noqa: BLE001 - pandas' own refusal is the run's
        raised(walker, exc, node)
        return UNKNOWN
    return SeriesVal(first.name, rows=len(converted), numeric=numeric(converted), real=converted)


def texts(real: Any) -> bool:
    """Whether values analysis computed are a Series of text (its `.str` accessor works)."""
    import pandas as pd

    return isinstance(real, pd.Series) and (
        pd.api.types.is_string_dtype(real.dtype) or real.dtype == object
    )


# Methods of the `.dt` accessor that give one value per row (`s.dt.strftime("%m-%d")`).
DT_METHODS = frozenset(
    {"strftime", "normalize", "floor", "ceil", "round", "day_name", "month_name", "isocalendar"}
)
ACCESSOR_METHODS = {"str": STR_METHODS, "dt": DT_METHODS}


def accessor_step(
    walker: Walker, series: SeriesVal, name: str, args: list[Value], kw: dict[str, Value]
) -> Any:
    """`s.str.name(...)` / `s.dt.name(...)` on a Series' accessor (`series.real`): its
    Series, or None."""
    import pandas as pd

    methods = ACCESSOR_METHODS.get(series.kind or "", frozenset())
    accessor = series.real
    if accessor is None or name not in methods:
        return None
    # `expand=True` (and `extract`'s default) gives a frame, which is not followed here
    if kw.get("expand") is not None and not (
        isinstance(kw["expand"], Const) and kw["expand"].value is False
    ):
        return None
    result = _called(walker, accessor, name, args, kw)
    return result if isinstance(result, pd.Series | pd.DataFrame) else None  # isocalendar()


def text_item(series: SeriesVal, key: Value, index: ast.expr) -> Value:
    """`s.str[0]` or `s.str[5:7]` on a text Series' `.str` accessor: each row's item (a word
    of `str.split()`'s lists, a character of a string) or slice, run on the values."""

    item = _literal_index(key, index)
    if series.real is None or item is None:
        return UNKNOWN
    try:
        real = quietly(series.real.__getitem__, item)
    except Exception:
        return UNKNOWN
    return SeriesVal(series.name, rows=series.rows, numeric=numeric(real), real=real)


def masked(series: SeriesVal, key: Value) -> SeriesVal | None:
    """`s[s > 0.5]` of a Series analysis computed, by booleans computed on the same labels:
    the rows kept, with their values (None: not such a mask)."""
    import pandas as pd

    real = series.real
    mask = key.real if isinstance(key, SeriesVal) and key.kind is None else None
    if (
        series.kind is not None
        or not isinstance(real, pd.Series)
        or not isinstance(mask, pd.Series)
    ):
        return None
    if not pd.api.types.is_bool_dtype(mask.dtype) or not mask.index.equals(real.index):
        return None
    kept = real[mask]
    return SeriesVal(series.name, rows=len(kept), numeric=numeric(kept), real=kept)


def unpacked(series: Value, count: int) -> list[Value] | None:
    """`lo, hi = s.quantile([0.01, 0.99])` of values analysis computed: each item, as a
    number or a text (None: not such a Series, or not `count` items)."""
    import pandas as pd

    real = series.real if isinstance(series, SeriesVal) and series.kind is None else None
    if not isinstance(real, pd.Series) or len(real) != count:
        return None
    items = [position_item(series, Const(i)) for i in range(count)]  # type: ignore[arg-type]
    return None if any(item is None for item in items) else items  # type: ignore[return-value]


def position_item(series: SeriesVal, key: Value) -> Value | None:
    """`s.iloc[0]` of a Series whose values analysis computed (`df[c].mode().iloc[0]`): the
    text or number at that position, when it is there (None otherwise)."""
    import pandas as pd

    real = series.real
    whole = (
        isinstance(key, Const) and isinstance(key.value, int) and not isinstance(key.value, bool)
    )
    if not whole or series.kind is not None or not isinstance(real, pd.Series):
        return None
    if not -len(real) <= key.value < len(real):  # type: ignore[union-attr]
        return None  # past the end: positions.py's IndexError
    return _item(real.iloc[key.value])  # type: ignore[union-attr]


def _item(value: Any) -> Value | None:
    """One value of a held Series as the walk holds it: a text, or a typed number."""
    if isinstance(value, str):
        return Const(value)
    return Number.holding(value) if isinstance(value, numbers.Number) else None


def label_item(walker: Walker, series: SeriesVal, key: Value, node: ast.AST) -> Value | None:
    """`counts[0]` of a Series whose values (and labels) analysis computed, keyed by text
    (`y.value_counts()`): pandas 3 reads a whole number as a label, never a position, so a
    label the index lacks is its KeyError. The item, when it is there (else None)."""
    import pandas as pd

    number = (
        isinstance(key, Const) and isinstance(key.value, int) and not isinstance(key.value, bool)
    )
    real = series.real
    if not number or series.kind is not None or not isinstance(real, pd.Series):
        return None
    if pd.api.types.is_numeric_dtype(real.index.dtype) and key.value not in real.index:
        return None  # whole-number labels: whether the label is there is the usual lookup
    try:
        value = real[key.value]  # type: ignore[union-attr]
    except KeyError as exc:
        walker.emit("columns", "KeyError", exception_line(exc), node, CONFIDENCE)
        return UNKNOWN
    except Exception:  # noqa: BLE001 - anything else is not this check's to name
        return None
    return _item(value)  # `s.mode()[0]` of text: the text


def _literal_index(key: Value, index: ast.expr) -> int | slice | None:
    """The whole number, or the slice of literal whole numbers, `[...]` was given."""
    if isinstance(key, Const) and isinstance(key.value, int) and not isinstance(key.value, bool):
        return key.value
    if not isinstance(index, ast.Slice):
        return None
    parts: list[int | None] = []
    for part in (index.lower, index.upper, index.step):
        try:
            value = None if part is None else ast.literal_eval(part)
        except ValueError:
            return None
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            return None
        parts.append(value)
    return slice(*parts)


def window_stat(
    walker: Walker, real: Any, name: str, args: list[Value], kw: dict[str, Value]
) -> Any:
    """A statistic of a window analysis made (`window`): its Series, or None."""
    import pandas as pd

    if real is None or name not in WINDOW_STATS:
        return None
    result = _called(walker, real, name, args, kw)
    return result if isinstance(result, pd.Series) else None


def numpy_values(
    walker: Walker, func: Any, args: list[Value], kw: dict[str, Value]
) -> Value | None:
    """`np.where(mask, 1, 0)`, `np.select([...], [...], default)` of values analysis computed
    (masks, columns) and literals: the array numpy gives, as a vector holding its values."""
    import numpy as np

    spelt = arguments(walker, args, kw)
    if spelt is None or not any(isinstance(a, SeriesVal | VectorVal | Seq) for a in args):
        return None
    try:
        result = quietly(func, *spelt[0], **spelt[1])
    except Exception:
        return None
    if not isinstance(result, np.ndarray) or result.ndim != 1:
        return None
    numbers = bool(np.issubdtype(result.dtype, np.number) or result.dtype == bool)
    return VectorVal(len(result), numeric=numbers, flat=True, real=result)


def ufunc_values(func: Any, first: Value, rest: list[Value]) -> Any:
    """`np.log1p(s)` of a Series whose values analysis computed: the Series numpy gives."""
    import pandas as pd

    real = first.real if isinstance(first, SeriesVal) else None
    if not isinstance(real, pd.Series) or not all(isinstance(v, Const) for v in rest):
        return None
    try:
        result = quietly(func, real, *[v.value for v in rest])  # type: ignore[attr-defined]
    except Exception:
        return None
    return result if isinstance(result, pd.Series) and result.index.equals(real.index) else None


def dates(real: Any) -> bool:
    """Whether values analysis computed are a Series of dates (a column `pd.to_datetime` made)."""
    import pandas as pd

    return isinstance(real, pd.Series) and bool(pd.api.types.is_datetime64_any_dtype(real.dtype))


def durations(real: Any) -> bool:
    """Whether values analysis computed are a Series of durations (dates minus dates)."""
    import pandas as pd

    return isinstance(real, pd.Series) and bool(pd.api.types.is_timedelta64_dtype(real.dtype))


_DURATION_FIELDS = frozenset({"days", "seconds", "microseconds", "nanoseconds"})


def duration_field(accessor: SeriesVal, attr: str) -> Value:
    """`.dt.days` (and the other whole fields) of durations: the numbers, computed."""
    if attr not in _DURATION_FIELDS:
        return UNKNOWN
    real = quietly(getattr, accessor.real, attr)
    return SeriesVal(accessor.name, rows=accessor.rows, numeric=True, real=real)


def numeric(real: Any) -> bool:
    """Whether values analysis computed (a Series or an array) are surely numbers (or booleans)."""
    import numpy as np
    import pandas as pd

    return isinstance(real, pd.Series | np.ndarray) and bool(
        pd.api.types.is_numeric_dtype(real.dtype)
    )


def as_array(series: SeriesVal, *, ndarray: bool = True, dtype: Any = None) -> VectorVal:
    """`s.to_numpy(dtype)` / `s.values` of a Series of known length: an array, holding the
    Series' values when analysis knows them (`.values` is a numpy array for numbers only)."""
    import numpy as np
    import pandas as pd

    real = series.real
    if not isinstance(real, pd.Series) or len(real) != (series.rows or len(real)):
        return VectorVal(series.rows, ndarray=ndarray)
    try:
        values = quietly(real.to_numpy, dtype=dtype) if ndarray else real.values
    except Exception:
        return VectorVal(len(real))  # what the cast does to these values is the run's to say
    if not isinstance(values, np.ndarray):
        return VectorVal(len(real), ndarray=False)
    return VectorVal(len(real), ndarray=True, numeric=numeric(values), real=values)


def array_step(
    walker: Walker,
    array: VectorVal,
    shaped: Value,
    name: str,
    args: list[Value],
    kw: dict[str, Value],
) -> Value:
    """`mask.astype(int)` of an array analysis computed: `shaped` holding the values."""
    import numpy as np

    if name != "astype" or array.real is None or not isinstance(shaped, VectorVal):
        return shaped
    values = _called(walker, array.real, name, args, kw)
    if isinstance(values, np.ndarray) and values.shape == array.real.shape:
        shaped.real, shaped.numeric = values, numeric(values)
    return shaped


def frame_compared(walker: Walker, op: ast.cmpop, left: Value, right: Value) -> Value | None:
    """`df[cols] == "Yes"` of a frame whose values are known: the frame of booleans, computed
    (so `.sum(axis=1)` of it counts per row)."""
    from mleworld.world.static.computed import frame_of, values_of

    func = COMPARISONS.get(type(op))
    if func is None or not isinstance(left, Frame) or not isinstance(right, Const):
        return None
    if not isinstance(right.value, str | int | float | bool):
        return None
    table = values_of(walker, left)
    if table is None:
        return None
    try:
        values = quietly(func, table, right.value)
    except Exception:
        return None
    return frame_of(walker, values, left, rows_kept=True)


def compared(op: ast.cmpop, left: Value, right: Value, result: Value) -> Value:
    """`series >= "1985-01-01"`, or two Series of the same rows, whose values are known: the
    booleans, computed."""

    import pandas as pd

    func = COMPARISONS.get(type(op))
    if func is None or not isinstance(result, SeriesVal | VectorVal):
        return result
    pair = [v.real if isinstance(v, SeriesVal) else None for v in (left, right)]
    if isinstance(result, SeriesVal) and all(isinstance(v, pd.Series) for v in pair):
        if not pair[0].index.equals(pair[1].index):  # type: ignore[union-attr]
            return result  # pandas refuses Series labelled differently: not judged here
        try:
            result.real = quietly(func, pair[0], pair[1])  # `s.dt.dayofyear == df["doy"]`
        except Exception:
            return result
        return result
    for series, other, flipped in ((left, right, False), (right, left, True)):
        if (
            isinstance(series, SeriesVal | VectorVal)
            and type(series) is type(result)
            and series.real is not None
            and isinstance(other, Const)
        ):
            try:
                values = (
                    quietly(func, other.value, series.real)
                    if flipped
                    else quietly(func, series.real, other.value)
                )
            except Exception:
                return result
            if isinstance(result, VectorVal) and not (
                hasattr(values, "shape") and values.shape == series.real.shape
            ):
                return result  # numpy compared the whole array, not its items
            result.real = values
            return result
    return result


def arithmetic(
    walker: Walker, op: ast.operator, left: Value, right: Value, shaped: Value | None, node: ast.AST
) -> Value | None:
    """`df["x"] * df["y"]`, `s + 1`, `mask & other` of Series whose values are known (or a
    literal): the result's values, computed; pandas' TypeError or ValueError is the run's."""

    import pandas as pd

    func = ARITHMETIC.get(type(op))
    sides = []
    for value in (left, right):
        if isinstance(value, SeriesVal) and isinstance(value.real, pd.Series):
            sides.append(value.real)
        elif isinstance(value, Const) and isinstance(value.value, int | float | bool | str):
            sides.append(value.value)
        elif isinstance(value, Number) and value.real is not None:
            sides.append(value.real)  # `s["sum"] + prior * 2`, the prior computed
        elif isinstance(value, Obj) and isinstance(value.obj, pd.Timestamp | pd.Timedelta):
            sides.append(value.obj)  # `df["date"] - pd.Timestamp("2019-01-01")`
        else:
            return shaped
    if func is None or not any(isinstance(s, pd.Series) for s in sides):
        return shaped
    series = [s for s in sides if isinstance(s, pd.Series)]
    if len(series) == 2 and not series[0].index.equals(series[1].index):
        return shaped  # pandas aligns on labels: not followed here
    try:
        values = quietly(func, *sides)
    except Exception as exc:
        raised(walker, exc, node)
        return shaped
    if not isinstance(values, pd.Series):
        return shaped
    result = shaped if isinstance(shaped, SeriesVal) else SeriesVal(None, rows=len(values))
    result.real = values
    result.rows = len(values)  # computed: as many values as the Series it was computed from
    result.numeric = result.numeric or bool(pd.api.types.is_numeric_dtype(values.dtype))
    return result


def inverted(value: Value) -> Value | None:
    """`~mask` of booleans analysis computed."""
    import pandas as pd

    from mleworld.world.static.values import SeriesVal

    real = value.real if isinstance(value, SeriesVal) else None
    if isinstance(real, pd.Series) and pd.api.types.is_bool_dtype(real.dtype):
        return SeriesVal(None, rows=value.rows, numeric=True, real=~real)  # type: ignore[union-attr]
    return None


__all__ = [
    "SERIES_REPLAYED",
    "SERIES_SUMMARIES",
    "STATISTICS",
    "WINDOWS",
    "WINDOW_STATS",
    "arithmetic",
    "compared",
    "dates",
    "inverted",
    "numeric",
    "numpy_values",
    "series_step",
    "statistic",
    "ufunc_values",
    "window",
    "window_stat",
]
