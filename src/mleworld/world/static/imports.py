"""Imports that cannot be resolved, and the real modules analysis may look inside.

`import x.y` fails with ModuleNotFoundError naming the first part Python cannot
find ("No module named 'x.y'", "...; 'x' is not a package"); `from x import y`
fails with ImportError when module x has no attribute or submodule y
("cannot import name 'y' from 'x' (<its file>)"). Existence is asked of the
import system without importing anything (`importlib.util.find_spec` for
top-level names, the parent's search path for submodules).

Analysis imports a module for real only when that is cheap and harmless: it is
already imported, it is in the standard library (minus the few with import-time
effects), or it is one of the common data-science packages in LOADABLE. Other
modules are checked for existence only, and their attributes are not checked.
Statuses are cached per process.
"""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import importlib.util
import sys
import threading
import types
import warnings
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mleworld.world.static import torch_calls
from mleworld.world.static.values import UNKNOWN, ModuleVal, Obj, Value

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

LOADABLE = frozenset(
    {
        "numpy",
        "pandas",
        "sklearn",
        "scipy",
        "lightgbm",
        "xgboost",
        "catboost",
        "statsmodels",
        "joblib",
        "pyarrow",
        "polars",
        "tqdm",
        "imblearn",
        "category_encoders",
        "matplotlib",
        "seaborn",
        "optuna",
        "PIL",
    }
)
# Standard-library modules with effects at import (a browser, a window, printing).
_NEVER = frozenset(
    {"antigravity", "this", "idlelib", "turtledemo", "turtle", "tkinter", "__hello__", "__phello__"}
)


@dataclass(frozen=True)
class Missing:
    message: str  # what ModuleNotFoundError says
    confidence: float


Status = types.ModuleType | Missing | None  # None: exists, not loaded by analysis
_STATUS: dict[str, Status] = {}
_LOCK = threading.RLock()


# Followed by name whether or not this process has loaded them (torch_calls.py), so that a
# server that imported torch predicts what a fresh process does.
BY_NAME = frozenset({"torch"})


def may_load(name: str) -> bool:
    top = name.partition(".")[0]
    if top in BY_NAME:
        return False
    if name in sys.modules:
        return True
    if top in LOADABLE:
        return True
    return top in sys.stdlib_module_names and top not in _NEVER


def status(name: str) -> Status:
    """The module named `name` (loaded), Missing, or None when it exists but is not loaded."""
    loaded = sys.modules.get(name)
    if loaded is not None and name.partition(".")[0] not in BY_NAME:
        return loaded
    with _LOCK:
        if name in _STATUS:
            return _STATUS[name]
        result = _resolve(name)
        _STATUS[name] = result
        return result


def _resolve(name: str) -> Status:
    parent, _, _ = name.rpartition(".")
    if parent:
        parent_status = status(parent)
        if isinstance(parent_status, Missing):
            return parent_status
        if isinstance(parent_status, types.ModuleType):
            if not hasattr(parent_status, "__path__"):
                return Missing(f"No module named '{name}'; '{parent}' is not a package", 0.95)
            spec = _find(name)
            confidence = 0.95
        else:
            locations = _search_path(parent)
            if locations is None:
                return None
            spec = importlib.machinery.PathFinder.find_spec(name, locations)
            confidence = 0.85
    else:
        spec = _find(name)
        confidence = 0.97
    if spec is None:
        return Missing(f"No module named '{name}'", confidence)
    if not may_load(name):
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        return Missing(str(exc), 0.9)  # the module itself imports something missing
    except Exception:
        return None


def _find(name: str) -> importlib.machinery.ModuleSpec | None:
    try:
        return importlib.util.find_spec(name)
    except (ImportError, ValueError, AttributeError):
        return None


def _search_path(package: str) -> list[str] | None:
    """Where a package's submodules live, found without importing it."""
    top, *rest = package.split(".")
    spec = _find(top)
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    prefix = top
    for part in rest:
        prefix = f"{prefix}.{part}"
        spec = importlib.machinery.PathFinder.find_spec(prefix, locations)
        if spec is None:
            return None
        locations = list(spec.submodule_search_locations or [])
    return locations or None


def _module_value(name: str, st: Status) -> Value:
    return ModuleVal(name, st if isinstance(st, types.ModuleType) else None)


def _missing(walker: Walker, name: str, st: Missing, node: ast.AST) -> None:
    confidence = st.confidence
    if name.partition(".")[0] in walker.index.py_files:
        return  # the program writes that module's file itself
    if walker.index.sys_path_changed:
        confidence *= 0.5  # it may be found where the program points sys.path
    message = f"ModuleNotFoundError: {st.message}"
    walker.emit("imports", "ModuleNotFoundError", message, node, confidence)


def handle_import(walker: Walker, node: ast.Import) -> None:
    for alias in node.names:
        walker.imported.add(alias.name)
        st = status(alias.name)
        bound = alias.asname or alias.name.partition(".")[0]
        if isinstance(st, Missing):
            _missing(walker, alias.name, st, node)
            walker.bind(bound, UNKNOWN)
            continue
        if st is None:
            walker.opaque_imports.add(alias.name)
        if alias.asname:
            walker.bind(bound, _module_value(alias.name, st))
        else:
            walker.bind(bound, _module_value(bound, status(bound)))


# scikit-learn's experimental estimators import only after their enabling module; the
# package's own __getattr__ says so. Decided from the program's imports, not from what this
# process happened to enable.
EXPERIMENTAL = {
    ("sklearn.impute", "IterativeImputer"): "sklearn.experimental.enable_iterative_imputer",
    ("sklearn.model_selection", "HalvingGridSearchCV"): (
        "sklearn.experimental.enable_halving_search_cv"
    ),
    ("sklearn.model_selection", "HalvingRandomSearchCV"): (
        "sklearn.experimental.enable_halving_search_cv"
    ),
}


def _experimental(module: types.ModuleType, name: str) -> str | None:
    """The ImportError line importing an experimental estimator without its enabling module gives."""
    refuse = module.__dict__.get("__getattr__")
    if refuse is None:
        return None
    try:
        refuse(name)
    except ImportError as exc:
        return f"ImportError: {exc}"
    except Exception:
        return None
    return None


def handle_import_from(walker: Walker, node: ast.ImportFrom) -> None:
    names = [a for a in node.names if a.name != "*"]
    if node.level or not node.module or node.module == "__future__":
        for alias in names:
            walker.bind(alias.asname or alias.name, UNKNOWN)
        return
    module_name = node.module
    walker.imported.add(module_name)
    st = status(module_name)
    if isinstance(st, Missing):
        _missing(walker, module_name, st, node)
        for alias in names:
            walker.bind(alias.asname or alias.name, UNKNOWN)
        return
    if st is None:
        walker.opaque_imports.add(module_name)
    for alias in names:
        target = alias.asname or alias.name
        if module_name == "sklearn.experimental":
            walker.imported.add(f"{module_name}.{alias.name}")
        enabling = EXPERIMENTAL.get((module_name, alias.name))
        if enabling is not None and enabling not in walker.imported:
            message = _experimental(st, alias.name) if isinstance(st, types.ModuleType) else None
            if message is not None:
                walker.emit("imports", "ImportError", message, node, 0.95)
                walker.bind(target, UNKNOWN)
                continue
        if not isinstance(st, types.ModuleType):
            walker.imported.add(f"{module_name}.{alias.name}")
            walker.bind(target, torch_calls.named(f"{module_name}.{alias.name}") or UNKNOWN)
            continue
        value = _from_module(st, alias.name)
        if value is None:
            walker.emit("imports", "ImportError", _cannot_import(st, alias.name), node, 0.95)
            value = UNKNOWN
        walker.bind(target, value)


def module_aliases(tree: ast.Module | None) -> dict[str, str]:
    """Name -> the dotted name it stands for, for each import at the top of the module's body
    (not those under `if` or `try`). For readers outside the walk."""
    out: dict[str, str] = {}
    for node in tree.body if tree is not None else ():
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                out[alias.asname or top] = alias.name if alias.asname else top
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                out[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return out


def _cannot_import(module: types.ModuleType, name: str) -> str:
    where = getattr(module, "__file__", None) or "unknown location"
    return f"ImportError: cannot import name '{name}' from '{module.__name__}' ({where})"


def import_failure(node: ast.Import | ast.ImportFrom) -> str | None:
    """The exception line this import statement ends with on this machine; None when it
    imports (or analysis cannot tell). For readers outside the walk."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            st = status(alias.name)
            if isinstance(st, Missing):
                return f"ModuleNotFoundError: {st.message}"
        return None
    if node.level or not node.module or node.module == "__future__":
        return None
    st = status(node.module)
    if isinstance(st, Missing):
        return f"ModuleNotFoundError: {st.message}"
    if isinstance(st, types.ModuleType):
        for alias in node.names:
            if alias.name != "*" and _from_module(st, alias.name) is None:
                return _cannot_import(st, alias.name)
    return None


def _from_module(module: types.ModuleType, name: str) -> Value | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = getattr(module, name)
    except AttributeError:
        if not hasattr(module, "__path__"):
            return None
        sub = status(f"{module.__name__}.{name}")
        return None if isinstance(sub, Missing) else _module_value(f"{module.__name__}.{name}", sub)
    except Exception:
        return UNKNOWN
    if isinstance(value, types.ModuleType):
        return ModuleVal(value.__name__, value)
    return Obj(value, f"{module.__name__}.{name}")
