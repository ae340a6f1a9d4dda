"""The fast world models the agent and CLI tests share, each trained once per test session.

`dev_model(factory, calibrated)` is the fast model trained on the 220 real agent
records of tests/world/fast/fixtures (seven suite tasks, penguins among them)
with no task data: static analysis reads the programs only. `calibrated=True`
is what training does by default, a calibration pass on the foreign program set
included; `calibrated=False` leaves that pass out (it costs a training several
times over and is not what the tests that pick between candidates exercise).
Tests only read a model's folder: online learning stays in the loaded model.
"""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURE = Path(__file__).parent / "world" / "fast" / "fixtures" / "dev_records.jsonl.gz"

_cache: dict[bool, Path] = {}


def dev_model(factory: pytest.TempPathFactory, *, calibrated: bool) -> Path:
    """The folder of the fast model trained on the dev records (trained on first use)."""
    if calibrated not in _cache:
        from mleworld.corpus.store import Corpus
        from mleworld.training.fast import train_fast

        root = factory.mktemp("fast_dev_calibrated" if calibrated else "fast_dev")
        corpus = Corpus.create(root / "corpus")
        corpus.import_jsonl(FIXTURE)
        extra = {} if calibrated else {"calibration_set": None}
        train_fast(Corpus.open(corpus.path), root / "model", data_dirs=None, **extra)
        _cache[calibrated] = root / "model"
    return _cache[calibrated]
