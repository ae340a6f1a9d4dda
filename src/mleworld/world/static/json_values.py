"""`json.dump` / `json.dumps` of a value the json module cannot write: Python's TypeError.

Scripts save their scores and settings as JSON, and numpy's values are not Python's: a
`cross_val_score` array, a count summed by numpy (`numpy.int64`), a float32 or a numpy
bool, a Series, a frame, a `Path` or an estimator all stop the encoder with "Object of
type int64 is not JSON serializable". numpy.float64 is a Python float and is written.

The encoder walks lists and dicts in order (dict keys sorted under `sort_keys=True`) and
fails at the first value it cannot write, so the message is certain when every value
before it is one analysis knows json writes; with values of unknown type before it the
class is still TypeError, the message less sure. A `default=` or `cls=` encoder may
write anything: those calls are left alone.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from mleworld.world.static.values import (
    UNKNOWN,
    ArrayVal,
    Const,
    DictVal,
    Frame,
    Instance,
    Number,
    PathVal,
    Seq,
    SeriesVal,
    Value,
    VectorVal,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.9
UNSURE = 0.75  # values of unknown type come before the one json cannot write
# Numbers of these types json writes: Python's own, and numpy.float64 (a float subclass).
_WRITTEN = frozenset({"int", "float", "bool", "numpy.float64"})
_CONSTANTS = (str, int, float, bool, type(None))
_JSON_TYPES = (dict, list, tuple, str, int, float)  # subclasses json writes as their base


def dump(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`json.dump(obj, f)` / `json.dumps(obj)`: the first value the encoder cannot write."""
    if star or not args or "default" in kw or "cls" in kw:
        return UNKNOWN
    sort_keys = kw.get("sort_keys")
    ordered = isinstance(sort_keys, Const) and sort_keys.value is True
    unknown_before = False
    for value in _in_order(args[0], ordered):
        if value is None:
            unknown_before = True
            continue
        name = _unwritable(value)
        if name is not None:
            message = f"TypeError: Object of type {name} is not JSON serializable"
            confidence = UNSURE if unknown_before else CONFIDENCE
            walker.emit("json", "TypeError", message, node, confidence)
            break
    return UNKNOWN


def _in_order(value: Value, sort_keys: bool) -> list[Value | None]:
    """The values the encoder meets, in its order; None stands for any of unknown type."""
    if isinstance(value, DictVal):
        keys = sorted(value.items) if sort_keys else list(value.items)
        out: list[Value | None] = [] if value.closed else [None]
        for key in keys:
            out.extend(_in_order(value.items[key], sort_keys))
        return out
    if isinstance(value, Seq):
        if value.items is None:
            return [None]
        return [v for item in value.items for v in _in_order(item, sort_keys)]
    if isinstance(value, Const) and isinstance(value.value, _CONSTANTS):
        return []
    if isinstance(value, Number) and value.type_name in _WRITTEN:
        return []
    return [value] if _unwritable(value) is not None else [None]


def _unwritable(value: Value) -> str | None:
    """The type name json's error gives for a value it surely cannot write."""
    if isinstance(value, Number) and value.type_name.startswith("numpy."):
        return None if value.type_name in _WRITTEN else value.type_name.removeprefix("numpy.")
    if isinstance(value, (ArrayVal, VectorVal)) and getattr(value, "ndarray", True):
        return "ndarray"
    if isinstance(value, SeriesVal) and value.kind in (None, "datetime"):
        return "Series"
    if isinstance(value, Frame):
        return "DataFrame" if value.is_frame else "Series"
    if isinstance(value, PathVal):
        return "PosixPath"
    if isinstance(value, Instance) and not issubclass(value.cls, _JSON_TYPES):
        return value.cls.__name__
    return None
