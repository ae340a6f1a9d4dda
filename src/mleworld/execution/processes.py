"""A running program's process tree and output, at the level of pids and pipes.

Waiting for the leader without reaping it (so its pid, which is also the
process group id, cannot be reused while we still signal the group), signalling
and killing the group, finding leftovers by group or by a marker in their
environment (daemons that called setsid), finding the strays a killed caller
left in a tree of workspaces (`kill_strays`), and capturing the merged output
with a cap that keeps its first and last halves.

This module owns those mechanics. When to wait, signal or kill, and what the
run's outcome is, is sandbox.py's decision.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import select
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

_PR_SET_PDEATHSIG = 1


def die_with_parent_hook() -> Callable[[], None]:
    """A pre-exec step: the child gets SIGKILL when the process that started it dies.

    Without it, a SIGKILLed agent leaves its running program (and bwrap) behind,
    since nothing of ours is left to kill the process group. Built before the
    fork so that the hook itself makes only one system call.
    """
    libc = ctypes.CDLL(None, use_errno=True)
    parent = os.getpid()

    def hook() -> None:
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:  # the parent died before prctl took effect
            os._exit(1)

    return hook


def die_with_parent(parent: int) -> None:
    """In a pool worker (its initializer): SIGKILL this process when `parent` dies.

    A plain function so a spawned pool can pickle it; off Linux the worker simply
    outlives a killed parent.
    """
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


def wait_exit(proc: subprocess.Popen[bytes], timeout: float | None) -> bool:
    """Wait until the leader exits, without reaping it; False on timeout."""
    if hasattr(os, "pidfd_open"):
        try:
            pidfd = os.pidfd_open(proc.pid)
        except OSError:
            pidfd = -1
        if pidfd >= 0:
            try:
                poller = select.poll()
                poller.register(pidfd, select.POLLIN)
                deadline = None if timeout is None else time.monotonic() + timeout
                while True:
                    left = None if deadline is None else max(0.0, deadline - time.monotonic())
                    if poller.poll(None if left is None else int(left * 1000) + 1):
                        return True
                    if deadline is not None and time.monotonic() >= deadline:
                        return False
            finally:
                os.close(pidfd)
    # No pidfd (old kernel): poll waitid without reaping.
    deadline = None if timeout is None else time.monotonic() + timeout
    delay = 0.001
    while True:
        if os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
            return True
        if deadline is not None and time.monotonic() >= deadline:
            return False
        time.sleep(delay)
        delay = min(delay * 2, 0.02)


def kill_group(pgid: int, sig: int = signal.SIGKILL) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, sig)


def signal_program(proc: subprocess.Popen[bytes], sig: int, *, spare_leader_child: bool) -> None:
    """Signal the program's process group.

    With `spare_leader_child` (bubblewrap), the leader and its direct children are
    spared: those are bwrap's own two processes, and if bwrap died of a SIGINT the
    sandbox would take the program down before it could print its traceback.
    """
    if not spare_leader_child:
        kill_group(proc.pid, sig)
        return
    for pid, info in _processes().items():
        if info.pgid == proc.pid and pid != proc.pid and info.ppid != proc.pid:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, sig)


@dataclass
class _ProcInfo:
    ppid: int
    pgid: int
    zombie: bool


def _processes() -> dict[int, _ProcInfo]:
    found: dict[int, _ProcInfo] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:  # no procfs (not Linux): the process-group kill is all we have
        return found
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as fh:
                raw = fh.read()
        except OSError:
            continue
        fields = raw[raw.rfind(b")") + 2 :].split()
        found[int(entry)] = _ProcInfo(int(fields[1]), int(fields[2]), fields[0] in (b"Z", b"X"))
    return found


def _environ(pid: int) -> list[bytes]:
    try:
        with open(f"/proc/{pid}/environ", "rb") as fh:
            return fh.read().split(b"\0")
    except OSError:
        return []


def _marked(pid: int, marker: bytes) -> bool:
    return marker in _environ(pid)


def kill_leftovers(pgid: int, marker: bytes) -> list[int]:
    """SIGKILL every live process of the run (its group, or carrying its marker); returns them."""
    return _kill_until_gone(lambda pid, info: info.pgid == pgid or _marked(pid, marker))


def kill_strays(root: Path, marker_var: str) -> list[int]:
    """SIGKILL what launches of ours left running in the workspaces under `root`; returns them.

    For the session that resumes a killed one. Bubblewrap sets its kill-on-parent-death
    only once its sandbox is set up, so an agent killed in those few milliseconds
    leaves bubblewrap's inner PID 1 behind, and with it a program that no time limit
    watches any more. Our launches are known by the `marker_var` entry of their
    environment (bubblewrap's processes carry it too); one belongs to `root` when an
    argument (bubblewrap names the workspace it binds) or its working directory lies
    under it. Every process carrying the run id of such a one is killed with it.
    Processes without the marker (a shell someone opened in a workspace) are left alone.
    """
    prefixes = {str(Path(root).absolute()).rstrip("/"), os.path.realpath(root).rstrip("/")}
    key = marker_var.encode() + b"="
    me = os.getpid()
    runs: set[bytes] = set()
    for pid in _processes():
        if pid == me:
            continue
        marker = next((entry for entry in _environ(pid) if entry.startswith(key)), None)
        if marker is not None and marker not in runs and _lies_under(pid, prefixes):
            runs.add(marker)
    if not runs:
        return []
    return _kill_until_gone(lambda pid, info: bool(runs.intersection(_environ(pid))))


def _lies_under(pid: int, prefixes: set[str]) -> bool:
    """Whether the process's working directory or one of its arguments is inside a prefix."""

    def inside(path: str) -> bool:
        return any(path == p or path.startswith(p + "/") for p in prefixes)

    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            args = fh.read().decode("utf-8", "replace").split("\0")
    except OSError:
        args = []
    if any(inside(arg) for arg in args):
        return True
    try:
        return inside(os.readlink(f"/proc/{pid}/cwd"))
    except OSError:
        return False


KILL_PATIENCE_S = 10.0  # how long a SIGKILLed process may take to die (a loaded machine's disk)


def _kill_until_gone(belongs: Callable[[int, _ProcInfo], bool]) -> list[int]:
    """SIGKILL the live processes `belongs` picks, again until none is left (they may fork).

    A process waiting on the disk dies only when its read returns, which on a loaded
    machine takes seconds: the rounds go on for up to KILL_PATIENCE_S."""
    me = os.getpid()
    killed: list[int] = []
    refused: set[int] = set()  # not ours to kill (PermissionError): waiting would not help
    deadline = time.monotonic() + KILL_PATIENCE_S
    round_ = 0
    while time.monotonic() < deadline:
        victims = [
            pid
            for pid, info in _processes().items()
            if pid != me and pid not in refused and not info.zombie and belongs(pid, info)
        ]
        if not victims:
            break
        for pid in victims:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                continue
            except PermissionError:
                refused.add(pid)
                continue
            if pid not in killed:
                killed.append(pid)
        round_ += 1
        time.sleep(min(0.05, 0.002 * round_))
    return killed


# ---------------------------------------------------------------------------
# Output


class OutputCapture:
    """Keeps the first and last halves of a byte stream of any length."""

    def __init__(self, limit: int) -> None:
        self.head_cap = limit // 2
        self.tail_cap = limit - self.head_cap
        self.head = bytearray()
        self.tail = bytearray()
        self.total = 0
        self.stop = threading.Event()

    def pump(self, fd: int) -> None:
        """Read `fd` until EOF, or until `stop` is set and nothing more comes."""
        poller = select.poll()
        poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
        while True:
            if not poller.poll(100):
                if self.stop.is_set():
                    return
                continue
            try:
                chunk = os.read(fd, 1 << 16)
            except OSError:
                return
            if not chunk:
                return
            self.add(chunk)

    def add(self, chunk: bytes) -> None:
        self.total += len(chunk)
        room = self.head_cap - len(self.head)
        if room > 0:
            self.head += chunk[:room]
            chunk = chunk[room:]
        if chunk:
            self.tail += chunk
            if len(self.tail) > self.tail_cap:
                del self.tail[: len(self.tail) - self.tail_cap]

    def text(self) -> str:
        kept = len(self.head) + len(self.tail)
        if kept == self.total:
            return (bytes(self.head) + bytes(self.tail)).decode("utf-8", errors="replace")
        head, tail = _utf8_head(bytes(self.head)), _utf8_tail(bytes(self.tail))
        omitted = self.total - len(head) - len(tail)
        return (
            head.decode("utf-8", errors="replace")
            + f"\n... [{omitted} bytes omitted] ...\n"
            + tail.decode("utf-8", errors="replace")
        )


def _utf8_head(data: bytes) -> bytes:
    """Drop a multi-byte character cut off at the end."""
    for back in range(1, min(4, len(data)) + 1):
        byte = data[-back]
        if byte & 0xC0 == 0x80:
            continue  # continuation byte: keep looking for the lead byte
        if byte & 0x80 == 0:
            return data
        need = 2 if byte & 0xE0 == 0xC0 else 3 if byte & 0xF0 == 0xE0 else 4
        return data if back >= need else data[:-back]
    return data


def _utf8_tail(data: bytes) -> bytes:
    """Drop continuation bytes of a character cut off at the start."""
    skip = 0
    while skip < min(3, len(data)) and data[skip] & 0xC0 == 0x80:
        skip += 1
    return data[skip:]
