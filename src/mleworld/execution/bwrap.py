"""The bubblewrap command line for one run, and reading bubblewrap's status report.

The sandbox's file system is an empty root with, in this order: read-only binds
of the system dirs and the Python environment (pyenv.py), /sys, a fresh /proc,
a minimal /dev (plus GPU devices), a private /tmp holding HOME, the workspace
read-write with ``input/`` a read-only bind of the task's public files; then
empty tmpfs mounts over anything that must not be seen but lies inside what
was mounted: protected dirs (a task dir inside the environment) and the
dataset dirs of pyenv.py. A hidden whole package gets a one-line
``__init__.py`` raising ModuleNotFoundError, so ``import palmerpenguins``
fails with a reason instead of importing an empty namespace package (with
bubblewrap older than 0.4 the tmpfs stays empty and writable: the data is
still gone, but the import succeeds as an empty namespace package).

``--die-with-parent`` ties the sandbox to the process that starts bwrap, but
bubblewrap arms it in its inner PID 1 only after the whole setup: a caller
killed in those milliseconds leaves PID 1 and then the program running
unwatched. ``--as-pid-1`` would not close that window (the program arms it just
before exec, as late) and would make the program its namespace's init (signals
it has no handler for ignored, orphans never reaped), so it is not used; the
next session of an agent run kills such strays instead (processes.kill_strays).

This module owns the argument list and the file descriptors it needs. Choosing
bubblewrap and running it is isolation.py's and sandbox.py's job.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mleworld.execution.pyenv import SYSTEM_DIRS, package_stub, under_any

if TYPE_CHECKING:
    from mleworld.execution.isolation import Isolation, RunPaths

SANDBOX_HOME = "/tmp/home"  # HOME inside bubblewrap (on its private /tmp)


def bwrap_info(exe: str) -> tuple[str, str]:
    """bubblewrap's version line and help text (which says what options it has)."""
    try:
        version = subprocess.run(
            [exe, "--version"], capture_output=True, text=True, timeout=30
        ).stdout.strip()
        helptext = subprocess.run([exe, "--help"], capture_output=True, text=True, timeout=30)
        return version, helptext.stdout + helptext.stderr
    except (OSError, subprocess.SubprocessError):
        return "", ""


@dataclass
class BwrapCommand:
    """bwrap and its options, up to (not including) ``--`` and the program."""

    args: list[str]
    child_fds: list[int] = field(default_factory=list)  # for bwrap; the parent closes them
    status_fd: int | None = None  # read end of the --json-status-fd pipe

    def close(self) -> None:
        for fd in [*self.child_fds, *([self.status_fd] if self.status_fd is not None else [])]:
            with contextlib.suppress(OSError):
                os.close(fd)
        self.child_fds.clear()
        self.status_fd = None


def bwrap_command(iso: Isolation, run: RunPaths, network: bool) -> BwrapCommand:
    """The bwrap options that set up `run.workspace` under `iso`."""
    assert iso.bwrap is not None
    args = [iso.bwrap, "--die-with-parent", "--unshare-pid", "--unshare-ipc", "--unshare-uts"]
    args += ["--unshare-cgroup-try"]
    if not network:
        args.append("--unshare-net")
    for path in SYSTEM_DIRS:
        if os.path.islink(path):
            args += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            args += ["--ro-bind", path, path]
    args += ["--ro-bind-try", "/sys", "/sys", "--proc", "/proc", "--dev", "/dev"]
    for device in iso.devices:
        args += ["--dev-bind-try", device, device]
    args += ["--tmpfs", "/tmp", "--dir", SANDBOX_HOME]
    for path in iso.runtime_paths:
        args += ["--ro-bind", path, path]
    ws = str(run.workspace)
    args += ["--bind", ws, ws]
    if run.input_source is not None:
        args += ["--ro-bind", str(run.input_source), f"{ws}/input"]
    mounted = [*SYSTEM_DIRS, *iso.runtime_paths]
    for protected in map(str, run.protect):
        # Only matters when a protected dir sits inside something we mounted.
        if under_any(protected, mounted) and not under_any(protected, [ws]):
            args += ["--tmpfs", protected]
    command = BwrapCommand(args)
    try:
        for point in mount_points(iso.hidden, mounted):
            args += ["--tmpfs", point]
            if iso.bwrap_bind_data:
                stub = package_stub(point)
                if stub is not None:
                    fd = _pipe_holding(command, stub.encode())
                    args += ["--ro-bind-data", str(fd), f"{point}/__init__.py"]
                args += ["--remount-ro", point]
        args += ["--chdir", ws]
        if iso.bwrap_json_status:
            read_fd, write_fd = os.pipe()
            command.status_fd = read_fd
            os.set_inheritable(write_fd, True)
            command.child_fds.append(write_fd)
            args += ["--json-status-fd", str(write_fd)]
    except BaseException:
        command.close()
        raise
    return command


def mount_points(hidden: Sequence[str], mounted: Sequence[str]) -> list[str]:
    """Where each hidden host dir appears in the sandbox: beneath every bind that holds it."""
    points = []
    for path in mounted:
        if os.path.islink(path) and path in SYSTEM_DIRS:
            continue  # a --symlink to another mounted dir, not a mount of its own
        real = os.path.realpath(path).rstrip("/")
        for target in hidden:
            if under_any(target, [real]):
                points.append(path.rstrip("/") + target[len(real) :])
    return list(dict.fromkeys(points))


def _pipe_holding(command: BwrapCommand, data: bytes) -> int:
    """The read end of a pipe that already holds `data` (small: it fits the pipe buffer)."""
    read_fd, write_fd = os.pipe()
    command.child_fds.append(read_fd)
    try:
        os.write(write_fd, data)
    finally:
        os.close(write_fd)
    os.set_inheritable(read_fd, True)
    return read_fd


def read_exit_code(status_fd: int) -> int | None:
    """The program's exit code from bwrap's JSON status; None when bwrap never exec'd it."""
    os.set_blocking(status_fd, False)
    chunks = []
    while True:
        try:
            chunk = os.read(status_fd, 65536)
        except BlockingIOError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    for line in b"".join(chunks).decode("utf-8", "replace").splitlines():
        try:
            doc = json.loads(line)
        except ValueError:
            continue
        if isinstance(doc, dict) and "exit-code" in doc:
            return int(doc["exit-code"])
    return None
