"""The corpus directory: append, stream, SQL, JSONL, splits, and surviving bad input and killed writers."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from conftest import OVERVIEW, make_record, ml_program
from mleworld.corpus.record import Record
from mleworld.corpus.store import Corpus, read_jsonl
from mleworld.errors import MleWorldError


def _records(n: int, task: str = "titanic", overview: str = OVERVIEW) -> list[Record]:
    out = []
    for i in range(n):
        exc = ("None", "KeyError", "TimeoutError")[i % 3]
        out.append(
            make_record(
                ml_program(i),
                task=task,
                exc=exc,
                node=f"{task}-{i}",
                stage=("draft", "improve", "debug")[i % 3],
                overview=overview,
                parent_id=None if i == 0 else f"{task}-{i - 1}",
                extra={"seed": i, "note": "ok"},
            )
        )
    return out


def test_append_then_stream_gives_the_same_records(tmp_path: Path) -> None:
    corpus = Corpus.create(tmp_path / "c")
    first = _records(7)
    second = _records(5, task="spaceship", overview="input/\n  train.csv (1 MB)")
    assert corpus.append(first, shard_rows=3) == 7
    assert corpus.append(iter(second), shard_rows=3) == 5
    reopened = Corpus.open(tmp_path / "c")
    assert len(reopened) == 12
    assert list(reopened.iter_records(batch_size=2)) == first + second
    manifest = reopened.manifest
    assert [s["rows"] for s in manifest["shards"]] == [3, 3, 1, 3, 2]
    assert manifest["tasks"] == {"spaceship": 5, "titanic": 7}
    assert manifest["stages"] == {"debug": 3, "draft": 5, "improve": 4}
    assert manifest["environments"][0]["packages"]["lightgbm"] == "4.3.0"
    assert manifest["environments"][0]["records"] == 12
    overviews = pq.read_table(tmp_path / "c" / "overviews.parquet")
    assert overviews.num_rows == 2  # each distinct overview stored once
    assert reopened.verify() == []


def test_non_finite_metrics_and_optional_fields_survive(tmp_path: Path) -> None:
    corpus = Corpus.create(tmp_path / "c")
    record = make_record(ml_program(1), metric=float("nan"), term_out="CV accuracy: nan\n")
    record.submission_valid = None
    record.exit_code = None
    corpus.append([record])
    back = next(corpus.iter_records())
    assert math.isnan(back.y.metric) and back.submission_valid is None and back.exit_code is None


def test_iter_rows_reads_only_the_columns_asked_for(tmp_path: Path) -> None:
    corpus = Corpus.create(tmp_path / "c")
    corpus.append(_records(10), shard_rows=4)
    batches = list(corpus.iter_rows(["task_id", "exc_type", "data_overview"], batch_size=3))
    assert all(len(b) <= 3 for b in batches)
    rows = [r for b in batches for r in b]
    assert len(rows) == 10 and set(rows[0]) == {"task_id", "exc_type", "data_overview"}
    assert rows[0]["data_overview"] == OVERVIEW
    with pytest.raises(MleWorldError, match="unknown corpus column"):
        next(corpus.iter_rows(["nope"]))
    with pytest.raises(MleWorldError, match="split"):
        next(corpus.iter_rows(["id"], split="validation"))


def test_splits_and_duckdb_views(tmp_path: Path) -> None:
    corpus = Corpus.create(tmp_path / "c")
    records = _records(9)
    corpus.append(records)
    held = {records[0].id, records[4].id}
    corpus.set_holdout({"titanic": held})
    assert {r.id for r in corpus.iter_records("holdout")} == held
    assert len(list(corpus.iter_records("train"))) == 7
    assert Corpus.open(tmp_path / "c").manifest["splits"]["holdout_programs"] == 2

    counts = corpus.query("SELECT split, count(*) AS n FROM records GROUP BY split ORDER BY split")
    assert counts.to_dict("records") == [{"split": "holdout", "n": 2}, {"split": "train", "n": 7}]
    by_class = corpus.query(
        "SELECT exc_type, count(*) AS n FROM records WHERE stage = ? GROUP BY 1 ORDER BY 1",
        ["draft"],
    )
    assert by_class.to_dict("records") == [{"exc_type": "None", "n": 3}]
    joined = corpus.query(
        "SELECT count(*) AS n FROM records r JOIN overviews o USING (overview_id) WHERE o.text LIKE '%train.csv%'"
    )
    assert int(joined["n"][0]) == 9
    with pytest.raises(MleWorldError) as info:
        corpus.query("SELECT nope FROM records")
    assert "corpus query failed" in str(info.value) and "\n" not in str(info.value)

    empty = Corpus.create(tmp_path / "empty")
    assert int(empty.query("SELECT count(*) AS n FROM records")["n"][0]) == 0


def test_jsonl_round_trip_plain_and_gzip(tmp_path: Path) -> None:
    corpus = Corpus.create(tmp_path / "c")
    records = _records(6)
    corpus.append(records)
    for name in ("records.jsonl", "records.jsonl.gz"):
        path = tmp_path / name
        assert corpus.export_jsonl(path) == 6
        copy = Corpus.create(tmp_path / f"copy-{name}")
        assert copy.import_jsonl(path) == 6
        assert list(copy.iter_records()) == records
    lines = (tmp_path / "records.jsonl").read_text().splitlines()
    assert json.loads(lines[0])["x"]["program"] == records[0].x.program
    corpus.set_holdout({"titanic": [records[1].id]})
    assert corpus.export_jsonl(tmp_path / "holdout.jsonl", split="holdout") == 1
    assert [r.id for r in read_jsonl(tmp_path / "holdout.jsonl")] == [records[1].id]


def test_a_bad_jsonl_line_imports_nothing(tmp_path: Path) -> None:
    corpus = Corpus.create(tmp_path / "c")
    good = [r.to_json() for r in _records(4)]
    path = tmp_path / "in.jsonl"
    path.write_text(
        "\n".join([*good[:3], '{"task_id": "t", "x": {"program": "x"}}', good[3]]) + "\n"
    )
    with pytest.raises(MleWorldError, match=r"in\.jsonl line 4: record lacks y"):
        corpus.import_jsonl(path, shard_rows=2)
    assert len(Corpus.open(tmp_path / "c")) == 0
    assert list(corpus.iter_records()) == []
    path.write_text("{broken\n")
    with pytest.raises(MleWorldError, match="line 1: record is not valid JSON"):
        corpus.import_jsonl(path)
    newer = json.loads(good[0])
    newer["schema_version"] = 99
    path.write_text(json.dumps(newer) + "\n")
    with pytest.raises(MleWorldError, match="schema version 99"):
        corpus.import_jsonl(path)


def test_leftovers_of_an_interrupted_append_are_ignored_then_removed(tmp_path: Path) -> None:
    corpus = Corpus.create(tmp_path / "c")
    records = _records(4)
    corpus.append(records)
    shards = tmp_path / "c" / "shards"
    (shards / ".part-000001.parquet.999.tmp").write_bytes(b"PAR1 half written")
    (shards / "part-000001.parquet").write_bytes((shards / "part-000000.parquet").read_bytes())
    (tmp_path / "c" / ".manifest.json.999.tmp").write_text("{")
    reopened = Corpus.open(tmp_path / "c")
    assert list(reopened.iter_records()) == records
    assert int(reopened.query("SELECT count(*) AS n FROM records")["n"][0]) == 4
    problems = reopened.verify()
    assert len(problems) == 1 and "interrupted append" in problems[0]
    more = _records(2, task="spaceship")
    reopened.append(more)
    assert list(reopened.iter_records()) == records + more
    assert reopened.verify() == []
    assert not (tmp_path / "c" / ".manifest.json.999.tmp").exists()


_CHILD = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    sys.path.insert(0, {tests!r})
    from conftest import make_record, ml_program
    from mleworld.corpus.store import Corpus

    corpus = Corpus.open({root!r})
    def stream():
        for i in range(10):
            yield make_record(ml_program(100 + i), node=f"child-{{i}}")
        Path({marker!r}).write_text("two shards written")
        time.sleep(60)
        yield make_record(ml_program(999), node="never")
    corpus.append(stream(), shard_rows=5)
    """
)


def test_a_killed_append_leaves_the_corpus_as_it_was(tmp_path: Path) -> None:
    root = tmp_path / "c"
    corpus = Corpus.create(root)
    before = _records(3)
    corpus.append(before)
    marker = tmp_path / "marker"
    script = _CHILD.format(tests=str(Path(__file__).parent), root=str(root), marker=str(marker))
    child = subprocess.Popen([sys.executable, "-c", script])
    try:
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert child.poll() is None, "the appending process exited early"
            assert time.monotonic() < deadline, "the appending process never got going"
            time.sleep(0.05)
        assert (
            len(list((root / "shards").glob("part-*.parquet"))) == 3
        )  # two unlisted shards on disk
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait()
    after = Corpus.open(root)
    assert list(after.iter_records()) == before
    assert len(after) == 3
    after.append(_records(1, task="spaceship"))
    assert len(list(after.iter_records())) == 4 and after.verify() == []


def test_two_writers_append_without_losing_records(tmp_path: Path) -> None:
    root = tmp_path / "c"
    Corpus.create(root)
    script = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(Path(__file__).parent)!r})
        from conftest import make_record, ml_program
        from mleworld.corpus.store import Corpus
        tag = sys.argv[1]
        corpus = Corpus.open({str(root)!r})
        for k in range(3):
            corpus.append([make_record(ml_program(i), node=f"{{tag}}-{{k}}-{{i}}") for i in range(5)], shard_rows=2)
        """
    )
    writers = [subprocess.Popen([sys.executable, "-c", script, tag]) for tag in ("a", "b")]
    assert [w.wait(timeout=120) for w in writers] == [0, 0]
    corpus = Corpus.open(root)
    nodes = sorted(r.node_id for r in corpus.iter_records())
    assert len(nodes) == 30 and len(set(nodes)) == 30
    assert corpus.verify() == []


def test_bad_corpus_directories_give_one_line_errors(tmp_path: Path) -> None:
    def message(fn, *args):  # type: ignore[no-untyped-def]
        with pytest.raises(MleWorldError) as info:
            fn(*args)
        assert "\n" not in str(info.value)
        return str(info.value)

    assert "does not exist" in message(Corpus.open, tmp_path / "missing")
    (tmp_path / "plain").mkdir()
    assert "not an mleworld corpus" in message(Corpus.open, tmp_path / "plain")
    (tmp_path / "plain" / "x.txt").write_text("x")
    assert "not an empty directory" in message(Corpus.create, tmp_path / "plain")

    Corpus.create(tmp_path / "c")
    assert "already exists" in message(Corpus.create, tmp_path / "c")
    manifest = json.loads((tmp_path / "c" / "manifest.json").read_text())
    manifest["schema_version"] = 7
    (tmp_path / "c" / "manifest.json").write_text(json.dumps(manifest))
    assert "schema version 7" in message(Corpus.open, tmp_path / "c")
    (tmp_path / "c" / "manifest.json").write_text("{truncated")
    assert "unreadable" in message(Corpus.open, tmp_path / "c")

    good = Corpus.create(tmp_path / "g")
    good.append(_records(6), shard_rows=3)
    shard = tmp_path / "g" / "shards" / "part-000001.parquet"
    shard.write_bytes(shard.read_bytes()[: shard.stat().st_size // 2])
    assert "part-000001.parquet is corrupt" in message(lambda: list(good.iter_records()))
    assert any("part-000001.parquet is unreadable" in p for p in good.verify())
    assert "takes Record objects" in message(good.append, [{"task_id": "t"}])
