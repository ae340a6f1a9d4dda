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

This module owns the entry points and which reader describes which file; the
pieces live in `tree` (walk, sizes, line counts), `tables` (CSV/TSV/Parquet column
statistics), `structure` (JSON, JSON lines, text, arrays), `render` (wording,
detail levels, the budget), with `summaries`, `formatting` and `settings` shared.
It does not know about tasks beyond `resolve_data_dir` (a task dir -> its public/).
"""

from __future__ import annotations

from pathlib import Path

from mleworld.errors import MleWorldError
from mleworld.tasks.overview.formatting import one_line
from mleworld.tasks.overview.render import render_within
from mleworld.tasks.overview.settings import (
    JSON_READ_BYTES,
    LINE_COUNT_CAP,
    MAX_CHILDREN,
    MAX_DESCRIBED,
    SAMPLE_ROWS,
    SMALL_TEXT_BYTES,
    file_kind,
)
from mleworld.tasks.overview.structure import (
    describe_arrays,
    describe_json,
    describe_jsonl,
    describe_text,
)
from mleworld.tasks.overview.summaries import Problem, Summary
from mleworld.tasks.overview.tables import describe_csv, describe_parquet
from mleworld.tasks.overview.tree import all_dirs, count_lines, describe_targets, scan


def resolve_data_dir(path: Path) -> Path:
    """The folder to describe: a task dir's public/, or `path` itself."""
    path = _existing_dir(path)
    if (path / "task.yaml").is_file() and (path / "public").is_dir():
        return path / "public"
    return path


def data_overview(input_dir: Path, budget_chars: int = 6000) -> str:
    """Describe the files under `input_dir` in at most `budget_chars` characters."""
    root = _existing_dir(input_dir)
    if budget_chars < 1:
        raise MleWorldError(
            f"overview budget must be a positive number of characters, got {budget_chars}"
        )
    tree = scan(root, root, set())
    counted = {f.rel: f.lines for d in all_dirs(tree) for f in d.files if f.lines is not None}
    summaries = {
        rel: describe_file(root / rel, rel, counted.get(rel)) for rel in describe_targets(tree)
    }
    return render_within(tree, summaries, budget_chars)


def describe_file(path: Path, rel: str, lines: tuple[int, bool] | None) -> Summary:
    """One file's summary; `lines` is its line count when the tree already has it."""
    kind = file_kind(rel)
    try:
        if kind == "table":
            return describe_csv(path, lines)
        if kind == "parquet":
            return describe_parquet(path)
        if kind == "json":
            return describe_json(path)
        if kind == "jsonl":
            return describe_jsonl(path, lines)
        if kind == "array":
            return describe_arrays(path)
        return describe_text(path, lines)
    except OSError as exc:
        return Problem(f"unreadable: {exc.strerror or type(exc).__name__}")
    except Exception as exc:  # any parser failure on odd data is reported, not raised
        return Problem(f"could not parse: {one_line(exc, path, rel)}")


def _existing_dir(path: Path) -> Path:
    path = Path(path)
    if not path.is_dir():
        raise MleWorldError(f"data directory not found: {path}; pass an existing directory")
    return path


__all__ = [
    "JSON_READ_BYTES",
    "LINE_COUNT_CAP",
    "MAX_CHILDREN",
    "MAX_DESCRIBED",
    "SAMPLE_ROWS",
    "SMALL_TEXT_BYTES",
    "count_lines",
    "data_overview",
    "resolve_data_dir",
]
