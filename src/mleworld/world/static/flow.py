"""Loops, `try`, `with`, call arguments and the other control-flow rules of the walk.

How sure a finding is depends on how surely its code runs: an arm of an `if`
analysis cannot decide runs with weight BRANCH, a loop over something of
unknown length with LOOP, an exception handler with HANDLER. A loop over a
known list is walked once per item. Before a loop body is walked, the columns
it assigns are added to their frames and the names it binds count as bound,
so a use that only works from the second iteration on is never reported.
This module owns those rules; walker.py calls them.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from typing import TYPE_CHECKING

from mleworld.world.static.scopes import bound_in, params_of
from mleworld.world.static.values import (
    UNKNOWN,
    Const,
    DictVal,
    Frame,
    FuncVal,
    Keys,
    Obj,
    Seq,
    UserInstance,
    Value,
    const_str,
    str_list,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Scope, Walker

BRANCH = 0.6  # an arm of an if the analysis cannot decide
LOOP = 0.9  # the body of a loop that may run zero times
HANDLER = 0.5  # an except clause
MAX_UNROLL = 16  # a loop over a known list longer than this is walked once


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


_PASS_THROUGH = {"cache", "lru_cache", "wraps", "timer", "njit", "jit"}


def decorate(func: FuncVal, decorators: list[Value]) -> Value:
    """What a decorated def binds: the function itself when the decorators keep it callable as is."""
    for decorator in decorators:
        obj = decorator.obj if isinstance(decorator, Obj) else None
        if obj is staticmethod:
            func = replace(func, static=True)
        elif getattr(obj, "__name__", None) in _PASS_THROUGH:
            continue
        else:
            func = replace(func, opaque=True)
    return func


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
        scope.values[node_args.kwarg.arg] = UNKNOWN
    if star:
        for name in params_of(node_args):
            scope.values[name] = UNKNOWN


def forget(values: list[Value]) -> None:
    for value in values:
        if isinstance(value, Frame):
            value.forget()
        elif isinstance(value, Seq) and value.kind == "list":
            value.items = None
        elif isinstance(value, UserInstance):
            value.attrs.clear()


def bind_pattern(walker: Walker, case: ast.match_case) -> None:
    for node in ast.walk(case.pattern):
        for name in (getattr(node, "name", None), getattr(node, "rest", None)):
            if isinstance(name, str):
                walker.bind(name, UNKNOWN)
    if case.guard is not None:
        walker.expr(case.guard)


# --- loops -------------------------------------------------------------------------------


def iteration(value: Value) -> tuple[list[Value] | None, Value]:
    """The items a loop over `value` binds when known, else None and what each item is."""
    if isinstance(value, Seq) and value.items is not None:
        return (list(value.items) if len(value.items) <= MAX_UNROLL else None), UNKNOWN
    if isinstance(value, DictVal):
        keys: list[Value] = [Const(k) for k in value.items]
        return (keys if len(keys) <= MAX_UNROLL else None), UNKNOWN
    if isinstance(value, Keys) and value.many:
        return None, Keys(value.upper, many=False, exact=False)
    if isinstance(value, Frame) and value.columns is not None and value.is_frame:
        return None, Keys(frozenset(value.columns), many=False, exact=False)
    return None, UNKNOWN


def _prepare_loop(
    walker: Walker,
    body: list[ast.stmt],
    target: ast.AST | None,
    unrolled: bool,
    safe: frozenset[str] = frozenset(),
) -> None:
    """Names the body binds count as bound; columns it assigns are added to their frames.

    A column named by a computed key is left to the walk when the loop is walked
    once per known item, or when it is the loop variable over known column names
    (`safe`); otherwise the frame may gain any column and is forgotten.
    """
    bound = bound_in([*body] + ([target] if target is not None else []))  # type: ignore[list-item]
    for name in bound:
        current = walker.scope.values if walker.scope.kind != "module" else walker.module.values
        if name not in current and name not in walker.scope.globals_decl:
            current[name] = UNKNOWN
    for node in ast.walk(ast.Module(body=list(body), type_ignores=[])):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
            base = node.value
            if isinstance(base, ast.Attribute) and base.attr in ("loc", "iloc", "at", "iat"):
                base = base.value
            if not isinstance(base, ast.Name):
                continue
            frame = walker.scope.values.get(base.id) or walker.module.values.get(base.id)
            if not isinstance(frame, Frame) or frame.columns is None:
                continue
            key = node.slice
            if isinstance(key, ast.Tuple) and len(key.elts) == 2:
                key = key.elts[1]
            literal = _literal_names(key)
            if literal is not None:
                frame.add(literal)
            elif not unrolled and not (isinstance(key, ast.Name) and key.id in safe):
                frame.forget()


def _literal_names(node: ast.AST) -> list[str] | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.List | ast.Tuple):
        out = []
        for elt in node.elts:
            if not (isinstance(elt, ast.Constant) and isinstance(elt.value, str)):
                return None
            out.append(elt.value)
        return out
    return None


def for_loop(walker: Walker, node: ast.For | ast.AsyncFor) -> str | None:
    from mleworld.world.static.walker import BREAK, EXIT, merge

    items, each = iteration(walker.expr(node.iter))
    unrolled = items is not None and walker.steps < 20_000
    safe = (
        frozenset(n.id for n in ast.walk(node.target) if isinstance(n, ast.Name))
        if isinstance(each, Keys)
        else frozenset()
    )
    _prepare_loop(walker, node.body, node.target, unrolled, safe)
    if items is not None and unrolled:
        if not items:
            return walker.block(node.orelse)
        for item in items:
            walker.assign(node.target, item)
            kind = walker.block(node.body)
            if kind in (EXIT, BREAK):
                return kind if kind == EXIT else None
        return walker.block(node.orelse)
    start = walker.scope.values
    walker.scope.values = dict(start)
    saved = walker.certainty
    walker.certainty *= LOOP
    try:
        walker.assign(node.target, each)
        walker.block(node.body)
        walker.block(node.orelse)
    finally:
        walker.certainty = saved
    walker.scope.values = merge([start, walker.scope.values])
    return None


def while_loop(walker: Walker, node: ast.While) -> str | None:
    from mleworld.world.static.walker import merge

    truth = walker.truth(node.test)
    if truth is False:
        return walker.block(node.orelse)
    _prepare_loop(walker, node.body, None, False)
    start = walker.scope.values
    walker.scope.values = dict(start)
    saved = walker.certainty
    if truth is not True:
        walker.certainty *= LOOP
    try:
        walker.block(node.body)
        walker.block(node.orelse)
    finally:
        walker.certainty = saved
    walker.scope.values = merge([start, walker.scope.values])
    return None


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


def try_block(walker: Walker, node: ast.Try) -> str | None:
    from mleworld.world.static.walker import EXIT, merge

    caught: list[Value | None] = []
    for handler in node.handlers:
        caught.extend(_handler_types(walker, handler))
    walker.handlers.append(caught)
    try:
        kind = walker.block(node.body)
    finally:
        walker.handlers.pop()
    after_body = walker.scope.values
    ends: list[dict[str, Value]] = []
    if kind != EXIT:
        walker.scope.values = dict(after_body)
        if walker.block(node.orelse) != EXIT:
            ends.append(walker.scope.values)
    for handler in node.handlers:
        walker.scope.values = dict(after_body)
        saved = walker.certainty
        walker.certainty *= HANDLER
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
            walker.bind(target.id, walker.binop(node.op, current, value))
    elif isinstance(target, ast.Subscript):
        base = walker.expr(target.value)
        key = walker.expr(target.slice)
        walker.getitem(base, key, target)
        walker.expr(node.value)
        walker.setitem(base, key, UNKNOWN, target)
    elif isinstance(target, ast.Attribute):
        base = walker.expr(target.value)
        walker.attribute(base, target.attr, target)
        walker.expr(node.value)
        walker.set_attribute(base, target.attr, UNKNOWN)


__all__ = [
    "BRANCH",
    "HANDLER",
    "LOOP",
    "const_str",
    "dotted",
    "for_loop",
    "iteration",
    "str_list",
]
