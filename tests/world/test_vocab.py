"""The exception-class vocabulary: order, normalisation, tokens, building from a corpus, JSON."""

from __future__ import annotations

import json

import pytest

from mleworld.errors import MleWorldError
from mleworld.world.vocab import COMMON_CLASSES, OTHER, Vocab, from_token, leaf_name, token


def test_default_vocab_starts_with_outcomes_and_ends_with_other() -> None:
    vocab = Vocab.default()
    assert vocab.classes[:2] == ("None", "TimeoutError")
    assert vocab.classes[-1] == OTHER
    assert len(set(vocab.classes)) == len(vocab.classes)
    for name in (
        "ValueError",
        "KeyError",
        "ParserError",
        "NotFittedError",
        "LightGBMError",
        "Killed",
    ):
        assert name in vocab
    assert len(vocab) == len(set(COMMON_CLASSES)) + 1


def test_normalize_reads_dotted_and_null_names_and_maps_unknown_to_other() -> None:
    vocab = Vocab.default()
    assert vocab.normalize("pandas.errors.ParserError") == "ParserError"
    assert vocab.normalize("null") == "None"
    assert vocab.normalize(None) == "None"
    assert vocab.normalize("EXC_KeyError") == "KeyError"
    assert vocab.normalize("MadeUpLibraryError") == OTHER
    assert leaf_name("  sklearn.exceptions.NotFittedError: ") == "NotFittedError"


def test_tokens_round_trip_through_the_vocabulary() -> None:
    vocab = Vocab.default()
    for cls in vocab.classes:
        assert vocab.from_token(vocab.token(cls)) == cls
    assert vocab.token("torch.cuda.OutOfMemoryError") == "EXC_OutOfMemoryError"
    assert vocab.token("SomethingNew") == "EXC_Other"
    assert vocab.from_token("EXC_SomethingNew") == OTHER
    assert token("ValueError") == "EXC_ValueError"
    assert from_token("EXC_None") == "None"
    with pytest.raises(MleWorldError, match="not an exception token"):
        vocab.from_token("ValueError")


def test_build_unites_seen_classes_with_common_ones_by_frequency() -> None:
    seen = ["ValueError"] * 5 + ["DataLoaderCrash"] * 3 + ["RareError"] + ["ZebraError"] * 3
    vocab = Vocab.build(seen, min_count=2)
    assert "DataLoaderCrash" in vocab and "ZebraError" in vocab
    assert "RareError" not in vocab  # below min_count: maps to Other
    assert vocab.normalize("RareError") == OTHER
    extras = [c for c in vocab.classes if c not in COMMON_CLASSES and c != OTHER]
    assert extras == ["DataLoaderCrash", "ZebraError"]  # most frequent first, ties by name
    assert vocab.classes[-1] == OTHER
    counted = Vocab.build({"pandas.errors.ParserError": 4, "CustomFail": 2})
    assert "CustomFail" in counted and counted.index("ParserError") < counted.index("CustomFail")


def test_build_rejects_nothing_but_skips_non_identifier_names() -> None:
    vocab = Vocab.build(["not a class", "Good_Error"])
    assert "Good_Error" in vocab
    assert all(" " not in c for c in vocab.classes)
    with pytest.raises(MleWorldError, match="not a Python identifier"):
        Vocab(["bad name"])


def test_save_and_load_round_trip(tmp_path) -> None:
    vocab = Vocab.build(["ValueError", "ShardError"])
    path = vocab.save(tmp_path / "sub" / "vocab.json")
    assert Vocab.load(path) == vocab
    data = json.loads(path.read_text())
    assert data["classes"][-1] == OTHER and data["prefix"] == "EXC_"


def test_load_errors_are_one_line(tmp_path) -> None:
    with pytest.raises(MleWorldError, match="does not exist"):
        Vocab.load(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(MleWorldError) as info:
        Vocab.load(bad)
    assert "\n" not in str(info.value)
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"classes": "ValueError"}))
    with pytest.raises(MleWorldError, match="classes"):
        Vocab.load(wrong)
