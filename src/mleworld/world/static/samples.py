"""Inputs a scikit-learn call pairs up that do not go together: of different lengths
("Found input variables with inconsistent numbers of samples: [275, 100]"), or scores
where a classification metric wants labels ("Classification metrics can't handle a mix of
binary and continuous targets").

scikit-learn checks that the arrays a call pairs up have one length each
(`check_consistent_length`): an estimator's `fit(X, y)`, a search's `fit`, a metric's
`(y_true, y_pred)`, `train_test_split(X, y)`. The habits behind it: a target sliced or
filtered apart from its features, validation labels scored against test predictions, a
frame concatenated with another before the split. With every length known (row counts
the walk follows, lengths.py / row_counts.py), the message is scikit-learn's own, the
lengths in argument order.

Scores: a model's probabilities (`proba[:, 1]`, of a model that never gives exactly 0 or
1) or a linear regressor's predictions, scored with accuracy or F1 against labels
analysis holds (predictions.py marks them).

A fit checks its input's values before the lengths, so the dtype detectors run first at
the same call (calls.py); parameter validation comes earlier still.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

from mleworld.world.static.row_counts import rows_of
from mleworld.world.static.values import Instance, SeriesVal, Value, VectorVal

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.85
# sklearn.metrics functions whose first check pairs `y_true` and `y_pred` (in that order).
_METRICS = frozenset(
    {
        "accuracy_score", "f1_score", "precision_score", "recall_score", "fbeta_score",
        "matthews_corrcoef", "classification_report", "roc_auc_score",
        "average_precision_score", "mean_squared_error", "mean_absolute_error", "r2_score",
        "root_mean_squared_error", "mean_squared_log_error", "root_mean_squared_log_error",
        "median_absolute_error", "mean_absolute_percentage_error",
        "explained_variance_score", "max_error",
    }
)  # fmt: skip


# Classification metrics: their first check pairs the lengths, then the kinds of target.
_CLASSIFICATION = frozenset(
    {
        "accuracy_score", "f1_score", "precision_score", "recall_score", "fbeta_score",
        "balanced_accuracy_score", "confusion_matrix", "classification_report",
        "matthews_corrcoef", "cohen_kappa_score", "jaccard_score", "hamming_loss",
        "zero_one_loss",
    }
)  # fmt: skip


def check_fit(walker: Walker, owner: Instance, X: Value, y: Value, node: ast.AST) -> None:
    """`model.fit(X, y)` of a supervised estimator or a search."""
    if _supervised(owner.cls):
        _check(walker, [X, y], node)


def check_weights(walker: Walker, owner: Instance, X: Value, weights: Value, node: ast.AST) -> None:
    """`model.fit(X_fold, y_fold, sample_weight=w)` with a weight for every row of the whole
    set (`compute_sample_weight("balanced", y)` made before the folds): a scikit-learn
    model refuses weights of another length ("sample_weight.shape == (n,), expected (m,)!"),
    asked of it here on a stand-in of both lengths. (LightGBM, given a frame, refuses them
    or not depending on the data: not judged.)"""
    import numpy as np

    from mleworld.world.static.computed import quietly
    from mleworld.world.static.params import _MISSING, exception_line, rebuild

    rows, given = rows_of(X), rows_of(weights)
    if not _supervised(owner.cls) or rows is None or given is None or rows == given or rows < 4:
        return
    model = rebuild(owner)
    if model is _MISSING or not hasattr(model, "fit"):
        return
    X_stand_in = np.random.default_rng(0).random((rows, 2))
    y_stand_in = np.arange(rows) % 2
    try:
        quietly(model.fit, X_stand_in, y_stand_in, sample_weight=np.ones(given))
    except TypeError:
        return  # a fit that takes no weights: not this check's
    except Exception as exc:  # noqa: BLE001 - the model's refusal of the weights, in its words
        line = exception_line(exc)
        walker.emit("lengths", line.partition(":")[0].rpartition(".")[2], line, node, CONFIDENCE)


def check_call(
    walker: Walker, func: Any, args: list[Value], kw: dict[str, Value], node: ast.AST
) -> None:
    """A metric's `(y_true, y_pred)`, or `train_test_split`'s arrays."""
    module, name = getattr(func, "__module__", "") or "", getattr(func, "__name__", None)
    paired = len(args) >= 2 and not kw.keys() & {"y_true", "y_pred", "sample_weight"}
    if module.startswith("sklearn.metrics") and name in _METRICS | _CLASSIFICATION and paired:
        if not _check(walker, args[:2], node) and name in _CLASSIFICATION:
            _check_scores(walker, func, args[0], args[1], node)
    elif module.startswith("sklearn.model_selection") and name == "train_test_split":
        _check(walker, args, node)


def _check(walker: Walker, values: list[Value], node: ast.AST) -> bool:
    counts = [rows_of(value) for value in values]
    if len(counts) < 2 or None in counts or len(set(counts)) == 1:
        return False
    message = f"ValueError: Found input variables with inconsistent numbers of samples: {counts}"
    walker.emit("lengths", "ValueError", message, node, CONFIDENCE)
    return True


def _check_scores(walker: Walker, func: Any, y_true: Value, y_pred: Value, node: ast.AST) -> None:
    """`accuracy_score(y, proba[:, 1])`: scores where labels belong. The metric itself is
    run on the labels analysis holds and stand-in scores, for its own words ("Classification
    metrics can't handle a mix of binary and continuous targets")."""
    import numpy as np

    from mleworld.world.static.computed import quietly
    from mleworld.world.static.params import exception_line

    if not (isinstance(y_pred, VectorVal) and y_pred.scores and y_pred.ndim == 1):
        return
    labels = _labels(walker, y_true)
    if labels is None or labels.isna().any():
        return
    try:
        quietly(func, labels, np.linspace(0.013, 0.987, len(labels)))  # whatever the rows
    except ValueError as exc:
        if "mix of" in str(exc):
            walker.emit("lengths", "ValueError", exception_line(exc), node, CONFIDENCE)
    except Exception:  # noqa: BLE001 - anything else is not this check's to name
        return


def _labels(walker: Walker, y_true: Value) -> Any | None:
    """Labels standing for `y_true`'s: its own values, or for some rows of a column (a
    validation split's), the whole column's, which are labels of the same kind."""
    from mleworld.world.static.computed_series import held

    if not isinstance(y_true, SeriesVal) or y_true.kind is not None:
        return None
    own = held(walker, y_true)
    if own is not None or y_true.part_of is None:
        return own
    return held(walker, SeriesVal(y_true.name, origin=y_true.part_of))


def _supervised(cls: type) -> bool:
    """A classifier, a regressor or a search: their fit pairs X with y."""
    if not str(cls.__module__).startswith("sklearn."):
        return False
    from sklearn.base import ClassifierMixin, RegressorMixin
    from sklearn.model_selection._search import BaseSearchCV

    return issubclass(cls, ClassifierMixin | RegressorMixin | BaseSearchCV)
