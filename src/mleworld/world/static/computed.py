"""Frames whose values analysis computed: pandas run for real on the input files' values.

A frame read from a file holds the file's values (`Frame.pristine`, dtypes.py). Data
preparation then stacks frames (`pd.concat([train, test])`) and cleans them
(`dropna(subset=...)`, `fillna(0)`, `drop_duplicates()`, `reset_index(drop=True)`):
each step is a pure function of values analysis already has. With literal arguments,
the installed pandas runs the step on them here, and the frame it gives carries its
values as `Frame.table` (still `pristine`: any later change in place clears it), so
the detectors that read a frame's values (text cells reaching a numeric estimator,
class counts, dtype tests) see the real ones. A step pandas rejects, or whose result
is not a plain frame of text-named columns, leaves the frame to the usual rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mleworld.world.static import kinds
from mleworld.world.static.values import Frame, Value

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

# Frame methods that return a new frame from the values alone (without inplace=True).
REPLAYED = frozenset(
    {
        "dropna", "fillna", "drop_duplicates", "reset_index", "sort_values", "sort_index",
        "head", "tail", "replace", "astype", "drop", "copy", "ffill", "bfill",
    }
)  # fmt: skip
MAX_CELLS = 5_000_000  # a computed frame larger than this is not kept (memory, time)


def values_of(walker: Walker, frame: Value) -> Any | None:
    """The frame's real values, when analysis knows them (computed here or the file's)."""
    from mleworld.world.static.dtypes import file_values

    return file_values(walker, frame) if isinstance(frame, Frame) else None


def frame_of(walker: Walker, table: Any, like: Frame, *, rows_kept: bool = False) -> Frame | None:
    """A tracked frame holding `table`; `like` names its source (for evidence and the dtypes
    its columns still share with that file). None when `table` is not one analysis can track."""
    import pandas as pd

    from mleworld.world.static.dtypes import file_table

    if not isinstance(table, pd.DataFrame) or table.size > MAX_CELLS:
        return None
    names = list(table.columns)
    if not all(isinstance(c, str) for c in names) or len(set(names)) != len(names):
        return None
    ranged = isinstance(table.index, pd.RangeIndex) and table.index.equals(
        pd.RangeIndex(len(table))
    )
    frame = Frame(
        names, like.source, exact=True, pristine=True, rows=len(table), ranged=ranged, table=table
    )
    frame.ordered = bool(rows_kept and like.ordered)
    source = file_table(walker, like.source)
    frame.kinds = {}
    for name in names:  # a column keeps its file's kind while its dtype (and values, in order) do
        column, dtype = table[name], table[name].dtype
        same = source is not None and name in source.columns and source[name].dtype == dtype
        if same and (not frame.ordered or column.equals(source[name])):
            frame.kinds[name] = kinds.FILE
        elif pd.api.types.is_numeric_dtype(dtype):
            frame.kinds[name] = kinds.NUM
    return frame


def replay(
    walker: Walker, frame: Frame, name: str, args: list[Value], kw: dict[str, Value]
) -> Frame | None:
    """`frame.name(*args, **kw)` run on the frame's real values; None when it cannot be."""
    from mleworld.world.static.params import literal_or_type
    from mleworld.world.static.row_counts import MISSING

    if name not in REPLAYED or "inplace" in kw:
        return None
    table = values_of(walker, frame)
    if table is None:
        return None
    rest = [literal_or_type(a) for a in args]
    named = {k: literal_or_type(v) for k, v in kw.items()}
    if any(v is MISSING for v in [*rest, *named.values()]):
        return None
    try:
        result = getattr(table, name)(*rest, **named)
    except Exception:
        return None
    kept = len(result) == len(table) and result.index.equals(table.index)
    return frame_of(walker, result, frame, rows_kept=kept and name != "sort_values")


def concat(walker: Walker, frames: list[Frame], kw: dict[str, Value]) -> Frame | None:
    """`pd.concat(frames, **kw)` of frames whose values analysis knows, run for real."""
    import pandas as pd

    from mleworld.world.static.params import literal_or_type
    from mleworld.world.static.row_counts import MISSING

    tables = [values_of(walker, f) for f in frames]
    if not frames or any(t is None for t in tables):
        return None
    named = {k: literal_or_type(v) for k, v in kw.items() if k != "objs"}
    if any(v is MISSING for v in named.values()) or named.get("keys") is not None:
        return None  # keys= give the rows outer labels row_counts.py follows instead
    try:
        result = pd.concat(tables, **named)
    except Exception:
        return None
    return frame_of(walker, result, frames[0])


__all__ = ["REPLAYED", "concat", "frame_of", "replay", "values_of"]
