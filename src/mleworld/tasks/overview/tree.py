"""The file tree of a data folder, and bounded reads of the files in it.

Owns the walk (natural order, sizes, link loops, unreadable entries), per-folder
totals by extension (what a summarised folder says), which files get a section
of their own, and the streaming byte-level reads the readers share: line counts
(exact up to a cap, estimated past it, also through gzip) and a file's first bytes.
It does not parse file contents; `tables` and `structure` do.
"""

from __future__ import annotations

import gzip
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any, BinaryIO

from mleworld.tasks.overview.settings import (
    CHUNK,
    LINE_COUNT_CAP,
    LINE_COUNTED_SUFFIXES,
    MAX_CHILDREN,
    MAX_DESCRIBED,
    file_kind,
    has_suffix,
)


@dataclass
class File:
    rel: str
    size: int
    lines: tuple[int, bool] | None = None  # count_lines() of a text file
    error: str | None = None


@dataclass
class Dir:
    rel: str
    files: list[File] = field(default_factory=list)
    dirs: list[Dir] = field(default_factory=list)
    collapsed: bool = False
    loop: bool = False  # a link back to a folder already scanned
    # totals over the whole subtree
    n_files: int = 0
    n_dirs: int = 0
    size: int = 0
    by_ext: dict[str, int] = field(default_factory=dict)
    first_of_ext: dict[str, str] = field(default_factory=dict)


def scan(root: Path, path: Path, seen: set[tuple[int, int]]) -> Dir:
    """The tree under `path` (relative to `root`); `seen` holds folders already walked."""
    rel = path.relative_to(root).as_posix() if path != root else ""
    node = Dir(rel)
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
            sub = scan(root, child, seen)
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
            f = File(child_rel, size)
        except OSError as exc:
            f = File(child_rel, 0, error=exc.strerror or type(exc).__name__)
        node.files.append(f)
        node.n_files += 1
        node.size += f.size
        ext = _ext(child.name)
        node.by_ext[ext] = node.by_ext.get(ext, 0) + 1
        node.first_of_ext.setdefault(ext, child_rel)
    if not node.collapsed:
        for f in node.files:
            if f.error is None and has_suffix(f.rel, LINE_COUNTED_SUFFIXES):
                f.lines = _count_lines_safe(root / f.rel)
    return node


def _ext(name: str) -> str:
    suffix = Path(name).suffix.lower()
    return suffix if suffix else "(no extension)"


def _name_key(name: str) -> tuple[tuple[Any, ...], str]:
    """Natural order (f2 before f10), ties broken by the plain name."""
    parts = re.split(r"(\d+)", name)
    return tuple(int(p) if i % 2 else p for i, p in enumerate(parts)), name


def all_dirs(node: Dir) -> Iterator[Dir]:
    yield node
    for d in node.dirs:
        yield from all_dirs(d)


def _describable(node: Dir) -> Iterator[str]:
    """Listed files that get a section, breadth-first (top-level files come first)."""
    queue = [node]
    while queue:
        current = queue.pop(0)
        if current.collapsed:
            continue
        for f in current.files:
            if f.error is None and file_kind(f.rel) is not None:
                yield f.rel
        queue.extend(current.dirs)


def describe_targets(tree: Dir) -> list[str]:
    """Files to describe: listed data files (top levels first), then one file per
    type from each folder, which stands for the folder when it is summarised."""
    listed = list(islice(_describable(tree), MAX_DESCRIBED))
    stand_ins_ = [rel for d in all_dirs(tree) for _, rel in stand_ins(d)]
    return list(dict.fromkeys(listed + stand_ins_[:MAX_DESCRIBED]))


def stand_ins(d: Dir) -> list[tuple[str, str]]:
    """(extension, first such file) for the describable file types in a folder."""
    return [(ext, rel) for ext, rel in sorted(d.first_of_ext.items()) if file_kind(rel) is not None]


# ---------------------------------------------------------------------------
# Bounded reads


def count_lines(path: Path, cap_bytes: int = LINE_COUNT_CAP) -> tuple[int, bool]:
    """Lines in a text file (a last line without a newline counts), streaming bytes.

    Returns (lines, exact). Past `cap_bytes` the count is extrapolated from the
    bytes read and `exact` is False.
    """
    size = path.stat().st_size
    with path.open("rb") as fh:
        newlines, read, last, _ = _stream_newlines(fh, cap_bytes)
    if read < size:
        return round(newlines * size / read), False
    return _with_last_line(newlines, last), True


def count_gzip_lines(path: Path) -> tuple[int, bool]:
    """count_lines() of a gzipped file's contents; past the cap, estimated from the
    share of compressed bytes consumed."""
    with path.open("rb") as raw, gzip.GzipFile(fileobj=raw) as fh:
        newlines, _, last, at_end = _stream_newlines(fh, LINE_COUNT_CAP)
        if at_end:
            return _with_last_line(newlines, last), True
        fraction = raw.tell() / max(path.stat().st_size, 1)
    return round(newlines / max(fraction, 1e-9)), False


def _stream_newlines(fh: BinaryIO, cap_bytes: int) -> tuple[int, int, bytes, bool]:
    """(newlines, bytes read, last byte read, whether the end was seen) over at most
    `cap_bytes` of `fh`, read in chunks."""
    newlines = 0
    read = 0
    last = b""
    while read < cap_bytes:
        chunk = fh.read(min(CHUNK, cap_bytes - read))
        if not chunk:
            return newlines, read, last, True
        newlines += chunk.count(b"\n")
        read += len(chunk)
        last = chunk[-1:]
    return newlines, read, last, False


def _with_last_line(newlines: int, last: bytes) -> int:
    """Lines, counting a last line that has no newline after it."""
    return newlines + (1 if last not in (b"", b"\n") else 0)


def _count_lines_safe(path: Path) -> tuple[int, bool] | None:
    try:
        return count_lines(path)
    except OSError:
        return None


def trailing_blank_lines(path: Path) -> int:
    """Empty lines at the end of a plain file (pandas skips them; the count does not)."""
    size = path.stat().st_size
    with path.open("rb") as fh:
        fh.seek(max(0, size - 4096))
        tail = fh.read()
    stripped = tail.rstrip(b"\r\n")
    extra = tail[len(stripped) :].count(b"\n") - 1
    return max(extra, 0)


def head_bytes(path: Path, n: int) -> bytes:
    """The first `n` bytes of a file (of its contents, for a .gz file)."""
    opener = gzip.open if path.name.lower().endswith(".gz") else open
    with opener(path, "rb") as fh:
        return fh.read(n)
