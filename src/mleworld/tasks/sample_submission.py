"""What a task's submission holds: the sample submission's values and the words for it.

`sample_values` gives the constant prediction per target column that
`public/sample_submission.csv` holds (the train priors); `submission_text`
gives the goal sentence and the submission note description.md shows. Both
follow the task's `Encoding`. This module does not write files (factory.py)
or check a submission (grading.py).
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from mleworld.tasks.encoding import (
    BINARY,
    LABEL,
    MULTILABEL,
    NUMBER,
    ONEHOT,
    Encoding,
    sorted_classes,
)

__all__ = ["sample_values", "submission_text"]


def _round6(x: float) -> float:
    return float(f"{x:.6g}")


def sample_values(encoding: Encoding, train_raw: pd.DataFrame) -> dict[str, Any]:
    """The constant prediction per target column a sample submission holds (train priors)."""
    values: dict[str, Any] = {}
    metric = encoding.metric
    if encoding.mode == LABEL:
        for col in encoding.label_columns:
            counts = train_raw[col].value_counts()
            best = counts.max()
            values[col] = sorted_classes(pd.Series([c for c in counts.index if counts[c] == best]))[
                0
            ]
    elif encoding.mode in (BINARY, MULTILABEL):
        labels = encoding.train_labels(train_raw)
        for col in encoding.label_columns:
            values[col] = _round6(float(labels[col].mean()))
    elif encoding.mode == ONEHOT:
        label = train_raw[encoding.label_columns[0]]
        shares = [float((label == c).mean()) for c in encoding.classes]
        rounded = [round(s, 6) for s in shares[:-1]]
        rounded.append(round(1.0 - sum(rounded), 6))
        values = dict(zip(encoding.target_columns, rounded, strict=True))
    else:
        for col in encoding.label_columns:
            y = train_raw[col].astype(float)
            centre = y.median() if metric.name in ("mae", "rmsle", "rmsle_columnwise") else y.mean()
            values[col] = _round6(float(centre))
    return values


def submission_text(encoding: Encoding, data: pd.DataFrame) -> tuple[str, str]:
    """The goal sentence and the submission note for description.md."""
    cols = ", ".join(f"`{c}`" for c in encoding.label_columns)
    if encoding.mode == NUMBER:
        return (
            f"Predict {cols} (numbers) for every row of `test.csv`.",
            "Each target column holds a number.",
        )
    if encoding.mode == LABEL:
        parts = []
        for col in encoding.label_columns:
            classes = sorted_classes(data[col])
            shown = ", ".join(map(str, classes[:20])) + (" ..." if len(classes) > 20 else "")
            parts.append(f"`{col}` ({len(classes)} classes: {shown})")
        return (
            f"Predict the class {' and '.join(parts)} of every row of `test.csv`.",
            "Each target column holds a predicted label, written as in train.csv.",
        )
    if encoding.mode in (BINARY, MULTILABEL):
        parts = [f"`{c}` (1 means {encoding.positives[c]!r})" for c in encoding.label_columns]
        which = "the target" if len(parts) == 1 else "each target"
        return (
            f"For every row of `test.csv`, predict the probability that {which} is 1: "
            f"{', '.join(parts)}. train.csv holds the target{'s' if len(parts) > 1 else ''} as 0/1.",
            "Each target column holds a probability between 0 and 1.",
        )
    col = encoding.label_columns[0]
    shown = ", ".join(map(str, encoding.classes[:20])) + (
        " ..." if len(encoding.classes) > 20 else ""
    )
    return (
        f"Predict the probability of each class of `{col}` ({len(encoding.classes)} classes: "
        f"{shown}) for every row of `test.csv`.",
        "There is one column per class holding its probability; each row's probabilities "
        "should sum to 1.",
    )
