"""Strategies shared by the fuzz targets: random bytes and text, and ways to damage a file."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from hypothesis import strategies as st

# Text that breaks parsers: control characters, surrogates excluded (files hold UTF-8).
ANY_TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=400)
# Short printable words, the stuff of labels, column names and keys.
WORDS = st.text(st.characters(min_codepoint=32, max_codepoint=126), min_size=0, max_size=12)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    WORDS,
    ANY_TEXT,
)
# Values of any JSON/YAML shape, a few levels deep.
NESTED = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(WORDS, inner, max_size=4)),
    max_leaves=12,
)


@st.composite
def damage(draw: st.DrawFn, data: bytes) -> bytes:
    """`data` cut short, overwritten in places, spliced with noise, or replaced outright."""
    how = draw(st.sampled_from(["truncate", "overwrite", "insert", "delete", "replace", "append"]))
    size = len(data)
    at = draw(st.integers(0, size))
    if how == "truncate":
        return data[:at]
    if how == "overwrite":
        patch = draw(st.binary(min_size=1, max_size=16))
        return data[:at] + patch + data[at + len(patch) :]
    if how == "insert":
        return data[:at] + draw(st.binary(min_size=1, max_size=64)) + data[at:]
    if how == "delete":
        return data[:at] + data[at + draw(st.integers(1, 64)) :]
    if how == "append":
        return data + draw(st.binary(min_size=1, max_size=64))
    return draw(st.binary(max_size=512))


def damaged_file(path: Path, change: Callable[[bytes], bytes]) -> bool:
    """Rewrite `path` through `change`; whether its bytes differ now."""
    before = path.read_bytes()
    after = change(before)
    path.write_bytes(after)
    return after != before


def deep_nesting(open_: str, close: str) -> st.SearchStrategy[str]:
    """Brackets nested hundreds to thousands deep: recursion limits, not syntax, give out."""
    return st.integers(50, 5000).map(lambda n: open_ * n + close * n)


def scratch() -> tempfile.TemporaryDirectory[str]:
    """A temporary directory in memory where there is one: thousands of examples each
    fsync a journal or rewrite a model, and a disk makes that the whole cost."""
    shm = Path("/dev/shm")
    base = str(shm) if shm.is_dir() and os.access(shm, os.W_OK) else None
    return tempfile.TemporaryDirectory(dir=base, prefix="mleworld-fuzz-")
