"""Checking a program's submission file against the task's sample submission.

This module answers one question after a run: is `submission/submission.csv`
there, readable, and shaped like `sample_submission.csv` (same columns, same
number of rows, the same ids, no missing values)? It does not score the
predictions (tasks/grading.py does) and never reads a task's private answers.

Rules, so results are predictable:
* columns are compared by name, in any order (graders select columns by name);
* ids are compared as sets, as text, with integral numbers written either way
  treated as equal (`7` and `7.0`), and duplicates are an error;
* the id column is `id_column` when given and present in the sample, else the
  sample's first column when the sample has more than one column, else none.
"""

from __future__ import annotations

import csv
import math
from pathlib import Path

import pandas as pd

__all__ = ["check_submission"]

_MAX_LISTED = 5


def check_submission(
    submission_path: Path, sample_path: Path | None, id_column: str | None = None
) -> tuple[bool | None, str | None]:
    """(valid, reason when not). (None, None) when there is no sample to check against."""
    submission_path = Path(submission_path)
    name = submission_path.name
    if not submission_path.is_file():
        return False, f"{name} was not written"
    submission, error = _read(submission_path)
    if submission is None:
        return False, error
    if sample_path is None or not Path(sample_path).is_file():
        return None, None
    sample, error = _read(Path(sample_path))
    if sample is None:
        return None, None  # the task's own sample is broken: nothing to check against

    missing = [c for c in sample.columns if c not in submission.columns]
    extra = [c for c in submission.columns if c not in sample.columns]
    if missing:
        return False, f"{name} lacks column(s) {_listed(missing)} that sample_submission.csv has"
    if extra:
        return False, f"{name} has extra column(s) {_listed(extra)} not in sample_submission.csv"
    if len(submission) != len(sample):
        return False, f"{name} has {len(submission)} rows; sample_submission.csv has {len(sample)}"

    empty = [c for c in sample.columns if submission[c].isna().any()]
    if empty:
        col = empty[0]
        count = int(submission[col].isna().sum())
        return False, f"{name} has {count} missing value(s) in column {col!r}"

    key = _id_column(sample, id_column)
    if key is not None:
        ids = submission[key].map(_canonical)
        duplicated = ids[ids.duplicated()].unique().tolist()
        if duplicated:
            return False, f"{name} repeats id(s) {_listed(duplicated)} in column {key!r}"
        expected = set(sample[key].map(_canonical))
        got = set(ids)
        if got != expected:
            unknown = sorted(got - expected)
            absent = sorted(expected - got)
            parts = []
            if absent:
                parts.append(
                    f"{len(absent)} id(s) of sample_submission.csv are missing ({_listed(absent)})"
                )
            if unknown:
                parts.append(
                    f"{len(unknown)} id(s) are not in sample_submission.csv ({_listed(unknown)})"
                )
            return False, f"{name} column {key!r}: " + "; ".join(parts)
    return True, None


def _read(path: Path) -> tuple[pd.DataFrame | None, str | None]:
    name = path.name
    if path.stat().st_size == 0:
        return None, f"{name} is empty"
    try:
        frame = pd.read_csv(path, dtype=str, keep_default_na=True)
    except pd.errors.EmptyDataError:
        return None, f"{name} is empty"
    except pd.errors.ParserError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return None, f"{name} is not a readable CSV: {first}"
    except UnicodeDecodeError:
        return None, f"{name} is not UTF-8 text"
    except (OSError, csv.Error, ValueError) as exc:
        return None, f"{name} could not be read: {exc}"
    if len(frame.columns) == 0:
        return None, f"{name} has no columns"
    unnamed = [c for c in frame.columns if str(c).startswith("Unnamed: ")]
    if unnamed and len(unnamed) == len(frame.columns):
        return None, f"{name} has no header row"
    if len(frame) == 0:
        return None, f"{name} has a header but no rows"
    return frame, None


def _id_column(sample: pd.DataFrame, id_column: str | None) -> str | None:
    if id_column is not None and id_column in sample.columns:
        return id_column
    if len(sample.columns) > 1:
        return str(sample.columns[0])
    return None


def _canonical(value: object) -> str:
    """Ids as text; integral numbers written as 7, 7.0 or 7e0 compare equal."""
    text = str(value).strip()
    try:
        number = float(text)
    except ValueError:
        return text
    if math.isfinite(number) and number.is_integer():
        return str(int(number))
    return text


def _listed(values: list[object]) -> str:
    shown = ", ".join(repr(v) for v in values[:_MAX_LISTED])
    more = len(values) - _MAX_LISTED
    return f"{shown} and {more} more" if more > 0 else shown
