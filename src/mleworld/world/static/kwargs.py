"""Keyword arguments a callable does not accept: a library's, read from the installed
code, and the program's own functions and classes, read from their definitions.

For a Python function (or a class whose `__init__` is one) the parameters come
from its code object, as CPython binds them, and the message is CPython's:
"<qualname>() got an unexpected keyword argument 'x'", the qualname being the
function's own (so an inherited method shows its defining class:
"BaseForest.fit()"). A callable taking **kwargs accepts anything, unless it is
a `functools.wraps` wrapper: then the wrapped function decides (scikit-learn's
parameter validation binds with `inspect.Signature.bind`, whose message has no
name). A class with neither `__init__` nor `__new__` of its own takes no
arguments at all. C functions and anything else are not checked. A function or
class the program defines is bound as CPython binds it, by `check_own`.
"""

from __future__ import annotations

import ast
import inspect
import os
import re
import types
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mleworld.world.static.installed import signature
from mleworld.world.static.values import ClassVal, FuncVal, Value

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.95
WRAPPED_CONFIDENCE = 0.85
_SKLEARN_VALIDATION = os.path.join("sklearn", "utils", "_param_validation.py")


@dataclass(frozen=True)
class Rejection:
    """Why a call fails to bind: the keyword at fault (None: the callee takes no arguments),
    CPython's message and how sure analysis is."""

    keyword: str | None
    message: str
    confidence: float


def _emit(walker: Walker, found: Rejection | None, node: ast.Call) -> None:
    if found is not None:
        walker.emit("kwargs", "TypeError", found.message, node, found.confidence)


def check_callable(
    walker: Walker,
    obj: Any,
    args: list[Value],
    kwargs: dict[str, Value],
    node: ast.Call,
    star: bool,
) -> None:
    """Check a call of a library function or class."""
    found = rejection(obj, args, kwargs, star)
    _emit(
        walker, found if found is not None else count_rejection(obj, len(args), kwargs, star), node
    )


def check_own(
    walker: Walker, func: Value | None, kwargs: dict[str, Value], node: ast.Call, star: bool
) -> None:
    """A call of the program's own function, or of its class whose `__init__` the program
    defines, with a keyword no parameter takes: CPython's TypeError, named by the
    function's qualified name (`Model.__init__()`, `main.<locals>.score()`)."""
    if isinstance(func, ClassVal):
        # Not a dataclass's generated __init__, nor one a library base may supply.
        own = "__init__" in func.attrs or (func.pure and func.fields is None)
        func = func.lookup("__init__") if own else None
    if star or not kwargs or not isinstance(func, FuncVal) or func.opaque:
        return  # a decorator analysis cannot follow may take other arguments
    arguments = func.node.args
    if arguments.kwarg is not None:
        return
    named = [*arguments.args, *arguments.kwonlyargs]
    accepted = {a.arg for a in named}
    positional_only = {a.arg for a in arguments.posonlyargs}
    for keyword in kwargs:
        if keyword in accepted:
            continue
        if keyword in positional_only:
            return  # a different TypeError
        name = _own_qualname(walker.tree, func.node)
        message = f"TypeError: {name}() got an unexpected keyword argument '{keyword}'"
        walker.emit("kwargs", "TypeError", message, node, CONFIDENCE)
        return


def _own_qualname(tree: ast.Module, target: ast.AST) -> str:
    """`__qualname__` of a function the program defines: its classes and enclosing functions."""
    parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    name = "<lambda>" if isinstance(target, ast.Lambda) else getattr(target, "name", "")
    node = parents.get(id(target))
    while node is not None:
        if isinstance(node, ast.ClassDef):
            name = f"{node.name}.{name}"
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            outer = "<lambda>" if isinstance(node, ast.Lambda) else node.name
            name = f"{outer}.<locals>.{name}"
        node = parents.get(id(node))
    return name


# CPython's binding errors about how many arguments came (the callee's body never runs)
_COUNT_ERROR = re.compile(
    r"takes (from \d+ to )?\d+ positional arguments? but \d+ (were|was) given"
    r"|missing \d+ required positional arguments?"
)
_COUNTED_LIBRARIES = ("numpy", "pandas", "scipy", "sklearn")


def count_rejection(obj: Any, given: int, kwargs: dict[str, Any], star: bool) -> Rejection | None:
    """Too many or too few positional arguments for a library function (`np.hstack(a, b)`).

    When the installed function's signature cannot bind the call, the function is called
    with placeholders: binding fails before its body runs, so the TypeError it raises is
    the program's, named as the library names it (numpy's dispatchers name the public
    function).
    """
    if star or isinstance(obj, type):
        return None
    module = str(getattr(obj, "__module__", "") or "").partition(".")[0]
    if module not in _COUNTED_LIBRARIES:
        return None
    dispatched = type(obj).__name__ == "_ArrayFunctionDispatcher"
    if not (dispatched or isinstance(obj, types.FunctionType)):
        return None
    try:
        signature(obj).bind(*range(given), **dict.fromkeys(kwargs))
        return None
    except TypeError:
        pass
    except ValueError:
        return None
    try:
        obj(*(object() for _ in range(given)), **{k: object() for k in kwargs})
    except TypeError as exc:
        text = str(exc)
        if _COUNT_ERROR.search(text) and "\n" not in text:
            return Rejection(None, f"TypeError: {text}", CONFIDENCE)
    except Exception:
        return None
    return None


def rejection(obj: Any, args: list[Any], kwargs: dict[str, Any], star: bool) -> Rejection | None:
    """What calling library function or class `obj` with these arguments raises, if it
    cannot bind them."""
    if not kwargs and not (args and isinstance(obj, type)):
        return None
    if isinstance(obj, type):
        return _class_rejection(obj, args, kwargs, star)
    if isinstance(obj, types.FunctionType):
        return function_rejection(obj, False, args, kwargs, star)
    if isinstance(obj, types.MethodType) and isinstance(obj.__func__, types.FunctionType):
        return function_rejection(obj.__func__, True, args, kwargs, star)
    return None


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
        found = function_rejection(static.__func__, False, args, kwargs, star)
    elif isinstance(static, classmethod | types.FunctionType):
        found = function_rejection(static, True, args, kwargs, star)
    else:
        return
    _emit(walker, found, node)


def _class_rejection(
    cls: type, args: list[Any], kwargs: dict[str, Any], star: bool
) -> Rejection | None:
    if type(cls).__call__ is not type.__call__:
        return None  # a metaclass decides what calling the class does
    init = cls.__init__
    new = cls.__new__
    if init is object.__init__:
        if new is object.__new__ and (args or kwargs or star):
            return Rejection(None, f"TypeError: {cls.__name__}() takes no arguments", CONFIDENCE)
        return None
    if not isinstance(init, types.FunctionType) or not kwargs:
        return None
    if new is not object.__new__ and not _accepts_any(new):
        return None
    return function_rejection(init, True, args, kwargs, star)


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
    _emit(walker, function_rejection(func, bound, args, kwargs, star), node)


def function_rejection(
    func: Any, bound: bool, args: list[Any], kwargs: dict[str, Any], star: bool
) -> Rejection | None:
    """The first keyword `func` does not take; `bound`: the first parameter is self/cls."""
    if isinstance(func, staticmethod | classmethod):
        bound = isinstance(func, classmethod)
        func = func.__func__
    if not kwargs or not isinstance(func, types.FunctionType):
        return None
    confidence = CONFIDENCE
    for _ in range(8):
        code = func.__code__
        if not code.co_flags & inspect.CO_VARKEYWORDS:
            break
        wrapped = getattr(func, "__wrapped__", None)
        if not isinstance(wrapped, types.FunctionType):
            return None
        if code.co_filename.endswith(_SKLEARN_VALIDATION):
            return _bind_rejection(wrapped, bound, args, kwargs, star)
        func, confidence = wrapped, WRAPPED_CONFIDENCE
    else:
        return None
    code = func.__code__
    names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
    positional_only = set(names[: code.co_posonlyargcount])
    accepted = set(names[code.co_posonlyargcount :])
    for keyword in kwargs:
        if keyword in accepted:
            continue
        if keyword in positional_only:
            return None  # a different TypeError
        message = f"TypeError: {func.__qualname__}() got an unexpected keyword argument '{keyword}'"
        return Rejection(keyword, message, confidence)
    return None


def _bind_rejection(
    func: types.FunctionType, bound: bool, args: list[Any], kwargs: dict[str, Any], star: bool
) -> Rejection | None:
    """inspect.Signature.bind: a missing required argument is reported before an unknown keyword."""
    if star:
        return None
    try:
        params = list(inspect.signature(func, follow_wrapped=False).parameters.values())
    except (TypeError, ValueError):
        return None
    if bound:
        params = params[1:]
    if any(p.kind is p.VAR_KEYWORD for p in params):
        return None
    given = len(args)
    names = {p.name for p in params if p.kind is not p.POSITIONAL_ONLY}
    for index, param in enumerate(params):
        if param.kind is param.VAR_POSITIONAL:
            break
        if param.default is param.empty and index >= given and param.name not in kwargs:
            return None  # "missing a required argument" comes first
    for keyword in kwargs:
        if keyword not in names:
            message = f"TypeError: got an unexpected keyword argument '{keyword}'"
            return Rejection(keyword, message, CONFIDENCE * 0.98)
    return None
