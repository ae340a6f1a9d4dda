"""What methods, attributes and subscripts of DataFrames and Series give.

`df.drop(columns=...)`, `df.describe()`, `df.select_dtypes(...)`,
`s.value_counts()`, `df.shape`, `df.columns`, `df["col"]`, `df[["a", "b"]]`,
`X.iloc[idx]`, `df.loc[mask, "col"]`: shapes and columns as far as they are
known from the data overview, and `key` events for the columns read (where a
KeyError is located).

Not here: the dispatch by value type (objects.py), pandas functions
(tabular.py), how tables print (frames.py).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

from mleworld.world.terminal.frames import info_text, pandas_major
from mleworld.world.terminal.tabular import (
    _NUMERIC_DTYPE,
    _REDUCE,
    _SAME_SHAPE,
    _merge,
    _names_arg,
)
from mleworld.world.terminal.trace import hint_of
from mleworld.world.terminal.values import (
    Bound,
    Column,
    ColumnInfo,
    IndexArray,
    Table,
    Unknown,
)

if TYPE_CHECKING:
    from mleworld.world.terminal.walk import Walker


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
    modern = pandas_major() >= 2
    return Column(
        len(labels),
        ("proportion" if normalize else "count") if modern else c.name,
        labels=labels,
        values=counts,
        index_name=c.name if modern else None,
        dtype="float64" if normalize else "int64",
    )


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


def _table_item(w: Walker, t: Table, key: Any, node: ast.Subscript) -> Any:
    if isinstance(key, str):
        w.event("key", node)
        return Column(t.rows, key, t.info.get(key), series=not t.array)
    names = _names_arg(key) if isinstance(key, list) else None
    if names is not None:
        w.event("key", node)
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
