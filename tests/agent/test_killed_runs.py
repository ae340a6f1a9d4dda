"""A run SIGKILLed mid-step, again and again, and resumed each time leaves no process behind.

Bubblewrap arms its kill-on-parent-death only once the sandbox is set up, so an
agent killed in those milliseconds leaves bubblewrap's inner PID 1 (and the
program it then starts) running with nobody watching. The window is a few
milliseconds of a step, so a kill at a random moment seldom hits it; a wrapper in
front of the real bwrap holds each sandbox inside it (``--block-fd``: bubblewrap
waits there after its setup, before it starts the program) until the test has
killed the agent. Every round then really leaves strays (without the sweep on
resume the second round fails), and the next session of the run must end them.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mleworld.execution.isolation import detect_isolation
from threshold_task import answer, make_task, program

MLEWORLD = Path(sys.executable).parent / "mleworld"
ROUNDS = 5

# A program started while hold.txt is in the task's public files sleeps for ten
# minutes, whatever becomes of its workspace, so a stray lives until something
# kills it; the last session removes the file, and its program finishes at once.
WAITING = program(20, 0.9, "if os.path.exists('input/hold.txt'): __import__('time').sleep(600)")

WRAPPER = """#!/bin/bash
# bwrap for the agent's sandboxes: while {hold} exists, each one waits after its
# setup until a byte arrives on {fifo}.
if [[ -e {hold} && " $* " == *"/.workspaces/"* ]]; then
  exec 200<{fifo}
  exec {real} --block-fd 200 "$@"
fi
exec {real} "$@"
"""


def _run_processes(run: Path) -> dict[int, str]:
    """Live processes naming the run dir in their command line or working inside it."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            args = (entry / "cmdline").read_bytes().split(b"\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
            cwd = os.readlink(entry / "cwd")
        except OSError:
            continue
        named = any(str(run) in arg.decode(errors="replace") for arg in args)
        if state not in ("Z", "X") and (named or cwd.startswith(str(run))):
            found[int(entry.name)] = args[0].decode(errors="replace")
    return found


def _bwraps(run: Path, old: dict[int, str]) -> list[int]:
    return [p for p, name in _run_processes(run).items() if name.endswith("bwrap") and p not in old]


def _with_program(run: Path) -> dict[int, str]:
    """The run's processes once the program (python runfile.py) is among them, else {}."""
    found = _run_processes(run)
    return found if any(Path(name).name.startswith("python") for name in found.values()) else {}


def _wait_for(
    what: str,
    check,
    agent: subprocess.Popen | None = None,
    log: Path | None = None,
    timeout: float = 120,
):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        if agent is not None and agent.poll() is not None:
            said = log.read_text() if log is not None else ""
            raise AssertionError(f"the agent exited ({agent.returncode}) before {what}: {said}")
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.mark.slow
def test_killed_mid_step_five_times_and_resumed_leaves_nothing(tmp_path: Path) -> None:
    real = shutil.which("bwrap")
    if real is None or detect_isolation().mechanism != "bwrap":
        pytest.skip("needs bubblewrap as the isolation mechanism")
    task = make_task(tmp_path / "task", time_limit_s=120)
    hold_data = task.public_dir / "hold.txt"
    hold_data.write_text("wait\n")
    script = tmp_path / "responses.json"
    script.write_text(json.dumps([answer("wait, then solve", WAITING)]))
    hold, fifo, bin_dir = tmp_path / "hold", tmp_path / "release.fifo", tmp_path / "bin"
    os.mkfifo(fifo)
    bin_dir.mkdir()
    wrapper = bin_dir / "bwrap"
    wrapper.write_text(WRAPPER.format(hold=hold, fifo=fifo, real=real))
    wrapper.chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    run = tmp_path / "run"
    start = [
        str(MLEWORLD),
        "run",
        str(task.path),
        "--steps",
        "1",
        "--code-model",
        f"scripted:{script}",
        "--out",
        str(run),
        "-q",
    ]
    again = [str(MLEWORLD), "run", "--resume", str(run), "-q"]
    release = os.open(fifo, os.O_RDWR)  # the read end never blocks on a missing writer
    hold.touch()
    strays: dict[int, str] = {}
    os.set_blocking(release, False)
    try:
        for round_ in range(ROUNDS):
            with contextlib.suppress(BlockingIOError):
                os.read(release, 64)  # a release no sandbox took would free the next one
            log = tmp_path / f"agent{round_}.log"
            with log.open("w") as sink:
                agent = subprocess.Popen(
                    start if round_ == 0 else again, env=env, stdout=sink, stderr=sink
                )
            try:
                # The new session's two bubblewrap processes: the outer one and the
                # inner PID 1 it cloned, which now waits in the window.
                _wait_for(
                    "the sandbox was set up",
                    lambda old=strays: len(_bwraps(run, old)) >= 2,  # type: ignore[misc]
                    agent,
                    log,
                )
                # By then the resumed session has ended the strays of the one before.
                assert not set(strays) & set(_run_processes(run)), (round_, strays)
                time.sleep(0.5)  # the outer bwrap lets PID 1 go on to its setup
                os.kill(agent.pid, signal.SIGKILL)
            finally:
                agent.kill()
                agent.wait()
            os.write(release, b"x")  # the orphaned PID 1 goes on and starts the program
            try:
                strays = _wait_for("the program", lambda: _with_program(run), timeout=30)
            except AssertionError:
                # The outer bwrap died before it let PID 1 go on: PID 1 waits forever
                # instead of starting the program. A stray all the same.
                strays = _run_processes(run)
            assert strays, "the kill left nothing behind; the test no longer reaches the window"

        hold.unlink()
        hold_data.unlink()
        done = subprocess.run(again, env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        summary = json.loads((run / "run.json").read_text())
        assert summary["status"] == "complete" and summary["steps"] == 1
        assert _run_processes(run) == {}
    finally:
        os.close(release)
        for pid in _run_processes(run):  # nothing of this test may outlive it
            os.kill(pid, signal.SIGKILL)
