"""What numpy and pandas functions return in the abstract run: shapes, mostly.

DataFrames read from the data overview's files, built from dicts, concatenated,
one-hot encoded and merged; numpy reductions over known numbers and array
constructors; pandas dtype checks. The helpers that read a value's row count
(`_rows`, `_with_rows`) and a column-name argument (`_names_arg`) live here too.

Not here: methods of DataFrames and arrays (table_methods.py), how they print
(frames.py), train/test splits and the rest of scikit-learn (learning.py).
"""

from __future__ import annotations

import ast
import math
from typing import TYPE_CHECKING, Any

from mleworld.world.terminal.pycalls import _math
from mleworld.world.terminal.values import Column, ColumnInfo, IndexArray, Squared, Table, Unknown

if TYPE_CHECKING:
    from mleworld.world.terminal.walk import Walker

_READERS = frozenset(
    {"read_csv", "read_parquet", "read_json", "read_feather", "read_excel", "read_table", "load"}
)

_SAME_SHAPE = frozenset(
    {
        *("copy", "fillna", "reset_index", "astype", "sort_values", "sort_index", "replace"),
        *("clip", "round", "abs", "rename", "ffill", "bfill", "interpolate", "infer_objects"),
        *("isna", "isnull", "notna", "notnull", "to_numpy", "apply", "applymap", "map"),
        *("transform", "where", "mask", "pipe", "convert_dtypes", "reindex"),
    }
)

_REDUCE = frozenset({"mean", "median", "std", "var", "sum", "min", "max", "nunique", "count"})

_NUMERIC_DTYPE = ("int", "float", "uint", "Int", "Float", "UInt")


def _numbers(value: Any, w: Walker) -> list[float] | None:
    items = w.items_of(value) if isinstance(value, (list, tuple)) else None
    if items and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in items):
        return [float(x) for x in items]
    return None


def _numpy(w: Walker, leaf: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
    a0 = args[0] if args else kwargs.get("a")
    nums = _numbers(a0, w)
    if leaf in ("mean", "average", "nanmean", "median", "nanmedian") and nums:
        if leaf in ("median", "nanmedian"):
            s = sorted(nums)
            mid = len(s) // 2
            return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2
        if all(isinstance(x, Squared) for x in a0):
            return Squared(sum(x.root for x in a0) / len(a0))
        return sum(nums) / len(nums)
    if leaf in ("std", "nanstd", "var", "nanvar") and nums:
        mean = sum(nums) / len(nums)
        var = sum((x - mean) ** 2 for x in nums) / max(len(nums) - int(kwargs.get("ddof", 0)), 1)
        return var if "var" in leaf else math.sqrt(var)
    if leaf in ("sum", "min", "max", "amin", "amax", "nansum") and nums:
        return {"sum": sum, "nansum": sum, "min": min, "amin": min}.get(leaf, max)(nums)
    if leaf == "sqrt" and isinstance(a0, Squared):
        return a0.root
    if leaf == "sqrt" and isinstance(a0, list) and all(isinstance(x, Squared) for x in a0):
        return [x.root for x in a0]
    unary = {"sqrt", "log", "log1p", "exp", "expm1", "abs", "floor", "ceil", "round", "clip"}
    if leaf in unary:
        if isinstance(a0, (int, float)) and not isinstance(a0, bool):
            return (
                _math({"abs": "fabs", "round": "floor"}.get(leaf, leaf), [a0])
                if leaf
                not in (
                    "round",
                    "clip",
                )
                else a0
            )
        if isinstance(a0, (Table, Column)):
            return a0
        if nums is not None and leaf not in ("clip", "round"):
            return [_math({"abs": "fabs"}.get(leaf, leaf), [x]) for x in nums]
        return a0 if isinstance(a0, list) else Unknown(getattr(a0, "hint", leaf))
    if leaf in ("zeros", "ones", "empty", "full"):
        shape = a0 if a0 is not None else kwargs.get("shape")
        if isinstance(shape, int):
            return Column(shape)
        if isinstance(shape, tuple) and len(shape) == 2:
            rows, cols = shape
            return Table(
                rows if isinstance(rows, int) else None,
                cols if isinstance(cols, int) else None,
                array=True,
            )
        return Column(None)
    if leaf in ("zeros_like", "ones_like", "full_like", "empty_like", "array", "asarray", "where"):
        if leaf == "where" and len(args) > 1:
            a0 = args[1]
        if isinstance(a0, Table):
            return Table(a0.rows, a0.cols, array=True)
        if isinstance(a0, (Column, list)):
            return a0
        return Unknown(getattr(a0, "hint", leaf))
    if leaf in ("vstack", "hstack", "column_stack", "concatenate", "c_", "stack"):
        return _stack(leaf, a0, kwargs)
    if leaf in ("argmax", "argmin", "argsort") and isinstance(a0, Table):
        return Column(a0.rows)
    if leaf in ("mean", "median", "std", "var", "sum", "min", "max") and isinstance(a0, Table):
        axis = kwargs.get("axis", args[1] if len(args) > 1 else None)
        if axis == 1:
            return Column(a0.rows)
        if axis == 0:
            return Column(a0.cols)
        return Unknown(leaf)
    if leaf in ("mean", "median") and isinstance(a0, Column):
        return Unknown(a0.name or leaf)
    if leaf == "unique" and isinstance(a0, Column) and a0.info and a0.info.unique:
        return Column(a0.info.unique)
    if leaf in ("seed", "set_printoptions", "random_seed"):
        return None
    return Unknown(getattr(a0, "hint", "") or leaf)


def _stack(leaf: str, parts: Any, kwargs: dict[str, Any]) -> Any:
    items = list(parts) if isinstance(parts, (list, tuple)) else []
    tables = [p for p in items if isinstance(p, (Table, Column))]
    if not tables or len(tables) != len(items):
        return Unknown(leaf)
    first = tables[0]
    if leaf in ("vstack",) or (leaf == "concatenate" and kwargs.get("axis", 0) == 0):
        rows = [t.rows for t in tables]
        total = sum(r for r in rows if r is not None) if None not in rows else None
        if isinstance(first, Column):
            return Column(total)
        return Table(total, first.cols, array=True)
    cols = [t.cols if isinstance(t, Table) else 1 for t in tables]
    return Table(first.rows, sum(c for c in cols if c is not None), array=True)


def _pandas(w: Walker, leaf: str, args: list[Any], kwargs: dict[str, Any], node: ast.AST) -> Any:
    a0 = args[0] if args else kwargs.get("data", kwargs.get("objs"))
    if leaf == "DataFrame":
        columns = kwargs.get("columns")
        if isinstance(a0, dict):
            rows = next((_rows(v) for v in a0.values() if _rows(v) is not None), None)
            if rows is None:
                lengths = [len(v) for v in a0.values() if isinstance(v, list)]
                rows = lengths[0] if lengths else None
            names = [str(k) for k in a0]
            return Table(rows, len(names), names)
        if isinstance(a0, Table):
            names = list(columns) if isinstance(columns, list) else a0.columns
            return Table(a0.rows, len(names) if names is not None else a0.cols, names)
        if isinstance(a0, Column):
            return Table(a0.rows, 1, [a0.name] if a0.name else None)
        if isinstance(columns, list):
            return Table(None, len(columns), [str(c) for c in columns])
        return Table(None, None)
    if leaf == "Series":
        return Column(
            _rows(a0), kwargs.get("name") if isinstance(kwargs.get("name"), str) else None
        )
    if leaf == "concat":
        out = _concat(a0, kwargs.get("axis", 0))
        keys = kwargs.get("keys")
        if isinstance(out, Table) and isinstance(keys, (list, tuple)) and isinstance(a0, list):
            out.parts = {str(k): _rows(p) for k, p in zip(keys, a0, strict=False)}
        return out
    if leaf == "get_dummies":
        return _dummies(
            a0,
            kwargs.get("columns"),
            bool(kwargs.get("drop_first", False)),
            bool(kwargs.get("dummy_na", False)),
        )
    if leaf == "merge" and len(args) >= 2 and isinstance(args[0], Table):
        return _merge(args[0], args[1])
    if leaf in ("to_datetime", "to_numeric", "isna", "isnull", "notna", "cut", "qcut"):
        return a0 if isinstance(a0, (Table, Column)) else Unknown(leaf)
    if leaf.startswith("is_") and leaf.endswith("_dtype"):
        return _dtype_check(leaf, a0)
    if leaf in ("set_option", "options"):
        return None
    return Unknown(leaf)


def _dtype_check(leaf: str, value: Any) -> Any:
    info = value.info if isinstance(value, Column) else None
    if info is None:
        return Unknown(leaf)
    dtype = info.dtype
    numeric = dtype.startswith(_NUMERIC_DTYPE) or dtype == "bool"
    checks = {
        "is_numeric_dtype": numeric,
        "is_float_dtype": dtype.startswith(("float", "Float")),
        "is_integer_dtype": dtype.startswith(("int", "Int", "uint", "UInt")),
        "is_bool_dtype": dtype == "bool",
        "is_object_dtype": dtype in ("object", "str", "string"),
        "is_string_dtype": dtype in ("object", "str", "string"),
        "is_categorical_dtype": dtype == "category",
        "is_datetime64_any_dtype": dtype.startswith("datetime"),
        "is_datetime64_dtype": dtype.startswith("datetime"),
    }
    return checks.get(leaf, Unknown(leaf))


def _concat(parts: Any, axis: Any) -> Any:
    items = list(parts) if isinstance(parts, (list, tuple)) else []
    tables = [p for p in items if isinstance(p, (Table, Column))]
    if not tables or len(tables) != len(items):
        return Table(None, None)
    if axis in (1, "columns"):
        names: list[str] | None = []
        cols: int | None = 0
        info: dict[str, ColumnInfo] = {}
        for t in tables:
            if isinstance(t, Column):
                cols = cols + 1 if cols is not None else None
                if names is not None:
                    names = [*names, t.name] if t.name else None
                if t.name and t.info:
                    info[t.name] = t.info
            else:
                cols = cols + t.cols if t.cols is not None and cols is not None else None
                names = [*names, *t.columns] if names is not None and t.columns else None
                info.update(t.info)
        return Table(tables[0].rows, cols, names, info)
    rows = [t.rows for t in tables]
    total = sum(r for r in rows if r is not None) if None not in rows else None
    if all(isinstance(t, Column) for t in tables):
        return Column(total, tables[0].name)  # type: ignore[union-attr]
    first = next(t for t in tables if isinstance(t, Table))
    names2: list[str] = []
    info2: dict[str, ColumnInfo] = {}
    for t in tables:
        if isinstance(t, Table) and t.columns is not None:
            names2.extend(c for c in t.columns if c not in names2)
            info2.update({k: v for k, v in t.info.items() if k not in info2})
    if names2 and all(isinstance(t, Table) and t.columns is not None for t in tables):
        return Table(total, len(names2), names2, info2)
    return Table(total, first.cols, None, dict(first.info))


def _dummies(table: Any, columns: Any, drop_first: bool, dummy_na: bool = False) -> Any:
    extra_na = int(dummy_na)
    if isinstance(table, Column):
        unique = table.info.unique if table.info and table.info.unique else 5
        return Table(table.rows, unique - int(drop_first) + extra_na, None)
    if not isinstance(table, Table) or table.columns is None:
        return table if isinstance(table, Table) else Unknown("get_dummies")
    if isinstance(columns, list):
        chosen = [c for c in columns if c in table.columns]
    else:
        chosen = [
            c
            for c in table.columns
            if (table.info.get(c) or ColumnInfo("float64", None)).dtype
            in ("object", "str", "string", "category", "bool")
        ]
    extra = 0
    for c in chosen:
        unique = (table.info.get(c) or ColumnInfo("object", None)).unique or 5
        extra += max(unique - int(drop_first), 1) + extra_na
    cols = len(table.columns) - len(chosen) + extra
    out = Table(table.rows, cols, None)
    out.parts = table.parts
    return out


def _merge(left: Table, right: Any) -> Table:
    cols = None
    if isinstance(right, Table) and left.cols is not None and right.cols is not None:
        cols = left.cols + right.cols - 1
    return Table(left.rows, cols, None)


def _with_rows(value: Any, rows: int | None) -> Any:
    if isinstance(value, Table):
        return value.with_rows(rows)
    if isinstance(value, Column):
        return Column(rows, value.name, value.info)
    if isinstance(value, IndexArray):
        return IndexArray(rows)
    return Unknown(getattr(value, "hint", "split"))


def _rows(value: Any) -> int | None:
    if isinstance(value, (Table, Column, IndexArray)):
        return value.rows
    if isinstance(value, list):
        return len(value)
    return None


def _names_arg(value: Any) -> list[str] | None:
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return list(value)
    return None
