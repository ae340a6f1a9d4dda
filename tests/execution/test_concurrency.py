"""Programs on one machine see each other: the machine-wide run count and the thread cap.

The count lives in slot files under MLEWORLD_RUNS_DIR; every test here points that
at its own folder, so other jobs on the machine do not change what it counts.
Other mleworld processes are real subprocesses holding a slot.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mleworld.execution import concurrency
from mleworld.execution.concurrency import (
    RUNS_DIR_VAR,
    claim,
    count_running,
    machine_cores,
    thread_cap,
)
from mleworld.execution.limits import Limits
from mleworld.execution.sandbox import execute

ENV_PROGRAM = textwrap.dedent(
    """
    import json, os
    names = ["OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "LOKY_MAX_CPU_COUNT",
             "OMP_WAIT_POLICY", "KMP_BLOCKTIME"]
    print(json.dumps({name: os.environ.get(name) for name in names}))
    """
)
HOLDER = textwrap.dedent(
    """
    import sys, time
    from mleworld.execution.concurrency import claim
    slot = claim()
    print("holding", flush=True)
    time.sleep(float(sys.argv[1]))
    """
)


@pytest.fixture
def runs_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "running"
    monkeypatch.setenv(RUNS_DIR_VAR, str(folder))
    return folder


@pytest.fixture
def holder(runs_dir: Path) -> Iterator[subprocess.Popen[str]]:
    """Another mleworld process with a program running: a subprocess that holds a slot."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, "300"], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "holding"
    yield proc
    proc.kill()
    proc.wait()


def test_thread_cap_is_an_even_share_and_at_least_one() -> None:
    assert thread_cap(16, 1) == 16
    assert thread_cap(16, 3) == 5
    assert thread_cap(2, 2) == 1
    assert thread_cap(2, 5) == 1
    assert thread_cap(4, 0) == 4


def test_slots_count_while_held_and_not_after(runs_dir: Path) -> None:
    first = claim()
    assert first.running == 1 and count_running() == 1
    second = claim()
    assert second.running == 2 and count_running() == 2
    assert second.threads == thread_cap(machine_cores(), 2)
    first.release()
    assert count_running() == 1
    second.release()
    assert count_running() == 0 and not any(runs_dir.iterdir())


def test_another_process_counts_and_a_killed_one_stops_counting(
    runs_dir: Path, holder: subprocess.Popen[str]
) -> None:
    assert count_running() == 1
    slot = claim()
    try:
        assert slot.running == 2
    finally:
        slot.release()
    holder.send_signal(signal.SIGKILL)  # no cleanup runs: its slot file stays behind
    holder.wait()
    assert len(list(runs_dir.glob("*.run"))) == 1
    assert count_running() == 0  # the lock died with the process
    assert not list(runs_dir.glob("*.run"))  # and the stale file is gone


def test_a_half_made_slot_is_not_counted_until_old(runs_dir: Path) -> None:
    runs_dir.mkdir()
    hidden = runs_dir / ".123-abc.run"
    hidden.touch()
    assert count_running() == 0 and hidden.exists()  # a claim in progress is left alone
    old = time.time() - 3600
    os.utime(hidden, (old, old))
    count_running()
    assert not hidden.exists()


def test_an_unusable_folder_never_fails_a_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(RUNS_DIR_VAR, str(blocker / "running"))
    slot = claim()
    assert slot.path is None and slot.running == 1 and slot.threads == machine_cores()
    slot.release()


def test_a_program_alone_gets_every_core_and_passive_openmp(runs_dir: Path) -> None:
    outcome = execute(ENV_PROGRAM, limits=Limits(time_limit_s=60))
    env = json.loads(outcome.term_out)
    cores = str(machine_cores())
    assert env["OMP_NUM_THREADS"] == env["OPENBLAS_NUM_THREADS"] == env["MKL_NUM_THREADS"] == cores
    assert env["LOKY_MAX_CPU_COUNT"] == cores
    assert env["OMP_WAIT_POLICY"] == "PASSIVE" and env["KMP_BLOCKTIME"] == "0"
    assert outcome.threads == machine_cores() and outcome.cores == machine_cores()
    assert outcome.concurrent_runs == 1
    assert outcome.load_1m is not None and outcome.load_1m >= 0
    assert count_running() == 0  # the slot is released when the run ends


def test_a_program_next_to_another_process_gets_its_share(
    runs_dir: Path, holder: subprocess.Popen[str]
) -> None:
    outcome = execute(ENV_PROGRAM, limits=Limits(time_limit_s=60))
    env = json.loads(outcome.term_out)
    share = thread_cap(machine_cores(), 2)
    assert env["OMP_NUM_THREADS"] == str(share) and outcome.threads == share
    assert outcome.concurrent_runs == 2


def test_a_cap_the_caller_sets_wins(runs_dir: Path, holder: subprocess.Popen[str]) -> None:
    outcome = execute(ENV_PROGRAM, limits=Limits(time_limit_s=60, threads=3))
    assert json.loads(outcome.term_out)["OMP_NUM_THREADS"] == "3"
    assert outcome.threads == 3 and outcome.concurrent_runs == 2


def test_two_cli_runs_see_each_other(runs_dir: Path, tmp_path: Path) -> None:
    """Two `mleworld exec` processes: the second starts while the first's program runs."""
    data = tmp_path / "data"
    data.mkdir()
    slow = tmp_path / "slow.py"
    slow.write_text("import time\ntime.sleep(30)\n")
    quick = tmp_path / "quick.py"
    quick.write_text(ENV_PROGRAM)
    cli = [sys.executable, "-m", "mleworld.cli", "exec"]
    first = subprocess.Popen(
        [*cli, str(slow), "--data-dir", str(data), "--time-limit", "60", "--json"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while count_running() < 1:
            assert time.monotonic() < deadline and first.poll() is None, "first run never started"
            time.sleep(0.05)
        second = subprocess.run(
            [*cli, str(quick), "--data-dir", str(data), "--json"],
            capture_output=True,
            text=True,
            check=True,
        )
    finally:
        first.kill()
        first.wait()
    outcome = json.loads(second.stdout)
    share = thread_cap(machine_cores(), 2)
    assert outcome["concurrent_runs"] == 2 and outcome["threads"] == share
    assert json.loads(outcome["term_out"])["OMP_NUM_THREADS"] == str(share)


def test_runs_dir_defaults_to_one_machine_wide_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(RUNS_DIR_VAR, raising=False)
    monkeypatch.setenv("MLEWORLD_HOME", "/somewhere/else")
    assert concurrency.runs_dir().name == "mleworld-running"
    assert "/somewhere/else" not in str(concurrency.runs_dir())
