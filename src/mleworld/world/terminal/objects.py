"""Methods, attributes and subscripts of the values in the synthesiser's abstract run.

What `df.drop(columns=...)`, `df.shape`, `df["col"]`, `X.iloc[idx]`,
`model.fit(X, y)`, `model.predict_proba(X)[:, 1]`, `splitter.split(X, y)`,
`logger.info(...)`, `"...".format(...)` or `scores.append(s)` give, for the
value types of values.py. A method of a library module is a function call
(library.py).

This module dispatches by value type and owns the methods of Python's own
values (str, list, dict), loggers and unknown values, and the attributes and
subscripts of everything but tables. DataFrames and Series are
table_methods.py's; models, splitters and searches model_methods.py's.

Not here: the walk (walk.py), library functions (library.py).
"""

from __future__ import annotations

import ast
import contextlib
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from mleworld.world.static.printed import position
from mleworld.world.terminal import prints as tp
from mleworld.world.terminal.learning import (
    scoring_call,
)
from mleworld.world.terminal.library import call_library
from mleworld.world.terminal.model_methods import _estimator_method
from mleworld.world.terminal.pycalls import _CONSTANTS, _KNOWN_LOG_LEVELS, _SAFE_STR_METHODS, _level
from mleworld.world.terminal.table_methods import (
    _column_method,
    _key_hint,
    _locate,
    _slice_len,
    _table_attr,
    _table_item,
    _table_method,
)
from mleworld.world.terminal.tabular import (
    _numpy,
    _rows,
)
from mleworld.world.terminal.values import (
    Bound,
    Column,
    Estimator,
    FuncRef,
    IndexArray,
    Instance,
    Logger,
    ModuleRef,
    Splits,
    Table,
    Unknown,
)

if TYPE_CHECKING:
    from mleworld.world.terminal.walk import Walker

__all__ = ["attribute", "call_method", "subscript"]


def call_method(
    w: Walker, obj: Any, name: str, args: list[Any], kwargs: dict[str, Any], node: ast.Call
) -> Any:
    key = position(node) if name == "info" else None
    shown = w.printed.get(key) if key is not None else None
    if isinstance(shown, str):  # the frame's own info() table (static/shown.py)
        w.emit(shown)
        return None
    if isinstance(obj, Logger):
        return _logger_method(w, obj, name, args, node)
    if isinstance(obj, str):
        return _str_method(w, obj, name, args, kwargs)
    if isinstance(obj, list):
        return _list_method(w, obj, name, args)
    if isinstance(obj, dict):
        return _dict_method(obj, name, args)
    if isinstance(obj, Table):
        return _table_method(w, obj, name, args, kwargs, node)
    if isinstance(obj, Column):
        return _column_method(obj, name, args, kwargs)
    if isinstance(obj, Estimator):
        return _estimator_method(w, obj, name, args, kwargs, node)
    if isinstance(obj, PurePosixPath):
        if name in ("joinpath", "with_suffix", "with_name"):
            strs = [str(a) for a in args if isinstance(a, str)]
            try:
                return getattr(obj, name)(*strs)
            except ValueError:
                return Unknown(name)
        if name in ("exists", "is_file", "is_dir"):
            return True
        return None if name in ("mkdir", "touch", "unlink") else Unknown(name)
    if isinstance(obj, FuncRef):
        return call_library(w, f"{obj.qualname}.{name}", args, kwargs, node)
    if isinstance(obj, Unknown):
        return _unknown_method(w, obj, name, args, node)
    if isinstance(obj, Bound) and obj.name == "str":
        return obj.obj if isinstance(obj.obj, Column) else Unknown(name)
    return Unknown(name)


def _logger_method(w: Walker, logger: Logger, name: str, args: list[Any], node: ast.Call) -> Any:
    if name in _KNOWN_LOG_LEVELS:
        w.log_call(logger, _KNOWN_LOG_LEVELS[name], args, node)
    elif name == "log" and args:
        w.log_call(logger, _level(args[0]) or 20, args[1:], node)
    elif name == "setLevel" and args:
        logger.level = _level(args[0])
    return None


def _str_method(w: Walker, text: str, name: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
    if name == "format":
        return tp.format_method(text, args, kwargs, w.scene)
    if name == "join":
        items = w.items_of(args[0]) if args else None
        if items is None:
            return Unknown("join")
        return text.join(tp.to_text(x, w.scene) for x in items)
    if name in _SAFE_STR_METHODS and all(isinstance(a, (str, int)) for a in args):
        try:
            return getattr(text, name)(*args)
        except (TypeError, ValueError):
            return Unknown(name)
    return Unknown(name)


def _list_method(w: Walker, items: list[Any], name: str, args: list[Any]) -> Any:
    if name == "append" and args:
        if len(items) < 100_000:
            items.append(args[0])
        return None
    if name == "extend" and args:
        more = w.items_of(args[0])
        if more is not None:
            items.extend(more)
        return None
    if name == "insert" and len(args) == 2 and isinstance(args[0], int):
        items.insert(args[0], args[1])
        return None
    if name == "pop":
        try:
            return items.pop(*args[:1])
        except (IndexError, TypeError):
            return Unknown("pop")
    if name == "copy":
        return list(items)
    if name in ("remove",) and args:
        if args[0] in items:
            items.remove(args[0])
        return None
    if name in ("index", "count") and args:
        try:
            return getattr(items, name)(args[0])
        except ValueError:
            return Unknown(name)
    if name == "sort":
        with contextlib.suppress(TypeError):
            items.sort()
        return None
    if name in ("mean", "std", "sum", "min", "max"):  # a numpy array in disguise
        return _numpy(w, name, [items], {})
    return Unknown(name)


def _dict_method(d: dict[Any, Any], name: str, args: list[Any]) -> Any:
    if name == "get" and args:
        key = args[0]
        try:
            return d.get(key, args[1] if len(args) > 1 else None)
        except TypeError:
            return Unknown("get")
    if name == "items":
        return list(d.items())
    if name == "keys":
        return list(d.keys())
    if name == "values":
        return list(d.values())
    if name == "update" and args and isinstance(args[0], dict):
        d.update(args[0])
        return None
    if name == "setdefault" and args:
        try:
            return d.setdefault(args[0], args[1] if len(args) > 1 else None)
        except TypeError:
            return Unknown("setdefault")
    if name == "copy":
        return dict(d)
    if name == "pop" and args:
        try:
            return d.pop(args[0], *args[1:2])
        except (KeyError, TypeError):
            return Unknown("pop")
    return Unknown(name)


def _unknown_method(w: Walker, obj: Unknown, name: str, args: list[Any], node: ast.Call) -> Any:
    a0 = args[0] if args else None
    if name in ("fit", "train"):
        w.expensive(node, Estimator(obj.hint, obj.hint, {}), args)
        return obj
    if name in ("predict", "decision_function"):
        return Column(_rows(a0))
    if name == "predict_proba":
        return Table(_rows(a0), 2, array=True)
    if name in ("transform", "fit_transform"):
        return Table(_rows(a0), None, array=True)
    if name == "split":
        return Splits(w.n_folds_hint or 5, _rows(a0))
    if name in _KNOWN_LOG_LEVELS and "log" in obj.hint.lower():
        w.log_call(Logger(obj.hint), _KNOWN_LOG_LEVELS[name], args, node)
        return None
    return Unknown(name)


def attribute(w: Walker, obj: Any, name: str) -> Any:
    if isinstance(obj, (ModuleRef, FuncRef)):
        base = obj.name if isinstance(obj, ModuleRef) else obj.qualname
        qual = f"{base}.{name}"
        if qual in _CONSTANTS:
            return _CONSTANTS[qual]
        return FuncRef(qual)
    if isinstance(obj, Table):
        return _table_attr(obj, name)
    if isinstance(obj, Column):
        if name in ("values", "array"):
            return Column(obj.rows, obj.name, obj.info)
        if name == "shape":
            return (obj.rows,) if obj.rows is not None else Unknown("shape")
        if name == "name":
            return obj.name if obj.name is not None else Unknown("name")
        if name in ("size",):
            return obj.rows if obj.rows is not None else Unknown("size")
        if name == "dtype":
            return obj.info.dtype if obj.info else Unknown("dtype")
        return Bound(obj, name)
    if isinstance(obj, Estimator):
        if name in obj.fitted:
            return obj.fitted[name]
        if name in obj.params:
            return obj.params[name]
        if name == "best_score_":
            score = w.score(scoring_call(obj.params.get("scoring"), obj.params.get("estimator")))
            scoring = obj.params.get("scoring")
            return -score if isinstance(scoring, str) and scoring.startswith("neg_") else score
        if name == "feature_importances_":
            return Column(obj.fitted_cols)
        if name.endswith("_") and not name.startswith("_"):
            return Unknown(name.rstrip("_"))
        return Bound(obj, name)
    if isinstance(obj, PurePosixPath):
        if name in ("name", "stem", "suffix", "parent"):
            return getattr(obj, name)
        return Bound(obj, name)
    if isinstance(obj, Instance):
        return obj.attrs.get(name, Unknown(name))
    if isinstance(obj, Unknown) and name in ("shape", "columns", "size", "index"):
        return Unknown(name)
    if isinstance(obj, (str, list, dict, Logger, Unknown, Splits, IndexArray, tuple)):
        return Bound(obj, name)
    return Unknown(name)


def subscript(w: Walker, obj: Any, key: Any, node: ast.Subscript) -> Any:
    if isinstance(obj, (list, tuple, str, range)) and isinstance(key, (int, slice)):
        try:
            return obj[key]
        except IndexError:
            return Unknown(_key_hint(node))
    if isinstance(obj, dict):
        if isinstance(key, str):
            w.event("key", node)
        try:
            return obj[key]
        except (KeyError, TypeError):
            return Unknown(key if isinstance(key, str) else _key_hint(node))
    if isinstance(obj, Table):
        return _table_item(w, obj, key, node)
    if isinstance(obj, Bound) and isinstance(obj.obj, Table) and obj.name in ("iloc", "loc"):
        return _locate(obj.obj, key)
    if isinstance(obj, Column):
        if isinstance(key, IndexArray):
            return Column(key.rows, obj.name, obj.info)
        if isinstance(key, slice):
            return Column(_slice_len(key, obj.rows), obj.name, obj.info)
        if isinstance(key, Column):
            return Column(obj.rows, obj.name, obj.info)
        return Unknown(obj.name or _key_hint(node))
    if isinstance(obj, Bound) and isinstance(obj.obj, Column) and obj.name in ("iloc", "loc"):
        return subscript(w, obj.obj, key, node)
    if isinstance(obj, Unknown) and obj.hint == "shape" and isinstance(key, int):
        return Unknown("rows" if key == 0 else "cols")
    return Unknown(key if isinstance(key, str) else _key_hint(node))
