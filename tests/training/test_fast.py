"""Training the fast world model from a corpus of real agent records."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from mleworld.corpus.store import Corpus, read_jsonl
from mleworld.errors import MleWorldError
from mleworld.training.fast import corpus_fingerprint, train_fast
from mleworld.world.fast.model import FastWorldModel

FIXTURE = Path(__file__).parents[1] / "world" / "fast" / "fixtures" / "dev_records.jsonl.gz"
RUNS = ("hpc-jobs-0.0", "hpc-jobs-0.5", "credit-risk-0.5", "digits-0.5")


@pytest.fixture(scope="module")
def small_corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    """Four whole runs on three tasks; the first program of two tasks held out."""
    records = [r for r in read_jsonl(FIXTURE) if r.run_id in RUNS]
    corpus = Corpus.create(tmp_path_factory.mktemp("train") / "corpus")
    corpus.append(records)
    held = {
        task: {next(r.id for r in records if r.task_id == task)} for task in ("hpc-jobs", "digits")
    }
    corpus.set_holdout(held)
    return Corpus.open(corpus.path)


@pytest.fixture(scope="module")
def trained(
    small_corpus: Corpus, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, dict[str, Any], Path]:
    root = tmp_path_factory.mktemp("trained")
    data = root / "hpc-data"
    data.mkdir()
    out = root / "model"
    report = train_fast(small_corpus, out, data_dirs={"hpc-jobs": data}, seed=3)
    return out, report, data


def test_training_writes_a_model_and_reports_what_it_learned(
    small_corpus: Corpus, trained: tuple[Path, dict[str, Any], Path]
) -> None:
    out, report, data = trained
    held = {pid for ids in small_corpus.holdout().values() for pid in ids}
    everything = list(small_corpus.iter_records())
    expected = Counter(r.task_id for r in everything if r.id not in held)
    assert report["records"] == sum(expected.values()) < len(everything)
    assert report["out"] == str(out)
    assert report["tasks"] == dict(sorted(expected.items()))
    assert expected["credit-risk"] == 20
    assert report["classes"][0] == "None" and report["classes"][-1] == "Other"
    assert "TimeoutError" in report["classes"]
    assert report["fit_records"] + report["heldout_records"] == report["records"]
    assert set(report["heads"]) == {"class", "runtime", "metric", "edit", "submission"}
    assert report["heads"]["edit"]["shrink"] == model_shrink(out)
    assert report["heads"]["class"]["temperature"] > 0
    assert 0.0 <= report["timeout_mix"] <= 1.0
    assert report["corpus_id"] == corpus_fingerprint(small_corpus)
    assert report["data_dirs"] == {"credit-risk": None, "digits": None, "hpc-jobs": str(data)}
    json.dumps(report)  # the report is plain data

    model = FastWorldModel.load(out)
    assert held.isdisjoint(model.featurizer.pool.program_ids)
    assert len(model.featurizer.pool) == report["records"]
    assert set(model.featurizer.task_stats) == {"credit-risk", "digits", "hpc-jobs"}


def test_the_same_seed_trains_the_same_model(
    small_corpus: Corpus, trained: tuple[Path, dict[str, Any], Path], tmp_path: Path
) -> None:
    first, report, data = trained
    again = train_fast(small_corpus, tmp_path / "again", data_dirs={"hpc-jobs": data}, seed=3)
    assert again["heads"] == report["heads"]
    for name in ("class_head.txt", "runtime_head.txt", "pool_metric.npy", "tfidf_vocabulary.json"):
        assert (first / name).read_bytes() == (tmp_path / "again" / name).read_bytes()


def test_retraining_into_an_existing_model_directory_replaces_it(
    small_corpus: Corpus, trained: tuple[Path, dict[str, Any], Path], tmp_path: Path
) -> None:
    out = tmp_path / "model"
    shutil.copytree(trained[0], out)
    report = train_fast(small_corpus, out, data_dirs=None, split=None)
    assert report["records"] == len(small_corpus)
    assert len(FastWorldModel.load(out).featurizer.pool) == len(small_corpus)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model"]


def test_too_few_records_or_a_bad_split_is_a_clear_error(
    small_corpus: Corpus, tmp_path: Path
) -> None:
    with pytest.raises(MleWorldError, match="needs at least 20"):
        train_fast(small_corpus, tmp_path / "m", split="holdout", data_dirs=None)
    with pytest.raises(MleWorldError, match="split 'dev'"):
        train_fast(small_corpus, tmp_path / "m", split="dev", data_dirs=None)
    with pytest.raises(MleWorldError, match="does not exist"):
        train_fast(tmp_path / "no-corpus", tmp_path / "m")
    assert not (tmp_path / "m").exists()


def model_shrink(out: Path) -> float:
    """The edit head's shrink as saved (the report must say what the model holds)."""
    return float(json.loads((out / "edit_head.json").read_text())["shrink"])
