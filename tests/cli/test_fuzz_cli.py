"""Inputs the fuzzer found crashing parsers, given to the installed `mleworld` command:
one `error: ...` line (or one line per problem) and exit 2, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

MLEWORLD = Path(sys.executable).parent / "mleworld"


def mleworld(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(MLEWORLD), *args], capture_output=True, text=True, timeout=300, cwd=cwd
    )


def test_run_with_a_config_that_is_not_utf8_or_nests_deeply(tmp_path: Path) -> None:
    for name, content in (
        ("latin1.yaml", b"task: caf\xe9\n"),
        ("deep.yaml", b"search: " + b"[" * 5000 + b"]" * 5000 + b"\n"),
    ):
        (tmp_path / name).write_bytes(content)
        proc = mleworld("run", "--config", name, "--quiet", cwd=tmp_path)
        assert proc.returncode == 2, proc.stderr
        assert "Traceback" not in proc.stderr
        assert proc.stderr.strip().splitlines() == [proc.stderr.strip()], proc.stderr
        assert proc.stderr.startswith(f"error: {name} is not"), proc.stderr
    assert not (tmp_path / "runs").exists()


def test_task_validate_with_a_task_yaml_that_is_not_utf8(tmp_path: Path) -> None:
    task = tmp_path / "task"
    (task / "public").mkdir(parents=True)
    (task / "task.yaml").write_bytes(b"id: caf\xe9\nmetric: auc\n")
    proc = mleworld("task", "validate", str(task), cwd=tmp_path)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stdout + proc.stderr
    assert "task.yaml is invalid" in proc.stdout + proc.stderr
    assert "is not UTF-8 text" in proc.stdout + proc.stderr
