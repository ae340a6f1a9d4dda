"""What the Python environment offers a program: installed ML packages and unresolvable imports.

Owns the curated list of packages that prompts (and the world model's input x)
report, `installed_packages` (name -> version, only those installed), and
`failing_imports` (top-level modules a program names that this interpreter
cannot find). Programs run under the same interpreter as mleworld, so what is
true here is true for them. It does not install anything.
"""

from __future__ import annotations

import ast
import importlib.metadata
import importlib.util
import platform
import re
from collections import deque
from collections.abc import Iterable, Iterator
from functools import cache

# Distribution names (as pip knows them), the libraries ML solutions reach for.
DEFAULT_PACKAGES: tuple[str, ...] = (
    "numpy",
    "pandas",
    "scipy",
    "scikit-learn",
    "lightgbm",
    "xgboost",
    "catboost",
    "statsmodels",
    "torch",
    "torchvision",
    "torchaudio",
    "torch-geometric",
    "timm",
    "transformers",
    "tokenizers",
    "datasets",
    "sentence-transformers",
    "accelerate",
    "tensorflow",
    "keras",
    "jax",
    "optuna",
    "hyperopt",
    "imbalanced-learn",
    "category-encoders",
    "pyarrow",
    "polars",
    "nltk",
    "spacy",
    "gensim",
    "opencv-python",
    "opencv-python-headless",
    "pillow",
    "scikit-image",
    "albumentations",
    "librosa",
    "networkx",
    "shap",
    "bayesian-optimization",
    "matplotlib",
    "seaborn",
)


def python_version() -> str:
    return platform.python_version()


@cache
def _installed(names: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    found: list[tuple[str, str]] = []
    for name in names:
        try:
            found.append((name, importlib.metadata.version(name)))
        except importlib.metadata.PackageNotFoundError:
            continue
    return tuple(found)


def installed_packages(names: Iterable[str] | None = None) -> dict[str, str]:
    """Installed distributions among `names` (default: DEFAULT_PACKAGES) -> version.

    Keeps the order of `names`; packages not installed are left out. Cached per
    process: environments do not change under a running agent.
    """
    wanted = tuple(DEFAULT_PACKAGES if names is None else names)
    return dict(_installed(wanted))


def format_packages(packages: dict[str, str]) -> str:
    """One `name==version` per line, the form pip users read at a glance."""
    return "\n".join(f"{name}=={version}" for name, version in packages.items())


def imported_modules(code: str) -> list[str]:
    """Top-level module names a program imports, in first-seen order.

    Relative imports and `__future__` are skipped: they never name an installed
    package. A program that does not parse is scanned line by line instead, so
    a syntax error elsewhere does not hide its imports.
    """
    names: list[str] = []
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        for match in re.finditer(
            r"^[ \t]*(?:from[ \t]+([A-Za-z_][\w.]*)[ \t]+import|import[ \t]+([A-Za-z_][\w., \t]*))",
            code,
            re.MULTILINE,
        ):
            if match.group(1):
                names.append(match.group(1))
            else:
                names.extend(part.split()[0] for part in match.group(2).split(",") if part.strip())
    else:
        return modules_in(tree)
    return _tops(names)


def modules_in(tree: ast.Module) -> list[str]:
    """`imported_modules` of a program already parsed."""
    names: list[str] = []
    for node in _statements(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return _tops(names)


# Where a statement can sit: in another statement, an `except` clause or a `match` case.
_HOLDERS = (ast.stmt, ast.excepthandler, ast.match_case)


def _statements(tree: ast.Module) -> Iterator[ast.AST]:
    """The tree's statements in `ast.walk`'s order (breadth first, which decides the import
    order), without entering expressions: they hold no statement, and most nodes are theirs."""
    todo: deque[ast.AST] = deque([tree])
    while todo:
        node = todo.popleft()
        todo.extend(child for child in ast.iter_child_nodes(node) if isinstance(child, _HOLDERS))
        yield node


def _tops(names: list[str]) -> list[str]:
    tops = (name.split(".")[0] for name in names)
    return list(dict.fromkeys(top for top in tops if top and top != "__future__"))


@cache
def _resolvable(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def failing_imports(code: str) -> list[str]:
    """Top-level modules `code` imports that this interpreter cannot find."""
    return [module for module in imported_modules(code) if not _resolvable(module)]
