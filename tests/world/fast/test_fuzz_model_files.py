"""Saved fast-model files, fuzzed: cut, overwritten, removed, another version, or damaged
behind a matching digest (tests/fuzzing/model.py says what is correct). The examples
below are crashes the fuzzer found, kept as regular tests."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzzing.harness import assert_no_crash, bounded
from fuzzing.model import ModelEnv, damages, model_env, model_target
from mleworld.errors import MleWorldError
from mleworld.world.fast.model import FastWorldModel
from mleworld.world.fast.persist import MANIFEST, file_digest


@pytest.fixture(scope="module")
def env(trained: tuple[Path, dict[str, Any]]) -> ModelEnv:
    return model_env(trained[0])


@bounded(60)
@given(data=st.data())
def test_a_damaged_model_is_refused_naming_the_file_or_predicts_validly(
    env: ModelEnv, data: st.DataObject
) -> None:
    target = model_target(env)
    assert_no_crash(target, data.draw(damages(env)), env)


def _resigned(trained: tuple[Path, dict[str, Any]], tmp_path: Path, name: str, data: bytes) -> Path:
    """A copy of the model with `name` replaced and its digest updated to match."""
    model = tmp_path / "model"
    shutil.copytree(trained[0], model)
    (model / name).write_bytes(data)
    meta = json.loads((model / MANIFEST).read_text())
    meta["files"][name] = file_digest(model / name)
    (model / MANIFEST).write_text(json.dumps(meta))
    return model


def test_a_cut_lightgbm_file_is_refused_instead_of_aborting_the_process(
    trained: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    # LightGBM printed "terminate called without an active exception" and aborted.
    text = (trained[0] / "runtime_head.txt").read_bytes()
    model = _resigned(trained, tmp_path, "runtime_head.txt", text[: len(text) // 3])
    program = (
        "from mleworld.errors import MleWorldError\n"
        "from mleworld.world.fast.model import FastWorldModel\n"
        f"try:\n    FastWorldModel.load({str(model)!r})\n"
        "except MleWorldError as exc:\n    print('refused:', exc)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    assert "refused:" in proc.stdout and "runtime_head.txt is cut short" in proc.stdout


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        # numpy's header reader raised tokenize.TokenError
        ("pool_metric.npy", lambda b: b[:40], "pool_metric.npy is unreadable"),
        # KeyError: 'sigma'
        (
            "runtime_head.json",
            lambda b: b'{"mean": 1.0, "crash_log_runtime": 1.0}',
            "runtime_head.json is malformed",
        ),
        # the error named no file
        (
            "vocab.json",
            lambda b: b'{"schema_version": 1, "classes": ["None", "Not a class"]}',
            "vocab.json is invalid",
        ),
        # json's digit limit (ValueError) escaped
        (
            "class_head.json",
            lambda b: b'{"x": 1' + b"0" * 5000 + b"}",
            "class_head.json is unreadable",
        ),
    ],
)
def test_damage_behind_a_matching_digest_is_one_line_naming_the_file(
    trained: tuple[Path, dict[str, Any]], tmp_path: Path, name: str, change: Any, message: str
) -> None:
    original = (trained[0] / name).read_bytes()
    model = _resigned(trained, tmp_path, name, change(original))
    with pytest.raises(MleWorldError, match=message):
        FastWorldModel.load(model)


def test_schema_version_true_is_not_version_1(
    trained: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    # `True != 1` is False in Python, so it loaded.
    model = tmp_path / "model"
    shutil.copytree(trained[0], model)
    meta = json.loads((model / MANIFEST).read_text())
    meta["schema_version"] = True
    (model / MANIFEST).write_text(json.dumps(meta))
    with pytest.raises(MleWorldError, match="has schema version True"):
        FastWorldModel.load(model)


def test_a_damaged_cached_default_model_says_to_delete_the_cache(
    trained: tuple[Path, dict[str, Any]],
    dev_corpus: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The error said "retrain it with `mleworld wm train`", which never rewrites the cache.
    from mleworld.training.fast import corpus_fingerprint
    from mleworld.world.fast import default

    monkeypatch.setenv("MLEWORLD_HOME", str(tmp_path / "home"))
    cached = default.model_dir(corpus_fingerprint(dev_corpus))
    shutil.copytree(trained[0], cached)
    (cached / "pool_metric.npy").write_bytes(b"\x93NUMPY")
    with pytest.raises(MleWorldError, match=f"delete {cached} and it is trained again") as info:
        default.default_model(corpus=dev_corpus)
    assert "pool_metric.npy" in str(info.value)
