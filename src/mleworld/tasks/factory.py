"""The task factory: a table plus a target, a metric and a split rule become a task.

`create_task` takes a DataFrame (`read_table` loads one from CSV or Parquet)
and writes a complete task directory in MLE-bench's layout (see task.py):
`public/train.csv`, `public/test.csv` (no labels), `public/sample_submission.csv`
in the format the metric needs, `private/answers.csv`, a reference leaderboard
`private/leaderboard.csv` (reference.py), `description.md` (describe.py) and
`task.yaml`; then it validates the result (validation.py).

How the target becomes answers depends on the metric (the `Encoding`):

- label metrics (accuracy, f1_macro, qwk, ...): answers are the labels;
- auc, binary logloss: one column with P(positive); answers are 0/1;
- auc_columnwise: several binary columns (multi-label), each 0/1; or a single
  target with 3+ classes, one-hot over the classes;
- multi-class logloss: one probability column per class; answers one-hot, and
  the task's target columns are the class columns;
- number metrics (rmse, mae, rmsle, r2, ...): the numbers, one column per target.

The split is stratified by the target for classification, random for
regression, grouped (no group on both sides) with `group_column`, or temporal
(the last `test_size` by time) with `time_column`. The same inputs and seed give
byte-identical files. This module does not grade (grading.py) or fit the
reference models (reference.py).
"""

from __future__ import annotations

import math
import re
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from mleworld.errors import MleWorldError, TaskError
from mleworld.tasks.metrics import Metric, get_metric
from mleworld.tasks.task import Task

FACTORY = "mleworld.factory"
MIN_ROWS = 30
MIN_TEST_ROWS = 5
DEFAULT_LEADERBOARD_ENTRIES = 60
DEFAULT_TIME_LIMIT_S = 600.0
_POSITIVE_WORDS = ("1", "true", "t", "yes", "y", "positive", "pos", "on")
_NAME_OK = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")

LABEL, BINARY, MULTILABEL, ONEHOT, NUMBER = "label", "binary", "multilabel", "onehot", "number"


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


def read_table(path: str | Path) -> pd.DataFrame:
    """Read a CSV or Parquet file; raise MleWorldError naming the problem."""
    source = Path(path)
    if not source.is_file():
        raise MleWorldError(f"data file {source} does not exist; pass a CSV or Parquet file")
    suffixes = "".join(source.suffixes[-2:]).lower()
    try:
        if source.suffix.lower() in (".parquet", ".pq"):
            return pd.read_parquet(source)
        if source.suffix.lower() == ".tsv" or suffixes.startswith(".tsv"):
            return pd.read_csv(source, sep="\t")
        return pd.read_csv(source)
    except (ValueError, OSError, pd.errors.ParserError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise MleWorldError(
            f"cannot read {source} as a table ({first}); pass a CSV (.csv) or Parquet (.parquet) file"
        ) from None


def _as_targets(target: str | Sequence[str]) -> tuple[str, ...]:
    names = [t.strip() for t in target.split(",")] if isinstance(target, str) else list(target)
    names = [t for t in names if t]
    if not names:
        raise MleWorldError("no target column given; pass --target COL (or COL1,COL2 for several)")
    if len(set(names)) != len(names):
        raise MleWorldError(f"target columns repeat: {', '.join(names)}; name each once")
    return tuple(names)


def _integral(values: pd.Series) -> bool:
    if not pd.api.types.is_numeric_dtype(values) or pd.api.types.is_bool_dtype(values):
        return False
    arr = values.to_numpy(dtype=float)
    return bool(np.all(np.isfinite(arr)) and np.all(arr == np.round(arr)))


def _tidy_labels(values: pd.Series) -> pd.Series:
    """Float labels that are whole numbers become ints (1.0 -> 1) so files read naturally."""
    if pd.api.types.is_float_dtype(values) and _integral(values):
        return values.astype("int64")
    return values


def _sorted_classes(values: pd.Series) -> list[Any]:
    classes = list(pd.unique(values))
    try:
        return sorted(classes)
    except TypeError:
        return sorted(classes, key=str)


def _positive(values: pd.Series, column: str, chosen: Any | None) -> Any:
    classes = _sorted_classes(values)
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
        classes = _sorted_classes(data[col])
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


# -- splitting -----------------------------------------------------------------


def _stratified_test_mask(
    keys: pd.Series, test_size: float, rng: np.random.Generator
) -> np.ndarray:
    """Hold out `test_size` of each stratum; strata of one row stay in train."""
    n = len(keys)
    n_test = max(MIN_TEST_ROWS, round(n * test_size))
    codes, _ = pd.factorize(keys.astype(str), sort=True)
    chosen: list[int] = []
    remainders: list[tuple[float, int, np.ndarray]] = []
    for code in range(codes.max() + 1):
        members = np.flatnonzero(codes == code)
        members = members[rng.permutation(len(members))]
        if len(members) < 2:
            continue
        exact = len(members) * n_test / n
        take = min(int(math.floor(exact)), len(members) - 1)
        chosen.extend(members[:take].tolist())
        remainders.append((exact - take, code, members[take : len(members) - 1]))
    # Hand the rows still owed to the strata with the largest remainders.
    remainders.sort(key=lambda r: (-r[0], r[1]))
    owed = n_test - len(chosen)
    for _, _, spare in remainders:
        if owed <= 0:
            break
        if len(spare):
            chosen.append(int(spare[0]))
            owed -= 1
    mask = np.zeros(n, dtype=bool)
    mask[chosen] = True
    if owed > 0:  # mostly one-row strata (e.g. many label combinations): fill at random
        rest = np.flatnonzero(~mask)
        mask[rest[rng.permutation(len(rest))[:owed]]] = True
    return mask


def _split(
    data: pd.DataFrame,
    encoding: Encoding,
    test_size: float,
    group_column: str | None,
    time_column: str | None,
    seed: int,
) -> tuple[np.ndarray, str]:
    """A boolean test mask over `data`'s rows and a sentence saying how it was made."""
    n = len(data)
    rng = np.random.default_rng(seed)
    pct = f"{test_size:.0%}"
    if group_column is not None:
        groups = data[group_column].astype(str)
        unique = np.array(sorted(groups.unique()))
        if len(unique) < 2:
            raise MleWorldError(
                f"group column {group_column!r} has one group; a grouped split needs at least two"
            )
        order = unique[rng.permutation(len(unique))]
        sizes = groups.value_counts()
        target = n * test_size
        test_groups: list[str] = []
        taken = 0
        for g in order:
            if taken >= target or len(test_groups) == len(unique) - 1:
                break
            test_groups.append(g)
            taken += int(sizes[g])
        mask = groups.isin(test_groups).to_numpy()
        return mask, (
            f"about {pct} of the rows, by whole groups of `{group_column}`: "
            "no group appears in both train and test."
        )
    if time_column is not None:
        times = data[time_column]
        if not pd.api.types.is_numeric_dtype(times):
            parsed = pd.to_datetime(times, errors="coerce")
            if parsed.isna().any():
                bad = times[parsed.isna()].iloc[0]
                raise MleWorldError(
                    f"time column {time_column!r} has a value that is not a date or number "
                    f"({bad!r}); fix it or drop the row"
                )
            times = parsed
        order = np.argsort(times.to_numpy(), kind="stable")
        n_test = max(MIN_TEST_ROWS, round(n * test_size))
        mask = np.zeros(n, dtype=bool)
        mask[order[n - n_test :]] = True
        return mask, (
            f"the last {pct} of the rows by `{time_column}`: every test row is as late as or "
            "later than every training row."
        )
    if encoding.is_classification:
        key_frame = data[list(encoding.label_columns)].astype(str)
        keys = (
            key_frame.agg("|".join, axis=1)
            if len(encoding.label_columns) > 1
            else key_frame.iloc[:, 0]
        )
        return _stratified_test_mask(keys, test_size, rng), (
            f"{pct} of the rows at random, stratified by the target so every class keeps its share."
        )
    n_test = max(MIN_TEST_ROWS, round(n * test_size))
    mask = np.zeros(n, dtype=bool)
    mask[rng.permutation(n)[:n_test]] = True
    return mask, f"{pct} of the rows at random."


# -- writing -------------------------------------------------------------------


def write_csv(frame: pd.DataFrame, path: Path, float_format: str | None = None) -> None:
    """One CSV convention for every file the factory writes (byte-stable)."""
    frame.to_csv(path, index=False, lineterminator="\n", float_format=float_format)


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
            values[col] = _sorted_classes(
                pd.Series([c for c in counts.index if counts[c] == best])
            )[0]
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


def _goal(encoding: Encoding, data: pd.DataFrame) -> tuple[str, str]:
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
            classes = _sorted_classes(data[col])
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


def _prepare_rows(
    df: pd.DataFrame,
    targets: tuple[str, ...],
    id_column: str | None,
    group_column: str | None,
    time_column: str | None,
) -> tuple[pd.DataFrame, str, bool]:
    """Check the columns; drop rows without a target. Returns (data, id column, id created)."""
    if not isinstance(df, pd.DataFrame):
        raise MleWorldError("create_task needs a pandas DataFrame (use read_table for a file)")
    columns = [str(c) for c in df.columns]
    if len(set(columns)) != len(columns):
        raise MleWorldError("the data has repeated column names; give each column a unique name")
    data = df.copy()
    data.columns = columns
    for col in targets:
        if col not in data.columns:
            raise MleWorldError(
                f"target column {col!r} is not in the data (columns: {', '.join(columns[:30])}); "
                "pick one of them"
            )
    for flag, col in (("--group-column", group_column), ("--time-column", time_column)):
        if col is not None and col not in data.columns:
            raise MleWorldError(f"{flag} {col!r} is not a column of the data; pick one of them")
        if col is not None and col in targets:
            raise MleWorldError(f"{flag} {col!r} is also a target; choose another column")
    if group_column is not None and time_column is not None:
        raise MleWorldError("pass either a group column or a time column, not both")
    data = data.dropna(subset=list(targets)).reset_index(drop=True)
    for col in targets:
        data[col] = _tidy_labels(data[col])
    created = False
    if id_column is None and "id" in data.columns:
        ids = data["id"]
        if "id" in targets or ids.isna().any() or ids.duplicated().any():
            raise MleWorldError(
                "the data has a column 'id' that is not a unique row id; rename it, or pass "
                "--id-column NAME to use (or create) another id column"
            )
        id_column = "id"
    if id_column is None or id_column not in data.columns:
        id_column = id_column or "id"
        if id_column in targets:
            raise MleWorldError(f"id column {id_column!r} is also a target; choose another name")
        created = True
    else:
        ids = data[id_column]
        if id_column in targets:
            raise MleWorldError(f"id column {id_column!r} is also a target; choose another column")
        if ids.isna().any() or ids.duplicated().any():
            raise MleWorldError(
                f"id column {id_column!r} has missing or repeated values; fix them or omit "
                "--id-column to number the rows"
            )
    if len(data) < MIN_ROWS:
        raise MleWorldError(
            f"the data has {len(data)} rows with a target; a task needs at least {MIN_ROWS}"
        )
    return data, id_column, created


def _check_name(name: str) -> None:
    if not _NAME_OK.match(name or ""):
        raise MleWorldError(
            f"task name {name!r} is not usable as an id; use letters, digits, '.', '_' or '-'"
        )


def _fresh_output(out: Path, overwrite: bool) -> None:
    if out.exists() and not out.is_dir():
        raise MleWorldError(f"output {out} is a file; pass a directory path")
    if out.is_dir() and any(out.iterdir()) and not overwrite:
        raise MleWorldError(f"output directory {out} is not empty; remove it or pass another --out")


def create_task(
    df: pd.DataFrame,
    target: str | Sequence[str],
    metric: str,
    name: str,
    out: str | Path,
    id_column: str | None = None,
    group_column: str | None = None,
    time_column: str | None = None,
    test_size: float = 0.2,
    seed: int = 0,
    *,
    source: str = "",
    about: str = "",
    positive_class: Any | None = None,
    time_limit_s: float = DEFAULT_TIME_LIMIT_S,
    leaderboard_entries: int = DEFAULT_LEADERBOARD_ENTRIES,
    overwrite: bool = False,
    validate: bool = True,
    extra: dict[str, Any] | None = None,
) -> Task:
    """Build a task from `df` into directory `out` and return it (validated)."""
    from mleworld.tasks.describe import describe_task
    from mleworld.tasks.reference import build_leaderboard, reference_note

    _check_name(name)
    met = get_metric(metric)
    targets = _as_targets(target)
    if not 0.0 < test_size < 1.0:
        raise MleWorldError(f"test size {test_size} must be between 0 and 1 (e.g. 0.2)")
    if leaderboard_entries < 2:
        raise MleWorldError("a reference leaderboard needs at least 2 entries")
    out = Path(out)
    _fresh_output(out, overwrite)
    data, id_col, create_ids = _prepare_rows(df, targets, id_column, group_column, time_column)
    encoding = make_encoding(data, targets, met, id_col, positive_class)

    rng = np.random.default_rng(seed)
    order = rng.permutation(len(data))
    if create_ids:
        # Ids follow a seeded shuffle so they carry no trace of the source's row order.
        ids = np.empty(len(data), dtype=np.int64)
        ids[order] = np.arange(len(data))
        data.insert(0, id_col, ids)
    else:
        data = data[[id_col, *[c for c in data.columns if c != id_col]]]
    data = data.iloc[order].reset_index(drop=True)

    test_mask, split_text = _split(data, encoding, test_size, group_column, time_column, seed)
    n_test = int(test_mask.sum())
    if n_test < MIN_TEST_ROWS or len(data) - n_test < MIN_TEST_ROWS:
        raise MleWorldError(
            f"the split leaves {len(data) - n_test} train and {n_test} test rows; use more rows "
            "or another --test-size"
        )
    train_raw = data[~test_mask].reset_index(drop=True)
    test_raw = data[test_mask].reset_index(drop=True)
    if encoding.mode == BINARY and train_raw[targets[0]].nunique() < 2:
        raise MleWorldError(
            "the training split holds one class only; use more rows or another split"
        )

    features = [c for c in data.columns if c != id_col and c not in targets]
    if not features:
        raise MleWorldError("the data has no feature columns besides the id and the targets")
    train = pd.concat([train_raw[[id_col, *features]], encoding.train_labels(train_raw)], axis=1)
    test = test_raw[[id_col, *features]]
    answers = pd.concat([test_raw[[id_col]], encoding.answers(test_raw)], axis=1)
    constants = sample_values(encoding, train_raw)
    sample = test_raw[[id_col]].copy()
    for col in encoding.target_columns:
        sample[col] = constants[col]

    out.parent.mkdir(parents=True, exist_ok=True)
    build = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        (build / "public").mkdir()
        (build / "private").mkdir()
        task = Task(
            path=build,
            id=name,
            name=name,
            metric=met.name,
            direction=met.direction,
            id_column=id_col,
            target_columns=encoding.target_columns,
            time_limit_s=float(time_limit_s),
            source=source,
            created_by=FACTORY,
            extra={
                **encoding.to_yaml(),
                "split": "group"
                if group_column
                else "time"
                if time_column
                else ("stratified" if encoding.is_classification else "random"),
                **({"group_column": group_column} if group_column else {}),
                **({"time_column": time_column} if time_column else {}),
                "seed": int(seed),
                "rows": {"train": len(train), "test": len(test)},
                **(extra or {}),
            },
        )
        write_csv(train, build / "public" / "train.csv")
        write_csv(test, build / "public" / "test.csv")
        write_csv(sample, build / "public" / "sample_submission.csv")
        write_csv(answers, build / "private" / "answers.csv")

        excluded = {id_col, *(c for c in (group_column,) if c)}
        leaderboard, fitted = build_leaderboard(
            train_raw=train_raw,
            test_raw=test_raw,
            encoding=encoding,
            feature_columns=[c for c in features if c not in excluded],
            answers=answers,
            task=task,
            seed=seed,
            entries=leaderboard_entries,
        )
        write_csv(leaderboard, task.leaderboard_path)
        (build / "private" / "README.md").write_text(
            reference_note(fitted, met, len(leaderboard)), encoding="utf-8"
        )
        goal, note = _goal(encoding, train_raw)
        text = describe_task(
            name=name,
            about=about,
            metric=met,
            goal=goal,
            id_column=id_col,
            label_columns=encoding.label_columns,
            target_columns=encoding.target_columns,
            train=train,
            test=test,
            sample_submission=sample,
            split=split_text,
            submission_note=note,
            leaderboard_entries=len(leaderboard),
        )
        task.description_path.write_text(text, encoding="utf-8")
        task.save()
        if out.exists():
            shutil.rmtree(out)
        build.replace(out)
    except BaseException:
        shutil.rmtree(build, ignore_errors=True)
        raise

    final = replace(task, path=out)
    if validate:
        from mleworld.tasks.validation import validate_task

        problems = validate_task(out)
        if problems:
            raise TaskError(
                f"task written to {out} failed {len(problems)} check(s): " + "; ".join(problems)
            )
    return final
