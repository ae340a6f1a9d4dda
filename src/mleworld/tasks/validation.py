"""Checks that a task directory is complete and gradeable: `validate_task(path)`.

Every check runs, and each failure is one line, so a broken task shows all its
problems at once (an empty list means the task is fine):

- structure: task.yaml (valid), description.md, public/, public/sample_submission.csv,
  private/answers.csv, private/leaderboard.csv;
- answers: readable, the id and target columns, unique non-empty ids, no missing
  labels, values of the right type for the metric (numbers, 0/1 for AUC and
  binary log loss, one-hot rows for multi-class log loss, non-negative for
  RMSLE, whole numbers for QWK), at least two classes where a metric needs them;
- sample submission: readable, exactly the id and target columns, the same ids
  as public/test.csv and as the answers (each compared when it exists, so a task
  missing its answers still has its sample checked against its test rows);
- train/test (when public/train.csv and public/test.csv exist): readable, no id
  in both, test ids equal to the answer ids, no label column in test, labels
  present in train (factory tasks);
- leaderboard: readable with numeric scores (at least 50 for factory tasks);
- scoring: the answers graded as a submission reach the metric's best value, a
  constant submission scores worse, and the sample submission grades.

This module reports problems; it fixes nothing, and grading itself lives in
grading.py.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from mleworld.errors import MleWorldError
from mleworld.tasks.metrics import Metric, get_metric
from mleworld.tasks.task import DESCRIPTION_FILE, TASK_FILE, Task, load_task

MIN_FACTORY_LEADERBOARD = 50
_TOLERANCE = 1e-6


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _read(path: Path, id_column: str | None, problems: list[str], what: str) -> pd.DataFrame | None:
    """A CSV read the way the grader reads it (ids as text); None and a problem if unreadable."""
    from mleworld.tasks.grading import read_submission

    if not path.is_file():
        return None
    try:
        if id_column is None:
            return pd.read_csv(path)
        return read_submission(path, id_column)
    except (MleWorldError, ValueError, OSError, UnicodeDecodeError) as exc:
        problems.append(f"{what} {path.name} is not a readable CSV ({_first_line(exc)})")
        return None


def _check_structure(root: Path, problems: list[str]) -> Task | None:
    task: Task | None = None
    if not (root / TASK_FILE).is_file():
        problems.append(f"{TASK_FILE} is missing")
    else:
        try:
            task = load_task(root)
        except MleWorldError as exc:
            problems.append(f"{TASK_FILE} is invalid: {exc}")
    description = root / DESCRIPTION_FILE
    if not description.is_file():
        problems.append(f"{DESCRIPTION_FILE} is missing")
    elif not description.read_text(encoding="utf-8", errors="replace").strip():
        problems.append(f"{DESCRIPTION_FILE} is empty")
    if not (root / "public").is_dir():
        problems.append("public/ is missing")
    elif not (root / "public" / "sample_submission.csv").is_file():
        problems.append("public/sample_submission.csv is missing")
    if not (root / "private" / "answers.csv").is_file():
        problems.append("private/answers.csv is missing")
    if not (root / "private" / "leaderboard.csv").is_file():
        problems.append("private/leaderboard.csv (the leaderboard) is missing")
    return task


def _check_answers(task: Task, answers: pd.DataFrame, metric: Metric, problems: list[str]) -> bool:
    """Problems with the answers' content; True when they are usable for scoring checks."""
    ok = True
    id_col = task.id_column
    missing = [c for c in [id_col, *task.target_columns] if c not in answers.columns]
    if missing:
        problems.append(f"answers.csv lacks column(s) {', '.join(missing)} named in task.yaml")
        return False
    ids = answers[id_col]
    if ids.isna().any() or (ids.astype(str).str.strip() == "").any():
        problems.append("answers.csv has rows with an empty id")
        ok = False
    if ids.duplicated().any():
        problems.append(f"answers.csv repeats {int(ids.duplicated().sum())} id(s)")
        ok = False
    if len(answers) == 0:
        problems.append("answers.csv has no rows")
        return False
    targets = answers[list(task.target_columns)]
    empty = [c for c in targets.columns if targets[c].isna().any()]
    if empty:
        problems.append(f"answers.csv has missing labels in {', '.join(empty)}")
        return False
    if metric.needs_numeric:
        numeric = targets.apply(pd.to_numeric, errors="coerce")
        bad = [c for c in numeric.columns if numeric[c].isna().any()]
        if bad:
            problems.append(
                f"answers.csv holds non-numeric labels in {', '.join(bad)} but {metric.name} "
                "needs numbers"
            )
            return False
        values = numeric.to_numpy(dtype=float)
        if metric.prediction == "probability":
            if not np.isin(values, (0.0, 1.0)).all():
                problems.append(
                    f"answers.csv labels for {metric.name} must be 0/1 (one-hot for classes)"
                )
                ok = False
            elif (
                values.shape[1] > 1
                and metric.rows_sum_to_one
                and not (values.sum(axis=1) == 1).all()
            ):
                problems.append("answers.csv class columns are not one-hot (each row needs one 1)")
                ok = False
            elif metric.name in ("auc", "auc_columnwise"):
                single = [
                    c for j, c in enumerate(targets.columns) if len(np.unique(values[:, j])) < 2
                ]
                if single:
                    problems.append(
                        f"answers.csv column(s) {', '.join(single)} hold one class only; "
                        f"{metric.name} is undefined"
                    )
                    ok = False
        if metric.nonnegative and (values < 0).any():
            problems.append(f"answers.csv has negative labels but {metric.name} needs values >= 0")
            ok = False
        if metric.name == "qwk" and not np.all(values == np.round(values)):
            problems.append("answers.csv labels for qwk must be whole numbers")
            ok = False
    if metric.prediction == "label":
        if metric.name == "qwk":
            numeric = pd.to_numeric(targets.iloc[:, 0], errors="coerce")
            if numeric.isna().any() or not np.all(numeric == np.round(numeric)):
                problems.append("answers.csv labels for qwk must be whole numbers")
                ok = False
        if all(targets[c].nunique() < 2 for c in targets.columns):
            problems.append(
                "answers.csv labels hold one class only; the metric cannot rank solutions"
            )
            ok = False
    return ok


def _check_sample(
    task: Task,
    sample: pd.DataFrame,
    answers: pd.DataFrame | None,
    test: pd.DataFrame | None,
    problems: list[str],
) -> None:
    expected = [task.id_column, *task.target_columns]
    columns = [str(c) for c in sample.columns]
    if set(columns) != set(expected) or len(columns) != len(expected):
        missing = [c for c in expected if c not in columns]
        extra = [c for c in columns if c not in expected]
        detail = "; ".join(
            part
            for part in (
                f"missing {', '.join(missing)}" if missing else "",
                f"extra {', '.join(extra)}" if extra else "",
            )
            if part
        )
        problems.append(
            f"sample_submission.csv columns differ from the id and target columns ({detail or 'repeated'})"
        )
    if task.id_column not in sample.columns:
        return
    # Against test.csv and the answers separately: either may be missing, and a
    # task whose answers are gone still has a sample that must match its test rows.
    for other, name in ((test, "test.csv's"), (answers, "the answers'")):
        if other is not None and task.id_column in other.columns:
            _compare_ids(sample, other, task.id_column, name, problems)


def _compare_ids(
    sample: pd.DataFrame, other: pd.DataFrame, id_column: str, name: str, problems: list[str]
) -> None:
    sample_ids = set(sample[id_column].astype(str))
    other_ids = set(other[id_column].astype(str))
    if len(sample) != len(other) or sample_ids != other_ids:
        problems.append(
            f"sample_submission.csv ids differ from {name} ({len(sample)} rows vs "
            f"{len(other)}; {len(sample_ids - other_ids)} unknown, "
            f"{len(other_ids - sample_ids)} missing)"
        )


def _check_train_test(
    task: Task,
    answers: pd.DataFrame | None,
    train: pd.DataFrame | None,
    test: pd.DataFrame | None,
    problems: list[str],
) -> None:
    train_path, test_path = task.public_dir / "train.csv", task.public_dir / "test.csv"
    labels = [str(c) for c in task.extra.get("label_columns") or task.target_columns]
    factory = task.created_by == "mleworld.factory"
    if factory:
        for path, frame in ((train_path, train), (test_path, test)):
            if not path.is_file():
                problems.append(f"public/{path.name} is missing")
            elif frame is not None and task.id_column not in frame.columns:
                problems.append(f"public/{path.name} lacks the id column {task.id_column}")
    if train is not None and factory:
        absent = [c for c in labels if c not in train.columns]
        if absent:
            problems.append(f"train.csv lacks the label column(s) {', '.join(absent)}")
        else:
            empty = [c for c in labels if train[c].isna().any()]
            if empty:
                problems.append(f"train.csv has missing labels in {', '.join(empty)}")
    if test is not None:
        leaked = [c for c in labels if c in test.columns and c != task.id_column]
        if leaked:
            problems.append(f"test.csv contains the label column(s) {', '.join(leaked)}")
    has_ids = [f is not None and task.id_column in f.columns for f in (train, test)]
    if all(has_ids):
        assert train is not None and test is not None
        overlap = set(train[task.id_column].astype(str)) & set(test[task.id_column].astype(str))
        if overlap:
            example = sorted(overlap)[0]
            problems.append(
                f"{len(overlap)} id(s) appear in both train.csv and test.csv (e.g. {example})"
            )
    if has_ids[1] and answers is not None and task.id_column in answers.columns:
        assert test is not None
        if set(test[task.id_column].astype(str)) != set(answers[task.id_column].astype(str)):
            problems.append("test.csv ids differ from the answers' ids")


def _check_leaderboard(task: Task, metric: Metric, problems: list[str]) -> None:
    from mleworld.tasks.leaderboard import load_leaderboard

    if not task.leaderboard_path.is_file():
        return
    try:
        board = load_leaderboard(task.leaderboard_path)
    except (MleWorldError, ValueError, OSError) as exc:
        problems.append(f"leaderboard.csv is unusable: {_first_line(exc)}")
        return
    if "score" not in board.columns:
        problems.append("leaderboard.csv has no score column")
        return
    scores = pd.to_numeric(board["score"], errors="coerce").dropna()
    if scores.empty:
        problems.append("leaderboard.csv has no numeric scores")
        return
    if task.created_by == "mleworld.factory" and len(scores) < MIN_FACTORY_LEADERBOARD:
        problems.append(
            f"leaderboard.csv has {len(scores)} scores; a factory task needs at least "
            f"{MIN_FACTORY_LEADERBOARD}"
        )
    ideal = 1.0 if metric.higher_is_better else 0.0
    beyond = scores > ideal + _TOLERANCE if metric.higher_is_better else scores < ideal - _TOLERANCE
    if metric.name not in ("r2",) and beyond.any():
        problems.append(
            f"leaderboard.csv has scores beyond the best possible {metric.name} ({ideal:g})"
        )


def _constant_submission(task: Task, answers: pd.DataFrame, metric: Metric) -> pd.DataFrame:
    sub = answers[[task.id_column]].copy()
    targets = list(task.target_columns)
    for col in targets:
        if metric.prediction == "label":
            counts = answers[col].astype(str).value_counts()
            sub[col] = sorted(counts.index[counts == counts.max()])[0]
        elif metric.prediction == "probability":
            sub[col] = 1.0 / len(targets) if metric.rows_sum_to_one and len(targets) > 1 else 0.5
        else:
            sub[col] = float(pd.to_numeric(answers[col]).mean())
    return sub


def _check_scoring(task: Task, answers: pd.DataFrame, metric: Metric, problems: list[str]) -> None:
    from mleworld.tasks.grading import grade, grade_file

    ideal = 1.0 if metric.higher_is_better else 0.0
    perfect: float | None = None
    try:
        perfect = grade(answers[[task.id_column, *task.target_columns]].copy(), answers, task)
        if abs(perfect - ideal) > _TOLERANCE:
            problems.append(
                f"the answers graded as a submission score {perfect:.6g}, not the best possible "
                f"{ideal:g}"
            )
    except MleWorldError as exc:
        problems.append(f"the answers cannot be graded as a submission: {_first_line(exc)}")
    try:
        constant = grade(_constant_submission(task, answers, metric), answers, task)
        if perfect is not None:
            better = constant < perfect if metric.higher_is_better else constant > perfect
            if not better:
                problems.append(
                    f"a constant submission scores {constant:.6g}, as well as the answers; "
                    "the metric cannot tell solutions apart"
                )
    except MleWorldError as exc:
        problems.append(f"a constant submission cannot be graded: {_first_line(exc)}")
    if task.sample_submission_path.is_file():
        try:
            result = grade_file(task, task.sample_submission_path)
        except MleWorldError as exc:
            problems.append(f"the sample submission cannot be graded: {_first_line(exc)}")
        else:
            if not result.valid:
                problems.append(f"the sample submission is rejected by the grader: {result.error}")


def validate_task(path: str | Path) -> list[str]:
    """Every failed check of the task at `path`, one line each; [] when it is fine."""
    root = Path(path)
    if not root.is_dir():
        return [f"{root} is not a directory"]
    problems: list[str] = []
    task = _check_structure(root, problems)
    if task is None:
        return problems
    metric = get_metric(task.metric)
    answers = _read(task.answers_path, task.id_column, problems, "private")
    usable = answers is not None and _check_answers(task, answers, metric, problems)
    train = _read(task.public_dir / "train.csv", task.id_column, problems, "public")
    test = _read(task.public_dir / "test.csv", task.id_column, problems, "public")
    sample = _read(task.sample_submission_path, task.id_column, problems, "public")
    if sample is not None:
        _check_sample(task, sample, answers, test, problems)
    _check_train_test(task, answers, train, test, problems)
    _check_leaderboard(task, metric, problems)
    if usable and answers is not None:
        _check_scoring(task, answers, metric, problems)
    return problems
