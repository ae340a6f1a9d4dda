"""Inputs of different lengths handed to one scikit-learn call: "Found input variables with
inconsistent numbers of samples: [275, 100]".

scikit-learn checks that the arrays a call pairs up have one length each
(`check_consistent_length`): an estimator's `fit(X, y)`, a search's `fit`, a metric's
`(y_true, y_pred)`, `train_test_split(X, y)`. The habits behind it: a target sliced or
filtered apart from its features, validation labels scored against test predictions, a
frame concatenated with another before the split. With every length known (row counts
the walk follows, lengths.py / row_counts.py), the message is scikit-learn's own, the
lengths in argument order.

A fit checks its input's values before the lengths, so the dtype detectors run first at
the same call (calls.py); parameter validation comes earlier still.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

from mleworld.world.static.row_counts import rows_of
from mleworld.world.static.values import Instance, Value

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


def check_fit(walker: Walker, owner: Instance, X: Value, y: Value, node: ast.AST) -> None:
    """`model.fit(X, y)` of a supervised estimator or a search."""
    if _supervised(owner.cls):
        _check(walker, [X, y], node)


def check_call(
    walker: Walker, func: Any, args: list[Value], kw: dict[str, Value], node: ast.AST
) -> None:
    """A metric's `(y_true, y_pred)`, or `train_test_split`'s arrays."""
    module, name = getattr(func, "__module__", "") or "", getattr(func, "__name__", None)
    if module.startswith("sklearn.metrics") and name in _METRICS:
        if len(args) >= 2 and not kw.keys() & {"y_true", "y_pred", "sample_weight"}:
            _check(walker, args[:2], node)
    elif module.startswith("sklearn.model_selection") and name == "train_test_split":
        _check(walker, args, node)


def _check(walker: Walker, values: list[Value], node: ast.AST) -> None:
    counts = [rows_of(value) for value in values]
    if len(counts) < 2 or None in counts or len(set(counts)) == 1:
        return
    message = f"ValueError: Found input variables with inconsistent numbers of samples: {counts}"
    walker.emit("lengths", "ValueError", message, node, CONFIDENCE)


def _supervised(cls: type) -> bool:
    """A classifier, a regressor or a search: their fit pairs X with y."""
    if not str(cls.__module__).startswith("sklearn."):
        return False
    from sklearn.base import ClassifierMixin, RegressorMixin
    from sklearn.model_selection._search import BaseSearchCV

    return issubclass(cls, ClassifierMixin | RegressorMixin | BaseSearchCV)
