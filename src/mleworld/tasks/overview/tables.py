"""Column statistics of tables: CSV/TSV (also gzipped) and Parquet.

Owns reading a bounded sample of rows (never the whole file: `SAMPLE_ROWS` rows,
with the row count from a streamed line count or Parquet metadata), separator
and encoding checks, and per-column statistics: kind (number, bool, date, text,
category, mixed, nested, empty), missing and unique counts, ranges, top values.
Value labels and numbers are formatted here so the statistics are stable text.
How much of this is shown is `render`'s choice.
"""

from __future__ import annotations

import codecs
import math
from pathlib import Path
from typing import Any

from mleworld.tasks.overview.formatting import clip, one_line, quote
from mleworld.tasks.overview.settings import CHUNK, SAMPLE_ROWS, has_suffix
from mleworld.tasks.overview.summaries import Column, Problem, Summary, Table
from mleworld.tasks.overview.tree import (
    count_gzip_lines,
    count_lines,
    head_bytes,
    trailing_blank_lines,
)


def describe_csv(path: Path, lines_known: tuple[int, bool] | None) -> Summary:
    """A CSV/TSV file's shape and column statistics; `lines_known` is its line
    count when the tree already has it."""
    import pandas as pd

    head = head_bytes(path, CHUNK)
    if not head.strip():
        return Problem("empty file")
    decoded = head.decode("utf-8", errors="replace")
    if b"\x00" in head or decoded.count("\ufffd") > len(decoded) // 10:
        return Problem("not a text table: binary data")
    first_line = decoded.split("\n", 1)[0].rstrip("\r")
    sep = "\t" if has_suffix(path.name, (".tsv", ".tsv.gz")) else ","
    if sep not in first_line:
        counts = {c: first_line.count(c) for c in (";", "\t", "|", ",")}
        best = max(counts, key=lambda c: counts[c])
        if counts[best]:
            sep = best
    try:
        df = pd.read_csv(
            path,
            sep=sep,
            nrows=SAMPLE_ROWS,
            encoding="utf-8",
            encoding_errors="replace",
            low_memory=False,
        )
    except pd.errors.EmptyDataError:
        return Problem("empty file (no header)")
    except (pd.errors.ParserError, ValueError, UnicodeError) as exc:
        return Problem(f"could not parse: {one_line(exc, path, path.name)}", clip(first_line, 200))
    notes: list[str] = []
    if sep not in (",", "\t"):
        notes.append(f"separator {sep!r}")
    if _utf8_problem(head, complete=len(head) < CHUNK):
        notes.append("not valid UTF-8: undecodable bytes shown as U+FFFD")
    rows, exact = len(df), True
    if len(df) >= SAMPLE_ROWS:
        if path.name.lower().endswith(".gz"):
            lines, exact = count_gzip_lines(path)
        else:
            lines, exact = lines_known or count_lines(path)
            lines -= trailing_blank_lines(path)
        rows = max(lines - 1, len(df))
    sampled = len(df) if rows > len(df) else 0
    fmt = "TSV" if sep == "\t" else "CSV"
    return Table(fmt, rows, exact, _columns(df), sampled, notes)


def describe_parquet(path: Path) -> Summary:
    """A Parquet file's row count (from metadata) and the statistics of its first rows."""
    import pyarrow.parquet as pq

    pf = pq.ParquetFile(path)
    rows = pf.metadata.num_rows
    batch = next(pf.iter_batches(batch_size=SAMPLE_ROWS), None)
    if batch is None:
        columns = [Column(f.name, str(f.type), "empty") for f in pf.schema_arrow]
        return Table("Parquet", rows, True, columns)
    df = batch.to_pandas()
    sampled = len(df) if rows > len(df) else 0
    return Table("Parquet", rows, True, _columns(df), sampled)


def _utf8_problem(head: bytes, complete: bool) -> bool:
    try:
        codecs.getincrementaldecoder("utf-8")().decode(head, final=complete)
    except UnicodeDecodeError:
        return True
    return False


def _columns(df: Any) -> list[Column]:
    return [_column(str(name), df[name]) for name in df.columns]


def _column(name: str, s: Any) -> Column:
    """Statistics of one column from its (sampled) values."""
    import numpy as np
    import pandas as pd

    dtype = str(s.dtype)
    if isinstance(s.dtype, pd.CategoricalDtype):
        s = s.astype(object)
    values = s.dropna()
    col = Column(name, dtype, "category", missing=len(s) - len(values), count=len(values))
    if len(values) == 0:
        col.kind = "empty"
        return col
    if s.dtype == object and any(
        isinstance(v, list | dict | tuple | np.ndarray) for v in values.iloc[:200]
    ):
        col.kind = "nested"
        col.example = clip(repr(_plain(values.iloc[0])), 200)
        texts = values.map(lambda v: repr(_plain(v)))
        col.unique = int(texts.nunique())
        return col
    col.unique = int(values.nunique())
    if pd.api.types.is_bool_dtype(s.dtype) or all(isinstance(v, bool | np.bool_) for v in values):
        col.kind = "bool"
        col.top = _top(values, by_value=False)
        return col
    if pd.api.types.is_numeric_dtype(s.dtype):
        col.kind = "number"
        _number_stats(col, values)
        return col
    if pd.api.types.is_datetime64_any_dtype(s.dtype):
        col.kind = "date"
        _date_range(col, values)
        return col
    texts = values.astype(str)
    numbers = pd.to_numeric(texts, errors="coerce")
    col.numeric = int(numbers.notna().sum())
    if col.numeric == len(values):
        col.kind = "number"  # numbers kept as text, e.g. too large for int64
        _number_stats(col, numbers)
        return col
    if col.numeric:
        col.kind = "mixed"  # top: the non-numeric values, the surprising ones
        col.top = _top(values[numbers.isna().to_numpy()], by_value=False)
        return col
    col.top = _top(values, by_value=False)
    lengths = texts.str.len()
    col.avg_len = float(lengths.mean())
    col.max_len = int(lengths.max())
    col.example = str(texts.iloc[0])
    if _looks_like_date(col, texts):
        return col
    if col.avg_len >= 50:
        col.kind = "text"
    return col


def _plain(value: Any) -> Any:
    tolist = getattr(value, "tolist", None)
    return tolist() if callable(tolist) else value


def _number_stats(col: Column, values: Any) -> None:
    import numpy as np

    arr = values.to_numpy()
    if arr.dtype.kind in "iu":
        col.lo, col.hi = str(int(arr.min())), str(int(arr.max()))
    else:
        arr = arr.astype(float)
        col.lo, col.hi = _num(float(np.min(arr))), _num(float(np.max(arr)))
    with np.errstate(all="ignore"):
        mean = float(np.mean(arr.astype(float)))
    col.mean = _num(mean, digits=5)
    if col.unique <= 10:
        col.top = _top(values, by_value=True)


def _looks_like_date(col: Column, texts: Any) -> bool:
    """Whether a text column holds dates (a guessed format with a year that >= 90%
    of values parse with); if so, records the format and range on `col`."""
    import warnings

    import pandas as pd
    from pandas.tseries.api import guess_datetime_format

    first = col.example
    if len(first) < 6 or not any(ch.isdigit() for ch in first):
        return False
    try:
        fmt = guess_datetime_format(first)
    except Exception:
        return False
    has_year = fmt is not None and ("%Y" in fmt or "%y" in fmt)
    if not has_year or not any(d in fmt for d in ("%m", "%b", "%B", "%d")):
        return False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parsed = pd.to_datetime(texts, format=fmt, errors="coerce")
    share = float(parsed.notna().mean())
    if share < 0.9:
        return False
    col.kind, col.date_format, col.parsed = "date", fmt, share
    _date_range(col, parsed.dropna())
    return True


def _date_range(col: Column, values: Any) -> None:
    lo, hi = values.min(), values.max()
    midnight = bool((values == values.dt.normalize()).all())
    fmt = "%Y-%m-%d" if midnight else "%Y-%m-%d %H:%M:%S"
    col.lo, col.hi = lo.strftime(fmt), hi.strftime(fmt)


def _top(values: Any, by_value: bool) -> list[tuple[str, int]]:
    counts = values.value_counts(dropna=True)
    pairs = [(k, int(c)) for k, c in counts.items()]
    if by_value:
        pairs.sort(key=lambda kc: (float(kc[0]), _label(kc[0])))
    else:
        pairs.sort(key=lambda kc: (-kc[1], _label(kc[0])))
    return [(_label(k), c) for k, c in pairs[:10]]


def _label(value: Any) -> str:
    if isinstance(value, str):
        return quote(value, 30)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float) or hasattr(value, "dtype"):
        try:
            return _num(value)
        except (TypeError, ValueError):
            pass
    return clip(str(value), 30)


def _num(x: Any, digits: int = 6) -> str:
    """A stable, short number: integers as integers, others to `digits` significant digits."""
    if isinstance(x, bool):
        return str(x)
    if isinstance(x, int) or (hasattr(x, "dtype") and getattr(x.dtype, "kind", "") in "iu"):
        return str(int(x))
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    if x.is_integer() and abs(x) < 1e15:
        return str(int(x))
    return f"{x:.{digits}g}"
