"""The default model: trained once per corpus under MLEWORLD_HOME, behind a lock, reused after."""

from __future__ import annotations

import dataclasses
import threading
from pathlib import Path
from typing import Any

import pytest

from mleworld.corpus.record import Record
from mleworld.corpus.store import Corpus
from mleworld.training import fast as training
from mleworld.world.fast import default
from mleworld.world.fast.model import FastWorldModel
from mleworld.world.fast.model_files import SCHEMA_VERSION


@pytest.fixture()
def tiny_corpus(tmp_path: Path, dev_records: list[Record]) -> Corpus:
    # Task ids outside the bundled suite, so training prepares no suite data.
    records = [
        dataclasses.replace(r, task_id=f"tiny-{r.task_id}")
        for r in dev_records
        if r.run_id in ("hpc-jobs-0.5", "credit-risk-0.5")
    ]
    corpus = Corpus.create(tmp_path / "corpus")
    corpus.append(records)
    return corpus


def test_default_model_trains_once_and_is_reused(
    tiny_corpus: Corpus, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MLEWORLD_HOME", str(tmp_path / "home"))
    calls: list[Path] = []
    real = training.train_fast

    def counted(*args: Any, **kwargs: Any) -> dict[str, Any]:
        calls.append(Path(args[1]))
        return real(*args, **kwargs)

    monkeypatch.setattr(training, "train_fast", counted)
    # Where an mleworld before the schema entered the key cached its model: never read now,
    # even when its manifest claims this schema (its files may be of another format).
    corpus_id = training.corpus_fingerprint(tiny_corpus)
    legacy = tmp_path / "home" / "models" / f"fast-{corpus_id}"
    legacy.mkdir(parents=True)
    (legacy / "model.json").write_text(f'{{"schema_version": {SCHEMA_VERSION}}}\n')
    models: list[FastWorldModel] = []
    threads = [
        threading.Thread(target=lambda: models.append(default.default_model(corpus=tiny_corpus)))
        for _ in range(2)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(models) == 2 and len(calls) == 1
    expected = (
        tmp_path / "home" / "models" / f"fast-{corpus_id}-v{SCHEMA_VERSION}-{default.code_id()}"
    )
    assert calls[0] == expected and (expected / "model.json").is_file()
    assert default.model_dir(corpus_id) == expected
    assert [p.name for p in legacy.iterdir()] == ["model.json"]  # left as it was
    assert models[0].meta["split"] == "train"

    again = default.default_model(corpus=tiny_corpus, online=False)
    assert len(calls) == 1
    assert again.online is False


def test_default_model_names_a_missing_default_corpus(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mleworld.corpus import default as corpus_default
    from mleworld.errors import MleWorldError

    monkeypatch.setenv("MLEWORLD_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(corpus_default, "shipped_dir", lambda: tmp_path / "nothing-shipped")
    with pytest.raises(MleWorldError, match="default corpus is not part of this installation"):
        default.default_model()


def test_the_cache_key_names_the_schema_so_other_versions_never_share_a_model(
    tiny_corpus: Corpus, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MLEWORLD_HOME", str(tmp_path / "home"))
    corpus_id = training.corpus_fingerprint(tiny_corpus)
    # What an older mleworld left under the key without a schema: not read, not replaced.
    old = tmp_path / "home" / "models" / f"fast-{corpus_id}"
    old.mkdir(parents=True)
    (old / "model.json").write_text('{"schema_version": 2, "meta": {}}')
    model = default.default_model(corpus=tiny_corpus, online=False)
    assert model.meta["corpus_id"] == corpus_id
    assert (old / "model.json").read_text() == '{"schema_version": 2, "meta": {}}'
    code = default.code_id()
    assert default.model_dir(corpus_id).name == f"fast-{corpus_id}-v{SCHEMA_VERSION}-{code}"
    monkeypatch.setattr(default, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    assert default.model_dir(corpus_id).name == f"fast-{corpus_id}-v{SCHEMA_VERSION + 1}-{code}"


def test_the_code_id_follows_the_python_source_of_the_named_packages(tmp_path: Path) -> None:
    (tmp_path / "world" / "static").mkdir(parents=True)
    (tmp_path / "cli").mkdir()
    detector = tmp_path / "world" / "static" / "detector.py"
    detector.write_text("FINDS = 1\n")
    (tmp_path / "cli" / "main.py").write_text("x = 1\n")
    first = default.source_id(tmp_path, ("world",))
    assert len(first) == 8 and first == default.source_id(tmp_path, ("world",))
    (tmp_path / "cli" / "main.py").write_text("x = 2\n")  # outside the named packages
    (tmp_path / "world" / "static" / "cache.pyc").write_bytes(b"compiled")
    assert default.source_id(tmp_path, ("world",)) == first
    detector.write_text("FINDS = 2\n")  # a detector changed: the features may have
    assert default.source_id(tmp_path, ("world",)) != first
    (tmp_path / "data" / "foreign").mkdir(parents=True)
    split = tmp_path / "data" / "foreign" / "split.json"
    split.write_text('{"halves": {}}')
    with_data = default.source_id(tmp_path, ("world",), ("data/foreign",))
    assert with_data != default.source_id(tmp_path, ("world",))
    split.write_text('{"halves": {"calib": []}}')  # the calibration set changed
    assert default.source_id(tmp_path, ("world",), ("data/foreign",)) != with_data


def test_training_a_new_model_removes_stale_models_of_other_code_only(
    tiny_corpus: Corpus, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os
    import time

    monkeypatch.setenv("MLEWORLD_HOME", str(tmp_path / "home"))
    corpus_id = training.corpus_fingerprint(tiny_corpus)
    models = tmp_path / "home" / "models"
    old = time.time() - (default.STALE_DAYS + 1) * 86400
    dirs = {
        "stale": models / f"fast-{corpus_id}-v{SCHEMA_VERSION}-00000000",
        "recent": models / f"fast-{corpus_id}-v{SCHEMA_VERSION}-11111111",
        "other corpus": models / f"fast-000000000000-v{SCHEMA_VERSION}-00000000",
        "other schema": models / f"fast-{corpus_id}-v{SCHEMA_VERSION - 1}-00000000",
    }
    for name, path in dirs.items():
        path.mkdir(parents=True)
        (path / "model.json").write_text("{}")
        if name != "recent":
            os.utime(path, (old, old))
    default.default_model(corpus=tiny_corpus, online=False)
    assert default.model_dir(corpus_id).is_dir()
    assert {name for name, path in dirs.items() if path.exists()} == {
        "recent",
        "other corpus",
        "other schema",
    }
