"""The value a program's own scoring call returns, given the predicted metric.

A program often computes more than the task's metric: accuracy beside the log
loss, the MSE it then square-roots, the AUC of a model the task scores by
accuracy. With the task's metric name known, a call in the same family
returns the predicted metric itself, and a call in another family a value
consistent with it (a log loss of 0.25 goes with an accuracy near 0.8); an
MSE is the square of the RMSE. Without the name every scoring call returns
the metric, and the printed headline still reads back as the metric.

Not here: where the scoring calls are (library.py, learning.py), the per-fold spread (services.py).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mleworld.world.terminal.values import ColumnInfo, TableInfo

__all__ = ["default_score", "family_of_call", "family_of_metric", "translate"]

# scikit-learn scoring functions by the family of their value.
_CALL_FAMILY = {
    "roc_auc_score": "auc",
    "average_precision_score": "auc",
    "accuracy_score": "accuracy",
    "balanced_accuracy_score": "accuracy",
    "f1_score": "accuracy",
    "fbeta_score": "accuracy",
    "precision_score": "accuracy",
    "recall_score": "accuracy",
    "jaccard_score": "accuracy",
    "cohen_kappa_score": "kappa",
    "matthews_corrcoef": "kappa",
    "log_loss": "logloss",
    "brier_score_loss": "brier",
    "hamming_loss": "error",
    "zero_one_loss": "error",
    "mean_squared_error": "mse",
    "root_mean_squared_error": "rmse",
    "mean_squared_log_error": "msle",
    "root_mean_squared_log_error": "rmsle",
    "mean_absolute_error": "mae",
    "median_absolute_error": "mae",
    "mean_absolute_percentage_error": "mape",
    "r2_score": "r2",
    "explained_variance_score": "r2",
}
_CLASSIFICATION = frozenset({"auc", "accuracy", "kappa", "logloss", "brier", "error"})
_REGRESSION = frozenset({"mse", "rmse", "msle", "rmsle", "mae", "mape", "r2"})


def family_of_call(leaf: str) -> str | None:
    return _CALL_FAMILY.get(leaf)


def family_of_metric(name: str | None) -> str | None:
    """A task metric name ("f1_macro", "rmsle_columnwise", "logloss") as a family."""
    if not name:
        return None
    low = name.lower()
    for prefix, family in (
        ("auc", "auc"),
        ("roc", "auc"),
        ("balanced_accuracy", "accuracy"),
        ("accuracy", "accuracy"),
        ("f1", "accuracy"),
        ("map", "auc"),
        ("qwk", "kappa"),
        ("kappa", "kappa"),
        ("logloss", "logloss"),
        ("log_loss", "logloss"),
        ("rmsle", "rmsle"),
        ("rmse", "rmse"),
        ("mse", "mse"),
        ("mae", "mae"),
        ("mape", "mape"),
        ("r2", "r2"),
    ):
        if low.startswith(prefix):
            return family
    return None


def translate(metric: float, task_family: str | None, call_family: str | None) -> float:
    """The value a call of `call_family` gives when the task's metric (`task_family`) is `metric`."""
    if task_family is None or call_family is None or task_family == call_family:
        return metric
    if not math.isfinite(metric):
        return metric
    if task_family in _CLASSIFICATION and call_family in _CLASSIFICATION:
        return _from_quality(_quality(metric, task_family), call_family)
    if task_family in _REGRESSION and call_family in _REGRESSION:
        root = _root_error(metric, task_family)
        if root is None:
            return {"r2": 0.8, "mape": 0.15}.get(call_family, metric)
        return {
            "rmse": root,
            "mse": root * root,
            "mae": 0.8 * root,
            "rmsle": root,
            "msle": root * root,
            "r2": 0.8,
            "mape": 0.15,
        }[call_family]
    return metric


def _quality(value: float, family: str) -> float:
    """How good a classifier is, 0.5 (chance) to 1, whatever the metric says it in."""
    if family == "auc":
        return min(max(value, 0.5), 1.0)
    if family in ("accuracy", "kappa"):
        return min(max(0.5 + 0.5 * value if family == "kappa" else value, 0.3), 1.0)
    if family == "logloss":
        return min(max(1.0 - value / 1.4, 0.5), 0.995)
    if family == "brier":
        return min(max(1.0 - 2.0 * value, 0.5), 0.995)
    if family == "error":
        return min(max(1.0 - value, 0.3), 1.0)
    return 0.8


def _from_quality(q: float, family: str) -> float:
    if family == "auc":
        return min(0.999, q + (1.0 - q) * 0.5)
    if family == "accuracy":
        return q
    if family == "kappa":
        return max(0.0, 2.0 * q - 1.0)
    if family == "logloss":
        return max(0.02, 1.4 * (1.0 - q))
    if family == "brier":
        return max(0.005, (1.0 - q) / 2.0)
    if family == "error":
        return 1.0 - q
    return q


def _root_error(value: float, family: str) -> float | None:
    if family in ("rmse", "rmsle"):
        return value
    if family in ("mse", "msle"):
        return math.sqrt(value) if value >= 0 else None
    if family == "mae":
        return value / 0.8
    return None


def default_score(metric_name: str | None, tables: dict[str, TableInfo]) -> float:
    """A plausible score when none was predicted: from the task's metric and its target column.

    The target is the column train.csv has and test.csv lacks; a regression
    error is put at a quarter of the target's typical size.
    """
    family = family_of_metric(metric_name)
    target = _target_info(tables)
    if family is None and target is not None:
        categorical = target.dtype in ("str", "object", "bool", "category") or (
            target.unique is not None and target.unique <= 20
        )
        family = "accuracy" if categorical else "rmse"
    if family in ("rmse", "mae", "mse") and target is not None and target.mean:
        error = 0.25 * abs(target.mean)
        return {"rmse": error, "mae": 0.8 * error, "mse": error * error}[family]
    return {
        "auc": 0.85,
        "accuracy": 0.85,
        "kappa": 0.6,
        "logloss": 0.35,
        "brier": 0.12,
        "error": 0.15,
        "rmsle": 0.3,
        "msle": 0.09,
        "mape": 0.15,
        "r2": 0.8,
    }.get(family or "", 0.8)


def _target_info(tables: dict[str, TableInfo]) -> ColumnInfo | None:
    train, test = tables.get("train.csv"), tables.get("test.csv")
    if train is None or test is None:
        return None
    extra = [c for c in train.columns if c not in test.columns]
    info = dict(train.info)
    return info.get(extra[0]) if extra else None
