"""Running one program for real: ``execute(program, task) -> Outcome``.

Every run gets a fresh workspace (workspace.py), is saved as ``runfile.py`` and
started as ``python runfile.py`` with this environment's interpreter, in its own
process session, under the isolation mechanism isolation.py chose. What is
enforced under every mechanism:

- wall-clock limit: SIGINT to the program at ``time_limit_s`` (it prints its
  KeyboardInterrupt traceback), SIGKILL ``grace_s`` later; the outcome is
  ``TimeoutError`` with ``timed_out`` set, even if the program caught the interrupt;
- memory: RLIMIT_AS (allocations fail with MemoryError, or the kernel kills the
  process: exit code -9); file size: RLIMIT_FSIZE; no core dumps;
- threads: OMP/MKL/OpenBLAS/NumExpr/BLIS/vecLib/joblib caps via the environment;
- a scrubbed environment: only the variables set here (plus GPU visibility and
  LD_LIBRARY_PATH) reach the program, so no API keys; HOME is private to the run;
- no process left behind: at the end of every run, success or not, the process
  group is killed, then every process whose environment carries this run's
  ``MLEWORLD_RUN_ID`` (daemons that called setsid); under bubblewrap the PID
  namespace dies with the run as well;
- output: stdout and stderr share one pipe, so they interleave as printed
  (children included); it is read as it comes, and beyond ``max_output_bytes``
  the first and last halves are kept around a "[N bytes omitted]" line.

Under bubblewrap, an exit status of 128+N from the program is reported as -N
(bubblewrap reports a death by signal N that way; a program that itself exits
with 129..192 cannot be told apart).

This module owns running and timing the program and assembling the Outcome.
Reading the exception and the metric from the output is parsing.py's job,
checking the submission is submission.py's.
"""

from __future__ import annotations

import contextlib
import os
import resource
import select
import shutil
import signal
import stat
import subprocess
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from mleworld.errors import MleWorldError
from mleworld.execution.isolation import (
    ExecutorError,
    Isolation,
    Launch,
    build_launch,
    detect_isolation,
    isolation_status,
    landlock_restrict,
)
from mleworld.execution.limits import Limits
from mleworld.execution.outcome import Outcome
from mleworld.execution.workspace import (
    PROGRAM_FILE,
    Workspace,
    finish_workspace,
    prepare_workspace,
)

if TYPE_CHECKING:
    from mleworld.tasks.task import Task

__all__ = [
    "RUN_ID_VAR",
    "ExecutorError",
    "Limits",
    "execute",
    "isolation_status",
]

RUN_ID_VAR = "MLEWORLD_RUN_ID"
_THREAD_VARS = (
    "OMP_NUM_THREADS",
    "MKL_NUM_THREADS",
    "OPENBLAS_NUM_THREADS",
    "NUMEXPR_NUM_THREADS",
    "NUMEXPR_MAX_THREADS",
    "VECLIB_MAXIMUM_THREADS",
    "BLIS_NUM_THREADS",
    "LOKY_MAX_CPU_COUNT",
    "POLARS_MAX_THREADS",
    "RAYON_NUM_THREADS",
    "TF_NUM_INTRAOP_THREADS",
)
# Passed through from our environment: GPU visibility (Ray assigns it) and library paths.
_PASS_THROUGH = (
    "LD_LIBRARY_PATH",
    "CUDA_VISIBLE_DEVICES",
    "NVIDIA_VISIBLE_DEVICES",
    "NVIDIA_DRIVER_CAPABILITIES",
    "HIP_VISIBLE_DEVICES",
    "ROCR_VISIBLE_DEVICES",
)


def execute(
    program: str,
    task: Task | None = None,
    *,
    data_dir: Path | None = None,
    limits: Limits | None = None,
    keep_workspace: bool = False,
    workspace: Path | None = None,
) -> Outcome:
    """Run `program` as runfile.py with the task's public files as ./input/.

    `data_dir` stands in for a task: its files become ./input/ and its
    sample_submission.csv (if any) checks the submission. Without `limits`, the
    task's time limit and the default Limits apply. A `workspace` given by the
    caller is created if missing, must be empty, and is kept. A crash, timeout
    or memory blow-up of the program is data in the Outcome; a failure of the
    executor itself raises ExecutorError.
    """
    if task is not None and data_dir is not None:
        raise MleWorldError("pass either a task or a data dir to execute(), not both")
    if limits is None:
        limits = Limits(time_limit_s=task.time_limit_s) if task is not None else Limits()
    iso = detect_isolation()
    if task is not None:
        source: Path | None = task.public_dir
        protect: tuple[Path, ...] = (task.path,)
        private: tuple[Path, ...] = (task.private_dir,)
        sample: Path | None = task.sample_submission_path
        id_column: str | None = task.id_column
    else:
        source = Path(data_dir) if data_dir is not None else None
        sibling = source.parent / "private" if source is not None else None
        private = (sibling,) if sibling is not None and sibling.exists() else ()
        protect = private
        candidate = source / "sample_submission.csv" if source is not None else None
        sample = candidate if candidate is not None and candidate.is_file() else None
        id_column = None
    ws = prepare_workspace(
        program,
        iso,
        source=source,
        protect=protect,
        private_dirs=private,
        workspace=None if workspace is None else Path(workspace),
        keep=keep_workspace,
    )
    try:
        run = _run(ws, iso, limits)
        return _outcome(run, ws, sample, id_column)
    finally:
        finish_workspace(ws, keep_workspace)


# ---------------------------------------------------------------------------
# Running


@dataclass
class _Run:
    term_out: str
    exit_code: int
    timed_out: bool
    runtime_s: float


def _run(ws: Workspace, iso: Isolation, limits: Limits) -> _Run:
    run_id = uuid.uuid4().hex
    launch = build_launch(iso, ws.paths, [iso.python, PROGRAM_FILE], limits.network)
    capture = _Capture(limits.max_output_bytes)
    try:
        proc = subprocess.Popen(
            launch.argv,
            cwd=ws.root,
            env=_program_env(iso, launch, limits, run_id),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=_preexec(limits, launch.landlock_fd),
            **launch.popen_kwargs,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        launch.close()
        raise ExecutorError(f"cannot start {launch.argv[0]}: {exc}") from None
    start = time.monotonic()
    launch.after_spawn()
    assert proc.stdout is not None
    reader = threading.Thread(target=capture.pump, args=(proc.stdout.fileno(),), daemon=True)
    reader.start()
    timed_out = killed = False
    runtime = 0.0
    try:
        if not _wait_exit(proc, limits.time_limit_s):
            timed_out = True
            _signal_program(proc, iso, signal.SIGINT)
            if not _wait_exit(proc, limits.grace_s):
                killed = True
                _kill_group(proc.pid)
                _wait_exit(proc, None)
        runtime = time.monotonic() - start
    finally:
        # Kill the group while the leader is a zombie (its pid cannot be reused yet).
        _kill_group(proc.pid)
        proc.wait()
        _kill_leftovers(proc.pid, f"{RUN_ID_VAR}={run_id}".encode())
        reader.join(timeout=5.0)
        capture.stop.set()
        reader.join()
        proc.stdout.close()
        status = launch.program_exit_code() if iso.mechanism == "bwrap" else None
        launch.close()
    term_out = capture.text()
    exit_code = proc.returncode
    if iso.mechanism == "bwrap":
        exit_code = _bwrap_exit_code(iso, proc.returncode, status, term_out, killed)
    return _Run(term_out, exit_code, timed_out, round(runtime, 3))


def _bwrap_exit_code(
    iso: Isolation, returncode: int, status: int | None, term_out: str, killed: bool
) -> int:
    if killed:
        return returncode  # we SIGKILLed bubblewrap itself: -9, as without it
    if iso.bwrap_json_status:
        if status is None:
            raise ExecutorError(f"bubblewrap could not start the program: {_first_line(term_out)}")
        code = status
    else:
        if returncode == 1 and term_out.startswith("bwrap: "):
            raise ExecutorError(f"bubblewrap could not start the program: {_first_line(term_out)}")
        code = returncode
    return -(code - 128) if 128 < code <= 128 + 64 else code


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0][:300] if text.strip() else "(no output)"


def _program_env(iso: Isolation, launch: Launch, limits: Limits, run_id: str) -> dict[str, str]:
    env = {k: os.environ[k] for k in _PASS_THROUGH if k in os.environ}
    path = [os.path.dirname(iso.python), "/usr/local/bin", "/usr/bin", "/bin"]
    env["PATH"] = os.pathsep.join(dict.fromkeys(path))
    env["LANG"] = "C.UTF-8"
    env["HOME"] = launch.home
    if launch.tmpdir:
        env["TMPDIR"] = launch.tmpdir
    env["PYTHONUNBUFFERED"] = "1"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["MPLBACKEND"] = "Agg"
    threads = str(limits.resolved_threads)
    for name in _THREAD_VARS:
        env[name] = threads
    env[RUN_ID_VAR] = run_id
    return env


def _preexec(limits: Limits, landlock_fd: int | None) -> Callable[[], None]:
    """The child's last steps before exec: rlimits, then Landlock. Kept to bare syscalls."""
    wanted = [(resource.RLIMIT_CORE, 0)]
    if limits.memory_mb is not None:
        wanted.append((resource.RLIMIT_AS, limits.memory_mb * 2**20))
    if limits.file_size_mb is not None:
        wanted.append((resource.RLIMIT_FSIZE, limits.file_size_mb * 2**20))
    settings = []
    for res, value in wanted:
        _, hard = resource.getrlimit(res)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        settings.append((res, value))

    def hook() -> None:
        for res, value in settings:
            resource.setrlimit(res, (value, value))
        if landlock_fd is not None:
            landlock_restrict(landlock_fd)

    return hook


# ---------------------------------------------------------------------------
# Waiting and killing


def _wait_exit(proc: subprocess.Popen[bytes], timeout: float | None) -> bool:
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


def _kill_group(pgid: int, sig: int = signal.SIGKILL) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, sig)


def _signal_program(proc: subprocess.Popen[bytes], iso: Isolation, sig: int) -> None:
    """Signal the program's process group; under bubblewrap, spare bwrap's own two processes
    (if bwrap died of the SIGINT, the sandbox would take the program down before it
    could print its traceback)."""
    if iso.mechanism != "bwrap":
        _kill_group(proc.pid, sig)
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


def _marked(pid: int, marker: bytes) -> bool:
    try:
        with open(f"/proc/{pid}/environ", "rb") as fh:
            return marker in fh.read().split(b"\0")
    except OSError:
        return False


def _kill_leftovers(pgid: int, marker: bytes) -> list[int]:
    """SIGKILL every live process of the run (its group, or carrying its marker); returns them."""
    me = os.getpid()
    killed: list[int] = []
    for round_ in range(50):
        victims = [
            pid
            for pid, info in _processes().items()
            if pid != me and not info.zombie and (info.pgid == pgid or _marked(pid, marker))
        ]
        if not victims:
            break
        for pid in victims:
            try:
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
            except (ProcessLookupError, PermissionError):
                pass
        time.sleep(0.002 * (round_ + 1))
    return killed


# ---------------------------------------------------------------------------
# Output


class _Capture:
    """Keeps the first and last halves of a byte stream of any length."""

    def __init__(self, limit: int) -> None:
        self.head_cap = limit // 2
        self.tail_cap = limit - self.head_cap
        self.head = bytearray()
        self.tail = bytearray()
        self.total = 0
        self.stop = threading.Event()

    def pump(self, fd: int) -> None:
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


# ---------------------------------------------------------------------------
# The outcome


def _outcome(run: _Run, ws: Workspace, sample: Path | None, id_column: str | None) -> Outcome:
    from mleworld.execution.parsing import parse_exception, parse_metric
    from mleworld.execution.submission import check_submission

    exc_type = parse_exception(run.term_out, run.exit_code, run.timed_out)
    metric, metric_line = parse_metric(run.term_out)
    path = ws.submission_path
    folder = path.parent
    exists = os.path.lexists(path)
    valid: bool | None = None
    error: str | None = None
    # Never follow a link the program made: it could point at the hidden answers
    # (making a symlink needs no access to its target). Remove it, so nothing
    # downstream copies the target out of a kept workspace either.
    if folder.is_symlink() or (os.path.lexists(folder) and not folder.is_dir()):
        _remove_link(folder)
        exists, valid = False, False
        error = "submission/ was replaced by the program (removed); write submission/submission.csv"
    elif exists and not stat.S_ISREG(os.lstat(path).st_mode):
        _remove_link(path)
        valid = False
        error = "submission/submission.csv is not a regular file (removed); write the CSV itself"
    elif exists:
        try:
            valid, error = check_submission(path, sample, id_column)
        except MleWorldError as exc:
            valid, error = False, str(exc)
    return Outcome(
        exc_type=exc_type,
        term_out=run.term_out,
        metric=metric,
        metric_line=metric_line,
        submission=exists,
        submission_valid=valid,
        submission_error=error,
        runtime_s=run.runtime_s,
        timed_out=run.timed_out,
        exit_code=run.exit_code,
    )


def _remove_link(path: Path) -> None:
    with contextlib.suppress(OSError):
        if path.is_symlink() or not path.is_dir():
            path.unlink()
        else:
            shutil.rmtree(path)
