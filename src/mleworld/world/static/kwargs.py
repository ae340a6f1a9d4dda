"""Keyword arguments a library callable does not accept, read from the installed code.

For a Python function (or a class whose `__init__` is one) the parameters come
from its code object, as CPython binds them, and the message is CPython's:
"<qualname>() got an unexpected keyword argument 'x'", the qualname being the
function's own (so an inherited method shows its defining class:
"BaseForest.fit()"). A callable taking **kwargs accepts anything, unless it is
a `functools.wraps` wrapper: then the wrapped function decides (scikit-learn's
parameter validation binds with `inspect.Signature.bind`, whose message has no
name). A class with neither `__init__` nor `__new__` of its own takes no
arguments at all. C functions and anything else are not checked.
"""

from __future__ import annotations

import ast
import inspect
import os
import types
from typing import TYPE_CHECKING, Any

from mleworld.world.static.values import Value

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.95
WRAPPED_CONFIDENCE = 0.85
_SKLEARN_VALIDATION = os.path.join("sklearn", "utils", "_param_validation.py")


def check_callable(
    walker: Walker,
    obj: Any,
    args: list[Value],
    kwargs: dict[str, Value],
    node: ast.Call,
    star: bool,
) -> None:
    """Check a call of a library function or class."""
    if not kwargs and not (args and isinstance(obj, type)):
        return
    if isinstance(obj, type):
        _check_class(walker, obj, args, kwargs, node, star)
    elif isinstance(obj, types.FunctionType):
        check_function(walker, obj, False, args, kwargs, node, star)
    elif isinstance(obj, types.MethodType) and isinstance(obj.__func__, types.FunctionType):
        check_function(walker, obj.__func__, True, args, kwargs, node, star)


def check_method(
    walker: Walker,
    cls: type,
    name: str,
    args: list[Value],
    kwargs: dict[str, Value],
    node: ast.Call,
    star: bool,
) -> None:
    """Check `instance.name(...)` for an instance of library class `cls`."""
    if not kwargs:
        return
    try:
        static = inspect.getattr_static(cls, name)
    except AttributeError:
        return
    if isinstance(static, staticmethod):
        check_function(walker, static.__func__, False, args, kwargs, node, star)
    elif isinstance(static, classmethod):
        check_function(walker, static.__func__, True, args, kwargs, node, star)
    elif isinstance(static, types.FunctionType):
        check_function(walker, static, True, args, kwargs, node, star)


def _check_class(
    walker: Walker,
    cls: type,
    args: list[Value],
    kwargs: dict[str, Value],
    node: ast.Call,
    star: bool,
) -> None:
    if type(cls).__call__ is not type.__call__:
        return  # a metaclass decides what calling the class does
    init = cls.__init__
    new = cls.__new__
    if init is object.__init__:
        if new is object.__new__ and (args or kwargs or star):
            message = f"TypeError: {cls.__name__}() takes no arguments"
            walker.emit("kwargs", "TypeError", message, node, CONFIDENCE)
        return
    if not isinstance(init, types.FunctionType) or not kwargs:
        return
    if new is not object.__new__ and not _accepts_any(new):
        return
    check_function(walker, init, True, args, kwargs, node, star)


def _accepts_any(func: Any) -> bool:
    code = getattr(func, "__code__", None)
    return code is not None and bool(code.co_flags & inspect.CO_VARKEYWORDS)


def check_function(
    walker: Walker,
    func: Any,
    bound: bool,
    args: list[Value],
    kwargs: dict[str, Value],
    node: ast.Call,
    star: bool,
) -> None:
    """Report the first keyword `func` does not take; `bound`: the first parameter is self/cls."""
    if isinstance(func, staticmethod | classmethod):
        bound = isinstance(func, classmethod)
        func = func.__func__
    if not kwargs or not isinstance(func, types.FunctionType):
        return
    confidence = CONFIDENCE
    for _ in range(8):
        code = func.__code__
        if not code.co_flags & inspect.CO_VARKEYWORDS:
            break
        wrapped = getattr(func, "__wrapped__", None)
        if not isinstance(wrapped, types.FunctionType):
            return
        if code.co_filename.endswith(_SKLEARN_VALIDATION):
            _check_signature_bind(walker, wrapped, bound, args, kwargs, node, star)
            return
        func, confidence = wrapped, WRAPPED_CONFIDENCE
    else:
        return
    code = func.__code__
    names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
    positional_only = set(names[: code.co_posonlyargcount])
    accepted = set(names[code.co_posonlyargcount :])
    for keyword in kwargs:
        if keyword in accepted:
            continue
        if keyword in positional_only:
            return  # a different TypeError
        message = f"TypeError: {func.__qualname__}() got an unexpected keyword argument '{keyword}'"
        walker.emit("kwargs", "TypeError", message, node, confidence)
        return


def _check_signature_bind(
    walker: Walker,
    func: types.FunctionType,
    bound: bool,
    args: list[Value],
    kwargs: dict[str, Value],
    node: ast.Call,
    star: bool,
) -> None:
    """inspect.Signature.bind: a missing required argument is reported before an unknown keyword."""
    if star:
        return
    try:
        params = list(inspect.signature(func, follow_wrapped=False).parameters.values())
    except (TypeError, ValueError):
        return
    if bound:
        params = params[1:]
    if any(p.kind is p.VAR_KEYWORD for p in params):
        return
    given = len(args)
    names = {p.name for p in params if p.kind is not p.POSITIONAL_ONLY}
    for index, param in enumerate(params):
        if param.kind is param.VAR_POSITIONAL:
            break
        if param.default is param.empty and index >= given and param.name not in kwargs:
            return  # "missing a required argument" comes first
    for keyword in kwargs:
        if keyword not in names:
            message = f"TypeError: got an unexpected keyword argument '{keyword}'"
            walker.emit("kwargs", "TypeError", message, node, CONFIDENCE * 0.98)
            return
