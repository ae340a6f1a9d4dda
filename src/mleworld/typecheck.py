"""Whether values read from JSON or YAML fit the fields of a dataclass record.

Records that come back from files (journal nodes, outcomes, limits) are plain
dataclasses whose annotations say what each field holds; `check_fields` holds
a parsed mapping against them, so a wrong value is refused where it is read,
naming the field, instead of failing later wherever it is first used. JSON
has no int/float distinction worth keeping, so an int passes for a float; a
bool passes for neither (JSON's true is not a count).
"""

from __future__ import annotations

import functools
from dataclasses import MISSING, fields
from types import UnionType
from typing import Any, Union, get_args, get_origin, get_type_hints

__all__ = ["check_fields", "fits", "shown"]


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


def check_fields(cls: type, data: Any, what: str) -> None:
    """ValueError for a non-mapping, a missing required field, or the first field of
    `data` whose value the dataclass `cls` cannot hold; keys it has no field for pass."""
    if not isinstance(data, dict):
        raise ValueError(f"{what} is {shown(data)}, not an object")
    required = [
        f.name for f in fields(cls) if f.default is MISSING and f.default_factory is MISSING
    ]
    missing = [name for name in required if name not in data]
    if missing:
        raise ValueError(f"{what} lacks {', '.join(missing)}")
    hints = _hints(cls)
    for name, value in data.items():
        hint = hints.get(name)
        if hint is not None and not fits(value, hint):
            raise ValueError(f"{what}.{name} is {shown(value)}, not {_spelled(hint)}")


def _spelled(hint: Any) -> str:
    return getattr(hint, "__name__", None) or str(hint).replace("typing.", "")


def fits(value: Any, hint: Any) -> bool:
    """Whether a parsed value fits an annotation (unions, None, scalars, dict, list[...])."""
    origin = get_origin(hint)
    if origin in (Union, UnionType):
        return any(fits(value, arg) for arg in get_args(hint))
    if hint is Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if origin is dict:
        return isinstance(value, dict)
    if origin is list:
        (item,) = get_args(hint) or (Any,)
        return isinstance(value, list) and all(fits(v, item) for v in value)
    return isinstance(value, hint)


def shown(value: Any, limit: int = 40) -> str:
    """A value as an error message quotes it: its repr, cut to `limit` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
