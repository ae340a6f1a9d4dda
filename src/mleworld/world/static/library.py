"""Library callables whose results analysis models, found by identity.

`pd.read_csv` gives a frame, `Path(...)` a path, `os.path.join` a string,
`sorted(list)` a list, `open(path)` a checked read or a recorded write,
`os.makedirs` a created directory. HANDLERS names them by module and
attribute; they are resolved to the real objects lazily, once their module is
loaded, and matched by identity so aliases (`from pandas import read_csv as
rc`) are recognised.
"""

from __future__ import annotations

import ast
import functools
import os
import sys
from collections.abc import Callable
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from mleworld.world.static import (
    computed,
    computed_series,
    files,
    frame_sources,
    json_values,
    kinds,
    lengths,
    linear_fits,
    module_attrs,
    offsets,
    params,
    predictions,
    row_counts,
    scorers,
    sparse_blocks,
    streams,
    type_limits,
    work,
)
from mleworld.world.static.values import (
    UNKNOWN,
    Const,
    Count,
    DictVal,
    Frame,
    Instance,
    Keys,
    Obj,
    Partial,
    PathVal,
    Repeated,
    Seq,
    SeriesVal,
    Stream,
    Value,
    VectorVal,
    const_str,
    release,
    step_of,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

Handler = Callable[["Walker", list[Value], dict[str, Value], ast.Call, bool], Value]


def _path(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    texts = [files.path_text(a) for a in args]
    if star or kw or any(t is None for t in texts):
        return UNKNOWN
    return PathVal(str(PurePosixPath(*texts))) if texts else PathVal(".")  # type: ignore[arg-type]


def _join(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    texts = [files.path_text(a) for a in args]
    if star or not texts:
        return UNKNOWN
    if texts[-1] is None and len(texts) > 1 and all(t is not None for t in texts[:-1]):
        return files.path_in(os.path.join(*texts[:-1]), node.args[-1])  # type: ignore[arg-type]
    if any(t is None for t in texts):
        return UNKNOWN
    return Const(os.path.join(*texts))  # type: ignore[arg-type]


def _path_part(split: Any) -> Handler:
    """`os.path.dirname(path)` / `basename` / `splitext` of a path the walk knows."""

    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        text = files.path_text(args[0]) if len(args) == 1 and not kw and not star else None
        if text is None:
            return UNKNOWN
        part = split(text)
        return Seq([Const(p) for p in part], "tuple") if isinstance(part, tuple) else Const(part)

    return handler


def _partial(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`partial(RandomForestClassifier, n_estimators=300)`: a call waiting for the rest."""
    if star or not args:
        return UNKNOWN
    return Partial(args[0], list(args[1:]), dict(kw))


def _reduce(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`reduce(lambda acc, f: f(acc), steps, df)` over a short list the walk knows: the
    program's function called on each item in turn, as reduce does."""
    from mleworld.world.static.loops import MAX_UNROLL

    items = args[1].items if len(args) in (2, 3) and isinstance(args[1], Seq) else None
    if star or kw or items is None or len(items) > MAX_UNROLL:
        return UNKNOWN
    if len(args) == 2:
        if not items:
            return UNKNOWN  # reduce() of an empty list without a start raises: not judged here
        acc, items = items[0], items[1:]
    else:
        acc = args[2]
    for item in items:
        acc = walker.call(args[0], [acc, item], {}, node, False)
    return acc


def _exists(kind: str) -> Handler:
    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        found = files.exists(walker, args[0], kind) if args else None
        return Const(found) if found is not None else UNKNOWN

    return handler


def _read(style: str, position: int = 0, keyword: str = "file") -> Handler:
    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        target = args[position] if len(args) > position else kw.get(keyword)
        files.check_read(walker, target, node, style)
        return UNKNOWN

    return handler


def _write(position: int, keyword: str, how: str | None) -> Handler:
    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        target = args[position] if len(args) > position else kw.get(keyword)
        files.record_write(walker, target, node, how)
        return UNKNOWN

    return handler


def _numpy_write(suffix: str) -> Handler:
    """np.save / np.savez: the file is opened as named, with `suffix` added when it lacks it
    (then the error would name another path than the program's: not predicted)."""

    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        target = args[0] if args else kw.get("file")
        text = files.path_text(target) if target is not None else None
        how = "open" if text is not None and text.endswith(suffix) else None
        files.record_write(walker, target, node, how)
        return UNKNOWN

    return handler


def _numpy_values(name: str) -> Handler:
    """np.where / np.select of values analysis computed: the array, with its values."""

    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        import numpy as np

        if star or (name == "where" and len(args) != 3):
            return UNKNOWN
        return computed_series.numpy_values(walker, getattr(np, name), args, kw) or UNKNOWN

    return handler


def _copy(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    if args:
        files.check_read(walker, args[0], node)
    files.record_write(walker, args[1] if len(args) > 1 else kw.get("dst"), node, None)
    return UNKNOWN


def _open(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    target = args[0] if args else kw.get("file")
    mode_value = args[1] if len(args) > 1 else kw.get("mode", Const("r"))
    mode = const_str(mode_value)
    if mode is None:
        return UNKNOWN
    if any(c in mode for c in "wax"):
        files.record_write(walker, target, node, "open")
    else:
        files.check_read(walker, target, node)
    return UNKNOWN


def _mkdir(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    files.record_mkdir(walker, args[0] if args else kw.get("name", kw.get("path")))
    return Const(None)


def _sequence(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    if star or len(args) != 1 or kw.get("key") is not None:
        return UNKNOWN
    source = args[0]
    if isinstance(source, Seq) and source.items is not None:
        return Seq(list(source.items), "list")
    if isinstance(source, Repeated):
        return source  # `list(skf.split(X, y))`: the folds, each alike
    if isinstance(source, VectorVal) and source.real is not None:
        return computed_series.listed(source) or UNKNOWN  # list(s.unique())
    if isinstance(source, Stream):
        spent = streams.items(walker, source, None)  # list() runs it to its end
        return Seq(spent, "list") if spent is not None else UNKNOWN
    if isinstance(source, DictVal) and source.closed:
        return Seq([Const(key) for key in source.items], "list")  # list(ORDER): its keys
    if isinstance(source, Keys) and source.exact and source.order is not None:
        return Seq([Const(name) for name in source.order], "list")  # list(df.columns)
    if isinstance(source, Keys):
        return Keys(source.upper, many=True, exact=source.exact)
    if isinstance(source, Frame) and source.columns is not None and source.is_frame:
        return Keys(frozenset(source.columns), many=True, exact=source.exact)
    return UNKNOWN


def _sorted(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`sorted(items)`: known texts or numbers in Python's order; otherwise what `list` gives."""
    result = _sequence(walker, args, kw, node, star)
    items = result.items if isinstance(result, Seq) and not kw else None
    if items is not None and all(isinstance(item, Const) for item in items):
        try:  # mixed texts and numbers raise: not judged here
            return Seq(sorted(items, key=lambda item: item.value), "list")  # type: ignore[attr-defined]
        except TypeError:
            return UNKNOWN
    return result


def _enumerate(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`enumerate(items, start=k)`: (k + i, item) pairs of a known list; of a splitter's
    folds, each fold with an index the walk does not count."""
    if star or set(kw) - {"start"} or len(args) + len(kw) not in (1, 2):
        return UNKNOWN
    first = _whole_number(kw.get("start", args[1] if len(args) == 2 else Const(0)))
    if first is None:
        return UNKNOWN
    if isinstance(args[0], Repeated):
        return Repeated(Seq([UNKNOWN, args[0].item], "tuple"))
    if isinstance(args[0], Stream):
        return Stream(source=args[0])  # its items numbered as they come: the same run
    if not isinstance(args[0], Seq) or args[0].items is None:
        return UNKNOWN
    pairs = [Seq([Const(i), item], "tuple") for i, item in enumerate(args[0].items, start=first)]
    return Seq(pairs, "list")  # type: ignore[arg-type]


def _zip(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`zip(a, b)` of known lists: their rows. With a splitter's folds among lists that
    surely hold an item (`zip(range(k), kf.split(X))`, `zip(names, folds)`): each item holds
    a fold, and the loop over it surely runs."""
    if star or kw or not args:
        return UNKNOWN
    if any(isinstance(a, Repeated) for a in args):
        if not all(
            isinstance(a, Repeated) or _surely_items(walker, a, arg)
            for a, arg in zip(args, node.args, strict=True)
        ):
            return UNKNOWN
        items = [a.item if isinstance(a, Repeated) else UNKNOWN for a in args]
        return Repeated(Seq(items, "tuple"))
    if not all(isinstance(a, Seq) and a.items is not None for a in args):
        return UNKNOWN
    rows = zip(*(a.items for a in args), strict=False)  # type: ignore[union-attr]
    return Seq([Seq(list(row), "tuple") for row in rows], "list")


_NUMBER_BUILTINS: dict[str, Callable[..., Any]] = {
    "int": int, "float": float, "round": round, "abs": abs, "min": min, "max": max,
}  # fmt: skip


def _number_builtin(name: str) -> Callable[..., Value]:
    """`int(len(df) * 0.8)`, `max(1, n // 10)`, `round(x, 2)` of numbers the walk knows: the
    number; anything else (or a call Python would refuse) stays unknown."""
    func = _NUMBER_BUILTINS[name]

    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        spelt = args[0].value if len(args) == 1 and isinstance(args[0], Const) else None
        if name in ("int", "float") and isinstance(spelt, str) and not kw and not star:
            try:
                return Const(func(spelt))  # float("-inf"), int("3")
            except ValueError:
                return UNKNOWN
        numbers = [v.n if isinstance(v, Count) else getattr(v, "value", None) for v in args]
        known = all(isinstance(n, int | float) and not isinstance(n, bool) for n in numbers)
        if star or kw or not args or not known:
            for value in [*args, *kw.values()] if name in ("min", "max") else ():
                release(value)  # `max(frames, key=len)` returns one of them
            return UNKNOWN
        try:
            return Const(func(*numbers))
        except (ArithmeticError, TypeError, ValueError):
            return UNKNOWN

    return handler


def _pandas_scalar(name: str) -> Callable[..., Value]:
    """`pd.Timestamp("2019-01-01")`, `pd.Timedelta(days=7)` of literals: the value itself,
    so date arithmetic on columns whose values are held is computed (computed_series)."""

    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        import pandas as pd

        spelt = [params.literal(a) for a in args]
        named = {k: params.literal(v) for k, v in kw.items()}
        if star or _NOT_SPELT in spelt or _NOT_SPELT in named.values():
            return UNKNOWN
        try:
            return Obj(getattr(pd, name)(*spelt, **named), f"pandas.{name}")
        except (TypeError, ValueError, OverflowError):
            return UNKNOWN

    return handler


_NOT_SPELT = params.literal(UNKNOWN)


def _dtype_test(name: str) -> Callable[..., Value]:
    """`pd.api.types.is_numeric_dtype(df[c])` of a column whose dtype the walk knows: the
    answer pandas gives (`[c for c in df.columns if is_numeric_dtype(df[c])]` is then the
    exact list of names)."""

    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        import pandas as pd

        if star or kw or len(args) != 1:
            return UNKNOWN
        given = args[0]
        dtype: Any = None
        if isinstance(given, SeriesVal) and given.kind is None:
            dtype = (
                given.real.dtype if given.real is not None else kinds.series_dtype(walker, given)
            )
        elif isinstance(given, Const) and kinds.is_dtype(given.value):
            dtype = given.value
        if isinstance(dtype, kinds.NumberDtype):
            return Const(True) if name == "is_numeric_dtype" else UNKNOWN
        if dtype is None or not kinds.is_dtype(dtype):
            return UNKNOWN
        return Const(bool(getattr(pd.api.types, name)(dtype)))

    return handler


def _whole_number(value: Value) -> int | None:
    number = value.value if isinstance(value, Const) else None
    return number if isinstance(number, int) and not isinstance(number, bool) else None


def _surely_items(walker: Walker, value: Value, arg: ast.expr) -> bool:
    """Whether an iterable surely yields an item: a known non-empty list, or a `range(...)`
    of bounds the walk knows that holds a number."""
    from mleworld.world.static.loops import range_numbers

    if isinstance(value, Seq) and value.items is not None:
        return bool(value.items)
    return bool(range_numbers(walker, arg, sys.maxsize))


def _str(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    if len(args) == 1 and not kw:
        if isinstance(args[0], PathVal):
            return Const(args[0].text)
        if isinstance(args[0], Const) and isinstance(args[0].value, str | int | float | bool):
            return Const(str(args[0].value))
        dtype = args[0].value if isinstance(args[0], Const) else None
        if kinds.is_dtype(dtype) and not isinstance(dtype, kinds.NumberDtype):
            return Const(str(args[0].value))  # `str(df[c].dtype)`: "str", "int64", "float64"
    return UNKNOWN


def _series(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    return SeriesVal(const_str(kw.get("name")))


def _sample_weights(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`compute_sample_weight("balanced", y)`: one weight a row of y."""
    y = args[1] if len(args) > 1 else kw.get("y", UNKNOWN)
    rows = row_counts.rows_of(y)
    return UNKNOWN if star or rows is None else VectorVal(rows, numeric=True, flat=True)


def _dict(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`dict(a=1, b=2)`: a dict literal spelt as a call."""
    if star or args:
        return UNKNOWN
    return DictVal(dict(kw))


_FACTORY_NAMES = {
    "Pipeline": "make_pipeline",
    "FeatureUnion": "make_union",
    "ColumnTransformer": "make_column_transformer",
}


def _makes(module: str, cls: str) -> Handler:
    """A factory function (`make_pipeline`) whose result is an instance of a known class."""

    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        klass = getattr(sys.modules.get(module), cls, None)
        if not isinstance(klass, type):
            return UNKNOWN
        if cls == "ColumnTransformer":  # (transformer, columns) pairs
            pairs = [a.items[0] for a in args if isinstance(a, Seq) and a.items]
            inner = [step for step in map(step_of, pairs) if step is not None]
            fitted = params.fitted_branches(args, named=False)
        else:  # each argument is a step
            inner = fitted = [step for step in map(step_of, args) if step is not None]
        made = Instance(klass, inner=inner, fit_error=params.first_inner_error(fitted))
        if not star:
            made.factory = (getattr(sys.modules.get(module), _FACTORY_NAMES[cls]), args, kw)
        return made

    return handler


def _clone(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`sklearn.base.clone(est)`: the same estimator, unfitted."""
    from dataclasses import replace

    given = args[0] if args else kw.get("estimator", UNKNOWN)
    if star or not isinstance(given, Instance):
        return UNKNOWN
    return replace(given, fitted=False, classes=None, outputs=None, fitted_shape=None, real=None)


HANDLERS: dict[tuple[str, str], Handler] = {
    ("sklearn.base", "clone"): _clone,
    ("sklearn.pipeline", "make_pipeline"): _makes("sklearn.pipeline", "Pipeline"),
    ("sklearn.pipeline", "make_union"): _makes("sklearn.pipeline", "FeatureUnion"),
    ("sklearn.compose", "make_column_transformer"): _makes("sklearn.compose", "ColumnTransformer"),
    ("pandas", "read_csv"): frame_sources.read_csv,
    ("pandas", "read_table"): frame_sources.read_table,
    ("pandas", "read_parquet"): _read("plain", 0, "path"),
    ("pandas", "DataFrame"): frame_sources.dataframe,
    ("pandas", "Series"): _series,
    ("pandas", "concat"): frame_sources.concat,
    ("pandas", "merge"): computed.merge,
    ("pandas", "get_dummies"): frame_sources.get_dummies,
    ("sklearn.model_selection", "train_test_split"): frame_sources.split,
    ("sklearn.model_selection", "cross_val_score"): work.cross_val_score,
    ("sklearn.model_selection", "cross_validate"): work.cross_validate,
    ("sklearn.model_selection", "cross_val_predict"): work.cross_val,
    ("scipy.sparse", "hstack"): sparse_blocks.hstack,
    **{
        ("scipy.sparse", name): sparse_blocks.sparse_matrix for name in sparse_blocks.SPARSE_CLASSES
    },
    ("lightgbm", "train"): work.lgb_train(None),
    ("lightgbm", "cv"): work.lgb_train(5.0),
    ("json", "dump"): json_values.dump,
    ("json", "dumps"): json_values.dump,
    ("builtins", "open"): _open,
    ("builtins", "dict"): _dict,
    ("builtins", "sorted"): _sorted,
    ("builtins", "list"): _sequence,
    ("builtins", "tuple"): _sequence,
    ("builtins", "enumerate"): _enumerate,
    ("builtins", "zip"): _zip,
    ("builtins", "str"): _str,
    **{("builtins", name): _number_builtin(name) for name in _NUMBER_BUILTINS},
    ("builtins", "len"): lengths.length,
    ("builtins", "hasattr"): module_attrs.has_attribute,
    ("builtins", "isinstance"): module_attrs.is_instance,
    ("builtins", "type"): module_attrs.type_of,
    ("pandas", "to_datetime"): kinds.to_datetime,
    ("pandas", "to_numeric"): computed_series.to_numeric,
    ("pandas", "Timestamp"): _pandas_scalar("Timestamp"),
    **{("pandas.api.types", name): _dtype_test(name) for name in kinds.DTYPE_TESTS},
    ("pandas", "Timedelta"): _pandas_scalar("Timedelta"),
    ("pandas", "cut"): kinds.cut,
    ("pandas", "Categorical"): kinds.categorical,
    ("pandas", "qcut"): kinds.qcut,
    ("sklearn.metrics", "roc_auc_score"): predictions.roc_auc,
    ("sklearn.metrics", "average_precision_score"): predictions.binary_score,
    **{
        ("sklearn.metrics", name): predictions.binary_average(name) for name in predictions.AVERAGED
    },
    ("sklearn.metrics", "accuracy_score"): predictions.label_score("accuracy_score"),
    ("sklearn.metrics", "make_scorer"): scorers.make_scorer,
    ("sklearn.utils.class_weight", "compute_sample_weight"): _sample_weights,
    ("sklearn.metrics", "mean_squared_log_error"): linear_fits.log_error("mean_squared_log_error"),
    ("sklearn.metrics", "root_mean_squared_log_error"): linear_fits.log_error(
        "root_mean_squared_log_error"
    ),
    ("numpy", "column_stack"): lengths.column_stack,
    ("numpy", "finfo"): type_limits.limits("finfo"),
    ("numpy", "iinfo"): type_limits.limits("iinfo"),
    ("numpy", "hstack"): lengths.stack("hstack"),
    ("numpy", "vstack"): lengths.stack("vstack"),
    ("numpy", "stack"): lengths.stack("stack"),
    ("numpy", "concatenate"): lengths.stack("concatenate"),
    ("numpy", "zeros"): lengths.builder,
    ("numpy", "ones"): lengths.builder,
    ("numpy", "empty"): lengths.builder,
    ("numpy", "full"): lengths.builder,
    ("numpy", "load"): _read("errno"),
    ("numpy", "where"): _numpy_values("where"),
    ("numpy", "select"): _numpy_values("select"),
    ("numpy", "save"): _numpy_write(".npy"),
    ("numpy", "savez"): _numpy_write(".npz"),
    ("numpy", "savez_compressed"): _numpy_write(".npz"),
    ("numpy", "savetxt"): _write(0, "fname", "open"),
    ("joblib", "dump"): _write(1, "filename", "open"),
    ("joblib", "load"): _read("errno", 0, "filename"),
    ("functools", "partial"): _partial,
    ("functools", "reduce"): _reduce,
    ("os.path", "join"): _join,
    ("os.path", "dirname"): _path_part(os.path.dirname),
    ("os.path", "basename"): _path_part(os.path.basename),
    ("os.path", "splitext"): _path_part(os.path.splitext),
    ("os.path", "exists"): _exists("any"),
    ("os.path", "isfile"): _exists("file"),
    ("os.path", "isdir"): _exists("dir"),
    ("os", "makedirs"): _mkdir,
    ("os", "mkdir"): _mkdir,
    ("pathlib", "Path"): _path,
    ("pathlib", "PurePath"): _path,
    ("pathlib", "PosixPath"): _path,
    ("shutil", "copy"): _copy,
    ("shutil", "copyfile"): _copy,
    ("shutil", "copy2"): _copy,
    ("shutil", "move"): _copy,
    **offsets.HANDLERS,
}
_RESOLVED: dict[int, tuple[Any, Handler]] = {}
_PENDING: set[tuple[str, str]] = set(HANDLERS)


def walks_callbacks(func: Value) -> bool:
    """The call's handler here walks the program's functions it is given itself (reduce,
    partial): they need not escape."""
    return isinstance(func, Obj) and func.obj in (functools.reduce, functools.partial)


def handler_for(obj: Any) -> Handler | None:
    if _PENDING:
        for key in list(_PENDING):
            module = sys.modules.get(key[0])
            if module is None:
                continue
            _PENDING.discard(key)
            target = getattr(module, key[1], None)
            if target is not None:
                _RESOLVED[id(target)] = (target, HANDLERS[key])
    found = _RESOLVED.get(id(obj))
    return found[1] if found is not None and found[0] is obj else None
