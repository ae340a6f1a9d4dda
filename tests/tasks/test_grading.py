"""Grading real CSVs: every invalid-submission kind, alignment, scores, ranking."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from sklearn import metrics as skm

from mleworld.errors import InvalidSubmission, TaskError
from mleworld.tasks.grading import ROW_SUM_TOLERANCE, GradeResult, grade, grade_file
from mleworld.tasks.task import Task, load_task

CLASSES = ["setosa", "versicolor", "virginica"]
RESULT_KEYS = [
    "score",
    "valid",
    "error",
    "percentile",
    "medal",
    "above_median",
    "gold_threshold",
    "silver_threshold",
    "bronze_threshold",
    "median_threshold",
    "is_lower_better",
    "normalized_score",
]


def write_task(
    root: Path,
    metric: str,
    answers: pd.DataFrame,
    targets: list[str],
    leaderboard: list[float] | None = None,
    id_column: str = "id",
) -> Task:
    """A task directory written by hand, the way MLE-bench lays one out."""
    (root / "public").mkdir(parents=True)
    (root / "private").mkdir()
    target_lines = "".join(f"  - {t}\n" for t in targets)
    (root / "task.yaml").write_text(
        f"id: {root.name}\nname: {root.name}\nmetric: {metric}\n"
        f"id_column: {id_column}\ntarget_columns:\n{target_lines}"
    )
    (root / "description.md").write_text(f"Predict {', '.join(targets)}.\n")
    sample = answers[[id_column]].copy()
    for t in targets:
        sample[t] = 0
    sample.to_csv(root / "public" / "sample_submission.csv", index=False)
    answers.to_csv(root / "private" / "answers.csv", index=False)
    if leaderboard is not None:
        pd.DataFrame({"teamId": range(len(leaderboard)), "score": leaderboard}).to_csv(
            root / "private" / "leaderboard.csv", index=False
        )
    return load_task(root)


@pytest.fixture
def multiclass(tmp_path: Path) -> Task:
    """Three-class log loss, one probability column per class; 120-team ladder."""
    rng = np.random.default_rng(0)
    labels = rng.integers(0, 3, 30)
    answers = pd.DataFrame({"id": [f"r{i:03d}" for i in range(30)]})
    for j, c in enumerate(CLASSES):
        answers[c] = (labels == j).astype(int)
    ladder = list(np.linspace(0.05, 1.2, 120))  # lower is better, best first
    return write_task(tmp_path / "iris", "logloss", answers, CLASSES, ladder)


@pytest.fixture
def regression(tmp_path: Path) -> Task:
    answers = pd.DataFrame({"id": range(1, 21), "price": np.linspace(1.0, 40.0, 20)})
    return write_task(tmp_path / "houses", "rmsle", answers, ["price"])


@pytest.fixture
def labels(tmp_path: Path) -> Task:
    answers = pd.DataFrame(
        {"PassengerId": range(100, 110), "Survived": [0, 1, 1, 0, 1, 0, 0, 1, 1, 0]}
    )
    return write_task(
        tmp_path / "titanic", "accuracy", answers, ["Survived"], [1.0, 0.9, 0.8], "PassengerId"
    )


def answers_of(task: Task) -> pd.DataFrame:
    return pd.read_csv(task.answers_path, dtype={task.id_column: str})


def perfect(task: Task) -> pd.DataFrame:
    return answers_of(task).copy()


def noisy_probabilities(task: Task, seed: int = 1) -> pd.DataFrame:
    sub = perfect(task)
    rng = np.random.default_rng(seed)
    raw = sub[CLASSES].to_numpy(float) + rng.random((len(sub), 3))
    sub[CLASSES] = raw / raw.sum(axis=1, keepdims=True)
    return sub


# ---------------------------------------------------------------- scoring


def test_multiclass_logloss_matches_sklearn(multiclass: Task) -> None:
    sub = noisy_probabilities(multiclass)
    truth = answers_of(multiclass)[CLASSES].to_numpy().argmax(axis=1)
    expected = skm.log_loss(truth, sub[CLASSES].to_numpy(), labels=[0, 1, 2])
    assert grade(sub, answers_of(multiclass), multiclass) == pytest.approx(expected)


def test_rows_are_aligned_by_id_whatever_their_order(multiclass: Task) -> None:
    sub = noisy_probabilities(multiclass)
    in_order = grade(sub, answers_of(multiclass), multiclass)
    shuffled = sub.sample(frac=1.0, random_state=3)[["id", *reversed(CLASSES)]]
    assert not shuffled["id"].equals(sub["id"])
    assert grade(shuffled, answers_of(multiclass), multiclass) == pytest.approx(in_order)


def test_misaligned_rows_would_score_differently(multiclass: Task) -> None:
    # guards the test above: scoring by position instead of id changes the number
    sub = noisy_probabilities(multiclass)
    rolled = sub.copy()
    rolled[CLASSES] = np.roll(sub[CLASSES].to_numpy(), 5, axis=0)
    assert grade(rolled, answers_of(multiclass), multiclass) != pytest.approx(
        grade(sub, answers_of(multiclass), multiclass)
    )


def test_label_ids_match_across_int_float_and_text(labels: Task) -> None:
    answers = pd.read_csv(labels.answers_path)  # ids as integers
    sub = answers.copy()
    sub["PassengerId"] = sub["PassengerId"].astype(float)
    sub["Survived"] = sub["Survived"].astype(str)
    sub.loc[0, "Survived"] = "1"  # one wrong label of ten
    assert grade(sub, answers, labels) == pytest.approx(0.9)


def test_rmsle_score_matches_sklearn(regression: Task) -> None:
    answers = pd.read_csv(regression.answers_path)
    sub = answers.assign(price=answers["price"] * 1.1 + 0.5)
    expected = skm.root_mean_squared_log_error(answers["price"], sub["price"])
    assert grade(sub, answers, regression) == pytest.approx(expected)


# ---------------------------------------------------------------- invalid kinds

Mutation = Callable[[pd.DataFrame], pd.DataFrame]


def _set(col: str, row: int, value: object) -> Mutation:
    def mutate(sub: pd.DataFrame) -> pd.DataFrame:
        sub = sub.copy()
        if not isinstance(value, float | int):
            sub[col] = sub[col].astype(object)
        sub.loc[row, col] = value
        return sub

    return mutate


def _shift_row(row: int, delta: float) -> Mutation:
    def mutate(sub: pd.DataFrame) -> pd.DataFrame:
        sub = sub.copy()
        sub.loc[row, CLASSES] = sub.loc[row, CLASSES].to_numpy(float) + delta
        return sub

    return mutate


INVALID_MULTICLASS: dict[str, tuple[Mutation, str]] = {
    "missing id column": (lambda s: s.drop(columns="id"), "lacks the id column 'id'"),
    "id column misspelt": (
        lambda s: s.rename(columns={"id": "ID"}),
        "lacks the id column 'id' (found 'ID')",
    ),
    "missing target": (
        lambda s: s.drop(columns="virginica"),
        "lacks target column 'virginica'",
    ),
    "extra column": (lambda s: s.assign(note="x"), "has extra column 'note'"),
    "too few rows": (lambda s: s.iloc[:-2], "has 28 rows but the test set has 30"),
    "too many rows": (
        lambda s: pd.concat([s, s.iloc[:1]]),
        "has 31 rows but the test set has 30",
    ),
    "duplicate ids": (
        lambda s: s.assign(id=list(s["id"][:-1]) + [s["id"].iloc[0]]),
        "repeats 1 id (e.g. 'r000')",
    ),
    "foreign ids": (
        lambda s: s.assign(id=[f"x{i}" if i < 4 else v for i, v in enumerate(s["id"])]),
        "4 submission ids are not in the test set (e.g. 'x0', 'x1', 'x2') and 4 test ids "
        "are missing (e.g. 'r000', 'r001', 'r002')",
    ),
    "nan prediction": (_set("setosa", 3, np.nan), "column 'setosa' has 1 empty/NaN"),
    "non-numeric": (_set("versicolor", 2, "high"), "column 'versicolor' has 1 non-numeric"),
    "infinite": (_set("setosa", 0, np.inf), "1 infinite prediction;"),
    "probability above one": (_set("setosa", 5, 1.7), "outside [0, 1] (e.g. 1.7 in 'setosa')"),
    "negative probability": (
        _set("virginica", 1, -0.2),
        "outside [0, 1] (e.g. -0.2 in 'virginica')",
    ),
    "rows not summing to one": (_shift_row(4, 0.1), "not sum to 1 within 0.01"),
}


@pytest.mark.parametrize("kind", sorted(INVALID_MULTICLASS))
def test_each_invalid_kind_has_its_own_one_line_error(multiclass: Task, kind: str) -> None:
    mutate, expected = INVALID_MULTICLASS[kind]
    sub = mutate(noisy_probabilities(multiclass))
    with pytest.raises(InvalidSubmission) as info:
        grade(sub, answers_of(multiclass), multiclass)
    message = str(info.value)
    assert expected in message
    assert "\n" not in message
    assert ";" in message  # every message says how to fix it after the problem


def test_invalid_kinds_get_distinct_messages(multiclass: Task) -> None:
    messages = set()
    for mutate, _ in INVALID_MULTICLASS.values():
        with pytest.raises(InvalidSubmission) as info:
            grade(mutate(noisy_probabilities(multiclass)), answers_of(multiclass), multiclass)
        messages.add(str(info.value).split(";")[0])
    assert len(messages) == len(INVALID_MULTICLASS)


def test_row_sum_tolerance_is_applied(multiclass: Task) -> None:
    answers = answers_of(multiclass)
    inside = _shift_row(0, ROW_SUM_TOLERANCE / 3 * 0.9)(noisy_probabilities(multiclass))
    grade(inside, answers, multiclass)  # 0.009 off in total: accepted
    outside = _shift_row(0, ROW_SUM_TOLERANCE / 3 * 1.2)(noisy_probabilities(multiclass))
    with pytest.raises(InvalidSubmission, match="does not sum to 1"):
        grade(outside, answers, multiclass)


def test_negative_values_are_refused_for_rmsle(regression: Task) -> None:
    answers = pd.read_csv(regression.answers_path)
    sub = answers.assign(price=answers["price"] - 5.0)
    with pytest.raises(InvalidSubmission, match=r"2 negative predictions.*values >= 0"):
        grade(sub, answers, regression)


def test_booleans_are_not_numbers(regression: Task) -> None:
    answers = pd.read_csv(regression.answers_path)
    sub = answers.assign(price=answers["price"] > 10)
    with pytest.raises(InvalidSubmission, match="holds True/False"):
        grade(sub, answers, regression)


def test_label_metrics_accept_text_but_not_missing_values(labels: Task) -> None:
    answers = pd.read_csv(labels.answers_path)
    sub = answers.assign(Survived=["yes"] * 10)
    assert grade(sub, answers, labels) == 0.0
    sub.loc[2, "Survived"] = None
    with pytest.raises(InvalidSubmission, match="column 'Survived' has 1 empty/NaN"):
        grade(sub, answers, labels)


def test_qwk_needs_numeric_ratings(tmp_path: Path) -> None:
    answers = pd.DataFrame({"id": range(6), "rating": [0, 1, 2, 3, 2, 1]})
    task = write_task(tmp_path / "essays", "qwk", answers, ["rating"])
    assert grade(answers.copy(), answers, task) == pytest.approx(1.0)
    with pytest.raises(InvalidSubmission, match="non-numeric value.*needs numbers"):
        grade(answers.assign(rating=["good"] * 6), answers, task)


def test_broken_answers_are_a_task_error(multiclass: Task) -> None:
    answers = answers_of(multiclass).drop(columns="setosa")
    with pytest.raises(TaskError, match="answers lack column"):
        grade(noisy_probabilities(multiclass), answers, multiclass)


def test_unscorable_answers_are_a_task_error(tmp_path: Path) -> None:
    answers = pd.DataFrame({"id": range(4), "y": [1, 1, 1, 1]})
    task = write_task(tmp_path / "one-class", "auc", answers, ["y"])
    with pytest.raises(TaskError, match="metric auc cannot score these answers"):
        grade(answers.assign(y=[0.1, 0.2, 0.3, 0.4]), answers, task)


# ---------------------------------------------------------------- files and ranking


def test_perfect_file_gets_gold_and_top_percentile(multiclass: Task, tmp_path: Path) -> None:
    path = tmp_path / "submission.csv"
    perfect(multiclass).to_csv(path, index=False)
    result = grade_file(multiclass, path)
    assert isinstance(result, GradeResult)
    data = result.to_dict()
    assert list(data) == RESULT_KEYS
    assert data["valid"] is True and data["error"] is None
    assert data["score"] == pytest.approx(0.0, abs=1e-12)
    assert data["medal"] == "gold" and data["percentile"] == 100.0
    assert data["above_median"] is True and data["is_lower_better"] is True
    ladder = np.linspace(0.05, 1.2, 120)
    assert data["gold_threshold"] == pytest.approx(ladder[9])  # 100-249 teams: top 10
    assert data["silver_threshold"] == pytest.approx(ladder[23])  # int(120 * 0.2) = 24
    assert data["bronze_threshold"] == pytest.approx(ladder[47])  # int(120 * 0.4) = 48
    assert data["median_threshold"] == pytest.approx(np.median(ladder))


def test_middling_file_lands_mid_ladder(multiclass: Task, tmp_path: Path) -> None:
    path = tmp_path / "submission.csv"
    sub = noisy_probabilities(multiclass)
    sub.to_csv(path, index=False)
    result = grade_file(multiclass, path)
    score = grade(sub, answers_of(multiclass), multiclass)
    ladder = np.linspace(0.05, 1.2, 120)
    assert result.valid and result.score == pytest.approx(score)
    assert result.percentile == pytest.approx(100 * np.mean(ladder > score))
    assert result.medal is None and result.above_median is bool(score < np.median(ladder))


def test_invalid_file_keeps_thresholds_but_no_rank(multiclass: Task, tmp_path: Path) -> None:
    path = tmp_path / "submission.csv"
    noisy_probabilities(multiclass).drop(columns="setosa").to_csv(path, index=False)
    data = grade_file(multiclass, path).to_dict()
    assert data["valid"] is False and data["score"] is None
    assert "lacks target column 'setosa'" in data["error"]
    assert data["percentile"] is None and data["medal"] is None and data["above_median"] is False
    assert data["gold_threshold"] is not None and data["median_threshold"] is not None


def test_without_leaderboard_only_the_score(regression: Task, tmp_path: Path) -> None:
    path = tmp_path / "submission.csv"
    path.write_text("id,price\n" + "".join(f"{i},{i * 2.0}\n" for i in range(1, 21)))
    data = grade_file(regression, path).to_dict()
    assert data["valid"] is True and data["score"] > 0
    assert data["percentile"] is None and data["medal"] is None
    assert data["gold_threshold"] is None and data["is_lower_better"] is True


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", "is empty"),
        (b"\n\n", "is empty"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe", "is not a readable CSV"),
        (b'id,setosa,versicolor,virginica\n"r000,0.2\n', "is not a readable CSV"),
        (b"id,setosa,setosa,virginica\nr000,1,0,0\n", "repeats column 'setosa'"),
        (b"id,setosa,versicolor,virginica\n", "has 0 rows but the test set has 30"),
    ],
    ids=["empty", "blank-lines", "binary", "unclosed-quote", "repeated-column", "header-only"],
)
def test_unreadable_files_are_invalid_with_a_reason(
    multiclass: Task, tmp_path: Path, content: bytes, expected: str
) -> None:
    path = tmp_path / "submission.csv"
    path.write_bytes(content)
    result = grade_file(multiclass, path)
    assert result.valid is False and result.score is None
    assert expected in result.error and "\n" not in result.error


def test_missing_file_and_directory_are_invalid(multiclass: Task, tmp_path: Path) -> None:
    missing = grade_file(multiclass, tmp_path / "nothing.csv")
    assert not missing.valid and "does not exist" in missing.error
    folder = grade_file(multiclass, tmp_path)
    assert not folder.valid and "is a directory" in folder.error


def test_text_ids_stay_exact(tmp_path: Path) -> None:
    answers = pd.DataFrame({"code": ["007", "NA", "1e3", "x"], "y": [1.0, 2.0, 3.0, 4.0]})
    task = write_task(tmp_path / "codes", "mae", answers, ["y"], id_column="code")
    good = tmp_path / "good.csv"
    good.write_text("code,y\nx,4\n1e3,3\nNA,2\n007,1\n")
    assert grade_file(task, good).score == pytest.approx(0.0)
    bad = tmp_path / "bad.csv"
    bad.write_text("code,y\n7,1\nNA,2\n1e3,3\nx,4\n")  # "7" is not "007"
    result = grade_file(task, bad)
    assert not result.valid and "e.g. '7'" in result.error and "e.g. '007'" in result.error


def test_byte_order_mark_and_empty_cells(regression: Task, tmp_path: Path) -> None:
    path = tmp_path / "submission.csv"
    rows = "".join(f"{i},{i}\n" for i in range(1, 20)) + "20,\n"
    path.write_bytes(b"\xef\xbb\xbf" + ("id,price\n" + rows).encode())
    result = grade_file(regression, path)
    assert not result.valid and "column 'price' has 1 empty/NaN" in result.error


def test_task_without_answers_is_a_task_error(multiclass: Task, tmp_path: Path) -> None:
    multiclass.answers_path.unlink()
    with pytest.raises(TaskError, match="no .*answers.csv"):
        grade_file(multiclass, tmp_path / "submission.csv")


def test_task_direction_overrides_the_metric(tmp_path: Path) -> None:
    answers = pd.DataFrame({"id": range(5), "y": [1.0, 2.0, 3.0, 4.0, 5.0]})
    task = write_task(tmp_path / "odd", "mae", answers, ["y"], leaderboard=[0.0, 1.0, 2.0])
    flipped = Task(**{**task.__dict__, "direction": "maximize"})
    path = tmp_path / "submission.csv"
    answers.assign(y=answers["y"] + 1.5).to_csv(path, index=False)
    result = grade_file(flipped, path)
    assert result.is_lower_better is False
    assert result.score == pytest.approx(1.5) and result.percentile == pytest.approx(200 / 3)
