"""How many programs run on this machine now, across every mleworld process, and the thread cap that follows.

Two `mleworld exec`, two agents, a synthesis and a test suite side by side must
see each other, or each gives its programs every core and the machine runs
cores × programs threads; OpenMP threads that wait for a core someone else
holds make a program hundreds of times slower. So each run holds an exclusive
`flock` on its own file in one machine-wide folder for as long as it runs, and
the count of running programs is the number of files whose lock is held.

- The folder is `$MLEWORLD_RUNS_DIR`, else `<tmp>/mleworld-running`: machine-wide
  rather than under `$MLEWORLD_HOME`, because two users or two homes on one
  machine still share its cores. It is created world-writable and sticky (like
  /tmp) so every user's runs count.
- A process that dies, even by SIGKILL, drops its lock with its file descriptor;
  a file nobody holds is stale and is removed by whoever counts next.
- A slot file is created under a hidden name, locked, then renamed into view,
  so a counter never sees a new file before its lock is held.

This module owns the slot files, the count and the cap arithmetic. Applying the
cap to a program's environment is sandbox.py's job.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

RUNS_DIR_VAR = "MLEWORLD_RUNS_DIR"
_SUFFIX = ".run"
_HIDDEN_STALE_S = 60.0  # a hidden file this old belongs to a process that died mid-rename


def runs_dir() -> Path:
    env = os.environ.get(RUNS_DIR_VAR)
    return Path(env).expanduser() if env else Path(tempfile.gettempdir()) / "mleworld-running"


def machine_cores() -> int:
    """The cores this process may run on (its CPU affinity, which containers narrow)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def thread_cap(cores: int, running: int) -> int:
    """Threads for one program: an even share of the cores among the programs running."""
    return max(1, cores // max(1, running))


def count_running(folder: Path | None = None) -> int:
    """Programs running now: slot files whose lock is held. Removes stale ones."""
    folder = runs_dir() if folder is None else folder
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    running = 0
    for entry in entries:
        if entry.name.startswith("."):
            _drop_if_old(entry)
            continue
        if not entry.name.endswith(_SUFFIX):
            continue
        if _held(entry.path):
            running += 1
        else:
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
    return running


def _held(path: str) -> bool:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return False  # removed while we looked: its run has ended
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
    return False


def _drop_if_old(entry: os.DirEntry[str]) -> None:
    with contextlib.suppress(OSError):
        if time.time() - entry.stat(follow_symlinks=False).st_mtime > _HIDDEN_STALE_S:
            os.unlink(entry.path)


@dataclass(frozen=True)
class RunSlot:
    """This run's place in the machine-wide count, held from `claim` to `release`."""

    path: Path | None  # None when the folder could not be used (the run is then not counted)
    fd: int | None
    running: int  # programs running when this one started, itself included
    cores: int

    @property
    def threads(self) -> int:
        return thread_cap(self.cores, self.running)

    def release(self) -> None:
        if self.path is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.path)
        if self.fd is not None:
            with contextlib.suppress(OSError):
                os.close(self.fd)


def claim(folder: Path | None = None) -> RunSlot:
    """Register one running program and count the others. Never fails a run: without a
    usable folder the program runs uncounted, as if it were alone."""
    folder = runs_dir() if folder is None else folder
    cores = machine_cores()
    name = f"{os.getpid()}-{uuid.uuid4().hex[:12]}{_SUFFIX}"
    hidden, visible = folder / f".{name}", folder / name
    fd: int | None = None
    try:
        _ensure_folder(folder)
        fd = os.open(hidden, os.O_CREAT | os.O_EXCL | os.O_RDWR | os.O_CLOEXEC, 0o644)
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        os.rename(hidden, visible)
    except OSError:
        if fd is not None:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(hidden)
        return RunSlot(None, None, running=1, cores=cores)
    return RunSlot(visible, fd, running=max(1, count_running(folder)), cores=cores)


def _ensure_folder(folder: Path) -> None:
    if folder.is_dir():
        return
    folder.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(OSError):  # someone else's folder: it works as it is
        os.chmod(folder, 0o1777)


def load_1m() -> float | None:
    """The machine's one-minute load average (None where the OS does not report it)."""
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return None
