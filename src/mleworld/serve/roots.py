"""Which tasks and data folders a request may name: only those under the server's data roots.

A server started with `--data-root DIR` (repeatable) serves the task folders
and data folders inside those roots; without one it serves the bundled suite
(tasks by name, prepared into the cache on first use). Anything else is 403:
`..` climbing out, a symlink pointing out (paths are resolved before the
check), an absolute path elsewhere, and any task's `private/` folder, which no
program may read. A relative path is taken inside each root in turn.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mleworld.errors import MleWorldError
from mleworld.serve.errors import RequestError

TASK_FILE = "task.yaml"
PRIVATE = "private"


class DataRoots:
    """The folders a server may read tasks and data from (see the module docstring)."""

    def __init__(self, roots: Sequence[str | os.PathLike[str]] | None = None) -> None:
        self.suite = not roots
        if roots:
            resolved = []
            for root in roots:
                path = Path(root).expanduser()
                if not path.is_dir():
                    raise MleWorldError(f"--data-root {path} is not a directory; pass a folder")
                resolved.append(path.resolve())
            self.roots = resolved
        else:
            from mleworld.tasks.suite import cache_dir

            self.roots = [cache_dir("x").parent.resolve()]

    def describe(self) -> list[str]:
        return ["bundled suite"] if self.suite else [str(root) for root in self.roots]

    def _inside(self, path: Path) -> Path | None:
        """The root holding `path` (already resolved), or None."""
        for root in self.roots:
            if path == root or root in path.parents:
                return root
        return None

    def _resolve(self, spec: str, what: str) -> Path:
        if not spec or "\x00" in spec:
            raise RequestError(400, f"'{what}' must be a non-empty path or name")
        raw = Path(spec).expanduser()
        candidates = [raw] if raw.is_absolute() else [root / raw for root in self.roots]
        for candidate in candidates:
            resolved = candidate.resolve()
            root = self._inside(resolved)
            if root is None:
                continue
            if PRIVATE in resolved.relative_to(root).parts:
                raise RequestError(
                    403,
                    f"'{what}' {spec!r} is inside a task's private/ folder; programs never read it",
                )
            if resolved.exists():
                return resolved
        if any(self._inside(c.resolve()) is None for c in candidates):
            raise RequestError(
                403,
                f"'{what}' {spec!r} is outside the server's data roots "
                f"({', '.join(self.describe())}); name a folder inside them",
            )
        raise RequestError(404, f"'{what}' {spec!r} does not exist under the server's data roots")

    def task(self, spec: str) -> Any:
        """The Task a request names: a suite name (suite mode), or a task folder under a root."""
        from mleworld.tasks.task import load_task

        if self.suite and "/" not in spec and spec not in (".", ".."):
            from mleworld.tasks.suite import prepare_suite_task, suite_names

            if spec in suite_names():
                return load_task(prepare_suite_task(spec))
        path = self._resolve(spec, "task")
        if not (path / TASK_FILE).is_file():
            raise RequestError(404, f"'task' {spec!r} is not a task folder (no {TASK_FILE})")
        try:
            return load_task(path)
        except MleWorldError as exc:
            raise RequestError(422, f"task {spec!r} cannot be loaded: {exc}") from None

    def data_dir(self, spec: str) -> Path:
        path = self._resolve(spec, "data_dir")
        if not path.is_dir():
            raise RequestError(400, f"'data_dir' {spec!r} is not a folder")
        return path
