"""Merges and joins of frames whose values analysis does not hold.

A key's dtype is often known where the frame's values are not: the file's own column,
`astype(str)`, a column computed from the file. pandas refuses to join a text key with a
date or number key, so `check_keys` merges one row of each side's keys, of their known
dtypes, for real: the run's own error and message.

The merged frame's columns follow from the two frames' columns and the keys, whatever the
rows: the left's columns, then the right's less the shared keys, a suffix on the other
names both have. Each column keeps what is known of its dtype (kinds.py), so later steps
still see which columns exist and which hold text or numbers. A side whose rows may find
no partner (the right of a left merge) gains missing values: its integer columns turn
float (still numbers) and its bool ones object (no longer known).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mleworld.world.static.kinds import DATE, FILE, NUM, TEXT, Real
from mleworld.world.static.values import UNKNOWN, Const, Frame, Seq, Value, const_str, str_list

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

# keywords whose effect on the merged frame's columns is followed; any other loses them
_FOLLOWED = frozenset(
    {"right", "on", "left_on", "right_on", "how", "suffixes", "indicator", "validate", "sort"}
)
_HOWS = ("inner", "left", "right", "outer")


def check_keys(
    walker: Walker, left: Frame, args: list[Value], kw: dict[str, Value], node: Any
) -> None:
    """`left.merge(right, on=keys)` where each key's dtype is known on both sides: one row
    of each side's keys, of those dtypes, merged for real."""
    right = args[0] if args else kw.get("right")
    keys = _keys(left, right, kw) if isinstance(right, Frame) and len(args) <= 1 else None
    how = _how(kw)
    if keys is None or how is None or set(kw) - _FOLLOWED:
        return
    # pandas compares the keys' dtypes pair by pair, in order, and raises at the first pair
    # it cannot join: the pairs up to the last one known on both sides decide alone
    left_sample = _key_sample(walker, left, keys[0])
    right_sample = _key_sample(walker, right, keys[1]) if left_sample is not None else None
    if right_sample is None:
        return
    known = min(len(left_sample.columns), len(right_sample.columns))
    left_keys, right_keys = keys[0][:known], keys[1][:known]
    try:
        same = left_keys == right_keys
        spelt = {"on": left_keys} if same else {"left_on": left_keys, "right_on": right_keys}
        left_sample[left_keys].merge(right_sample[right_keys], how=how, **spelt)
    except ValueError as exc:
        from mleworld.world.static import computed

        computed.raised(walker, exc, node)
    except Exception:
        return


def merged(walker: Walker, left: Frame, args: list[Value], kw: dict[str, Value]) -> Value:
    """The frame `left.merge(right, ...)` gives: its columns and what is known of their
    dtypes (UNKNOWN when the call is not one followed here)."""
    right = args[0] if args else kw.get("right")
    if len(args) > 1 or not _whole(left) or not isinstance(right, Frame) or not _whole(right):
        return UNKNOWN
    keys = _keys(left, right, kw)
    how = _how(kw)
    suffixes = _suffixes(kw.get("suffixes"))
    indicator = kw.get("indicator", Const(False))
    if keys is None or how is None or suffixes is None or set(kw) - _FOLLOWED:
        return UNKNOWN
    if not isinstance(indicator, Const) or not isinstance(indicator.value, bool | str):
        return UNKNOWN
    shared = {a for a, b in zip(*keys, strict=True) if a == b}  # one column in the result
    both = (set(left.columns or ()) & set(right.columns or ())) - shared
    names: list[str] = []
    found: dict[str, Any] = {}
    for side, suffix, gains_missing in (
        (left, suffixes[0], how in ("right", "outer")),
        (right, suffixes[1], how in ("left", "outer")),
    ):
        for column in side.columns or ():
            if side is right and column in shared:
                continue
            name = column + suffix if column in both else column
            names.append(name)
            kind = _kind(walker, side, column, gains_missing, same_file=side is left)
            if kind is not None and not (column in shared and how in ("right", "outer")):
                found[name] = kind  # a shared key of those takes values from both sides
    if indicator.value is not False:
        names.append("_merge" if indicator.value is True else indicator.value)
    if len(set(names)) != len(names):
        return UNKNOWN  # pandas refuses the duplicate names the suffixes would make
    return Frame(names, left.source, True, kinds=found or None)


def joined(walker: Walker, frame: Frame, other: Value, how: Value | None) -> Value:
    """`left.join(right)` on the index, of frames whose columns are known and shared by none:
    the left's columns then the right's (a shared one raises, which is not judged here);
    a left join keeps the left's rows."""
    if not isinstance(other, Frame) or other.columns is None or not other.is_frame:
        return UNKNOWN
    if not frame.exact or not other.exact or set(frame.columns or ()) & set(other.columns):
        return UNKNOWN
    way = "left" if how is None else const_str(how)
    if way not in _HOWS:
        return UNKNOWN
    found: dict[str, Any] = {}
    for side, gains_missing in (
        (frame, way in ("right", "outer")),
        (other, way in ("left", "outer")),
    ):
        for column in side.columns or ():
            kind = _kind(walker, side, column, gains_missing, same_file=side is frame)
            if kind is not None:
                found[column] = kind
    rows = frame.rows if way == "left" else None
    names = [*(frame.columns or ()), *other.columns]
    return Frame(names, frame.source, True, rows=rows, kinds=found or None)


def _whole(frame: Frame) -> bool:
    return frame.exact and frame.is_frame and frame.columns is not None


def _how(kw: dict[str, Value]) -> str | None:
    how = const_str(kw["how"]) if "how" in kw else "inner"
    return how if how in _HOWS else None


def _keys(left: Frame, right: Value, kw: dict[str, Value]) -> tuple[list[str], list[str]] | None:
    """The left's and the right's key columns, in order (the shared columns when no keys are
    named); None when they are not known or a side lacks one (pandas' KeyError is not
    judged here)."""
    if not isinstance(right, Frame) or left.columns is None or right.columns is None:
        return None
    if "on" in kw:
        if "left_on" in kw or "right_on" in kw:
            return None
        names = str_list(kw["on"])
        pair = (names, names) if names else None
    elif "left_on" in kw or "right_on" in kw:
        lefts, rights = str_list(kw.get("left_on", UNKNOWN)), str_list(kw.get("right_on", UNKNOWN))
        pair = (lefts, rights) if lefts and rights and len(lefts) == len(rights) else None
    else:
        common = [c for c in left.columns if c in right.columns]
        pair = (common, common) if common and left.exact and right.exact else None
    if (
        pair is None
        or not set(pair[0]) <= set(left.columns)
        or not set(pair[1]) <= set(right.columns)
    ):
        return None
    return pair


def _suffixes(value: Value | None) -> tuple[str, str] | None:
    if value is None:
        return ("_x", "_y")
    if not isinstance(value, Seq) or value.items is None or len(value.items) != 2:
        return None
    parts = [item.value if isinstance(item, Const) else UNKNOWN for item in value.items]
    if not all(part is None or isinstance(part, str) for part in parts):
        return None
    return (parts[0] or "", parts[1] or "")


def _kind(walker: Walker, frame: Frame, column: str, gains_missing: bool, same_file: bool) -> Any:
    """What the merged frame knows of `column`'s dtype: the file's while the frame keeps its
    source and rows no missing value (`same_file`), else the dtype's kind as kinds.py names it."""
    known = (frame.kinds or {}).get(column)
    if known == FILE and same_file and not gains_missing:
        return FILE
    if known == NUM:
        return None if gains_missing else NUM  # a bool column turns object with missing values
    if known in (TEXT, DATE):
        return known  # missing values keep both dtypes
    dtype = _dtype(walker, frame, column, known)
    if dtype is None:
        return None
    import pandas as pd

    if isinstance(dtype, pd.StringDtype):
        return TEXT  # pandas' string dtype holds missing values as they are
    if pd.api.types.is_bool_dtype(dtype):
        return None if gains_missing else NUM
    return NUM if pd.api.types.is_numeric_dtype(dtype) else None


def _dtype(walker: Walker, frame: Frame, column: str, known: Any) -> Any | None:
    from mleworld.world.static.dtypes import file_column, file_table

    if isinstance(known, Real):
        return known.values.dtype
    if known == FILE:
        table = file_table(walker, frame.source)
        return table[column].dtype if table is not None and column in table.columns else None
    values = file_column(walker, frame, column) if known is None else None  # one column read
    return None if values is None else values.dtype


def _key_sample(walker: Walker, frame: Frame, keys: list[str]) -> Any | None:
    """One row of the frame's leading key columns whose dtypes are known (as many of
    `keys`, from the first, as are); None when not even the first one's is."""
    import pandas as pd

    from mleworld.world.static import computed
    from mleworld.world.static.dtypes import file_table

    table = computed.values_of(walker, frame)
    if table is None:
        table = computed.held_columns(frame, keys)
    if table is not None and all(k in table.columns for k in keys):
        return table[list(dict.fromkeys(keys))].head(1).reset_index(drop=True)
    known = frame.kinds or {}
    columns: dict[str, Any] = {}
    for key in dict.fromkeys(keys):
        kind = known.get(key)
        source = file_table(walker, frame.source) if kind == FILE else None
        if kind == TEXT:
            columns[key] = pd.Series(["x"], dtype="str")
        elif kind == DATE:
            columns[key] = pd.Series(pd.to_datetime(["2000-01-01"]))
        elif isinstance(kind, Real) and len(kind.values):
            columns[key] = kind.values.head(1).reset_index(drop=True)
        elif source is not None and key in source.columns and len(source):
            columns[key] = source[key].head(1).reset_index(drop=True)
        else:
            break
    return pd.DataFrame(columns) if columns else None
