"""Synthesis: the plan of agent runs, and a real synthesis (builtin agent on a suite task)
that is SIGKILLed mid-run and resumed without losing or duplicating a record."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from mleworld.agent.journal import read_nodes
from mleworld.corpus.store import Corpus
from mleworld.corpus.synthesize import plan_runs, resolve_tasks, synthesize
from mleworld.errors import MleWorldError
from mleworld.tasks.suite import suite_names

TASK = "penguins"


def test_plan_covers_every_task_before_the_next_round() -> None:
    plan = plan_runs(["a", "b", "c"], 2, 5, 0.25, time_limits=(10, 20), seed=3)
    assert [(r.task, r.seed) for r in plan] == [
        ("a", 3000),
        ("b", 3000),
        ("c", 3000),
        ("a", 3001),
        ("b", 3001),
        ("c", 3001),
    ]
    # Limits rotate across tasks and rounds, so each task sees several limits.
    assert [r.time_limit_s for r in plan] == [10, 20, 10, 20, 10, 20]
    assert {r.steps for r in plan} == {5} and {r.defect_rate for r in plan} == {0.25}
    assert plan[0].name == "a-s3000-d25-t10"
    assert len({r.name for r in plan}) == len(plan)


def test_a_plan_of_chosen_defect_kinds_names_them_in_its_runs() -> None:
    plan = plan_runs(["a"], 1, 2, 1.0, time_limits=(15,), defect_kinds=["bad_param", "date_format"])
    assert plan[0].defect_kinds == ("bad_param", "date_format")
    assert plan[0].name == "a-s0-d100-kbad_param+date_format-t15"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"defect_kinds": ["no_such_kind"]}, "unknown defect kind"),
        ({"runs": 0}, "--runs and --steps"),
        ({"steps": 0}, "--runs and --steps"),
        ({"defect_rate": 1.5}, "outside 0..1"),
        ({"time_limits": (10, -1)}, "positive seconds"),
    ],
)
def test_plan_rejects_bad_settings(args: dict[str, object], message: str) -> None:
    settings: dict[str, object] = {"runs": 1, "steps": 1, "defect_rate": 0.3, **args}
    with pytest.raises(MleWorldError, match=message):
        plan_runs(["a"], **settings)  # type: ignore[arg-type]


def test_task_names_resolve_against_the_suite() -> None:
    assert resolve_tasks("all") == suite_names()
    assert resolve_tasks(" penguins, digits,penguins ") == ["penguins", "digits"]
    with pytest.raises(MleWorldError, match="unknown suite task.*nope") as info:
        resolve_tasks("penguins,nope")
    assert "penguins" in str(info.value)  # the error lists the names that exist
    with pytest.raises(MleWorldError, match="--workers"):
        synthesize(TASK, Path("unused"), workers=0)


SCRIPT = textwrap.dedent(
    """\
    import sys
    from pathlib import Path
    from mleworld.corpus.synthesize import synthesize

    if __name__ == "__main__":
        synthesize(
            "{task}", Path(sys.argv[1]), runs=1, steps=2, defect_rate=0.5,
            workers=1, time_limits=[10], seed=0,
        )
    """
)


@pytest.mark.slow
def test_killed_synthesis_resumes_without_duplicates(tmp_path: Path) -> None:
    out = tmp_path / "corpus"
    script = tmp_path / "synth.py"
    script.write_text(SCRIPT.format(task=TASK))
    journal = out / "runs" / f"{TASK}-s0-d50-t10" / "journal.jsonl"
    proc = subprocess.Popen([sys.executable, str(script), str(out)], env=dict(os.environ))
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline and proc.poll() is None:
            if journal.is_file() and read_nodes(journal)[0]:
                break
            time.sleep(0.2)
        assert proc.poll() is None, "the synthesis ended before it could be killed"
        first = read_nodes(journal)[0]
        assert len(first) == 1
        # Only the synthesis process: its worker must die with it, or it would
        # keep the run locked and the resume below would fail.
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.kill()
        proc.wait()

    seen: list[tuple[str, str]] = []
    report = synthesize(
        TASK,
        out,
        runs=1,
        steps=2,
        defect_rate=0.5,
        workers=1,
        time_limits=[10],
        seed=0,
        on_run=lambda spec, status, part: seen.append((spec.name, status)),
    )
    assert report.runs_failed == {}
    assert seen == [(f"{TASK}-s0-d50-t10", "done")]
    nodes = read_nodes(journal)[0]
    assert len(nodes) == 2  # resumed, not restarted: the first node is the one from before
    assert (nodes[0].id, nodes[0].code, nodes[0].outcome, nodes[0].created_at) == (
        first[0].id,
        first[0].code,
        first[0].outcome,
        first[0].created_at,
    )
    corpus = Corpus.open(out)
    keys = [(r.run_id, r.node_id) for r in corpus.iter_records()]
    assert sorted(keys) == sorted((journal.parent.name, n.id) for n in nodes)
    assert report.records == 2 and report.ingest.added == 2
    summary = json.loads((journal.parent / "run.json").read_text())
    assert summary["status"] == "complete" and summary["steps"] == 2

    # Once more: the finished run is only re-ingested, which adds nothing.
    again = synthesize(
        TASK, out, runs=1, steps=2, defect_rate=0.5, workers=1, time_limits=[10], seed=0,
        on_run=lambda spec, status, part: seen.append((spec.name, status)),
    )  # fmt: skip
    assert seen[-1] == (f"{TASK}-s0-d50-t10", "already done")
    assert again.ingest.added == 0 and again.ingest.already_present == 2
    assert len(Corpus.open(out)) == 2
    record = next(Corpus.open(out).iter_records())
    assert record.task_id == TASK and record.generator == "builtin"
    assert record.x.time_limit_s == 10 and "species" in record.x.data_overview


def test_ray_executor_without_ray_names_the_install_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    with pytest.raises(MleWorldError, match=r"pip install 'mleworld\[ray\]'"):
        synthesize(TASK, tmp_path / "corpus", runs=1, steps=1, executor="ray")
    with pytest.raises(MleWorldError, match="unknown executor 'slurm'"):
        synthesize(TASK, tmp_path / "other", executor="slurm")
    assert not (tmp_path / "other").exists()
