"""How pandas prints DataFrames and Series, for the synthesiser's predicted output.

A program that looks at its data (`print(df.head())`, `df.info()`,
`print(df.isnull().sum())`, `print(y.value_counts())`, `print(df.describe())`)
gets pandas' own layout: column headers over right-aligned cells, the
`...` column or row where pandas truncates (80 characters wide, 60 rows), the
`[N rows x M columns]` footer, `Name: ..., dtype: ...` under a Series, the
`info()` table. Whatever the data overview says is used as is (column names,
dtypes, missing counts, distinct counts, the most frequent values and their
counts, means); cell values it does not give are plausible stand-ins drawn
from those (the column's frequent values, numbers around its mean).

Not here: which operations produce which frames (objects.py), other values
(prints.py).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from mleworld.world.terminal.values import Column, ColumnInfo, Table

__all__ = ["frame_text", "info_text", "series_text"]

WIDTH = 80  # pandas' display.width when output is not a terminal
MAX_ROWS = 60  # display.max_rows: longer frames show their first and last 5 rows
_SHOWN = 5
_SPREAD = (-0.11, 0.07, -0.04, 0.12, 0.02, -0.08, 0.05, -0.02, 0.09, -0.06)
_DESCRIBE = ("count", "mean", "std", "min", "25%", "50%", "75%", "max")


@lru_cache(maxsize=1)
def _pandas_major() -> int:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return int(version("pandas").split(".")[0])
    except (PackageNotFoundError, ValueError):
        return 2


# ---------------------------------------------------------------------------
# Series


def series_text(c: Column) -> str:
    """`print(series)`: index labels, right-aligned values, then the Name/dtype line."""
    if c.labels is not None and c.values is not None:
        labels = [str(label) for label in c.labels]
        values = list(c.values)
        lines = [c.index_name] if c.index_name else []
        body = _aligned(labels, _format_values(values))
        dtype = c.dtype or _dtype_of(values)
        tail = f"Name: {c.name}, dtype: {dtype}" if c.name else f"dtype: {dtype}"
        return "\n".join([*lines, *body, tail])
    rows = c.rows if c.rows is not None else 1000
    info = c.info
    dtype = c.dtype or (info.dtype if info else "float64")
    shown = list(range(min(rows, MAX_ROWS))) if rows <= MAX_ROWS else _ends(rows)
    cells = _format_values([_cell(info, i) for i in shown], dtype)
    labels = [str(i) for i in shown]
    body = _aligned(labels, cells)
    name = f"Name: {c.name}, " if c.name else ""
    if rows > MAX_ROWS:
        width = max(len(x) for x in labels)
        value_width = max(len(x) for x in cells)
        body.insert(_SHOWN, " " * width + "    " + "...".rjust(value_width))
        return "\n".join([*body, f"{name}Length: {rows}, dtype: {dtype}"])
    return "\n".join([*body, f"{name}dtype: {dtype}"])


def _aligned(labels: list[str], values: list[str]) -> list[str]:
    width = max((len(x) for x in labels), default=0)
    value_width = max((len(x) for x in values), default=0)
    return [
        f"{label:<{width}}    {value:>{value_width}}"
        for label, value in zip(labels, values, strict=False)
    ]


def _ends(rows: int) -> list[int]:
    return [*range(_SHOWN), *range(rows - _SHOWN, rows)]


# ---------------------------------------------------------------------------
# DataFrames


def frame_text(t: Table) -> str:
    """`print(df)`: the table as pandas lays it out, truncated as pandas truncates."""
    if t.array:
        return _array_text(t)
    columns = list(t.columns) if t.columns is not None else [str(i) for i in range(t.cols or 3)]
    rows = t.rows if t.rows is not None else 1000
    numeric: set[str] = set()
    if t.describe:
        index = list(_DESCRIBE)
        cells = {name: _describe_column(t.info.get(name), rows) for name in columns}
        numeric = set(columns)
    else:
        shown = list(range(rows)) if rows <= MAX_ROWS else _ends(rows)
        index = [str(i) for i in shown]
        cells = {}
        for name in columns:
            info = t.info.get(name)
            raw = [_cell(info, i) for i in shown]
            if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in raw):
                numeric.add(name)
            cells[name] = _format_values(raw, info.dtype if info else "")
    if not columns:
        return f"Empty DataFrame\nColumns: []\nIndex: [{', '.join(index[:5])}]"
    # pandas gives every cell a leading space (a number's sign position), and the
    # header of a numeric column one too; columns are right-aligned, one space apart.
    cells = {n: [v if v.startswith("-") else " " + v for v in vs] for n, vs in cells.items()}
    headers = {n: (" " + n if n in numeric else n) for n in columns}
    truncated_rows = not t.describe and rows > MAX_ROWS
    index_width = max(len(x) for x in index) if index else 0
    if truncated_rows:
        index_width = max(index_width, 2)
    widths = {n: max(len(headers[n]), *(len(v) for v in cells[n])) for n in columns}
    chosen = _fit_columns(columns, widths, index_width)
    header = " " * index_width
    lines_out = [header]
    for name in chosen:
        lines_out[0] += " " + (" ..." if name is None else headers[name].rjust(widths[name]))
    for r, label in enumerate(index):
        if truncated_rows and r == _SHOWN:
            row = "..".ljust(index_width)
            for name in chosen:
                row += " " + " ...".rjust(4 if name is None else widths[name])
            lines_out.append(row)
        row = label.ljust(index_width)
        for name in chosen:
            row += " " + (" ..." if name is None else cells[name][r].rjust(widths[name]))
        lines_out.append(row)
    if truncated_rows or None in chosen:
        lines_out += ["", f"[{len(index) if t.describe else rows} rows x {len(columns)} columns]"]
    return "\n".join(lines_out)


def _fit_columns(columns: list[str], widths: dict[str, int], index_width: int) -> list[Any]:
    """All columns if they fit in 80 characters, else the first and last ones around `...`."""
    total = index_width + sum(1 + widths[n] for n in columns)
    if total <= WIDTH:
        return list(columns)
    left: list[str] = []
    right: list[str] = []
    used = index_width + 5  # "  ..."
    i, j = 0, len(columns) - 1
    take_left = True
    while i <= j:
        name = columns[i] if take_left else columns[j]
        if used + 1 + widths[name] > WIDTH:
            break
        used += 1 + widths[name]
        if take_left:
            left.append(name)
            i += 1
        else:
            right.insert(0, name)
            j -= 1
        take_left = not take_left
    return [*left, None, *right]


def _array_text(t: Table) -> str:
    rows = t.rows if t.rows is not None else 1000
    cols = t.cols if t.cols is not None else 3
    shown = min(cols, 6)
    row = " ".join(f"{0.5 + 0.1 * k: .8f}" for k in range(shown))
    if cols > shown:
        row += " ..."
    lines = [f"[[{row}]"]
    if rows > 2:
        lines.append(" ...")
    lines.append(f" [{row}]]")
    return "\n".join(lines)


def _describe_column(info: ColumnInfo | None, rows: int) -> list[str]:
    count = rows - (info.missing if info else 0)
    mean = info.mean if info and info.mean is not None else 0.5
    spread = abs(mean) * 0.25 or 0.25
    values = [
        count,
        mean,
        spread,
        mean - 2 * spread,
        mean - 0.6 * spread,
        mean,
        mean + 0.6 * spread,
    ]
    values.append(mean + 2 * spread)
    return [f"{v:.6f}" for v in values]


# ---------------------------------------------------------------------------
# info()


def info_text(t: Table) -> str:
    """`df.info()`: the column table with non-null counts and dtypes, and the memory line."""
    rows = t.rows if t.rows is not None else 1000
    columns = list(t.columns) if t.columns is not None else [str(i) for i in range(t.cols or 3)]
    cls = "pandas.DataFrame" if _pandas_major() >= 3 else "pandas.core.frame.DataFrame"
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


# ---------------------------------------------------------------------------
# Cells


def _cell(info: ColumnInfo | None, row: int) -> Any:
    """A stand-in value for row `row` of a column, from what the overview says about it."""
    spread = _SPREAD[row % len(_SPREAD)]
    if info is None:
        return round(0.5 + spread, 6)
    dtype = info.dtype
    if info.top:
        value = info.top[row % len(info.top)]
        if dtype.startswith(("int", "Int", "uint")):
            try:
                return int(value)
            except ValueError:
                return value
        if dtype.startswith(("float", "Float")):
            try:
                return float(value)
            except ValueError:
                return value
        return value
    if dtype.startswith(("int", "Int", "uint")):
        if info.distinct and info.low is not None:
            if info.mean is not None and info.mean > 4 * info.unique:
                return round(info.low + row * 7)  # sparse ids: steps between rows
            return round(info.low) + row  # a running id
        if info.unique is not None and info.mean is not None and info.unique > 50:
            return max(0, round(info.mean * (1 + spread * 3)))
        return round((info.mean or 1) * (1 + spread))
    if dtype.startswith(("float", "Float")):
        mean = info.mean if info.mean is not None else 0.5
        digits = info.decimals
        if digits is None:
            digits = 1 if abs(mean) >= 10 else 2 if abs(mean) >= 1 else 4
        return round(mean * (1 + spread), max(digits, 1))
    if dtype == "bool":
        return row % 2 == 0
    return f"value_{row}"


def _format_values(values: list[Any], dtype: str = "") -> list[str]:
    floats = [v for v in values if isinstance(v, float) and not isinstance(v, bool)]
    if floats and len(floats) == len(values):
        decimals = _decimals(floats)
        return [f"{v:.{decimals}f}" if math.isfinite(v) else str(v) for v in floats]
    return [str(v) for v in values]


def _decimals(values: list[float]) -> int:
    """pandas prints a float column with the fewest decimals (up to 6) that show every value."""
    need = 0
    for v in values:
        text = f"{v:.6f}".rstrip("0")
        need = max(need, len(text.split(".")[1]) if "." in text else 0)
    magnitude = max((abs(v) for v in values), default=0.0)
    if magnitude >= 1000 and need > 1:
        need = min(need, 2)
    return max(need, 1)


def _dtype_of(values: list[Any]) -> str:
    if all(isinstance(v, bool) for v in values):
        return "bool"
    if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return "int64"
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        return "float64"
    return "object"
