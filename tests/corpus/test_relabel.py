"""Relabelling timeouts: real re-runs of recorded timeouts under their own limits."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from conftest import make_record
from mleworld.cli import main
from mleworld.corpus.relabel import LOG_FILE, relabel_timeouts, verdict
from mleworld.corpus.store import Corpus
from mleworld.execution.outcome import Outcome
from threshold_task import make_task, program

LIMIT_S = 3.0
FAST = program(20.0, 0.95)  # finishes in a fraction of a second
SLOW = program(20.0, 0.95, before="import time; time.sleep(30)")
CRASH = program(20.0, None, before="raise KeyError('x_col')")
CLEAN_TOO = program(21.0, 0.9)


def timeout_record(code: str, node: str, task: str = "toy") -> object:
    record = make_record(code, task=task, exc="TimeoutError", runtime_s=LIMIT_S, node=node)
    record.x = replace(record.x, time_limit_s=LIMIT_S)
    return record


@pytest.fixture
def source(tmp_path: Path) -> tuple[Corpus, Path]:
    task_dir = tmp_path / "tasks" / "toy"
    make_task(task_dir)
    corpus = Corpus.create(tmp_path / "source")
    corpus.append(
        [
            timeout_record(FAST, "fast"),
            timeout_record(SLOW, "slow"),
            timeout_record(CRASH, "crash"),
            make_record(CLEAN_TOO, task="toy", node="clean"),  # not a timeout: untouched
        ]
    )
    corpus.set_holdout({"toy": [make_record(FAST).id]})
    return corpus, task_dir


def test_timeouts_are_rerun_and_relabelled(source: tuple[Corpus, Path], tmp_path: Path) -> None:
    corpus, task_dir = source
    seen: list[tuple[str, str, int]] = []
    report = relabel_timeouts(
        corpus,
        tmp_path / "out",
        resolve_task_dir=lambda task_id: task_dir,
        workers=2,
        on_verdict=lambda record, kind, runs: seen.append((record.node_id, kind, len(runs))),
    )
    assert sorted(seen) == [
        ("crash", "relabelled", 2),
        ("fast", "relabelled", 2),
        ("slow", "kept", 1),
    ]
    data = report.to_dict()
    assert data["timeouts"] == 3 and data["kept_as_timeout"] == 1 and data["relabelled"] == 2
    assert data["relabelled_to"] == {"KeyError": 1, "None": 1} and data["disagreeing"] == 0
    out = Corpus.open(tmp_path / "out" / "corpus")
    records = {r.node_id: r for r in out.iter_records()}
    assert len(records) == 4 and data["records_out"] == 4
    fast = records["fast"]
    assert fast.y.exc_type == "None" and fast.y.metric == 0.95 and fast.y.submission
    assert not fast.timed_out and fast.runtime_s < LIMIT_S
    assert fast.extra["relabel"].startswith("timeout on a busy machine")
    assert fast.extra["threads"] >= 1 and fast.extra["cores"] >= 1
    assert records["crash"].y.exc_type == "KeyError" and "x_col" in records["crash"].y.term_out
    assert records["slow"].y.exc_type == "TimeoutError" and "relabel" not in records["slow"].extra
    assert (
        records["clean"].to_dict()
        == next(r for r in corpus.iter_records() if r.node_id == "clean").to_dict()
    )
    assert out.holdout() == corpus.holdout()


def test_a_killed_relabel_resumes_and_disagreeing_runs_keep_one_record_per_outcome(
    source: tuple[Corpus, Path], tmp_path: Path
) -> None:
    corpus, task_dir = source
    out = tmp_path / "out"
    out.mkdir()
    fast = next(r for r in corpus.iter_records() if r.node_id == "fast")
    clean = Outcome("None", "Validation accuracy: 0.95\n", metric=0.95, submission=True)
    timeout = Outcome("TimeoutError", "KeyboardInterrupt\n", timed_out=True, runtime_s=LIMIT_S)
    # An earlier relabel finished this record (clean, then a timeout) and was killed mid-line.
    entry = {
        "uid": fast.uid,
        "verdict": verdict([clean, timeout]),
        "runs": [clean.to_dict(), timeout.to_dict()],
    }
    (out / LOG_FILE).write_text(json.dumps(entry) + "\n" + '{"uid": "half a li')
    report = relabel_timeouts(corpus, out, resolve_task_dir=lambda task_id: task_dir)
    data = report.to_dict()
    assert data["resumed"] == 1 and data["disagreeing"] == 1
    assert data["kept_as_timeout"] == 1 and data["relabelled"] == 1  # slow, crash: run now
    kept = [r for r in Corpus.open(out / "corpus").iter_records() if r.node_id == "fast"]
    assert sorted(r.y.exc_type for r in kept) == ["None", "TimeoutError"]
    # Run again: everything is in the log, nothing re-runs.
    again = relabel_timeouts(corpus, out, resolve_task_dir=lambda task_id: task_dir)
    assert again.resumed == 3 and again.to_dict()["records_out"] == data["records_out"]


def test_verdicts() -> None:
    done = Outcome("None", "", submission=True)
    crash = Outcome("KeyError", "")
    late = Outcome("TimeoutError", "", timed_out=True)
    assert verdict([late]) == "kept"
    assert verdict([done, done]) == "relabelled"
    assert verdict([done, crash]) == "disagreeing"
    assert verdict([done, late]) == "disagreeing"


def relabel_cli(*args: str) -> int:
    with pytest.raises(SystemExit) as done:
        main(["corpus", "relabel", *args])
    return 0 if done.value.code is None else int(done.value.code)


def test_cli_relabel(
    source: tuple[Corpus, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus, task_dir = source
    out = str(tmp_path / "cli-out")
    tasks = str(task_dir.parent)
    assert relabel_cli(str(corpus.path), "--out", out, "--tasks-dir", tasks, "--json") == 0
    data = json.loads(capsys.readouterr().out)
    assert data["relabelled"] == 2 and data["kept_as_timeout"] == 1
    assert Path(data["corpus"]).is_dir()
    nowhere = str(tmp_path / "nope")
    assert relabel_cli(str(corpus.path), "--out", out, "--tasks-dir", nowhere) == 2
    assert "--tasks-dir" in capsys.readouterr().err


def test_a_relabelled_timeout_that_meets_its_own_clean_run_is_kept_once(
    source: tuple[Corpus, Path], tmp_path: Path
) -> None:
    corpus, task_dir = source
    corpus.append(
        [
            make_record(
                FAST,
                task="toy",
                node="fast-elsewhere",
                metric=0.95,
                term_out="Validation accuracy: 0.95\n",
                submission=True,
            )
        ]
    )
    report = relabel_timeouts(corpus, tmp_path / "out", resolve_task_dir=lambda task_id: task_dir)
    fast_clean = [
        r
        for r in Corpus.open(tmp_path / "out" / "corpus").iter_records()
        if r.program == FAST and r.y.exc_type == "None"
    ]
    assert len(fast_clean) == 1 and report.merged == 1 and report.relabelled == 2


def test_timeouts_confirmed_on_a_busy_machine_are_rechecked_when_asked(
    source: tuple[Corpus, Path], tmp_path: Path
) -> None:
    corpus, task_dir = source
    out = tmp_path / "out"
    out.mkdir()
    fast = next(r for r in corpus.iter_records() if r.node_id == "fast")
    busy = Outcome("TimeoutError", "", timed_out=True, runtime_s=LIMIT_S, cores=2, load_1m=1000.0)
    entry = {"uid": fast.uid, "verdict": "kept", "runs": [busy.to_dict()]}
    (out / LOG_FILE).write_text(json.dumps(entry) + "\n")
    trusting = relabel_timeouts(corpus, out, resolve_task_dir=lambda task_id: task_dir)
    assert trusting.resumed == 1 and trusting.kept == 2  # the busy verdict stands
    rechecked = relabel_timeouts(
        corpus, out, resolve_task_dir=lambda task_id: task_dir, recheck_load_per_core=100.0
    )
    assert rechecked.resumed == 2  # slow and crash, from the first call; fast runs again
    relabelled = next(r for r in Corpus.open(out / "corpus").iter_records() if r.node_id == "fast")
    assert relabelled.y.exc_type == "None" and rechecked.relabelled == 2
