"""Loops: what a loop binds on each pass, and how its body is walked.

A loop over a list or tuple of known items, or over a frame's columns known in
order (`for c in df.columns`), at most MAX_UNROLL of them, is walked once
per item, with the loop variable bound to each; any other loop once, less
certain (it may run zero times), and the names it binds joined with those from
before it. Before the body is walked, the names it binds count as bound and the
columns it assigns literally are added to their frames, so a use that works
only from the second pass on is not reported.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from mleworld.world.static import kinds, streams, work
from mleworld.world.static.computed import values_of
from mleworld.world.static.flow import BREAK, EXIT, LOOP
from mleworld.world.static.scopes import bound_in, merge
from mleworld.world.static.values import (
    UNKNOWN,
    Const,
    DictVal,
    Frame,
    Keys,
    Obj,
    Repeated,
    Seq,
    Stream,
    Value,
    const_str,
    escape,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

MAX_UNROLL = 32  # a loop over a known list longer than this is walked once
UNROLL_STEPS = 20_000  # once the walk has taken this many statements, every loop is walked once


def element(source: Value) -> Value:
    """One item of an iterated value when it is not walked item by item.

    An item of known column names is a name among them; tracked values in a
    list are let go (the walk no longer knows which name holds them).
    """
    if isinstance(source, Seq) and source.items is not None:
        names = [const_str(i) for i in source.items]
        if source.items and all(n is not None for n in names):
            return Keys(frozenset(n for n in names if n is not None), many=False)
        for item in source.items:
            if not isinstance(item, Const):
                escape(item)
        return UNKNOWN
    if isinstance(source, Keys) and source.many:
        return Keys(source.upper, many=False)
    if isinstance(source, Frame) and source.columns is not None and source.is_frame:
        return Keys(frozenset(source.columns), many=False)
    return UNKNOWN


def iteration(value: Value) -> tuple[list[Value] | None, Value]:
    """The items a loop over `value` binds when known, else None and what each item is."""
    if isinstance(value, Seq) and value.items is not None:
        if len(value.items) <= MAX_UNROLL:
            return list(value.items), UNKNOWN
        return None, element(value)
    if isinstance(value, Repeated):
        return None, value.item
    names = value.order if isinstance(value, Keys) and value.many and value.exact else None
    if names is not None and len(names) <= MAX_UNROLL:
        # `for c in df.columns`: the names the Index holds when the loop starts
        return [Const(name) for name in names], UNKNOWN
    if isinstance(value, DictVal) and value.closed:
        keys: list[Value] = [Const(k) for k in value.items]
        return (keys if len(keys) <= MAX_UNROLL else None), UNKNOWN
    return None, element(value)


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
    facts = walker.loop_facts.get(id(body))
    if facts is None:
        bound = bound_in([*body] + ([target] if target is not None else []))  # type: ignore[list-item]
        stores = [
            n
            for n in ast.walk(ast.Module(body=list(body), type_ignores=[]))
            if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store)
        ]
        facts = walker.loop_facts[id(body)] = (bound, stores)
    bound, stores = facts
    # the loop variable is bound afresh before the body runs: what it held before is not stored into
    rebound = bound_in([target]) if target is not None else []  # type: ignore[list-item]
    for name in bound:
        current = walker.scope.values if walker.scope.kind != "module" else walker.module.values
        if name not in current and name not in walker.scope.globals_decl:
            current[name] = UNKNOWN
    for node in stores:
        base = node.value
        indexer = isinstance(base, ast.Attribute) and base.attr in ("loc", "iloc", "at", "iat")
        if indexer:
            base = base.value  # type: ignore[union-attr]
        if not isinstance(base, ast.Name) or base.id in rebound:
            continue
        frame = walker.scope.values.get(base.id) or walker.module.values.get(base.id)
        if not isinstance(frame, Frame) or frame.columns is None:
            continue
        key = node.slice
        if isinstance(key, ast.Tuple) and len(key.elts) == 2:
            key = key.elts[1]
        literal = _literal_names(key)
        if literal is None and not unrolled:
            literal = _names_known_before(walker, key, bound)
        if literal is not None:
            if set(literal) <= set(frame.columns):
                continue  # columns it has already: the walk of the body changes them
            kinds.remember(frame, values_of(walker, frame))  # the other columns keep dtypes
            frame.add(literal)
        elif not unrolled and not (isinstance(key, ast.Name) and key.id in safe):
            frame.forget(keep_rows=not indexer)  # `df[name] = ...` never adds a row


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


def _names_known_before(walker: Walker, key: ast.AST, bound: list[str]) -> list[str] | None:
    """A column name computed from names the loop body does not rebind (`col + "_te"` in a
    fold loop inside `for col in [...]`): the same on every pass, so known now."""
    simple = (ast.Name, ast.Constant, ast.BinOp, ast.Add, ast.JoinedStr, ast.FormattedValue)
    parts = list(ast.walk(key))
    if not all(isinstance(n, simple + (ast.Load,)) for n in parts):
        return None
    if any(isinstance(n, ast.Name) and n.id in bound for n in parts):
        return None
    name = const_str(walker.expr(key))  # type: ignore[arg-type]
    return [name] if name is not None else None


def range_items(walker: Walker, node: ast.expr) -> list[Value] | None:
    """`for i in range(4)`: the numbers, when the bounds are whole numbers the walk knows."""
    numbers = range_numbers(walker, node, MAX_UNROLL)
    return None if numbers is None else [Const(i) for i in numbers]


def range_numbers(walker: Walker, node: ast.expr, most: int) -> range | None:
    """The numbers of `range(...)` when its bounds are whole numbers the walk knows and
    they are at most `most`."""
    from mleworld.world.static.row_counts import NOT_INT, whole_number

    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "range"
        and not node.keywords
        and 1 <= len(node.args) <= 3
    ):
        return None
    func = walker.expr(node.func)
    if not (isinstance(func, Obj) and func.obj is range):
        return None
    bounds = [whole_number(walker, arg) for arg in node.args]
    if any(b is NOT_INT or b is None for b in bounds) or (len(bounds) == 3 and bounds[2] == 0):
        return None
    numbers = range(*bounds)  # type: ignore[arg-type]
    return numbers if len(numbers) <= most else None


def for_loop(walker: Walker, node: ast.For | ast.AsyncFor) -> str | None:
    walker.loops += 1
    try:
        return _for_loop(walker, node)
    finally:
        walker.loops -= 1


def _for_loop(walker: Walker, node: ast.For | ast.AsyncFor) -> str | None:
    iterated = walker.expr(node.iter)
    items, each = iteration(iterated)
    if isinstance(iterated, Stream):
        items = streams.items(walker, iterated, node.body)
    if items is None:
        items = range_items(walker, node.iter)
    unrolled = items is not None and walker.steps < UNROLL_STEPS
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
        with work.scaled(walker, work.trips(walker, node.iter, iterated)):
            walker.block(node.body)
        walker.block(node.orelse)
    finally:
        walker.certainty = saved
    if not isinstance(iterated, Repeated):  # folds: the body surely ran (and alike each time)
        walker.scope.values = merge([start, walker.scope.values])
    return None


def while_loop(walker: Walker, node: ast.While) -> str | None:
    walker.loops += 1
    try:
        return _while_loop(walker, node)
    finally:
        walker.loops -= 1


def _while_loop(walker: Walker, node: ast.While) -> str | None:
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
