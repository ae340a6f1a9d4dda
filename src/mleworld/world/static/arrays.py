"""Arrays whose values analysis knows, and numpy run for real on them.

A numpy-first program turns its frames into arrays early (`df[cols].to_numpy(dtype=float)`)
and builds the design by hand: columns stacked, one-hot codes from `np.unique`, statistics
along an axis, masks and `np.where`. While an array comes from values analysis holds (a
frame's real values: computed.py), each such step is run here for real with the installed
numpy: numpy's functions, arithmetic and comparisons, subscripts and stores, and the methods
that stay inside the array. The arrays the walk holds are then the run's own, so a model
fitted on one meets the real design (dtypes.py judges its NaN and text cells as the
estimator's own check does), and a step numpy rejects on them is the run's crash, named with
numpy's message.

What the walk cannot follow ends an array's values (`forget`): a store into it on a line
that may not run (a branch, a loop walked once) or of a value analysis does not hold, and
handing it to code analysis does not follow. Arrays above MAX_CELLS are not built, and
numpy's random numbers, file input and output, and functions that call back into the
program are never run.
"""

from __future__ import annotations

import ast
import operator
from typing import TYPE_CHECKING, Any

from mleworld.world.static import dtypes
from mleworld.world.static.computed import quietly, values_of
from mleworld.world.static.operators import ARITHMETIC, COMPARISONS, UNARY
from mleworld.world.static.params import exception_line
from mleworld.world.static.values import (
    ArrayVal,
    Const,
    Count,
    FoldShare,
    Frame,
    Number,
    Obj,
    Seq,
    SeriesVal,
    Value,
    VectorVal,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.9
MAX_CELLS = 20_000_000  # larger arrays are left to the shape rules (lengths.py)

# numpy functions never run: files, random draws, printing, and those taking the program's code
_NEVER = frozenset({
    "save", "savez", "savez_compressed", "savetxt", "load", "loadtxt", "genfromtxt",
    "fromfile", "memmap", "fromregex", "frombuffer", "fromfunction", "fromiter",
    "vectorize", "frompyfunc", "apply_along_axis", "apply_over_axes", "piecewise",
    "seterr", "set_printoptions", "printoptions", "get_printoptions", "setbufsize",
    "info", "source", "show_config", "show_runtime", "test",
})  # fmt: skip
# numpy functions that write into an argument: run only where the line surely runs
_WRITES = frozenset({"copyto", "put", "place", "putmask", "fill_diagonal", "put_along_axis"})
# methods of an array that stay inside it (a new array, a number, or itself changed in place)
METHODS = frozenset({
    "astype", "copy", "reshape", "ravel", "flatten", "transpose", "squeeze", "swapaxes",
    "mean", "sum", "std", "var", "min", "max", "prod", "argmin", "argmax", "argsort",
    "cumsum", "cumprod", "round", "clip", "any", "all", "nonzero", "dot", "repeat", "take",
    "sort", "fill",
})  # fmt: skip
_IN_PLACE = frozenset({"sort", "fill"})
# numpy functions that turn a frame into an array (`np.array(df)`): run on a frame whose values
# analysis holds, as `df.to_numpy()` is
_CONVERTS = frozenset({"array", "asarray", "asanyarray", "ascontiguousarray"})
# numpy functions that build an array from numbers alone (`np.arange(n) % k`, `np.eye(k)`)
_RANGES = frozenset({"arange", "linspace", "logspace", "eye", "identity"})
_OPERATORS = {**ARITHMETIC, **COMPARISONS, **UNARY, ast.BitXor: operator.xor,
              ast.MatMult: operator.matmul, ast.UAdd: operator.pos}  # fmt: skip
_RAISES = (ValueError, IndexError, TypeError)


class _Missing:
    pass


MISSING: Any = _Missing()


def held(value: Value) -> bool:
    """The value is an array whose values analysis holds."""
    return isinstance(value, ArrayVal | VectorVal) and _array(value.real)


def holds(value: Value) -> bool:
    """The value is an array whose values analysis holds, or a list or tuple with one (an
    argument numpy takes: `np.hstack([A, B])`)."""
    if isinstance(value, Seq) and value.items is not None:
        return any(holds(item) for item in value.items)
    return held(value)


def real_of(walker: Walker, value: Value) -> Any:
    """The value as numpy gets it: an array's values, a literal, a computed number or
    Series, a list or tuple of those; MISSING when analysis does not hold it."""
    if isinstance(value, ArrayVal | VectorVal):
        return value.real if _array(value.real) else MISSING
    if isinstance(value, Const):
        plain = value.value is None or isinstance(value.value, int | float | bool | str | slice)
        return value.value if plain else MISSING
    if isinstance(value, Number):
        return value.real if value.real is not None else MISSING
    if isinstance(value, Count):
        return value.n  # `np.arange(len(df))`
    if isinstance(value, Obj) and isinstance(value.obj, type | int | float):
        return value.obj  # a dtype (`to_numpy(dtype=float)`, `astype(np.float32)`), `np.nan`
    if isinstance(value, SeriesVal):
        return value.real if value.real is not None else MISSING
    if isinstance(value, Frame):
        table = values_of(walker, value)
        return table if table is not None else MISSING
    if isinstance(value, Seq) and value.items is not None:
        items = [real_of(walker, item) for item in value.items]
        if any(item is MISSING for item in items):
            return MISSING
        return items if value.kind == "list" else tuple(items)
    return MISSING


def wrap(result: Any) -> Value | None:
    """What numpy gave, as the walk holds it: an array holding its values, a number, a list
    of arrays (`np.array_split`) or a tuple (`np.unique(..., return_inverse=True)`)."""
    import numbers

    import numpy as np

    if isinstance(result, np.ndarray):
        if result.size > MAX_CELLS:
            return None
        if result.ndim == 0:
            return wrap(result[()])
        if result.ndim == 2:
            return ArrayVal(result.shape[1], rows=result.shape[0], real=result)
        numeric = bool(np.issubdtype(result.dtype, np.number) or result.dtype == bool)
        return VectorVal(
            len(result), ndim=result.ndim, numeric=numeric, flat=result.ndim == 1, real=result
        )
    if isinstance(result, bool | np.bool_):
        return Const(bool(result))
    if isinstance(result, numbers.Number):
        return Number.holding(result)
    if isinstance(result, list | tuple) and result:
        items = [wrap(item) for item in result]
        if any(item is None for item in items):
            return None
        kind = "list" if isinstance(result, list) else "tuple"
        return Seq([item for item in items if item is not None], kind)
    return None


def of_frame(walker: Walker, frame: Frame, shaped: Value, kw: dict[str, Value]) -> Value:
    """`df.to_numpy(dtype=float)` / `df.values` of a frame whose values are known: the array."""
    if not isinstance(shaped, ArrayVal):
        return shaped
    table = values_of(walker, frame)
    spelt = {name: real_of(walker, value) for name, value in kw.items()}
    if table is None and walker.uses_torch:  # only torch reads an array's dtype alone
        if not kw:
            shaped.dtype = dtypes.array_dtype(walker, frame, shaped.width)
        elif set(spelt) == {"dtype"}:
            shaped.dtype = _as_dtype(spelt["dtype"])  # `df.to_numpy(dtype=np.float32)`
    if table is None or any(v is MISSING for v in spelt.values()):
        return shaped
    if table.size > MAX_CELLS:
        return shaped
    try:
        real = quietly(table.to_numpy, **spelt)
    except Exception as exc:
        _raised(walker, exc, None)
        return shaped
    if real.shape != (shaped.rows if shaped.rows is not None else real.shape[0], shaped.width):
        return shaped
    shaped.real = real
    return shaped


def _as_dtype(spelt: Any) -> Any | None:
    import numpy as np

    try:
        return np.dtype(spelt) if spelt is not MISSING and spelt is not None else None
    except TypeError:
        return None


def function(
    walker: Walker, func: Any, args: list[Value], kw: dict[str, Value], node: ast.Call
) -> Value | None:
    """`np.column_stack([...])`, `np.where(...)`, `np.log1p(A)`, ... with an array among the
    arguments whose values analysis holds: run for real. None: not such a call."""
    name = _numpy_name(func)
    if name is None or name in _NEVER:
        return None
    given = [*args, *kw.values()]
    converted = name in _CONVERTS and args and (isinstance(args[0], Frame) or _computed(args[0]))
    built = name in _RANGES and given and all(isinstance(v, Const | Count) for v in given)
    if not any(holds(v) for v in given) and not (converted or built):
        return None
    if name in _WRITES and not walker.certain:
        for value in given:
            forget(value)
        return None
    result = _run(walker, func, args, kw, node)
    return None if result is MISSING else wrap(result)


def _computed(value: Value) -> bool:
    """A list of numbers analysis computed (`[auc(y, X[:, j]) for j in range(k)]`)."""
    if not isinstance(value, Seq) or not value.items:
        return False
    return all(isinstance(item, Number) and item.real is not None for item in value.items)


def let_go(func: Any, given: list[Value]) -> None:
    """A numpy random function (`np.random.shuffle(A)`) may write into the arrays it is given:
    their values are no longer known."""
    module = getattr(func, "__module__", None) or ""
    owner = getattr(func, "__self__", None)
    if module.startswith("numpy.random") or type(owner).__module__.startswith("numpy.random"):
        for value in given:
            forget(value)


def getitem(walker: Walker, base: Value, key: Value, node: ast.Subscript) -> Value | None:
    """`A[:, j]`, `A[mask]`, `A[idx]`, `S[:, j, None]` of an array whose values are held."""
    if not held(base):
        return None
    array = base.real  # type: ignore[union-attr]
    if isinstance(key, FoldShare) and key.span is not None and array.ndim:
        return wrap(array[key.span[0] : key.span[1]])  # a time split's run of rows
    spelt = _key(walker, node.slice, key)
    if spelt is MISSING:
        share = sample_of(base, key)
        if share is None:
            return None
        rows = key.length if isinstance(key, VectorVal) else None
        if array.ndim == 1:  # `y[va]`: as many items as the fold has, when it counts them
            numeric = base.numeric  # type: ignore[union-attr]
            return (
                None
                if rows is None
                else VectorVal(rows, numeric=numeric, flat=True, sample_of=share)
            )
        return ArrayVal(share[0].shape[1], rows=rows, sample_of=share)
    result = _called(walker, operator.getitem, [array, spelt], node)
    return None if result is MISSING else wrap(result)


def setitem(walker: Walker, base: Value, key: Value, value: Value, node: ast.Subscript) -> bool:
    """`A[:, j] = np.where(...)` into an array whose values are held: done for real where the
    line surely runs and the value is held, else the array's values are forgotten. False
    when `base` is not such an array."""
    if not held(base):
        return False
    spelt = _key(walker, node.slice, key)
    given = real_of(walker, value)
    if not walker.certain or spelt is MISSING or given is MISSING:
        forget(base)
        return True
    if _called(walker, operator.setitem, [base.real, spelt, given], node) is MISSING:  # type: ignore[union-attr]
        forget(base)
    return True


def operation(
    walker: Walker, op: ast.operator | ast.cmpop | ast.unaryop, operands: list[Value], node: ast.AST
) -> Value | None:
    """`A - m`, `A > 0`, `S[:, j, None] == levels`, `-A`, `~mask` with an array whose values
    are held, and held arrays or literals: numpy's result."""
    func = _OPERATORS.get(type(op))
    if func is None or not any(holds(v) for v in operands):
        return None
    if any(isinstance(v, SeriesVal | Frame) for v in operands):
        return None  # pandas aligns on labels, and its results are its own (computed_series)
    result = _run(walker, func, operands, {}, node)
    return None if result is MISSING else wrap(result)


ATTRIBUTES = frozenset({"T", "shape", "ndim", "size"})


def attribute(value: Value, attr: str) -> Value | None:
    """`A.T`, `A.shape`, `A.ndim`, `A.size` of an array whose values are held."""
    if attr not in ATTRIBUTES or not held(value):
        return None
    real = value.real  # type: ignore[union-attr]
    if attr == "shape":
        return Seq([Const(int(n)) for n in real.shape], "tuple")
    return wrap(getattr(real, attr))


def method(
    walker: Walker, owner: Value, name: str, args: list[Value], kw: dict[str, Value], node: ast.AST
) -> Value | None:
    """`A.mean(axis=0)`, `A.astype(float)`, `A.reshape(-1, 8, 8)` of an array whose values
    are held: run for real. An in-place method on a line that may not run forgets them."""
    if not held(owner) or name not in METHODS:
        return None
    array = owner.real  # type: ignore[union-attr]
    if name in _IN_PLACE and not walker.certain:
        forget(owner)
        return None
    result = _run(walker, getattr(array, name), args, kw, node)
    if name in _IN_PLACE:
        if result is MISSING:
            forget(owner)  # changed in a way the walk does not know
        return Const(None) if result is not MISSING else None
    return None if result is MISSING else wrap(result)


def forget(value: Value) -> None:
    """The array's values can no longer be known (written where the walk cannot follow)."""
    if isinstance(value, ArrayVal | VectorVal):
        value.real = None
    elif isinstance(value, Seq) and value.items is not None:
        for item in value.items:
            forget(item)


def sample_of(base: Value, rows: Value) -> tuple[Any, float] | None:
    """`A[idx]` (or `y[idx]` of a 1-D array) with `idx` a fold's row positions whose values
    analysis does not hold: its rows are a random share of the array's, as a frame's fold is
    (partial_fits.sampled)."""
    one_d = isinstance(base, VectorVal) and _array(base.real) and base.real.ndim == 1
    two_d = isinstance(base, ArrayVal) and _array(base.real) and base.real.ndim == 2
    if not (one_d or two_d):
        return None
    total = base.real.shape[0]
    if isinstance(rows, FoldShare):  # a fold's rows when the folds differ in size
        return (base.real, rows.share) if total and 0 < rows.share <= 1 else None
    if not isinstance(rows, VectorVal) or not rows.index or rows.real is not None:
        return None
    if not total or rows.length is None or not 0 < rows.length <= total:
        return None
    return base.real, rows.length / total


def _run(walker: Walker, func: Any, args: list[Value], kw: dict[str, Value], node: ast.AST) -> Any:
    """`func(*args, **kw)` on the values analysis holds: what it returns, or MISSING when an
    argument is not held or it fails; a failure numpy names for certain is the run's."""
    spelt = [real_of(walker, a) for a in args]
    named = {k: real_of(walker, v) for k, v in kw.items()}
    if any(v is MISSING for v in [*spelt, *named.values()]):
        return MISSING
    return _called(walker, func, spelt, node, named)


def _called(
    walker: Walker, func: Any, spelt: list[Any], node: ast.AST, named: dict[str, Any] | None = None
) -> Any:
    """`func(*spelt, **named)` on real values: its result, or MISSING when it fails (a
    failure numpy names for certain is the run's, emitted here)."""
    try:
        return quietly(func, *spelt, **(named or {}))
    except _RAISES as exc:
        _raised(walker, exc, node)
    except Exception:
        pass
    return MISSING


def _key(walker: Walker, node: ast.expr, key: Value) -> Any:
    """A subscript as numpy gets it: slices (read from the source), numbers, None, and arrays
    whose values are held (the walk's value of each part, `key`)."""
    import numpy as np

    if isinstance(node, ast.Tuple):
        items = key.items if isinstance(key, Seq) else None
        if items is None or len(items) != len(node.elts):
            return MISSING
        parts = [_key(walker, elt, item) for elt, item in zip(node.elts, items, strict=True)]
        return MISSING if any(p is MISSING for p in parts) else tuple(parts)
    if isinstance(node, ast.Slice):
        bounds = [_bound(walker, b) for b in (node.lower, node.upper, node.step)]
        return MISSING if any(b is MISSING for b in bounds) else slice(*bounds)
    if isinstance(node, ast.Constant) and node.value is Ellipsis:
        return Ellipsis
    real = real_of(walker, key)
    if isinstance(real, list) and all(isinstance(v, int) for v in real):
        return real
    if real is None or isinstance(real, int | np.integer | np.ndarray):
        return real
    return MISSING


def _bound(walker: Walker, node: ast.expr | None) -> Any:
    """A slice's bound as numpy gets it: absent, or a whole number the walk knows."""
    from mleworld.world.static.row_counts import NOT_INT, whole_number

    number = whole_number(walker, node)
    return MISSING if number is NOT_INT else number


def _numpy_name(func: Any) -> str | None:
    """The name of a numpy function (or ufunc) outside numpy.random; None for anything else."""
    import numpy as np

    if isinstance(func, np.ufunc):
        return func.__name__
    module = getattr(func, "__module__", None)
    if not isinstance(module, str) or not callable(func) or isinstance(func, type):
        return None
    if module != "numpy" and not module.startswith(("numpy.lib", "numpy._core", "numpy.linalg")):
        return None
    return getattr(func, "__name__", None)


def _array(real: Any) -> bool:
    import numpy as np

    return isinstance(real, np.ndarray)


def _raised(walker: Walker, exc: Exception, node: ast.AST | None) -> None:
    """numpy rejected a step on the real values: the run does too, with this message."""
    if node is not None:
        walker.emit("arrays", type(exc).__name__, exception_line(exc), node, CONFIDENCE)
