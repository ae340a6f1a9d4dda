"""What a printed pandas expression shows, computed with pandas from the values the walk knows.

A program that looks at its data prints `df.head()`, `df.describe()`,
`df["y"].value_counts()`, `df.isna().sum()`, `df.groupby("a")["b"].mean().round(2)`
or `y.value_counts().to_dict()`. When the frame or column such a chain starts from
holds values the walk computed from the input files (computed.py, computed_series.py),
the chain is run here for real, on those values, and the text `print` would write is
kept (printed.py carries it to world/terminal/, which prints it instead of its own
guess). Only steps that run no code of the program's are replayed: the attributes in
`ATTRIBUTES` and columns read as attributes (`df.age`), the methods in `METHODS`, the
pandas and numpy functions in `FUNCTIONS`, comparisons and arithmetic, subscripts, and
`list`, `sorted`, `len`, `round`, `set`, `tuple`, `dict` and `zip` around them; and a
label encoder analysis fitted for real (encoders.py): its fitted attributes
(`le.classes_`) and transforms. Their arguments are literals, names bound to constants
(`TARGET`, `cfg["target"]`, `NUM + ["y"]`) or data computed the same way (`s[s > 0]`). An
array the walk itself computed (`np.where(...)`, an encoder's codes) prints as it is. The text is pandas' own, in the layout a program whose output goes to
a pipe gets (80 columns, the display options' defaults, then those the program sets with
literals); a result holding a set of several strings is left out (its order changes
from run to run), and so is every text of a program that sets display options analysis
cannot read.

A statement `df.info()` writes its table itself: `shown_info` gives that text. The same
replay also serves the walk: where its own steps lost the values a name is bound to
(`num = df.select_dtypes("number").shift(1)`), `recomputed` gives a frame or Series
holding what the replay computed, so the detectors see them.

Not here: which printed expressions are noted, and when a note holds (printed.py).
"""

from __future__ import annotations

import ast
import io
import numbers
import os
import threading
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Literal
from unittest import mock

from mleworld.world.static import arrays, computed, dtypes, encoders
from mleworld.world.static.operators import ARITHMETIC, COMPARISONS, UNARY
from mleworld.world.static.params import literal
from mleworld.world.static.values import (
    UNKNOWN,
    Const,
    DictVal,
    Frame,
    Instance,
    Keys,
    ModuleVal,
    Obj,
    Seq,
    SeriesVal,
    Value,
    VectorVal,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from mleworld.world.static.walker import Walker

# Attributes of frames and series that are plain data (no code runs to give them).
ATTRIBUTES = frozenset(
    {
        "shape", "columns", "dtypes", "dtype", "T", "index", "size", "ndim", "empty",
        "loc", "iloc", "values", "name", "is_unique", "hasnans", "str", "dt",
        "year", "month", "day", "dayofweek", "hour", "days",
    }
)  # fmt: skip

# Methods that compute from the values alone, with literal arguments.
METHODS = frozenset(
    {
        "head", "tail", "describe", "value_counts", "nunique", "unique", "isna", "isnull",
        "notna", "notnull", "sum", "mean", "median", "std", "var", "min", "max", "count",
        "round", "corr", "cov", "sort_values", "sort_index", "to_dict", "tolist", "to_list",
        "to_string", "groupby", "agg", "aggregate", "size", "reset_index", "transpose",
        "nlargest", "nsmallest", "abs", "quantile", "pivot_table", "dropna", "fillna",
        "drop", "select_dtypes", "memory_usage", "duplicated", "any", "all", "idxmax",
        "idxmin", "mode", "skew", "kurt", "cumsum", "diff", "pct_change", "clip", "rank",
        "to_frame", "rename", "set_index", "first", "last", "keys", "item", "date",
        "astype", "lower", "upper", "len", "strip", "split", "contains", "startswith",
        "endswith", "to_numpy", "copy", "between", "isin", "get", "nth", "cumcount", "shift",
    }
)  # fmt: skip

# pandas and numpy functions of data alone (no callable argument runs the program's code).
FUNCTIONS = {
    "pandas": frozenset({"pivot_table", "crosstab", "cut", "qcut", "to_datetime"}),
    "numpy": frozenset(
        {
            "log1p", "log", "exp", "sqrt", "abs", "round", "mean", "median", "std", "var",
            "min", "max", "sum", "unique", "bincount", "percentile", "quantile", "corrcoef",
            "sort", "cumsum", "expm1", "clip", "isnan", "count_nonzero",
        }
    ),
}  # fmt: skip

# Builtins that may wrap a chain: print(list(df.columns)), print(len(df["a"].unique())),
# print(dict(zip(le.classes_, codes))).
_WRAPPERS = {"list": list, "sorted": sorted, "len": len, "round": round, "set": set,
             "dict": dict, "tuple": tuple}  # fmt: skip

# Keywords that make a step change its input in place (the walk's own values): never replayed.
_MUTATING = frozenset({"inplace", "out"})
MAX_TEXT = 20_000  # longer texts are not kept
MAX_ITEMS = 2_000  # nor every value of a longer frame or column (to_string, tolist, list(...))
_WHOLE = frozenset({"to_string", "tolist", "to_list", "to_dict", "to_numpy"})
_MISSING = literal(UNKNOWN)  # params.literal's answer for what is not a constant
_DISPLAY_LOCK = threading.Lock()


def shown(walker: Walker, node: ast.expr, walked: Value | None = None) -> str | None:
    """The text `print(<node>)` writes, when the walk knows the values it is computed from:
    replayed here, or an array the walk itself computed (`walked`, its value of `node`:
    `np.where(...)`, an encoder's codes)."""
    display = _display(walker)
    if display is None:
        return None
    try:
        value = _evaluate(walker, node)
        if value is _MISSING and isinstance(walked, VectorVal) and _is_data(walked.real):
            value = walked.real
        if value is _MISSING or _varies(value):
            return None
        with pipe_display(*display):
            text = str(value)
    except Exception:  # noqa: BLE001 - the program's own crash is for the detectors to name
        return None
    return text if len(text) <= MAX_TEXT else None


def recomputed(walker: Walker, node: ast.expr, value: Value) -> Value:
    """What `name = <node>` binds: `value`, or, where the walk lost a frame's or a column's
    values that the same replay computes (`df.select_dtypes("number").median()`, a groupby
    mean sorted), a frame or Series holding them. Only on a line that surely runs once."""
    import numpy as np
    import pandas as pd

    if not _lost(walker, value) or not walker.certain or walker.work_scale != 1.0:
        return value
    if not isinstance(node, ast.Call | ast.Attribute | ast.Subscript):
        return value
    root = _root(node)
    like = walker.peek(root) if root is not None else None
    if not isinstance(like, Frame | SeriesVal):
        return value
    try:
        real = _evaluate(walker, node)
    except Exception:  # noqa: BLE001 - the program's own crash is for the detectors to name
        return value
    frame = like if isinstance(like, Frame) else like.origin
    if isinstance(real, pd.DataFrame) and isinstance(frame, Frame):
        return computed.frame_of(walker, real, frame) or value
    if isinstance(real, pd.Series) and len(real) <= computed.MAX_CELLS:
        numeric = bool(pd.api.types.is_numeric_dtype(real.dtype))
        name = real.name if isinstance(real.name, str) else None
        return SeriesVal(name, rows=len(real), numeric=numeric, real=real)
    if isinstance(real, np.ndarray) and real.ndim in (1, 2):  # `.to_numpy()`, `.values`
        return arrays.wrap(real) or value
    return _names(real) or value


def _names(real: Any) -> Value | None:
    """`df.select_dtypes("object").columns` (an Index of names) or `.tolist()` of it: the
    names in order, as `df.columns` and a list of literals are held."""
    import pandas as pd

    items = list(real) if isinstance(real, pd.Index | list) else None
    if items is None or len(items) > _MAX_NAMES or not all(isinstance(n, str) for n in items):
        return None
    if isinstance(real, list):
        return Seq([Const(n) for n in items], "list")
    if len(set(items)) != len(items):
        return None
    return Keys(frozenset(items), many=True, exact=True, order=tuple(items))


_MAX_NAMES = 10_000


def _lost(walker: Walker, value: Value) -> bool:
    """Whether the walk holds no values for what a line computed."""
    if isinstance(value, Frame):
        return not dtypes.may_hold_values(value)
    if isinstance(value, SeriesVal):
        return value.real is None and value.kind is None
    if isinstance(value, Keys):
        return not value.exact  # names known only as a bound (`select_dtypes(...).columns`)
    return value is UNKNOWN


def _root(node: ast.expr) -> str | None:
    """The name a chain of attributes, calls and subscripts starts from."""
    while isinstance(node, ast.Call | ast.Attribute | ast.Subscript):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def shown_info(walker: Walker, call: ast.Call) -> str | None:
    """What a statement `df.info()` writes, when the walk knows the frame's values."""
    display = _display(walker)
    if display is None or call.args or call.keywords or not isinstance(call.func, ast.Attribute):
        return None
    try:
        owner = _evaluate(walker, call.func.value)
        if owner is _MISSING or not _is_data(owner):
            return None
        out = io.StringIO()
        with pipe_display(*display):
            owner.info(buf=out)
    except Exception:  # noqa: BLE001 - the program's own crash is for the detectors to name
        return None
    return out.getvalue().removesuffix("\n")


Display = tuple[tuple[tuple[str, Any], ...], dict[str, Any]]


def _display(walker: Walker) -> Display | None:
    """The program's display options (read once per walk); None when they are not known."""
    if walker.display is None:
        source = "\n".join(walker.lines)
        sets = any(
            word in source for word in ("set_option", "option_context", "options", "printoptions")
        )
        walker.display = display_options(walker.tree) if sets else ((), {})
    return walker.display or None


def display_options(tree: ast.Module) -> Display | Literal[False]:
    """The display options the program sets (pandas', then numpy's print options), or False
    when it sets some analysis cannot read (a value computed at run time, a context)."""
    pandas: list[tuple[str, Any]] = []
    numpy: dict[str, Any] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(_names_options(t) for t in node.targets):
            return False  # pd.options.display.width = ...
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        name = node.func.attr
        if name == "option_context":
            return False
        if name not in ("set_option", "set_printoptions"):
            continue
        try:
            args = [ast.literal_eval(a) for a in node.args]
            kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            return False
        if name == "set_printoptions":
            numpy.update(kwargs)
        elif len(args) % 2 or kwargs:
            return False
        else:
            pandas.extend(zip(args[::2], args[1::2], strict=True))
    return tuple(pandas), numpy


def _names_options(target: ast.expr) -> bool:
    while isinstance(target, ast.Attribute):
        if target.attr == "options":
            return True
        target = target.value
    return False


def _evaluate(walker: Walker, node: ast.expr) -> Any:
    """The real value of a data expression, or _MISSING."""
    if isinstance(node, ast.Name):
        return _real(walker, node.id)
    if isinstance(node, ast.Attribute):
        fitted = _fitted(walker, node)
        if fitted is not _MISSING:
            return fitted
        base = _evaluate(walker, node.value)
        if base is _MISSING or not (node.attr in ATTRIBUTES or _is_column(base, node.attr)):
            return _MISSING
        return computed.quietly(getattr, base, node.attr)
    if isinstance(node, ast.Subscript):
        base = _evaluate(walker, node.value)
        key = _operand(walker, node.slice)
        if base is _MISSING or key is _MISSING:
            return _MISSING
        return computed.quietly(base.__getitem__, key)
    if isinstance(node, ast.Call):
        return _call(walker, node)
    if isinstance(node, ast.Tuple):  # `df.loc[df["a"] > 0, "b"]`: a key of data and literals
        parts = [_operand(walker, element) for element in node.elts]
        return _MISSING if _missing(parts) else tuple(parts)
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in COMPARISONS:
        return _apply(COMPARISONS[type(node.ops[0])], walker, node.left, node.comparators[0])
    if isinstance(node, ast.BinOp) and type(node.op) in ARITHMETIC:
        return _apply(ARITHMETIC[type(node.op)], walker, node.left, node.right)
    if isinstance(node, ast.UnaryOp) and type(node.op) in UNARY:
        value = _evaluate(walker, node.operand)
        return _MISSING if value is _MISSING else computed.quietly(UNARY[type(node.op)], value)
    return _MISSING


def _fitted(walker: Walker, node: ast.Attribute) -> Any:
    """`le.classes_` of an encoder analysis fitted for real (encoders.py), or _MISSING."""
    encoder = _fitted_encoder(walker, node.value)
    value = encoders.fitted_attribute(encoder, node.attr) if encoder is not None else UNKNOWN
    return value.real if isinstance(value, VectorVal) else _MISSING


def _fitted_encoder(walker: Walker, node: ast.expr) -> Any:
    """The encoder instance a name holds, when analysis fitted it for real; else None."""
    owner = walker.peek(node.id) if isinstance(node, ast.Name) else None
    return owner if isinstance(owner, Instance) and owner.real is not None else None


def _apply(op: Callable[[Any, Any], Any], walker: Walker, left: ast.expr, right: ast.expr) -> Any:
    """`left op right` where one side is data and the other data or a literal."""
    a, b = _operand(walker, left), _operand(walker, right)
    sets = isinstance(a, set | frozenset) and isinstance(b, set | frozenset)
    if a is _MISSING or b is _MISSING or not (_is_data(a) or _is_data(b) or sets):
        return _MISSING
    return computed.quietly(op, a, b)


def _operand(walker: Walker, node: ast.expr) -> Any:
    """An argument, key or operand: a literal (or constants' name), else a data value."""
    value = _literal(walker, node)
    return _evaluate(walker, node) if value is _MISSING else value


def _is_column(base: Any, attr: str) -> bool:
    """`df.col` (or `df.groupby(k).col`): a column read by attribute."""
    import pandas as pd

    frame = base.obj if isinstance(base, pd.core.groupby.DataFrameGroupBy) else base
    return (
        isinstance(frame, pd.DataFrame)
        and attr in frame.columns
        and not hasattr(pd.DataFrame, attr)
    )


def _call(walker: Walker, node: ast.Call) -> Any:
    func = node.func
    wrapper = isinstance(func, ast.Name) and func.id in _WRAPPERS and bool(node.args)
    args = [_operand(walker, a) for a in (node.args[1:] if wrapper else node.args)]
    kwargs = {k.arg: _operand(walker, k.value) for k in node.keywords}
    if _missing([*args, *kwargs.values()]) or None in kwargs or _MUTATING & kwargs.keys():
        return _MISSING
    if wrapper:
        assert isinstance(func, ast.Name)
        inner = _evaluate(walker, node.args[0])
        if inner is _MISSING or (func.id != "len" and _too_long(inner)):
            return _MISSING
        return _WRAPPERS[func.id](inner, *args, **kwargs)  # type: ignore[operator]
    if isinstance(func, ast.Name) and func.id == "zip" and node.args and not node.keywords:
        parts = [_operand(walker, a) for a in node.args]
        if _missing(parts) or not any(_is_data(p) for p in parts):
            return _MISSING
        if any(_too_long(p) for p in parts):
            return _MISSING
        return list(zip(*parts, strict=False))  # a list: printed once, as zip's items
    if not isinstance(func, ast.Attribute):
        return _MISSING
    encoder = _fitted_encoder(walker, func.value) if func.attr in encoders.TRANSFORMS else None
    if encoder is not None:
        if not args or not all(_is_data(a) or isinstance(a, list) for a in args):
            return _MISSING
        return computed.quietly(getattr(encoder.real, func.attr), *args, **kwargs)
    library = _library_function(walker, func)
    if library is not None:
        if not any(_is_data(a) for a in [*args, *kwargs.values()]):
            return _MISSING
        return computed.quietly(library, *args, **kwargs)
    if func.attr not in METHODS:
        return _MISSING
    owner = _evaluate(walker, func.value)
    if owner is _MISSING or not _is_data(owner, method=True):
        return _MISSING
    if func.attr in _WHOLE and _too_long(owner):
        return _MISSING
    return computed.quietly(getattr(owner, func.attr), *args, **kwargs)


def _library_function(walker: Walker, func: ast.Attribute) -> Callable[..., Any] | None:
    """`pd.pivot_table`, `np.log1p`, ...: a pandas or numpy function of FUNCTIONS."""
    if not isinstance(func.value, ast.Name):
        return None
    module = walker.peek(func.value.id)
    if not isinstance(module, ModuleVal) or module.module is None:
        return None
    allowed = FUNCTIONS.get(module.module.__name__, frozenset())
    return getattr(module.module, func.attr, None) if func.attr in allowed else None


def _missing(values: list[Any]) -> bool:
    """Whether any of them is not known (by identity: `==` on data compares its cells)."""
    return any(v is _MISSING for v in values)


def _too_long(value: Any) -> bool:
    """Whether listing every value would print more than a prediction keeps."""
    try:
        return len(value) > MAX_ITEMS
    except TypeError:
        return False


def _real(walker: Walker, name: str) -> Any:
    """The values a name holds, when the walk computed them (no finding is reported)."""
    value = walker.peek(name)
    if isinstance(value, Frame):
        table = computed.values_of(walker, value)
        return _MISSING if table is None else table
    if isinstance(value, SeriesVal | VectorVal) and value.real is not None and _is_data(value.real):
        return value.real
    return _MISSING


def _literal(walker: Walker, node: ast.expr) -> Any:
    """A literal, or what names bound to constants give (`cfg["target"]`, `num + ["y"]`)."""
    if isinstance(node, ast.Name):
        spelt = literal(walker.peek(node.id))
        if spelt is _MISSING:
            return _dtype(walker, node) or _MISSING  # `dtype=float`
        return spelt
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        holder, key = walker.peek(node.value.id), _literal(walker, node.slice)
        if isinstance(holder, DictVal) and holder.closed and isinstance(key, str):
            return literal(holder.items.get(key, UNKNOWN))
        return _MISSING
    if isinstance(node, ast.Slice):
        parts = [
            None if p is None else _literal(walker, p) for p in (node.lower, node.upper, node.step)
        ]
        return _MISSING if _missing(parts) else slice(*parts)
    if isinstance(node, ast.Tuple | ast.List):
        items = [_literal(walker, e) for e in node.elts]
        if _missing(items):
            return _MISSING
        return items if isinstance(node, ast.List) else tuple(items)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _literal(walker, node.left), _literal(walker, node.right)
        if isinstance(left, list) and isinstance(right, list):
            return left + right
        return _MISSING
    dtype = _dtype(walker, node)
    if dtype is not None:
        return dtype
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return _MISSING


def _dtype(walker: Walker, node: ast.expr) -> type | None:
    """`float`, `np.float32`: a type numpy and pandas take as a dtype, named by the program."""
    import numpy as np

    kind: Any = None
    if isinstance(node, ast.Name) and node.id in _BUILTIN_DTYPES:
        bound = node.id in walker.module.values or node.id in walker.scope.values
        return None if bound else _BUILTIN_DTYPES[node.id]
    if isinstance(node, ast.Name):
        value = walker.peek(node.id)
        kind = value.obj if isinstance(value, Obj) else None  # `from numpy import float32`
    elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        module = walker.peek(node.value.id)
        if isinstance(module, ModuleVal) and module.name == "numpy":
            kind = getattr(np, node.attr, None)
    return kind if isinstance(kind, type) and issubclass(kind, np.generic) else None


_BUILTIN_DTYPES: dict[str, type] = {t.__name__: t for t in (int, float, str, bool, object)}


def _is_data(value: Any, *, method: bool = False) -> bool:
    """A pandas or numpy object (or, for a method, a value one gave: a scalar, a group)."""
    module = type(value).__module__ or ""
    if module.startswith(("pandas", "numpy")):
        return True
    return method and isinstance(value, str | int | float)


def _varies(value: Any) -> bool:
    """Whether its text changes from run to run: a set of two or more strings (their order
    follows string hashing, seeded per process); one of numbers, or of one item, does not."""
    if isinstance(value, set | frozenset):
        return len(value) > 1 and not all(isinstance(v, numbers.Real) for v in value)
    if isinstance(value, list | tuple):
        return any(_varies(v) for v in value)
    if isinstance(value, dict):
        return any(_varies(v) for v in value.values())
    return False


@contextmanager
def pipe_display(
    pandas_options: tuple[tuple[str, Any], ...] = (), numpy_options: dict[str, Any] | None = None
) -> Iterator[None]:
    """Display options as a program writing to a pipe has them: pandas' defaults and
    80 columns by 24 lines where pandas asks the terminal (the sandbox gives no COLUMNS),
    then the options the program sets."""
    import numpy as np
    import pandas as pd
    from pandas.io.formats import console
    from pandas.io.formats import format as fmt

    size = os.terminal_size((80, 24))
    with (
        _DISPLAY_LOCK,
        mock.patch.object(fmt, "get_terminal_size", lambda: size),
        mock.patch.object(console, "get_terminal_size", lambda: size),
        pd.option_context(
            "display.width", 80, "display.max_columns", 0, "display.max_rows", 60,
            "display.min_rows", 10, "display.max_colwidth", 50, "display.precision", 6,
            "display.expand_frame_repr", True, "display.show_dimensions", "truncate",
            *(part for pair in pandas_options for part in pair),
        ),
        np.printoptions(**(numpy_options or {})),
    ):  # fmt: skip
        yield
