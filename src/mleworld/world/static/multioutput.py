"""Estimators fitted on a target with several columns (`fit(X, train[LABELS])`).

scikit-learn's multi-output classifiers (forests, trees, nearest neighbours, the dummy
and `MultiOutputClassifier`, all tagged `multi_output`) answer `predict_proba` with a
list: one (rows, classes) array per target column. Programs written for one target then
index that list as an array (`proba[:, j]`) and Python raises
"TypeError: list indices must be integers or slices, not tuple" (operations.getitem).
A model that takes one target column, fitted on several, is refused at fit (`check_fit`).
"""

from __future__ import annotations

import ast
import warnings
from functools import cache
from typing import TYPE_CHECKING, Any

from mleworld.world.static.values import (
    UNKNOWN,
    ArrayVal,
    Frame,
    Instance,
    Seq,
    SeriesVal,
    Value,
    VectorVal,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

PROBA_METHODS = ("predict_proba", "predict_log_proba")


def target_width(y: Value) -> int | None:
    """How many target columns `y` surely has: 1 for a Series or a surely 1-D array, a
    frame's exact columns or a 2-D array's width when several (a one-column frame stays
    2-D for some estimators and is flattened by others: not known)."""
    if isinstance(y, SeriesVal) and y.kind is None or isinstance(y, VectorVal) and y.flat:
        return 1
    width = None
    if isinstance(y, Frame) and y.exact and y.columns is not None and y.is_frame:
        width = len(y.columns)
    elif isinstance(y, ArrayVal) or isinstance(y, VectorVal) and y.ndim == 2:
        width = y.width
    return width if width is not None and width > 1 else None


def proba_list(owner: Instance, rows: int | None) -> Value:
    """`owner.predict_proba(X)` after a fit on several target columns: a list of arrays,
    one per column, for a multi-output classifier; UNKNOWN when that is not sure."""
    outputs = owner.outputs or 0
    final = owner.inner[-1] if owner.inner and _is_pipeline(owner.cls) else owner
    if outputs < 2 or not _list_of_probas(final.cls):
        return UNKNOWN
    column = VectorVal(rows, 2, numeric=True) if rows is not None else UNKNOWN
    return Seq([column for _ in range(outputs)], "list")


CONFIDENCE = 0.85


def check_fit(walker: Walker, owner: Instance, y: Value, node: ast.AST) -> None:
    """`model.fit(X, Y)` with a target of several columns for a model that takes one (a
    histogram or gradient boosting regressor, an SVR, LightGBM, also inside a pipeline or a
    TransformedTargetRegressor): scikit-learn's ValueError "y should be a 1d array, got an
    array of shape (n, k) instead.", asked of the rebuilt model itself, fitted on a stand-in
    of the target's shape (its tags say it takes one column; the fit says how it refuses).
    Only where the rows are known, so the shape it names is the run's."""
    import numpy as np

    from mleworld.world.static.params import _MISSING, exception_line, rebuild

    width = target_width(y)
    rows = getattr(y, "rows", None) if not isinstance(y, VectorVal) else y.length
    if width is None or width < 2 or not isinstance(rows, int) or rows < 2:
        return
    final = owner.inner[-1] if owner.inner and _is_pipeline(owner.cls) else owner
    made = rebuild(final)
    if made is _MISSING or _takes_several(made):
        return
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            made.fit(np.zeros((rows, 1)), np.ones((rows, width)))
    except ValueError as exc:
        line = exception_line(exc)
        if "y should be a 1d array" in line:  # the stand-in's other refusals are not the run's
            walker.emit("multioutput", "ValueError", line, node, CONFIDENCE)
    except Exception:  # noqa: BLE001 - anything else is not this check's to name
        return


def _takes_several(model: Any) -> bool:
    """The model's own tags say it fits a target of several columns (or say nothing)."""
    try:
        from sklearn.utils import get_tags

        return bool(get_tags(model).target_tags.multi_output)
    except Exception:  # noqa: BLE001 - no tags: not judged
        return True


def _is_pipeline(cls: type) -> bool:
    return cls.__name__ == "Pipeline" and cls.__module__.startswith("sklearn.")


@cache
def _list_of_probas(cls: type) -> bool:
    """The class is a scikit-learn classifier tagged multi-output (its predict_proba on a
    multi-column target is a list); MultiOutputClassifier is one whatever it wraps."""
    try:
        from sklearn.base import is_classifier
        from sklearn.multioutput import MultiOutputClassifier
    except ImportError:
        return False
    if issubclass(cls, MultiOutputClassifier):
        return True
    try:
        estimator = cls()
        tags = estimator.__sklearn_tags__()
    except Exception:  # a class that needs arguments, or no tags: not sure
        return False
    return bool(is_classifier(estimator) and tags.target_tags.multi_output)
