"""The task factory: a table plus a target, a metric and a split rule become a task.

`create_task` takes a DataFrame (`read_table` loads one from CSV or Parquet),
checks it, and writes a complete task directory in MLE-bench's layout (see
task.py): `public/train.csv`, `public/test.csv` (no labels),
`public/sample_submission.csv` in the format the metric needs,
`private/answers.csv`, a reference leaderboard `private/leaderboard.csv`,
`description.md` and `task.yaml`; then it validates the result. The same
inputs and seed give byte-identical files.

This module owns the input checks and the order of the steps. The steps live
beside it: how targets become answers (encoding.py), the train/test split
(splitting.py), the sample submission (sample_submission.py), the reference
leaderboard (reference.py), the description (describe.py), putting the
directory in place (publish.py) and the checks (validation.py). It does not
grade (grading.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from mleworld.errors import MleWorldError
from mleworld.tasks.encoding import (
    BINARY,
    LABEL,
    MULTILABEL,
    NUMBER,
    ONEHOT,
    Encoding,
    make_encoding,
    tidy_labels,
)
from mleworld.tasks.metrics import get_metric
from mleworld.tasks.publish import require_valid, staged_directory
from mleworld.tasks.sample_submission import sample_values, submission_text
from mleworld.tasks.splitting import MIN_TEST_ROWS, choose_test_rows, split_rule
from mleworld.tasks.task import Task

# The encoding and sampling names stay importable from here, where they used to live.
__all__ = [
    "BINARY",
    "DEFAULT_LEADERBOARD_ENTRIES",
    "DEFAULT_TIME_LIMIT_S",
    "FACTORY",
    "LABEL",
    "MIN_ROWS",
    "MIN_TEST_ROWS",
    "MULTILABEL",
    "NUMBER",
    "ONEHOT",
    "Encoding",
    "create_task",
    "make_encoding",
    "read_table",
    "sample_values",
    "write_csv",
]

FACTORY = "mleworld.factory"
MIN_ROWS = 30
# None: a team count drawn after MLE-bench's leaderboards (reference_shape.team_count).
DEFAULT_LEADERBOARD_ENTRIES: int | None = None
DEFAULT_TIME_LIMIT_S = 600.0
_NAME_OK = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


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


def write_csv(frame: pd.DataFrame, path: Path, float_format: str | None = None) -> None:
    """One CSV convention for every file the factory writes (byte-stable)."""
    frame.to_csv(path, index=False, lineterminator="\n", float_format=float_format)


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
        data[col] = tidy_labels(data[col])
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
    leaderboard_entries: int | None = DEFAULT_LEADERBOARD_ENTRIES,
    overwrite: bool = False,
    validate: bool = True,
    extra: dict[str, Any] | None = None,
) -> Task:
    """Build a task from `df` into directory `out` and return it (validated)."""
    from mleworld.tasks.describe import describe_task
    from mleworld.tasks.reference import build_leaderboard, reference_note
    from mleworld.tasks.reference_shape import team_count
    from mleworld.tasks.reference_summary import KEY as LADDER_KEY

    _check_name(name)
    met = get_metric(metric)
    targets = _as_targets(target)
    if not 0.0 < test_size < 1.0:
        raise MleWorldError(f"test size {test_size} must be between 0 and 1 (e.g. 0.2)")
    if leaderboard_entries is None:
        leaderboard_entries = team_count(name, seed)
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

    test_mask, split_text = choose_test_rows(
        data, encoding, test_size, group_column, time_column, seed
    )
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

    with staged_directory(out) as build:
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
                "split": split_rule(encoding, group_column, time_column),
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
        leaderboard, fitted, summary = build_leaderboard(
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
            reference_note(fitted, met, summary), encoding="utf-8"
        )
        task = replace(task, extra={**task.extra, LADDER_KEY: summary.to_yaml()})
        goal, note = submission_text(encoding, train_raw)
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

    if validate:
        require_valid(out)
    return replace(task, path=out)
