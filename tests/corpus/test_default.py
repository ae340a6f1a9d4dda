"""The `default` corpus: shipped as two files, materialized once under MLEWORLD_HOME.

Tests ship their own tiny default corpus into a temporary data directory, so
they do not depend on the real artifact; the last test reads the real one
when this installation has it, from the session's MLEWORLD_HOME.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import make_record, ml_program
from mleworld.corpus import default as default_mod
from mleworld.corpus.default import (
    HOLDOUT_FILE,
    RECORDS_FILE,
    default_corpus,
    resolve_corpus,
    ship_default,
)
from mleworld.corpus.store import Corpus
from mleworld.errors import MleWorldError


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "home"
    monkeypatch.setenv("MLEWORLD_HOME", str(path))
    return path


def built_corpus(path: Path, n: int = 6) -> Corpus:
    corpus = Corpus.create(path)
    records = [
        make_record(ml_program(i), node=f"n{i}", task="titanic" if i % 2 else "spaceship")
        for i in range(n)
    ]
    records.append(make_record(ml_program(0), exc="KeyError", node="n-crash", task="spaceship"))
    corpus.append(records)
    corpus.set_holdout({"titanic": [records[1].id], "spaceship": [records[2].id]})
    return corpus


@pytest.fixture
def shipped(tmp_path: Path) -> tuple[Path, Corpus]:
    corpus = built_corpus(tmp_path / "built")
    data = tmp_path / "data"
    ship_default(corpus, data)
    return data, corpus


def test_shipping_writes_records_and_holdout_deterministically(
    shipped: tuple[Path, Corpus], tmp_path: Path
) -> None:
    data, corpus = shipped
    assert sorted(p.name for p in data.iterdir()) == [RECORDS_FILE, HOLDOUT_FILE]
    holdout = json.loads((data / HOLDOUT_FILE).read_text())
    assert holdout == {task: sorted(ids) for task, ids in corpus.holdout().items()}
    first = (data / RECORDS_FILE).read_bytes()
    again = ship_default(corpus, tmp_path / "again")
    assert (tmp_path / "again" / RECORDS_FILE).read_bytes() == first  # no time stamp inside
    assert again["records"] == 7 and again["holdout_programs"] == 2
    with pytest.raises(MleWorldError, match="empty"):
        ship_default(Corpus.create(tmp_path / "empty"), tmp_path / "nothing")


def test_default_is_materialized_once_and_equals_what_was_shipped(
    shipped: tuple[Path, Corpus], home: Path
) -> None:
    data, original = shipped
    corpus = resolve_corpus("default", data_dir=data)
    assert corpus.path.parent == home / "corpora"
    assert corpus.path.name.startswith("default-") and len(corpus.path.name) == len("default-") + 12
    assert corpus.holdout() == original.holdout()
    got = [r.to_json() for r in corpus.iter_records()]
    assert got == [r.to_json() for r in original.iter_records()]
    assert corpus.query("SELECT count(*) AS n FROM records WHERE split = 'holdout'").n[0] == 2

    manifest = corpus.path / "manifest.json"
    stamp = manifest.stat().st_mtime_ns
    assert default_corpus(data).path == corpus.path
    assert manifest.stat().st_mtime_ns == stamp  # reused, not rebuilt
    assert [p.name for p in (home / "corpora").iterdir()] == [corpus.path.name]


def test_new_shipped_data_gets_a_new_directory(
    shipped: tuple[Path, Corpus], home: Path, tmp_path: Path
) -> None:
    data, original = shipped
    old = default_corpus(data)
    original.set_holdout({"titanic": [], "spaceship": []})
    ship_default(original, data)  # same records, new holdout
    new = default_corpus(data)
    assert new.path != old.path and new.holdout() == {}
    assert old.holdout() != {}  # the old cache is left as it was


def test_missing_or_bad_shipped_files_fail_in_one_line(
    shipped: tuple[Path, Corpus], home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "nothing").mkdir()
    monkeypatch.setattr(default_mod, "shipped_dir", lambda: tmp_path / "nothing")
    with pytest.raises(MleWorldError) as info:
        resolve_corpus("default")
    message = str(info.value)
    assert RECORDS_FILE in message and "not part of this installation" in message
    assert "\n" not in message
    assert not home.exists()  # nothing was created for a failed resolution

    data, _ = shipped
    (data / HOLDOUT_FILE).write_text('{"titanic": "not a list"}')
    with pytest.raises(MleWorldError, match="task: \\[program ids\\]"):
        default_corpus(data)
    (data / HOLDOUT_FILE).write_text("{broken")
    with pytest.raises(MleWorldError, match="not valid JSON"):
        default_corpus(data)


def test_a_path_opens_that_corpus(shipped: tuple[Path, Corpus], tmp_path: Path) -> None:
    _, original = shipped
    assert resolve_corpus(str(original.path)).path == original.path
    assert len(resolve_corpus(original.path)) == 7
    with pytest.raises(MleWorldError, match="does not exist.*default"):
        resolve_corpus(str(tmp_path / "missing"))
    (tmp_path / "plain").mkdir()
    with pytest.raises(MleWorldError, match="not an mleworld corpus"):
        resolve_corpus(tmp_path / "plain")


def test_a_directory_named_default_is_reached_as_a_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built_corpus(tmp_path / "default")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(default_mod, "shipped_dir", lambda: tmp_path / "no-data")
    assert len(resolve_corpus("./default")) == 7
    with pytest.raises(MleWorldError, match="not part of this installation"):
        resolve_corpus("default")


def test_a_killed_first_use_is_cleaned_up(shipped: tuple[Path, Corpus], home: Path) -> None:
    data, _ = shipped
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    leftover = home / "corpora" / f".default-0123456789ab.{int(dead.stdout)}.tmp"
    (leftover / "shards").mkdir(parents=True)
    (leftover / "shards" / "part-000000.parquet").write_bytes(b"half written")
    corpus = default_corpus(data)
    assert not leftover.exists()
    assert [p.name for p in (home / "corpora").iterdir()] == [corpus.path.name]
    assert corpus.verify() == []


CONCURRENT = textwrap.dedent(
    """\
    import sys
    from pathlib import Path
    from mleworld.corpus.default import resolve_corpus

    corpus = resolve_corpus("default", data_dir=Path(sys.argv[1]))
    print(corpus.path, len(corpus))
    """
)


def test_concurrent_first_uses_agree(shipped: tuple[Path, Corpus], home: Path) -> None:
    data, _ = shipped
    env = dict(os.environ, MLEWORLD_HOME=str(home))
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", CONCURRENT, str(data)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for _ in range(3)
    ]
    outputs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], [err for _, err in outputs]
    lines = {out.strip() for out, _ in outputs}
    assert len(lines) == 1 and lines.pop().endswith(" 7")
    entries = list((home / "corpora").iterdir())
    assert len(entries) == 1 and Corpus.open(entries[0]).verify() == []


@pytest.mark.slow
def test_the_shipped_default_corpus() -> None:
    # The session's MLEWORLD_HOME, not a fresh one: the real corpus is materialized there
    # once for this test and the others that read it (the tiny LM's sample, the scan).
    from mleworld.corpus.holdout import check_holdout
    from mleworld.corpus.stats import stats
    from mleworld.tasks.suite import suite_names

    corpus = resolve_corpus("default")
    table = stats(corpus)
    assert table["total"] == len(corpus) >= 3000
    assert set(table["by_task"]) == set(suite_names())
    assert set(table["by_stage"]) == {"draft", "improve", "debug"}
    assert table["by_outcome"]["clean"] > 0 and table["by_outcome"]["timeout"] > 0
    assert table["labels"]["metric"] > 0
    assert len(table["by_exception"]) >= 8
    assert table["holdout_total"] > 0
    assert check_holdout(corpus) == []
