"""Shared fixtures: a small task data folder, and real runs of many snippets in one process.

`data_dir` is a public/ folder (train.csv, test.csv, sample_submission.csv)
with penguin-like columns. `run_real(snippets)` runs each snippet for real as
./runfile.py in a workspace holding that folder as ./input/ (plus ./submission/
and ./working/), all in ONE subprocess so heavy imports are paid once, and
returns what Python printed after the traceback (None for a clean run). Each
snippet gets fresh globals laid out as a script's, and errors are printed by
the interpreter's own excepthook, so messages and "Did you mean" suggestions
are exactly those of `python runfile.py`.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

TRAIN = """id,island,bill_length_mm,bill_depth_mm,flipper_length_mm,body_mass_g,sex,year,species
1,Torgersen,39.1,18.7,181,3750,male,2007,Adelie
2,Biscoe,46.5,15.2,219,5200,female,2008,Gentoo
3,Dream,49.0,19.5,210,3950,male,2009,Chinstrap
4,Biscoe,45.2,14.8,212,5200,female,2009,Gentoo
5,Torgersen,38.6,21.2,191,3800,male,2007,Adelie
6,Dream,50.9,19.1,196,3550,male,2008,Chinstrap
"""
TEST = """id,island,bill_length_mm,bill_depth_mm,flipper_length_mm,body_mass_g,sex,year
7,Biscoe,47.5,14.0,212,4875,female,2009
8,Dream,46.4,18.6,190,3450,female,2007
"""
SAMPLE = """id,Adelie,Chinstrap,Gentoo
7,0.333,0.333,0.334
8,0.333,0.333,0.334
"""

_RUNNER = r"""
import builtins, io, json, os, shutil, sys
snippets = json.load(open(sys.argv[1]))
out = {}
for name, code in snippets.items():
    with open("runfile.py", "w") as fh:
        fh.write(code)
    globs = {
        "__name__": "__main__", "__doc__": None, "__package__": None, "__loader__": None,
        "__spec__": None, "__annotations__": {}, "__builtins__": builtins,
        "__file__": os.path.abspath("runfile.py"), "__cached__": None,
    }
    try:
        with open("runfile.py", "rb") as fh:
            exec(compile(fh.read(), "runfile.py", "exec"), globs)
        out[name] = None
    except SystemExit as exc:
        out[name] = None if exc.code in (0, None) else f"SystemExit: {exc.code}"
    except BaseException as exc:
        err, saved = io.StringIO(), sys.stderr
        sys.stderr = err
        try:
            sys.__excepthook__(type(exc), exc, exc.__traceback__)
        finally:
            sys.stderr = saved
        out[name] = err.getvalue()
    for folder in ("submission", "working"):
        shutil.rmtree(folder)
        os.mkdir(folder)
json.dump(out, open(sys.argv[2], "w"))
"""


def exception_text(stderr: str) -> str:
    """What Python printed after the traceback: from the exception line to the end."""
    lines = stderr.rstrip("\n").splitlines()
    for index in range(len(lines) - 1, -1, -1):
        if re.match(r"^[A-Za-z_][\w.]*(Error|Exception)\b", lines[index]):
            return "\n".join(lines[index:])
    return lines[-1] if lines else ""


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    public = tmp_path_factory.mktemp("task") / "public"
    public.mkdir()
    (public / "train.csv").write_text(TRAIN)
    (public / "test.csv").write_text(TEST)
    (public / "sample_submission.csv").write_text(SAMPLE)
    return public


RunReal = Callable[[dict[str, str]], dict[str, str | None]]


@pytest.fixture(scope="session")
def run_real(data_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> RunReal:
    def run(snippets: dict[str, str]) -> dict[str, str | None]:
        work = tmp_path_factory.mktemp("workspace")
        shutil.copytree(data_dir, work / "input")
        (work / "submission").mkdir()
        (work / "working").mkdir()
        (work / "snippets.json").write_text(json.dumps(snippets))
        (work / "runner.py").write_text(_RUNNER)
        proc = subprocess.run(
            [sys.executable, "runner.py", "snippets.json", "out.json"],
            cwd=work,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert proc.returncode == 0, proc.stderr
        raw = json.loads((work / "out.json").read_text())
        return {k: (exception_text(v) if v is not None else None) for k, v in raw.items()}

    return run


@pytest.fixture(scope="session")
def real_output(data_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], str]:
    """What a program prints to a pipe (as the sandbox runs it), run as ./runfile.py over
    the data folder; it must run clean."""

    def run(program: str) -> str:
        work = tmp_path_factory.mktemp("program")
        shutil.copytree(data_dir, work / "input")
        (work / "runfile.py").write_text(program)
        done = subprocess.run(
            [sys.executable, "runfile.py"], cwd=work, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    return run


@pytest.fixture(scope="session")
def assert_named(data_dir: Path) -> Callable[[str, str, str | None], None]:
    """Check that analysis names a snippet's crash as Python printed it (`observed`)."""
    from mleworld.world.static import analyze

    def check(program: str, detector: str, observed: str | None) -> None:
        assert observed is not None, "the snippet must really crash"
        first = analyze(program, data_dir).first_fatal
        assert first is not None and first.detector == detector, first
        assert first.message == observed
        # Python prints the class of a library's exception with its module
        exc_class = observed.split(":")[0].rsplit(".", 1)[-1]
        assert exc_class == first.exc_type

    return check


@pytest.fixture(scope="session")
def assert_no_finding(data_dir: Path) -> Callable[[str, str | None], None]:
    """Check that a snippet that really ran clean gets no fatal finding."""
    from mleworld.world.static import analyze

    def check(program: str, observed: str | None) -> None:
        assert observed is None, observed
        assert analyze(program, data_dir).first_fatal is None

    return check
