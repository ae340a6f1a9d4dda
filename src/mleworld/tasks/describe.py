"""The description.md of a factory-built task, written from the data itself.

This module owns two things: how a column is classified (`column_kind`:
numeric, boolean, categorical, text or datetime; the reference models use the
same classification to build their features) and the text an agent reads about
a task: the goal, the metric and its direction, the files, one line per
column, the split, the submission format with an example, and a note on the
reference leaderboard. It does not read or write task directories.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pandas as pd

from mleworld.tasks.metrics import Metric

# Strings that look like ISO dates ("2012-01-01", "2012-01-01 10:00") are
# treated as datetimes; anything looser would misfire on codes like "1-2".
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$")
_TEXT_MIN_MEAN_LEN = 30
_MAX_LISTED_COLUMNS = 40

NUMERIC, BOOLEAN, CATEGORICAL, TEXT, DATETIME = (
    "numeric",
    "boolean",
    "categorical",
    "text",
    "datetime",
)


def column_kind(values: pd.Series) -> str:
    """Classify a column as numeric, boolean, categorical, text or datetime."""
    if pd.api.types.is_bool_dtype(values):
        return BOOLEAN
    if pd.api.types.is_datetime64_any_dtype(values):
        return DATETIME
    if pd.api.types.is_numeric_dtype(values):
        return NUMERIC
    present = values.dropna().astype(str)
    if present.empty:
        return CATEGORICAL
    sample = present.iloc[: min(len(present), 200)]
    if all(_ISO_DATE.match(v) for v in sample):
        return DATETIME
    unique_share = present.nunique() / len(present)
    if present.str.len().mean() >= _TEXT_MIN_MEAN_LEN and unique_share > 0.5:
        return TEXT
    return CATEGORICAL


def column_kinds(frame: pd.DataFrame) -> dict[str, str]:
    return {str(c): column_kind(frame[c]) for c in frame.columns}


def _fmt(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _column_line(name: str, values: pd.Series, kind: str) -> str:
    missing = float(values.isna().mean())
    miss = f", {missing:.0%} missing" if missing > 0 else ""
    present = values.dropna()
    if kind == NUMERIC and not present.empty:
        num = pd.to_numeric(present)
        detail = f"range {_fmt(float(num.min()))} to {_fmt(float(num.max()))}, mean {_fmt(float(num.mean()))}"
    elif kind == TEXT and not present.empty:
        lengths = present.astype(str).str.len()
        detail = f"free text, {lengths.mean():.0f} characters on average"
    elif kind == DATETIME and not present.empty:
        as_text = present.astype(str)
        detail = f"dates from {as_text.min()} to {as_text.max()}"
    elif not present.empty:
        counts = present.astype(str).value_counts()
        top = ", ".join(_fmt(v) for v in sorted(counts.index[:5]))
        more = f" (+{len(counts) - 5} more)" if len(counts) > 5 else ""
        detail = f"{len(counts)} values: {top}{more}"
    else:
        detail = "always missing"
    return f"- `{name}` ({kind}{miss}): {detail}"


def _columns_section(frame: pd.DataFrame, skip: Sequence[str]) -> list[str]:
    columns = [c for c in frame.columns if c not in skip]
    kinds = column_kinds(frame[columns])
    lines = [_column_line(str(c), frame[c], kinds[str(c)]) for c in columns[:_MAX_LISTED_COLUMNS]]
    rest = columns[_MAX_LISTED_COLUMNS:]
    if rest:
        by_kind: dict[str, int] = {}
        for c in rest:
            by_kind[kinds[str(c)]] = by_kind.get(kinds[str(c)], 0) + 1
        counts = ", ".join(f"{n} {k}" for k, n in sorted(by_kind.items()))
        lines.append(f"- ... and {len(rest)} more columns ({counts}), `{rest[0]}` to `{rest[-1]}`")
    return lines


def _csv_head(frame: pd.DataFrame, rows: int = 3) -> str:
    return frame.head(rows).to_csv(index=False, lineterminator="\n").rstrip("\n")


def describe_task(
    *,
    name: str,
    about: str,
    metric: Metric,
    goal: str,
    id_column: str,
    label_columns: Sequence[str],
    target_columns: Sequence[str],
    train: pd.DataFrame,
    test: pd.DataFrame,
    sample_submission: pd.DataFrame,
    split: str,
    submission_note: str,
    leaderboard_entries: int,
) -> str:
    """The markdown an agent reads about a factory-built task."""
    direction = "higher is better" if metric.higher_is_better else "lower is better"
    sub_cols = ", ".join(f"`{c}`" for c in [id_column, *target_columns])
    lines = [f"# {name}", ""]
    if about:
        lines += [about.strip(), ""]
    lines += [
        "## Goal",
        "",
        goal,
        "",
        "## Evaluation",
        "",
        f"Submissions are scored with **{metric.name}** ({metric.description}); {direction}.",
        "",
        "## Files",
        "",
        f"- `train.csv`: {len(train)} rows; the id column `{id_column}`, the features and "
        + ", ".join(f"`{c}`" for c in label_columns)
        + " (what to predict).",
        f"- `test.csv`: {len(test)} rows; the same columns without "
        + ", ".join(f"`{c}`" for c in label_columns)
        + ".",
        f"- `sample_submission.csv`: a valid submission in the expected format ({sub_cols}).",
        "",
        f"How the test rows were held out: {split}",
        "",
        "## Columns of train.csv",
        "",
        *_columns_section(train, [id_column]),
        "",
        "## Submission format",
        "",
        f"Write one row per row of `test.csv` with the columns {sub_cols}. {submission_note}",
        "For example:",
        "",
        "```",
        _csv_head(sample_submission),
        "```",
        "",
        "## Leaderboard",
        "",
        f"A score is ranked against a reference leaderboard of {leaderboard_entries} scores. "
        "They come from reference solutions of increasing strength (constant predictions, "
        "linear models, k-nearest neighbours, decision trees, forests, gradient boosting, "
        "cross-validated boosting and a blend) fitted on train.csv and scored on the hidden "
        "test labels, plus entries placed around them in the shape of a real leaderboard; "
        "they are a reference ladder, not human teams.",
        "",
    ]
    return "\n".join(lines)
