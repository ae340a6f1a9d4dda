"""A Series' `.values` that is a pandas array, and the row indexing scikit-learn cannot do on it.

With pyarrow installed, pandas 3 holds a text column in an Arrow-backed string array, and
`df["species"].values` gives that array, not a numpy one. An estimator fits on it, but
scikit-learn's own row indexing does not take it: `train_test_split`, cross-validation
and a search's folds raise "TypeError: only integer scalar arrays can be converted to a
scalar index" (pandas 3.1, scikit-learn 1.9). The habit `y = df[target].values` meets it
on every task with a text target.

Whether a dtype's array is refused, and in which words, is asked of the installed
libraries themselves (`refusal`, once per dtype): an array of that dtype is split the way
scikit-learn splits a fold's rows.
"""

from __future__ import annotations

import ast
from functools import cache
from typing import TYPE_CHECKING, Any

from mleworld.world.static.params import exception_line
from mleworld.world.static.values import Value, VectorVal

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.9


def pandas_dtype(dtype: Any) -> Any | None:
    """The dtype of `.values` of a Series of this dtype when that is a pandas array of
    text (pandas' string dtype); None when it is a numpy array or anything else."""
    import pandas as pd

    return dtype if isinstance(dtype, pd.StringDtype) else None


@cache
def refusal(dtype: Any) -> str | None:
    """The exception line scikit-learn's row indexing raises on a pandas array of `dtype`
    (None: it indexes it)."""
    import pandas as pd
    from sklearn.model_selection import train_test_split

    try:
        train_test_split(pd.array(["a", "b", "c", "d"], dtype=dtype), test_size=2, shuffle=False)
    except TypeError as exc:
        return exception_line(exc)
    except Exception:
        return None
    return None


def check_rows(walker: Walker, arrays: list[Value], node: ast.Call) -> None:
    """A call that indexes the rows of `arrays` (a split, cross-validation, a search's fit):
    the TypeError scikit-learn raises when one is a pandas array it cannot index."""
    for array in arrays:
        if isinstance(array, VectorVal) and array.pandas_dtype is not None:
            message = refusal(array.pandas_dtype)
            if message is not None:
                walker.emit("arrays", "TypeError", message, node, CONFIDENCE)
                return
