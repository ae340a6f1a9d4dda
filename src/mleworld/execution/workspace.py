"""The directory one program runs in, and its removal afterwards.

A workspace is a fresh directory outside the task dir::

    <workspace>/
      runfile.py     the program
      input/         the task's public/ files (never private/), read-only
      submission/    where the program writes submission.csv
      working/       scratch space for the program

How ``input/`` is filled depends on the isolation mechanism: under bubblewrap it
is a read-only bind of ``public/`` made at launch (nothing is copied; a workspace
that will be kept also gets hard links, hidden under the bind during the run); as ``nobody`` it holds hard links to
files nobody may write (copies otherwise); under Landlock or no isolation the
program runs as the file owner, so it gets read-only copies (reflinks where the
file system can) and a buggy program cannot corrupt the task's data.

This module owns making, filling and removing workspaces. Choosing the mechanism
is isolation.py's job; running the program is sandbox.py's.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import shutil
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mleworld.errors import MleWorldError, TaskError
from mleworld.execution.isolation import (
    ExecutorError,
    Isolation,
    RunPaths,
    lock_private_dirs,
)

PROGRAM_FILE = "runfile.py"
INPUT_DIR, SUBMISSION_DIR, WORKING_DIR = "input", "submission", "working"
SUBMISSION_FILE = "submission.csv"
_FICLONE = 0x40049409  # ioctl: copy-on-write clone (btrfs, xfs, ...)


@dataclass
class Workspace:
    """One run's directories and how to clean them up."""

    paths: RunPaths
    source: Path | None  # the dir whose files are input/ (public/ or a data dir)
    owned: bool  # we made the directory (so we may remove it)

    @property
    def root(self) -> Path:
        return self.paths.workspace

    @property
    def submission_path(self) -> Path:
        return self.root / SUBMISSION_DIR / SUBMISSION_FILE


def prepare_workspace(
    program: str,
    iso: Isolation,
    *,
    source: Path | None,
    protect: tuple[Path, ...],
    private_dirs: tuple[Path, ...],
    workspace: Path | None = None,
    keep: bool = False,
) -> Workspace:
    """Make the workspace for one run of `program` with `source`'s files as input/.

    A given `workspace` is always kept; `keep` says whether a temporary one will be.
    """
    if source is not None and not source.is_dir():
        raise TaskError(f"data dir {source} does not exist; pass the task's public/ directory")
    owned = workspace is None
    try:
        root = _make_root(workspace, protect)
    except OSError as exc:
        raise ExecutorError(f"cannot create a workspace: {exc}") from None
    scratch: Path | None = None
    try:
        for name in (INPUT_DIR, SUBMISSION_DIR, WORKING_DIR):
            (root / name).mkdir()
        (root / PROGRAM_FILE).write_text(program, encoding="utf-8")
        if iso.mechanism != "bwrap":
            scratch = Path(tempfile.mkdtemp(prefix="mleworld-scratch-"))
            (scratch / "home").mkdir()
            (scratch / "tmp").mkdir()
        if source is not None:
            if iso.mechanism == "bwrap":
                if keep or not owned:
                    _fill_input(source, root / INPUT_DIR, _link_or_copy)
            elif iso.mechanism == "user":
                _fill_input(source, root / INPUT_DIR, _link_unless_writable(iso))
            else:
                _fill_input(source, root / INPUT_DIR, _copy_read_only)
        if iso.mechanism == "user":
            lock_private_dirs(iso, private_dirs)
            for path in (root, root / SUBMISSION_DIR, root / WORKING_DIR, root / PROGRAM_FILE):
                os.chown(path, iso.uid or 0, iso.gid or 0)
            assert scratch is not None
            for path in (scratch, scratch / "home", scratch / "tmp"):
                os.chown(path, iso.uid or 0, iso.gid or 0)
    except BaseException as exc:
        if scratch is not None:
            remove_tree(scratch)
        if owned:
            remove_tree(root)
        if isinstance(exc, OSError):
            raise ExecutorError(f"cannot fill the workspace {root}: {exc}") from None
        raise
    input_source = source if iso.mechanism == "bwrap" else None
    paths = RunPaths(root, input_source, protect, scratch)
    return Workspace(paths=paths, source=source, owned=owned)


def finish_workspace(ws: Workspace, keep: bool) -> None:
    """Remove the scratch dir; remove the workspace unless kept (a given workspace is kept)."""
    if ws.paths.scratch is not None:
        remove_tree(ws.paths.scratch)
    if ws.owned and not keep:
        remove_tree(ws.root)


def _make_root(workspace: Path | None, protect: tuple[Path, ...]) -> Path:
    if workspace is None:
        root = Path(tempfile.mkdtemp(prefix="mleworld-run-"))
    else:
        root = workspace.expanduser().absolute()
        if root.exists() and (not root.is_dir() or any(root.iterdir())):
            raise MleWorldError(
                f"workspace {root} is not an empty directory; pass a new or empty one"
            )
        root.mkdir(parents=True, exist_ok=True)
    real = os.path.realpath(root)
    for guarded in protect:
        g = os.path.realpath(guarded)
        if real == g or real.startswith(g.rstrip("/") + "/"):
            if workspace is None:
                shutil.rmtree(root, ignore_errors=True)
            raise MleWorldError(
                f"workspace {root} is inside {guarded}, which programs must not see; "
                "choose a workspace outside the task directory (or set TMPDIR elsewhere)"
            )
    os.chmod(root, 0o755)
    return root


# ---------------------------------------------------------------------------
# Filling input/

Placer = Callable[[Path, Path], None]


def _fill_input(source: Path, target: Path, place: Placer) -> None:
    """Mirror `source` into `target` with `place(src_file, dst_file)`; dirs end read-only."""
    base = source.resolve()
    made: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(base):
        here = Path(dirpath)
        out = target / here.relative_to(base)
        out.mkdir(exist_ok=True)
        made.append(out)
        for name in list(dirnames):
            if (here / name).is_symlink():
                dirnames.remove(name)
                filenames.append(name)  # a linked dir is placed through its target below
        for name in filenames:
            src = here / name
            real = src.resolve()
            if real != base and base not in real.parents:
                raise TaskError(
                    f"{src} links to {real}, outside {base}; public files must live inside it"
                )
            if real.is_dir():
                _fill_input(real, out / name, place)
            elif real.is_file():
                place(real, out / name)
    for directory in reversed(made):
        os.chmod(directory, 0o555)


def _link_or_copy(src: Path, dst: Path) -> None:
    try:
        os.link(src, dst)
    except OSError:
        _copy_read_only(src, dst)


def _copy_read_only(src: Path, dst: Path) -> None:
    _clone_or_copy(src, dst)
    os.chmod(dst, 0o444)


def _link_unless_writable(iso: Isolation) -> Placer:
    """For the `nobody` user: share the inode only when nobody can't write or can't read it."""

    def place(src: Path, dst: Path) -> None:
        mode = src.stat().st_mode
        if mode & stat.S_IROTH and not mode & stat.S_IWOTH:
            try:
                os.link(src, dst)
                return
            except OSError:
                pass
        _clone_or_copy(src, dst)
        os.chown(dst, 0, iso.gid or 0)
        os.chmod(dst, 0o444)

    return place


def _clone_or_copy(src: Path, dst: Path) -> None:
    with open(src, "rb") as fin, open(dst, "wb") as fout:
        try:
            fcntl.ioctl(fout.fileno(), _FICLONE, fin.fileno())
            return
        except OSError as exc:
            if exc.errno not in (errno.EOPNOTSUPP, errno.EXDEV, errno.EINVAL, errno.ENOTTY):
                raise
    shutil.copyfile(src, dst)


# ---------------------------------------------------------------------------
# Removal


def remove_tree(path: Path) -> None:
    """Best-effort rmtree that also gets through dirs made read-only (input/, or by the program)."""
    if not os.path.lexists(path):
        return
    if os.geteuid() != 0 and os.path.isdir(path) and not os.path.islink(path):
        # Without root, a dir without write permission keeps its entries: open them all up.
        with contextlib.suppress(OSError):
            os.chmod(path, 0o700)
        for dirpath, dirnames, _ in os.walk(path):
            for name in dirnames:
                child = os.path.join(dirpath, name)
                if not os.path.islink(child):
                    with contextlib.suppress(OSError):
                        os.chmod(child, 0o700)
    shutil.rmtree(path, ignore_errors=True)
