"""Metrics, each under one canonical name used everywhere (CLI, task.yaml).

A metric scores aligned 2-D arrays: `y_true` and `y_pred`, one column per
target column of the task, rows in the same order. It knows its direction and
what kind of prediction it expects, so grading can reject a submission before
scoring it. Numbers follow scikit-learn; log loss clips and renormalises
probabilities the way Kaggle does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

import numpy as np

from mleworld.errors import MleWorldError

LOGLOSS_EPS = 1e-15


@dataclass(frozen=True)
class Metric:
    name: str
    higher_is_better: bool
    prediction: str  # "label" | "probability" | "number"
    fn: Callable[[np.ndarray, np.ndarray], float]
    description: str
    # multi-column probability rows must sum to 1 (one column per class)
    rows_sum_to_one: bool = False
    nonnegative: bool = False
    # labels that must be numbers (ordinal ratings), although scored as labels
    numeric_labels: bool = False

    @property
    def direction(self) -> str:
        return "maximize" if self.higher_is_better else "minimize"

    @property
    def needs_numeric(self) -> bool:
        return self.numeric_labels or self.prediction in ("probability", "number")

    def best_possible(self, y_true: np.ndarray) -> float:
        """The score of a perfect submission for these answers."""
        return self(y_true, y_true)

    def __call__(self, y_true: np.ndarray, y_pred: np.ndarray) -> float:
        yt, yp = _as_2d(y_true), _as_2d(y_pred)
        if yt.shape != yp.shape:
            raise MleWorldError(
                f"metric {self.name}: answers have shape {yt.shape} but predictions {yp.shape}"
            )
        return float(self.fn(yt, yp))


def _skm() -> ModuleType:
    # sklearn takes seconds to import; every CLI command imports this module
    from sklearn import metrics

    return metrics


def _as_2d(a: np.ndarray) -> np.ndarray:
    a = np.asarray(a)
    return a.reshape(-1, 1) if a.ndim == 1 else a


def _num(a: np.ndarray) -> np.ndarray:
    return np.asarray(a, dtype=float)


def _labels(a: np.ndarray) -> np.ndarray:
    """Labels compared as strings so that 1, 1.0 and "1" match."""
    flat = a.ravel()
    out = []
    for v in flat:
        if isinstance(v, float | np.floating) and float(v).is_integer():
            v = int(v)
        out.append(str(v))
    return np.array(out, dtype=object).reshape(a.shape)


def _accuracy(yt: np.ndarray, yp: np.ndarray) -> float:
    return float(np.mean(_labels(yt) == _labels(yp)))


def _balanced_accuracy(yt: np.ndarray, yp: np.ndarray) -> float:
    return float(
        np.mean(
            [
                _skm().balanced_accuracy_score(_labels(yt[:, j]), _labels(yp[:, j]))
                for j in range(yt.shape[1])
            ]
        )
    )


def _f1_macro(yt: np.ndarray, yp: np.ndarray) -> float:
    return float(
        np.mean(
            [
                _skm().f1_score(_labels(yt[:, j]), _labels(yp[:, j]), average="macro")
                for j in range(yt.shape[1])
            ]
        )
    )


def _qwk(yt: np.ndarray, yp: np.ndarray) -> float:
    true = np.rint(_num(yt[:, 0])).astype(int)
    pred = np.rint(_num(yp[:, 0])).astype(int)
    return float(_skm().cohen_kappa_score(true, pred, weights="quadratic"))


def _auc(yt: np.ndarray, yp: np.ndarray) -> float:
    if yt.shape[1] != 1:
        raise MleWorldError("metric auc scores one probability column; use auc_columnwise")
    return float(_skm().roc_auc_score(_num(yt[:, 0]), _num(yp[:, 0])))


def _auc_columnwise(yt: np.ndarray, yp: np.ndarray) -> float:
    return float(
        np.mean([_skm().roc_auc_score(_num(yt[:, j]), _num(yp[:, j])) for j in range(yt.shape[1])])
    )


def _logloss(yt: np.ndarray, yp: np.ndarray) -> float:
    true, pred = _num(yt), np.clip(_num(yp), LOGLOSS_EPS, 1 - LOGLOSS_EPS)
    if true.shape[1] == 1:  # binary: the probability of the positive class
        p = pred[:, 0]
        y = true[:, 0]
        return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    pred = pred / pred.sum(axis=1, keepdims=True)
    return float(-np.mean(np.sum(true * np.log(pred), axis=1)))


def _rmse(yt: np.ndarray, yp: np.ndarray) -> float:
    return float(np.sqrt(np.mean((_num(yt) - _num(yp)) ** 2)))


def _rmsle(yt: np.ndarray, yp: np.ndarray) -> float:
    return float(np.sqrt(np.mean((np.log1p(_num(yt)) - np.log1p(_num(yp))) ** 2)))


def _rmsle_columnwise(yt: np.ndarray, yp: np.ndarray) -> float:
    return float(np.mean([_rmsle(yt[:, [j]], yp[:, [j]]) for j in range(yt.shape[1])]))


def _mae(yt: np.ndarray, yp: np.ndarray) -> float:
    return float(np.mean(np.abs(_num(yt) - _num(yp))))


def _r2(yt: np.ndarray, yp: np.ndarray) -> float:
    return float(_skm().r2_score(_num(yt), _num(yp)))


METRICS: dict[str, Metric] = {
    m.name: m
    for m in [
        Metric("accuracy", True, "label", _accuracy, "share of rows whose label is exactly right"),
        Metric("balanced_accuracy", True, "label", _balanced_accuracy, "mean recall over classes"),
        Metric("f1_macro", True, "label", _f1_macro, "F1 averaged over classes with equal weight"),
        Metric(
            "qwk",
            True,
            "label",
            _qwk,
            "quadratic weighted kappa between integer ordinal labels",
            numeric_labels=True,
        ),
        Metric(
            "auc",
            True,
            "probability",
            _auc,
            "area under the ROC curve of the positive-class probability",
        ),
        Metric(
            "auc_columnwise",
            True,
            "probability",
            _auc_columnwise,
            "mean ROC AUC over the target columns (multi-label)",
        ),
        Metric(
            "logloss",
            False,
            "probability",
            _logloss,
            "log loss; probabilities clipped to [1e-15, 1-1e-15], rows renormalised",
            rows_sum_to_one=True,
        ),
        Metric("rmse", False, "number", _rmse, "root mean squared error"),
        Metric(
            "rmsle",
            False,
            "number",
            _rmsle,
            "root mean squared logarithmic error",
            nonnegative=True,
        ),
        Metric(
            "rmsle_columnwise",
            False,
            "number",
            _rmsle_columnwise,
            "mean RMSLE over the target columns",
            nonnegative=True,
        ),
        Metric("mae", False, "number", _mae, "mean absolute error"),
        Metric("r2", True, "number", _r2, "coefficient of determination"),
    ]
}


def get_metric(name: str) -> Metric:
    """The metric with this canonical name; an unknown name lists the known ones."""
    try:
        return METRICS[name]
    except KeyError:
        known = ", ".join(sorted(METRICS))
        raise MleWorldError(f"unknown metric {name!r}; use one of: {known}") from None
