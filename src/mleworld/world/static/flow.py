"""`try`, `with`, call arguments, decorators and the weights of uncertain code.

How sure a finding is depends on how surely its code runs: an arm of an `if`
analysis cannot decide runs with weight BRANCH, a loop body that may run zero
times with LOOP, an exception handler with HANDLER. A `try` body runs under its
handlers (walker.caught drops what they catch); each handler is an alternative
path, unless the body surely raised what one of them catches (walker.raised): then
that handler is the path. The program's own decorators are applied as Python applies
them (`decorate`). This module owns those rules and binding a call's arguments to a walked
function's parameters; loops are loops.py's.
"""

from __future__ import annotations

import ast
import builtins
import functools
import math
from dataclasses import replace
from typing import TYPE_CHECKING

from mleworld.world.static import lengths
from mleworld.world.static.scopes import merge, params_of
from mleworld.world.static.values import (
    UNKNOWN,
    Const,
    DictVal,
    Frame,
    FuncVal,
    Obj,
    Seq,
    Value,
)

if TYPE_CHECKING:
    from mleworld.world.static.scopes import Scope
    from mleworld.world.static.walker import Walker

EXIT, BREAK, CONTINUE = "exit", "break", "continue"  # how a block can end early
BRANCH = 0.6  # an arm of an if the analysis cannot decide
LOOP = 0.9  # the body of a loop that may run zero times
HANDLER = 0.5  # an except clause
IMPROVES = 0.9  # an `if` keeping a running best inside a loop (running_best): taken once at least


def running_best(walker: Walker, node: ast.If) -> bool:
    """`if score > best: best = score; ...` inside a loop, while `best` still holds the
    floor it started from (-inf, 0, -1), or `if loss < best` under a ceiling (inf): the
    first round that gets there takes the branch, so its body surely runs in some round."""
    test = node.test
    if not walker.loops or not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return False
    op, left, right = test.ops[0], test.left, test.comparators[0]
    rising = isinstance(op, ast.Gt | ast.GtE)
    if not rising and not isinstance(op, ast.Lt | ast.LtE):
        return False
    for best, score, floor in ((right, left, rising), (left, right, not rising)):
        if not isinstance(best, ast.Name) or isinstance(score, ast.Constant):
            continue
        start = walker.peek(best.id)
        value = start.value if isinstance(start, Const) else None
        if not isinstance(value, int | float) or isinstance(value, bool):
            continue
        starts_low = value in (0, -1) or value == -math.inf
        if (starts_low if floor else value == math.inf) and _rebinds(node.body, best.id):
            return True
    return False


def _rebinds(body: list[ast.stmt], name: str) -> bool:
    """Whether a statement of `body` itself (not a nested block) assigns `name`."""
    for stmt in body:
        targets = stmt.targets if isinstance(stmt, ast.Assign) else []
        if isinstance(stmt, ast.AnnAssign | ast.AugAssign):
            targets = [stmt.target]
        for target in targets:
            if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(target)):
                return True
    return False


def dotted(node: ast.AST) -> str:
    """`a.b.c` for a chain of names and attributes, else ""."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return ""


# Decorators that return the function itself, or one that behaves the same.
_PASS_THROUGH = {"cache", "lru_cache", "wraps", "njit", "jit"}


def decorate(walker: Walker, func: FuncVal, decorators: list[Value]) -> Value:
    """What a decorated def binds, the decorators applied from the innermost out: the function
    itself where a decorator keeps it callable as is; what the program's own decorator
    returns, walked (a registry's `return factory`, a timing wrapper, or None when it forgot
    to return one); an opaque function for any other decorator."""
    value: Value = func
    for decorator in reversed(decorators):
        obj = decorator.obj if isinstance(decorator, Obj) else None
        if getattr(obj, "__name__", None) in _PASS_THROUGH:
            continue
        if isinstance(decorator, FuncVal) and not decorator.opaque:
            applied = walker.inline(decorator, [value], {}, False)
            value = applied if applied is not UNKNOWN else replace(func, opaque=True)
        elif obj is staticmethod and isinstance(value, FuncVal):
            value = replace(value, static=True)
        elif isinstance(value, FuncVal):
            value = replace(value, opaque=True)
        else:
            value = UNKNOWN
    return value


FIELD_CALLS = ("field", "dataclasses.field")


def decorator(walker: Walker, node: ast.expr) -> Value:
    """A decorator's value; `@dataclass(frozen=True, ...)` counts as `@dataclass` (its options
    do not change the fields `__init__` takes; `init=False` does: no __init__), and
    `@functools.wraps(fn)` as `wraps`: the wrapper is called as it is written."""
    if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords:
        func = walker.expr(node.func)
        if isinstance(func, Obj) and func.obj is functools.wraps:
            walker.expr(node.args[0])
            return func
    if isinstance(node, ast.Call) and not node.args:
        func = walker.expr(node.func)
        init = next((k.value for k in node.keywords if k.arg == "init"), None)
        generated = init is None or isinstance(init, ast.Constant) and init.value is True
        if is_dataclass(func) and generated and all(k.arg for k in node.keywords):
            for keyword in node.keywords:
                walker.expr(keyword.value)
            return func
    return walker.expr(node)


def is_dataclass(decorator: Value) -> bool:
    return isinstance(decorator, Obj) and getattr(decorator.obj, "__name__", "") == "dataclass"


def bind_params(
    scope: Scope, func: FuncVal, args: list[Value], kwargs: dict[str, Value], star: bool
) -> None:
    node_args = func.node.args
    kwargs = dict(kwargs)
    positional = [*node_args.posonlyargs, *node_args.args]
    given = ([func.bound_self] if func.bound_self is not None else []) + list(args)
    first_default = len(positional) - len(func.defaults)
    for index, param in enumerate(positional):
        if star:
            value = UNKNOWN
        elif index < len(given):
            value = given[index]
        elif param.arg in kwargs:
            value = kwargs.pop(param.arg)
        elif index >= first_default:
            value = func.defaults[index - first_default]
        else:
            value = UNKNOWN
        scope.values[param.arg] = value
    if node_args.vararg:
        extra = given[len(positional) :]
        scope.values[node_args.vararg.arg] = UNKNOWN if star else Seq(extra, "tuple")
    for param in node_args.kwonlyargs:
        scope.values[param.arg] = kwargs.pop(param.arg, func.kw_defaults.get(param.arg, UNKNOWN))
    if node_args.kwarg:
        scope.values[node_args.kwarg.arg] = UNKNOWN if star else DictVal(kwargs)  # the rest
    if star:
        for name in params_of(node_args):
            scope.values[name] = UNKNOWN


def bind_pattern(walker: Walker, case: ast.match_case) -> None:
    for node in ast.walk(case.pattern):
        for name in (getattr(node, "name", None), getattr(node, "rest", None)):
            if isinstance(name, str):
                walker.bind(name, UNKNOWN)
    if case.guard is not None:
        walker.expr(case.guard)


# --- try / with ------------------------------------------------------------------------


def _handler_types(walker: Walker, handler: ast.ExceptHandler) -> list[Value | None]:
    if handler.type is None:
        return [None]
    saved = walker.certainty
    walker.certainty *= HANDLER
    try:
        value = walker.expr(handler.type)
    finally:
        walker.certainty = saved
    if isinstance(value, Seq) and value.items is not None:
        return list(value.items)
    return [value]


def catches(types: list[Value | None], exc_type: str) -> bool:
    """Would an except clause of these types (None: a bare `except:`) catch this class?"""
    exc = getattr(builtins, exc_type, None)
    for handler in types:
        if handler is None:
            return True
        if isinstance(handler, Obj) and isinstance(handler.obj, type):
            if not issubclass(handler.obj, BaseException):
                continue
            if not isinstance(exc, type) or issubclass(exc, handler.obj):
                return True
        else:
            return True  # a handler analysis cannot name might catch anything
    return False


def try_block(walker: Walker, node: ast.Try) -> str | None:
    """The body under its handlers; each handler an alternative path, unless the body surely
    raised what one of them catches: then that handler is the path, as surely as the body."""
    types = [_handler_types(walker, handler) for handler in node.handlers]
    level = len(walker.handlers)
    walker.handlers.append([t for kinds in types for t in kinds])
    try:
        kind = walker.block(node.body)
    finally:
        walker.handlers.pop()
        raised = walker.raised.pop(level, None)
    taken = None
    if raised is not None:
        taken = next(
            (h for h, kinds in zip(node.handlers, types, strict=True) if catches(kinds, raised)),
            None,
        )
    after_body = walker.scope.values
    ends: list[dict[str, Value]] = []
    if kind != EXIT and taken is None:
        walker.scope.values = dict(after_body)
        if walker.block(node.orelse) != EXIT:
            ends.append(walker.scope.values)
    for handler in node.handlers:
        if taken is not None and handler is not taken:
            continue
        walker.scope.values = dict(after_body)
        saved = walker.certainty
        walker.certainty *= HANDLER if taken is None else 1.0
        try:
            if handler.name:
                walker.bind(handler.name, UNKNOWN)
            handler_kind = walker.block(handler.body)
            if handler.name:
                walker.unbind(handler.name)
        finally:
            walker.certainty = saved
        if handler_kind != EXIT:
            ends.append(walker.scope.values)
    walker.scope.values = merge(ends) if ends else after_body
    final = walker.block(node.finalbody)
    return EXIT if final == EXIT or not ends else None


def with_block(walker: Walker, node: ast.With | ast.AsyncWith) -> str | None:
    pushed = 0
    for item in node.items:
        expr = item.context_expr
        if isinstance(expr, ast.Call):
            func = walker.expr(expr.func)
            if isinstance(func, Obj) and getattr(func.obj, "__name__", "") == "suppress":
                walker.handlers.append([walker.expr(a) for a in expr.args] or [None])
                pushed += 1
                continue
        value = walker.expr(expr)
        if item.optional_vars is not None:
            walker.assign(item.optional_vars, value if isinstance(value, Frame) else UNKNOWN)
    try:
        return walker.block(node.body)
    finally:
        for _ in range(pushed):
            walker.raised.pop(len(walker.handlers) - 1, None)
            walker.handlers.pop()


# --- augmented assignment ------------------------------------------------------------------


def aug_assign(walker: Walker, node: ast.AugAssign) -> None:
    target = node.target
    if isinstance(target, ast.Name):
        current = walker.lookup(target.id, target)
        value = walker.expr(node.value)
        if isinstance(current, Seq) and current.kind == "list" and isinstance(node.op, ast.Add):
            extra = value.items if isinstance(value, Seq) else None
            if walker.certain and current.items is not None and extra is not None:
                current.items.extend(extra)
            else:
                current.items = None
            walker.bind(target.id, current)
        else:
            same = lengths.aug_assign(current)
            walker.bind(
                target.id, same if same is not None else walker.binop(node.op, current, value)
            )
    elif isinstance(target, ast.Subscript):
        base = walker.expr(target.value)
        key = walker.expr(target.slice)
        walker.getitem(base, key, target)
        walker.expr(node.value)
        walker.setitem(base, key, UNKNOWN, target)
    elif isinstance(target, ast.Attribute):
        base = walker.expr(target.value)
        current = walker.attribute(base, target.attr, target)
        walker.expr(node.value)
        walker.set_attribute(base, target.attr, lengths.aug_assign(current) or UNKNOWN)
