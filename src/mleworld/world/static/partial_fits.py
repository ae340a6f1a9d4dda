"""Fits judged on what analysis knows of a frame without holding all of its values.

dtypes.py judges a fit on the frame's real values. Where it does not hold them, some crashes
are still certain:
* a fold's or a split part's rows (`sampled`): they are a random share of values analysis
  knows, and a share surely meets a text column, or NaN in enough rows (the chance that a
  share misses every one of them is below SAMPLE_DOUBT);
* a frame whose columns' kinds are known (`check_known_text`): a text column reaching a
  numeric first step, or a column transformer's numeric branch (`check_branch_text`),
  is refused; the cell the message names is a guess (the first the analysis knows);
* an array a scaler made by hand (`scaled`): NaN passes the scaler, so a model fitted on
  it is judged as a pipeline of the two on the frame.
"""

from __future__ import annotations

import ast
import warnings
from typing import TYPE_CHECKING, Any

from mleworld.world.static import callbacks, dtypes, kinds
from mleworld.world.static.params import exception_line
from mleworld.world.static.values import (
    UNKNOWN,
    ArrayVal,
    Frame,
    Instance,
    Seq,
    Value,
    VectorVal,
    step_of,
    str_list,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker


# A fit on a random share of rows is judged on all of them when the share surely holds a
# row with NaN: the chance it holds none, (1 - share) ** rows with NaN, is below this.
SAMPLE_DOUBT = 0.01


def holds_text(column: Any) -> bool:
    """A column of text: pandas' str dtype, or objects that are all strings."""
    import pandas as pd

    if isinstance(column.dtype, pd.StringDtype):
        return True
    return column.dtype == object and pd.api.types.infer_dtype(column, skipna=True) == "string"


def sampled(X: Value) -> Any | None:
    """The values a frame's rows are a random share of (a train_test_split part, a fold's
    training rows), when every share like it surely meets text or a row with NaN; else None.
    A text column holds text in (nearly) every row, so any share meets it, as it meets a
    column of numbers with a few text cells left, when they are many enough; the first text
    cell numpy meets (the message's value) is then the table's first, which a share holds
    unless its first row was drawn out."""
    import pandas as pd

    if isinstance(X, ArrayVal) and X.sample_of is not None:
        return _sampled_array(*X.sample_of)
    if not isinstance(X, Frame) or X.sample_of is None or not X.exact or not X.columns:
        return None
    table, share = X.sample_of
    names = list(X.columns)
    if not set(names) <= set(table.columns):
        return None
    data = table[names]
    text = [n for n, t in data.dtypes.items() if not pd.api.types.is_numeric_dtype(t)]
    if text:
        # every column with text must hold it in enough rows that any share meets it
        counts = [int(data[n].map(lambda v: isinstance(v, str)).sum()) for n in text]
        if any(c > 0 and (1.0 - share) ** c > SAMPLE_DOUBT for c in counts):
            return None
        return data if any(holds_text(data[n]) for n in text) else None
    with_nan = int(data.isna().to_numpy().any(axis=1).sum())
    if with_nan == 0 or (1.0 - share) ** with_nan > SAMPLE_DOUBT:
        return None
    return data


def _sampled_array(array: Any, share: float) -> Any | None:
    """The rows of a numeric array a fold's rows are a random share of, when the share
    surely meets a row with NaN (an array of text is left to the frame rules)."""
    import numpy as np

    if array.ndim != 2 or not np.issubdtype(array.dtype, np.floating):
        return None
    with_nan = int(np.isnan(array).any(axis=1).sum())
    if with_nan == 0 or (1.0 - share) ** with_nan > SAMPLE_DOUBT:
        return None
    return array


def check_known_text(walker: Walker, steps: list[Instance], X: Value, node: ast.AST) -> None:
    """A fit on a frame whose rows analysis cannot follow (a fold of a frame the program
    changed) while the kinds of its columns still show a text one: a numeric first step
    refuses it. The cell the message names is the first known text cell, a guess."""
    import pandas as pd

    if not isinstance(X, Frame) or not steps or X.columns is None:
        return
    known = kinds.stand_in(
        walker, X, computed=True, dtypes_only=True, partial=True, guess_text=True
    )
    if not isinstance(known, pd.DataFrame):
        return
    if not any(holds_text(known[c]) for c in known.columns):
        return
    step = steps[0]  # histogram boosting refuses text next to category columns too
    if step.cls.__name__ == "ColumnTransformer":
        check_branch_text(walker, step, known, node)
        return
    if not (dtypes.numeric_step(step.cls) or step.cls.__name__ in dtypes.ARRAY_ONLY):
        return
    if step.cls.__name__ in dtypes.ARRAY_ONLY and not dtypes.no_categories(step, known):
        return
    _refused(walker, known, node)


def check_branch_text(walker: Walker, step: Instance, known: Any, node: ast.AST) -> None:
    """A column transformer whose numeric branch (a scaler, say) is given a column the kinds
    show is text: it refuses it. Judged on the branch's columns up to the first text one,
    all of known kind, so the cell the message names is the text column's first."""
    branches = step.given.get("transformers")
    if not isinstance(branches, Seq) or not branches.items:
        return
    for branch in branches.items:
        if not isinstance(branch, Seq) or not branch.items or len(branch.items) != 3:
            return
        transformer, columns = step_of(branch.items[1]), str_list(branch.items[2])
        if transformer is None or columns is None:
            continue
        if not dtypes.numeric_step(callbacks.pipeline_steps(transformer)[0].cls):
            continue
        prefix = _up_to_text(columns, known)
        if prefix is not None:
            _refused(walker, known[prefix], node)
            return


def _up_to_text(columns: list[str], known: Any) -> list[str] | None:
    """The columns up to the first that holds text, when all of them are of known kind
    (one of unknown kind before it may be the cell numpy meets first); else None."""
    for end, column in enumerate(columns, start=1):
        if column not in known.columns:
            return None
        if holds_text(known[column]):
            return columns[:end]
    return None


def _refused(walker: Walker, data: Any, node: ast.AST) -> None:
    """scikit-learn's numeric check on `data`: the ValueError text raises, reported at the
    confidence of a judgement made without all the values."""
    from sklearn.utils import check_array

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            check_array(data, dtype="numeric", ensure_all_finite=False)
    except ValueError as exc:
        walker.emit("dtypes", "ValueError", exception_line(exc), node, dtypes.PARTIAL_CONFIDENCE)


def scaled(owner: Instance, method: str, args: list[Value], result: Value) -> Value:
    """`scaler.transform(X)` of a frame by a scaler that keeps NaN: the array remembers
    both, so a model fitted on it is judged as a pipeline of the two on X (a frame, or an
    array whose values or sampled rows analysis holds). Of a fold's rows (their count not
    known) it is such an array of unknown length."""
    X = args[0] if args else None
    if owner.cls.__name__ not in dtypes.NAN_KEEPING or method not in ("transform", "fit_transform"):
        return result
    if isinstance(X, Frame) or isinstance(X, ArrayVal) and _held_rows(X):
        if result is UNKNOWN and X.sample_of is not None:
            result = VectorVal(None, 2, ndarray=False)
        if isinstance(result, VectorVal):
            result.scaled = (owner, X)
    return result


def _held_rows(X: ArrayVal) -> bool:
    return X.real is not None or X.sample_of is not None
