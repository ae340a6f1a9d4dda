"""DataFrames and Series the walk knows only from the data overview, printed by pandas.

Where static analysis holds a frame's real values, the printed text is its own
(static/shown.py). Here the walk has only what the data overview says: column
names, dtypes, missing counts, distinct counts, the most frequent values and
their counts, means. A stand-in object is built from that at its real number of
rows, its cells drawn from the overview (the column's frequent values, numbers
around its mean, running ids), and pandas or numpy prints it under the display a
program writing to a pipe has (shown.py's `pipe_display`). So the layout, the
`...` where pandas truncates, the `[N rows x M columns]` and `Name: ..., dtype:`
footers and the `info()` table are the library's own; only the cells are guesses.

Not here: which operations produce which frames (objects.py), other values
(prints.py).
"""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Any

from mleworld.world.static.shown import pipe_display
from mleworld.world.terminal.values import Column, ColumnInfo, Table

__all__ = ["frame_text", "info_text", "pandas_major", "series_text"]

# Rows a stand-in is built with when the walk does not know how many there are, and
# the most it is built with (a frame printed at all is rarely larger).
UNKNOWN_ROWS = 1000
MAX_ROWS = 1_000_000
_SPREAD = (-0.11, 0.07, -0.04, 0.12, 0.02, -0.08, 0.05, -0.02, 0.09, -0.06)
_DESCRIBE = ("count", "mean", "std", "min", "25%", "50%", "75%", "max")


@lru_cache(maxsize=1)
def pandas_major() -> int:
    import pandas as pd

    return int(pd.__version__.split(".")[0])


def series_text(c: Column) -> str:
    """`print(series)`: index labels, right-aligned values, then the Name/dtype line."""
    import pandas as pd

    if c.labels is not None and c.values is not None:
        index = pd.Index([str(label) for label in c.labels], name=c.index_name)
        series = _typed(pd.Series(list(c.values), index=index, name=c.name), c.dtype)
    else:
        info = c.info
        dtype = c.dtype or (info.dtype if info else "float64")
        series = _typed(pd.Series(_stand_ins(info, _rows(c.rows)), name=c.name), dtype)
    with pipe_display():
        return repr(series)


def frame_text(t: Table) -> str:
    """`print(df)`: the table as pandas lays it out, truncated as pandas truncates."""
    import pandas as pd

    if t.array:
        return _array_text(t)
    if t.describe:
        columns = _columns(t)
        cells = {name: _describe_column(t.info.get(name), _rows(t.rows)) for name in columns}
        frame = pd.DataFrame(cells, index=list(_DESCRIBE), columns=columns)
    else:
        frame = _stand_in_frame(t)
    with pipe_display():
        return repr(frame)


def info_text(t: Table) -> str:
    """`df.info()`: the column table with non-null counts and dtypes, and the memory line."""
    buffer = io.StringIO()
    with pipe_display():
        _stand_in_frame(t).info(buf=buffer)
    return buffer.getvalue().rstrip("\n")


def _stand_in_frame(t: Table) -> Any:
    import pandas as pd

    rows = _rows(t.rows)
    columns = _columns(t)
    frame = pd.DataFrame(index=pd.RangeIndex(rows))
    for name in columns:
        info = t.info.get(name)
        frame[name] = _typed(pd.Series(_stand_ins(info, rows)), info.dtype if info else "")
    return frame


def _array_text(t: Table) -> str:
    import numpy as np

    rows = min(_rows(t.rows), MAX_ROWS)
    cols = t.cols if t.cols is not None else 3
    values = np.resize(0.5 + 0.1 * np.arange(cols), (rows, cols))
    with pipe_display():
        return str(values)


def _rows(rows: int | None) -> int:
    return min(rows if rows is not None else UNKNOWN_ROWS, MAX_ROWS)


def _columns(t: Table) -> list[str]:
    if t.columns is not None:
        return list(t.columns)
    return [str(i) for i in range(t.cols if t.cols is not None else 3)]


def _typed(series: Any, dtype: str | None) -> Any:
    """The series in the overview's dtype where pandas can hold its stand-ins so."""
    if not dtype:
        return series.infer_objects()
    try:
        return series.astype(dtype)
    except (TypeError, ValueError):
        return series.infer_objects()


def _describe_column(info: ColumnInfo | None, rows: int) -> list[float]:
    count = rows - (info.missing if info else 0)
    mean = info.mean if info and info.mean is not None else 0.5
    # a real standard deviation has many digits, so pandas prints the column with six
    spread = (abs(mean) * 0.25 or 0.25) * 1.0123457
    return [count, mean, spread, mean - 2 * spread, mean - 0.6 * spread, mean,
            mean + 0.6 * spread, mean + 2 * spread]  # fmt: skip


def _stand_ins(info: ColumnInfo | None, rows: int) -> Any:
    """Stand-in values for a column's rows, from what the overview says about it; the
    column's missing values spread evenly over its rows."""
    import numpy as np

    spread = np.resize(np.array(_SPREAD), rows)
    if info is None:
        return np.round(0.5 + spread, 6)
    values = _values(info, rows, spread)
    if 0 < info.missing < rows:
        values = values.astype(object)
        step = rows / info.missing
        values[(np.arange(info.missing) * step + step / 2).astype(int)] = None
    return values


def _values(info: ColumnInfo, rows: int, spread: Any) -> Any:
    import numpy as np

    dtype = info.dtype
    integer = dtype.startswith(("int", "Int", "uint"))
    if info.top:
        return np.resize(np.array([_parsed(v, dtype) for v in info.top], dtype=object), rows)
    if integer:
        row = np.arange(rows)
        if info.distinct and info.low is not None:
            if info.mean is not None and info.mean > 4 * (info.unique or 0):
                return np.round(info.low + row * 7).astype(np.int64)  # sparse ids
            return round(info.low) + row  # a running id
        if info.unique is not None and info.mean is not None and info.unique > 50:
            return np.maximum(0, np.round(info.mean * (1 + spread * 3))).astype(np.int64)
        return np.round((info.mean or 1) * (1 + spread)).astype(np.int64)
    if dtype.startswith(("float", "Float")):
        mean = info.mean if info.mean is not None else 0.5
        digits = info.decimals
        if digits is None:
            digits = 1 if abs(mean) >= 10 else 2 if abs(mean) >= 1 else 4
        return np.round(mean * (1 + spread), max(digits, 1))
    if dtype == "bool":
        return np.arange(rows) % 2 == 0
    return np.array([f"value_{i}" for i in range(min(rows, 10))] * (rows // 10 + 1))[:rows]


def _parsed(value: str, dtype: str) -> Any:
    """A frequent value as the column holds it (the overview quotes it as text)."""
    for kinds, cast in ((("int", "Int", "uint"), int), (("float", "Float"), float)):
        if dtype.startswith(kinds):
            try:
                return cast(value)
            except ValueError:
                return value
    return value
