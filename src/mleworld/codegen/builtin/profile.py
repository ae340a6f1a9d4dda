"""What the builtin writer knows about a task before writing a program for it.

`profile_task` reads the task's public CSVs (never private/) and decides the kind
of problem (binary, multiclass, regression, multi-target regression, multi-label),
the layout of the submission (labels, one probability column, one probability
column per class, numbers), and the role of every input column (numeric,
categorical, high-cardinality string, free text, date). Heuristics, in order:

* the label columns are the task's target columns found in train.csv; when none
  are (multi-class log loss tasks name their class columns as targets), the
  columns train.csv has and test.csv lacks;
* an object column whose values parse as dates is a date column;
* an object column with long values (>= 25 characters and >= 4 words on average)
  that is mostly unique is free text;
* an object column with few distinct values is categorical, one with many is a
  high-cardinality string (names, tickets, codes).

This module owns the profile only; choosing a program is drafts.py's job.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from mleworld.errors import TaskError
from mleworld.tasks.metrics import get_metric

PROFILE_ROWS = 5000  # rows read to type the columns; enough for stable heuristics
_DATE_RE = re.compile(
    r"^\s*(\d{4}[-/]\d{1,2}[-/]\d{1,2}|\d{1,2}[-/]\d{1,2}[-/]\d{2,4})([ T]\d{1,2}:\d{2})?"
)


@dataclass(frozen=True)
class TaskProfile:
    task_id: str
    metric: str
    higher_is_better: bool
    kind: str  # binary | multiclass | regression | multi_regression | multilabel
    output: str  # label | proba | proba_classes | number | proba_columns | label_columns
    id_column: str
    label_columns: tuple[str, ...]  # the target columns as train.csv holds them
    submission_columns: tuple[str, ...]  # sample_submission.csv without the id column
    numeric_columns: tuple[str, ...] = ()
    categorical_columns: tuple[str, ...] = ()
    high_card_columns: tuple[str, ...] = ()
    text_columns: tuple[str, ...] = ()
    date_columns: tuple[str, ...] = ()
    date_examples: tuple[str, ...] = ()  # each date column's first value, as the file spells it
    bool_columns: tuple[str, ...] = ()
    n_train: int = 0
    n_test: int = 0
    has_missing: bool = False
    classes: tuple[str, ...] = ()  # class labels as strings, sorted as the program sorts them
    class_columns: dict[str, str] = field(default_factory=dict)  # label -> submission column
    onehot_labels: bool = False  # train.csv holds one 0/1 column per class, not a label column
    label_numeric: bool = True
    positive_label: str = "1"  # Python literal of the positive class (binary probability tasks)
    json_unsafe_names: bool = False  # feature names LightGBM rejects in a DataFrame
    min_class_count: int = 0  # rows of the rarest class (single-target classification)
    sample_matches_test: bool = True  # sample_submission lists test's ids in test's order
    id_in_test: bool = True
    extra_train_columns: tuple[str, ...] = ()  # in train.csv only, not targets
    nonnegative_target: bool = False
    skewed_columns: tuple[str, ...] = ()  # positive numeric columns with a long right tail
    time_limit_s: float = 600.0
    files: tuple[str, ...] = ()  # the file names in public/

    @property
    def is_classification(self) -> bool:
        return self.kind in ("binary", "multiclass", "multilabel")

    @property
    def is_multi_target(self) -> bool:
        return self.kind in ("multilabel", "multi_regression")

    @property
    def has_text(self) -> bool:
        return bool(self.text_columns)

    @property
    def feature_columns(self) -> tuple[str, ...]:
        return (
            self.numeric_columns
            + self.bool_columns
            + self.categorical_columns
            + self.high_card_columns
            + self.text_columns
            + self.date_columns
        )

    @property
    def target(self) -> str:
        return self.label_columns[0]

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


_CACHE: dict[tuple[str, float, float], TaskProfile] = {}
_CACHE_SIZE = 64


def profile_task(task: Any) -> TaskProfile:
    """Profile a task (a `mleworld.tasks.Task`) from its public/ files; cached per file state."""
    public = Path(task.public_dir)
    train_path, test_path, sample_path = (
        public / "train.csv",
        public / "test.csv",
        public / "sample_submission.csv",
    )
    for path in (train_path, test_path, sample_path):
        if not path.is_file():
            raise TaskError(
                f"{path} is missing; the builtin code model needs train.csv, test.csv "
                "and sample_submission.csv in the task's public/ directory"
            )
    key = (str(public.resolve()), train_path.stat().st_mtime, sample_path.stat().st_mtime)
    if key not in _CACHE:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = _profile(task, train_path, test_path, sample_path)
    return _CACHE[key]


def _profile(task: Any, train_path: Path, test_path: Path, sample_path: Path) -> TaskProfile:
    train = pd.read_csv(train_path, nrows=PROFILE_ROWS, low_memory=False)
    test = pd.read_csv(test_path, nrows=PROFILE_ROWS, low_memory=False)
    sample = pd.read_csv(sample_path, nrows=5)
    n_train = _count_rows(train_path)
    n_test = _count_rows(test_path)
    metric = get_metric(task.metric)
    id_col = task.id_column
    sub_cols = tuple(c for c in sample.columns if c != id_col)
    labels = tuple(c for c in task.target_columns if c in train.columns)
    onehot = False
    if not labels:
        extra = [c for c in train.columns if c not in test.columns and c != id_col]
        if not extra:
            raise TaskError(
                f"task {task.id}: no target column in train.csv; task.yaml names "
                f"{list(task.target_columns)} but train.csv has {list(train.columns)[:20]}"
            )
        labels = tuple(extra)
    if len(labels) > 1 and set(labels) == set(sub_cols) and metric.name == "logloss":
        onehot = True
    kind, output = _kind(metric.name, metric.prediction, labels, sub_cols, train, onehot)

    classes: tuple[str, ...] = ()
    class_columns: dict[str, str] = {}
    label_numeric = True
    min_count = 0
    positive: Any = 1
    if onehot:
        classes = tuple(str(c) for c in labels)
        class_columns = {c: c for c in classes}
    elif kind in ("binary", "multiclass"):
        values = train[labels[0]].dropna()
        label_numeric = bool(pd.api.types.is_numeric_dtype(values))
        ordered = _sorted_unique(values)
        classes = tuple(str(v) for v in ordered)
        min_count = int(values.value_counts().min())
        positive = ordered[-1].item() if hasattr(ordered[-1], "item") else ordered[-1]
        if output == "proba_classes":
            class_columns = _match_class_columns(classes, sub_cols)

    feature_cols = [
        c for c in test.columns if c in train.columns and c != id_col and c not in labels
    ]
    roles = {c: _role(train[c], len(train)) for c in feature_cols}
    nonneg = False
    if kind in ("regression", "multi_regression"):
        nonneg = bool((train[list(labels)].select_dtypes("number").min() >= 0).all())
    numeric = tuple(c for c in feature_cols if roles[c] == "numeric")
    skewed = tuple(
        c
        for c in numeric
        if train[c].min() >= 0 and train[c].nunique() > 10 and abs(train[c].skew()) > 2.0
    )
    full_sample = pd.read_csv(sample_path, usecols=[id_col]) if id_col in sample.columns else None
    test_ids = pd.read_csv(test_path, usecols=[id_col]) if id_col in test.columns else None
    matches = (
        full_sample is not None
        and test_ids is not None
        and len(full_sample) == len(test_ids)
        and bool(
            (full_sample[id_col].astype(str).values == test_ids[id_col].astype(str).values).all()
        )
    )
    extra_train = tuple(
        c for c in train.columns if c not in test.columns and c != id_col and c not in labels
    )
    return TaskProfile(
        task_id=task.id,
        metric=metric.name,
        higher_is_better=not task.is_lower_better,
        kind=kind,
        output=output,
        id_column=id_col,
        label_columns=labels,
        submission_columns=sub_cols,
        numeric_columns=numeric,
        categorical_columns=tuple(c for c in feature_cols if roles[c] == "categorical"),
        high_card_columns=tuple(c for c in feature_cols if roles[c] == "high_card"),
        text_columns=tuple(c for c in feature_cols if roles[c] == "text"),
        date_columns=tuple(c for c in feature_cols if roles[c] == "date"),
        date_examples=tuple(
            str(train[c].dropna().iloc[0]) for c in feature_cols if roles[c] == "date"
        ),
        bool_columns=tuple(c for c in feature_cols if roles[c] == "bool"),
        n_train=n_train,
        n_test=n_test,
        has_missing=bool(
            train[feature_cols].isna().any().any() or test[feature_cols].isna().any().any()
        ),
        classes=classes,
        class_columns=class_columns,
        onehot_labels=onehot,
        label_numeric=label_numeric,
        min_class_count=min_count,
        positive_label=repr(positive),
        json_unsafe_names=any(ch in c for c in feature_cols for ch in '[]{}":,'),
        sample_matches_test=matches,
        id_in_test=id_col in test.columns,
        extra_train_columns=extra_train,
        nonnegative_target=nonneg,
        skewed_columns=skewed,
        time_limit_s=float(task.time_limit_s),
        files=tuple(sorted(p.name for p in Path(task.public_dir).iterdir() if p.is_file())),
    )


def _kind(
    metric: str,
    prediction: str,
    labels: tuple[str, ...],
    sub_cols: tuple[str, ...],
    train: pd.DataFrame,
    onehot: bool,
) -> tuple[str, str]:
    if onehot:
        return "multiclass", "proba_classes"
    if prediction == "number":
        return ("multi_regression", "number") if len(labels) > 1 else ("regression", "number")
    if len(labels) > 1:
        return "multilabel", ("proba_columns" if prediction == "probability" else "label_columns")
    n_classes = train[labels[0]].nunique(dropna=True)
    if prediction == "probability":
        if len(sub_cols) > 1:
            return "multiclass", "proba_classes"
        return "binary", "proba"
    return ("binary" if n_classes <= 2 else "multiclass"), "label"


def _sorted_unique(values: pd.Series) -> list[Any]:
    uniq = values.unique().tolist()
    try:
        return sorted(uniq)
    except TypeError:
        return sorted(uniq, key=str)


def _match_class_columns(classes: tuple[str, ...], sub_cols: tuple[str, ...]) -> dict[str, str]:
    """Which submission column holds each class's probability.

    Exact names first, then names that end with the label (``class_3``,
    ``Class_3``), then the submission's order.
    """
    cols = list(sub_cols)
    if all(c in cols for c in classes):
        return {c: c for c in classes}
    mapping: dict[str, str] = {}
    for c in classes:
        hits = [s for s in cols if s.lower().endswith(c.lower()) and s not in mapping.values()]
        if len(hits) == 1:
            mapping[c] = hits[0]
    if len(mapping) == len(classes):
        return mapping
    return dict(zip(classes, cols, strict=False))


def _role(col: pd.Series, n_rows: int) -> str:
    if pd.api.types.is_bool_dtype(col):
        return "bool"
    if pd.api.types.is_numeric_dtype(col):
        return "numeric"
    values = col.dropna().astype(str)
    if values.empty:
        return "categorical"
    sample = values.head(500)
    if sample.map(lambda v: bool(_DATE_RE.match(v))).mean() >= 0.9:
        parsed = pd.to_datetime(sample, errors="coerce", format="mixed")
        if parsed.notna().mean() >= 0.9:
            return "date"
    n_unique = values.nunique()
    mean_len = float(sample.str.len().mean())
    mean_words = float(sample.str.split().str.len().mean())
    if mean_len >= 25 and mean_words >= 4 and n_unique >= 0.3 * len(values):
        return "text"
    if n_unique <= max(30, int(0.05 * n_rows)) and n_unique < 0.5 * len(values):
        return "categorical"
    return "high_card"


def _count_rows(path: Path) -> int:
    """Data rows in a CSV (quoted newlines counted properly via pandas on one column)."""
    try:
        return int(len(pd.read_csv(path, usecols=[0], low_memory=False)))
    except (ValueError, pd.errors.ParserError):
        with path.open("rb") as fh:
            return max(0, sum(1 for _ in fh) - 1)


__all__ = ["TaskProfile", "profile_task"]
