"""Numbers whose value analysis does not know but whose type it does, and text joined to them.

A scikit-learn metric (`accuracy_score`, `mean_squared_error`, ...) and an
estimator's `score` return a Python float; numpy's reductions of a list or an
array (`np.mean(scores)`, `oof.mean()`, a numeric column's `.mean()`) and its
functions of a number (`np.sqrt(mse)`) return a numpy.float64. `Number`
carries that type; arithmetic with other numbers keeps one (numpy's wins).

What it makes certain: text joined to a number with `+` (a metric, a literal, `len(df)`),
the habit of `print("RMSE: " + rmse)`, is Python's TypeError, "can only concatenate str
(not "numpy.float64") to str" (a number first: "unsupported operand type(s)
for +: 'float' and 'str'"; numpy's scalar first fails inside numpy instead,
which is left alone).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

from mleworld.world.static.operators import ARITHMETIC, part
from mleworld.world.static.values import (
    UNKNOWN,
    ArrayVal,
    Const,
    Count,
    Instance,
    Number,
    Seq,
    SeriesVal,
    Value,
    VectorVal,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.9
FLOAT, INT, NUMPY_FLOAT = "float", "int", "numpy.float64"
# scikit-learn metrics that return a Python float for their default averaging.
_METRICS = frozenset(
    {
        "accuracy_score", "balanced_accuracy_score", "f1_score", "fbeta_score", "precision_score",
        "recall_score", "jaccard_score", "roc_auc_score", "average_precision_score", "log_loss",
        "brier_score_loss", "matthews_corrcoef", "cohen_kappa_score", "hamming_loss",
        "zero_one_loss", "top_k_accuracy_score", "mean_squared_error", "root_mean_squared_error",
        "mean_absolute_error", "median_absolute_error", "mean_squared_log_error",
        "root_mean_squared_log_error", "mean_absolute_percentage_error", "r2_score",
        "explained_variance_score", "max_error", "mean_poisson_deviance", "mean_gamma_deviance",
        "mean_tweedie_deviance", "d2_absolute_error_score",
    }
)  # fmt: skip
# Averaging keywords whose other values make the metric return an array.
_SCALAR_AVERAGING = {
    "average": ("binary", "micro", "macro", "weighted", "samples"),
    "multioutput": ("uniform_average", "variance_weighted"),
}
# numpy reductions: of a list or a 1-D array (no axis), a numpy.float64.
_REDUCTIONS = frozenset(
    {"mean", "std", "var", "median", "nanmean", "nanstd", "nanvar", "nanmedian", "average"}
)
# numpy functions of one number: a numpy.float64.
_UFUNCS = frozenset(
    {"sqrt", "log", "log1p", "exp", "expm1", "abs", "absolute", "square", "log2", "log10"}
)
_METHODS = frozenset({"mean", "std", "var"})
# numpy's scalar types, called on a number: a number of that type.
_NUMPY_SCALARS = frozenset({"float16", "float32", "float64", "int8", "int16", "int32", "int64"})
_OPERATORS = part(ARITHMETIC, ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow)
_ARITHMETIC = tuple(_OPERATORS)


def of_call(obj: Any, args: list[Value], kw: dict[str, Value]) -> Number | None:
    """The Number a library call returns, when its type is certain."""
    module = getattr(obj, "__module__", None) or ""
    name = getattr(obj, "__name__", None)
    if module.startswith("sklearn.metrics") and name in _METRICS:
        for key, allowed in _SCALAR_AVERAGING.items():
            given = kw.get(key)
            if given is not None and not (isinstance(given, Const) and given.value in allowed):
                return None
        return Number(FLOAT)
    if module.partition(".")[0] != "numpy" or len(args) != 1 or kw:
        return None
    if name in _REDUCTIONS and (_is_numbers(args[0]) or isinstance(args[0], Number)):
        return Number(NUMPY_FLOAT)
    if name in _UFUNCS and _number(args[0]):
        return Number(NUMPY_FLOAT)
    if name in _NUMPY_SCALARS and _number(args[0]):
        return Number(f"numpy.{name}")  # np.float32(score): a number json cannot write
    return None


def of_builtin(obj: Any, args: list[Value], kw: dict[str, Value]) -> Value | None:
    """float(x), round(x, k) and abs(x) of a Number (computed, where its value is known)."""
    if kw or not args or not isinstance(args[0], Number):
        return None
    if obj is float and len(args) == 1:
        held = args[0].real
        return Number(FLOAT) if held is None else Number.holding(float(held))
    if obj is abs and len(args) == 1:
        return Number(args[0].type_name)
    if obj is round and len(args) in (1, 2):
        return Number(args[0].type_name if len(args) == 2 else INT)
    return None


def of_method(owner: Value, name: str, args: list[Value], kw: dict[str, Value]) -> Number | None:
    """`oof.mean()` of a numeric 1-D array or column, `model.score(X, y)` of an estimator."""
    if args and name != "score" or kw:
        return None
    if name in _METHODS and _is_numbers(owner, lists=False):
        return Number(NUMPY_FLOAT)
    if name == "score" and isinstance(owner, Instance) and _scores_as_float(owner.cls):
        return Number(FLOAT)
    return None


def binop(
    walker: Walker, op: ast.operator, left: Value, right: Value, node: ast.BinOp
) -> Value | None:
    """Numbers combined (a Number), or text joined to a number (Python's TypeError)."""
    if isinstance(op, ast.Mod) and _text(left):
        check_percent(walker, left.value, right, node)  # type: ignore[attr-defined]
        return None
    if not isinstance(op, _ARITHMETIC):
        return None
    if isinstance(op, ast.Add) and _text(left) and (_number(right) or isinstance(right, Count)):
        kind = _type_name(right)
        message = f'TypeError: can only concatenate str (not "{kind}") to str'
        walker.emit("scalars", "TypeError", message, node, CONFIDENCE)
        return UNKNOWN
    if isinstance(op, ast.Add) and isinstance(left, Number) and _text(right):
        if left.type_name in (FLOAT, INT):
            message = f"TypeError: unsupported operand type(s) for +: '{left.type_name}' and 'str'"
            walker.emit("scalars", "TypeError", message, node, CONFIDENCE)
        return UNKNOWN
    numbers = isinstance(left, Number) or isinstance(right, Number)
    if numbers and _number(left) and _number(right):
        names = {
            v.type_name if isinstance(v, Number) else type(v.value).__name__ for v in (left, right)
        }  # type: ignore[union-attr]
        real = _arithmetic(op, left, right)
        if NUMPY_FLOAT in names:
            return Number(NUMPY_FLOAT, real=real)
        return Number(INT if names == {INT} and not isinstance(op, ast.Div) else FLOAT, real=real)
    return None


def check_format(walker: Walker, value: Value, spec: Value, node: ast.AST) -> None:
    """`f"{scores:.4f}"` of an array (cross_val_score's fold scores): numpy's TypeError."""
    array = isinstance(value, VectorVal) and value.ndarray and value.ndim >= 1
    if array and isinstance(spec, Const) and isinstance(spec.value, str) and spec.value:
        message = "TypeError: unsupported format string passed to numpy.ndarray.__format__"
        walker.emit("scalars", "TypeError", message, node, CONFIDENCE)


def check_percent(walker: Walker, text: str, right: Value, node: ast.AST) -> None:
    """`"CV %.4f" % scores` of an array: Python's TypeError when it asks for the number.

    Arguments are read in order, so only an array whose every earlier argument surely
    formats (text under %s, a number) decides the error."""
    conversions = _conversions(text)
    if conversions is None:
        return
    if isinstance(right, Seq) and right.kind == "tuple":
        given = right.items if right.items is not None else []
    else:
        given = [right] if len(conversions) == 1 else []
    for conversion, value in zip(conversions, given, strict=False):
        array = isinstance(value, ArrayVal) or (isinstance(value, VectorVal) and value.ndarray)
        if array and conversion in "eEfFgG":
            message = "TypeError: only 0-dimensional arrays can be converted to Python scalars"
        elif array and conversion in "di":
            message = (
                f"TypeError: %{conversion} format: a real number is required, not numpy.ndarray"
            )
        elif conversion in "rsa" or _number(value):
            continue
        else:
            return
        walker.emit("scalars", "TypeError", message, node, CONFIDENCE)
        return


def _conversions(text: str) -> list[str] | None:
    """The conversion types of a %-format, one per argument; None for `*` widths or names."""
    import re

    found = re.findall(r"%(\([^)]*\))?[#0\- +]*(\*|\d+)?(?:\.(\*|\d+))?[hlL]?(.)", text)
    if any(name or "*" in (width, precision) for name, width, precision, _ in found):
        return None
    return [kind for *_, kind in found if kind != "%"]


def _arithmetic(op: ast.operator, left: Value, right: Value) -> Any:
    """The number two known numbers make (`neg / pos` of counts analysis computed), or None."""
    import numbers

    from mleworld.world.static.computed import quietly

    sides = [v.real if isinstance(v, Number) else getattr(v, "value", None) for v in (left, right)]
    if any(isinstance(v, bool) or not isinstance(v, numbers.Number) for v in sides):
        return None
    try:
        value = quietly(_OPERATORS[type(op)], *sides)  # numpy's x / 0: inf, and a warning
    except (ArithmeticError, TypeError, ValueError):
        return None
    return value if isinstance(value, numbers.Number) else None


def _type_name(value: Value) -> str:
    """The Python type name of a number analysis knows the type of (`len(df)`: int)."""
    if isinstance(value, Number):
        return value.type_name
    return INT if isinstance(value, Count) else type(getattr(value, "value", None)).__name__


def _text(value: Value) -> bool:
    return isinstance(value, Const) and isinstance(value.value, str)


def _number(value: Value) -> bool:
    if isinstance(value, Number):
        return True
    return isinstance(value, Const) and type(value.value) in (int, float)


def _is_numbers(value: Value, *, lists: bool = True) -> bool:
    """A list (of anything numpy averages: it fails otherwise), a numeric 1-D array or column."""
    if isinstance(value, Seq):
        return lists and value.kind == "list"
    if isinstance(value, VectorVal):
        return value.ndim == 1 and value.ndarray and value.numeric
    return isinstance(value, SeriesVal) and value.numeric and value.kind is None


def _scores_as_float(cls: type) -> bool:
    """scikit-learn's classifier and regressor mixins: `score` is a metric's float."""
    from sklearn.base import ClassifierMixin, RegressorMixin

    return issubclass(cls, ClassifierMixin | RegressorMixin)
