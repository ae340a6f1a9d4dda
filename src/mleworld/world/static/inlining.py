"""Calls of the program's own functions and classes, walked with their arguments.

A call of a function the program defines walks its body in a new scope whose
parameters hold the call's arguments; its value is the join of what its
`return`s give. Calling a class the program defines makes a `UserInstance` and
walks `__init__`. A function is not walked when it is a generator or async, is
already being walked (recursion), would nest deeper than MAX_DEPTH, was
decorated by something analysis cannot follow, or the walk has used its budget
(MAX_STEPS): then what the call was given escapes (values.escape).
"""

from __future__ import annotations

import ast
from dataclasses import replace
from typing import TYPE_CHECKING

from mleworld.world.static import flow
from mleworld.world.static.flow import EXIT
from mleworld.world.static.scopes import Scope, function_scope
from mleworld.world.static.values import (
    UNKNOWN,
    ClassVal,
    Const,
    FuncVal,
    Stream,
    UserInstance,
    Value,
    escape,
    join,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

MAX_DEPTH = 8  # nested calls walked
MAX_STEPS = 40_000  # statements walked per program, calls included


class InlineWalker:
    """Walking user functions and classes where they are called, mixed into walker.Walker."""

    def inline(
        self: Walker, func: FuncVal, args: list[Value], kwargs: dict[str, Value], star: bool
    ) -> Value:
        """Walk a user function's body for one call; its return value, joined over returns."""
        node = func.node
        if (
            not func.opaque
            and isinstance(node, ast.FunctionDef)
            and self.index.functions[id(node)].generator
        ):
            self.opaque_call(args, kwargs)
            return Stream()  # its body runs lazily, item by item: not walked
        if (
            func.opaque
            or isinstance(node, ast.AsyncFunctionDef)
            or node in self.stack
            or len(self.stack) >= MAX_DEPTH
            or self.steps > MAX_STEPS
        ):
            self.opaque_call(args, kwargs)
            return UNKNOWN
        info = function_scope(node)
        scope = Scope(
            "function",
            {},
            info.locals,
            info.globals,
            info.nonlocals,
            list(func.closure),
            info.local_order,
        )
        flow.bind_params(scope, func, args, kwargs, star)
        self.walked.add(id(node))
        self.counts["calls_walked"] += 1
        outer = self.scope
        self.scope = scope
        self.stack.append(node)
        self.returns.append([])
        try:
            if isinstance(node, ast.Lambda):
                results = [self.expr(node.body)]
            else:
                kind = self.block(node.body)
                results = self.returns[-1]
                if kind != EXIT:
                    results.append(Const(None))
        finally:
            self.returns.pop()
            self.stack.pop()
            self.scope = outer
        if not results:
            return UNKNOWN
        value = results[0]
        for other in results[1:]:
            value = join(value, other)
        return value

    def construct(
        self: Walker, cls: ClassVal, args: list[Value], kwargs: dict[str, Value], star: bool
    ) -> Value:
        instance = UserInstance(cls)
        if cls.fields is not None and "__init__" not in cls.attrs:
            return self.construct_dataclass(cls, instance, args, kwargs, star)
        init = cls.lookup("__init__")
        if isinstance(init, FuncVal):
            self.inline(replace(init, bound_self=instance), args, kwargs, star)
        elif init is not None or not cls.pure:
            self.opaque_call(args, kwargs)
        return instance

    def construct_dataclass(
        self: Walker,
        cls: ClassVal,
        instance: UserInstance,
        args: list[Value],
        kwargs: dict[str, Value],
        star: bool,
    ) -> Value:
        """A dataclass's generated `__init__`: each field from the call's arguments, else its
        default, else its factory called; then `__post_init__`."""
        assert cls.fields is not None
        kwargs = dict(kwargs)
        for index, (name, default, factory) in enumerate(cls.fields):
            if star:
                value: Value = UNKNOWN
            elif index < len(args):
                value = args[index]
            elif name in kwargs:
                value = kwargs.pop(name)
            elif default is not None:
                value = default
            elif isinstance(factory, FuncVal):
                value = self.inline(factory, [], {}, False)
            else:
                value = UNKNOWN  # a library factory (list, dict): its value is not followed
            instance.attrs[name] = value
        post = cls.lookup("__post_init__")
        if isinstance(post, FuncVal):
            self.inline(replace(post, bound_self=instance), [], {}, False)
        elif post is not None:
            escape(instance)
        return instance

    def opaque_call(self: Walker, args: list[Value], kwargs: dict[str, Value]) -> None:
        """Code analysis cannot follow gets these values: what they hold is no longer known."""
        for value in [*args, *kwargs.values()]:
            escape(value)
