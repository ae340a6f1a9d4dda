"""Writing a file so that a reader sees the old content or the new, never half of either.

Everything mleworld writes for others to read — task.yaml, run configs, reports,
results, corpus manifests and exports, vocabularies, calibrations — is written
to a temporary sibling and moved into place with `os.replace`, which is atomic
on one filesystem. The temporary name carries the process and the thread, so
two writers of the same file never share one; a failed write removes it and
leaves the old file as it was. `durable=True` also fsyncs the file and its
folder, for state that must survive a power cut (the corpus' shards and
manifest), at the price of a disk flush.

`replace_directory` does the same for a folder written under a staging name
(a trained model, a checkpoint).

This module is the one owner of that recipe.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any


def temp_sibling(path: Path) -> Path:
    """A temporary name next to `path`, unique to this process and thread, hidden by a dot."""
    return path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")


def fsync_dir(path: Path) -> None:
    """Flush a folder's entries (a rename in it) to disk, where the platform allows it."""
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


@contextlib.contextmanager
def atomic_output(
    path: str | os.PathLike[str], mode: str = "w", *, durable: bool = False
) -> Iterator[IO[Any]]:
    """A handle to write `path` through: moved into place when the block ends without an error.

    `mode` is "w" (text, UTF-8) or "wb". On an error in the block, the temporary
    file is removed and `path` keeps its old content (or stays absent).
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"atomic_output writes with mode 'w' or 'wb', not {mode!r}")
    target = Path(path)
    tmp = temp_sibling(target)
    try:
        encoding = "utf-8" if mode == "w" else None
        with open(tmp, mode, encoding=encoding) as handle:
            yield handle
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    if durable:
        fsync_dir(target.parent)


def atomic_write_text(path: str | os.PathLike[str], text: str, *, durable: bool = False) -> Path:
    """Write `text` (UTF-8) to `path` atomically; the path."""
    with atomic_output(path, "w", durable=durable) as handle:
        handle.write(text)
    return Path(path)


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes, *, durable: bool = False) -> Path:
    """Write `data` to `path` atomically; the path."""
    with atomic_output(path, "wb", durable=durable) as handle:
        handle.write(data)
    return Path(path)


def atomic_copy(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> Path:
    """Copy `source` to `target` atomically; the target."""
    destination = Path(target)
    with atomic_output(destination, "wb") as handle, open(source, "rb") as original:
        shutil.copyfileobj(original, handle)
    return destination


def replace_directory(staging: Path, target: Path) -> None:
    """Put the folder `staging` at `target` in one rename; an old `target` is moved aside, then removed.

    A reader sees the old folder or the new one whole; between the two renames
    `target` is briefly absent, never half-written.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists():
        old = target.with_name(f".{target.name}.old-{os.getpid()}-{threading.get_ident()}")
        shutil.rmtree(old, ignore_errors=True)
        os.replace(target, old)
        os.replace(staging, target)
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.replace(staging, target)


__all__ = [
    "atomic_copy",
    "atomic_output",
    "atomic_write_bytes",
    "atomic_write_text",
    "fsync_dir",
    "replace_directory",
    "temp_sibling",
]
