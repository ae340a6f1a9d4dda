"""Functions of the program that a library calls back, walked where the library calls them.

A function handed to a library runs inside it: `FunctionTransformer(f)` when the
pipeline holding it is fitted (with the frame fitted on, when it is the first step),
`df.pipe(f)` with the frame, `df.groupby(k).apply(f)` with a group's frame (pandas 3
leaves the grouping columns out of it), `df.apply(f)` / `s.map(f)` / `transform` / `agg`
with values analysis does not follow. The walk enters the function there, so what it
would raise (a function or attribute the installed library removed, a frame method
that no longer exists) is reported at the line that makes the library call it.
A callback the library may never call (an event hook) is not walked.
"""

from __future__ import annotations

import ast
import dataclasses
from typing import TYPE_CHECKING

import pandas as pd

from mleworld.world.static.values import (
    UNKNOWN,
    Const,
    DictVal,
    Frame,
    FuncVal,
    GroupBy,
    Instance,
    Method,
    OpaqueStep,
    Seq,
    SeriesVal,
    UserInstance,
    Value,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CERTAINTY = 0.95  # the library calls it unless the data it iterates over is empty
_PANDAS_3 = int(pd.__version__.split(".")[0]) >= 3
_PANDAS_CALLERS = frozenset({"apply", "map", "transform", "agg", "aggregate", "applymap"})


def _walk(walker: Walker, func: FuncVal, args: list[Value], kwargs: dict[str, Value]) -> Value:
    """The function walked as the library calls it; what it returns."""
    saved, sure = walker.certainty, walker.sure
    walker.certainty *= CERTAINTY
    walker.sure = walker.certainty  # its body runs whenever the library calls it
    try:
        return walker.inline(func, args, kwargs, False)
    finally:
        walker.certainty, walker.sure = saved, sure


def _own_transformer(walker: Walker, step: Value | None, X: Frame, node: ast.AST) -> Value:
    """`Pipeline([("fe", MyFeatures()), ...]).fit(X)`: scikit-learn calls the step's `fit`
    and then its `transform` (or its `fit_transform`) with X; walk them as it calls them.
    What the last one returns: the frame the next step is fitted on."""
    if not isinstance(step, UserInstance):
        return UNKNOWN
    calls = ("fit", "transform")
    methods = [walker.attribute(step, name, node) for name in calls]
    if not all(isinstance(m, FuncVal) for m in methods):
        methods = [walker.attribute(step, "fit_transform", node)]
    out: Value = UNKNOWN
    for method in methods:
        out = UNKNOWN
        if isinstance(method, FuncVal) and not method.static:
            out = _walk(walker, method, [_handed(X)], {})
    return out


def on_pandas_call(walker: Walker, method: Method, args: list[Value]) -> None:
    """`frame.apply(f)`, `series.map(f)`: walk f as pandas calls it (`pipe` is a plain call
    of f, its result kept: operations.py)."""
    if method.name not in _PANDAS_CALLERS or not args or not isinstance(args[0], FuncVal):
        return
    owner = method.owner
    if not isinstance(owner, Frame | SeriesVal):
        return
    _walk(walker, args[0], [UNKNOWN], {})


def on_group_apply(
    walker: Walker,
    group: GroupBy,
    args: list[Value],
    kw: dict[str, Value],
    node: ast.AST,
    star: bool,
) -> None:
    """`df.groupby("k").apply(f)`: pandas 3 calls f with each group's frame WITHOUT the
    grouping columns (`g["k"]` is a KeyError), and refuses `include_groups=True`."""
    if star or group.selection is not None or not _PANDAS_3:
        return
    if "include_groups" in kw:
        flag = kw["include_groups"]
        if isinstance(flag, Const) and flag.value is True:
            message = "ValueError: include_groups=True is no longer allowed."
            walker.emit("reductions", "ValueError", message, node, CERTAINTY)
        return
    func = args[0] if args else kw.get("func")
    frame = group.frame
    by = group.args[0] if group.args else group.kw.get("by")
    keys = [by.value] if isinstance(by, Const) else _names(by)
    if not isinstance(func, FuncVal) or frame.columns is None or not frame.exact or not keys:
        return
    if any(k not in frame.columns for k in keys):
        return
    rest = [c for c in frame.columns if c not in keys]
    # not checked as a plain DataFrame: pandas sets the group's `.name` to its key
    _walk(walker, func, [Frame(rest, frame.source, is_frame=False)], {})


def _names(value: Value | None) -> list[str]:
    """The column names a literal list of them holds (empty: not such a list)."""
    if not isinstance(value, Seq) or value.items is None:
        return []
    names = [v.value for v in value.items if isinstance(v, Const) and isinstance(v.value, str)]
    return names if len(names) == len(value.items) else []


def pipeline_steps(owner: Instance) -> list[Instance]:
    """The steps a fit runs in order: a pipeline's, with a pipeline inside it opened up
    (`Pipeline([("features", Pipeline([...])), ("model", m)])`); a lone estimator itself."""
    if owner.cls.__name__ != "Pipeline":
        return [owner]
    return [inner for step in owner.inner for inner in pipeline_steps(step)]


def on_fit(walker: Walker, owner: Instance, X: Value, node: ast.AST) -> tuple[int, Frame] | None:
    """A pipeline's (or a lone) FunctionTransformer runs its function when fitted; the
    program's own transformer classes at the head of a pipeline run their `fit` and
    `transform`, each on what the one before it returned.

    When the pipeline's first steps are such steps and the last of them returned a frame
    for X, (the index of the step after them, that frame): what it is fitted on, for the
    checks of the steps from there."""
    steps = pipeline_steps(owner)
    whole = _drawn_from(walker, X)
    current: Value = X if whole is None else whole
    leading = True  # every step so far was the program's own, walked on a known frame
    after: tuple[int, Frame] | None = None
    for index, step in enumerate(steps):
        handed = leading and isinstance(current, Frame)
        if step.cls is OpaqueStep and handed:
            current = _own_transformer(walker, step.given.get("step"), current, node)  # type: ignore[arg-type]
            after = (index + 1, current) if isinstance(current, Frame) else None
            continue
        func = step.given.get("func") if step.cls.__name__ == "FunctionTransformer" else None
        if not isinstance(func, FuncVal):
            leading = False
            continue
        extra = step.given.get("kw_args")
        kwargs = dict(extra.items) if isinstance(extra, DictVal) and extra.closed else {}
        out = _walk(walker, func, [_handed(current) if handed else UNKNOWN], kwargs)  # type: ignore[arg-type]
        if handed and not _validates(step):
            current = out
            after = (index + 1, out) if isinstance(out, Frame) else None
        else:
            leading = False
    if after is None or after[0] >= len(steps):
        return None
    if whole is not None:  # walked on all the rows: the fold's are a share of what they gave
        after = _as_share(walker, after, X)
    return after


def _drawn_from(walker: Walker, X: Value) -> Frame | None:
    """For a fold's rows (or a split part's) whose own values are not known, the frame of
    all the rows they were drawn from, values known: the program's own steps are walked on
    it (they treat every row alike), and what they return is judged as a share of it."""
    from mleworld.world.static.computed import values_of

    if not isinstance(X, Frame) or X.sample_of is None or values_of(walker, X) is not None:
        return None
    table = X.sample_of[0]
    if not X.exact or not X.columns or not set(X.columns) <= set(table.columns):
        return None
    names = list(X.columns)
    return Frame(names, X.source, True, pristine=True, rows=len(table), table=table[names])


def _as_share(walker: Walker, after: tuple[int, Frame], X: Frame) -> tuple[int, Frame]:
    """The frame the own steps returned on all the rows, turned back into the fold's share
    of them: its values are what the fold's rows are drawn from (partial_fits.sampled)."""
    from mleworld.world.static.computed import values_of

    index, frame = after
    table = values_of(walker, frame)
    part = Frame(None if frame.columns is None else list(frame.columns), frame.source, frame.exact)
    if table is not None and X.sample_of is not None:
        part.sample_of = (table, X.sample_of[1])
    return index, part


def _handed(X: Frame) -> Frame:
    """The frame the library hands the function: the program's own, values and all (a new
    object, so what the function does to it stays in the function)."""
    return dataclasses.replace(
        X,
        aliases=list(X.aliases),
        kinds=None if X.kinds is None else dict(X.kinds),
        parts=None if X.parts is None else dict(X.parts),
    )


def _validates(step: Instance) -> bool:
    """FunctionTransformer(validate=True) turns the frame into an array first."""
    flag = step.given.get("validate")
    return not (flag is None or isinstance(flag, Const) and flag.value is False)
