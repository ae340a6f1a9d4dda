"""The corpus named `default`, and how any corpus argument is resolved.

The package ships the default corpus as two files in `mleworld/data/corpus/`:
`default.jsonl.gz` (every record, as `Corpus.export_jsonl` writes them) and
`default_holdout.json` (`{task: [program ids]}`). On first use they are
materialized into a corpus directory under
`mleworld.paths.home()/corpora/default-<hash>/`, where the hash (12 hex
digits) is taken over both shipped files, so a new release gets a new
directory and an old cache is never read for new data. The directory is built
under a temporary name and renamed into place: a first use that is killed
leaves only a temporary directory (removed by a later first use), and two
concurrent first uses both end up reading the one that was renamed first.

`ship_default` writes those two files from a built corpus, byte for byte the
same for the same corpus (the gzip header carries no time stamp).

Not here: building a corpus (pipeline.py), the corpus layout (store.py).
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import json
import os
import shutil
from pathlib import Path
from typing import Any

from mleworld.corpus.store import MANIFEST, Corpus
from mleworld.errors import MleWorldError
from mleworld.files import atomic_output, atomic_write_text

DEFAULT = "default"
RECORDS_FILE = "default.jsonl.gz"
HOLDOUT_FILE = "default_holdout.json"
CORPORA_DIR = "corpora"


def shipped_dir() -> Path:
    """Where the package keeps the shipped default corpus files."""
    return Path(__file__).resolve().parent.parent / "data" / "corpus"


def resolve_corpus(spec: str | os.PathLike[str], *, data_dir: Path | None = None) -> Corpus:
    """The corpus a user named: the string `default`, or a corpus directory.

    Only the exact string `default` names the shipped corpus; a directory
    called default is `./default`.
    """
    if isinstance(spec, str) and spec == DEFAULT:
        return default_corpus(data_dir)
    path = Path(spec).expanduser()
    if not path.is_dir():
        raise MleWorldError(
            f"corpus {path} does not exist; pass a corpus directory "
            "(mleworld corpus build or ingest makes one) or `default`"
        )
    return Corpus.open(path)


def default_corpus(data_dir: Path | None = None) -> Corpus:
    """The shipped default corpus, materialized under the cache on first use."""
    data = Path(data_dir) if data_dir is not None else shipped_dir()
    records = data / RECORDS_FILE
    holdout_path = data / HOLDOUT_FILE
    if not records.is_file():
        raise MleWorldError(
            f"the default corpus is not part of this installation ({records} is missing); "
            "pass a corpus directory, or make one with mleworld corpus synthesize / build"
        )
    holdout = _read_holdout(holdout_path)
    digest = _digest(records, holdout_path)
    root = _corpora_dir()
    target = root / f"{DEFAULT}-{digest}"
    if (target / MANIFEST).is_file():
        return Corpus.open(target)
    root.mkdir(parents=True, exist_ok=True)
    _remove_abandoned(root)
    if target.exists():  # not a corpus (its manifest was deleted): build it again
        shutil.rmtree(target)
    staging = root / f".{DEFAULT}-{digest}.{os.getpid()}.tmp"
    if staging.exists():
        shutil.rmtree(staging)
    try:
        corpus = Corpus.create(staging)
        corpus.import_jsonl(records)
        corpus.set_holdout(holdout, params={"source": RECORDS_FILE, "sha256_12": digest})
        try:
            os.rename(staging, target)
        except OSError as exc:
            # Another first use renamed its copy into place first: read that one.
            if not (target / MANIFEST).is_file():
                raise MleWorldError(
                    f"cannot create the default corpus at {target} ({exc.strerror}); "
                    "check that MLEWORLD_HOME is writable"
                ) from None
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return Corpus.open(target)


def ship_default(corpus: Corpus, data_dir: Path | None = None) -> dict[str, Any]:
    """Write a corpus as the shipped default (records, holdout) into `data_dir`; the summary."""
    data = Path(data_dir) if data_dir is not None else shipped_dir()
    data.mkdir(parents=True, exist_ok=True)
    if not len(corpus):
        raise MleWorldError(f"corpus {corpus.path} is empty; build the corpus before shipping it")
    records = data / RECORDS_FILE
    count = 0
    with (
        atomic_output(records, "wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as handle,
    ):
        for record in corpus.iter_records():
            handle.write(record.to_json().encode("utf-8"))
            handle.write(b"\n")
            count += 1
    holdout = {task: sorted(ids) for task, ids in sorted(corpus.holdout().items())}
    holdout_path = data / HOLDOUT_FILE
    atomic_write_text(holdout_path, json.dumps(holdout, indent=1, sort_keys=True) + "\n")
    return {
        "records": count,
        "holdout_programs": sum(len(ids) for ids in holdout.values()),
        "files": {"records": str(records), "holdout": str(holdout_path)},
        "bytes": records.stat().st_size,
        "sha256_12": _digest(records, holdout_path),
    }


def _corpora_dir() -> Path:
    from mleworld.paths import home

    return home() / CORPORA_DIR


def _digest(*paths: Path) -> str:
    sha = hashlib.sha256()
    for path in paths:
        if not path.is_file():
            sha.update(b"\x00absent\x00")
            continue
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                sha.update(block)
        sha.update(b"\x00")
    return sha.hexdigest()[:12]


def _read_holdout(path: Path) -> dict[str, list[str]]:
    """The shipped holdout; no file means no holdout."""
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise MleWorldError(
            f"shipped holdout {path} is not valid JSON ({exc}); reinstall mleworld"
        ) from None
    if not isinstance(data, dict) or not all(
        isinstance(ids, list) and all(isinstance(i, str) for i in ids) for ids in data.values()
    ):
        raise MleWorldError(
            f"shipped holdout {path} is not a {{task: [program ids]}} mapping; reinstall mleworld"
        )
    return {str(task): list(ids) for task, ids in data.items()}


def _remove_abandoned(root: Path) -> None:
    """Staging directories of first uses whose process is gone (killed mid-build)."""
    for item in root.glob(f".{DEFAULT}-*.tmp"):
        try:
            pid = int(item.name.rsplit(".", 2)[-2])
        except (ValueError, IndexError):
            continue
        if pid != os.getpid() and not _alive(pid):
            shutil.rmtree(item, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    with contextlib.suppress(OSError):
        stat = Path(f"/proc/{pid}/stat").read_text()
        return stat.rsplit(")", 1)[-1].split()[0] != "Z"
    return True
