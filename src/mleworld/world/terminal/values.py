"""The values the output synthesiser's abstract run of a program works with.

A program is walked without running it (walk.py); what its variables
hold is known exactly when it is a literal or computed from literals (Python
values themselves), known in shape when it comes from the data (a `Table` read
from a file the data overview describes, a `Column` of it), and otherwise an
`Unknown` carrying a hint (the name it was read under) from which a plausible
printed value is guessed (prints.py).

This module owns those value types and `read_tables`, which turns a data
overview (tasks/overview) into the tables a program can read. It runs nothing
and imports no data library.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

__all__ = [
    "Bound",
    "ColumnInfo",
    "Column",
    "Estimator",
    "FuncRef",
    "IndexArray",
    "Instance",
    "LocalClass",
    "LocalFunc",
    "Logger",
    "ModuleRef",
    "Splits",
    "Squared",
    "Table",
    "TableInfo",
    "Unknown",
    "read_tables",
]


class Unknown:
    """A value the walk cannot compute; `hint` is the name it was read under."""

    __slots__ = ("hint",)

    def __init__(self, hint: str = "") -> None:
        self.hint = hint

    def __repr__(self) -> str:
        return f"Unknown({self.hint!r})"


@dataclass
class ColumnInfo:
    dtype: str
    unique: int | None
    missing: int = 0
    mean: float | None = None
    top: tuple[str, ...] = ()  # the most frequent values, most frequent first
    counts: tuple[int, ...] = ()  # how often each of `top` occurs
    low: float | None = None  # the minimum
    distinct: bool = False  # every value differs (an id)
    decimals: int | None = None  # as the data writes its numbers (from min and max)


@dataclass
class Table:
    """A DataFrame or 2-D array: its shape, and its columns when known."""

    rows: int | None
    cols: int | None
    columns: list[str] | None = None
    info: dict[str, ColumnInfo] = field(default_factory=dict)
    array: bool = False  # a numpy array (no column names)
    parts: dict[str, int | None] | None = None  # rows per key of `pd.concat(..., keys=...)`
    describe: bool = False  # the result of `.describe()`: statistics by column
    mask: str | None = None  # "isnull" / "notnull": booleans of where values are missing

    def with_rows(self, rows: int | None) -> Table:
        columns = list(self.columns) if self.columns is not None else None
        return Table(rows, self.cols, columns, dict(self.info), self.array)

    def select(self, names: list[str]) -> Table:
        info = {n: self.info[n] for n in names if n in self.info}
        return Table(self.rows, len(names), list(names), info, self.array)

    def without(self, names: list[str]) -> Table:
        if self.columns is not None:
            kept = [c for c in self.columns if c not in names]
            return self.select(kept)
        cols = None if self.cols is None else max(0, self.cols - len(names))
        return Table(self.rows, cols, None, self.info, self.array)

    @property
    def shape(self) -> tuple[int, int] | None:
        if self.rows is None or self.cols is None:
            return None
        return (self.rows, self.cols)


@dataclass
class Column:
    """A Series or 1-D array."""

    rows: int | None
    name: str | None = None
    info: ColumnInfo | None = None
    labels: list[Any] | None = None  # the index, when it is known (per-column statistics)
    values: list[Any] | None = None  # the values, when they are known
    index_name: str | None = None  # printed above the values (value_counts)
    dtype: str | None = None
    mask: str | None = None  # "isnull" / "notnull"
    series: bool = False  # a pandas Series (it has an index), not a bare array


@dataclass
class IndexArray:
    """Row positions (a fold's train or validation indices)."""

    rows: int | None


@dataclass
class Splits:
    """What `splitter.split(X, y)` yields: n (train_idx, valid_idx) pairs."""

    n: int
    rows: int | None


@dataclass
class ModuleRef:
    name: str  # dotted: "sklearn.metrics"


@dataclass
class FuncRef:
    """A callable imported from a library, by qualified name."""

    qualname: str  # "sklearn.metrics.roc_auc_score"

    @property
    def leaf(self) -> str:
        return self.qualname.rsplit(".", 1)[-1]


@dataclass
class Bound:
    """`obj.name` of a value the walk models: called later with arguments."""

    obj: Any
    name: str


@dataclass
class Estimator:
    """An instance of a library class (a model, a scaler, a splitter, ...)."""

    cls: str  # leaf class name: "LGBMClassifier"
    qualname: str
    params: dict[str, Any]
    fitted_rows: int | None = None
    fitted_cols: int | None = None
    fitted: dict[str, Any] = field(default_factory=dict)  # attributes a fit sets
    wrapper: str | None = None  # "sklearn.pipeline.Pipeline" when this is a pipeline's last step


@dataclass
class LocalFunc:
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    name: str
    owner: LocalClass | None = None


@dataclass
class LocalClass:
    node: ast.ClassDef
    name: str
    methods: dict[str, ast.FunctionDef | ast.AsyncFunctionDef]
    attrs: dict[str, Any]


@dataclass
class Instance:
    cls: LocalClass
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass
class Logger:
    name: str
    level: int | None = None


class Squared(float):
    """A mean squared error: its square root is the (R)MSE the program reports."""

    root: float

    def __new__(cls, root: float) -> Squared:
        obj = super().__new__(cls, root * root)
        obj.root = root
        return obj


# ---------------------------------------------------------------------------
# Tables from the data overview

_TABLE_HEAD = re.compile(
    r"^(?P<title>\S[^:]*?): (?P<fmt>[A-Za-z][\w ]*?), ~?(?P<rows>[\d,]+) rows? x "
    r"(?P<cols>[\d,]+) columns?"
)
_COLUMN = re.compile(r"^  (?P<name>[^:\s][^:]*?): (?P<dtype>[\w\[\], ]+?)(?:,|$)")
_UNIQUE = re.compile(r"([\d,]+) (?:unique|values)")
_MORE = re.compile(r"^    (?P<dtype>[\w\[\]]+) \((?P<n>[\d,]+)\): (?P<names>.*)$")


@dataclass(frozen=True)
class TableInfo:
    rows: int
    cols: int
    columns: tuple[str, ...]
    info: tuple[tuple[str, ColumnInfo], ...]

    def table(self) -> Table:
        complete = len(self.columns) == self.cols
        return Table(
            self.rows,
            self.cols,
            list(self.columns) if complete else None,
            dict(self.info),
        )


@lru_cache(maxsize=64)
def read_tables(overview: str) -> dict[str, TableInfo]:
    """The tables an overview describes, keyed by relative path and by file name."""
    out: dict[str, TableInfo] = {}
    current: dict[str, Any] | None = None

    def close() -> None:
        if current is None:
            return
        info = TableInfo(
            current["rows"],
            current["cols"],
            tuple(current["columns"]),
            tuple(current["info"].items()),
        )
        title = current["title"]
        out[title] = info
        out.setdefault(title.rsplit("/", 1)[-1], info)

    for line in overview.splitlines():
        head = _TABLE_HEAD.match(line)
        if head:
            close()
            current = {
                "title": head["title"].strip(),
                "rows": _int(head["rows"]),
                "cols": _int(head["cols"]),
                "columns": [],
                "info": {},
            }
            if "same columns as" in line:
                same = out.get(line.rsplit("same columns as", 1)[1].strip())
                if same is not None:
                    current["columns"] = list(same.columns)
                    current["info"] = dict(same.info)
            continue
        if current is None:
            continue
        if not line.startswith("  "):
            close()
            current = None
            continue
        col = _COLUMN.match(line)
        if col and not line.startswith("    ") and "more columns, by dtype" not in line:
            name = col["name"].strip()
            rest = line[col.end() :]
            current["columns"].append(name)
            current["info"][name] = _column_info(col["dtype"].strip(), rest, current["rows"])
            continue
        more = _MORE.match(line)
        if more:
            for name in more["names"].split(", "):
                if name.startswith("... +"):
                    break
                current["columns"].append(name)
                current["info"][name] = ColumnInfo(more["dtype"], None)
    close()
    return out


_MISSING = re.compile(r"([\d,]+) missing")
_MIN = re.compile(r"\bmin (-?[\d.]+(?:e[-+]?\d+)?)")
_MEAN = re.compile(r"\bmean (-?[\d.]+(?:e[-+]?\d+)?)")
_TOP = re.compile(r'top "((?:[^"\\]|\\.)*)"')
_VALUES = re.compile(r"values: (.*?)(?:, min |, \.\.\.|$)")
_CONSTANT = re.compile(r"constant (\S+)")


def _column_info(dtype: str, rest: str, rows: int) -> ColumnInfo:
    """One column line of the overview: `bmi: float64, 2 missing, 150 unique, min .., mean ..`."""
    if "all distinct" in rest:
        unique: int | None = rows
    elif "constant" in rest:
        unique = 1
    else:
        m = _UNIQUE.search(rest)
        unique = _int(m[1]) if m else None
    missing = _MISSING.search(rest)
    mean = _MEAN.search(rest)
    low = _MIN.search(rest)
    top: tuple[str, ...] = ()
    counts: tuple[int, ...] = ()
    m_top = _TOP.search(rest)
    if m_top:
        pairs = re.findall(r'"((?:[^"\\]|\\.)*)" \(([\d,]+)\)', rest)
        top = tuple(label for label, _ in pairs) or (m_top[1],)
        counts = tuple(_int(n) for _, n in pairs)
    else:
        m_values = _VALUES.search(rest)
        if m_values:
            pairs = re.findall(r"(\S+) \(([\d,]+)\)", m_values[1])
            top = tuple(label for label, _ in pairs)
            counts = tuple(_int(n) for _, n in pairs)
        else:
            m_const = _CONSTANT.search(rest)
            top = (m_const[1].rstrip(","),) if m_const else ()
    try:
        mean_value = float(mean[1]) if mean else None
        low_value = float(low[1]) if low else None
    except ValueError:
        mean_value = low_value = None
    return ColumnInfo(
        dtype,
        unique,
        missing=_int(missing[1]) if missing else 0,
        mean=mean_value,
        top=top,
        counts=counts,
        low=low_value,
        distinct="all distinct" in rest,
        decimals=_decimals_of(rest),
    )


def _decimals_of(rest: str) -> int | None:
    found = re.findall(r"\b(?:min|max) -?\d+(?:\.(\d+))?(?![\de])", rest)
    return max((len(d) for d in found), default=None) if found else None


def _int(text: str) -> int:
    return int(text.replace(",", ""))
