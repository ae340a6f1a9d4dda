"""The tiny LM world model the hf tests share: a real corpus sample, a base model, a fine-tune.

Built once per test session (module-level cache) in a session temp folder:
`corpus_dir(n)` holds `n` class-balanced records of the default corpus (a few
also in a holdout split), `base_model()` a tokenizer trained on their text and
a random Qwen2-style network, `trained_model()` the checkpoint
`mleworld wm train --backend hf` makes from them (the overfit run).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest

from mleworld.cli import main

# Measured (loaded 2-core machine, 27 min; a few minutes on an idle one): loss 7.66 -> 0.02 and
# 29 of 32 training records' classes right over 11 classes. 64 records at hidden size 64 and
# 20 epochs drove the loss to 1.1 but predicted one class for all: too few steps to memorise.
N_RECORDS = 32
# A developer checking the wiring can shorten the run: MLEWORLD_TEST_TINY_EPOCHS=1.
EPOCHS = float(os.environ.get("MLEWORLD_TEST_TINY_EPOCHS", "60"))
LR = 3e-3
MAX_LEN = 384
BATCH = 8
HIDDEN = 128

# The first test to ask for the trained model pays for the training run: past the suite's
# 600 s default on a loaded machine, so those tests carry this mark.
TRAINS = pytest.mark.timeout(3600)

_cache: dict[str, Any] = {}


def _root(factory: pytest.TempPathFactory) -> Path:
    if "root" not in _cache:
        _cache["root"] = factory.mktemp("tiny_lm")
    return _cache["root"]


def corpus_dir(factory: pytest.TempPathFactory) -> Path:
    if "corpus" not in _cache:
        from mleworld.corpus.default import default_corpus
        from mleworld.corpus.store import Corpus
        from mleworld.world.llm.tiny import balanced_records

        records = balanced_records(default_corpus(), N_RECORDS + 8, seed=0)
        path = _root(factory) / "corpus"
        corpus = Corpus.create(path)
        corpus.append(records)
        holdout: dict[str, list[str]] = {}
        for record in records[N_RECORDS:]:
            holdout.setdefault(record.task_id, []).append(record.id)
        corpus.set_holdout(holdout)
        _cache["corpus"] = path
    return _cache["corpus"]


def train_records(factory: pytest.TempPathFactory) -> list[Any]:
    from mleworld.corpus.store import Corpus

    return list(Corpus.open(corpus_dir(factory)).iter_records("train"))


def base_model(factory: pytest.TempPathFactory) -> Path:
    if "base" not in _cache:
        from mleworld.corpus.store import Corpus
        from mleworld.world.llm.tiny import build_tiny_base, record_texts

        records = list(Corpus.open(corpus_dir(factory)).iter_records())
        _cache["base"] = build_tiny_base(
            _root(factory) / "base", record_texts(records), hidden_size=HIDDEN
        )
    return _cache["base"]


def trained_model(factory: pytest.TempPathFactory, capsys: Any = None) -> tuple[Path, dict]:
    """The fine-tuned checkpoint and the training report (trained through the real CLI)."""
    if "trained" not in _cache:
        out = _root(factory) / "model"
        args = [
            "wm", "train", "--backend", "hf", "--base-model", str(base_model(factory)),
            "--corpus", str(corpus_dir(factory)), "--out", str(out), "--epochs", str(EPOCHS),
            "--lr", str(LR), "--max-len", str(MAX_LEN), "--batch-size", str(BATCH), "--json",
        ]  # fmt: skip
        stdout = io.StringIO()
        with contextlib.redirect_stdout(stdout):  # module fixtures have no capsys
            try:
                main(args)
            except SystemExit as exc:
                assert exc.code in (0, None), f"wm train exited {exc.code}"
        _cache["trained"] = (out, json.loads(stdout.getvalue()))
    return _cache["trained"]
