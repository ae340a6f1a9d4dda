"""The task factory on small synthetic tables: layout, encodings, splits,
reference leaderboard, determinism and the errors bad input gets."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mleworld.errors import MleWorldError
from mleworld.tasks.factory import create_task, read_table
from mleworld.tasks.grading import grade_file
from mleworld.tasks.leaderboard import load_leaderboard, medal_positions
from mleworld.tasks.reference_shape import team_count
from mleworld.tasks.reference_summary import LadderSummary
from mleworld.tasks.task import load_task

WORDS = ["good", "bad", "fine", "great", "awful", "ok", "nice", "poor"]


def make_frame(n: int = 240, seed: int = 0) -> pd.DataFrame:
    """A table with numeric, categorical, text, date and group columns and several targets."""
    rng = np.random.default_rng(seed)
    x1 = rng.normal(size=n)
    x2 = rng.uniform(0, 10, n)
    color = rng.choice(["red", "green", "blue"], n)
    logit = 1.8 * x1 + 0.3 * x2 - 1.5 + (color == "red")
    label = np.where(rng.random(n) < 1 / (1 + np.exp(-logit)), "yes", "no")
    notes = [" ".join(rng.choice(WORDS, 6)) + (" great" if lab == "yes" else "") for lab in label]
    return pd.DataFrame(
        {
            "x1": x1,
            "x2": x2,
            "color": color,
            "note": notes,
            "day": pd.date_range("2021-01-01", periods=n, freq="D").strftime("%Y-%m-%d"),
            "shop": rng.integers(0, 12, n),
            "label": label,
            "species": np.select([x1 < -0.4, x1 < 0.5], ["ant", "bee"], "cat"),
            "amount": np.exp(0.5 * x1 + 0.1 * x2) + rng.uniform(0, 0.2, n),
            "count": rng.poisson(np.exp(0.3 * x2 / 10 + 0.5 * (x1 > 0))),
            "flag_a": (x1 + rng.normal(0, 0.5, n) > 0).astype(int),
            "flag_b": np.where(x2 + rng.normal(0, 2, n) > 5, "on", "off"),
        }
    )


def files_of(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def features(frame: pd.DataFrame, *keep: str) -> pd.DataFrame:
    base = ["x1", "x2", "color", "note", "day", "shop"]
    return frame[base + list(keep)]


@pytest.fixture(scope="module")
def binary_task(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("factory") / "binary"
    create_task(features(make_frame(), "label"), "label", "auc", "binary-demo", out)
    return out


def test_same_inputs_and_seed_give_byte_identical_files(binary_task: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    create_task(features(make_frame(), "label"), "label", "auc", "binary-demo", again)
    first, second = files_of(binary_task), files_of(again)
    assert sorted(first) == sorted(second)
    assert [name for name in first if first[name] != second[name]] == []

    other = tmp_path / "other-seed"
    create_task(features(make_frame(), "label"), "label", "auc", "binary-demo", other, seed=1)
    assert files_of(other)["private/answers.csv"] != first["private/answers.csv"]


def test_binary_task_layout_labels_and_ids(binary_task: Path) -> None:
    task = load_task(binary_task)
    assert (task.metric, task.direction, task.id_column) == ("auc", "maximize", "id")
    assert task.target_columns == ("label",)
    assert task.extra["positive_class"] == {"label": "yes"}
    assert task.created_by == "mleworld.factory"

    train = pd.read_csv(task.public_dir / "train.csv")
    test = pd.read_csv(task.public_dir / "test.csv")
    answers = pd.read_csv(task.answers_path)
    sample = pd.read_csv(task.sample_submission_path)
    assert "label" not in test.columns
    assert set(train["label"]) == {0, 1} and set(answers["label"]) == {0, 1}
    assert list(sample.columns) == ["id", "label"] and list(answers.columns) == ["id", "label"]
    assert sample["label"].between(0, 1).all() and sample["label"].nunique() == 1
    ids = pd.concat([train["id"], test["id"]])
    assert sorted(ids) == list(range(240))
    assert set(test["id"]) == set(answers["id"]) == set(sample["id"])
    assert len(test) == 48
    # stratified: the positive share is about the same on both sides
    assert abs(train["label"].mean() - answers["label"].mean()) < 0.03

    source = features(make_frame(), "label")
    positives = (source["label"] == "yes").sum()
    assert train["label"].sum() + answers["label"].sum() == positives


def test_reference_leaderboard_is_a_real_ladder(binary_task: Path) -> None:
    task = load_task(binary_task)
    board = load_leaderboard(task.leaderboard_path)
    summary = LadderSummary.of(task)
    assert summary is not None
    # Sized like an MLE-bench leaderboard with at least 250 teams.
    assert len(board) == summary.teams == team_count("binary-demo", 0) >= 250
    assert {"teamId", "teamName", "score"} <= set(board.columns)
    scores = board["score"].to_numpy()
    assert np.all(np.diff(scores) <= 0), "best first for a higher-is-better metric"
    fitted = board[board["reference"].str.startswith("fitted")].set_index("teamName")["score"]
    assert {
        "ref-constant-train-prior",
        "ref-linear",
        "ref-forest",
        "ref-lightgbm",
        "ref-lightgbm-tuned",
        "ref-lightgbm-cv",
        "ref-hist-gbm-cv",
        "ref-linear-cv",
        "ref-forest-oob",
        "ref-blend",
    } <= set(fitted.index)
    # Every reference's score in task.yaml is the one on the ladder.
    for name, score in fitted.items():
        assert summary.references[name.removeprefix("ref-")] == score
    # The constant prediction is the bottom row; the strongest reference sets gold.
    assert board.iloc[-1]["teamName"] == "ref-constant-train-prior"
    assert summary.strongest_score == max(summary.references.values())
    gold = medal_positions(len(board))[0]
    assert board.iloc[gold - 1]["score"] == summary.strongest_score
    above = board.iloc[: gold - 1]
    assert above["teamName"].str.startswith("ref-above-").all()
    room = max(summary.score_se, 1e-3 * (summary.strongest_score - summary.constant))
    assert (above["score"] <= min(1.0, summary.strongest_score + room) + 1e-9).all()
    assert summary.score_se > 0 and summary.best_possible == 1.0
    assert board["score"].nunique() > 0.9 * len(board), "rungs stay apart"
    # The constant reference predicts the train prior, exactly what the sample submission holds.
    sample = grade_file(task, task.sample_submission_path)
    assert sample.valid and sample.score == pytest.approx(
        fitted["ref-constant-train-prior"], rel=1e-5
    )
    assert sample.normalized_score == pytest.approx(0.0, abs=1e-4)
    assert sample.percentile < 0.1
    assert fitted.max() > 0.8, "the strong references learn the signal"
    assert fitted["ref-blend"] >= fitted["ref-lightgbm"] - 0.02
    note = (task.private_dir / "README.md").read_text()
    assert "NOT human teams" in note and "lightgbm-tuned" in note and "blend" in note
    assert f"holds {len(board)} scores" in note


def test_an_explicit_ladder_size_is_kept(tmp_path: Path) -> None:
    task = create_task(
        features(make_frame(), "label"),
        "label",
        "auc",
        "small-board",
        tmp_path / "t",
        leaderboard_entries=60,
    )
    board = load_leaderboard(task.leaderboard_path)
    assert len(board) == 60
    gold = medal_positions(60)[0]
    assert board.iloc[gold - 1]["score"] == LadderSummary.of(task).strongest_score


def test_description_is_written_from_the_data(binary_task: Path) -> None:
    text = load_task(binary_task).description
    for expected in (
        "auc",
        "higher is better",
        "`train.csv`: 192 rows",
        "`test.csv`: 48 rows",
        "`color` (categorical): 3 values: blue, green, red",
        "`note` (text",
        "`day` (datetime",
        "1 means 'yes'",
        "not human teams",
        "id,label\n",
    ):
        assert expected in text, expected


def test_multiclass_logloss_uses_one_column_per_class(tmp_path: Path) -> None:
    task = create_task(
        features(make_frame(), "species"), "species", "logloss", "species", tmp_path / "t"
    )
    assert task.target_columns == ("ant", "bee", "cat")
    assert task.extra["label_columns"] == ["species"]
    train = pd.read_csv(task.public_dir / "train.csv")
    assert set(train["species"]) == {"ant", "bee", "cat"}
    answers = pd.read_csv(task.answers_path)
    assert (answers[["ant", "bee", "cat"]].sum(axis=1) == 1).all()
    sample = pd.read_csv(task.sample_submission_path)
    assert sample[["ant", "bee", "cat"]].sum(axis=1).sub(1).abs().max() < 1e-9
    board = load_leaderboard(task.leaderboard_path)
    assert np.all(np.diff(board["score"].to_numpy()) >= 0), "best first for log loss"
    assert grade_file(task, task.sample_submission_path).valid


def test_grouped_split_keeps_groups_apart_for_multitarget_regression(tmp_path: Path) -> None:
    task = create_task(
        features(make_frame(), "amount", "count"),
        "amount,count",
        "rmsle_columnwise",
        "amounts",
        tmp_path / "t",
        group_column="shop",
    )
    assert task.target_columns == ("amount", "count")
    assert task.extra["split"] == "group"
    train = pd.read_csv(task.public_dir / "train.csv")
    test = pd.read_csv(task.public_dir / "test.csv")
    assert set(train["shop"]).isdisjoint(set(test["shop"]))
    assert 0.1 < len(test) / 240 < 0.35
    board = load_leaderboard(task.leaderboard_path)
    assert np.all(np.diff(board["score"].to_numpy()) >= 0)


def test_time_split_holds_out_the_latest_rows(tmp_path: Path) -> None:
    frame = features(make_frame(), "amount").sample(frac=1.0, random_state=3)
    task = create_task(frame, "amount", "mae", "amount-time", tmp_path / "t", time_column="day")
    train = pd.read_csv(task.public_dir / "train.csv")
    test = pd.read_csv(task.public_dir / "test.csv")
    assert len(test) == 48
    assert train["day"].max() < test["day"].min()
    assert "last 20% of the rows by `day`" in task.description


def test_multilabel_and_existing_id_column(tmp_path: Path) -> None:
    frame = features(make_frame(), "flag_a", "flag_b")
    frame.insert(0, "row", [f"r{i:03d}" for i in range(len(frame))])
    task = create_task(
        frame, ["flag_a", "flag_b"], "auc_columnwise", "flags", tmp_path / "t", id_column="row"
    )
    assert task.id_column == "row" and task.target_columns == ("flag_a", "flag_b")
    assert task.extra["positive_class"] == {"flag_a": 1, "flag_b": "on"}
    answers = pd.read_csv(task.answers_path)
    assert answers["row"].str.startswith("r").all()
    assert set(answers["flag_b"]) == {0, 1}
    assert grade_file(task, task.sample_submission_path).valid


def test_label_metric_keeps_labels_as_they_are(tmp_path: Path) -> None:
    task = create_task(
        features(make_frame(), "species"), "species", "accuracy", "acc", tmp_path / "t"
    )
    answers = pd.read_csv(task.answers_path)
    sample = pd.read_csv(task.sample_submission_path)
    assert set(answers["species"]) == {"ant", "bee", "cat"}
    assert sample["species"].nunique() == 1 and sample["species"].iloc[0] in {"ant", "bee", "cat"}


@pytest.mark.parametrize(
    ("change", "kwargs", "message"),
    [
        (None, {"target": "nope"}, "target column 'nope' is not in the data"),
        (None, {"metric": "precision"}, "unknown metric 'precision'"),
        (lambda f: f.head(12), {}, "at least 30"),
        (lambda f: f.assign(label="yes"), {}, "only one class"),
        (None, {"target": "color", "metric": "rmse"}, "needs a numeric target"),
        (None, {"target": "species", "metric": "auc"}, "needs a binary target"),
        (None, {"target": "species", "metric": "qwk"}, "whole-number ordinal labels"),
        (
            lambda f: f.assign(amount=-f["amount"]),
            {"target": "amount", "metric": "rmsle"},
            "non-negative",
        ),
        (None, {"id_column": "shop"}, "missing or repeated values"),
        (lambda f: f.assign(id=1), {}, "column 'id' that is not a unique row id"),
        (None, {"group_column": "absent"}, "--group-column 'absent' is not a column"),
        (None, {"test_size": 1.5}, "between 0 and 1"),
        (None, {"name": "bad/name"}, "not usable as an id"),
    ],
)
def test_bad_input_gets_one_clear_line(
    tmp_path: Path, change: object, kwargs: dict[str, object], message: str
) -> None:
    frame = make_frame()
    if callable(change):
        frame = change(frame)
    args: dict[str, object] = {
        "target": "label",
        "metric": "auc",
        "name": "t",
        "out": tmp_path / "o",
    }
    args.update(kwargs)
    with pytest.raises(MleWorldError) as info:
        create_task(frame, **args)  # type: ignore[arg-type]
    assert message in str(info.value)
    assert "\n" not in str(info.value)
    assert not (tmp_path / "o").exists()


def test_refuses_a_non_empty_output_directory(tmp_path: Path) -> None:
    (tmp_path / "o").mkdir()
    (tmp_path / "o" / "keep.txt").write_text("mine")
    with pytest.raises(MleWorldError, match="not empty"):
        create_task(make_frame(), "label", "auc", "t", tmp_path / "o")
    assert (tmp_path / "o" / "keep.txt").read_text() == "mine"


def test_read_table_reads_csv_and_parquet_and_names_problems(tmp_path: Path) -> None:
    frame = make_frame(40)
    frame.to_csv(tmp_path / "d.csv", index=False)
    frame.to_parquet(tmp_path / "d.parquet")
    assert read_table(tmp_path / "d.csv").shape == frame.shape
    assert read_table(tmp_path / "d.parquet").equals(frame)
    with pytest.raises(MleWorldError, match="does not exist"):
        read_table(tmp_path / "missing.csv")
    (tmp_path / "bad.parquet").write_bytes(b"not parquet at all")
    with pytest.raises(MleWorldError, match="cannot read"):
        read_table(tmp_path / "bad.parquet")
