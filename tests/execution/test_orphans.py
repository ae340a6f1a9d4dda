"""A killed caller leaves no program behind: the sandboxed process dies with it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mleworld.execution.isolation import ENV_VAR, ExecutorError, detect_isolation

DRIVER = """
import sys
from pathlib import Path
from mleworld.execution.sandbox import Limits, execute

data = Path(sys.argv[1])
ws = Path(sys.argv[2])
print("started", flush=True)
execute("import time\\nprint('running', flush=True)\\ntime.sleep(120)\\n",
        data_dir=data, workspace=ws, limits=Limits(time_limit_s=300))
"""


def _processes_in(ws: Path) -> list[int]:
    """Pids whose command line names the workspace or whose cwd is inside it."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().decode(errors="replace")
            cwd = os.readlink(entry / "cwd")
        except OSError:
            continue
        if str(ws) in cmdline or cwd.startswith(str(ws)):
            found.append(int(entry.name))
    return found


@pytest.mark.parametrize("mechanism", ["bwrap", "landlock", "user"])
def test_sigkilled_caller_takes_its_program_down(
    mechanism: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_VAR, mechanism)  # inherited by the driver process
    try:
        detect_isolation()
    except ExecutorError as exc:
        pytest.skip(str(exc))
    data = tmp_path / "data"
    data.mkdir()
    (data / "train.csv").write_text("a,b\n1,2\n")
    ws = tmp_path / "ws"
    driver = subprocess.Popen(
        [sys.executable, "-c", DRIVER, str(data), str(ws)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert driver.stdout is not None
    assert driver.stdout.readline().strip() == "started"
    deadline = time.monotonic() + 60
    while not _processes_in(ws) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _processes_in(ws), "the sandboxed program never started"
    time.sleep(1.0)  # let the program get past its start-up

    driver.send_signal(signal.SIGKILL)
    driver.wait()

    deadline = time.monotonic() + 20
    while _processes_in(ws) and time.monotonic() < deadline:
        time.sleep(0.2)
    leftovers = _processes_in(ws)
    for pid in leftovers:  # don't leave them behind even when the test fails
        os.kill(pid, signal.SIGKILL)
    assert leftovers == []
