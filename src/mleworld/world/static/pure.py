"""Lambdas analysis may run on real values: pure expressions of their own arguments.

Feature code hands small lambdas to pandas: `s.map(lambda x: x.lower())`,
`df.groupby(k).agg(share=("flag", lambda v: (v == "Yes").mean()))`,
`s.apply(lambda v: int(0.2 < v < 0.8))`. When analysis knows the values such a call
gets (computed.py), it runs the call for real, and needs the lambda as a function.

`compiled(walker, func)` gives one only for a lambda whose body reads nothing but its
own parameters, literals, a few side-effect-free builtins and numpy/pandas functions,
and calls only methods that compute (no I/O, no mutation, no callables of its own):
running it cannot touch anything outside the values it is given. Anything else stays
unknown, as before.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from mleworld.world.static.imports import module_aliases
from mleworld.world.static.values import FuncVal

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

BUILTINS = frozenset(
    {"abs", "len", "int", "float", "str", "bool", "round", "min", "max", "sum", "any", "all"}
)
MODULES = {"numpy": "numpy", "pandas": "pandas", "math": "math"}
# Attributes a pure lambda may read or call: computations on values, never I/O or mutation.
ATTRIBUTES = frozenset(
    {
        # reductions and element-wise computations (pandas, numpy, math)
        "mean", "median", "sum", "std", "var", "min", "max", "count", "nunique", "size",
        "first", "last", "any", "all", "abs", "round", "clip", "prod", "quantile", "mode",
        "idxmax", "idxmin", "cumsum", "diff", "shift", "rank", "unique", "value_counts",
        "fillna", "isna", "notna", "isnull", "notnull", "astype", "isin", "between", "where",
        "log", "log1p", "log2", "log10", "sqrt", "exp", "expm1", "floor", "ceil", "sign",
        "nan", "inf", "pi", "e", "iloc", "values", "shape", "dtype", "empty", "nanmean",
        "nanmedian", "nanstd", "nansum", "percentile", "tolist", "to_numpy", "index",
        # text and dates
        "str", "dt", "lower", "upper", "strip", "lstrip", "rstrip", "split", "replace",
        "contains", "startswith", "endswith", "len", "title", "capitalize", "find",
        "isdigit", "isalpha", "join", "get", "slice", "year", "month", "day", "hour",
        "dayofweek", "day_of_week", "weekday", "dayofyear", "day_of_year", "quarter", "days",
        "total_seconds", "isoformat",
    }
)  # fmt: skip
_NODES = (
    ast.Expression, ast.Name, ast.Load, ast.Constant, ast.Attribute, ast.Call, ast.keyword,
    ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp, ast.Subscript, ast.Slice,
    ast.Tuple, ast.List, ast.operator, ast.unaryop, ast.boolop, ast.cmpop,
)  # fmt: skip


def _parameters(node: ast.Lambda) -> list[str] | None:
    spec = node.args
    if spec.vararg or spec.kwarg or spec.kwonlyargs or spec.defaults or spec.posonlyargs:
        return None
    return [a.arg for a in spec.args]


def pure_callable(obj: Any) -> bool:
    """A library function mapping values to values with no effect, which pandas may run on
    values analysis holds (`s.map(str.lower)`, `dates.map(pd.Timestamp.toordinal)`,
    `s.apply(len)`, `s.map(math.log1p)`, `s.apply(np.sqrt)`)."""
    import datetime
    import math
    import types

    import numpy as np
    import pandas as pd

    if isinstance(obj, np.ufunc):
        return True
    if isinstance(obj, types.BuiltinFunctionType):
        name = obj.__name__
        builtin = name in BUILTINS and getattr(builtins, name, None) is obj
        return builtin or getattr(math, name, None) is obj
    if isinstance(obj, types.MethodDescriptorType | types.WrapperDescriptorType):
        owner = getattr(obj, "__objclass__", None)
        return owner in (str, int, float, datetime.date, datetime.datetime)
    # pandas' Timestamp methods are compiled functions: those that only read the date
    method = getattr(pd.Timestamp, getattr(obj, "__name__", ""), None)
    return method is obj and obj.__name__ in _TIMESTAMP_READS


_TIMESTAMP_READS = frozenset({"toordinal", "weekday", "isoweekday", "timestamp"})


def compiled(walker: Walker, func: FuncVal) -> Callable[..., Any] | None:
    """The lambda as a real function, when it is pure (the module docstring); else None."""
    node = func.node
    if not isinstance(node, ast.Lambda) or func.bound_self is not None:
        return None
    params = _parameters(node)
    if params is None:
        return None
    aliases = {
        name: MODULES[qual]
        for name, qual in module_aliases(walker.tree).items()
        if qual in MODULES and name not in params
    }
    body = ast.Expression(body=node.body)
    for part in ast.walk(body):
        if not isinstance(part, _NODES):
            return None
        if isinstance(part, ast.Name) and not (
            part.id in params or part.id in BUILTINS or part.id in aliases
        ):
            return None
        if isinstance(part, ast.Attribute) and part.attr not in ATTRIBUTES:
            return None
    import importlib

    names: dict[str, Any] = {name: importlib.import_module(mod) for name, mod in aliases.items()}
    names["__builtins__"] = {name: getattr(builtins, name) for name in BUILTINS}
    function = ast.Expression(body=ast.Lambda(args=node.args, body=node.body))
    ast.fix_missing_locations(function)
    try:
        return eval(compile(function, "<lambda>", "eval"), names)  # noqa: S307 (checked pure above)
    except (SyntaxError, ValueError, TypeError):
        return None


__all__ = ["compiled"]
