"""The data overview: a bounded, deterministic text description of a data folder.

This is what agents and the world model read about the `./input/` a program sees
(a task's `public/`): a file tree with sizes and line counts, then per data file
its shape and column statistics (CSV/TSV, Parquet), a JSON schema sketch, the
contents of short text files, and array headers (.npy/.npz).

Guarantees: the same files give byte-identical text (sorted order, fixed number
formats, no timestamps, only paths relative to the folder); the text never exceeds
`budget_chars`, degrading detail step by step before it truncates; big files are
never loaded whole (line counts stream bytes, tables are sampled with `nrows`).
Bad data never raises: a file that cannot be parsed says so in its section.

It does not know about tasks beyond `resolve_data_dir` (a task dir -> its public/).
"""

from __future__ import annotations

import codecs
import gzip
import json
import math
import os
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

from mleworld.errors import MleWorldError

SAMPLE_ROWS = 5000  # rows of a table read for column statistics
MAX_CHILDREN = 30  # a folder with more entries is summarised, not listed
MAX_DESCRIBED = 40  # data files that get a section of their own
SMALL_TEXT_BYTES = 2000  # text files up to this size are shown in full
JSON_READ_BYTES = 1 << 20  # bounded read of JSON / JSON-lines files
LINE_COUNT_CAP = 1 << 30  # bytes counted exactly; past this, rows are estimated
_CHUNK = 1 << 20

_TABLE_SUFFIXES = (".csv", ".tsv", ".csv.gz", ".tsv.gz")
_PARQUET_SUFFIXES = (".parquet", ".pq")
_JSON_SUFFIXES = (".json",)
_JSONL_SUFFIXES = (".jsonl", ".ndjson")
_SHOWN_TEXT_SUFFIXES = (".txt", ".md", ".rst", ".yaml", ".yml", ".ini", ".cfg", ".toml")
_ARRAY_SUFFIXES = (".npy", ".npz")
_LINE_COUNTED_SUFFIXES = (
    (".csv", ".tsv", ".json", ".jsonl", ".ndjson", ".xml", ".html", ".htm", ".py", ".r")
    + (".sql", ".sh", ".log", ".tex", ".svg", ".srt", ".vtt", ".conll")
    + _SHOWN_TEXT_SUFFIXES
)


def resolve_data_dir(path: Path) -> Path:
    """The folder to describe: a task dir's public/, or `path` itself."""
    path = Path(path)
    if not path.is_dir():
        raise MleWorldError(f"data directory not found: {path}; pass an existing directory")
    if (path / "task.yaml").is_file() and (path / "public").is_dir():
        return path / "public"
    return path


def data_overview(input_dir: Path, budget_chars: int = 6000) -> str:
    """Describe the files under `input_dir` in at most `budget_chars` characters."""
    root = Path(input_dir)
    if not root.is_dir():
        raise MleWorldError(f"data directory not found: {root}; pass an existing directory")
    if budget_chars < 1:
        raise MleWorldError(
            f"overview budget must be a positive number of characters, got {budget_chars}"
        )
    tree = _scan(root, root, set())
    counted = {f.rel: f.lines for d in _all_dirs(tree) for f in d.files if f.lines is not None}
    summaries = {
        rel: _describe(root / rel, rel, counted.get(rel)) for rel in _describe_targets(tree)
    }
    text = ""
    for level in _LEVELS:
        text = _render(tree, summaries, level)
        if len(text) <= budget_chars:
            return text
    return _truncate(text, budget_chars)


# ---------------------------------------------------------------------------
# File tree


@dataclass
class _File:
    rel: str
    size: int
    lines: tuple[int, bool] | None = None  # count_lines() of a text file
    error: str | None = None


@dataclass
class _Dir:
    rel: str
    files: list[_File] = field(default_factory=list)
    dirs: list[_Dir] = field(default_factory=list)
    collapsed: bool = False
    loop: bool = False  # a link back to a folder already scanned
    # totals over the whole subtree
    n_files: int = 0
    n_dirs: int = 0
    size: int = 0
    by_ext: dict[str, int] = field(default_factory=dict)
    first_of_ext: dict[str, str] = field(default_factory=dict)


def _scan(root: Path, path: Path, seen: set[tuple[int, int]]) -> _Dir:
    rel = path.relative_to(root).as_posix() if path != root else ""
    node = _Dir(rel)
    try:
        st = path.stat()
        if (st.st_dev, st.st_ino) in seen:
            node.loop = True
            return node
        seen.add((st.st_dev, st.st_ino))
        entries = sorted(os.scandir(path), key=lambda e: _name_key(e.name))
    except OSError:
        return node
    # the top folder is listed unless it is very big: its files are the ones programs open
    node.collapsed = (bool(rel) and len(entries) > MAX_CHILDREN) or len(entries) > 3 * MAX_CHILDREN
    for entry in entries:
        child = Path(entry.path)
        child_rel = child.relative_to(root).as_posix()
        try:
            is_dir = entry.is_dir()
        except OSError:
            is_dir = False
        if is_dir:
            sub = _scan(root, child, seen)
            node.dirs.append(sub)
            node.n_dirs += 1 + sub.n_dirs
            node.n_files += sub.n_files
            node.size += sub.size
            for ext, count in sub.by_ext.items():
                node.by_ext[ext] = node.by_ext.get(ext, 0) + count
                node.first_of_ext.setdefault(ext, sub.first_of_ext[ext])
            continue
        try:
            size = entry.stat().st_size
            f = _File(child_rel, size)
        except OSError as exc:
            f = _File(child_rel, 0, error=exc.strerror or type(exc).__name__)
        node.files.append(f)
        node.n_files += 1
        node.size += f.size
        ext = _ext(child.name)
        node.by_ext[ext] = node.by_ext.get(ext, 0) + 1
        node.first_of_ext.setdefault(ext, child_rel)
    if not node.collapsed:
        for f in node.files:
            if f.error is None and _has_suffix(f.rel, _LINE_COUNTED_SUFFIXES):
                f.lines = _count_lines_safe(root / f.rel)
    return node


def _ext(name: str) -> str:
    suffix = Path(name).suffix.lower()
    return suffix if suffix else "(no extension)"


def _has_suffix(name: str, suffixes: tuple[str, ...]) -> bool:
    return name.lower().endswith(suffixes)


def _describable(node: _Dir) -> Iterator[str]:
    """Listed files that get a section, breadth-first (top-level files come first)."""
    queue = [node]
    while queue:
        current = queue.pop(0)
        if current.collapsed:
            continue
        for f in current.files:
            if f.error is None and _kind(f.rel) is not None:
                yield f.rel
        queue.extend(current.dirs)


def _describe_targets(tree: _Dir) -> list[str]:
    """Files to describe: listed data files (top levels first), then one file per
    type from each folder, which stands for the folder when it is summarised."""
    listed = list(islice(_describable(tree), MAX_DESCRIBED))
    stand_ins = [rel for d in _all_dirs(tree) for _, rel in _stand_ins(d)]
    return list(dict.fromkeys(listed + stand_ins[:MAX_DESCRIBED]))


def _all_dirs(node: _Dir) -> Iterator[_Dir]:
    yield node
    for d in node.dirs:
        yield from _all_dirs(d)


def _stand_ins(d: _Dir) -> list[tuple[str, str]]:
    """(extension, first such file) for the describable file types in a folder."""
    return [(ext, rel) for ext, rel in sorted(d.first_of_ext.items()) if _kind(rel) is not None]


def _name_key(name: str) -> tuple[tuple[Any, ...], str]:
    """Natural order (f2 before f10), ties broken by the plain name."""
    parts = re.split(r"(\d+)", name)
    return tuple(int(p) if i % 2 else p for i, p in enumerate(parts)), name


def count_lines(path: Path, cap_bytes: int = LINE_COUNT_CAP) -> tuple[int, bool]:
    """Lines in a text file (a last line without a newline counts), streaming bytes.

    Returns (lines, exact). Past `cap_bytes` the count is extrapolated from the
    bytes read and `exact` is False.
    """
    size = path.stat().st_size
    newlines = 0
    read = 0
    last = b""
    with path.open("rb") as fh:
        while read < cap_bytes:
            chunk = fh.read(min(_CHUNK, cap_bytes - read))
            if not chunk:
                break
            newlines += chunk.count(b"\n")
            read += len(chunk)
            last = chunk[-1:]
    if read < size:
        return round(newlines * size / read), False
    return newlines + (1 if last not in (b"", b"\n") else 0), True


def _count_lines_safe(path: Path) -> tuple[int, bool] | None:
    try:
        return count_lines(path)
    except OSError:
        return None


def _count_gzip_lines(path: Path) -> tuple[int, bool]:
    newlines = 0
    read = 0
    last = b""
    with path.open("rb") as raw, gzip.GzipFile(fileobj=raw) as fh:
        while read < LINE_COUNT_CAP:
            chunk = fh.read(_CHUNK)
            if not chunk:
                return newlines + (1 if last not in (b"", b"\n") else 0), True
            newlines += chunk.count(b"\n")
            read += len(chunk)
            last = chunk[-1:]
        fraction = raw.tell() / max(path.stat().st_size, 1)
    return round(newlines / max(fraction, 1e-9)), False


def _trailing_blank_lines(path: Path) -> int:
    """Empty lines at the end of a plain file (pandas skips them; the count does not)."""
    size = path.stat().st_size
    with path.open("rb") as fh:
        fh.seek(max(0, size - 4096))
        tail = fh.read()
    stripped = tail.rstrip(b"\r\n")
    extra = tail[len(stripped) :].count(b"\n") - 1
    return max(extra, 0)


# ---------------------------------------------------------------------------
# Per-file descriptions (computed once, rendered at several detail levels)


@dataclass
class _Column:
    name: str
    dtype: str
    kind: str  # number | bool | date | text | category | mixed | empty | nested
    missing: int = 0
    unique: int = 0
    count: int = 0  # non-missing values
    lo: str = ""
    hi: str = ""
    mean: str = ""
    top: list[tuple[str, int]] = field(default_factory=list)  # (value, count), best first
    avg_len: float = 0.0
    max_len: int = 0
    example: str = ""
    numeric: int = 0  # mixed: values that parse as numbers
    date_format: str = ""
    parsed: float = 1.0  # date: fraction of values that parse


@dataclass
class _Table:
    fmt: str  # CSV | TSV | Parquet
    rows: int
    exact: bool
    columns: list[_Column]
    sampled: int = 0  # rows the statistics come from when fewer than all
    notes: list[str] = field(default_factory=list)


@dataclass
class _Json:
    shape: _Shape
    lines: bool  # JSON lines (shape is of one record)
    records: int = 0
    partial: str = ""  # why only part of the file was examined
    bad_lines: int = 0


@dataclass
class _Text:
    size: int
    text: str  # the first few KB, decoded with replacement
    lines: int


@dataclass
class _Arrays:
    arrays: list[tuple[str, str, tuple[int, ...]]]  # (name, dtype, shape)
    total: int


@dataclass
class _Problem:
    message: str
    head: str = ""


_Summary = _Table | _Json | _Text | _Arrays | _Problem


def _kind(rel: str) -> str | None:
    if _has_suffix(rel, _TABLE_SUFFIXES):
        return "table"
    if _has_suffix(rel, _PARQUET_SUFFIXES):
        return "parquet"
    if _has_suffix(rel, _JSON_SUFFIXES):
        return "json"
    if _has_suffix(rel, _JSONL_SUFFIXES):
        return "jsonl"
    if _has_suffix(rel, _SHOWN_TEXT_SUFFIXES):
        return "text"
    if _has_suffix(rel, _ARRAY_SUFFIXES):
        return "array"
    return None


def _describe(path: Path, rel: str, lines: tuple[int, bool] | None) -> _Summary:
    """One file's summary; `lines` is its line count when the tree already has it."""
    kind = _kind(rel)
    try:
        if kind == "table":
            return _describe_csv(path, lines)
        if kind == "parquet":
            return _describe_parquet(path)
        if kind == "json":
            return _describe_json(path)
        if kind == "jsonl":
            return _describe_jsonl(path, lines)
        if kind == "array":
            return _describe_arrays(path)
        return _describe_text(path, lines)
    except OSError as exc:
        return _Problem(f"unreadable: {exc.strerror or type(exc).__name__}")
    except Exception as exc:  # any parser failure on odd data is reported, not raised
        return _Problem(f"could not parse: {_one_line(exc, path, rel)}")


def _one_line(exc: BaseException, path: Path, rel: str) -> str:
    message = str(exc).replace(str(path), rel).strip().splitlines()
    text = message[0] if message else type(exc).__name__
    for prefix in ("Error tokenizing data. C error: ",):
        text = text.removeprefix(prefix)
    return _clip(text, 160)


def _head_bytes(path: Path, n: int) -> bytes:
    opener = gzip.open if path.name.lower().endswith(".gz") else open
    with opener(path, "rb") as fh:
        return fh.read(n)


def _utf8_problem(head: bytes, complete: bool) -> bool:
    try:
        codecs.getincrementaldecoder("utf-8")().decode(head, final=complete)
    except UnicodeDecodeError:
        return True
    return False


def _describe_csv(path: Path, lines_known: tuple[int, bool] | None) -> _Summary:
    import pandas as pd

    head = _head_bytes(path, _CHUNK)
    if not head.strip():
        return _Problem("empty file")
    decoded = head.decode("utf-8", errors="replace")
    if b"\x00" in head or decoded.count("\ufffd") > len(decoded) // 10:
        return _Problem("not a text table: binary data")
    first_line = decoded.split("\n", 1)[0].rstrip("\r")
    sep = "\t" if _has_suffix(path.name, (".tsv", ".tsv.gz")) else ","
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
        return _Problem("empty file (no header)")
    except (pd.errors.ParserError, ValueError, UnicodeError) as exc:
        return _Problem(
            f"could not parse: {_one_line(exc, path, path.name)}", _clip(first_line, 200)
        )
    notes: list[str] = []
    if sep not in (",", "\t"):
        notes.append(f"separator {sep!r}")
    if _utf8_problem(head, complete=len(head) < _CHUNK):
        notes.append("not valid UTF-8: undecodable bytes shown as U+FFFD")
    rows, exact = len(df), True
    if len(df) >= SAMPLE_ROWS:
        if path.name.lower().endswith(".gz"):
            lines, exact = _count_gzip_lines(path)
        else:
            lines, exact = lines_known or count_lines(path)
            lines -= _trailing_blank_lines(path)
        rows = max(lines - 1, len(df))
    sampled = len(df) if rows > len(df) else 0
    columns = [_column(str(name), df[name]) for name in df.columns]
    return _Table("TSV" if sep == "\t" else "CSV", rows, exact, columns, sampled, notes)


def _describe_parquet(path: Path) -> _Summary:
    import pyarrow.parquet as pq

    pf = pq.ParquetFile(path)
    rows = pf.metadata.num_rows
    batch = next(pf.iter_batches(batch_size=SAMPLE_ROWS), None)
    if batch is None:
        columns = [_Column(f.name, str(f.type), "empty") for f in pf.schema_arrow]
        return _Table("Parquet", rows, True, columns)
    df = batch.to_pandas()
    sampled = len(df) if rows > len(df) else 0
    columns = [_column(str(name), df[name]) for name in df.columns]
    return _Table("Parquet", rows, True, columns, sampled)


def _column(name: str, s: Any) -> _Column:
    """Statistics of one column from its (sampled) values."""
    import numpy as np
    import pandas as pd

    dtype = str(s.dtype)
    if isinstance(s.dtype, pd.CategoricalDtype):
        s = s.astype(object)
    values = s.dropna()
    col = _Column(name, dtype, "category", missing=len(s) - len(values), count=len(values))
    if len(values) == 0:
        col.kind = "empty"
        return col
    if s.dtype == object and any(
        isinstance(v, list | dict | tuple | np.ndarray) for v in values.iloc[:200]
    ):
        col.kind = "nested"
        col.example = _clip(repr(_plain(values.iloc[0])), 200)
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


def _number_stats(col: _Column, values: Any) -> None:
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


def _looks_like_date(col: _Column, texts: Any) -> bool:
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


def _date_range(col: _Column, values: Any) -> None:
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
        return json.dumps(_clip(value, 30), ensure_ascii=False)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float) or hasattr(value, "dtype"):
        try:
            return _num(value)
        except (TypeError, ValueError):
            pass
    return _clip(str(value), 30)


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


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: max(n - 3, 0)] + "..."


# JSON ----------------------------------------------------------------------


@dataclass
class _Shape:
    """The merged structure of JSON values seen at one place in a document."""

    types: dict[str, int] = field(default_factory=dict)
    keys: dict[str, _Shape] = field(default_factory=dict)
    key_seen: dict[str, int] = field(default_factory=dict)
    objects: int = 0
    map_keys: int = 0  # objects with many keys are treated as maps: key count
    map_examples: list[str] = field(default_factory=list)
    map_values: _Shape | None = None
    len_min: int = -1
    len_max: int = -1
    items: _Shape | None = None
    example: str = ""


_MAP_KEYS = 50  # an object with more keys is a map (id -> record), not a record
_MERGE_ITEMS = 1000  # elements of one list examined
_MAX_DEPTH = 8


def _shape_of(value: Any, shape: _Shape | None = None, depth: int = 0) -> _Shape:
    shape = shape or _Shape()
    name = _json_type(value)
    shape.types[name] = shape.types.get(name, 0) + 1
    if depth >= _MAX_DEPTH:
        return shape
    if isinstance(value, dict):
        if len(value) > _MAP_KEYS:
            shape.map_keys = max(shape.map_keys, len(value))
            if not shape.map_examples:
                shape.map_examples = [_clip(k, 24) for k in list(value)[:2]]
            for v in list(value.values())[:_MERGE_ITEMS]:
                shape.map_values = _shape_of(v, shape.map_values, depth + 1)
            return shape
        shape.objects += 1
        for k, v in value.items():
            shape.keys[k] = _shape_of(v, shape.keys.get(k), depth + 1)
            shape.key_seen[k] = shape.key_seen.get(k, 0) + 1
    elif isinstance(value, list):
        n = len(value)
        shape.len_min = n if shape.len_min < 0 else min(shape.len_min, n)
        shape.len_max = max(shape.len_max, n)
        for v in value[:_MERGE_ITEMS]:
            shape.items = _shape_of(v, shape.items, depth + 1)
    elif isinstance(value, str) and not shape.example:
        shape.example = json.dumps(_clip(value, 40), ensure_ascii=False)
    return shape


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "str"
    return "list" if isinstance(value, list) else "object"


def _describe_json(path: Path) -> _Summary:
    size = path.stat().st_size
    with path.open("rb") as fh:
        raw = fh.read(JSON_READ_BYTES)
    text = raw.decode("utf-8", errors="replace")
    if not text.strip():
        return _Problem("empty file")
    if len(raw) >= size:
        try:
            return _Json(_shape_of(json.loads(text)), lines=False)
        except json.JSONDecodeError as exc:
            return _Problem(f"could not parse: {exc}", _clip(text.strip().splitlines()[0], 200))
    value, items = _parse_prefix(text)
    if value is None:
        return _Problem(f"could not parse its first {_human(JSON_READ_BYTES)}")
    kind = "items" if isinstance(value, list) else "keys"
    note = f"first {items:,} {kind}, from the first {_human(JSON_READ_BYTES)}"
    return _Json(_shape_of(value), lines=False, partial=note)


def _parse_prefix(text: str) -> tuple[Any, int]:
    """The complete top-level items (of an array) or entries (of an object) in a
    truncated JSON document; (None, 0) when it is neither."""
    decoder = json.JSONDecoder()
    pos = len(text) - len(text.lstrip())
    if pos >= len(text) or text[pos] not in "[{":
        return None, 0
    is_list = text[pos] == "["
    out: Any = [] if is_list else {}
    pos += 1
    while True:
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
        try:
            if is_list:
                item, pos = decoder.raw_decode(text, pos)
                out.append(item)
            else:
                key, pos = decoder.raw_decode(text, pos)
                while pos < len(text) and text[pos] in " \t\r\n:":
                    pos += 1
                item, pos = decoder.raw_decode(text, pos)
                out[str(key)] = item
        except (json.JSONDecodeError, IndexError):
            return out, len(out)


def _describe_jsonl(path: Path, lines_known: tuple[int, bool] | None) -> _Summary:
    with path.open("rb") as fh:
        raw = fh.read(JSON_READ_BYTES)
    complete = len(raw) >= path.stat().st_size
    lines = raw.decode("utf-8", errors="replace").splitlines()
    if not complete:
        lines = lines[:-1]  # the last line may be cut
    shape: _Shape | None = None
    bad = 0
    seen = 0
    for line in lines:
        if not line.strip():
            continue
        seen += 1
        try:
            shape = _shape_of(json.loads(line), shape)
        except json.JSONDecodeError:
            bad += 1
    if shape is None:
        return _Problem("no JSON records" if not bad else f"could not parse any of {bad:,} lines")
    records, _ = lines_known or count_lines(path)
    partial = "" if complete else f"structure from the first {seen:,} records"
    return _Json(shape, lines=True, records=records, partial=partial, bad_lines=bad)


# Text and arrays -----------------------------------------------------------


def _describe_text(path: Path, lines_known: tuple[int, bool] | None) -> _Summary:
    with path.open("rb") as fh:
        raw = fh.read(4 * SMALL_TEXT_BYTES)
    lines = (lines_known or count_lines(path))[0]
    return _Text(path.stat().st_size, raw.decode("utf-8", errors="replace"), lines)


def _describe_arrays(path: Path) -> _Summary:
    import numpy as np

    def header(fh: Any) -> tuple[str, tuple[int, ...]]:
        version = np.lib.format.read_magic(fh)
        read = (
            np.lib.format.read_array_header_1_0
            if version == (1, 0)
            else np.lib.format.read_array_header_2_0
        )
        shape, _fortran, dtype = read(fh)
        return str(dtype), tuple(shape)

    if path.name.lower().endswith(".npy"):
        with path.open("rb") as fh:
            dtype, shape = header(fh)
        return _Arrays([("", dtype, shape)], 1)
    arrays = []
    with zipfile.ZipFile(path) as zf:
        names = sorted(n for n in zf.namelist() if n.endswith(".npy"))
        for name in names[:20]:
            with zf.open(name) as fh:
                dtype, shape = header(fh)
            arrays.append((name.removesuffix(".npy"), dtype, shape))
    return _Arrays(arrays, len(names))


# ---------------------------------------------------------------------------
# Rendering at a detail level


@dataclass(frozen=True)
class _Level:
    files: str = "detail"  # detail | line | shape
    detail_columns: int = 40  # columns with full statistics; the rest by name and dtype
    top_k: int = 5
    other_names: int | None = None  # names listed per dtype among the other columns
    example_len: int = 60
    text_full: int = SMALL_TEXT_BYTES  # text files up to this size shown in full
    text_head: int = 5  # else this many first lines
    json_keys: int = 20
    json_depth: int = 5
    max_children: int = MAX_CHILDREN  # folders with more entries are summarised


_FEWER_COLUMNS = _Level(
    detail_columns=20,
    top_k=3,
    other_names=120,
    example_len=40,
    text_full=1000,
    text_head=3,
    json_keys=12,
    json_depth=3,
    max_children=10,
)
# Each step gives up some detail; the first that fits the budget is used.
_LEVELS = (
    _Level(),
    _Level(max_children=10),  # summarise folders of similar files before dropping statistics
    _FEWER_COLUMNS,
    _Level(
        detail_columns=8,
        top_k=2,
        other_names=30,
        example_len=30,
        text_full=400,
        text_head=2,
        json_keys=8,
        json_depth=2,
        max_children=6,
    ),
    _Level(
        files="line",
        detail_columns=0,
        top_k=0,
        other_names=15,
        json_keys=8,
        json_depth=1,
        max_children=6,
    ),
    _Level(files="shape", detail_columns=0, top_k=0, other_names=0, max_children=3),
)
_TRUNCATED = "[... overview truncated to fit {budget} characters]"


def _render(tree: _Dir, summaries: dict[str, _Summary], level: _Level) -> str:
    head = f"{_plural(tree.n_files, 'file')}, {_human(tree.size)}"
    out = [f"Data files ({head}; paths relative to the data folder):"]
    shown: list[tuple[str, str]] = []  # (file, note) in tree order
    if not tree.n_files and not tree.n_dirs:
        out.append("  (empty folder)")
    elif tree.collapsed:
        out.append(f"  ./ {_folder_summary(tree)}")
        shown.extend(_stand_in_notes(tree))
    else:
        _render_tree(tree, 1, level, out, shown)
    seen_columns: dict[tuple[tuple[str, str], ...], str] = {}
    missing = 0
    for rel, note in shown:
        summary = summaries.get(rel)
        if summary is None:
            missing += 1
            continue
        title = f"{rel} ({note})" if note else rel
        lines = _render_section(title, summary, level, seen_columns, rel)
        if lines:
            out.append("")
            out.extend(lines)
    if missing:
        out.append("")
        out.append(f"({_plural(missing, 'more data file')} listed above not described)")
    return "\n".join(out)


def _render_tree(
    node: _Dir, depth: int, level: _Level, out: list[str], shown: list[tuple[str, str]]
) -> None:
    pad = "  " * depth
    for f in node.files:
        name = f.rel.rsplit("/", 1)[-1]
        if f.error:
            out.append(f"{pad}{name} (unreadable: {f.error})")
            continue
        if f.lines is not None:
            approx = "" if f.lines[1] else "~"
            out.append(f"{pad}{name} ({_human(f.size)}, {approx}{_plural(f.lines[0], 'line')})")
        else:
            out.append(f"{pad}{name} ({_human(f.size)})")
        if _kind(f.rel) is not None:
            shown.append((f.rel, ""))
    for d in node.dirs:
        name = d.rel.rsplit("/", 1)[-1] + "/"
        if d.loop:
            out.append(f"{pad}{name} (link to a folder listed elsewhere)")
        elif not d.n_files and not d.n_dirs:
            out.append(f"{pad}{name} (empty)")
        elif d.collapsed or len(d.files) + len(d.dirs) > level.max_children:
            out.append(f"{pad}{name} {_folder_summary(d)}")
            shown.extend(_stand_in_notes(d))
        else:
            out.append(f"{pad}{name}")
            _render_tree(d, depth + 1, level, out, shown)


def _stand_in_notes(d: _Dir) -> list[tuple[str, str]]:
    where = f" in {d.rel}/" if d.rel else ""
    return [(rel, f"one of {d.by_ext[ext]:,} {ext} files{where}") for ext, rel in _stand_ins(d)]


def _folder_summary(d: _Dir) -> str:
    exts = sorted(d.by_ext.items(), key=lambda kv: (-kv[1], kv[0]))
    kinds = ", ".join(f"{n:,} {ext}" for ext, n in exts[:4])
    if len(exts) > 4:
        kinds += f", {sum(n for _, n in exts[4:]):,} other"
    dirs = f"{d.n_dirs:,} folders, " if d.n_dirs else ""
    start = len(d.rel) + 1 if d.rel else 0
    examples = [f.rel[start:] for f in d.files[:2]]
    if not examples:
        examples = [rel[start:] for _, rel in sorted(d.first_of_ext.items())[:2]]
    return f"({dirs}{_plural(d.n_files, 'file')}: {kinds}; {_human(d.size)}; e.g. {', '.join(examples)})"


def _render_section(
    title: str,
    s: _Summary,
    level: _Level,
    seen_columns: dict[tuple[tuple[str, str], ...], str],
    rel: str,
) -> list[str]:
    if isinstance(s, _Problem):
        lines = [f"{title}: {s.message}"]
        if s.head and level.files == "detail":
            lines.append(f"  first line: {s.head}")
        return lines
    if isinstance(s, _Table):
        signature = tuple((c.name, c.dtype) for c in s.columns)
        first = seen_columns.setdefault(signature, rel)
        if first != rel and len(signature) > 1:
            return [_table_head(title, s) + f"; same columns as {first}"]
        return _render_table(title, s, level)
    if isinstance(s, _Json):
        return _render_json(title, s, level)
    if isinstance(s, _Arrays):
        shown = [
            f"{name + ': ' if name else ''}{dtype} {_shape_text(shape)}"
            for name, dtype, shape in s.arrays
        ]
        more = f"; +{s.total - len(s.arrays)} more" if s.total > len(s.arrays) else ""
        if level.files == "shape" and len(shown) > 3:
            shown, more = shown[:3], f"; +{s.total - 3} more"
        return [f"{title}: array{'s' if s.total != 1 else ''} {'; '.join(shown)}{more}"]
    return _render_text(title, s, level)


def _shape_text(shape: tuple[int, ...]) -> str:
    return "(" + ", ".join(str(n) for n in shape) + ")"


def _table_head(title: str, t: _Table) -> str:
    approx = "" if t.exact else "~"
    shape = f"{_plural(t.rows, 'row')} x {_plural(len(t.columns), 'column')}"
    return f"{title}: {t.fmt}, {approx}{shape}"


def _render_table(title: str, t: _Table, level: _Level) -> list[str]:
    head = _table_head(title, t)
    notes = list(t.notes)
    if level.files == "shape":
        return [head + (f" ({'; '.join(notes)})" if notes else "")]
    if level.files == "line":
        names = [f"{c.name} ({c.dtype})" for c in t.columns]
        listed = ", ".join(names[: level.other_names])
        if len(names) > (level.other_names or 0):
            listed += f", ... +{len(names) - (level.other_names or 0):,} more"
        return [head + (f" ({'; '.join(notes)})" if notes else ""), f"  columns: {listed}"]
    if t.sampled:
        notes.append(f"column stats from the first {t.sampled:,} rows")
    if t.columns and not any(c.missing for c in t.columns):
        notes.append("no missing values" + (" in those rows" if t.sampled else ""))
    lines = [head + (f"; {'; '.join(notes)}" if notes else "")]
    detailed = t.columns[: level.detail_columns]
    for c in detailed:
        lines.append(f"  {_clip(c.name, 40)}: {_describe_column(c, level, bool(t.sampled))}")
    rest = t.columns[level.detail_columns :]
    if rest:
        lines.extend(_other_columns(rest, level))
    return lines


def _describe_column(c: _Column, level: _Level, sampled: bool) -> str:
    parts = [c.dtype]
    if c.kind == "empty":
        return f"{c.dtype}, all missing" + (" in sample" if sampled else "")
    if c.missing:
        parts.append(f"{c.missing:,} missing" + (" in sample" if sampled else ""))
    distinct = c.unique == c.count and c.count > 1
    if c.kind == "number":
        if distinct and c.count > 20:
            parts.append("all distinct")
        elif c.unique == 1:
            parts.append(f"constant {c.lo}")
        elif c.top:
            parts.append(f"{c.unique:,} values: " + _pairs(c.top, level.top_k, c.unique))
        else:
            parts.append(f"{c.unique:,} unique")
        if c.dtype in ("str", "object", "string"):
            parts.append("numbers stored as text")
        if c.unique > 1:
            parts.append(f"min {c.lo}, max {c.hi}, mean {c.mean}")
    elif c.kind == "bool":
        parts.append(_pairs(c.top, 2, c.unique))
    elif c.kind == "date":
        shown = f"dates {c.lo} .. {c.hi}"
        if c.date_format:
            shown += f" (format {c.date_format}" + (
                f", {c.parsed:.0%} parse)" if c.parsed < 1 else ")"
            )
        parts.append(shown)
    elif c.kind == "nested":
        parts.append(
            f"nested values, {c.unique:,} unique, e.g. {_clip(c.example, level.example_len)}"
        )
    elif c.kind == "mixed":
        parts.append(f"mixed: {c.numeric:,} numeric and {c.count - c.numeric:,} other values")
        parts.append("all distinct" if distinct else f"{c.unique:,} unique")
        others = len(c.top) if len(c.top) < 10 else c.count
        parts.append("non-numeric: " + _pairs(c.top, max(level.top_k, 1), others))
    elif c.kind == "text":
        example = json.dumps(_clip(c.example, level.example_len), ensure_ascii=False)
        parts.append(
            f"text, avg {c.avg_len:.0f} chars (max {c.max_len:,}), {c.unique:,} unique, e.g. {example}"
        )
    elif distinct and c.count > 20:
        examples = ", ".join(label for label, _ in c.top[:2])
        parts.append(f"all distinct (id-like), e.g. {examples}")
    else:
        parts.append(f"{c.unique:,} unique")
        if level.top_k:
            parts.append("top " + _pairs(c.top, level.top_k, c.unique))
    return ", ".join(parts)


def _pairs(top: list[tuple[str, int]], k: int, unique: int) -> str:
    shown = ", ".join(f"{label} ({count:,})" for label, count in top[: max(k, 1)])
    return shown + (", ..." if unique > max(k, 1) else "")


def _other_columns(rest: list[_Column], level: _Level) -> list[str]:
    if level.other_names is None:
        return [f"  {_clip(c.name, 40)}: {c.dtype}" for c in rest]
    groups: dict[str, list[str]] = {}
    for c in rest:
        groups.setdefault(c.dtype, []).append(_clip(c.name, 40))
    lines = [f"  {len(rest):,} more columns, by dtype:"]
    for dtype, names in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        shown = ", ".join(names[: level.other_names])
        if len(names) > level.other_names:
            shown += f", ... +{len(names) - level.other_names:,}"
        lines.append(f"    {dtype} ({len(names):,}): {shown}")
    return lines


def _render_json(title: str, j: _Json, level: _Level) -> list[str]:
    notes = [j.partial] if j.partial else []
    if j.bad_lines:
        notes.append(f"{j.bad_lines:,} unparseable lines")
    suffix = f" ({'; '.join(notes)})" if notes else ""
    shape = j.shape
    if j.lines:
        head = f"{title}: JSON lines, {j.records:,} records{suffix}"
        if level.files == "shape":
            return [head]
        body = (
            _fields(shape, level)
            if _only(shape, "object")
            else [f"  each: {_type_text(shape, 0, level)}"]
        )
        return [head + (", each:" if _only(shape, "object") else ""), *body]
    if level.files == "shape":
        return [f"{title}: JSON {_type_text(shape, level.json_depth, level)}{suffix}"]
    if _only(shape, "object") and shape.keys:
        return [
            f"{title}: JSON object with {len(shape.keys):,} keys{suffix}:",
            *_fields(shape, level),
        ]
    if (
        _only(shape, "list")
        and shape.items is not None
        and _only(shape.items, "object")
        and shape.items.keys
    ):
        head = f"{title}: JSON list of {_len_text(shape)} objects{suffix}, each:"
        return [head, *_fields(shape.items, level)]
    return [f"{title}: JSON {_type_text(shape, 0, level)}{suffix}"]


def _only(shape: _Shape, name: str) -> bool:
    return list(shape.types) == [name]


def _fields(shape: _Shape, level: _Level) -> list[str]:
    lines = []
    for key in list(shape.keys)[: level.json_keys]:
        optional = " (optional)" if shape.key_seen[key] < shape.objects else ""
        sub = shape.keys[key]
        example = f", e.g. {sub.example}" if _only(sub, "str") and sub.example else ""
        lines.append(
            f"  {json.dumps(_clip(key, 40), ensure_ascii=False)}: {_type_text(sub, 1, level)}{optional}{example}"
        )
    if len(shape.keys) > level.json_keys:
        lines.append(f"  ... +{len(shape.keys) - level.json_keys:,} more keys")
    return lines


def _type_text(shape: _Shape, depth: int, level: _Level) -> str:
    parts = []
    for name, _ in sorted(shape.types.items(), key=lambda kv: (-kv[1], kv[0])):
        if name == "object" and shape.map_values is not None and shape.map_keys:
            keys = ", ".join(json.dumps(k, ensure_ascii=False) for k in shape.map_examples)
            inner = _type_text(shape.map_values, depth + 1, level)
            parts.append(f"{{<{shape.map_keys:,} keys, e.g. {keys}>: {inner}}}")
        elif name == "object":
            if not shape.keys:
                parts.append("{}")
            elif depth >= level.json_depth:
                parts.append(f"{{...{len(shape.keys)} keys}}")
            else:
                shown = []
                for key in list(shape.keys)[: level.json_keys]:
                    mark = "?" if shape.key_seen[key] < shape.objects else ""
                    shown.append(
                        f"{json.dumps(_clip(key, 30), ensure_ascii=False)}{mark}: {_type_text(shape.keys[key], depth + 1, level)}"
                    )
                if len(shape.keys) > level.json_keys:
                    shown.append(f"... +{len(shape.keys) - level.json_keys}")
                parts.append("{" + ", ".join(shown) + "}")
        elif name == "list":
            if shape.items is None:
                parts.append("[]")
            elif depth >= level.json_depth:
                parts.append(f"[{_len_text(shape)} items]")
            else:
                parts.append(f"[{_len_text(shape)} x {_type_text(shape.items, depth + 1, level)}]")
        else:
            parts.append(name)
    return "|".join(parts)


def _len_text(shape: _Shape) -> str:
    if shape.len_min == shape.len_max:
        return f"{shape.len_max:,}"
    return f"{shape.len_min:,}-{shape.len_max:,}"


def _render_text(title: str, t: _Text, level: _Level) -> list[str]:
    if level.files != "detail":
        return []
    body = t.text.replace("\r\n", "\n").rstrip("\n")
    if t.size <= level.text_full and len(body) <= level.text_full:
        return [f"{title}, full text:", *("  " + line for line in body.split("\n"))]
    head = body.split("\n")[: level.text_head]
    return [
        f"{title}, first {len(head)} of {_plural(t.lines, 'line')}:",
        *("  " + _clip(line, 200) for line in head),
    ]


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"


def _human(n: int) -> str:
    value = float(n)
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if value < 1024 or unit == "TB":
            return f"{int(value)} B" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{n} B"


def _truncate(text: str, budget: int) -> str:
    marker = "\n" + _TRUNCATED.format(budget=budget)
    if budget <= len(marker) + 20:
        return text[:budget]
    cut = text.rfind("\n", 0, budget - len(marker) + 1)
    if cut <= 0:
        cut = budget - len(marker)
    return text[:cut] + marker


__all__ = ["count_lines", "data_overview", "resolve_data_dir"]
