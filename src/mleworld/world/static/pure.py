"""Lambdas analysis may run on real values: pure expressions of their own arguments.

Feature code hands small lambdas to pandas: `s.map(lambda x: x.lower())`,
`df.groupby(k).agg(share=("flag", lambda v: (v == "Yes").mean()))`,
`s.apply(lambda v: int(0.2 < v < 0.8))`. When analysis knows the values such a call
gets (computed.py), it runs the call for real, and needs the lambda as a function.

`compiled(walker, func)` gives one only for a lambda whose body reads nothing but its
own parameters, literals, a few side-effect-free builtins and numpy/pandas functions,
and calls only methods that compute (no I/O, no mutation, no callables of its own):
running it cannot touch anything outside the values it is given. A function the program
defines (`def get_title(name): ...`, handed to `s.apply`) is one too when its body is only
assignments to its own names, `if`s and `return`s of such expressions; both may read `re`'s
matching functions and the program's module-level literals (a dict of titles). Anything
else stays unknown, as before.
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
MODULES = {"numpy": "numpy", "pandas": "pandas", "math": "math", "re": "re"}
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
        "total_seconds", "isoformat", "rolling", "expanding", "ewm", "interpolate",
        # regular expressions (`re.search(r",\s*([^.]+)\.", name).group(1)`)
        "search", "match", "fullmatch", "sub", "findall", "group", "groups", "IGNORECASE", "I",
    }
)  # fmt: skip
_NODES = (
    ast.Expression, ast.Name, ast.Load, ast.Constant, ast.Attribute, ast.Call, ast.keyword,
    ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp, ast.Subscript, ast.Slice,
    ast.Tuple, ast.List, ast.Dict, ast.JoinedStr, ast.FormattedValue, ast.operator, ast.unaryop,
    ast.boolop, ast.cmpop,
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
    """The lambda, or the small function, as a real function when it is pure (the module
    docstring); else None."""
    node = func.node
    if func.bound_self is not None or func.opaque:
        return None
    if isinstance(node, ast.FunctionDef):
        return _function(walker, node)
    if not isinstance(node, ast.Lambda):
        return None
    params = _parameters(node)
    if params is None:
        return None
    names = _names(walker, [ast.Expression(body=node.body)], set(params))
    if names is None:
        return None
    function = ast.Expression(body=ast.Lambda(args=node.args, body=node.body))
    ast.fix_missing_locations(function)
    try:
        return eval(compile(function, "<lambda>", "eval"), names)  # noqa: S307 (checked pure above)
    except (SyntaxError, ValueError, TypeError):
        return None


def _function(walker: Walker, node: ast.FunctionDef) -> Callable[..., Any] | None:
    """`def get_title(name): m = re.search(...); return m.group(1) if m else "None"`: a
    function of its own arguments made only of assignments to its own names, `if`s and
    `return`s of pure expressions (no loops, no calls of the program's own functions)."""
    if node.decorator_list:
        return None
    params = _parameters(node)  # type: ignore[arg-type]
    if params is None:
        return None
    local: set[str] = set(params)
    parts: list[ast.AST] = []
    for statement in ast.walk(ast.Module(body=node.body, type_ignores=[])):
        if isinstance(statement, ast.stmt) and not _plain_statement(statement, local, parts):
            return None
    names = _names(walker, parts, local)
    if names is None:
        return None
    plain = ast.FunctionDef(
        name=node.name,
        args=ast.arguments(
            posonlyargs=[], args=[ast.arg(arg=p) for p in params], kwonlyargs=[], kw_defaults=[],
            defaults=[],
        ),
        body=node.body, decorator_list=[], returns=None, type_params=[],
    )  # fmt: skip
    module = ast.fix_missing_locations(ast.Module(body=[plain], type_ignores=[]))
    try:
        exec(compile(module, "<function>", "exec"), names)  # noqa: S102 (checked pure above)
    except (SyntaxError, ValueError, TypeError):
        return None
    return names.get(node.name)


def _plain_statement(statement: ast.stmt, local: set[str], parts: list[ast.AST]) -> bool:
    """One statement a pure function may hold; its expressions go to `parts`, the names it
    binds to `local`."""
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
        return True  # a docstring
    if isinstance(statement, ast.Pass):
        return True
    if isinstance(statement, ast.Return):
        parts.append(ast.Expression(body=statement.value or ast.Constant(None)))
        return True
    if isinstance(statement, ast.If):
        parts.append(ast.Expression(body=statement.test))
        return True  # its bodies are statements of their own (ast.walk visits them)
    if isinstance(statement, ast.Assign | ast.AugAssign):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        for target in targets:
            elts = target.elts if isinstance(target, ast.Tuple) else [target]
            if not all(isinstance(e, ast.Name) for e in elts):
                return False
            local.update(e.id for e in elts)  # type: ignore[attr-defined]
        parts.append(ast.Expression(body=statement.value))
        return True
    return False


def _names(walker: Walker, parts: list[ast.AST], local: set[str]) -> dict[str, Any] | None:
    """The globals a pure body runs with (modules, builtins, the program's module-level
    literals it reads: `title_map`), or None when a part reads or calls anything else."""
    import importlib

    from mleworld.world.static.params import _MISSING, literal

    aliases = {
        name: MODULES[qual]
        for name, qual in module_aliases(walker.tree).items()
        if qual in MODULES and name not in local
    }
    constants: dict[str, Any] = {}
    for body in parts:
        for part in ast.walk(body):
            if not isinstance(part, _NODES):
                return None
            if isinstance(part, ast.Attribute) and part.attr not in ATTRIBUTES:
                return None
            if not isinstance(part, ast.Name) or part.id in local or part.id in BUILTINS:
                continue
            if part.id in aliases or part.id in constants:
                continue
            held = walker.module.values.get(part.id)
            value = _MISSING if held is None else literal(held)
            if value is _MISSING or not _literal_data(value):
                return None
            constants[part.id] = value
    names: dict[str, Any] = {name: importlib.import_module(mod) for name, mod in aliases.items()}
    names.update(constants)
    names["__builtins__"] = {name: getattr(builtins, name) for name in BUILTINS}
    return names


def _literal_data(value: Any) -> bool:
    """Plain data a pure body may read: texts, numbers, and lists, tuples and dicts of them."""
    if value is None or isinstance(value, str | int | float | bool):
        return True
    if isinstance(value, list | tuple):
        return all(_literal_data(v) for v in value)
    if isinstance(value, dict):
        return all(_literal_data(k) and _literal_data(v) for k, v in value.items())
    return False


__all__ = ["compiled"]
