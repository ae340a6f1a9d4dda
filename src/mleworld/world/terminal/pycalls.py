"""What Python's own functions return in the abstract run: builtins, logging, os, math.

`print`, `len`, `range`, `sorted`, `logging.basicConfig`/`getLogger`/`info`,
`os.path.*` and `math.*` as far as the printed output depends on them, and the
named constants of those modules (and numpy's) that programs read.

Not here: the dispatch of a call to its library (library.py), numpy and pandas
functions (tabular.py), scikit-learn and boosting libraries (learning.py).
"""

from __future__ import annotations

import ast
import math
import posixpath
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from mleworld.world.terminal import prints as tp
from mleworld.world.terminal.trace import Enumerated, Halt, hint_of
from mleworld.world.terminal.values import Column, IndexArray, Logger, Squared, Table, Unknown

if TYPE_CHECKING:
    from mleworld.world.terminal.walk import Walker

_KNOWN_LOG_LEVELS = {"debug": 10, "info": 20, "warning": 30, "warn": 30, "error": 40}


_CONSTANTS: dict[str, Any] = {
    "logging.DEBUG": 10,
    "logging.INFO": 20,
    "logging.WARNING": 30,
    "logging.WARN": 30,
    "logging.ERROR": 40,
    "logging.CRITICAL": 50,
    "numpy.nan": math.nan,
    "numpy.NaN": math.nan,
    "numpy.inf": math.inf,
    "numpy.pi": math.pi,
    "numpy.e": math.e,
    "math.pi": math.pi,
    "math.e": math.e,
    "math.inf": math.inf,
    "math.nan": math.nan,
    "os.sep": "/",
    "sys.maxsize": 2**63 - 1,
}

_SAFE_STR_METHODS = frozenset(
    {
        *("upper", "lower", "title", "capitalize", "strip", "lstrip", "rstrip", "replace"),
        *("split", "rsplit", "startswith", "endswith", "join", "ljust", "rjust", "center"),
        *("zfill", "count", "find", "removeprefix", "removesuffix", "isdigit", "splitlines"),
        "casefold",
    }
)


def _builtin(w: Walker, leaf: str, args: list[Any], kwargs: dict[str, Any], node: ast.Call) -> Any:
    a0 = args[0] if args else None
    if leaf == "print":
        w.print_call(args, kwargs, node)
        return None
    if leaf == "len":
        if isinstance(a0, (Table, Column, IndexArray)):
            return a0.rows if a0.rows is not None else Unknown("len")
        items = w.items_of(a0)
        if items is not None:
            return len(items)
        # the length of what it names: `len(feats)` counts columns, `len(train)` rows;
        # a comprehension is named for what it iterates over (`c for c in X.columns`)
        named = hint_of(node.args[0]) if node.args else ""
        if not named and isinstance(a0, Unknown):
            named = a0.hint
        return Unknown(f"len {named}".strip())
    if leaf == "range":
        if args and all(isinstance(a, int) for a in args):
            return range(*args)
        return Unknown("range")
    if leaf == "enumerate":
        items = w.items_of(a0)
        start = kwargs.get("start", args[1] if len(args) > 1 else 0)
        if items is None or not isinstance(start, int):
            return Enumerated(a0, start if isinstance(start, int) else 0)
        return [(start + i, item) for i, item in enumerate(items)]
    if leaf == "zip":
        lists = [w.items_of(a) for a in args]
        if any(x is None for x in lists):
            return Unknown("zip")
        return [tuple(t) for t in zip(*lists, strict=False)]  # type: ignore[arg-type]
    if leaf in ("list", "tuple", "sorted", "reversed", "set", "frozenset"):
        if not args:
            return {"list": [], "tuple": (), "set": set(), "frozenset": frozenset()}.get(leaf, [])
        items = w.items_of(a0)
        if items is None:
            return Unknown(getattr(a0, "hint", leaf))
        try:
            if leaf == "sorted":
                key = kwargs.get("key")
                reverse = bool(kwargs.get("reverse", False))
                if key is not None:
                    keyed = [(w.call(key, [x], {}, node), i, x) for i, x in enumerate(items[:1000])]
                    if not all(isinstance(k, (int, float, str)) for k, _, _ in keyed):
                        return list(items)
                    return [x for _, _, x in sorted(keyed, key=lambda t: t[:2], reverse=reverse)]
                return sorted(items, reverse=reverse)
            if leaf == "reversed":
                return list(reversed(items))
            return {"list": list, "tuple": tuple, "set": set, "frozenset": frozenset}[leaf](items)
        except TypeError:
            return list(items)
    if leaf == "dict":
        out: dict[Any, Any] = {}
        if a0 is not None:
            if isinstance(a0, dict):
                out.update(a0)
            else:
                for pair in w.items_of(a0) or []:
                    if isinstance(pair, tuple) and len(pair) == 2:
                        out[pair[0]] = pair[1]
        out.update(kwargs)
        return out
    if leaf in ("sum", "min", "max"):
        items = w.items_of(a0) if len(args) == 1 else list(args)
        key = kwargs.get("key")
        if leaf != "sum" and items and key is not None:
            keyed = [(w.call(key, [x], {}, node), x) for x in items[:1000]]
            if all(isinstance(k, (int, float)) for k, _ in keyed):
                pick = min if leaf == "min" else max
                return pick(keyed, key=lambda kx: kx[0])[1]
            return Unknown(leaf)
        if items and all(isinstance(x, (int, float)) for x in items):
            return {"sum": sum, "min": min, "max": max}[leaf](items)
        if leaf == "sum" and items == []:
            return 0
        return Unknown(getattr(a0, "hint", leaf) if len(args) == 1 else leaf)
    if leaf in ("abs", "round"):
        if isinstance(a0, (int, float)):
            return abs(a0) if leaf == "abs" else round(a0, *args[1:2])
        return Unknown(getattr(a0, "hint", leaf))
    if leaf in ("int", "float", "bool"):
        if a0 is None and not args:
            return {"int": 0, "float": 0.0, "bool": False}[leaf]
        try:
            if isinstance(a0, (int, float, str, bool)):
                return {"int": int, "float": float, "bool": bool}[leaf](a0)
        except (ValueError, OverflowError):
            pass
        return Unknown(getattr(a0, "hint", leaf))
    if leaf == "str":
        return tp.to_text(a0, w.scene) if args else ""
    if leaf == "repr":
        return repr(a0) if isinstance(a0, (str, int, float)) else tp.to_text(a0, w.scene)
    if leaf == "format":
        spec = args[1] if len(args) > 1 and isinstance(args[1], str) else ""
        return tp.format_field(a0, spec, -1, w.scene)
    if leaf in ("any", "all"):
        items = w.items_of(a0)
        if items is not None and all(isinstance(x, (bool, int, float, str)) for x in items):
            return any(items) if leaf == "any" else all(items)
        return Unknown(leaf)
    if leaf == "open":
        w.event("file", node)
        return Unknown("file")
    if leaf == "getattr" and len(args) >= 2 and isinstance(args[1], str):
        return w.attribute(a0, args[1])
    if leaf in ("exit", "quit"):
        raise Halt
    return Unknown(leaf)


def _logging(w: Walker, leaf: str, args: list[Any], kwargs: dict[str, Any], node: ast.Call) -> Any:
    if leaf == "basicConfig":
        if w.log.configured and not kwargs.get("force"):
            return None
        w.log.configured = True
        level = _level(kwargs.get("level", 30))
        w.log.level = level if level is not None else 30
        fmt = kwargs.get("format")
        style = kwargs.get("style", "%")
        w.log.style = style if style in ("%", "{", "$") else "%"
        if isinstance(fmt, str):
            w.log.fmt = fmt
        elif w.log.style == "{":
            w.log.fmt = "{levelname}:{name}:{message}"
        datefmt = kwargs.get("datefmt")
        w.log.datefmt = datefmt if isinstance(datefmt, str) else None
        return None
    if leaf == "getLogger":
        name = args[0] if args and isinstance(args[0], str) else "root"
        return Logger(name)
    if leaf in _KNOWN_LOG_LEVELS or leaf == "log":
        if not w.log.configured:
            # The module-level functions configure the root logger on first use.
            w.log.configured = True
        level = _KNOWN_LOG_LEVELS.get(leaf)
        if leaf == "log":
            level = _level(args[0]) if args else None
            args = args[1:]
        w.log_call(None, level or 20, args, node)
        return None
    return Unknown(leaf)


def _level(value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        return tp.LEVELS.get(value.upper())
    return None


def _os(leaf: str, qualname: str, args: list[Any]) -> Any:
    strs = [str(a) for a in args if isinstance(a, (str, PurePosixPath))]
    if qualname == "os.path.join" and len(strs) == len(args) and strs:
        return posixpath.join(*strs)
    if qualname in ("os.path.exists", "os.path.isfile", "os.path.isdir"):
        return True
    if strs and qualname in (
        "os.path.basename",
        "os.path.dirname",
        "os.path.abspath",
        "os.path.normpath",
    ):
        return getattr(posixpath, leaf)(strs[0])
    if qualname == "os.path.splitext" and strs:
        return posixpath.splitext(strs[0])
    if qualname in ("os.makedirs", "os.mkdir", "os.chdir", "os.remove"):
        return None
    if qualname == "os.cpu_count":
        return 2
    if qualname == "os.getcwd":
        return "/workspace"
    return Unknown(leaf)


def _math(leaf: str, args: list[Any]) -> Any:
    if leaf == "sqrt" and args and isinstance(args[0], Squared):
        return args[0].root
    fn = getattr(math, leaf, None)
    if fn is not None and args and all(isinstance(a, (int, float)) for a in args):
        try:
            return fn(*args)
        except (ValueError, OverflowError, TypeError):
            return math.nan
    return Unknown(leaf)
