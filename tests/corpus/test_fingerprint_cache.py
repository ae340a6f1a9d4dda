"""Fingerprint sidecars: written once, reused, recomputed when stale, carried through dedup_corpus."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from conftest import make_record, ml_program
from mleworld.corpus import fingerprint_cache
from mleworld.corpus.dedup import dedup_corpus
from mleworld.corpus.fingerprint import fingerprint
from mleworld.corpus.fingerprint_cache import iter_fingerprinted, sidecar_path
from mleworld.corpus.holdout import check_holdout, select_holdout
from mleworld.corpus.store import Corpus
from mleworld.errors import MleWorldError


def _corpus(tmp_path: Path, n: int = 12) -> Corpus:
    corpus = Corpus.create(tmp_path / "c")
    corpus.append([make_record(ml_program(i), node=str(i)) for i in range(n)], shard_rows=5)
    return corpus


def _forbid(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*_: object, **__: object) -> None:
        raise AssertionError("fingerprints were recomputed")

    monkeypatch.setattr(fingerprint_cache, "fingerprint_many", fail)


def test_sidecars_are_written_once_then_reused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus = _corpus(tmp_path)
    first = [
        (r["id"], fp)
        for rows, fps in iter_fingerprinted(corpus, ["id", "program"])
        for r, fp in zip(rows, fps, strict=True)
    ]
    assert len(first) == 12
    for program_id, fp in first[:3]:
        assert fp.token_key == program_id
    program = next(corpus.iter_records()).program
    assert np.array_equal(first[0][1].signature, fingerprint(program).signature)
    assert all(sidecar_path(corpus.path, e["file"]).is_file() for e in corpus.manifest["shards"])

    _forbid(monkeypatch)
    again = [
        (r["id"], fp)
        for rows, fps in iter_fingerprinted(corpus, ["id"])
        for r, fp in zip(rows, fps, strict=True)
    ]
    assert [i for i, _ in again] == [i for i, _ in first]
    assert all(
        np.array_equal(a.signature, b.signature) and a.ast_key == b.ast_key
        for (_, a), (_, b) in zip(first, again, strict=True)
    )
    with pytest.raises(AssertionError, match="recomputed"):
        list(iter_fingerprinted(corpus, ["id"], use_cache=False))


def test_stale_or_broken_sidecars_are_recomputed(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path)
    list(iter_fingerprinted(corpus, ["id"]))
    entries = corpus.manifest["shards"]
    stale = sidecar_path(corpus.path, entries[0]["file"])
    table = pq.read_table(stale)
    pq.write_table(table.replace_schema_metadata({b"mleworld.fingerprint_version": b"0"}), stale)
    broken = sidecar_path(corpus.path, entries[1]["file"])
    broken.write_bytes(b"not parquet")
    short = sidecar_path(corpus.path, entries[2]["file"])
    pq.write_table(pq.read_table(short).slice(0, 1), short)
    fps = [fp for _, batch in iter_fingerprinted(corpus, ["id"]) for fp in batch]
    assert len(fps) == 12
    for path in (stale, broken, short):
        assert (
            fingerprint_cache.read_sidecar(corpus.path, path.name, pq.read_metadata(path).num_rows)
            is not None
        )
    assert pq.read_metadata(short).num_rows == entries[2]["rows"]


def test_dedup_corpus_filters_dedups_and_carries_fingerprints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = Corpus.create(tmp_path / "raw")
    records = []
    for i in range(30):
        program = ml_program(i % 20)  # programs 0-9 appear twice
        records.append(
            make_record(
                program, node=f"n{i}", stage="draft" if i != 3 else "oops", runtime_s=1.0 + i
            )
        )
    records.append(
        make_record(
            ml_program(50), node="bar", term_out="10%|█         | 1/10 [00:01<00:09, 1.00it/s]\n"
        )
    )
    raw.append(records, shard_rows=8)
    clean = Corpus.create(tmp_path / "clean")
    flt, report = dedup_corpus(raw, clean, workers=1, shard_rows=6)
    assert (
        flt is not None and flt.dropped["invalid_stage"] == 1 and flt.dropped["progress_bar"] == 1
    )
    assert report.input == 29 and report.after_exact == 20 and report.kept == 20
    assert len(clean) == 20 and len({r.id for r in clean.iter_records()}) == 20
    assert all(sidecar_path(clean.path, e["file"]).is_file() for e in clean.manifest["shards"])
    assert clean.verify() == []

    _forbid(monkeypatch)  # the holdout and its check read the carried fingerprints
    select_holdout(clean, n_per_task=4, seed=1)
    cached = check_holdout(clean)
    monkeypatch.undo()
    assert cached == check_holdout(clean, recompute=True) == []
    with pytest.raises(MleWorldError, match="different target"):
        dedup_corpus(raw, Corpus.open(tmp_path / "raw"))


def test_append_rejects_too_few_fingerprints_and_cleans_orphan_sidecars(tmp_path: Path) -> None:
    corpus = Corpus.create(tmp_path / "c")
    recs = [make_record(ml_program(i), node=str(i)) for i in range(3)]
    with pytest.raises(MleWorldError, match="fewer fingerprints"):
        corpus.append(recs, fingerprints=[fingerprint(recs[0].program)])
    assert len(Corpus.open(tmp_path / "c")) == 0
    (tmp_path / "c" / "fingerprints").mkdir(exist_ok=True)
    orphan = tmp_path / "c" / "fingerprints" / "part-000007.parquet"
    pq.write_table(pa.table({"x": [1]}), orphan)
    corpus.append(recs, fingerprints=[fingerprint(r.program) for r in recs])
    assert not orphan.exists()
    assert sidecar_path(corpus.path, corpus.manifest["shards"][0]["file"]).is_file()


def test_recomputing_a_split_fingerprints_only_that_split(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus = _corpus(tmp_path)
    held = [r.id for r in corpus.iter_records()][:2]
    corpus.set_holdout({"titanic": held})
    seen: list[int] = []
    real = fingerprint_cache.fingerprint_many

    def counting(programs: list[str], size: int) -> list:  # type: ignore[type-arg]
        seen.append(len(programs))
        return real(programs, size)

    monkeypatch.setattr(fingerprint_cache, "fingerprint_many", counting)
    rows = [
        r
        for batch, _ in iter_fingerprinted(corpus, ["id"], split="holdout", use_cache=False)
        for r in batch
    ]
    assert sorted(r["id"] for r in rows) == sorted(held)
    assert sum(seen) == 2  # not the whole corpus
    assert not (tmp_path / "c" / "fingerprints").exists()  # a recompute writes no cache
