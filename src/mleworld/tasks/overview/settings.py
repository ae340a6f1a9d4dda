"""The overview's limits and the file types it recognises.

Owns the tunable numbers (rows sampled, files described, bytes read) and the
suffix tables that decide what kind of section a file gets. It reads no files.
"""

from __future__ import annotations

SAMPLE_ROWS = 5000  # rows of a table read for column statistics
MAX_CHILDREN = 30  # a folder with more entries is summarised, not listed
MAX_DESCRIBED = 40  # data files that get a section of their own
SMALL_TEXT_BYTES = 2000  # text files up to this size are shown in full
JSON_READ_BYTES = 1 << 20  # bounded read of JSON / JSON-lines files
LINE_COUNT_CAP = 1 << 30  # bytes counted exactly; past this, rows are estimated
CHUNK = 1 << 20  # bytes read at a time when streaming

TABLE_SUFFIXES = (".csv", ".tsv", ".csv.gz", ".tsv.gz")
PARQUET_SUFFIXES = (".parquet", ".pq")
JSON_SUFFIXES = (".json",)
JSONL_SUFFIXES = (".jsonl", ".ndjson")
SHOWN_TEXT_SUFFIXES = (".txt", ".md", ".rst", ".yaml", ".yml", ".ini", ".cfg", ".toml")
ARRAY_SUFFIXES = (".npy", ".npz")
LINE_COUNTED_SUFFIXES = (
    (".csv", ".tsv", ".json", ".jsonl", ".ndjson", ".xml", ".html", ".htm", ".py", ".r")
    + (".sql", ".sh", ".log", ".tex", ".svg", ".srt", ".vtt", ".conll")
    + SHOWN_TEXT_SUFFIXES
)

_KINDS = (
    ("table", TABLE_SUFFIXES),
    ("parquet", PARQUET_SUFFIXES),
    ("json", JSON_SUFFIXES),
    ("jsonl", JSONL_SUFFIXES),
    ("text", SHOWN_TEXT_SUFFIXES),
    ("array", ARRAY_SUFFIXES),
)


def has_suffix(name: str, suffixes: tuple[str, ...]) -> bool:
    return name.lower().endswith(suffixes)


def file_kind(rel: str) -> str | None:
    """table | parquet | json | jsonl | text | array, or None for a file without a section."""
    for kind, suffixes in _KINDS:
        if has_suffix(rel, suffixes):
            return kind
    return None
