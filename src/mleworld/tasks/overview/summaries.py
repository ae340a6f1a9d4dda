"""What was learned about one file, computed once and rendered at several detail levels.

Owns the plain records the readers fill in (`tables`: Table and Column;
`structure`: Json and Shape, Text, Arrays; either: Problem) and `render` turns
into text. No reading and no wording here.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Column:
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
class Table:
    fmt: str  # CSV | TSV | Parquet
    rows: int
    exact: bool
    columns: list[Column]
    sampled: int = 0  # rows the statistics come from when fewer than all
    notes: list[str] = field(default_factory=list)


@dataclass
class Shape:
    """The merged structure of JSON values seen at one place in a document."""

    types: dict[str, int] = field(default_factory=dict)
    keys: dict[str, Shape] = field(default_factory=dict)
    key_seen: dict[str, int] = field(default_factory=dict)
    objects: int = 0
    map_keys: int = 0  # objects with many keys are treated as maps: key count
    map_examples: list[str] = field(default_factory=list)
    map_values: Shape | None = None
    len_min: int = -1
    len_max: int = -1
    items: Shape | None = None
    example: str = ""

    def is_only(self, name: str) -> bool:
        """Every value seen here has JSON type `name`."""
        return list(self.types) == [name]

    def is_optional(self, key: str) -> bool:
        """Some objects seen here lack `key`."""
        return self.key_seen[key] < self.objects


@dataclass
class Json:
    shape: Shape
    lines: bool  # JSON lines (shape is of one record)
    records: int = 0
    partial: str = ""  # why only part of the file was examined
    bad_lines: int = 0


@dataclass
class Text:
    size: int
    text: str  # the first few KB, decoded with replacement
    lines: int


@dataclass
class Arrays:
    arrays: list[tuple[str, str, tuple[int, ...]]]  # (name, dtype, shape)
    total: int


@dataclass
class Problem:
    message: str
    head: str = ""


Summary = Table | Json | Text | Arrays | Problem
