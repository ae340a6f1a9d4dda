"""Ingesting agent runs: a real run (scripted code model, real sandbox) becomes records.

The run executes tiny pure-Python programs on a 40-row task, so the whole run
takes a few seconds; it has a clean draft, a code-model error (never executed),
a crash, a timeout, a debug fix and an improvement.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from mleworld.agent import loop
from mleworld.agent.config import build_config
from mleworld.agent.journal import read_nodes
from mleworld.codegen.scripted import ScriptedCodeModel
from mleworld.corpus.ingest import find_runs, ingest_runs
from mleworld.corpus.store import Corpus
from mleworld.errors import MleWorldError
from mleworld.tasks.task import Task
from threshold_task import answer, make_task, program

TIME_LIMIT_S = 5.0  # the sleeping program's timeout; the others need a fraction of it


ANSWERS = [
    answer("Threshold at 10.", program(10, 0.75)),
    "I would fit a model here, but there is no code in this answer.",
    answer("Read a column that is not there.", program(0, None, "raise KeyError('x_col')")),
    answer("Wait for a slow service.", program(5, 0.5, "import time; time.sleep(60)")),
    answer("Threshold at 20.", program(20, 1.0)),
    answer("Threshold at 21.", program(21, 0.97)),
    answer("Threshold at 19.", program(19, 0.95)),
    answer("Threshold at 22.", program(22, 0.9)),
]


def make_run(task: Task, run_dir: Path, steps: int = 6, seed: int = 7) -> Path:
    """A real agent run: scripted answers, real sandbox executions."""
    config = build_config(
        {
            "task": str(task.path),
            "seed": seed,
            "agent": {"steps": steps},
            "search": {"num_drafts": 4, "debug_prob": 1.0},
        }
    )
    loop.start(config, run_dir, code_model=ScriptedCodeModel(ANSWERS, cycle=True))
    return run_dir


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("ingest")
    return make_run(make_task(root / "task", time_limit_s=TIME_LIMIT_S), root / "runs" / "toy-run")


def test_every_executed_node_becomes_one_record(run_dir: Path, tmp_path: Path) -> None:
    corpus = Corpus.create(tmp_path / "corpus")
    report = ingest_runs([run_dir], corpus)
    nodes, _ = read_nodes(run_dir / "journal.jsonl")
    executed = [n for n in nodes if n.executed]
    assert report.runs == 1 and report.nodes == len(nodes) == 6
    assert report.added == len(executed) == 5 and report.already_present == 0
    assert dict(report.skipped) == {"code_model_error": 1}

    corpus.refresh()
    assert len(corpus) == 5 and corpus.tasks == {"toy": 5}
    context = json.loads((run_dir / "context.json").read_text())
    records = {r.node_id: r for r in corpus.iter_records()}
    for node in executed:
        record = records[node.id]
        assert record.task_id == "toy" and record.run_id == "toy-run"
        assert record.stage == node.stage and record.parent_id == node.parent_id
        assert record.x.program == node.code
        assert record.x.data_overview == context["overview"] and "train.csv" in context["overview"]
        assert record.x.packages == context["packages"]
        assert record.x.time_limit_s == node.time_limit_s == TIME_LIMIT_S
        assert record.y.exc_type == node.outcome["exc_type"]
        assert record.y.term_out == node.outcome["term_out"]
        assert record.extra["seed"] == 7 and record.extra["step"] == node.step
        # What the machine was doing while it ran, from the real outcome.
        assert record.extra["threads"] == node.outcome["threads"] >= 1
        assert record.extra["cores"] >= record.extra["threads"]
        assert record.extra["concurrent_runs"] >= 1 and record.extra["load_1m"] >= 0
    outcomes = sorted(r.y.exc_type for r in records.values())
    assert outcomes == ["KeyError", "None", "None", "None", "TimeoutError"]
    crash = next(r for r in records.values() if r.y.exc_type == "KeyError")
    assert "x_col" in crash.y.term_out and crash.y.metric is None and not crash.y.submission
    timeout = next(r for r in records.values() if r.y.exc_type == "TimeoutError")
    assert timeout.timed_out and timeout.runtime_s >= 0.9 * TIME_LIMIT_S
    clean = sorted(r.y.metric for r in records.values() if r.y.exc_type == "None")
    assert clean == sorted(n.metric for n in executed if n.outcome["exc_type"] == "None")
    # A debug node's parent is a crashed node of the same run.
    debug = [r for r in records.values() if r.stage == "debug"]
    assert debug and all(records[r.parent_id].y.exc_type != "None" for r in debug)


def test_reingest_adds_nothing_and_a_grown_run_adds_only_its_new_nodes(
    run_dir: Path, tmp_path: Path
) -> None:
    grown = shutil.copytree(run_dir, tmp_path / "runs" / run_dir.name)
    corpus = Corpus.create(tmp_path / "corpus")
    assert ingest_runs([grown], corpus).added == 5
    again = ingest_runs([grown], corpus)
    assert again.added == 0 and again.already_present == 5
    corpus.refresh()
    assert len(corpus) == 5 and len(corpus.shard_paths) == 1

    loop.resume(
        grown,
        overrides={"agent": {"steps": 8}},
        code_model=ScriptedCodeModel(ANSWERS[6:], cycle=True),
    )
    more = ingest_runs([tmp_path / "runs"], corpus)  # a folder holding the run
    assert more.added == 2 and more.already_present == 5
    corpus.refresh()
    ids = [(r.run_id, r.node_id) for r in corpus.iter_records()]
    assert len(ids) == len(set(ids)) == 7


def test_find_runs_walks_folders_of_runs(run_dir: Path, tmp_path: Path) -> None:
    nested = tmp_path / "batch" / "a" / "deep"
    shutil.copytree(run_dir, nested / "one")
    shutil.copytree(run_dir, tmp_path / "batch" / "two")
    found = find_runs([tmp_path / "batch", nested / "one"])
    assert found == [nested / "one", tmp_path / "batch" / "two"]


def test_broken_runs_fail_in_one_line_and_add_nothing(run_dir: Path, tmp_path: Path) -> None:
    corpus = Corpus.create(tmp_path / "corpus")
    broken = shutil.copytree(run_dir, tmp_path / "broken")
    (broken / "context.json").unlink()
    with pytest.raises(MleWorldError) as info:
        ingest_runs([run_dir, broken], corpus)
    message = str(info.value)
    assert "context.json" in message and "\n" not in message
    corpus.refresh()
    assert len(corpus) == 0  # all or nothing: the good run was not half added

    with pytest.raises(MleWorldError, match="does not exist"):
        ingest_runs([tmp_path / "nowhere"], corpus)
    (tmp_path / "empty").mkdir()
    with pytest.raises(MleWorldError, match="holds no agent run"):
        ingest_runs([tmp_path / "empty"], corpus)
    no_config = shutil.copytree(run_dir, tmp_path / "no-config")
    (no_config / "config.yaml").unlink()
    with pytest.raises(MleWorldError, match="config.yaml"):
        ingest_runs([no_config], corpus)


BON_REAL_ANSWERS = [
    answer("Threshold at 10.", program(10, 0.75)),
    answer("Threshold at 20.", program(20, 0.9)),
    answer("Read a column that is not there.", program(0, None, "raise KeyError('x_col')")),
    answer("Threshold at 21.", program(21, 0.97)),
    answer("Threshold at 22.", program(22, 0.8)),
    answer("Threshold at 19.", program(19, 0.95)),
]


def test_bon_real_candidates_that_ran_but_were_not_kept_become_sibling_records(
    tmp_path: Path,
) -> None:
    task = make_task(tmp_path / "task", time_limit_s=TIME_LIMIT_S)
    config = build_config(
        {
            "task": str(task.path),
            "seed": 3,
            "agent": {"steps": 3},
            "search": {
                "num_drafts": 2,
                "debug_prob": 0.0,
                "policy": "bon-real",
                "num_candidates": 2,
                "world_model": "none",
            },
        }
    )
    run_dir = tmp_path / "runs" / "bon-run"
    loop.start(config, run_dir, code_model=ScriptedCodeModel(BON_REAL_ANSWERS))
    nodes, _ = read_nodes(run_dir / "journal.jsonl")
    assert [n.stage for n in nodes] == ["draft", "draft", "improve"]
    assert [n.metric for n in nodes] == [0.9, 0.97, 0.95]  # the best observed of each pair

    corpus = Corpus.create(tmp_path / "corpus")
    report = ingest_runs([run_dir], corpus)
    assert report.added == 6 and report.candidate_runs == 3 and report.nodes == 3
    corpus.refresh()
    records = {r.node_id: r for r in corpus.iter_records()}
    assert len(records) == 6
    for node in nodes:
        kept = node.candidates[node.chosen_index]
        (other,) = [c for i, c in enumerate(node.candidates) if i != node.chosen_index]
        sibling = records[other["meta"]["exec_id"]]
        assert sibling.node_id.startswith(f"{node.id}-c")
        assert sibling.extra["candidate_of"] == node.id
        assert sibling.stage == node.stage and sibling.parent_id == node.parent_id
        assert sibling.x.program == other["code"] and sibling.x.time_limit_s == node.time_limit_s
        assert sibling.y.exc_type == other["outcome"]["exc_type"]
        assert sibling.y.metric == other["outcome"].get("metric")
        assert records[node.id].y.metric == node.metric == kept["outcome"]["metric"]
        assert "candidate_of" not in records[node.id].extra
    siblings = sorted(
        (r.y.exc_type, r.y.metric) for r in records.values() if "candidate_of" in r.extra
    )
    assert siblings == [("KeyError", None), ("None", 0.75), ("None", 0.8)]
    # The improve step's unkept run is a child of the same parent as the node it lost to.
    improve = nodes[2]
    assert improve.parent_id == nodes[1].id
    assert [r.parent_id for r in records.values() if r.stage == "improve"] == [nodes[1].id] * 2

    again = ingest_runs([run_dir], corpus)
    assert again.added == 0 and again.already_present == 6 and again.candidate_runs == 0
