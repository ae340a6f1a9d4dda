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
- threads: OMP/MKL/OpenBLAS/NumExpr/BLIS/vecLib/joblib caps via the environment,
  `Limits.threads` if the caller set one, else an even share of the cores among
  the programs running on this machine now (concurrency.py counts them across
  every mleworld process); OpenMP threads sleep instead of spinning while they
  wait (OMP_WAIT_POLICY=PASSIVE, KMP_BLOCKTIME=0), since a spinning thread that
  waits for a core another program holds slows its own program hundreds of
  times. The cap, the count and the load average are kept in the Outcome;
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
Waiting, signalling and capturing output at the pid/pipe level is processes.py's
job; reading the exception and the metric from the output is parsing.py's,
checking the submission is submission.py's.
"""

from __future__ import annotations

import contextlib
import os
import resource
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
from mleworld.execution.concurrency import RunSlot, claim, count_running, load_1m
from mleworld.execution.isolation import (
    ExecutorError,
    Isolation,
    Launch,
    build_launch,
    detect_isolation,
    isolation_status,
)
from mleworld.execution.landlock import landlock_restrict
from mleworld.execution.limits import Limits
from mleworld.execution.outcome import Outcome
from mleworld.execution.processes import OutputCapture as _Capture
from mleworld.execution.processes import (
    die_with_parent_hook,
    kill_group,
    kill_leftovers,
    signal_program,
    wait_exit,
)
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
# OpenMP (GNU and Intel runtimes): a thread that waits sleeps at once instead of spinning.
_WAIT_POLICY = {"OMP_WAIT_POLICY": "PASSIVE", "KMP_BLOCKTIME": "0"}
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
    cores: int
    threads: int
    concurrent_runs: int
    load_1m: float | None


def _run(ws: Workspace, iso: Isolation, limits: Limits) -> _Run:
    slot = claim()
    try:
        return _run_counted(ws, iso, limits, slot)
    finally:
        slot.release()


def _run_counted(ws: Workspace, iso: Isolation, limits: Limits, slot: RunSlot) -> _Run:
    run_id = uuid.uuid4().hex
    threads = limits.threads or slot.threads
    launch = build_launch(iso, ws.paths, [iso.python, PROGRAM_FILE], limits.network)
    capture = _Capture(limits.max_output_bytes)
    try:
        proc = subprocess.Popen(
            launch.argv,
            cwd=ws.root,
            env=_program_env(iso, launch, threads, run_id),
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
        if not wait_exit(proc, limits.time_limit_s):
            timed_out = True
            signal_program(proc, signal.SIGINT, spare_leader_child=iso.mechanism == "bwrap")
            if not wait_exit(proc, limits.grace_s):
                killed = True
                kill_group(proc.pid)
                wait_exit(proc, None)
        runtime = time.monotonic() - start
    finally:
        # Kill the group while the leader is a zombie (its pid cannot be reused yet).
        kill_group(proc.pid)
        proc.wait()
        kill_leftovers(proc.pid, f"{RUN_ID_VAR}={run_id}".encode())
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
    # The busiest the machine was while this program ran: more may have started since.
    concurrent = max(slot.running, count_running())
    return _Run(
        term_out,
        exit_code,
        timed_out,
        round(runtime, 3),
        slot.cores,
        threads,
        concurrent,
        load_1m(),
    )


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


def _program_env(iso: Isolation, launch: Launch, threads: int, run_id: str) -> dict[str, str]:
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
    for name in _THREAD_VARS:
        env[name] = str(threads)
    env.update(_WAIT_POLICY)
    env[RUN_ID_VAR] = run_id
    return env


def _preexec(limits: Limits, landlock_fd: int | None) -> Callable[[], None]:
    """The child's last steps before exec: SIGINT default, rlimits, then Landlock. Kept to bare syscalls."""
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

    orphan_guard = die_with_parent_hook()

    def hook() -> None:
        orphan_guard()
        # A launcher started in the background (nohup, `&`) ignores SIGINT, and one
        # that blocks it (a Ray worker does) hands the block on; both survive exec,
        # and the deadline's SIGINT would not raise KeyboardInterrupt in the program.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_SETMASK, ())
        for res, value in settings:
            resource.setrlimit(res, (value, value))
        if landlock_fd is not None:
            landlock_restrict(landlock_fd)

    return hook


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
        cores=run.cores,
        threads=run.threads,
        concurrent_runs=run.concurrent_runs,
        load_1m=run.load_1m,
    )


def _remove_link(path: Path) -> None:
    with contextlib.suppress(OSError):
        if path.is_symlink() or not path.is_dir():
            path.unlink()
        else:
            shutil.rmtree(path)
