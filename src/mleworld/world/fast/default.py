"""The default fast world model: trained from the default corpus on first use, then reused.

`default_model()` looks for `paths.home()/models/fast-<corpus-id>-v<schema>-<code-id>/`:
- the corpus id names the default corpus' content (training/fast.corpus_fingerprint),
  so a new corpus gets a new model and an old model is never used for new data;
- the schema version is the model files' (model_files.SCHEMA_VERSION), so mleworld
  versions that store models differently never share, load or overwrite one another's
  cached model;
- the code id names the source of the code that computes the model's features and
  trains it (`world/` and `training/`): a new crash detector changes the features a
  model was trained on, and a model trained on the old ones must not be loaded
  silently. It also names the shipped program set (`data/foreign/`) whose dev
  and calib halves the model's confidence is fitted on. Cached models of other
  code ids for the same corpus and schema that nobody has touched for
  `STALE_DAYS` are removed when a new one is trained.

On a miss it trains one on the corpus' train split (its holdout stays unseen, so
`mleworld wm eval` on it is honest) under an exclusive file lock: a second
process waiting on the lock finds the model the first one wrote and loads it.
A cached model whose manifest names another schema (a damaged or hand-copied
cache) counts as a miss and is trained again in its place.

This module owns the cache location and the lock; training is
`mleworld.training.fast`'s job, the corpus `mleworld.corpus.default`'s.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import shutil
import sys
import time
from functools import cache
from pathlib import Path
from typing import Any

from mleworld.errors import MleWorldError
from mleworld.world.fast.model import FastWorldModel
from mleworld.world.fast.model_files import SCHEMA_VERSION
from mleworld.world.fast.persist import MANIFEST

MODELS_DIR = "models"
STALE_DAYS = 7
# The packages whose code decides a fast model's features and its training.
_CODE_PACKAGES = ("world", "training")
# The data training reads besides the corpus: the program set it calibrates on.
_CALIBRATION_DATA = ("data/foreign",)


@cache
def code_id() -> str:
    """8 hex digits naming the source of the packages that featurise and train a model."""
    return source_id(Path(__file__).resolve().parents[2], _CODE_PACKAGES, _CALIBRATION_DATA)


def source_id(root: Path, packages: tuple[str, ...], data: tuple[str, ...] = ()) -> str:
    """8 hex digits naming the Python source (paths and bytes) of `packages` under `root`,
    and every file of the `data` folders."""
    digest = hashlib.sha256()
    files = [p for package in packages for p in sorted((root / package).rglob("*.py"))]
    files += [p for folder in data for p in sorted((root / folder).rglob("*")) if p.is_file()]
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:8]


def model_dir(corpus_id: str) -> Path:
    """Where the default model trained from the corpus with this id, by this code, lives."""
    from mleworld.paths import home

    return home() / MODELS_DIR / f"fast-{corpus_id}-v{SCHEMA_VERSION}-{code_id()}"


def default_model(*, online: bool = True, k: int = 10, corpus: Any = "default") -> FastWorldModel:
    """The model trained from `corpus` (default: the default corpus), training it on first use."""
    from mleworld.corpus.default import resolve_corpus
    from mleworld.corpus.store import Corpus
    from mleworld.training.fast import corpus_fingerprint, train_fast

    opened = corpus if isinstance(corpus, Corpus) else resolve_corpus(corpus)
    target = model_dir(corpus_fingerprint(opened))
    if _current(target):
        return _load_cached(target, online, k)
    target.parent.mkdir(parents=True, exist_ok=True)
    lock_path = target.with_name(f".{target.name}.lock")
    with open(lock_path, "a+") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
        try:
            if not _current(target):
                print(
                    "training the default world model on the train split of "
                    f"{len(opened):,} corpus records (first use only; cached in {target})",
                    file=sys.stderr,
                    flush=True,
                )
                train_fast(opened, target, split="train")
                _remove_stale_siblings(target)
        finally:
            fcntl.flock(lock.fileno(), fcntl.LOCK_UN)
    return _load_cached(target, online, k)


def _current(target: Path) -> bool:
    """Whether a cached model is there and of this mleworld's schema (else: train it again)."""
    import json

    try:
        manifest = json.loads((target / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return False
    except (OSError, ValueError):
        return True  # damaged: loading says so and names the fix
    return not isinstance(manifest, dict) or manifest.get("schema_version") == SCHEMA_VERSION


def _remove_stale_siblings(target: Path) -> None:
    """Drop this corpus' and schema's models of other code that have gone unused for a while."""
    prefix = target.name[: -len(code_id())]
    cutoff = time.time() - STALE_DAYS * 86400
    for sibling in target.parent.glob(f"{prefix}*"):
        if sibling != target and sibling.is_dir() and sibling.stat().st_mtime < cutoff:
            shutil.rmtree(sibling, ignore_errors=True)


def _load_cached(target: Path, online: bool, k: int) -> FastWorldModel:
    """The cached model; a damaged cache is the user's to delete (`wm train` writes elsewhere)."""
    try:
        model = FastWorldModel.load(target, online=online, k=k)
    except MleWorldError as exc:
        what = str(exc).split(";")[0]
        raise MleWorldError(
            f"the cached default world model is unusable ({what}); delete {target} and it "
            "is trained again on first use"
        ) from None
    with contextlib.suppress(OSError):  # a read-only home keeps working
        os.utime(target)  # in use: not stale for `_remove_stale_siblings`
    return model


__all__ = ["MODELS_DIR", "STALE_DAYS", "code_id", "default_model", "model_dir", "source_id"]
