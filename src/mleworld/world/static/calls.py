"""What calling a library object or a method of a tracked value gives, and what it checks.

A call of a real library object has its keywords checked (kwargs.py); a few
library callables have modelled results (`pd.read_csv` a frame, `Path(...)` a
path, `os.path.join` a string, `sorted(list)` a list), found by identity in
HANDLERS, resolved lazily once their module is loaded. Calling a library class
gives an `Instance`. Methods of frames, series, instances, lists, strings and
paths go to their owners' rules.
"""

from __future__ import annotations

import ast
import os
import sys
import types
from collections.abc import Callable
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from mleworld.world.static import columns, files, frames, kwargs
from mleworld.world.static.values import (
    UNKNOWN,
    Const,
    Frame,
    Instance,
    Keys,
    Method,
    PathVal,
    Seq,
    SeriesVal,
    Value,
    const_str,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

Handler = Callable[["Walker", list[Value], dict[str, Value], ast.Call, bool], Value]


def _path(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    texts = [files.path_text(a) for a in args]
    if star or kw or any(t is None for t in texts):
        return UNKNOWN
    return PathVal(str(PurePosixPath(*texts))) if texts else PathVal(".")  # type: ignore[arg-type]


def _join(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    texts = [files.path_text(a) for a in args]
    if star or not texts or any(t is None for t in texts):
        return UNKNOWN
    return Const(os.path.join(*texts))  # type: ignore[arg-type]


def _exists(kind: str) -> Handler:
    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        found = files.exists(walker, args[0], kind) if args else None
        return Const(found) if found is not None else UNKNOWN

    return handler


def _read(style: str, position: int = 0, keyword: str = "file") -> Handler:
    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        target = args[position] if len(args) > position else kw.get(keyword)
        files.check_read(walker, target, node, style)
        return UNKNOWN

    return handler


def _write(position: int, keyword: str, how: str | None) -> Handler:
    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        target = args[position] if len(args) > position else kw.get(keyword)
        files.record_write(walker, target, node, how)
        return UNKNOWN

    return handler


def _copy(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    if args:
        files.check_read(walker, args[0], node)
    files.record_write(walker, args[1] if len(args) > 1 else kw.get("dst"), node, None)
    return UNKNOWN


def _open(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    target = args[0] if args else kw.get("file")
    mode_value = args[1] if len(args) > 1 else kw.get("mode", Const("r"))
    mode = const_str(mode_value)
    if mode is None:
        return UNKNOWN
    if any(c in mode for c in "wax"):
        files.record_write(walker, target, node, "open")
    else:
        files.check_read(walker, target, node)
    return UNKNOWN


def _mkdir(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    files.record_mkdir(walker, args[0] if args else kw.get("name", kw.get("path")))
    return Const(None)


def _sequence(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    if star or len(args) != 1 or kw.get("key") is not None:
        return UNKNOWN
    source = args[0]
    if isinstance(source, Seq) and source.items is not None:
        return Seq(list(source.items), "list")
    if isinstance(source, Keys):
        return Keys(source.upper, many=True, exact=source.exact)
    if isinstance(source, Frame) and source.columns is not None and source.is_frame:
        return Keys(frozenset(source.columns), many=True, exact=source.exact)
    return UNKNOWN


def _enumerate(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    if star or kw or len(args) != 1 or not isinstance(args[0], Seq) or args[0].items is None:
        return UNKNOWN
    return Seq([Seq([Const(i), item], "tuple") for i, item in enumerate(args[0].items)], "list")


def _zip(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    if star or kw or not args or not all(isinstance(a, Seq) and a.items is not None for a in args):
        return UNKNOWN
    rows = zip(*(a.items for a in args), strict=False)  # type: ignore[union-attr]
    return Seq([Seq(list(row), "tuple") for row in rows], "list")


def _str(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    if len(args) == 1 and not kw:
        if isinstance(args[0], PathVal):
            return Const(args[0].text)
        if isinstance(args[0], Const) and isinstance(args[0].value, str | int | float | bool):
            return Const(str(args[0].value))
    return UNKNOWN


def _series(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    return SeriesVal(const_str(kw.get("name")))


HANDLERS: dict[tuple[str, str], Handler] = {
    ("pandas", "read_csv"): frames.read_csv,
    ("pandas", "read_table"): frames.read_table,
    ("pandas", "read_parquet"): _read("plain", 0, "path"),
    ("pandas", "DataFrame"): frames.dataframe,
    ("pandas", "Series"): _series,
    ("pandas", "concat"): frames.concat,
    ("sklearn.model_selection", "train_test_split"): frames.split,
    ("builtins", "open"): _open,
    ("builtins", "sorted"): _sequence,
    ("builtins", "list"): _sequence,
    ("builtins", "tuple"): _sequence,
    ("builtins", "enumerate"): _enumerate,
    ("builtins", "zip"): _zip,
    ("builtins", "str"): _str,
    ("numpy", "load"): _read("errno"),
    ("numpy", "save"): _write(0, "file", None),
    ("numpy", "savetxt"): _write(0, "fname", None),
    ("joblib", "dump"): _write(1, "filename", None),
    ("joblib", "load"): _read("errno", 0, "filename"),
    ("os.path", "join"): _join,
    ("os.path", "exists"): _exists("any"),
    ("os.path", "isfile"): _exists("file"),
    ("os.path", "isdir"): _exists("dir"),
    ("os", "makedirs"): _mkdir,
    ("os", "mkdir"): _mkdir,
    ("pathlib", "Path"): _path,
    ("pathlib", "PurePath"): _path,
    ("pathlib", "PosixPath"): _path,
    ("shutil", "copy"): _copy,
    ("shutil", "copyfile"): _copy,
    ("shutil", "copy2"): _copy,
    ("shutil", "move"): _copy,
}
_RESOLVED: dict[int, tuple[Any, Handler]] = {}
_PENDING: set[tuple[str, str]] = set(HANDLERS)


def handler_for(obj: Any) -> Handler | None:
    if _PENDING:
        for key in list(_PENDING):
            module = sys.modules.get(key[0])
            if module is None:
                continue
            _PENDING.discard(key)
            target = getattr(module, key[1], None)
            if target is not None:
                _RESOLVED[id(target)] = (target, HANDLERS[key])
    found = _RESOLVED.get(id(obj))
    return found[1] if found is not None and found[0] is obj else None


_PLAIN_TYPES = (
    str,
    int,
    float,
    bool,
    bytes,
    dict,
    set,
    frozenset,
    list,
    tuple,
    object,
    type,
    range,
    slice,
)


def call_object(
    walker: Walker, func: Any, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    obj = func.obj
    kwargs.check_callable(walker, obj, args, kw, node, star)
    handler = handler_for(obj)
    if handler is not None:
        return handler(walker, args, kw, node, star)
    if isinstance(obj, type) and obj not in _PLAIN_TYPES and not issubclass(obj, BaseException):
        if obj.__module__.partition(".")[0] in ("builtins", "pandas", "numpy"):
            return UNKNOWN
        return Instance(obj)
    return UNKNOWN


def call_method(
    walker: Walker,
    method: Method,
    args: list[Value],
    kw: dict[str, Value],
    node: ast.Call,
    star: bool,
) -> Value:
    owner = method.owner
    if isinstance(owner, Frame):
        return frames.frame_method(walker, method, args, kw, node, star)
    if isinstance(owner, SeriesVal):
        return frames.series_method(walker, method, args, kw, node, star)
    if isinstance(owner, Instance):
        kwargs.check_method(walker, owner.cls, method.name, args, kw, node, star)
        return owner if method.name in ("fit", "set_params") else UNKNOWN
    if isinstance(owner, Seq):
        return _list_method(walker, owner, method.name, args)
    if isinstance(owner, Keys):
        return columns.keys_method(owner, method.name)
    if isinstance(owner, PathVal):
        return files.path_method(walker, method, args, node)
    if isinstance(owner, Const) and isinstance(owner.value, str):
        return _str_method(owner.value, method.name, args, kw)
    return UNKNOWN


def _list_method(walker: Walker, seq: Seq, name: str, args: list[Value]) -> Value:
    if name in ("copy",):
        return Seq(list(seq.items), seq.kind) if seq.items is not None else UNKNOWN
    if name in ("index", "count"):
        return UNKNOWN
    if seq.kind != "list" or seq.items is None:
        return UNKNOWN
    if walker.certain and name == "append" and len(args) == 1:
        seq.items.append(args[0])
    elif (
        walker.certain
        and name == "extend"
        and len(args) == 1
        and isinstance(args[0], Seq)
        and args[0].items is not None
    ):
        seq.items.extend(args[0].items)
    elif walker.certain and name == "remove" and len(args) == 1 and isinstance(args[0], Const):
        wanted = args[0].value
        at = next(
            (i for i, v in enumerate(seq.items) if isinstance(v, Const) and v.value == wanted), None
        )
        if at is None:
            seq.items = None
        else:
            seq.items.pop(at)
    elif walker.certain and name == "clear":
        seq.items.clear()
    else:
        seq.items = None
    return Const(None)


def _str_method(text: str, name: str, args: list[Value], kw: dict[str, Value]) -> Value:
    if name == "join" and len(args) == 1 and isinstance(args[0], Seq) and args[0].items is not None:
        parts = [const_str(v) for v in args[0].items]
        if all(p is not None for p in parts):
            return Const(text.join(parts))  # type: ignore[arg-type]
        return UNKNOWN
    pure = ("format", "replace", "lower", "upper", "strip", "rstrip", "lstrip")
    consts = all(isinstance(a, Const) for a in args) and all(
        isinstance(v, Const) for v in kw.values()
    )
    if name in pure and consts:
        positional = [a.value for a in args]  # type: ignore[attr-defined]
        keywords = {k: v.value for k, v in kw.items()}  # type: ignore[attr-defined]
        try:
            result = getattr(text, name)(*positional, **keywords)
        except (TypeError, ValueError, IndexError, KeyError):
            return UNKNOWN
        return Const(result) if isinstance(result, str) else UNKNOWN
    return UNKNOWN


__all__ = ["call_method", "call_object", "handler_for", "types"]
