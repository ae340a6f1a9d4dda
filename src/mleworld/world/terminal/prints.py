"""How a predicted program's prints read: values as text, format specs, log records.

The abstract walk (walk.py) evaluates what it can of a print's
arguments; this module turns the result into the characters the program would
print. Known values are formatted with Python's own machinery (`format`,
`str.format`, `%`), so `{auc:.4f}` of 0.87314 prints `0.8731` exactly as the
program would. A value the walk could not compute is replaced by a plausible
one chosen from the name it was read under and the format it is printed with
(`guess`): a score-like name gets the predicted metric, a row count the data's
row count, an elapsed time the predicted runtime.

Log records are laid out as `logging.basicConfig` would (format, date format,
style), with a fixed clock so the text is deterministic.

Not here: walking the program (walk.py), tracebacks (output.py).
"""

from __future__ import annotations

import math
import re
import string
import time
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any

from mleworld.world.terminal.frames import frame_text, series_text
from mleworld.world.terminal.values import (
    Column,
    Estimator,
    IndexArray,
    Instance,
    Table,
    Unknown,
)

__all__ = [
    "LogConfig",
    "Scene",
    "format_field",
    "format_method",
    "guess",
    "log_line",
    "percent_format",
    "plain",
    "to_text",
]

DEFAULT_SCORE = 0.8
# A fixed wall clock for log timestamps: same inputs, same text.
_EPOCH = time.mktime((2025, 1, 1, 12, 0, 0, 0, 1, 0))
LEVELS = {"DEBUG": 10, "INFO": 20, "WARNING": 30, "WARN": 30, "ERROR": 40, "CRITICAL": 50}
LEVEL_NAMES = {10: "DEBUG", 20: "INFO", 30: "WARNING", 40: "ERROR", 50: "CRITICAL"}


@dataclass
class Scene:
    """What the guesses draw on: the predicted metric, runtime and the data's size."""

    metric: float | None = None
    metric_name: str | None = None  # the task's metric ("auc", "logloss", "rmse", ...)
    default: float = DEFAULT_SCORE  # the score to print when no metric was predicted
    rows: int | None = None  # rows of the training table
    cols: int | None = None  # its columns
    runtime_s: float | None = None

    @property
    def score(self) -> float:
        return self.default if self.metric is None else self.metric


@dataclass
class LogConfig:
    configured: bool = False
    level: int = 30  # the root logger's level (WARNING until basicConfig says otherwise)
    fmt: str = "%(levelname)s:%(name)s:%(message)s"
    datefmt: str | None = None
    style: str = "%"


# ---------------------------------------------------------------------------
# Guessing a value the walk could not compute

_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_SCORE_WORDS = frozenset(
    [
        "score",
        "scores",
        "auc",
        "roc",
        "acc",
        "accuracy",
        "loss",
        "logloss",
        "rmse",
        "mse",
        "mae",
        "rmsle",
        "mape",
        "f1",
        "r2",
        "metric",
        "metrics",
        "cv",
        "val",
        "valid",
        "validation",
        "oof",
        "kappa",
        "qwk",
        "precision",
        "recall",
        "gini",
        "result",
        "res",
        "performance",
        "perf",
        "err",
        "error",
        "map",
        "ndcg",
        "iou",
        "dice",
        "corr",
        "spearman",
        "pearson",
        "best",
        "mean",
        "avg",
    ]
)
_COUNT_WORDS = {
    "rows": "rows",
    "samples": "rows",
    "len": "rows",
    "length": "rows",
    "size": "rows",
    "n": "rows",
    "num": "rows",
    "count": "rows",
    "train": "rows",
    "features": "cols",
    "feature": "cols",
    "feats": "cols",
    "cols": "cols",
    "columns": "cols",
    "dim": "cols",
    "iteration": "iters",
    "iterations": "iters",
    "iter": "iters",
    "iters": "iters",
    "rounds": "iters",
    "round": "iters",
    "estimators": "iters",
    "trees": "iters",
    "epoch": "one",
    "epochs": "iters",
    "fold": "one",
    "folds": "folds",
    "splits": "folds",
    "classes": "classes",
    "class": "classes",
    "seed": "seed",
    "idx": "one",
    "i": "one",
    "k": "folds",
}
_TIME_WORDS = frozenset(
    ["time", "elapsed", "sec", "secs", "seconds", "duration", "took", "runtime", "dt"]
)


def _words(hint: str) -> list[str]:
    return [w.lower() for w in _WORDS.findall(hint)]


def guess(hint: str, spec: str, scene: Scene) -> Any:
    """A plausible value for an unknown read under `hint`, printed with format `spec`."""
    words = _words(hint)
    kind = spec[-1:] if spec and spec[-1:].isalpha() or spec.endswith("%") else ""
    wants_int = kind in ("d", "n", "x", "X", "o", "b", "c")
    wants_float = kind in ("e", "E", "f", "F", "g", "G", "%")
    if "shape" in words and not wants_int and not wants_float:
        return (scene.rows or 1000, scene.cols or 10)
    if any(w in _TIME_WORDS for w in words):
        value = round((scene.runtime_s or 2.0) * 0.5, 2)
        return int(value) if wants_int else value
    if any(w in ("std", "stdev", "var", "sd") for w in words):
        return abs(scene.score) * 0.01
    if any(w in ("lr", "learning", "eta") for w in words):
        return 0.05
    count = next((_COUNT_WORDS[w] for w in reversed(words) if w in _COUNT_WORDS), None)
    scored = any(w in _SCORE_WORDS for w in words)
    if count is not None and (wants_int or (not wants_float and not scored)):
        return {
            "rows": scene.rows or 1000,
            "cols": scene.cols or 10,
            "iters": 100,
            "one": 1,
            "folds": 5,
            "classes": 2,
            "seed": 42,
        }[count]
    if wants_int:
        return 1
    if wants_float or any(w in _SCORE_WORDS for w in words):
        return scene.score
    return hint or "?"


# ---------------------------------------------------------------------------
# Values as text


def to_text(value: Any, scene: Scene, hint: str = "") -> str:
    """`str(value)` as the program would print it."""
    if isinstance(value, Unknown):
        return str(guess(value.hint or hint, "", scene))
    if isinstance(value, Table):
        return frame_text(value)
    if isinstance(value, Column):
        return series_text(value)
    if isinstance(value, Estimator):
        params = ", ".join(f"{k}={_param_text(v)}" for k, v in value.params.items())
        return f"{value.cls}({params})"
    if isinstance(value, IndexArray):
        return f"[0 1 2 ... {max((value.rows or 1000) - 1, 3)}]"
    if isinstance(value, Instance):
        return f"<__main__.{value.cls.name} object at 0x7f3a2c1b5e50>"
    if isinstance(value, _PRINTABLE):
        try:
            return str(plain(value, scene))
        except Exception:
            return hint or "?"
    return str(guess(hint, "", scene))  # a value the walk models but cannot print (`m.n_iter_`)


def _param_text(value: Any) -> str:
    return repr(value) if isinstance(value, (str, int, float, bool, type(None))) else "..."


def plain(value: Any, scene: Scene) -> Any:
    """A value with every unknown inside a container replaced by a guess."""
    if isinstance(value, Unknown):
        return guess(value.hint, "", scene)
    if isinstance(value, tuple):
        return tuple(plain(v, scene) for v in value)
    if isinstance(value, list):
        return [plain(v, scene) for v in value[:50]]
    if isinstance(value, dict):
        return {k: plain(v, scene) for k, v in list(value.items())[:50]}
    if isinstance(value, (Table, Column, Estimator, IndexArray, Instance)):
        return _Raw(to_text(value, scene))
    return value if isinstance(value, _PRINTABLE) else guess("", "", scene)


# What a program's own values print as themselves; the walk's other values (a method bound
# to a model, a class the program defines) print as a guess, never as the walk's repr.
_PRINTABLE = (str, int, float, complex, bool, type(None), tuple, list, dict, set, PurePath)


class _Raw(str):
    def __repr__(self) -> str:
        return str(self)


def format_field(value: Any, spec: str, conversion: int, scene: Scene, hint: str = "") -> str:
    """One `{value!conv:spec}` replacement field of an f-string."""
    if isinstance(value, Unknown):
        value = guess(value.hint or hint, spec, scene)
    elif isinstance(value, (Table, Column, Estimator, IndexArray, Instance)):
        if spec and spec[-1:] in "dfeEgG%":
            value = guess(hint, spec, scene)
        else:
            value = _Raw(to_text(value, scene, hint))
    elif isinstance(value, _PRINTABLE) or hasattr(value, "__float__"):
        value = plain(value, scene)
    else:
        value = guess(hint, spec, scene)
    if conversion == ord("r"):
        value = repr(value)
    elif conversion == ord("s"):
        value = str(value)
    elif conversion == ord("a"):
        value = ascii(value)
    try:
        return format(value, spec)
    except (ValueError, TypeError):
        pass
    # A spec that does not fit the value (`:d` of a float, `:.4f` of a string).
    try:
        if spec[-1:] in ("d", "n", "x", "X") and isinstance(value, (int, float)):
            return format(int(value), spec)
        if isinstance(value, (int, float)):
            return format(float(value), spec)
        return format(guess(hint, spec, scene), spec)
    except (ValueError, TypeError, OverflowError):
        return str(value)


def format_method(fmt: str, args: list[Any], kwargs: dict[str, Any], scene: Scene) -> str:
    """`fmt.format(*args, **kwargs)` with unknown arguments guessed from their field spec."""
    out: list[str] = []
    auto = 0
    try:
        fields = list(string.Formatter().parse(fmt))
    except ValueError:
        return fmt
    for literal, name, spec, conv in fields:
        out.append(literal)
        if name is None:
            continue
        base, rest = re.match(r"^([^.\[]*)(.*)$", name).groups()  # type: ignore[union-attr]
        if base == "":
            key: int | str = auto
            auto += 1
        elif base.isdigit():
            key = int(base)
        else:
            key = base
        if isinstance(key, int):
            value = args[key] if key < len(args) else Unknown(str(key))
        else:
            value = kwargs.get(key, Unknown(key))
        if rest:
            value = _field_access(value, rest)
        spec = format_method(spec, args, kwargs, scene) if "{" in (spec or "") else (spec or "")
        code = ord(conv) if conv else -1
        out.append(format_field(value, spec, code, scene, str(key)))
    return "".join(out)


def _field_access(value: Any, rest: str) -> Any:
    for attr, index in re.findall(r"\.(\w+)|\[([^\]]*)\]", rest):
        if attr:
            if isinstance(value, Table) and attr == "shape":
                value = value.shape or Unknown("shape")
            else:
                value = Unknown(attr)
        else:
            try:
                value = value[int(index)] if index.isdigit() else value[index]
            except Exception:
                value = Unknown(index)
    return value


_PERCENT = re.compile(
    r"%(?:\((?P<key>[^)]*)\))?(?P<flags>[#0\- +]*)(?P<width>\*|\d+)?(?:\.(?P<prec>\*|\d+))?"
    r"[hlL]?(?P<type>[diouxXeEfFgGcrsa%])"
)


def percent_format(fmt: str, args: Any, scene: Scene) -> str:
    """`fmt % args` with unknown arguments guessed from their conversion type."""
    specs = [m for m in _PERCENT.finditer(fmt) if m["type"] != "%"]
    if isinstance(args, dict) or any(m["key"] is not None for m in specs):
        mapping = args if isinstance(args, dict) else {}
        values: Any = {
            m["key"]: _percent_value(mapping.get(m["key"], Unknown(m["key"] or "")), m, scene)
            for m in specs
        }
    else:
        items = list(args) if isinstance(args, tuple) else [args]
        values = tuple(
            _percent_value(items[i] if i < len(items) else Unknown(""), m, scene)
            for i, m in enumerate(specs)
        )
        if len(values) == 1 and not isinstance(args, tuple):
            values = values[0] if not isinstance(values[0], tuple) else (values[0],)
    try:
        return fmt % values
    except (TypeError, ValueError, KeyError):
        return fmt


def _percent_value(value: Any, m: re.Match[str], scene: Scene) -> Any:
    kind = m["type"]
    if isinstance(value, Unknown):
        spec = "d" if kind in "diouxXc" else ("f" if kind in "eEfFgG" else "")
        value = guess(value.hint, spec, scene)
    elif isinstance(value, (Table, Column, Estimator, IndexArray, Instance)):
        return _Raw(to_text(value, scene)) if kind in "sra" else guess("", kind, scene)
    value = plain(value, scene)
    if kind in "diouxX" and isinstance(value, float) and math.isfinite(value):
        return int(value)
    if kind in "eEfFgGdiouxX" and not isinstance(value, (int, float)):
        return guess("", "f" if kind in "eEfFgG" else "d", scene)
    return value


# ---------------------------------------------------------------------------
# Log records


def log_line(
    cfg: LogConfig,
    level: int,
    logger: str,
    message: str,
    *,
    lineno: int,
    func: str,
    clock_s: float,
) -> str:
    """One record as basicConfig's handler would print it."""
    if not cfg.configured:
        return message  # the last-resort handler prints the bare message
    created = _EPOCH + clock_s
    msecs = int((created - int(created)) * 1000)
    stamp = time.strftime(cfg.datefmt or "%Y-%m-%d %H:%M:%S", time.localtime(created))
    if cfg.datefmt is None:
        stamp = f"{stamp},{msecs:03d}"
    record = {
        "name": logger,
        "levelname": LEVEL_NAMES.get(level, f"Level {level}"),
        "levelno": level,
        "message": message,
        "asctime": stamp,
        "filename": "runfile.py",
        "module": "runfile",
        "pathname": "runfile.py",
        "lineno": lineno,
        "funcName": func,
        "process": 4242,
        "processName": "MainProcess",
        "thread": 139872,
        "threadName": "MainThread",
        "created": created,
        "msecs": msecs,
        "relativeCreated": clock_s * 1000.0,
        "taskName": None,
    }
    try:
        if cfg.style == "{":
            return cfg.fmt.format(**record)
        if cfg.style == "$":
            return string.Template(cfg.fmt).safe_substitute(record)
        return cfg.fmt % record
    except (KeyError, ValueError, TypeError, IndexError):
        return message
