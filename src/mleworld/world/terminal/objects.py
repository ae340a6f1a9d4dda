"""Methods, attributes and subscripts of the values in the synthesiser's abstract run.

What `df.drop(columns=...)`, `df.shape`, `df["col"]`, `X.iloc[idx]`,
`model.fit(X, y)`, `model.predict_proba(X)[:, 1]`, `splitter.split(X, y)`,
`logger.info(...)`, `"...".format(...)` or `scores.append(s)` give, for the
value types of values.py. A method of a library module is a function call
(library.py).

Not here: the walk (walk.py), library functions (library.py).
"""

from __future__ import annotations

import ast
import contextlib
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from mleworld.world.terminal import boosting
from mleworld.world.terminal import prints as tp
from mleworld.world.terminal.frames import _pandas_major, info_text
from mleworld.world.terminal.learning import (
    _SEARCHES,
    _SPLITTERS,
    _n_splits,
    _search_size,
    scoring_call,
)
from mleworld.world.terminal.library import call_library
from mleworld.world.terminal.pycalls import _CONSTANTS, _KNOWN_LOG_LEVELS, _SAFE_STR_METHODS, _level
from mleworld.world.terminal.tabular import (
    _NUMERIC_DTYPE,
    _REDUCE,
    _SAME_SHAPE,
    _merge,
    _names_arg,
    _numpy,
    _rows,
)
from mleworld.world.terminal.trace import hint_of
from mleworld.world.terminal.values import (
    Bound,
    Column,
    ColumnInfo,
    Estimator,
    FuncRef,
    IndexArray,
    Instance,
    Logger,
    ModuleRef,
    Splits,
    Table,
    Unknown,
)

if TYPE_CHECKING:
    from mleworld.world.terminal.walk import Walker

__all__ = ["attribute", "call_method", "subscript"]


def call_method(
    w: Walker, obj: Any, name: str, args: list[Any], kwargs: dict[str, Any], node: ast.Call
) -> Any:
    if isinstance(obj, Logger):
        return _logger_method(w, obj, name, args, node)
    if isinstance(obj, str):
        return _str_method(w, obj, name, args, kwargs)
    if isinstance(obj, list):
        return _list_method(w, obj, name, args)
    if isinstance(obj, dict):
        return _dict_method(obj, name, args)
    if isinstance(obj, Table):
        return _table_method(w, obj, name, args, kwargs, node)
    if isinstance(obj, Column):
        return _column_method(obj, name, args, kwargs)
    if isinstance(obj, Estimator):
        return _estimator_method(w, obj, name, args, kwargs, node)
    if isinstance(obj, PurePosixPath):
        if name in ("joinpath", "with_suffix", "with_name"):
            strs = [str(a) for a in args if isinstance(a, str)]
            try:
                return getattr(obj, name)(*strs)
            except ValueError:
                return Unknown(name)
        if name in ("exists", "is_file", "is_dir"):
            return True
        return None if name in ("mkdir", "touch", "unlink") else Unknown(name)
    if isinstance(obj, FuncRef):
        return call_library(w, f"{obj.qualname}.{name}", args, kwargs, node)
    if isinstance(obj, Unknown):
        return _unknown_method(w, obj, name, args, node)
    if isinstance(obj, Bound) and obj.name == "str":
        return obj.obj if isinstance(obj.obj, Column) else Unknown(name)
    return Unknown(name)


def _logger_method(w: Walker, logger: Logger, name: str, args: list[Any], node: ast.Call) -> Any:
    if name in _KNOWN_LOG_LEVELS:
        w.log_call(logger, _KNOWN_LOG_LEVELS[name], args, node)
    elif name == "log" and args:
        w.log_call(logger, _level(args[0]) or 20, args[1:], node)
    elif name == "setLevel" and args:
        logger.level = _level(args[0])
    return None


def _str_method(w: Walker, text: str, name: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
    if name == "format":
        return tp.format_method(text, args, kwargs, w.scene)
    if name == "join":
        items = w.items_of(args[0]) if args else None
        if items is None:
            return Unknown("join")
        return text.join(tp.to_text(x, w.scene) for x in items)
    if name in _SAFE_STR_METHODS and all(isinstance(a, (str, int)) for a in args):
        try:
            return getattr(text, name)(*args)
        except (TypeError, ValueError):
            return Unknown(name)
    return Unknown(name)


def _list_method(w: Walker, items: list[Any], name: str, args: list[Any]) -> Any:
    if name == "append" and args:
        if len(items) < 100_000:
            items.append(args[0])
        return None
    if name == "extend" and args:
        more = w.items_of(args[0])
        if more is not None:
            items.extend(more)
        return None
    if name == "insert" and len(args) == 2 and isinstance(args[0], int):
        items.insert(args[0], args[1])
        return None
    if name == "pop":
        try:
            return items.pop(*args[:1])
        except (IndexError, TypeError):
            return Unknown("pop")
    if name == "copy":
        return list(items)
    if name in ("remove",) and args:
        if args[0] in items:
            items.remove(args[0])
        return None
    if name in ("index", "count") and args:
        try:
            return getattr(items, name)(args[0])
        except ValueError:
            return Unknown(name)
    if name == "sort":
        with contextlib.suppress(TypeError):
            items.sort()
        return None
    if name in ("mean", "std", "sum", "min", "max"):  # a numpy array in disguise
        return _numpy(w, name, [items], {})
    return Unknown(name)


def _dict_method(d: dict[Any, Any], name: str, args: list[Any]) -> Any:
    if name == "get" and args:
        key = args[0]
        try:
            return d.get(key, args[1] if len(args) > 1 else None)
        except TypeError:
            return Unknown("get")
    if name == "items":
        return list(d.items())
    if name == "keys":
        return list(d.keys())
    if name == "values":
        return list(d.values())
    if name == "update" and args and isinstance(args[0], dict):
        d.update(args[0])
        return None
    if name == "setdefault" and args:
        try:
            return d.setdefault(args[0], args[1] if len(args) > 1 else None)
        except TypeError:
            return Unknown("setdefault")
    if name == "copy":
        return dict(d)
    if name == "pop" and args:
        try:
            return d.pop(args[0], *args[1:2])
        except (KeyError, TypeError):
            return Unknown("pop")
    return Unknown(name)


def _table_method(
    w: Walker, t: Table, name: str, args: list[Any], kwargs: dict[str, Any], node: ast.AST
) -> Any:
    a0 = args[0] if args else None
    if name in _MASKS:
        out = t.with_rows(t.rows)
        out.mask = _MASKS[name]
        return out
    if name in _SAME_SHAPE:
        if name == "apply" and kwargs.get("axis") in (1, "columns"):
            return Column(t.rows)
        return Table(t.rows, t.cols, list(t.columns) if t.columns else None, dict(t.info), t.array)
    if name == "drop":
        axis = kwargs.get("axis", args[1] if len(args) > 1 else 0)
        cols = kwargs.get("columns")
        if cols is None and axis in (1, "columns"):
            cols = kwargs.get("labels", a0)
        names = _names_arg(cols)
        if names is not None:
            return t.without(names)
        return t.with_rows(t.rows)
    if name in ("dropna", "drop_duplicates", "query"):
        return t.with_rows(t.rows)
    if name in ("head", "tail"):
        n = a0 if isinstance(a0, int) else kwargs.get("n", 5)
        n = n if isinstance(n, int) else 5
        return t.with_rows(min(n, t.rows) if t.rows is not None else n)
    if name == "sample":
        n = kwargs.get("n", a0)
        frac = kwargs.get("frac")
        if isinstance(frac, (int, float)) and t.rows is not None:
            return t.with_rows(round(t.rows * frac))
        return t.with_rows(n if isinstance(n, int) else t.rows)
    if name in ("merge", "join"):
        return _merge(t, a0)
    if name == "select_dtypes":
        return _select_dtypes(t, kwargs.get("include", a0), kwargs.get("exclude"))
    if name == "set_index":
        return t.without(_names_arg(a0) or [])
    if name == "rename":
        mapping = kwargs.get("columns")
        if isinstance(mapping, dict) and t.columns is not None:
            renamed = [mapping.get(c, c) for c in t.columns]
            return Table(t.rows, t.cols, [str(c) for c in renamed], dict(t.info))
        return t.with_rows(t.rows)
    if name in _REDUCE:
        axis = kwargs.get("axis", a0 if isinstance(a0, int) else 0)
        if name in ("mean", "median", "std", "var") and not kwargs.get("numeric_only"):
            strings = [
                c for c in t.columns or [] if (t.info.get(c) or ColumnInfo("", None)).dtype == "str"
            ]
            if strings:
                message = f"Cannot perform reduction '{name}' with string dtype"
                w.event("problem", node, ("TypeError", message))
        if axis in (1, "columns"):
            return Column(t.rows)
        return _column_statistics(t, name, kwargs)
    if name == "describe":
        numeric = [c for c in t.columns or [] if _numeric(t.info.get(c))]
        out = t.select(numeric) if t.columns is not None else Table(8, t.cols)
        out.describe = True
        return out
    if name == "corr":
        return Table(t.cols, t.cols, t.columns)
    if name == "info":
        if not t.array:
            w.emit(info_text(t))
        return None
    if name in ("to_csv", "to_parquet", "to_json", "to_pickle"):
        return None
    if name == "insert" and len(args) >= 2 and isinstance(args[1], str):
        if t.columns is not None:
            position = a0 if isinstance(a0, int) else len(t.columns)
            t.columns.insert(position, args[1])
            t.cols = len(t.columns)
        elif t.cols is not None:
            t.cols += 1
        return None
    if name in ("value_counts",):
        return Column(None)
    if name in ("tocsr", "tocsc", "tocoo", "toarray", "todense", "astype", "copy"):
        return Table(t.rows, t.cols, t.columns, dict(t.info), t.array)
    if name == "reshape":
        return Table(t.rows, None, array=True)
    if name == "tolist":
        return Unknown("tolist")
    if name in ("fit", "predict"):
        return Unknown(name)
    return Unknown(name)


_MASKS = {"isnull": "isnull", "isna": "isnull", "notnull": "notnull", "notna": "notnull"}


def _numeric(info: ColumnInfo | None) -> bool:
    return info is not None and info.dtype.startswith((*_NUMERIC_DTYPE, "bool"))


def _column_statistics(t: Table, name: str, kwargs: dict[str, Any]) -> Column:
    """`df.isnull().sum()`, `df.nunique()`, `df.mean()`, ...: one value per column."""
    if t.columns is None or t.array:
        return Column(t.cols)
    rows = t.rows if t.rows is not None else 0
    infos = [(c, t.info.get(c) or ColumnInfo("float64", None)) for c in t.columns]
    if t.mask is not None and name in ("sum", "count"):
        missing = [i.missing for _, i in infos]
        values: list[Any] = missing if t.mask == "isnull" else [rows - m for m in missing]
        return Column(len(infos), labels=[c for c, _ in infos], values=values, dtype="int64")
    if name == "nunique":
        values = [i.unique if i.unique is not None else 1 for _, i in infos]
        return Column(len(infos), labels=[c for c, _ in infos], values=values, dtype="int64")
    if name == "count":
        values = [rows - i.missing for _, i in infos]
        return Column(len(infos), labels=[c for c, _ in infos], values=values, dtype="int64")
    numeric = [(c, i) for c, i in infos if _numeric(i)]
    if name in ("mean", "median") and all(i.mean is not None for _, i in numeric):
        values = [float(i.mean) for _, i in numeric]  # type: ignore[arg-type]
        return Column(len(numeric), labels=[c for c, _ in numeric], values=values, dtype="float64")
    return Column(len(numeric) if kwargs.get("numeric_only") else len(infos))


def _select_dtypes(t: Table, include: Any, exclude: Any) -> Table:
    if t.columns is None or len(t.info) < len(t.columns):
        return Table(t.rows, None)

    def kinds(value: Any) -> list[str]:
        names = _names_arg(value) or []
        return [n.lower() for n in names]

    def matches(dtype: str, wanted: list[str]) -> bool:
        for kind in wanted:
            if kind in ("number", "numeric") and dtype.startswith(_NUMERIC_DTYPE):
                return True
            if kind in ("object", "o", "str", "string") and dtype in ("object", "str", "string"):
                return True
            if kind == dtype or (kind in ("int", "float") and dtype.startswith(kind)):
                return True
            if kind in ("category", "bool") and dtype == kind:
                return True
        return False

    inc, exc = kinds(include), kinds(exclude)
    kept = [
        c
        for c in t.columns
        if (not inc or matches(t.info[c].dtype, inc))
        and not (exc and matches(t.info[c].dtype, exc))
    ]
    return t.select(kept)


def _column_method(c: Column, name: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
    if name in _MASKS:
        return Column(c.rows, c.name, c.info, mask=_MASKS[name], dtype="bool")
    if c.mask is not None and name == "sum":
        missing = c.info.missing if c.info else None
        if missing is None or c.rows is None:
            return Unknown("missing")
        return missing if c.mask == "isnull" else c.rows - missing
    if name in _SAME_SHAPE or name in ("shift", "diff", "rank", "cumsum", "str"):
        return Column(c.rows, c.name, c.info)
    if name in ("head", "tail", "sample"):
        n = args[0] if args and isinstance(args[0], int) else kwargs.get("n", 5)
        n = n if isinstance(n, int) else 5
        return Column(min(n, c.rows) if c.rows is not None else n, c.name, c.info)
    if name == "nunique":
        return c.info.unique if c.info and c.info.unique else Unknown("nunique")
    if name == "value_counts":
        return _value_counts(c, bool(kwargs.get("normalize", False)))
    if name == "mean" and c.info is not None and c.info.mean is not None:
        return c.info.mean
    if name == "unique":
        return Column(c.info.unique if c.info else None)
    if name == "reshape":
        return Table(c.rows, 1, array=True)
    if name in ("mean", "median", "std", "min", "max", "sum", "var", "count", "idxmax"):
        return Unknown(c.name or name)
    return Unknown(name)


def _value_counts(c: Column, normalize: bool) -> Column:
    info = c.info
    if info is None or not info.top or len(info.counts) != len(info.top):
        return Column(info.unique if info else None, "proportion" if normalize else "count")
    counts: list[Any] = list(info.counts)
    if normalize:
        total = (c.rows or sum(counts)) - info.missing
        counts = [n / total if total else 0.0 for n in counts]
    labels = list(info.top)
    modern = _pandas_major() >= 2
    return Column(
        len(labels),
        ("proportion" if normalize else "count") if modern else c.name,
        labels=labels,
        values=counts,
        index_name=c.name if modern else None,
        dtype="float64" if normalize else "int64",
    )


def _vocabulary(vectorizer: Estimator) -> int:
    """Columns a text vectorizer makes: its max_features / n_features, else a typical vocabulary."""
    for key in ("max_features", "n_features"):
        value = vectorizer.params.get(key)
        if isinstance(value, int) and value > 0:
            return value
    return 2**20 if vectorizer.cls == "HashingVectorizer" else 10_000


def _search_results(search: Estimator) -> dict[str, Any]:
    """best_params_ (a middle point of the grid) and best_estimator_ of a fitted search."""
    grid = search.params.get("param_grid", search.params.get("param_distributions"))
    if isinstance(grid, list) and grid and isinstance(grid[0], dict):
        grid = grid[0]
    best: dict[str, Any] = {}
    if isinstance(grid, dict):
        for key, values in grid.items():
            if isinstance(values, (list, tuple)) and values:
                best[str(key)] = values[len(values) // 2]
    inner = search.params.get("estimator")
    if not isinstance(inner, Estimator):
        return {"best_params_": best}
    tuned = {k.split("__")[-1]: v for k, v in best.items()}
    fitted = Estimator(inner.cls, inner.qualname, {**inner.params, **tuned})
    return {"best_params_": best, "best_estimator_": fitted}


def _estimator_method(
    w: Walker,
    est: Estimator,
    name: str,
    args: list[Any],
    kwargs: dict[str, Any],
    node: ast.Call,
) -> Any:
    a0 = args[0] if args else kwargs.get("X")
    if est.cls in _SPLITTERS:
        if name == "split":
            return Splits(_n_splits(est), _rows(a0))
        if name == "get_n_splits":
            return _n_splits(est)
        return Unknown(name)
    if name in ("fit", "train"):
        factor = 1.0
        if est.cls in _SEARCHES:
            factor = _search_size(est) * w.fold_count(est.params.get("cv", 5))
        inner = est.params.get("estimator") if est.cls in _SEARCHES else est
        w.expensive(node, inner if isinstance(inner, Estimator) else est, [a0], factor)
        est.fitted_rows = _rows(a0)
        est.fitted_cols = a0.cols if isinstance(a0, Table) else None
        label = args[1] if len(args) > 1 else kwargs.get("y")
        if isinstance(label, Column) and label.info is not None and label.info.unique:
            est.fitted["n_classes"] = label.info.unique
        if est.cls in _SEARCHES:
            est.fitted.update(_search_results(est))
        if est.qualname.startswith("lightgbm.") and est.cls.startswith("LGBM"):
            est.fitted.update(boosting.sklearn_fit_log(w, est, args, kwargs))
        return est
    if name in ("fit_transform", "transform", "fit_resample"):
        if name == "fit_transform":
            w.expensive(node, est, [a0])
        if isinstance(a0, Column) and est.cls.endswith("Vectorizer"):
            return Table(a0.rows, _vocabulary(est), None, array=True)
        if isinstance(a0, Column) and ("Encoder" in est.cls or "Binarizer" in est.cls):
            classes = a0.info.unique if a0.info else None
            est.fitted.setdefault("n_classes", classes)
            info = ColumnInfo("int64", classes) if classes else None
            return Column(a0.rows, a0.name, info)
        if not isinstance(a0, Table):
            return Table(_rows(a0), None, array=True)
        cols = a0.cols
        if est.cls.endswith("Vectorizer"):
            return Table(a0.rows, _vocabulary(est), None, array=True)
        if "OneHot" in est.cls and a0.columns is not None:
            cols = sum((a0.info.get(c) or ColumnInfo("", 5)).unique or 5 for c in a0.columns)
        elif "PCA" in est.cls or "SVD" in est.cls:
            n = est.params.get("n_components")
            cols = n if isinstance(n, int) else cols
        return Table(a0.rows, cols, None, array=True)
    if name in ("predict", "decision_function", "predict_log_proba"):
        w.cost += 0.05 * max(1.0, (_rows(a0) or 1000) / 1000)
        return Column(_rows(a0))
    if name == "predict_proba":
        w.cost += 0.05 * max(1.0, (_rows(a0) or 1000) / 1000)
        classes = est.fitted.get("n_classes")
        return Table(_rows(a0), classes if isinstance(classes, int) else 2, array=True)
    if name == "score":
        return w.score(scoring_call(None, est))
    if name == "set_params":
        est.params.update(kwargs)
        return est
    if name == "get_params":
        return dict(est.params)
    return Unknown(name)


def _unknown_method(w: Walker, obj: Unknown, name: str, args: list[Any], node: ast.Call) -> Any:
    a0 = args[0] if args else None
    if name in ("fit", "train"):
        w.expensive(node, Estimator(obj.hint, obj.hint, {}), args)
        return obj
    if name in ("predict", "decision_function"):
        return Column(_rows(a0))
    if name == "predict_proba":
        return Table(_rows(a0), 2, array=True)
    if name in ("transform", "fit_transform"):
        return Table(_rows(a0), None, array=True)
    if name == "split":
        return Splits(w.n_folds_hint or 5, _rows(a0))
    if name in _KNOWN_LOG_LEVELS and "log" in obj.hint.lower():
        w.log_call(Logger(obj.hint), _KNOWN_LOG_LEVELS[name], args, node)
        return None
    return Unknown(name)


def attribute(w: Walker, obj: Any, name: str, node: ast.AST | None = None) -> Any:
    if isinstance(obj, (ModuleRef, FuncRef)):
        base = obj.name if isinstance(obj, ModuleRef) else obj.qualname
        qual = f"{base}.{name}"
        if qual in _CONSTANTS:
            return _CONSTANTS[qual]
        return FuncRef(qual)
    if isinstance(obj, Table):
        if not obj.array:
            w.event("attr", node or ast.Pass(), (name, "DataFrame", "pandas.DataFrame"))
        return _table_attr(obj, name)
    if isinstance(obj, Column):
        if obj.series:
            w.event("attr", node or ast.Pass(), (name, "Series", "pandas.Series"))
        if name in ("values", "array"):
            return Column(obj.rows, obj.name, obj.info)
        if name == "shape":
            return (obj.rows,) if obj.rows is not None else Unknown("shape")
        if name == "name":
            return obj.name if obj.name is not None else Unknown("name")
        if name in ("size",):
            return obj.rows if obj.rows is not None else Unknown("size")
        if name == "dtype":
            return obj.info.dtype if obj.info else Unknown("dtype")
        return Bound(obj, name)
    if isinstance(obj, Estimator):
        owner = obj.wrapper or obj.qualname
        w.event("attr", node or ast.Pass(), (name, owner.rsplit(".", 1)[-1], owner))
        if name in obj.fitted:
            return obj.fitted[name]
        if name in obj.params:
            return obj.params[name]
        if name == "best_score_":
            score = w.score(scoring_call(obj.params.get("scoring"), obj.params.get("estimator")))
            scoring = obj.params.get("scoring")
            return -score if isinstance(scoring, str) and scoring.startswith("neg_") else score
        if name == "feature_importances_":
            return Column(obj.fitted_cols)
        if name.endswith("_") and not name.startswith("_"):
            return Unknown(name.rstrip("_"))
        return Bound(obj, name)
    if isinstance(obj, PurePosixPath):
        if name in ("name", "stem", "suffix", "parent"):
            return getattr(obj, name)
        return Bound(obj, name)
    if isinstance(obj, Instance):
        return obj.attrs.get(name, Unknown(name))
    if isinstance(obj, Unknown) and name in ("shape", "columns", "size", "index"):
        return Unknown(name)
    if isinstance(obj, (str, list, dict, Logger, Unknown, Splits, IndexArray, tuple)):
        return Bound(obj, name)
    return Unknown(name)


def _table_attr(t: Table, name: str) -> Any:
    if name == "shape":
        return t.shape or Unknown("shape")
    if name == "columns":
        return list(t.columns) if t.columns is not None else Unknown("columns")
    if name in ("values",):
        return Table(t.rows, t.cols, array=True)
    if name == "T":
        return Table(t.cols, t.rows, array=t.array)
    if name == "index":
        return IndexArray(t.rows)
    if name == "size":
        return t.rows * t.cols if t.rows is not None and t.cols is not None else Unknown("size")
    if name == "empty":
        return t.rows == 0 if t.rows is not None else False
    if name == "ndim":
        return 2
    if name == "dtypes":
        if t.columns is None or t.array:
            return Unknown("dtypes")
        dtypes = [(t.info.get(c) or ColumnInfo("float64", None)).dtype for c in t.columns]
        return Column(len(dtypes), labels=list(t.columns), values=dtypes, dtype="object")
    if t.columns is not None and name in t.columns:
        return Column(t.rows, name, t.info.get(name), series=True)
    return Bound(t, name)


def subscript(w: Walker, obj: Any, key: Any, node: ast.Subscript) -> Any:
    if isinstance(obj, (list, tuple, str, range)) and isinstance(key, (int, slice)):
        try:
            return obj[key]
        except IndexError:
            return Unknown(_key_hint(node))
    if isinstance(obj, dict):
        if isinstance(key, str):
            w.event("key", node, key)
        try:
            return obj[key]
        except (KeyError, TypeError):
            return Unknown(key if isinstance(key, str) else _key_hint(node))
    if isinstance(obj, Table):
        return _table_item(w, obj, key, node)
    if isinstance(obj, Bound) and isinstance(obj.obj, Table) and obj.name in ("iloc", "loc"):
        return _locate(obj.obj, key)
    if isinstance(obj, Column):
        if isinstance(key, IndexArray):
            return Column(key.rows, obj.name, obj.info)
        if isinstance(key, slice):
            return Column(_slice_len(key, obj.rows), obj.name, obj.info)
        if isinstance(key, Column):
            return Column(obj.rows, obj.name, obj.info)
        return Unknown(obj.name or _key_hint(node))
    if isinstance(obj, Bound) and isinstance(obj.obj, Column) and obj.name in ("iloc", "loc"):
        return subscript(w, obj.obj, key, node)
    if isinstance(obj, Unknown) and obj.hint == "shape" and isinstance(key, int):
        return Unknown("rows" if key == 0 else "cols")
    return Unknown(key if isinstance(key, str) else _key_hint(node))


def _table_item(w: Walker, t: Table, key: Any, node: ast.Subscript) -> Any:
    if isinstance(key, str):
        absent = (key,) if t.columns is not None and key not in t.columns else ()
        w.event("key", node, key, absent=absent)
        return Column(t.rows, key, t.info.get(key), series=not t.array)
    names = _names_arg(key) if isinstance(key, list) else None
    if names is not None:
        missing = tuple(n for n in names if t.columns is not None and n not in t.columns)
        w.event("key", node, names, absent=missing)
        return t.select(names)
    if isinstance(key, IndexArray):
        return t.with_rows(key.rows)
    if isinstance(key, slice):
        return t.with_rows(_slice_len(key, t.rows))
    if isinstance(key, tuple) and len(key) == 2:
        rows_key, cols_key = key
        rows = t.rows
        if isinstance(rows_key, IndexArray):
            rows = rows_key.rows
        elif isinstance(rows_key, slice):
            rows = _slice_len(rows_key, t.rows)
        if isinstance(cols_key, int):
            return Column(rows)
        if isinstance(cols_key, slice):
            return Table(rows, _slice_len(cols_key, t.cols), None, array=t.array)
        return Table(rows, t.cols, t.columns, t.info, t.array)
    if isinstance(key, int) and t.array:
        return Column(t.cols)
    return t.with_rows(t.rows)


def _locate(t: Table, key: Any) -> Any:
    rows_key, cols_key = key if isinstance(key, tuple) and len(key) == 2 else (key, None)
    rows: int | None = t.rows
    if isinstance(rows_key, IndexArray):
        rows = rows_key.rows
    elif isinstance(rows_key, slice):
        rows = _slice_len(rows_key, t.rows)
    elif isinstance(rows_key, int):
        return Column(t.cols)
    elif isinstance(rows_key, list):
        rows = len(rows_key)
    elif isinstance(rows_key, str) and t.parts and rows_key in t.parts:
        rows = t.parts[rows_key]
    if cols_key is None:
        return t.with_rows(rows)
    if isinstance(cols_key, (str, int)):
        return Column(rows, cols_key if isinstance(cols_key, str) else None)
    names = _names_arg(cols_key)
    if names is not None:
        return t.select(names).with_rows(rows)
    if isinstance(cols_key, slice):
        return Table(rows, _slice_len(cols_key, t.cols), None, array=t.array)
    return t.with_rows(rows)


def _slice_len(s: slice, n: int | None) -> int | None:
    if n is None:
        if s.start is None and s.stop is not None and s.stop >= 0 and s.step is None:
            return s.stop
        return None
    return len(range(*s.indices(n)))


def _key_hint(node: ast.Subscript) -> str:
    return hint_of(node.value)
