"""Where tracked frames come from: read_csv, DataFrame(), concat, train_test_split.

`read_csv` of an existing input file gives a frame with the file's header
(headers.py), as trimmed by `usecols` / `index_col` or named by `names`;
keyword arguments whose effect on the columns analysis does not model leave the
result unknown. `DataFrame` of a dict or with `columns=` gives those columns,
`concat` the union of its frames' (a numpy array among them is pandas' TypeError),
`train_test_split` a train and a test copy of each frame it splits.
"""

from __future__ import annotations

import ast
from functools import cache
from typing import TYPE_CHECKING, Any

from mleworld.world.static import (
    arrays,
    computed,
    computed_series,
    files,
    kinds,
    lengths,
    pandas_arrays,
    row_counts,
)
from mleworld.world.static.headers import read_header
from mleworld.world.static.values import (
    UNKNOWN,
    ArrayVal,
    Const,
    DictVal,
    Frame,
    Seq,
    SeriesVal,
    Value,
    VectorVal,
    const_str,
    is_true,
    str_list,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.9

_READ_PLAIN_KWARGS = {
    "sep",
    "delimiter",
    "encoding",
    "low_memory",
    "dtype",
    "nrows",
    "na_values",
    "keep_default_na",
    "na_filter",
    "engine",
    "on_bad_lines",
    "memory_map",
    "float_precision",
    "encoding_errors",
    "parse_dates",
    "dtype_backend",
    "usecols",
    "index_col",
    "header",
    "names",
    "compression",
    "thousands",
    "decimal",
    "quotechar",
    "converters",
    "true_values",
    "false_values",
    "verbose",
}


def read_csv(
    walker: Walker,
    args: list[Value],
    kw: dict[str, Value],
    node: ast.Call,
    star: bool,
    sep: str = ",",
) -> Value:
    target = args[0] if args else kw.get("filepath_or_buffer")
    real = files.check_read(walker, target, node)
    if real is None or not real.is_file() or star or len(args) > 1:
        return UNKNOWN
    plain = set(kw) <= {"sep", "delimiter", "encoding", "low_memory", "usecols"}
    if not plain:  # options pandas applies (parse_dates, dtype, ...): read as the program asks
        like = Frame(None, files.path_text(target) or "", exact=True)
        table = computed.read(walker, real, kw, like, node, sep)
        if table is not None:
            walker.counts["frames"] += 1
            return table
    if any(name not in _READ_PLAIN_KWARGS for name in kw):
        return UNKNOWN
    sep_value = kw.get("sep", kw.get("delimiter"))
    if sep_value is not None:
        text = const_str(sep_value)
        if text is None or len(text) != 1:
            return UNKNOWN
        sep = text
    header = kw.get("header")
    if header is not None and not (isinstance(header, Const) and header.value in (0, "infer")):
        return UNKNOWN
    cols = read_header(real, sep)
    if cols is None:
        return UNKNOWN
    if "names" in kw:
        names = str_list(kw["names"])
        if names is None:
            return UNKNOWN
        cols = list(names)
    if "usecols" in kw:
        wanted = str_list(kw["usecols"])
        if wanted is None:
            return UNKNOWN
        missing = [c for c in wanted if c not in cols]
        if missing:
            message = f"ValueError: Usecols do not match columns, columns expected but not found: {missing}"
            walker.emit("columns", "ValueError", message, node, 0.9)
            return UNKNOWN
        cols = [c for c in cols if c in wanted]
    index_col = kw.get("index_col")
    if index_col is not None and not (
        isinstance(index_col, Const) and index_col.value in (None, False)
    ):
        if (
            isinstance(index_col, Const)
            and isinstance(index_col.value, int)
            and not isinstance(index_col.value, bool)
        ):
            if not 0 <= index_col.value < len(cols):
                return UNKNOWN
            cols.pop(index_col.value)
        else:
            names = str_list(index_col)
            if names is None or any(n not in cols for n in names):
                return UNKNOWN
            cols = [c for c in cols if c not in names]
    walker.counts["frames"] += 1
    # values read as plain read_csv would read them: dtypes.py may read them again
    frame = Frame(cols, files.path_text(target) or "", exact=True, pristine=plain)
    if plain:
        frame.kinds = dict.fromkeys(cols, kinds.FILE)
        frame.ordered = True
    if set(kw) <= {"encoding", "low_memory", "usecols"} and sep == ",":
        frame.rows = row_counts.file_rows(walker, target)
        frame.ranged = True
    return frame


def read_table(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    return read_csv(walker, args, kw, node, star, sep="\t")


def dataframe(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    if star:
        return UNKNOWN
    data = args[0] if args else kw.get("data")
    columns = args[2] if len(args) > 2 else kw.get("columns")
    own_index = "index" in kw or len(args) > 1
    if columns is not None:
        names = str_list(columns)
        if names is not None and not isinstance(data, Frame):
            rows = None if own_index else lengths.array_frame(walker, data, list(names), node)
            return Frame(list(names), "DataFrame()", exact=True, rows=rows, ranged=True)
        if isinstance(data, VectorVal | ArrayVal) and not own_index:  # columns=model.classes_
            rows = lengths.array_frame(walker, data, None, node)
            return Frame(None, "DataFrame()", False, rows=rows, ranged=True) if rows else UNKNOWN
        return UNKNOWN
    rows = None if own_index or data is None else lengths.array_frame(walker, data, None, node)
    if rows is not None:
        return Frame(None, "DataFrame()", exact=False, rows=rows, ranged=True)
    if isinstance(data, DictVal) and data.closed:
        known = computed.constructed(walker, data, node)
        if known is not None:
            return known
        rows = None if own_index else lengths.dataframe_from_dict(walker, data, node)
        return Frame(list(data.items), "DataFrame()", exact=True, rows=rows, ranged=True)
    if isinstance(data, Frame) and data.columns is not None and data.is_frame:
        return data.copy()
    if data is None and set(kw) == {"index"} and len(args) < 2:
        # `pd.DataFrame(index=df.index)`: no columns yet; the program assigns its features
        known = computed.constructed(walker, None, node)
        return known if known is not None else Frame([], "DataFrame()", exact=True)
    return UNKNOWN


def _stacked_series(
    walker: Walker, parts: list[SeriesVal], kw: dict[str, Value]
) -> SeriesVal | None:
    """`pd.concat([train["name"], test["name"]])` of columns whose values analysis holds,
    with literal options: stacked for real (a `value_counts` of it then counts both)."""
    import pandas as pd

    from mleworld.world.static.params import literal
    from mleworld.world.static.row_counts import MISSING

    values = [None if p.part_of is not None else computed_series.held(walker, p) for p in parts]
    named = {k: literal(v) for k, v in kw.items() if k != "objs"}
    if any(v is None for v in values) or any(v is MISSING for v in named.values()):
        return None
    try:
        real = computed.quietly(pd.concat, values, **named)
    except Exception:  # noqa: BLE001 - pandas refused: not judged here
        return None
    if not isinstance(real, pd.Series):
        return None
    name = real.name if isinstance(real.name, str) else None
    return SeriesVal(name, rows=len(real), numeric=computed_series.numeric(real), real=real)


def concat(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    objs = args[0] if args else kw.get("objs")
    if not star and isinstance(objs, Seq) and objs.items == []:
        refused = _concat_refusal(empty=True)  # a list surely empty
        if refused is not None:
            walker.emit("lengths", "ValueError", refused, node, CONFIDENCE)
    if star or not isinstance(objs, Seq) or not objs.items:
        return UNKNOWN
    frames = objs.items
    if any(isinstance(f, VectorVal) and f.ndarray for f in frames):
        refused = _concat_refusal(empty=False)  # pd.concat([df, np.where(...)], axis=1)
        if refused is not None:
            walker.emit("arrays", "TypeError", refused, node, CONFIDENCE)
        return UNKNOWN
    if all(isinstance(f, SeriesVal) for f in frames) and _axis_rows(kw):
        counts = [f.rows for f in frames]  # type: ignore[union-attr]
        total = sum(c for c in counts if c is not None) if None not in counts else None
        return _stacked_series(walker, frames, kw) or SeriesVal(None, rows=total)  # type: ignore[arg-type]
    if not all(isinstance(f, Frame) and f.is_frame for f in frames):
        return UNKNOWN
    real = computed.concat(walker, frames, kw)  # type: ignore[arg-type]
    if real is not None:
        real.parts = row_counts.keyed_parts(frames, kw)  # type: ignore[arg-type]
        return real
    side_rows = row_counts.side_by_side(frames, kw)  # type: ignore[arg-type]
    parts = row_counts.keyed_parts(frames, kw)  # type: ignore[arg-type]
    if any(f.columns is None for f in frames):  # type: ignore[union-attr]
        rows = side_rows if parts is None else sum(parts.values())
        return UNKNOWN if rows is None else Frame(None, "concat()", False, rows=rows, parts=parts)
    axis = kw.get("axis", Const(0))
    join = const_str(kw.get("join", Const("outer")))
    if not isinstance(axis, Const) or axis.value not in (0, 1, "index", "columns") or join is None:
        return UNKNOWN
    union: list[str] = []
    for f in frames:
        union.extend(c for c in f.columns or [] if c not in union)  # type: ignore[union-attr]
    exact = join == "outer" and all(f.exact for f in frames)  # type: ignore[union-attr]
    counts = [f.rows for f in frames]  # type: ignore[union-attr]
    stacked = _axis_rows(kw)
    rows = sum(c for c in counts if c is not None) if None not in counts and stacked else side_rows
    ranged = rows is not None and (side_rows is not None or is_true(kw.get("ignore_index")))
    parts = row_counts.keyed_parts(frames, kw)  # type: ignore[arg-type]
    result = Frame(union, "concat()", exact=exact, rows=rows, ranged=ranged, parts=parts)
    result.kinds = kinds.of_concat(walker, frames, kw) if exact and stacked else None  # type: ignore[arg-type]
    return result


def _dummies_of_known_columns(
    walker: Walker, data: Frame, rest: list[Any], named: dict[str, Any]
) -> Frame | None:
    """`pd.get_dummies(df, columns=[...])` of a frame whose other values the walk lost but
    whose encoded columns it holds (the file's, all rows in order, or computed): pandas run
    on those columns beside stand-in zeros gives the frame's columns exactly; the encoded
    ones are numbers, the others keep what was known of them."""
    import numpy as np
    import pandas as pd

    from mleworld.world.static.dtypes import file_table

    encoded = named.get("columns")
    if rest or data.columns is None or not data.exact or not isinstance(encoded, list):
        return None
    if not all(isinstance(c, str) and c in data.columns for c in encoded):
        return None
    known = data.kinds or {}
    table = file_table(walker, data.source) if data.ordered else None
    values: dict[str, Any] = {}
    for name in encoded:
        kind = known.get(name)
        if isinstance(kind, kinds.Real):
            values[name] = kind.values
        elif kind == kinds.FILE and table is not None and name in table.columns:
            values[name] = table[name]
        else:
            return None
    rows = {len(v) for v in values.values()}
    if len(rows) != 1 or (data.rows is not None and data.rows not in rows):
        return None
    count = rows.pop()
    stand_in = pd.DataFrame(
        {c: values[c].to_numpy() if c in values else np.zeros(count) for c in data.columns}
    )
    try:
        result = pd.get_dummies(stand_in, **named)
    except Exception:  # noqa: BLE001 - pandas refused: not judged here
        return None
    names = [str(c) for c in result.columns]
    kept = {c: k for c, k in known.items() if c in names and c not in encoded}
    frame = Frame(names, data.source, True, rows=data.rows, ranged=data.ranged)
    frame.kinds = {**kept, **dict.fromkeys((n for n in names if n not in data.columns), kinds.NUM)}
    frame.ordered = data.ordered
    return frame


@cache
def _concat_refusal(*, empty: bool) -> str | None:
    """The exception line pandas raises concatenating an empty list (`empty`), or a numpy
    array among Series."""
    import numpy as np
    import pandas as pd

    from mleworld.world.static.params import exception_line

    try:
        pd.concat([] if empty else [pd.Series([1.0]), np.zeros(1)])
    except (TypeError, ValueError) as exc:
        return exception_line(exc)
    return None


def _axis_rows(kw: dict[str, Value]) -> bool:
    """concat stacks rows (axis 0) and keeps every one of them."""
    axis = kw.get("axis", Const(0))
    return (
        isinstance(axis, Const)
        and axis.value in (0, "index")
        and set(kw) <= {"axis", "ignore_index", "keys"}
    )


def split(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """train_test_split: each array becomes a train and a test part of the same kind."""
    if star or not args:
        return UNKNOWN
    pandas_arrays.check_rows(walker, args, node)
    exact = _split_for_real(walker, args, kw, node)
    if exact is not None:
        return exact
    sizes = row_counts.split_sizes(args, kw)
    parts: list[Value] = []
    for arr in args:
        if isinstance(arr, Frame) and arr.columns is not None and arr.is_frame:
            parts.extend([kinds.subset(arr, arr.copy()), kinds.subset(arr, arr.copy())])
            row_counts.sampled_parts(walker, arr, parts[-2:], sizes, kw)
        elif isinstance(arr, SeriesVal):
            parts.extend([SeriesVal(arr.name), SeriesVal(arr.name)])
        else:
            parts.extend(row_counts.split_parts(arr, sizes))
            if isinstance(arr, ArrayVal):
                row_counts.sampled_parts(walker, arr, parts[-2:], sizes, kw)
            continue
        if sizes is not None:
            parts[-2].rows, parts[-1].rows = sizes  # type: ignore[attr-defined]
    return Seq(parts, "list")


# train_test_split's options that decide which rows go where, when spelt as literals.
_SPLIT_OPTIONS = frozenset({"test_size", "train_size", "random_state", "shuffle", "stratify"})


def _split_for_real(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call
) -> Value | None:
    """train_test_split of frames, Series and arrays whose values analysis holds, with a
    literal seed (or shuffle=False): scikit-learn itself splits the values, so each part
    holds exactly the rows the run's does. A seedless split is random: None (its parts
    are random shares of the rows, `sampled_parts`)."""
    from sklearn.model_selection import train_test_split

    from mleworld.world.static.params import literal

    shuffle, seed = kw.get("shuffle"), kw.get("random_state")
    fixed = isinstance(shuffle, Const) and shuffle.value is False
    if set(kw) - _SPLIT_OPTIONS or not (fixed or isinstance(literal(seed), int)):
        return None
    options = {k: literal(v) for k, v in kw.items() if k != "stratify"}
    if any(v is literal(UNKNOWN) for v in options.values()):
        return None
    strata = kw.get("stratify", Const(None))
    options["stratify"] = _split_values(walker, strata)
    if options["stratify"] is None and not (isinstance(strata, Const) and strata.value is None):
        return None
    held = [_split_values(walker, a) for a in args]
    if any(h is None for h in held):
        return None
    try:
        parts = computed.quietly(train_test_split, *held, **options)
    except ValueError as exc:  # scikit-learn's own check of the sizes or the strata
        computed.raised(walker, exc, node)
        return None
    wholes = [a for a in args for _ in (0, 1)]  # each array gives a train and a test part
    return Seq([_part(walker, w, p) for w, p in zip(wholes, parts, strict=True)], "list")


def _split_values(walker: Walker, value: Value) -> Any | None:
    """The values a frame, Series or array holds, when analysis computed them."""
    import numpy as np
    import pandas as pd

    if isinstance(value, Frame) and value.is_frame:
        return computed.values_of(walker, value)
    if isinstance(value, SeriesVal) and isinstance(value.real, pd.Series) and value.kind is None:
        return value.real if value.rows in (None, len(value.real)) else None
    if isinstance(value, ArrayVal | VectorVal) and isinstance(value.real, np.ndarray):
        return value.real
    return None


def _part(walker: Walker, whole: Value, part: Any) -> Value:
    """One part of a split, held as the walk holds values of its kind."""
    if isinstance(whole, Frame):
        kept = computed.frame_of(walker, part, whole)
        return kinds.subset(whole, kept) if kept is not None else UNKNOWN
    if isinstance(whole, SeriesVal):
        numeric = computed_series.numeric(part)
        return SeriesVal(whole.name, rows=len(part), numeric=numeric, real=part)
    return arrays.wrap(part) or UNKNOWN


def get_dummies(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`pd.get_dummies(df, columns=[...])` of a frame whose values analysis holds (its file's,
    or computed): run for real on them, so the frame it gives has exactly pandas' columns
    (the encoded ones gone, one per category added) and holds its values."""
    from mleworld.world.static.dtypes import file_values
    from mleworld.world.static.params import literal_or_type
    from mleworld.world.static.row_counts import MISSING

    data = args[0] if args else kw.get("data")
    if star or not isinstance(data, Frame) or not data.is_frame:
        return UNKNOWN
    rest = [literal_or_type(a) for a in args[1:]]
    named = {k: literal_or_type(v) for k, v in kw.items() if k != "data"}
    spelt = not any(v is MISSING for v in [*rest, *named.values()])
    table = file_values(walker, data) if spelt else None
    if not data.pristine and table is None:  # its rows; its columns where encoded ones are known
        known = _dummies_of_known_columns(walker, data, rest, named) if spelt else None
        if known is not None:
            return known
        if data.rows is None:
            return UNKNOWN
        return Frame(None, data.source, False, rows=data.rows, ranged=data.ranged, parts=data.parts)
    if table is None:
        return UNKNOWN
    import pandas as pd

    try:
        encoded = pd.get_dummies(table, *rest, **named)
    except Exception:
        return UNKNOWN
    return computed.frame_of(walker, encoded, data, rows_kept=True) or UNKNOWN
