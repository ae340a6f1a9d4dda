"""Functions of the program that a library calls back, walked where the library calls them.

A function handed to a library runs inside it: `FunctionTransformer(f)` when the
pipeline holding it is fitted (with the frame fitted on, when it is the first step),
`df.pipe(f)` with the frame, `df.apply(f)` / `s.map(f)` / `transform` / `agg` with
values analysis does not follow. The walk enters the function there, so what it
would raise (a function or attribute the installed library removed, a frame method
that no longer exists) is reported at the line that makes the library call it.
A callback the library may never call (an event hook) is not walked.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from mleworld.world.static.values import (
    UNKNOWN,
    DictVal,
    Frame,
    FuncVal,
    Instance,
    Method,
    OpaqueStep,
    SeriesVal,
    UserInstance,
    Value,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CERTAINTY = 0.95  # the library calls it unless the data it iterates over is empty
_PANDAS_CALLERS = frozenset({"pipe", "apply", "map", "transform", "agg", "aggregate", "applymap"})


def _walk(walker: Walker, func: FuncVal, args: list[Value], kwargs: dict[str, Value]) -> None:
    saved = walker.certainty
    walker.certainty *= CERTAINTY
    try:
        walker.inline(func, args, kwargs, False)
    finally:
        walker.certainty = saved


def _own_transformer(walker: Walker, step: Value | None, X: Frame, node: ast.AST) -> None:
    """`Pipeline([("fe", MyFeatures()), ...]).fit(X)`: scikit-learn calls the step's `fit`
    and then its `transform` (or its `fit_transform`) with X; walk them as it calls them."""
    if not isinstance(step, UserInstance):
        return
    calls = ("fit", "transform")
    methods = [walker.attribute(step, name, node) for name in calls]
    if not all(isinstance(m, FuncVal) for m in methods):
        methods = [walker.attribute(step, "fit_transform", node)]
    for method in methods:
        if isinstance(method, FuncVal) and not method.static:
            _walk(walker, method, [X.copy()], {})


def on_pandas_call(walker: Walker, method: Method, args: list[Value]) -> None:
    """`frame.pipe(f)`, `frame.apply(f)`, `series.map(f)`: walk f as pandas calls it."""
    if method.name not in _PANDAS_CALLERS or not args or not isinstance(args[0], FuncVal):
        return
    owner = method.owner
    if not isinstance(owner, Frame | SeriesVal):
        return
    given = [owner.copy()] if method.name == "pipe" and isinstance(owner, Frame) else [UNKNOWN]
    _walk(walker, args[0], given, {})


def on_fit(walker: Walker, owner: Instance, X: Value, node: ast.AST) -> None:
    """A pipeline's (or a lone) FunctionTransformer runs its function when fitted; the
    program's own transformer class first in a pipeline runs its `fit` and `transform`."""
    steps = list(owner.inner) if owner.cls.__name__ == "Pipeline" else [owner]
    for index, step in enumerate(steps):
        if step.cls is OpaqueStep and index == 0 and isinstance(X, Frame):
            _own_transformer(walker, step.given.get("step"), X, node)
            continue
        if step.cls.__name__ != "FunctionTransformer":
            continue
        func = step.given.get("func")
        if not isinstance(func, FuncVal):
            continue
        first = index == 0 and isinstance(X, Frame)
        extra = step.given.get("kw_args")
        kwargs = dict(extra.items) if isinstance(extra, DictVal) and extra.closed else {}
        _walk(walker, func, [X.copy() if first and isinstance(X, Frame) else UNKNOWN], kwargs)
