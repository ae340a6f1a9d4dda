"""Shared fixtures for the fast world model: a corpus of real agent records and a model trained on it.

`fixtures/dev_records.jsonl.gz` holds 220 records of real builtin-agent runs on
seven suite tasks (whole runs, so parents are present): clean runs, crashes of
many classes and timeouts, with their real terminal output. The holdout is one
whole run, so tests can tell what training saw from what it did not.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mleworld.corpus.record import Record
from mleworld.corpus.store import Corpus, read_jsonl

FIXTURE = Path(__file__).parent / "fixtures" / "dev_records.jsonl.gz"
HELD_RUN = "penguins-0.5"


@pytest.fixture(scope="session")
def dev_records() -> list[Record]:
    return list(read_jsonl(FIXTURE))


@pytest.fixture(scope="session")
def dev_corpus(tmp_path_factory: pytest.TempPathFactory, dev_records: list[Record]) -> Corpus:
    corpus = Corpus.create(tmp_path_factory.mktemp("fast") / "corpus")
    corpus.import_jsonl(FIXTURE)
    held = {r.id for r in dev_records if r.run_id == HELD_RUN}
    corpus.set_holdout({"penguins": held})
    return Corpus.open(corpus.path)


@pytest.fixture(scope="session")
def trained(
    tmp_path_factory: pytest.TempPathFactory, dev_corpus: Corpus
) -> tuple[Path, dict[str, Any]]:
    """A model trained on the train split (no task data: static analysis reads programs only)."""
    from mleworld.training.fast import train_fast

    out = tmp_path_factory.mktemp("fast_model") / "model"
    report = train_fast(dev_corpus, out, data_dirs=None)
    return out, report


@pytest.fixture(scope="session")
def held_records(dev_corpus: Corpus) -> list[Record]:
    return list(dev_corpus.iter_records(split="holdout"))
