"""kill_strays: what our launches left in a tree of workspaces dies; nothing else does."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from mleworld.execution.processes import kill_strays
from mleworld.execution.sandbox import RUN_ID_VAR

SLEEPER = "import time; time.sleep(300)"


def _start(cwd: Path, run_id: str | None, *args: str) -> subprocess.Popen[bytes]:
    env = {"PATH": os.environ.get("PATH", "")}
    if run_id is not None:
        env[RUN_ID_VAR] = run_id
    return subprocess.Popen([sys.executable, "-c", SLEEPER, *args], cwd=cwd, env=env)


def test_strays_die_and_bystanders_live(tmp_path: Path) -> None:
    root = tmp_path / "run" / ".workspaces"
    (root / "node1").mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    procs = {
        # ours, working in a workspace (a program under landlock or as nobody)
        "program": _start(root / "node1", "run-a"),
        # ours, naming a workspace in its arguments (bubblewrap, whose cwd we cannot see)
        "bwrap": _start(elsewhere, "run-b", str(root / "node1")),
        # ours, moved away, but of the same run as the program (a daemon)
        "daemon": _start(elsewhere, "run-a"),
        # ours, of another run elsewhere: not this tree's business
        "other run": _start(elsewhere, "run-c"),
        # not ours (no marker), though working in the tree: someone's shell
        "shell": _start(root / "node1", None),
        # ours, in a sibling whose name merely starts like the tree's
        "sibling": _start(tmp_path / "run", "run-d", str(root) + "-old"),
    }
    try:
        time.sleep(0.5)  # every child has exec'd, so /proc shows its own environment
        killed = kill_strays(root, RUN_ID_VAR)
        # kill_strays returns once its victims are dead (zombies of ours by now)
        gone = {name for name, proc in procs.items() if proc.poll() is not None}
        assert gone == {"program", "bwrap", "daemon"}
        assert {procs[name].pid for name in gone} <= set(killed)
        assert kill_strays(root, RUN_ID_VAR) == []  # nothing left to find
    finally:
        for proc in procs.values():
            proc.kill()
            proc.wait()
