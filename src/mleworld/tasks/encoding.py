"""How a task's target column(s) become labels, answers and submission columns.

The `Encoding` depends on the metric:

- label metrics (accuracy, f1_macro, qwk, ...): answers are the labels;
- auc, binary logloss: one column with P(positive); answers are 0/1;
- auc_columnwise: several binary columns (multi-label), each 0/1; or a single
  target with 3+ classes, one-hot over the classes;
- multi-class logloss: one probability column per class; answers one-hot, and
  the task's target columns are the class columns;
- number metrics (rmse, mae, rmsle, r2, ...): the numbers, one column per target.

`make_encoding` decides it from the data and rejects targets the metric cannot
score. This module does not split rows (splitting.py), write files (factory.py)
or choose a sample submission's values (sample_submission.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from mleworld.errors import MleWorldError
from mleworld.tasks.metrics import Metric

__all__ = [
    "BINARY",
    "LABEL",
    "MULTILABEL",
    "NUMBER",
    "ONEHOT",
    "Encoding",
    "make_encoding",
    "sorted_classes",
    "tidy_labels",
]

LABEL, BINARY, MULTILABEL, ONEHOT, NUMBER = "label", "binary", "multilabel", "onehot", "number"
_POSITIVE_WORDS = ("1", "true", "t", "yes", "y", "positive", "pos", "on")


@dataclass(frozen=True)
class Encoding:
    """How the target column(s) of the data become labels, answers and submissions.

    `label_columns` are the target columns as they appear in train.csv;
    `target_columns` are the columns of answers and submissions. They differ
    only for one-hot tasks (one answer column per class of one label column).
    """

    metric: Metric
    mode: str  # LABEL | BINARY | MULTILABEL | ONEHOT | NUMBER
    label_columns: tuple[str, ...]
    target_columns: tuple[str, ...]
    classes: tuple[Any, ...] = ()  # ONEHOT: the class values, in target-column order
    positives: dict[str, Any] = field(default_factory=dict)  # BINARY/MULTILABEL: raw positive

    @property
    def is_classification(self) -> bool:
        return self.mode != NUMBER

    def train_labels(self, raw: pd.DataFrame) -> pd.DataFrame:
        """The label columns as train.csv holds them (binary targets as 0/1)."""
        out = raw[list(self.label_columns)].copy()
        if self.mode in (BINARY, MULTILABEL):
            for col in self.label_columns:
                out[col] = (raw[col] == self.positives[col]).astype("int64")
        return out

    def answers(self, raw: pd.DataFrame) -> pd.DataFrame:
        """The answer columns (no id) for rows holding raw target values."""
        if self.mode == ONEHOT:
            label = raw[self.label_columns[0]]
            return pd.DataFrame(
                {
                    col: (label == cls).astype("int64").to_numpy()
                    for col, cls in zip(self.target_columns, self.classes, strict=True)
                },
                index=raw.index,
            )
        return self.train_labels(raw)

    def to_yaml(self) -> dict[str, Any]:
        data: dict[str, Any] = {"encoding": self.mode}
        if self.label_columns != self.target_columns:
            data["label_columns"] = list(self.label_columns)
        if self.mode == ONEHOT:
            data["classes"] = [_plain(c) for c in self.classes]
        if self.positives:
            data["positive_class"] = {k: _plain(v) for k, v in self.positives.items()}
        return data


def _plain(value: Any) -> Any:
    """A YAML-safe scalar for a numpy/pandas value."""
    if isinstance(value, np.generic):
        return value.item()
    return value


def _integral(values: pd.Series) -> bool:
    if not pd.api.types.is_numeric_dtype(values) or pd.api.types.is_bool_dtype(values):
        return False
    arr = values.to_numpy(dtype=float)
    return bool(np.all(np.isfinite(arr)) and np.all(arr == np.round(arr)))


def tidy_labels(values: pd.Series) -> pd.Series:
    """Float labels that are whole numbers become ints (1.0 -> 1) so files read naturally."""
    if pd.api.types.is_float_dtype(values) and _integral(values):
        return values.astype("int64")
    return values


def sorted_classes(values: pd.Series) -> list[Any]:
    """The distinct values in sorted order (as text when they do not compare)."""
    classes = list(pd.unique(values))
    try:
        return sorted(classes)
    except TypeError:
        return sorted(classes, key=str)


def _positive(values: pd.Series, column: str, chosen: Any | None) -> Any:
    classes = sorted_classes(values)
    if chosen is not None:
        matches = [c for c in classes if str(c) == str(chosen)]
        if not matches:
            raise MleWorldError(
                f"positive class {chosen!r} is not a value of {column!r} "
                f"(values: {', '.join(map(str, classes))}); pick one of them"
            )
        return matches[0]
    if pd.api.types.is_bool_dtype(values):
        return True
    words = [c for c in classes if str(c).strip().lower() in _POSITIVE_WORDS]
    if len(words) == 1:
        return words[0]
    # The rarer class is usually the event of interest (churn, fraud, disease).
    counts = values.value_counts()
    rarest = min(classes, key=lambda c: (int(counts[c]), -classes.index(c)))
    return rarest


def _class_column(column: str, cls: Any, id_column: str) -> str:
    name = str(cls) if isinstance(cls, str) else f"{column}_{cls}"
    return f"{column}_{name}" if name == id_column else name


def make_encoding(
    data: pd.DataFrame,
    targets: tuple[str, ...],
    metric: Metric,
    id_column: str,
    positive_class: Any | None = None,
) -> Encoding:
    """Decide how the targets become answers for this metric; reject what cannot work."""
    if metric.prediction == "number":
        for col in targets:
            if not pd.api.types.is_numeric_dtype(data[col]) or pd.api.types.is_bool_dtype(
                data[col]
            ):
                raise MleWorldError(
                    f"metric {metric.name} needs a numeric target but {col!r} holds "
                    f"{data[col].dtype} values; pick a label metric such as accuracy"
                )
            if metric.nonnegative and (data[col] < 0).any():
                raise MleWorldError(
                    f"metric {metric.name} needs non-negative targets but {col!r} has values "
                    "below 0; use rmse or mae"
                )
        return Encoding(metric, NUMBER, targets, targets)

    for col in targets:
        n = data[col].nunique()
        if n < 2:
            raise MleWorldError(
                f"target {col!r} has only one class ({data[col].iloc[0]!r}); a classification "
                "task needs at least two"
            )
    if metric.prediction == "label":
        if metric.name == "qwk" and (len(targets) != 1 or not _integral(data[targets[0]])):
            raise MleWorldError(
                "metric qwk needs one target column of whole-number ordinal labels "
                "(0, 1, 2, ...); encode the levels as integers or use accuracy"
            )
        return Encoding(metric, LABEL, targets, targets)

    # probability metrics
    if len(targets) == 1:
        col = targets[0]
        classes = sorted_classes(data[col])
        if len(classes) == 2 and metric.name in ("auc", "logloss", "auc_columnwise"):
            pos = _positive(data[col], col, positive_class)
            return Encoding(metric, BINARY, targets, targets, positives={col: pos})
        if metric.name == "auc":
            raise MleWorldError(
                f"metric auc needs a binary target but {col!r} has {len(classes)} classes; "
                "use logloss or auc_columnwise (one column per class)"
            )
        columns = tuple(_class_column(col, c, id_column) for c in classes)
        if len(set(columns)) != len(columns):
            raise MleWorldError(
                f"classes of {col!r} collide as column names ({', '.join(columns)}); "
                "rename the labels so they differ as text"
            )
        return Encoding(metric, ONEHOT, targets, columns, classes=tuple(classes))

    if metric.name != "auc_columnwise":
        raise MleWorldError(
            f"metric {metric.name} scores one target column but {len(targets)} were given; "
            "use auc_columnwise for several binary targets"
        )
    positives: dict[str, Any] = {}
    for col in targets:
        n = data[col].nunique()
        if n != 2:
            raise MleWorldError(
                f"auc_columnwise with several targets needs binary columns, but {col!r} has "
                f"{n} classes; pass one multi-class target instead"
            )
        positives[col] = _positive(data[col], col, None)
    return Encoding(metric, MULTILABEL, targets, targets, positives=positives)
