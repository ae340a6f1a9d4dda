"""Short, stable text for numbers, sizes and strings, shared by readers and rendering.

Owns the wording rules every section follows (thousands separators, plurals,
binary size units, clipped and quoted strings, one-line error messages). It
knows nothing about files or data.
"""

from __future__ import annotations

import json
from pathlib import Path


def clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: max(n - 3, 0)] + "..."


def quote(text: str, n: int) -> str:
    """`text` clipped to `n` characters, as a JSON string literal."""
    return json.dumps(clip(text, n), ensure_ascii=False)


def plural(n: int, word: str) -> str:
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"


def human(n: int) -> str:
    """A byte count in B, KB, MB, GB or TB (powers of 1024)."""
    value = float(n)
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if value < 1024 or unit == "TB":
            return f"{int(value)} B" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{n} B"


def one_line(exc: BaseException, path: Path, rel: str) -> str:
    """An exception's first line, with the absolute path replaced by `rel`."""
    message = str(exc).replace(str(path), rel).strip().splitlines()
    text = message[0] if message else type(exc).__name__
    for prefix in ("Error tokenizing data. C error: ",):
        text = text.removeprefix(prefix)
    return clip(text, 160)
