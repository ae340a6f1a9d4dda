"""Putting a newly built task directory in place, whole or not at all.

A task is built in a hidden sibling directory (`staged_directory`) and swapped
in for the output only once every file is written, so a failure never leaves a
half-written task behind; `require_valid` then runs the task checks on the
result. This module does not decide what a task holds (factory.py) or what the
checks are (validation.py).
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from mleworld.errors import TaskError

__all__ = ["require_valid", "staged_directory"]


@contextmanager
def staged_directory(out: Path) -> Iterator[Path]:
    """A fresh directory beside `out` to build into; on success it replaces `out`.

    On any error (interrupts included) the staged directory is removed and `out`
    is left as it was.
    """
    out.parent.mkdir(parents=True, exist_ok=True)
    build = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        yield build
        if out.exists():
            shutil.rmtree(out)
        build.replace(out)
    except BaseException:
        shutil.rmtree(build, ignore_errors=True)
        raise


def require_valid(out: Path) -> None:
    """Raise TaskError listing every check the task at `out` fails."""
    from mleworld.tasks.validation import validate_task

    problems = validate_task(out)
    if problems:
        raise TaskError(
            f"task written to {out} failed {len(problems)} check(s): " + "; ".join(problems)
        )
