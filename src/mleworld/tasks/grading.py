"""Grading a submission against a task's hidden answers (MLE-bench's contract).

`grade` checks a submission frame against the answers frame and scores it with
the task's metric, raising `InvalidSubmission` with one line per kind of
mistake; `grade_file` reads the CSVs, grades, and places the score on the
task's leaderboard when it has one.

Checks, in this order (the first failure is reported):
columns (id column, target columns, no extras, no duplicates), rows (count,
duplicate ids, ids that match the answers), then values (missing or infinite,
non-numeric where the metric needs numbers, probabilities within [0, 1],
class-probability rows summing to 1 within `ROW_SUM_TOLERANCE`, no negative
values for log-error metrics). Rows are aligned by id before scoring, so the
submission may list ids in any order.

Multi-class log loss renormalises rows as Kaggle does, but a row that is far
from summing to 1 is almost always a bug (wrong columns, logits, a missing
class), so it is rejected rather than silently rescaled.

This module owns validation and scoring. Metrics live in metrics.py and the
leaderboard arithmetic in leaderboard.py.
"""

from __future__ import annotations

import csv
import warnings
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from mleworld.errors import InvalidSubmission, MleWorldError, TaskError
from mleworld.tasks.leaderboard import load_leaderboard, rank, thresholds
from mleworld.tasks.metrics import Metric, _labels, get_metric
from mleworld.tasks.reference_summary import LadderSummary
from mleworld.tasks.task import Task

ROW_SUM_TOLERANCE = 1e-2
# float32 softmax outputs can land a hair outside [0, 1]
PROBABILITY_SLACK = 1e-6
EXAMPLES_SHOWN = 3
# pandas' default missing-value spellings; the id column is exempt so "NA" stays an id
NA_SPELLINGS = [
    "",
    "#N/A",
    "#N/A N/A",
    "#NA",
    "-1.#IND",
    "-1.#QNAN",
    "-NaN",
    "-nan",
    "1.#IND",
    "1.#QNAN",
    "<NA>",
    "N/A",
    "NA",
    "NULL",
    "NaN",
    "None",
    "n/a",
    "nan",
    "null",
]


@dataclass(frozen=True)
class GradeResult:
    """The outcome of grading one submission file; `to_dict` is the JSON form."""

    score: float | None
    valid: bool
    error: str | None
    percentile: float | None
    medal: str | None
    above_median: bool
    gold_threshold: float | None
    silver_threshold: float | None
    bronze_threshold: float | None
    median_threshold: float | None
    is_lower_better: bool
    # (score - constant) / (strongest reference - constant) on a factory task's ladder
    normalized_score: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "score": self.score,
            "valid": self.valid,
            "error": self.error,
            "percentile": self.percentile,
            "medal": self.medal,
            "above_median": self.above_median,
            "gold_threshold": self.gold_threshold,
            "silver_threshold": self.silver_threshold,
            "bronze_threshold": self.bronze_threshold,
            "median_threshold": self.median_threshold,
            "is_lower_better": self.is_lower_better,
            "normalized_score": self.normalized_score,
        }


def grade(submission_df: pd.DataFrame, answers_df: pd.DataFrame, task: Task) -> float:
    """Score `submission_df` against `answers_df` with the task's metric.

    Raises InvalidSubmission (one line) when the submission cannot be scored,
    and TaskError when the answers themselves are malformed.
    """
    metric = get_metric(task.metric)
    id_col, targets = task.id_column, list(task.target_columns)
    _check_answers(answers_df, id_col, targets)
    _check_columns(submission_df, id_col, targets)
    sub_ids = _ids(submission_df[id_col])
    ans_ids = _ids(answers_df[id_col])
    _check_rows(sub_ids, ans_ids)

    position = pd.Series(np.arange(len(sub_ids)), index=sub_ids)
    aligned = submission_df.iloc[position.loc[ans_ids].to_numpy()][targets]
    y_pred = _check_values(aligned, metric)
    y_true = answers_df[targets].to_numpy()
    if metric.needs_numeric:
        y_true = _numeric_answers(answers_df[targets])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            score = metric(y_true, y_pred)
        except ValueError as exc:
            # sklearn refuses answers it cannot score (e.g. labels it cannot order)
            raise TaskError(
                f"metric {metric.name} cannot score these answers ({_first_line(exc)}); "
                "check the task's answers"
            ) from None
    if not np.isfinite(score):
        overflow = [w for w in caught if "overflow" in str(w.message)]
        if overflow:  # finite predictions too large for the metric's arithmetic
            raise InvalidSubmission(
                f"submission's predictions are too large for metric {metric.name} "
                f"({_first_line(overflow[0].message)}); predict values of the targets' scale"
            )
        # otherwise valid predictions cannot make a metric undefined; the answers can
        # (one class only)
        why = f" ({_first_line(caught[0].message)})" if caught else ""
        raise TaskError(
            f"metric {metric.name} cannot score these answers{why}; check the task's answers"
        )
    return score


def grade_file(task: Task, submission_path: str | Path) -> GradeResult:
    """Read, grade and rank a submission CSV; an invalid one gives valid=False."""
    if not task.answers_path.is_file():
        raise TaskError(
            f"task {task.id} has no {task.answers_path}; grading needs the private answers"
        )
    try:
        answers = _read_csv(task.answers_path, task.id_column, TaskError)
    except (pd.errors.ParserError, UnicodeDecodeError, csv.Error) as exc:
        raise TaskError(f"{task.answers_path} is not a readable CSV ({_first_line(exc)})") from None
    if answers is None:
        raise TaskError(f"{task.answers_path} is empty; it needs an id column and target columns")
    leaderboard = None
    if task.leaderboard_path.is_file():
        leaderboard = load_leaderboard(task.leaderboard_path)
    lower = task.is_lower_better
    try:
        submission = read_submission(submission_path, task.id_column)
        score = grade(submission, answers, task)
    except InvalidSubmission as exc:
        return _result(None, str(exc), leaderboard, lower)
    ladder = LadderSummary.of(task)
    normalized = ladder.normalized(score) if ladder else None
    return replace(_result(score, None, leaderboard, lower), normalized_score=normalized)


def read_submission(path: str | Path, id_column: str) -> pd.DataFrame:
    """Read a submission CSV, its ids as exact strings; unreadable is InvalidSubmission."""
    path = Path(path)
    if path.is_dir():
        raise InvalidSubmission(f"submission {path} is a directory; pass the CSV file inside it")
    if not path.is_file():
        raise InvalidSubmission(f"submission {path} does not exist; write a CSV file there")
    try:
        frame = _read_csv(path, id_column)
    except pd.errors.EmptyDataError:  # a header of blanks only: pandas finds no columns
        frame = None
    except (pd.errors.ParserError, UnicodeDecodeError, csv.Error, OSError) as exc:
        raise InvalidSubmission(
            f"submission {path} is not a readable CSV ({_first_line(exc)}); "
            "write a UTF-8, comma-separated file"
        ) from None
    if frame is None:
        raise InvalidSubmission(
            f"submission {path} is empty; write a header row and one row per test id"
        )
    return frame


def _read_csv(
    path: Path, id_column: str, error: type[MleWorldError] = InvalidSubmission
) -> pd.DataFrame | None:
    """The CSV with its id column kept as text (so "007" and "NA" stay ids); None if empty."""
    with path.open(newline="", encoding="utf-8-sig") as fh:
        header = next(csv.reader(fh), None)
    if not header:
        return None
    repeated = sorted({name for name in header if header.count(name) > 1})
    if repeated:
        noun = _noun(len(repeated), "column")
        raise error(f"{path} repeats {noun} {_names(repeated)}; keep one column per name")
    na = {name: NA_SPELLINGS for name in header if name != id_column}
    return pd.read_csv(
        path,
        dtype={id_column: str} if id_column in header else None,
        keep_default_na=False,
        na_values=na,
        encoding="utf-8-sig",
    )


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return _short(text.splitlines()[0], 120) if text else type(exc).__name__


def _result(
    score: float | None, error: str | None, leaderboard: pd.DataFrame | None, lower: bool
) -> GradeResult:
    ranked = None
    if leaderboard is not None and score is not None and np.isfinite(score):
        ranked = rank(score, leaderboard, lower)
    limits: dict[str, float | None] = dict.fromkeys(
        ("gold_threshold", "silver_threshold", "bronze_threshold", "median_threshold")
    )
    if leaderboard is not None:
        t = thresholds(leaderboard, lower)
        limits = {
            "gold_threshold": t.gold,
            "silver_threshold": t.silver,
            "bronze_threshold": t.bronze,
            "median_threshold": t.median,
        }
    return GradeResult(
        score=score,
        valid=error is None,
        error=error,
        percentile=ranked.percentile if ranked else None,
        medal=ranked.medal if ranked else None,
        above_median=ranked.above_median if ranked else False,
        is_lower_better=lower,
        **limits,
    )


def _few(values: Any) -> str:
    shown = [repr(v) if not isinstance(v, str) else repr(_short(v)) for v in values]
    return ", ".join(shown[:EXAMPLES_SHOWN])


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _count(n: int, noun: str, plural: str | None = None) -> str:
    return f"{n} {_noun(n, noun, plural)}"


def _noun(n: int, noun: str, plural: str | None = None) -> str:
    return noun if n == 1 else plural or noun + "s"


def _be(n: int) -> str:
    return "is" if n == 1 else "are"


def _names(names: list[str]) -> str:
    return ", ".join(repr(n) for n in names)


def _ids(column: pd.Series) -> list[str]:
    """Ids compared as labels are, so 7, 7.0 and "7" are the same id."""
    return list(_labels(column.to_numpy(dtype=object)))


def _check_answers(answers: pd.DataFrame, id_col: str, targets: list[str]) -> None:
    missing = [c for c in [id_col, *targets] if c not in answers.columns]
    if missing:
        raise TaskError(
            f"answers lack {_noun(len(missing), 'column')} {_names(missing)} named in task.yaml; "
            "fix private/answers.csv or task.yaml"
        )
    if answers[id_col].duplicated().any():
        raise TaskError("answers repeat ids; private/answers.csv needs one row per id")


def _check_columns(sub: pd.DataFrame, id_col: str, targets: list[str]) -> None:
    columns = [str(c) for c in sub.columns]
    expected = [id_col, *targets]
    layout = f"the submission needs columns {_names(expected)}"
    if id_col not in columns:
        raise InvalidSubmission(
            f"submission lacks the id column {id_col!r}{_near(id_col, columns)}; {layout}"
        )
    missing = [t for t in targets if t not in columns]
    if missing:
        hint = _near(missing[0], columns) if len(missing) == 1 else ""
        raise InvalidSubmission(
            f"submission lacks target {_noun(len(missing), 'column')} {_names(missing)}{hint}; {layout}"
        )
    extra = [c for c in columns if c not in expected]
    if extra:
        raise InvalidSubmission(
            f"submission has extra {_noun(len(extra), 'column')} {_names(extra)}; "
            f"keep only {_names(expected)}"
        )


def _near(name: str, columns: list[str]) -> str:
    """A hint when a column differs from `name` only by case or surrounding spaces."""
    for c in columns:
        if c != name and c.strip().lower() == name.strip().lower():
            return f" (found {c!r})"
    return ""


def _check_rows(sub_ids: list[str], ans_ids: list[str]) -> None:
    if len(sub_ids) != len(ans_ids):
        raise InvalidSubmission(
            f"submission has {len(sub_ids)} rows but the test set has {len(ans_ids)}; "
            "write exactly one row per test id"
        )
    counts = pd.Series(sub_ids).value_counts()
    repeated = counts[counts > 1]
    if len(repeated):
        raise InvalidSubmission(
            f"submission repeats {_count(len(repeated), 'id')} (e.g. {_few(repeated.index)}); "
            "write each test id once"
        )
    expected = set(ans_ids)
    unknown = [i for i in sub_ids if i not in expected]
    if unknown:
        present = set(sub_ids)
        absent = [i for i in ans_ids if i not in present]
        raise InvalidSubmission(
            f"{_count(len(unknown), 'submission id')} {_be(len(unknown))} not in the test set "
            f"(e.g. {_few(unknown)}) and "
            f"{_count(len(absent), 'test id')} {_be(len(absent))} missing (e.g. {_few(absent)}); "
            "use the ids of the test set, as in sample_submission.csv"
        )


def _check_values(aligned: pd.DataFrame, metric: Metric) -> np.ndarray:
    """The predictions as the metric needs them, or InvalidSubmission."""
    for col in aligned.columns:
        values = aligned[col]
        if values.isna().any():
            n = int(values.isna().sum())
            raise InvalidSubmission(
                f"column {col!r} has {_count(n, 'empty/NaN prediction')}; "
                "predict a value for every row"
            )
    if not metric.needs_numeric:
        return aligned.to_numpy(dtype=object)

    numeric = {}
    for col in aligned.columns:
        values = aligned[col]
        kind = "probabilities" if metric.prediction == "probability" else "numbers"
        if pd.api.types.is_bool_dtype(values):
            raise InvalidSubmission(
                f"column {col!r} holds True/False but metric {metric.name} needs {kind}; "
                "write numeric predictions"
            )
        parsed = pd.to_numeric(values, errors="coerce")
        bad = parsed.isna()
        if bad.any():
            raise InvalidSubmission(
                f"column {col!r} has {_count(int(bad.sum()), 'non-numeric value')} "
                f"(e.g. {_few(values[bad].tolist())}); metric {metric.name} needs {kind}"
            )
        numeric[col] = parsed.to_numpy(dtype=float)
    pred = np.column_stack([numeric[c] for c in aligned.columns])

    infinite = ~np.isfinite(pred)
    if infinite.any():
        raise InvalidSubmission(
            f"submission has {_count(int(infinite.sum()), 'infinite prediction')}; "
            "write finite numbers"
        )
    if metric.prediction == "probability":
        _check_probabilities(pred, list(aligned.columns), metric)
    if metric.nonnegative:
        negative = pred < 0
        if negative.any():
            col = aligned.columns[int(np.argwhere(negative)[0][1])]
            raise InvalidSubmission(
                f"submission has {_count(int(negative.sum()), 'negative prediction')} "
                f"(e.g. {float(pred[negative][0])!r} in {col!r}); "
                f"metric {metric.name} takes log(1 + x), so predict values >= 0"
            )
    return pred


def _check_probabilities(pred: np.ndarray, columns: list[str], metric: Metric) -> None:
    outside = (pred < -PROBABILITY_SLACK) | (pred > 1 + PROBABILITY_SLACK)
    if outside.any():
        col = columns[int(np.argwhere(outside)[0][1])]
        raise InvalidSubmission(
            f"submission has {_count(int(outside.sum()), 'probability', 'probabilities')} "
            "outside [0, 1] "
            f"(e.g. {float(pred[outside][0])!r} in {col!r}); metric {metric.name} needs "
            "probabilities, not scores or logits"
        )
    if metric.rows_sum_to_one and pred.shape[1] > 1:
        sums = pred.sum(axis=1)
        off = np.abs(sums - 1.0) > ROW_SUM_TOLERANCE
        if off.any():
            raise InvalidSubmission(
                f"{_count(int(off.sum()), 'row')} of class probabilities "
                f"{'does' if int(off.sum()) == 1 else 'do'} not sum to 1 within "
                f"{ROW_SUM_TOLERANCE:g} (e.g. a row sums to {float(sums[off][0]):.6g}); "
                "write one probability per class, each row summing to 1"
            )


def _numeric_answers(answers: pd.DataFrame) -> np.ndarray:
    try:
        values = answers.apply(pd.to_numeric, errors="raise").to_numpy(dtype=float)
    except (TypeError, ValueError):
        raise TaskError(
            "answers hold non-numeric targets but the metric needs numbers; "
            "fix private/answers.csv or the task's metric"
        ) from None
    return values
