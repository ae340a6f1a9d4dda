"""Calls in the abstract run: into the program's own functions, classes and methods.

`Calls` is the part of the walker (walk.py) that makes calls: a function or
method the program defines is entered (its parameters bound, a frame pushed,
an `enter` event recorded, its body walked) unless it is already being walked
or the stack is too deep; a call into a library goes to library.py, a method
or attribute of a library value to objects.py. `Frame` is one entry of the
walker's call stack.

Not here: the statements of the body (statements.py), what the library call
returns (library.py, objects.py).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mleworld.world.terminal.library import call_library
from mleworld.world.terminal.objects import attribute, call_method, subscript
from mleworld.world.terminal.trace import MAX_DEPTH, ReturnSignal, hint_of
from mleworld.world.terminal.values import (
    Bound,
    Estimator,
    FuncRef,
    Instance,
    LocalClass,
    LocalFunc,
    Unknown,
)

if TYPE_CHECKING:
    from mleworld.world.terminal.walk import Walker

__all__ = ["Calls", "Frame"]


@dataclass
class Frame:
    name: str
    env: dict[str, Any]
    node: ast.AST | None = None  # the call being made from this frame
    cls: LocalClass | None = None
    stmt: ast.stmt | None = None  # the statement being executed in this frame
    globals_: set[str] = field(default_factory=set)


class Calls:
    """Calls into the program's own code; mixed into the walker."""

    def call(self, func: Any, args: list[Any], kwargs: dict[str, Any], node: ast.Call) -> Any:
        if isinstance(func, LocalFunc):
            return self.inline(func, args, kwargs, node)
        if isinstance(func, LocalClass):
            inst = Instance(func, dict(func.attrs))
            init = func.methods.get("__init__")
            if init is not None:
                self.inline(LocalFunc(init, "__init__", func), [inst, *args], kwargs, node)
            return inst
        if isinstance(func, Bound):
            return self.call_method(func.obj, func.name, args, kwargs, node)
        if isinstance(func, FuncRef):
            return call_library(self, func.qualname, args, kwargs, node)
        if isinstance(func, Unknown) and func.hint in ("fit", "fit_transform", "train"):
            self.expensive(node, Estimator(func.hint, func.hint, {}), args)
        return Unknown(hint_of(node.func))

    def inline(self, fn: LocalFunc, args: list[Any], kwargs: dict[str, Any], node: ast.Call) -> Any:
        key = id(fn.node)
        if key in self.active or len(self.frames) > MAX_DEPTH:
            return Unknown(fn.name)
        if isinstance(fn.node, ast.Lambda):
            scope = _bind_params(fn.node.args, args, kwargs, self)
            self.comp_scopes.append(scope)
            try:
                return self.ev(fn.node.body)
            finally:
                self.comp_scopes.pop()
        if _is_generator(fn.node, self.source):
            return Unknown(fn.name)
        env = _bind_params(fn.node.args, args, kwargs, self)
        self.frames[-1].node = node
        self.stack = (*self.stack, (self.frames[-1].name, node))
        self.frames.append(Frame(fn.name, env, None, fn.owner))
        self.active.add(key)
        saved_scopes, self.comp_scopes = self.comp_scopes, []
        try:
            self.event("enter", fn.node)
            self.block(fn.node.body)
        except ReturnSignal as ret:
            return ret.value
        finally:
            self.comp_scopes = saved_scopes
            self.active.discard(key)
            self.frames.pop()
            self.stack = self.stack[:-1]
            self.frames[-1].node = node
        return None

    def call_method(
        self, obj: Any, name: str, args: list[Any], kwargs: dict[str, Any], node: ast.Call
    ) -> Any:
        if isinstance(obj, Instance):
            method = obj.cls.methods.get(name)
            if method is None:
                return Unknown(name)
            if any(_decorator_name(d) == "staticmethod" for d in method.decorator_list):
                return self.inline(LocalFunc(method, name, obj.cls), args, kwargs, node)
            return self.inline(LocalFunc(method, name, obj.cls), [obj, *args], kwargs, node)
        if isinstance(obj, LocalClass):
            method = obj.methods.get(name)
            if method is None:
                return Unknown(name)
            lead: list[Any] = (
                [obj]
                if any(_decorator_name(d) == "classmethod" for d in method.decorator_list)
                else []
            )
            return self.inline(LocalFunc(method, name, obj), [*lead, *args], kwargs, node)
        return call_method(self, obj, name, args, kwargs, node)

    def attribute(self, obj: Any, name: str) -> Any:
        if isinstance(obj, Instance):
            if name in obj.attrs:
                return obj.attrs[name]
            if name in obj.cls.methods:
                return Bound(obj, name)
            return Unknown(name)
        if isinstance(obj, LocalClass):
            if name in obj.attrs:
                return obj.attrs[name]
            return Bound(obj, name) if name in obj.methods else Unknown(name)
        return attribute(self, obj, name)

    def subscript(self, obj: Any, key: Any, node: ast.Subscript) -> Any:
        return subscript(self, obj, key, node)


def _is_generator(fn: ast.AST, source: list[str]) -> bool:
    cached = getattr(fn, "_mleworld_generator", None)
    if cached is None:
        start, end = fn.lineno, fn.end_lineno or fn.lineno  # type: ignore[attr-defined]
        # A text search first: walking every function's nodes costs milliseconds.
        cached = any("yield" in line for line in source[start - 1 : end]) and any(
            isinstance(n, (ast.Yield, ast.YieldFrom)) for n in ast.walk(fn)
        )
        fn._mleworld_generator = cached  # type: ignore[attr-defined]
    return cached


def _decorator_name(d: ast.expr) -> str:
    return hint_of(d)


def _bind_params(
    params: ast.arguments, args: list[Any], kwargs: dict[str, Any], walker: Walker
) -> dict[str, Any]:
    env: dict[str, Any] = {}
    positional = [*params.posonlyargs, *params.args]
    defaults = params.defaults
    first_default = len(positional) - len(defaults)
    for i, p in enumerate(positional):
        if i < len(args):
            env[p.arg] = args[i]
        elif p.arg in kwargs:
            env[p.arg] = kwargs[p.arg]
        elif i >= first_default:
            env[p.arg] = walker.ev(defaults[i - first_default])
        else:
            env[p.arg] = Unknown(p.arg)
    for p, default in zip(params.kwonlyargs, params.kw_defaults, strict=False):
        if p.arg in kwargs:
            env[p.arg] = kwargs[p.arg]
        else:
            env[p.arg] = walker.ev(default) if default is not None else Unknown(p.arg)
    if params.vararg is not None:
        env[params.vararg.arg] = tuple(args[len(positional) :])
    if params.kwarg is not None:
        known = {p.arg for p in positional} | {p.arg for p in params.kwonlyargs}
        env[params.kwarg.arg] = {k: v for k, v in kwargs.items() if k not in known}
    return env
