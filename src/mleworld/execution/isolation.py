"""How a program is kept away from everything but its workspace.

The goal that matters: a program never reads a task's ``private/`` (the hidden
answers), and never leaves a process behind. Four mechanisms, best first; the
first one that passes a self-test on this machine is used (probed once per
process, then cached):

``bwrap``
    bubblewrap (Debian/Ubuntu package ``bubblewrap``). The program runs in fresh
    mount, PID, IPC, UTS and network namespaces. Its file system is an empty root
    with read-only binds of the system dirs (/usr, /bin, /lib*, /etc, /sys), the
    Python environment (prefixes and the default ``sys.path``), a private /tmp,
    its own /proc and a minimal /dev (plus GPU devices); the workspace is the only
    writable host dir, and ``input/`` is a read-only bind of the task's
    ``public/``. The task dir itself is never mounted, so ``private/`` does not
    exist (FileNotFoundError). No network unless ``Limits.network``. When the run
    ends the PID namespace dies, which kills every process the program started,
    daemons included. Works as root, or as a user where unprivileged user
    namespaces are allowed.
``landlock``
    Linux Landlock (kernel 5.13+), no privileges needed. The program may read
    and execute only the same system dirs and Python environment, write only its
    workspace and a private HOME/TMPDIR; any other path, the task's ``private/``
    included, fails with PermissionError (``os.path.exists`` still answers, since
    Landlock does not hide names). TCP connect/bind are denied (Landlock ABI 4+);
    UDP and Unix sockets are not. ``input/`` holds copies of the public files.
``user``
    Root only, when neither of the above works: the program runs as ``nobody``;
    ``private/`` dirs that ``nobody`` could reach lose their "other" permission
    bits (chmod o-rwx) before the run. Anything world-readable stays readable,
    and there is no network restriction.
``none``
    No file-system isolation: the program runs as the current user and could
    read ``private/`` by absolute path; it only starts in a workspace outside the
    task dir. Used (with a loud status) when nothing else works.

``MLEWORLD_ISOLATION=auto|bwrap|landlock|user|none`` forces one mechanism (an
error if it fails its self-test). Limits (time, memory, threads, file size) and
process-tree cleanup apply under every mechanism; see sandbox.py.

This module decides the mechanism and builds the command line, Popen options and
pre-exec hook for one run. Running, timing and reading the program is
sandbox.py's job; making the workspace is workspace.py's.
"""

from __future__ import annotations

import contextlib
import ctypes
import glob
import json
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

ENV_VAR = "MLEWORLD_ISOLATION"
MECHANISMS = ("bwrap", "landlock", "user", "none")
SANDBOX_HOME = "/tmp/home"  # HOME inside bubblewrap (on its private /tmp)
_SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc")
_PROBE_TIMEOUT_S = 120.0  # generous: a loaded 2-core machine can take seconds to start Python


class ExecutorError(MleWorldError):
    """The executor itself failed (workspace, sandbox); not an outcome of the program."""


@dataclass(frozen=True)
class Isolation:
    """The mechanism in force and what it needs to know about this machine."""

    mechanism: str
    python: str
    runtime_paths: tuple[str, ...]  # read-only dirs the interpreter needs (beyond system dirs)
    skipped: tuple[str, ...] = ()  # why each better mechanism was not used
    bwrap: str | None = None
    bwrap_version: str = ""
    bwrap_json_status: bool = False
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
        )
        if self.skipped:
            text += " Not used: " + "; ".join(self.skipped) + "."
        return text


_DESCRIPTIONS = {
    "bwrap": (
        "bwrap ({version}): each program runs in its own mount/PID/IPC/network namespaces and "
        "sees only its workspace (input/ read-only), read-only system dirs and the Python "
        "environment; the task dir is never mounted, so private/ does not exist; no network; "
        "every process it starts dies with the run."
    ),
    "landlock": (
        "landlock (Linux Landlock ABI {abi}): programs may read only system dirs and the Python "
        "environment and write only their workspace and a private HOME/TMPDIR; any other path, "
        "a task's private/ included, gives PermissionError; {net}; leftover processes are "
        "killed by process group and a per-run marker."
    ),
    "user": (
        "user: programs run as the unprivileged user 'nobody'; private/ dirs are made "
        "unreadable to others before a run; world-readable files elsewhere stay readable and "
        "the network is open; leftover processes are killed by process group and a per-run "
        "marker."
    ),
    "none": (
        "none: NO file-system isolation; programs run as {user} and could read a task's "
        "private/ by absolute path (they only start in a workspace outside the task dir); "
        "install bubblewrap (apt-get install bubblewrap) for real isolation."
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
    """Forget probe results (tests, or after installing bubblewrap)."""
    with _lock:
        _cache.clear()


def isolation_status() -> str:
    """Which mechanism is active and what it enforces, in one paragraph."""
    return detect_isolation().describe()


def _probe(python: str, wanted: str) -> Isolation:
    paths = _runtime_paths(python)
    skipped: list[str] = []
    for mechanism in MECHANISMS if wanted == "auto" else (wanted,):
        candidate, reason = _candidate(mechanism, python, paths)
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
        version, helptext = _bwrap_info(exe)
        devices = tuple(sorted(glob.glob("/dev/nvidia*") + glob.glob("/dev/dri")))
        json_status = "--json-status-fd" in helptext
        return (
            replace(
                base,
                bwrap=exe,
                bwrap_version=version,
                bwrap_json_status=json_status,
                devices=devices,
            ),
            "",
        )
    if mechanism == "landlock":
        abi = _landlock_abi()
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


def _bwrap_info(exe: str) -> tuple[str, str]:
    try:
        version = subprocess.run(
            [exe, "--version"], capture_output=True, text=True, timeout=30
        ).stdout.strip()
        helptext = subprocess.run([exe, "--help"], capture_output=True, text=True, timeout=30)
        return version, helptext.stdout + helptext.stderr
    except (OSError, subprocess.SubprocessError):
        return "", ""


_PATHS_CODE = (
    "import json, sys; print(json.dumps({'prefixes': [sys.prefix, sys.base_prefix, "
    "sys.exec_prefix, sys.base_exec_prefix], 'path': sys.path}))"
)


def _runtime_paths(python: str) -> tuple[str, ...]:
    """Dirs the interpreter reads: its prefixes and its default sys.path (not ours: pytest adds)."""
    with tempfile.TemporaryDirectory(prefix="mleworld-probe-") as tmp:
        try:
            done = subprocess.run(
                [python, "-c", _PATHS_CODE],
                capture_output=True,
                text=True,
                cwd=tmp,
                env={"PATH": os.defpath, "HOME": tmp, "LANG": "C.UTF-8"},
                timeout=_PROBE_TIMEOUT_S,
            )
            info = json.loads(done.stdout)
        except (OSError, subprocess.SubprocessError, ValueError) as exc:
            raise ExecutorError(f"cannot start the Python interpreter {python}: {exc}") from None
    found: set[str] = set()
    exe = Path(python)
    for raw in [*info["prefixes"], *info["path"], str(exe.parent)]:
        if not raw or not os.path.isabs(raw) or not os.path.exists(raw):
            continue
        for candidate in (os.path.normpath(raw), os.path.realpath(raw)):
            found.add(candidate)
    found.add(str(Path(os.path.realpath(python)).parent))
    kept = [p for p in sorted(found) if not _under_any(p, _SYSTEM_DIRS)]
    return tuple(p for p in kept if not _under_any(p, [q for q in kept if q != p]))


def _under_any(path: str, roots: Sequence[str]) -> bool:
    return any(path == r or path.startswith(r.rstrip("/") + "/") for r in roots)


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
        if self.status_fd is None:
            return None
        os.set_blocking(self.status_fd, False)
        chunks = []
        while True:
            try:
                chunk = os.read(self.status_fd, 65536)
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


def build_launch(iso: Isolation, run: RunPaths, program_argv: list[str], network: bool) -> Launch:
    """The command line and Popen options that run `program_argv` in `run.workspace`."""
    if iso.mechanism == "bwrap":
        return _bwrap_launch(iso, run, program_argv, network)
    if run.scratch is None:
        raise ExecutorError(f"{iso.mechanism} isolation needs a scratch dir for HOME and TMPDIR")
    home, tmp = run.scratch / "home", run.scratch / "tmp"
    launch = Launch(argv=list(program_argv), home=str(home), tmpdir=str(tmp))
    if iso.mechanism == "landlock":
        exposed = [p for p in iso.runtime_paths if any(_contains(p, x) for x in run.protect)]
        if exposed:
            raise ExecutorError(
                f"the task dir lies inside {exposed[0]}, which programs must be able to read; "
                "move the task dir elsewhere"
            )
        launch.landlock_fd = _landlock_ruleset(
            iso.landlock_abi,
            read_only=[*_SYSTEM_DIRS, "/proc", "/sys", *iso.runtime_paths],
            writable=[str(run.workspace), str(home), str(tmp), "/dev"],
            network=network,
        )
    elif iso.mechanism == "user":
        launch.popen_kwargs = {"user": iso.uid, "group": iso.gid, "extra_groups": []}
    return launch


def _bwrap_launch(iso: Isolation, run: RunPaths, program_argv: list[str], network: bool) -> Launch:
    assert iso.bwrap is not None
    args = [iso.bwrap, "--die-with-parent", "--unshare-pid", "--unshare-ipc", "--unshare-uts"]
    args += ["--unshare-cgroup-try"]
    if not network:
        args.append("--unshare-net")
    for path in _SYSTEM_DIRS:
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
    mounted = [*_SYSTEM_DIRS, *iso.runtime_paths]
    for hidden in run.protect:
        # Only matters when a protected dir sits inside something we mounted.
        if _under_any(str(hidden), mounted) and not _contains(ws, str(hidden)):
            args += ["--tmpfs", str(hidden)]
    args += ["--chdir", ws]
    launch = Launch(argv=args, home=SANDBOX_HOME, tmpdir=None)
    if iso.bwrap_json_status:
        read_fd, write_fd = os.pipe()
        os.set_inheritable(write_fd, True)
        launch.status_fd, launch.child_fds = read_fd, [write_fd]
        launch.popen_kwargs = {"pass_fds": (write_fd,)}
        args += ["--json-status-fd", str(write_fd)]
    args += ["--", *program_argv]
    return launch


def _contains(parent: str, child: str) -> bool:
    return _under_any(str(child), [str(parent)])


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
# Landlock (via raw syscalls; the numbers are the same on every Linux architecture)

_SYS_CREATE_RULESET, _SYS_ADD_RULE, _SYS_RESTRICT_SELF = 444, 445, 446
_PR_SET_NO_NEW_PRIVS = 38
_FS_EXECUTE, _FS_WRITE_FILE, _FS_READ_FILE, _FS_READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
_FS_TRUNCATE, _FS_IOCTL_DEV = 1 << 14, 1 << 15
_FILE_RIGHTS = _FS_EXECUTE | _FS_WRITE_FILE | _FS_READ_FILE | _FS_TRUNCATE | _FS_IOCTL_DEV
_READ_RIGHTS = _FS_EXECUTE | _FS_READ_FILE | _FS_READ_DIR
_NET_BIND_TCP, _NET_CONNECT_TCP = 1 << 0, 1 << 1
_SCOPE_ABSTRACT_UNIX, _SCOPE_SIGNAL = 1 << 0, 1 << 1


class _RulesetAttr(ctypes.Structure):
    _fields_ = [
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    ]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


_libc: Any = None


def _syscall() -> Any:
    global _libc
    if _libc is None:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.syscall.restype = ctypes.c_long
        libc.prctl.restype = ctypes.c_int
        _libc = libc
    return _libc


def _landlock_abi() -> int:
    if not sys.platform.startswith("linux"):
        return 0
    try:
        libc = _syscall()
        return int(libc.syscall(ctypes.c_long(_SYS_CREATE_RULESET), None, ctypes.c_size_t(0), 1))
    except (OSError, AttributeError):
        return 0


def _fs_rights(abi: int) -> int:
    rights = (1 << 13) - 1  # ABI 1: EXECUTE .. MAKE_SYM
    if abi >= 2:
        rights |= 1 << 13  # REFER
    if abi >= 3:
        rights |= _FS_TRUNCATE
    if abi >= 5:
        rights |= _FS_IOCTL_DEV
    return rights


def _landlock_ruleset(
    abi: int, read_only: Sequence[str], writable: Sequence[str], network: bool
) -> int:
    """A Landlock ruleset fd allowing exactly these paths (made in the parent, applied in the child)."""
    libc = _syscall()
    handled = _fs_rights(abi)
    attr = _RulesetAttr(handled, 0, 0)
    size = 8
    if abi >= 4:
        size = 16
        if not network:
            attr.handled_access_net = _NET_BIND_TCP | _NET_CONNECT_TCP
    if abi >= 6:
        size = 24
        attr.scoped = _SCOPE_ABSTRACT_UNIX | _SCOPE_SIGNAL
    fd = libc.syscall(
        ctypes.c_long(_SYS_CREATE_RULESET), ctypes.byref(attr), ctypes.c_size_t(size), 0
    )
    if fd < 0:
        raise ExecutorError(f"landlock_create_ruleset failed: {os.strerror(ctypes.get_errno())}")
    try:
        rules = [(p, _READ_RIGHTS & handled) for p in read_only]
        rules += [(p, handled) for p in writable]
        for path, rights in rules:
            _landlock_allow(libc, fd, path, rights)
    except BaseException:
        os.close(fd)
        raise
    return int(fd)


def _landlock_allow(libc: Any, ruleset_fd: int, path: str, rights: int) -> None:
    try:
        path_fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except FileNotFoundError:
        return
    try:
        if not os.path.isdir(path):
            rights &= _FILE_RIGHTS
        rule = _PathBeneathAttr(rights, path_fd)
        if libc.syscall(ctypes.c_long(_SYS_ADD_RULE), ruleset_fd, 1, ctypes.byref(rule), 0) != 0:
            err = os.strerror(ctypes.get_errno())
            raise ExecutorError(f"landlock_add_rule for {path} failed: {err}")
    finally:
        os.close(path_fd)


def landlock_restrict(ruleset_fd: int) -> None:
    """Apply a ruleset to the calling process; runs in the child between fork and exec."""
    libc = _syscall()
    if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
    if libc.syscall(ctypes.c_long(_SYS_RESTRICT_SELF), ruleset_fd, 0) != 0:
        raise OSError(ctypes.get_errno(), "landlock_restrict_self failed")


# ---------------------------------------------------------------------------
# Self-test: each mechanism must run Python, let it write its workspace and its
# HOME (by absolute path), and keep a decoy "private" file out of reach, before we
# trust it.

_SELF_TEST_CODE = """
import os, sys
open("written.txt", "w").write("ok")
open(os.path.join(os.environ["HOME"], "written.txt"), "w").write("ok")
try:
    open(sys.argv[1]).read()
    print("LEAK")
except OSError:
    print("mleworld-sandbox-ok")
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
        try:
            launch = build_launch(
                iso, run, [iso.python, "-c", _SELF_TEST_CODE, str(decoy)], network=False
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
                timeout=_PROBE_TIMEOUT_S,
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
