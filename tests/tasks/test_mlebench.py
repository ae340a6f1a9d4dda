"""Importing competitions laid out as MLE-bench prepares them (synthetic, small)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mleworld.errors import MleWorldError
from mleworld.tasks.grading import grade_file
from mleworld.tasks.mlebench import LITE, import_mlebench
from mleworld.tasks.validation import validate_task

AUTHORS = ["EAP", "HPL", "MWS"]


def mlebench_leaderboard(path: Path, scores: list[float]) -> Path:
    """A leaderboard in MLE-bench's own column layout."""
    pd.DataFrame(
        {
            "scoreNullable": scores,
            "teamId": range(1, len(scores) + 1),
            "hasTeamName": True,
            "submissionDate": "2017-12-15 00:00:00",
            "score": scores,
            "hasScore": True,
        }
    ).to_csv(path, index=False)
    return path


@pytest.fixture
def spooky(tmp_path: Path) -> Path:
    """spooky-author-identification as MLE-bench prepares it (answers in private/test.csv)."""
    rng = np.random.default_rng(0)
    comp = tmp_path / "spooky-author-identification"
    prepared = comp / "prepared"
    (prepared / "public").mkdir(parents=True)
    (prepared / "private").mkdir()
    ids = [f"id{i:05d}" for i in range(60)]
    authors = rng.choice(AUTHORS, 60)
    texts = [f"sentence number {i} by someone" for i in range(60)]
    pd.DataFrame({"id": ids[:40], "text": texts[:40], "author": authors[:40]}).to_csv(
        prepared / "public" / "train.csv", index=False
    )
    pd.DataFrame({"id": ids[40:], "text": texts[40:]}).to_csv(
        prepared / "public" / "test.csv", index=False
    )
    answers = pd.DataFrame({"id": ids[40:]})
    for a in AUTHORS:
        answers[a] = (authors[40:] == a).astype(int)
    answers.to_csv(prepared / "private" / "test.csv", index=False)
    sample = answers.assign(EAP=0.403493538995863, HPL=0.287808366106543, MWS=0.308698094897594)
    sample.to_csv(prepared / "public" / "sample_submission.csv", index=False)
    (prepared / "public" / "description.md").write_text(
        "# Spooky Author Identification\n\nWho wrote it?\n"
    )
    mlebench_leaderboard(comp / "leaderboard.csv", [0.16, 0.2, 0.3, 0.45, 1.08])
    return prepared


def test_lite_table_covers_the_22_competitions_with_their_metrics() -> None:
    assert len(LITE) == 22
    expected = {
        "spooky-author-identification": "logloss",
        "jigsaw-toxic-comment-classification-challenge": "auc_columnwise",
        "new-york-city-taxi-fare-prediction": "rmse",
        "nomad2018-predict-transparent-conductors": "rmsle_columnwise",
        "aptos2019-blindness-detection": "qwk",
        "tabular-playground-series-dec-2021": "accuracy",
        "tabular-playground-series-may-2022": "auc",
        "text-normalization-challenge-english-language": "accuracy",
        "text-normalization-challenge-russian-language": "accuracy",
        "random-acts-of-pizza": "auc",
        "leaf-classification": "logloss",
        "mlsp-2013-birds": "auc",
        "denoising-dirty-documents": "rmse",
        "detecting-insults-in-social-commentary": "auc",
        "dog-breed-identification": "logloss",
        "dogs-vs-cats-redux-kernels-edition": "logloss",
        "histopathologic-cancer-detection": "auc",
        "plant-pathology-2020-fgvc7": "auc_columnwise",
        "ranzcr-clip-catheter-line-classification": "auc_columnwise",
        "siim-isic-melanoma-classification": "auc",
        "the-icml-2013-whale-challenge-right-whale-redux": "auc",
        "aerial-cactus-identification": "auc",
    }
    assert {k: v.metric for k, v in LITE.items()} == expected
    assert LITE["new-york-city-taxi-fare-prediction"].direction == "minimize"
    assert LITE["aptos2019-blindness-detection"].id_column == "id_code"
    assert LITE["dogs-vs-cats-redux-kernels-edition"].target_columns == ("label",)


def test_import_spooky_gives_a_valid_gradeable_task(spooky: Path, tmp_path: Path) -> None:
    original_sample = (spooky / "public" / "sample_submission.csv").read_bytes()
    task = import_mlebench(spooky, "spooky-author-identification", out=tmp_path / "task")
    assert (task.metric, task.direction, task.id_column) == ("logloss", "minimize", "id")
    assert task.target_columns == tuple(AUTHORS)
    assert task.source == "mle-bench:spooky-author-identification"
    assert validate_task(task.path) == []
    assert (task.public_dir / "train.csv").read_bytes() == (
        spooky / "public/train.csv"
    ).read_bytes()
    assert "Who wrote it?" in task.description
    answers = pd.read_csv(task.answers_path)
    assert list(answers.columns) == ["id", *AUTHORS] and len(answers) == 20
    board = pd.read_csv(task.leaderboard_path)
    assert list(board["score"]) == [0.16, 0.2, 0.3, 0.45, 1.08]

    result = grade_file(task, task.sample_submission_path)
    assert result.valid and result.score is not None and result.percentile is not None
    perfect = grade_file(task, task.answers_path)
    assert perfect.score == pytest.approx(0.0, abs=1e-9) and perfect.medal == "gold"
    # MLE-bench's own files are never written through the hard links
    assert (spooky / "public" / "sample_submission.csv").read_bytes() == original_sample


def test_import_converts_boolean_answers_and_finds_the_sample(tmp_path: Path) -> None:
    prepared = tmp_path / "pizza" / "prepared"
    (prepared / "public").mkdir(parents=True)
    (prepared / "private").mkdir()
    ids = [f"t3_{i}" for i in range(30)]
    received = [i % 3 == 0 for i in range(30)]
    pd.DataFrame({"request_id": ids[:20], "requester_received_pizza": received[:20]}).to_json(
        prepared / "public" / "train.json", orient="records"
    )
    pd.DataFrame({"request_id": ids[20:], "request_text": "please"}).to_json(
        prepared / "public" / "test.json", orient="records"
    )
    pd.DataFrame(
        {"request_id": ids[20:], "requester_received_pizza": received[20:], "giver": "x"}
    ).to_csv(prepared / "private" / "test.csv", index=False)
    pd.DataFrame({"request_id": ids[20:], "requester_received_pizza": 0}).to_csv(
        prepared / "public" / "sampleSubmission.csv", index=False
    )
    board = mlebench_leaderboard(tmp_path / "lb.csv", [0.9, 0.8, 0.7, 0.6])
    task = import_mlebench(prepared, "random-acts-of-pizza", out=tmp_path / "t", leaderboard=board)
    answers = pd.read_csv(task.answers_path)
    assert list(answers.columns) == ["request_id", "requester_received_pizza"]
    assert sorted(answers["requester_received_pizza"].unique()) == [0, 1]
    assert (task.public_dir / "sample_submission.csv").is_file()
    assert (task.public_dir / "train.json").is_file()
    assert "auc" in task.description, "a description is written when MLE-bench's is absent"
    assert validate_task(task.path) == []


def test_import_text_normalization_takes_the_plain_sample_from_private(tmp_path: Path) -> None:
    prepared = tmp_path / "tn" / "prepared"
    (prepared / "public").mkdir(parents=True)
    (prepared / "private").mkdir()
    ids = [f"0_{i}" for i in range(12)]
    after = ["a", "b", "c"] * 4
    pd.DataFrame({"id": ids, "after": after}).to_csv(
        prepared / "private" / "answers.csv", index=False
    )
    pd.DataFrame({"id": ids, "after": "x"}).to_csv(
        prepared / "private" / "sample_submission.csv", index=False
    )
    (prepared / "public" / "en_test_2.csv.zip").write_bytes(b"PK\x05\x06" + b"\0" * 18)
    board = mlebench_leaderboard(tmp_path / "lb.csv", [0.99, 0.9, 0.5])
    task = import_mlebench(
        prepared,
        "text-normalization-challenge-english-language",
        out=tmp_path / "t",
        leaderboard=board,
    )
    sample = pd.read_csv(task.sample_submission_path)
    assert list(sample.columns) == ["id", "after"] and len(sample) == 12
    assert not (task.public_dir / "answers.csv").exists()
    assert validate_task(task.path) == []


def test_import_errors_name_the_fix(spooky: Path, tmp_path: Path) -> None:
    with pytest.raises(MleWorldError, match="not one of the 22 MLE-bench Lite"):
        import_mlebench(spooky, "some-other-competition", out=tmp_path / "a")
    with pytest.raises(MleWorldError, match="not a prepared MLE-bench competition"):
        import_mlebench(tmp_path, "spooky-author-identification", out=tmp_path / "b")
    (spooky.parent / "leaderboard.csv").unlink()
    with pytest.raises(MleWorldError, match="--leaderboard"):
        import_mlebench(spooky, "spooky-author-identification", out=tmp_path / "c")


def test_import_another_competition_with_explicit_mapping(spooky: Path, tmp_path: Path) -> None:
    board = mlebench_leaderboard(tmp_path / "lb.csv", [0.2, 0.5])
    task = import_mlebench(
        spooky,
        "my-authors",
        out=tmp_path / "t",
        leaderboard=board,
        metric="logloss",
        id_column="id",
    )
    assert task.id == "my-authors" and task.target_columns == tuple(AUTHORS)
    assert validate_task(task.path) == []
