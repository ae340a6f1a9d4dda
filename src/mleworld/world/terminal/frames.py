"""DataFrames and Series the walk knows only from the data overview, printed by pandas.

Where static analysis holds a frame's real values, the printed text is its own
(static/shown.py). Here the walk has only what the data overview says: column
names, dtypes, missing counts, distinct counts, the most frequent values and
their counts, means. A stand-in object is built from that, its cells drawn from
the overview (the column's frequent values, numbers around its mean, running
ids), and pandas or numpy prints it under the display a
program writing to a pipe has (shown.py's `pipe_display`). So the layout, the
`...` where pandas truncates and the `[N rows x M columns]` and `Name: ..., dtype:`
footers are the library's own; only the cells are guesses. A long object is built
with only the rows pandas shows (its first and last five, under their real labels)
and a few more so that pandas truncates it, and the footer given its real length:
a million-row frame prints as fast as a small one. `info()`'s table is written
here, from the overview's counts.

Not here: which operations produce which frames (objects.py), other values
(prints.py).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from mleworld.world.static.shown import pipe_display
from mleworld.world.terminal.values import Column, ColumnInfo, Table

__all__ = ["frame_text", "info_text", "pandas_major", "series_text"]

UNKNOWN_ROWS = 1000  # rows of a stand-in whose length the walk does not know
MAX_ROWS = 60  # pandas' display.max_rows: a longer object shows its first and last rows
_SHOWN = 5  # display.min_rows // 2
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
        rows = len(series)
    else:
        rows = _rows(c.rows)
        dtype = c.dtype or (c.info.dtype if c.info else "float64")
        series = _stand_in_series(c.info, rows, _positions(rows), dtype).rename(c.name)
    with pipe_display():
        text = repr(series)
    return text.replace(f"Length: {len(series)},", f"Length: {rows},")


def frame_text(t: Table) -> str:
    """`print(df)`: the table as pandas lays it out, truncated as pandas truncates."""
    import pandas as pd

    if t.array:
        return _array_text(t)
    rows = _rows(t.rows)
    columns = _columns(t)
    if t.describe:
        cells = {name: _describe_column(t.info.get(name), rows) for name in columns}
        frame = pd.DataFrame(cells, index=list(_DESCRIBE), columns=columns)
        rows = len(frame)
    else:
        positions = _positions(rows)
        cells = {
            name: _stand_in_series(
                t.info.get(name), rows, positions, t.info[name].dtype if name in t.info else ""
            )
            for name in columns
        }
        frame = pd.DataFrame(cells, index=positions, columns=columns)
    with pipe_display():
        text = repr(frame)
    return text.replace(f"[{len(frame)} rows x", f"[{rows} rows x")


def info_text(t: Table) -> str:
    """`df.info()`: the column table with non-null counts and dtypes, and the memory line."""
    rows = _rows(t.rows)
    columns = _columns(t)
    cls = "pandas.DataFrame" if pandas_major() >= 3 else "pandas.core.frame.DataFrame"
    lines = [
        f"<class '{cls}'>",
        f"RangeIndex: {rows} entries, 0 to {max(rows - 1, 0)}",
        f"Data columns (total {len(columns)} columns):",
    ]
    dtypes = [(t.info.get(n) or ColumnInfo("float64", None)).dtype for n in columns]
    counts = [f"{rows - (t.info.get(n) or ColumnInfo('', None)).missing} non-null" for n in columns]
    name_width = max(len("Column"), *(len(n) for n in columns))
    count_width = max(len("Non-Null Count"), *(len(c) for c in counts))
    dtype_width = max(len("Dtype"), *(len(d) for d in dtypes))
    number_width = max(len(str(len(columns) - 1)), 3)
    lines.append(
        f" {'#':<{number_width}} {'Column':<{name_width}}  {'Non-Null Count':<{count_width}}  "
        f"{'Dtype':<{dtype_width}}"
    )
    lines.append(
        f"{'-' * 3:<{number_width + 1}} {'-' * 6:<{name_width}}  {'-' * 14:<{count_width}}  "
        f"{'-' * 5:<{dtype_width}}"
    )
    for i, (name, count, dtype) in enumerate(zip(columns, counts, dtypes, strict=False)):
        lines.append(
            f" {i:<{number_width}} {name:<{name_width}}  {count:<{count_width}}  {dtype:<{dtype_width}}"
        )
    tally: dict[str, int] = {}
    for dtype in dtypes:
        tally[dtype] = tally.get(dtype, 0) + 1
    lines.append("dtypes: " + ", ".join(f"{d}({n})" for d, n in sorted(tally.items())))
    lines.append(f"memory usage: {_memory(rows, dtypes)}")
    return "\n".join(lines)


def _memory(rows: int, dtypes: list[str]) -> str:
    size = 128.0 + sum(rows * (8 if not d.startswith(("str", "object")) else 12) for d in dtypes)
    # pandas marks the size as a lower bound when object columns hold Python objects.
    plus = "+" if "object" in dtypes else ""
    for unit in ("bytes", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:.1f}{plus} {unit}" if unit != "bytes" else f"{size:.0f}.0{plus} bytes"
        size /= 1024
    return f"{size:.1f}{plus} GB"


def _array_text(t: Table) -> str:
    """A 2-D array of stand-ins; numpy summarises it as it would the real one (every row
    alike, so a few more rows than numpy shows stand for all of them)."""
    import numpy as np

    rows = _rows(t.rows)
    cols = t.cols if t.cols is not None else 3
    if rows * cols > 1000:  # numpy's threshold: the real array prints summarised too
        rows = max(7, -(-1001 // cols))
    with pipe_display():
        return str(np.resize(0.5 + 0.1 * np.arange(cols), (rows, cols)))


def _rows(rows: int | None) -> int:
    return rows if rows is not None else UNKNOWN_ROWS


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


def _positions(rows: int) -> Any:
    """The rows a stand-in is built with: all of a short object's; of a long one, the
    first and last rows pandas shows and enough between for pandas to truncate."""
    import numpy as np

    if rows <= MAX_ROWS:
        return np.arange(rows)
    between = np.arange(_SHOWN, MAX_ROWS - _SHOWN + 2)
    return np.concatenate([np.arange(_SHOWN), between, np.arange(rows - _SHOWN, rows)])


def _stand_in_series(info: ColumnInfo | None, rows: int, positions: Any, dtype: str) -> Any:
    """A column's stand-ins at these rows (labelled by them), in its dtype."""
    import pandas as pd

    return _typed(pd.Series(_stand_ins(info, rows, positions), index=positions), dtype)


def _stand_ins(info: ColumnInfo | None, rows: int, positions: Any) -> Any:
    """Stand-in values for these rows of a column, from what the overview says about it;
    the column's missing values spread evenly over its rows."""
    import numpy as np

    spread = np.array(_SPREAD)[positions % len(_SPREAD)]
    if info is None:
        return np.round(0.5 + spread, 6)
    values = _values(info, positions, spread)
    if 0 < info.missing < rows:
        values = values.astype(object)
        # row p is missing where `missing` rows spread evenly, half a step in, step at p
        steps = (positions * info.missing + rows // 2) // rows
        values[((positions + 1) * info.missing + rows // 2) // rows > steps] = None
    return values


def _values(info: ColumnInfo, positions: Any, spread: Any) -> Any:
    import numpy as np

    dtype = info.dtype
    if info.top:
        top = np.array([_parsed(v, dtype) for v in info.top], dtype=object)
        return top[positions % len(top)]
    if dtype.startswith(("int", "Int", "uint")):
        if info.distinct and info.low is not None:
            if info.mean is not None and info.mean > 4 * (info.unique or 0):
                return np.round(info.low + positions * 7).astype(np.int64)  # sparse ids
            return round(info.low) + positions  # a running id
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
        return positions % 2 == 0
    return np.array([f"value_{p}" for p in positions], dtype=object)


def _parsed(value: str, dtype: str) -> Any:
    """A frequent value as the column holds it (the overview quotes it as text)."""
    for kinds, cast in ((("int", "Int", "uint"), int), (("float", "Float"), float)):
        if dtype.startswith(kinds):
            try:
                return cast(value)
            except ValueError:
                return value
    return value
