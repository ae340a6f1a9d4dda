"""The two tests every table of static-analysis snippets gets, made once.

A detector's test module holds CRASHES (name -> program, or (program, detector)) and
VALID (name -> program) and binds what `snippet_tests` returns to module names:

    real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding = (
        snippet_tests(CRASHES, VALID, detector="lengths")
    )

`real` runs every snippet once for real (tests/world/static/conftest.py's `run_real`,
plus any `extra` snippets the module checks itself); each crash must be named by the
analysis exactly as Python printed it, each valid program must run clean and get no
finding (the `assert_named` / `assert_no_finding` fixtures of that conftest).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


def snippet_tests(
    crashes: dict[str, Any],
    valid: dict[str, str],
    *,
    detector: str | None = None,
    extra: dict[str, str] | None = None,
) -> tuple[Any, Callable[..., None], Callable[..., None]]:
    """The `real` fixture and the crash and valid tests for these tables."""

    def program_of(name: str) -> tuple[str, str]:
        entry = crashes[name]
        if isinstance(entry, tuple):
            return entry
        assert detector is not None, f"{name}: give the detector in the table or as detector="
        return entry, detector

    @pytest.fixture(scope="module")
    def real(run_real: Callable[[dict[str, str]], dict[str, str | None]]) -> dict[str, str | None]:
        programs = {name: program_of(name)[0] for name in crashes}
        return run_real({**programs, **valid, **(extra or {})})

    @pytest.mark.parametrize("name", sorted(crashes))
    def test_the_crash_is_named_as_python_prints_it(
        name: str, real: dict[str, str | None], assert_named: Callable[..., None]
    ) -> None:
        program, named_by = program_of(name)
        assert_named(program, named_by, real[name])

    @pytest.mark.parametrize("name", sorted(valid))
    def test_valid_programs_get_no_finding(
        name: str, real: dict[str, str | None], assert_no_finding: Callable[..., None]
    ) -> None:
        assert_no_finding(valid[name], real[name])

    return real, test_the_crash_is_named_as_python_prints_it, test_valid_programs_get_no_finding


def last_line_of_run(public: Path, program: str, work: Path) -> str | None:
    """Run `program` in `work` with `public/train.csv` as its input: the last line of what
    it prints on a crash (its exception line), None when it runs. For tests whose data is
    their own (larger than conftest's penguin rows)."""
    (work / "input").mkdir(parents=True)
    (work / "input" / "train.csv").write_text((public / "train.csv").read_text())
    (work / "main.py").write_text(program)
    proc = subprocess.run(
        [sys.executable, "main.py"], cwd=work, capture_output=True, text=True, timeout=120
    )
    return None if proc.returncode == 0 else proc.stderr.strip().splitlines()[-1]
