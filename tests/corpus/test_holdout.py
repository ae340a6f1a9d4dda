"""The holdout: balanced, free of duplicates by construction, and checked independently."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import make_record, ml_program
from mleworld.corpus.fingerprint import token_key
from mleworld.corpus.holdout import check_holdout, select_holdout
from mleworld.corpus.store import Corpus
from mleworld.errors import MleWorldError


def _rename(program: str) -> str:
    return (
        program.replace("oof", "oof_pred").replace("preds", "test_pred").replace("skf", "splitter")
    )


def _build(tmp_path: Path) -> tuple[Corpus, dict[str, str]]:
    records = []
    special: dict[str, str] = {}
    for task, offset in (("titanic", 0), ("spaceship", 500)):
        for i in range(60):
            records.append(
                make_record(
                    ml_program(offset + i),
                    task=task,
                    node=f"{task}-{i}",
                    stage=("draft", "improve", "debug")[i % 3],
                    runtime_s=1.5 if (i // 3) % 2 == 0 else 40.0,
                    exc="None" if i % 4 else "ValueError",
                )
            )
    base = ml_program(2000)
    twice = ml_program(2001)
    near = ml_program(2002)
    records += [
        make_record(base, node="base", stage="draft", runtime_s=1.0),
        make_record(_rename(base), node="renamed", stage="debug", runtime_s=1.0),
        make_record(twice, node="twice-1", stage="improve", runtime_s=1.0),
        make_record(twice, node="twice-2", stage="improve", exc="TimeoutError", runtime_s=600.0),
        make_record(near, node="near-1", stage="draft", runtime_s=50.0),
        make_record(
            near.replace("SEED = ", "SEED = 2 * "), node="near-2", stage="draft", runtime_s=50.0
        ),
    ]
    special = {
        "base": token_key(base),
        "renamed": token_key(_rename(base)),
        "twice": token_key(twice),
        "near-1": token_key(near),
        "near-2": token_key(near.replace("SEED = ", "SEED = 2 * ")),
    }
    corpus = Corpus.create(tmp_path / "c")
    corpus.append(records, shard_rows=40)
    return corpus, special


def test_holdout_is_balanced_and_has_no_duplicate_in_training(tmp_path: Path) -> None:
    corpus, special = _build(tmp_path)
    report = select_holdout(corpus, n_per_task=12, seed=3)
    assert report.total == 24
    held = corpus.holdout()
    assert {task: len(ids) for task, ids in held.items()} == {"titanic": 12, "spaceship": 12}
    for name in ("base", "renamed", "twice", "near-1", "near-2"):
        assert special[name] not in held["titanic"], name
    stages = Counter(r.stage for r in corpus.iter_records("holdout"))
    assert stages == {"draft": 8, "improve": 8, "debug": 8}
    speeds = Counter(r.runtime_s <= 5.0 for r in corpus.iter_records("holdout"))
    assert speeds == {True: 12, False: 12}
    assert report.by_task["titanic"]["cells"] == {
        f"{s}/{v}": 2 for s in ("debug", "draft", "improve") for v in ("fast", "slow")
    }
    assert check_holdout(corpus) == []
    train_ids = {(r.task_id, r.id) for r in corpus.iter_records("train")}
    assert not any((task, pid) in train_ids for task, ids in held.items() for pid in ids)

    again = select_holdout(corpus, n_per_task=12, seed=3, write=False)
    assert again.holdout == report.holdout  # the draw is reproducible
    everything = select_holdout(corpus, n_per_task=1000, seed=0, write=False)
    assert everything.by_task["titanic"]["drawn"] == everything.by_task["titanic"]["eligible"] < 66


def test_check_finds_every_kind_of_leak(tmp_path: Path) -> None:
    corpus, special = _build(tmp_path)
    corpus.set_holdout({"titanic": [special["base"], special["near-1"], "0123456789abcdef"]})
    violations = check_holdout(corpus)
    text = "\n".join(violations)
    assert (
        f"holdout program {special['base']} has an AST duplicate in training: program {special['renamed']}"
        in text
    )
    assert f"holdout program {special['near-1']} has a near duplicate" in text
    assert "holdout program 0123456789abcdef is not in the corpus" in text

    # An exact duplicate stored under another id (e.g. imported from elsewhere) is caught too.
    base = next(r for r in corpus.iter_records() if r.node_id == "base")
    copy = make_record(
        "# same program, foreign id\n" + base.program, node="foreign", id="feedfacefeedface"
    )
    corpus.append([copy])
    assert any(
        "an exact duplicate in training: program feedfacefeedface" in v
        for v in check_holdout(corpus)
    )


def test_holdout_arguments_are_checked(tmp_path: Path) -> None:
    corpus = Corpus.create(tmp_path / "c")
    with pytest.raises(MleWorldError, match="at least 1"):
        select_holdout(corpus, n_per_task=0)
    assert select_holdout(corpus).total == 0 and check_holdout(corpus) == []


def test_records_with_foreign_ids_can_be_held_out(tmp_path: Path) -> None:
    corpus = Corpus.create(tmp_path / "c")
    corpus.append(
        [
            make_record(
                ml_program(i), node=str(i), id=f"imported/{i}", stage="draft", runtime_s=1.0
            )
            for i in range(3)
        ]
    )
    report = select_holdout(corpus, n_per_task=10)
    assert set(report.holdout["titanic"]) <= {"imported/0", "imported/1", "imported/2"}
    assert report.total >= 1
    assert check_holdout(corpus) == []
