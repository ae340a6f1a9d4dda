"""What the installed libraries hold, asked by dotted name: for readers outside the walk.

`library_object("sklearn.ensemble.RandomForestClassifier")` is the object that
name refers to in the installed version, or None when a part is missing or
its module is one analysis may not load (imports.py decides which it loads,
and caches each module's status, so the walk and these readers agree).
`positional_parameters(name)` is the parameters a call may fill by position,
in order; `is_module(name)` whether the dotted name is a module (a submodule
`from package import name` binds); `signature(obj)` an object's signature, read once.

Not here: which keywords a callable rejects (kwargs.rejection, the walk's
own check), attributes (module_attrs.py).
"""

from __future__ import annotations

import inspect
import types
import warnings
from functools import lru_cache
from itertools import takewhile
from typing import Any

from mleworld.world.static import imports


def library_object(qualname: str) -> Any:
    """The object `qualname` names in an installed library, or None."""
    parts = qualname.split(".")
    for cut in range(len(parts), 0, -1):
        module = imports.status(".".join(parts[:cut]))
        if not isinstance(module, types.ModuleType):
            continue
        obj: Any = module
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for part in parts[cut:]:
                obj = getattr(obj, part, None)
                if obj is None:
                    return None
        return obj
    return None


def is_module(qualname: str) -> bool:
    """Whether `qualname` names a module, among those analysis may load."""
    return isinstance(imports.status(qualname), types.ModuleType)


@lru_cache(maxsize=1024)
def signature(obj: Any) -> inspect.Signature:
    """`inspect.signature` of a library class or function, read once per object (raising
    what it raises, uncached): the walk asks about the same few again and again. Only for
    objects equal to nothing but themselves (classes, functions), the cache's keys."""
    return inspect.signature(obj)


@lru_cache(maxsize=512)
def positional_parameters(qualname: str) -> tuple[str, ...]:
    """The parameters a call of the library callable `qualname` fills by position, in order
    (a class's without `self`); empty when it cannot be read."""
    obj = library_object(qualname)
    try:
        params = inspect.signature(obj).parameters.values() if callable(obj) else ()
    except (TypeError, ValueError):
        return ()
    by_position = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return tuple(p.name for p in takewhile(lambda p: p.kind in by_position, params))
