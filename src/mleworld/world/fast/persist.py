"""The fast model's on-disk format: plain files only, written atomically, checked on load.

A model directory holds LightGBM text models, numpy `.npy` arrays (read with
`allow_pickle=False`) and JSON. Nothing is unpickled, so loading a model from
an untrusted place runs no code. `model.json` lists every file with its
SHA-256; `load` checks them all before reading anything, so a truncated or
edited file gives one line naming it instead of a wrong model.

A model is written into a temporary sibling directory and renamed into place:
a reader sees the old model or the new one, never a half-written one.

This module owns the file helpers and the directory swap; what goes into the
files is the heads' and the model's business.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import tokenize
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from mleworld.errors import MleWorldError
from mleworld.files import replace_directory

MANIFEST = "model.json"
FORMAT = "mleworld-fast-world-model"
_RETRAIN = "retrain it with `mleworld wm train --backend fast`"


def save_json(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=1, allow_nan=False) + "\n", encoding="utf-8")


def load_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MleWorldError(f"model file {path} is missing; {_RETRAIN}") from None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        # ValueError: bad JSON, or an integer past Python's digit limit
        raise MleWorldError(
            f"model file {path} is unreadable ({_short(exc)}); {_RETRAIN}"
        ) from None
    if not isinstance(data, dict):
        raise MleWorldError(f"model file {path} is not a JSON object; {_RETRAIN}")
    return data


@contextlib.contextmanager
def reading(path: Path) -> Iterator[None]:
    """Values of the wrong kind in a model file (a writer's bug, or an edit behind a
    matching digest) as one line naming the file, not a KeyError from deep inside."""
    try:
        yield
    except MleWorldError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
        raise MleWorldError(f"model file {path} is malformed ({_short(exc)}); {_RETRAIN}") from None


def save_array(path: Path, array: np.ndarray) -> None:
    with path.open("wb") as handle:
        np.save(handle, np.ascontiguousarray(array), allow_pickle=False)


def load_array(path: Path, *, length: int | None = None) -> np.ndarray:
    try:
        array = np.load(path, allow_pickle=False)
    except FileNotFoundError:
        raise MleWorldError(f"model file {path} is missing; {_RETRAIN}") from None
    except (OSError, ValueError, EOFError, SyntaxError, tokenize.TokenError) as exc:
        # numpy reads the header's dict with Python's tokenizer: a cut header is a TokenError
        raise MleWorldError(
            f"model file {path} is unreadable ({_short(exc)}); {_RETRAIN}"
        ) from None
    if length is not None and (array.ndim == 0 or array.shape[0] != length):
        raise MleWorldError(
            f"model file {path} holds {array.shape} values where {length} rows were expected; {_RETRAIN}"
        )
    return array


def save_booster(path: Path, booster: Any) -> None:
    booster.save_model(str(path))


def load_booster(path: Path) -> Any:
    import lightgbm as lgb

    if not path.is_file():
        raise MleWorldError(f"model file {path} is missing; {_RETRAIN}")
    if not _whole_booster_text(path):
        # LightGBM's parser aborts the whole process on some cut files instead of raising.
        raise MleWorldError(f"model file {path} is cut short or not a LightGBM model; {_RETRAIN}")
    try:
        return lgb.Booster(model_file=str(path))
    except (lgb.basic.LightGBMError, OSError, ValueError) as exc:
        raise MleWorldError(
            f"model file {path} is unreadable ({_short(exc)}); {_RETRAIN}"
        ) from None


def _whole_booster_text(path: Path) -> bool:
    """Whether the file has a LightGBM text model's frame: its header, the end of its
    trees, and the last line LightGBM writes."""
    with path.open("rb") as handle:
        head = handle.read(16)
        handle.seek(0, os.SEEK_END)
        size = handle.tell()
        handle.seek(max(0, size - 4096))
        tail = handle.read()
    last = tail.rstrip(b"\n").rsplit(b"\n", 1)[-1]
    if not head.startswith(b"tree\n") or not last.startswith(b"pandas_categorical:"):
        return False
    with path.open("rb") as handle:
        return any(line.startswith(b"end of trees") for line in handle)


def file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


@contextlib.contextmanager
def atomic_directory(target: Path) -> Iterator[Path]:
    """Yield a fresh temporary directory; on success it replaces `target` in one rename."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.tmp-{os.getpid()}")
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir()
    try:
        yield tmp
        _write_manifest(tmp)
        replace_directory(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _write_manifest(directory: Path) -> None:
    meta_path = directory / MANIFEST
    meta = load_json(meta_path) if meta_path.exists() else {}
    meta["format"] = FORMAT
    meta["files"] = {
        p.name: file_digest(p)
        for p in sorted(directory.iterdir())
        if p.is_file() and p.name != MANIFEST
    }
    save_json(meta_path, meta)


def check_directory(directory: Path, schema_version: int) -> dict[str, Any]:
    """The model's manifest, after checking the format, version and every file's digest."""
    directory = Path(directory)
    if not directory.is_dir():
        raise MleWorldError(f"model directory {directory} does not exist; {_RETRAIN}")
    meta = load_json(directory / MANIFEST)
    if meta.get("format") != FORMAT:
        raise MleWorldError(
            f"{directory} is not a fast world model (no {FORMAT} manifest); {_RETRAIN}"
        )
    version = meta.get("schema_version")
    if isinstance(version, bool) or version != schema_version:  # True == 1 in Python
        raise MleWorldError(
            f"fast world model {directory} has schema version {meta.get('schema_version')!r}, "
            f"this mleworld reads {schema_version}; {_RETRAIN}"
        )
    files = meta.get("files")
    if not isinstance(files, dict):
        raise MleWorldError(f"model manifest {directory / MANIFEST} lists no files; {_RETRAIN}")
    for name, digest in files.items():
        path = directory / str(name)
        if not path.is_file():
            raise MleWorldError(f"model file {path} is missing; {_RETRAIN}")
        if file_digest(path) != digest:
            raise MleWorldError(f"model file {path} is corrupt (checksum mismatch); {_RETRAIN}")
    return meta


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text[:160]
