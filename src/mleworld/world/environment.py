"""Another machine's Python environment, read from a `pip freeze` file, as a world model's input.

A prediction is for the machine the program will run on. `read_freeze(path)`
reads what `pip freeze > FILE` wrote there (one `name==version` a line; also
`name @ URL` and `-e ...#egg=name`, whose versions are unknown; comments,
blank lines and pip options are skipped). `environment_input(x, packages)`
then rewrites a query's x for that machine: `packages` lists the versions the
file gives for the default packages and for what the program imports, and
`failing_imports` the modules the program imports that no distribution in the
file provides (standard-library modules always import). Which distribution
provides a module is asked of this machine's installed metadata, else a small
table of the usual mismatches (`sklearn` is scikit-learn), else the module's
own name.

This module owns the file format and that mapping. What a model does with a
changed x is the model's business (the fast model: world/fast/packages.py);
this machine's own environment is codegen/packages.py's.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import replace
from functools import cache, lru_cache
from pathlib import Path

from mleworld.codegen.packages import DEFAULT_PACKAGES, imported_modules, modules_in
from mleworld.errors import MleWorldError
from mleworld.world.format import WorldInput

_FIX = "write it with `pip freeze > FILE` on the machine the program will run on"
_PINNED = re.compile(
    r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*===?\s*([^\s;#]+)\s*(?:[;#].*)?$"
)
_DIRECT = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*@\s*\S+.*$")
_EGG = re.compile(r"#egg=([A-Za-z0-9][A-Za-z0-9._-]*)")
# Modules whose distribution is named otherwise, for distributions not installed here.
MODULE_DISTRIBUTIONS: dict[str, tuple[str, ...]] = {
    "sklearn": ("scikit-learn",),
    "cv2": ("opencv-python", "opencv-python-headless", "opencv-contrib-python"),
    "PIL": ("pillow",),
    "skimage": ("scikit-image",),
    "yaml": ("pyyaml",),
    "bs4": ("beautifulsoup4",),
    "imblearn": ("imbalanced-learn",),
    "category_encoders": ("category-encoders",),
    "torch_geometric": ("torch-geometric",),
    "sentence_transformers": ("sentence-transformers",),
    "bayes_opt": ("bayesian-optimization",),
    "dateutil": ("python-dateutil",),
    "google": ("protobuf",),
}


def canonical(name: str) -> str:
    """A distribution name as pip compares them (PEP 503): lower case, runs of -_. as one -."""
    return re.sub(r"[-_.]+", "-", name).lower()


def read_freeze(path: str | Path) -> dict[str, str]:
    """Distribution (canonical name) -> version from a `pip freeze` file ("" when unpinned)."""
    file = Path(path).expanduser()
    if not file.is_file():
        raise MleWorldError(f"packages file {file} does not exist; {_FIX}")
    try:
        text = file.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise MleWorldError(f"packages file {file} is not UTF-8 text; {_FIX}") from None
    except OSError as exc:
        raise MleWorldError(
            f"cannot read packages file {file}: {exc.strerror or exc}; {_FIX}"
        ) from None
    found: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line or line.startswith("#"):
            continue
        if line.startswith("-"):
            egg = _EGG.search(line)
            if egg:
                found[canonical(egg.group(1))] = ""
            continue  # pip options (-e without an egg name, -i, --hash, ...) name no package
        pinned = _PINNED.match(line)
        direct = None if pinned else _DIRECT.match(line)
        if pinned:
            found[canonical(pinned.group(1))] = pinned.group(2)
        elif direct:
            found[canonical(direct.group(1))] = ""
        else:
            shown = line if len(line) <= 60 else line[:57] + "..."
            raise MleWorldError(
                f"packages file {file} line {number}: {shown!r} is not a `name==version` line; {_FIX}"
            )
    if not found:
        raise MleWorldError(f"packages file {file} lists no packages; {_FIX}")
    return found


@cache
def _installed_map() -> dict[str, tuple[str, ...]]:
    import importlib.metadata

    return {
        module: tuple(canonical(d) for d in dists)
        for module, dists in importlib.metadata.packages_distributions().items()
    }


def distributions_of(module: str) -> tuple[str, ...]:
    """The distributions (canonical names) that may provide top-level `module`."""
    known = _installed_map().get(module)
    if known:
        return known
    return tuple(canonical(d) for d in MODULE_DISTRIBUTIONS.get(module, (module,)))


@lru_cache(maxsize=2048)
def program_modules(program: str) -> tuple[str, ...]:
    """The top-level modules `program` imports (codegen.packages), cached: a prediction asks
    several times. Its tree is the one static analysis reads (parsing is most of the cost)."""
    from mleworld.world.static.syntax import parse  # the analysis package, loaded when used

    try:
        tree = parse(program)
    except (SyntaxError, ValueError):
        return tuple(imported_modules(program))  # scanned line by line
    return tuple(modules_in(tree))


def failing_imports_in(program: str, packages: Mapping[str, str]) -> list[str]:
    """Top-level modules `program` imports that nothing in `packages` provides."""
    failing = []
    for module in program_modules(program):
        if module in sys.stdlib_module_names:
            continue
        if not any(d in packages for d in distributions_of(module)):
            failing.append(module)
    return failing


def imported_distributions(program: str, packages: Mapping[str, str]) -> list[str]:
    """The distributions of `packages` that provide a module `program` imports, in import order."""
    names: list[str] = []
    for module in program_modules(program):
        names.extend(d for d in distributions_of(module) if d in packages)
    return list(dict.fromkeys(names))


def environment_input(x: WorldInput, packages: Mapping[str, str]) -> WorldInput:
    """`x` as it would be on the machine whose `pip freeze` is `packages`."""
    wanted: Iterable[str] = (
        *(canonical(n) for n in DEFAULT_PACKAGES),
        *imported_distributions(x.program, packages),
    )
    listed = {name: packages[name] for name in dict.fromkeys(wanted) if name in packages}
    return replace(x, packages=listed, failing_imports=failing_imports_in(x.program, packages))


__all__ = [
    "MODULE_DISTRIBUTIONS",
    "canonical",
    "distributions_of",
    "environment_input",
    "failing_imports_in",
    "imported_distributions",
    "program_modules",
    "read_freeze",
]
