"""What a fitted scikit-learn style estimator gives, and what its fit saw.

`predicted` is the value of `model.predict(X)`, `predict_proba(X)`, `decision_function(X)`,
`transform(X)` or `splitter.split(X)` as far as its shape follows from X and the fit: one
row per row of X; `predict_proba` one column per class the fit saw; a two-class
`decision_function` one score a row (scikit-learn ravels the binary case), so `[:, 1]` of
it is numpy's IndexError (lengths.too_many_indices). `fitted` records how many classes a
fit saw, when its target is a file column (or some rows of a two-class one).
`binary_score` judges a two-class score given both probability columns, `binary_average`
a score averaged as two-class (`f1_score`'s default) of a target of more classes,
`label_score` a label metric given the probabilities (`accuracy_score(y, proba)`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from mleworld.world.static import boosters, kinds, multioutput, row_counts
from mleworld.world.static.lengths import CONFIDENCE, PREDICTS
from mleworld.world.static.params import exception_line
from mleworld.world.static.values import (
    UNKNOWN,
    ArrayVal,
    Const,
    Frame,
    Instance,
    SeriesVal,
    Value,
    VectorVal,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker


def binary_score(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`roc_auc_score(y, model.predict_proba(X))` of a two-class model: the score wants one
    column (the positive class's), and scikit-learn says so with the array's shape."""
    score = args[1] if len(args) > 1 else kw.get("y_score")
    if star or set(kw) - {"y_true", "y_score"} or not isinstance(score, VectorVal):
        return UNKNOWN
    if score.ndim == 2 and score.width == 2:
        message = f"ValueError: y should be a 1d array, got an array of shape ({score.length}, 2) instead."
        walker.emit("lengths", "ValueError", message, node, CONFIDENCE)
    return UNKNOWN


def roc_auc(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`roc_auc_score` as `binary_score`; of the probabilities of three classes or more, it
    wants to be told how to average them (`multi_class`), and raises otherwise."""
    binary_score(walker, args, kw, node, star)
    score = args[1] if len(args) > 1 else kw.get("y_score")
    if star or set(kw) - {"y_true", "y_score"} or not isinstance(score, VectorVal):
        return UNKNOWN
    if score.ndim == 2 and score.width is not None and score.width > 2:
        message = "ValueError: multi_class must be in ('ovo', 'ovr')"
        walker.emit("lengths", "ValueError", message, node, CONFIDENCE)
    return UNKNOWN


# Classifiers whose probabilities are never exactly 0 or 1 (a logistic link, boosting's
# sums): `proba[:, 1]` is a column of scores, whatever the data. Trees, forests and
# neighbours may give only 0 and 1 on easy data, so they are not here.
_SMOOTH_PROBABILITIES = frozenset(
    {
        "LogisticRegression", "LGBMClassifier", "HistGradientBoostingClassifier",
        "GradientBoostingClassifier", "MLPClassifier",
    }
)  # fmt: skip
# Regressors whose predictions are a linear function of the features: never all whole numbers.
_LINEAR_REGRESSORS = frozenset(
    {"LinearRegression", "Ridge", "Lasso", "ElasticNet", "BayesianRidge", "HuberRegressor"}
)


def predicted(owner: Instance, method: str, args: list[Value], kw: dict[str, Value]) -> Value:
    """What a scikit-learn style estimator's predict / predict_proba / transform gives for X."""
    if method in row_counts.TRANSFORMS:
        return row_counts.transformed(owner, args, kw)
    if method == "split":
        return row_counts.folds(owner, args, kw)
    ndim = PREDICTS.get(method)
    if method == "predict" and boosters.is_booster(owner.cls):
        return boosters.predicted(owner, args, kw)
    if ndim is None or not row_counts.sklearn_api(owner.cls):
        return UNKNOWN
    n = row_counts.samples(args[0] if args else kw.get("X", UNKNOWN))
    if method == "decision_function":
        single = (owner.outputs or 1) == 1
        return _decision(owner.classes, n) if owner.classes and single else UNKNOWN
    outputs = owner.outputs or 0
    if method in multioutput.PROBA_METHODS and outputs > 1:
        return multioutput.proba_list(owner, n)
    if n is None and method in multioutput.PROBA_METHODS and owner.classes:
        return ArrayVal(owner.classes)  # rows not counted (a fold's share): a class a column
    if n is None:
        return UNKNOWN
    if method == "predict" and outputs > 1:
        return VectorVal(n, 2, width=outputs)
    width = owner.classes if method in ("predict_proba", "predict_log_proba") else None
    flat = method == "predict" and outputs == 1
    scores = (method == "predict_proba" and owner.cls.__name__ in _SMOOTH_PROBABILITIES) or (
        method == "predict" and owner.cls.__name__ in _LINEAR_REGRESSORS
    )
    return VectorVal(n, ndim, numeric=method != "predict", width=width, flat=flat, scores=scores)


def _decision(classes: int, n: int | None) -> Value:
    """A classifier's `decision_function(X)`: one score a row for two classes (scikit-learn
    ravels the binary case), one a class otherwise."""
    if n is None or classes < 2:  # one class: scikit-learn refuses the fit
        return UNKNOWN
    if classes == 2:
        return VectorVal(n, 1, numeric=True, flat=True)
    return VectorVal(n, 2, numeric=True, width=classes)


def fitted(walker: Walker, owner: Instance, y: Value) -> None:
    """`owner.fit(X, y)`: how many classes it saw, when `y` is a file column with all its
    rows (classes_ is np.unique(y): predict_proba has that many columns), or some rows of a
    two-class one (a fit on one class fails, so the fitted model has both)."""
    count = _held_classes(y)
    if count is None and isinstance(y, VectorVal) and y.sample_of is not None:
        count = _classes_of(y.sample_of[0])
        count = count if count == 2 else None  # a fold's rows of a two-class target: both
    if count is None and isinstance(y, SeriesVal) and y.name is not None:
        count = _distinct(walker, y.origin or y.part_of, y.name)
        if y.origin is None and count != 2:
            count = None  # some rows of a column of more classes may hold fewer of them
    # A first fit decides, even where the walk is unsure it runs: without it nothing predicts.
    first = not owner.fitted
    owner.classes = count if walker.certain or first or owner.classes == count else None
    outputs = multioutput.target_width(y)
    owner.outputs = outputs if walker.certain or first or owner.outputs == outputs else None


def _held_classes(y: Value) -> int | None:
    """The classes of a target whose values analysis holds (`(df.species == "Adelie")
    .astype(int)`): np.unique of them, as the fit's classes_."""
    return _classes_of(y.real) if isinstance(y, SeriesVal | VectorVal) else None


def _classes_of(real: Any) -> int | None:
    """np.unique of held 1-D values without NaN, counted (None otherwise)."""
    import numpy as np
    import pandas as pd

    if not isinstance(real, pd.Series | np.ndarray) or getattr(real, "ndim", 1) != 1:
        return None
    values = pd.Series(real)
    if values.isna().any() or not len(values):
        return None
    return int(values.nunique())


def _distinct(walker: Walker, frame: Frame | None, name: str) -> int | None:
    """The distinct values of a frame's column that still holds its file's values, all rows."""
    column = _whole_column(walker, frame, name)
    return None if column is None else int(column.nunique())


def _whole_column(walker: Walker, frame: Frame | None, name: str) -> Any | None:
    """A frame's column while it still holds all its rows' values (none missing)."""
    from mleworld.world.static.dtypes import file_table

    if frame is None:
        return None
    whole = frame.pristine or (
        frame.ordered and frame.kinds is not None and frame.kinds.get(name) == kinds.FILE
    )
    table = file_table(walker, frame.source) if whole else None
    if frame.pristine and frame.table is not None:
        table = frame.table  # values analysis computed (computed.py)
    if table is None or name not in table.columns or table[name].isna().any():
        return None
    return table[name]


_AVERAGE_KEYWORDS = frozenset(
    {"y_true", "y_pred", "average", "beta", "zero_division", "sample_weight", "pos_label"}
)
AVERAGED = ("f1_score", "fbeta_score", "precision_score", "recall_score", "jaccard_score")
EXPECTED_ROWS = 10  # a class this common in a random share of the rows is surely among them


def binary_average(name: str) -> Callable[..., Value]:
    """`f1_score(y_true, y_pred)` and the like average as `binary` unless told otherwise; a
    target of three classes or more makes scikit-learn refuse, in its own words."""

    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        average = kw.get("average", Const("binary"))
        if star or _mixed_targets(walker, name, args, kw, node):
            return UNKNOWN
        if set(kw) - _AVERAGE_KEYWORDS or not isinstance(average, Const):
            return UNKNOWN
        beta = args[2] if len(args) > 2 else kw.get("beta")
        spelt = {"beta": beta.value} if isinstance(beta, Const) else {}
        if average.value != "binary" or len(args) > 3 or (name == "fbeta_score") != bool(spelt):
            return UNKNOWN
        classes = _surely_held(walker, args[0] if args else kw.get("y_true", UNKNOWN))
        if classes is None or len(classes) < 3:
            return UNKNOWN
        import sklearn.metrics

        try:
            getattr(sklearn.metrics, name)(classes, classes, **spelt)
        except ValueError as exc:
            walker.emit("params", "ValueError", exception_line(exc), node, CONFIDENCE)
        return UNKNOWN

    return handler


def label_score(name: str) -> Callable[..., Value]:
    """`accuracy_score(y_true, y_pred)`: checked as `_mixed_targets` says."""

    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        if not star:
            _mixed_targets(walker, name, args, kw, node)
        return UNKNOWN

    return handler


def _mixed_targets(
    walker: Walker, name: str, args: list[Value], kw: dict[str, Value], node: ast.Call
) -> bool:
    """Labels scored against a classifier's probabilities or decision scores (one column a
    class): scikit-learn refuses the mix of targets before anything else. It is asked, with
    a target of as many classes as the predictions have columns, and its words are the run's."""
    pred = args[1] if len(args) > 1 else kw.get("y_pred")
    if not (isinstance(pred, VectorVal) and pred.ndim == 2 and pred.numeric and pred.width):
        return False
    import numpy as np
    import sklearn.metrics

    classes = pred.width
    spelt = {"beta": 1.0} if name == "fbeta_score" else {}
    try:
        getattr(sklearn.metrics, name)(
            np.arange(2 * classes) % classes, np.full((2 * classes, classes), 1 / classes), **spelt
        )
    except ValueError as exc:
        message = exception_line(exc)
        if "Classification metrics can't handle" in message:
            walker.emit("lengths", "ValueError", message, node, CONFIDENCE)
            return True
    except Exception:  # noqa: BLE001 - scikit-learn refused the stand-ins otherwise
        return False
    return False


def _surely_held(walker: Walker, y: Value) -> list[Any] | None:
    """Classes a target surely holds: every one of a whole column, or of some of its rows
    those common enough that a random share of them keeps each (EXPECTED_ROWS or more)."""
    import numpy as np
    import pandas as pd

    real = y.real if isinstance(y, SeriesVal | VectorVal) else None
    if isinstance(real, pd.Series | np.ndarray) and getattr(real, "ndim", 1) == 1:
        column, share = pd.Series(real), 1.0
    elif isinstance(y, VectorVal) and y.sample_of is not None and y.sample_of[0].ndim == 1:
        column, share = pd.Series(y.sample_of[0]), y.sample_of[1]  # a fold's items
    elif isinstance(y, SeriesVal) and y.name is not None:
        column = _whole_column(walker, y.origin or y.part_of, y.name)
        share = 1.0 if y.origin is not None else None
        if column is not None and y.origin is None and y.rows:
            share = y.rows / max(len(column), 1)
    else:
        return None
    if column is None or share is None or column.isna().any():
        return None
    if pd.api.types.is_float_dtype(column.dtype):
        return None  # numbers with fractions are a continuous target, another refusal
    least = 1 if share == 1.0 else EXPECTED_ROWS
    counts = column.value_counts()
    return [label for label, n in counts.items() if n * share >= least]
