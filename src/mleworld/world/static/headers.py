"""The column names pandas gives a CSV file, read from its header line only.

`read_header` parses the first record the way `pd.read_csv` names columns: a
UTF-8 byte-order mark dropped, quotes honoured, an empty name becoming
"Unnamed: i", a repeated name "name.1", "name.2". Results are cached per path,
modification time and size, so a file read by many programs is parsed once.
"""

from __future__ import annotations

import csv
import threading
from pathlib import Path

_CACHE: dict[tuple[str, int, int, str], list[str] | None] = {}
_LOCK = threading.Lock()
_MAX_CACHED = 4096


def read_header(path: Path, sep: str = ",") -> list[str] | None:
    """The column names of the CSV at `path`, or None when it has no readable header."""
    try:
        stat = path.stat()
    except OSError:
        return None
    key = (str(path), stat.st_mtime_ns, stat.st_size, sep)
    with _LOCK:
        if key in _CACHE:
            cached = _CACHE[key]
            return list(cached) if cached is not None else None
    names = _parse(path, sep)
    with _LOCK:
        if len(_CACHE) >= _MAX_CACHED:
            _CACHE.clear()
        _CACHE[key] = names
    return list(names) if names is not None else None


def _parse(path: Path, sep: str) -> list[str] | None:
    try:
        with open(path, newline="", encoding="utf-8-sig", errors="replace") as fh:
            row = next(csv.reader(fh, delimiter=sep), None)
    except (OSError, csv.Error, UnicodeError):
        return None
    if not row:
        return None
    return dedupe(row)


def dedupe(row: list[str]) -> list[str]:
    """pandas' names for a header row: blanks named by position, repeats numbered."""
    names = [name if name != "" else f"Unnamed: {i}" for i, name in enumerate(row)]
    seen: dict[str, int] = {}
    taken = set(names)
    out = []
    for name in names:
        count = seen.get(name, 0)
        if count:
            candidate = f"{name}.{count}"
            while candidate in taken:
                count += 1
                candidate = f"{name}.{count}"
            taken.add(candidate)
            seen[name] = count + 1
            out.append(candidate)
        else:
            seen[name] = 1
            out.append(name)
    return out
