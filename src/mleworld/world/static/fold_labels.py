"""A Series indexed with a fold's row positions where its labels are not positions.

`y[tr_idx]` of a Series reads `tr_idx` as labels, not positions: a target read with
`index_col="id"`, or kept after rows were filtered out, has labels that are not
0 .. n-1, and pandas raises a KeyError naming the positions it did not find
("[2, 4, 8, ...] not in index"). Which positions a shuffled fold holds is not known
to the walk, only how many; so the error is judged certain only where the positions
that are not labels are so many that a random part of that size surely holds one
(the chance that it holds none, a hypergeometric draw, below `MAX_CHANCE`). The
message names every such position below the Series' length: the run's own list is
the ones its fold drew, so the text is a near guess and only the class is sure.
"""

from __future__ import annotations

import ast
import math
from typing import TYPE_CHECKING

from mleworld.world.static.values import FoldShare, SeriesVal, Value, VectorVal

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.8
MAX_CHANCE = 1e-3
_LISTED = 50  # positions the message names at most, as a hint


def check_positions(walker: Walker, series: SeriesVal, key: Value, node: ast.AST) -> None:
    """`s[idx]` with `idx` a fold's positions the walk does not hold, on a Series whose
    labels analysis holds."""
    import pandas as pd

    counted = isinstance(key, VectorVal) and key.index and key.real is None
    if not (isinstance(key, FoldShare) or counted):
        return  # the cheap test first: this sits on every read of a Series' items
    real = series.real
    if not isinstance(real, pd.Series) or not pd.api.types.is_integer_dtype(real.index.dtype):
        return
    n = len(real)
    # folds of different sizes: about this many positions
    part = key.length if counted else int(key.share * n)  # type: ignore[union-attr]
    if not 0 < part <= n:
        return
    missing = pd.RangeIndex(n).difference(real.index)  # positions that are not labels
    if missing.empty or _chance_of_none(n, len(missing), part) >= MAX_CHANCE:
        return
    shown = ", ".join(str(p) for p in missing[:_LISTED])
    message = f"KeyError: '[{shown}] not in index'"
    walker.emit("positions", "KeyError", message, node, CONFIDENCE)


def _chance_of_none(n: int, missing: int, part: int) -> float:
    """The chance that `part` positions drawn from `n` avoid all `missing` ones."""
    if part > n - missing:
        return 0.0
    log = (
        math.lgamma(n - missing + 1)
        - math.lgamma(n - missing - part + 1)
        - math.lgamma(n + 1)
        + math.lgamma(n - part + 1)
    )
    return math.exp(log)


__all__ = ["check_positions"]
