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
    name = f"fast-{training.corpus_fingerprint(tiny_corpus)}-v{SCHEMA_VERSION}"
    expected = tmp_path / "home" / "models" / name
    assert calls[0] == expected and (expected / "model.json").is_file()
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
    assert default.model_dir(corpus_id).name == f"fast-{corpus_id}-v{SCHEMA_VERSION}"
    monkeypatch.setattr(default, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    assert default.model_dir(corpus_id).name == f"fast-{corpus_id}-v{SCHEMA_VERSION + 1}"
