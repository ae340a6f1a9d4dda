"""The step loop run for real: scripted code model, real sandbox, real grading.

Programs here are tiny pure-Python scripts so each execution takes a fraction of
a second; the builtin model end to end is in tests/cli/test_run_cli.py.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from mleworld.agent import loop
from mleworld.agent.config import build_config
from mleworld.agent.journal import load_journal
from mleworld.agent.search import GATES, POLICIES, Candidate, Selection, StepContext
from mleworld.codegen.scripted import ScriptedCodeModel
from mleworld.errors import ConfigError
from mleworld.execution.outcome import Outcome
from mleworld.tasks.task import Task
from threshold_task import answer, make_task, program

GRADE_KEYS = {
    "score",
    "valid",
    "error",
    "percentile",
    "medal",
    "above_median",
    "gold_threshold",
    "silver_threshold",
    "bronze_threshold",
    "median_threshold",
    "is_lower_better",
    "normalized_score",
}


def config_for(task: Task, **parts: Any) -> Any:
    data: dict[str, Any] = {"task": str(task.path), "seed": 7}
    data.update(parts)
    return build_config(data)


def test_scripted_run_through_the_real_loop(tmp_path: Path) -> None:
    task = make_task(tmp_path / "task")
    model = ScriptedCodeModel(
        [
            answer("Threshold at 10.", program(10, 0.75)),
            "I would use a random forest here, but I forgot to write the code.",
            answer("Crash on purpose.", program(0, None, before="raise ValueError('bad column')")),
            answer("Threshold at 20.", program(20, 1.0)),
            answer("Threshold at 30.", program(30, 0.8)),
        ]
    )
    config = config_for(task, search={"num_drafts": 5}, agent={"steps": 5})
    run_dir = tmp_path / "run"
    summary = loop.start(config, run_dir, code_model=model)

    journal = load_journal(run_dir / "journal.jsonl", lower_is_better=False)
    assert [n.stage for n in journal] == ["draft"] * 5
    first, no_code, crash, best, worse = journal.nodes
    # A response without a code block is a buggy node, not a crashed run.
    assert no_code.is_buggy and not no_code.executed and no_code.code == ""
    assert no_code.error.startswith("ModelResponseError") and no_code.status == "error"
    assert crash.executed and crash.is_buggy and crash.exc_type == "ValueError"
    assert "bad column" in crash.term_out
    assert first.verified and first.metric == 0.75
    assert best.verified and journal.best_node() is best
    # Each request carried the task, the stage and a prompt built from the task.
    assert all(r.stage == "draft" and r.task == task for r in model.requests)
    assert "Predict y from x" in model.requests[0].prompt

    files = {p.name for p in run_dir.iterdir()}
    assert {"journal.jsonl", "config.yaml", "best_solution.py", "submission.csv"} <= files
    assert {"report.html", "grade.json", "run.json", "context.json"} <= files
    context = json.loads((run_dir / "context.json").read_text())
    assert "train.csv" in context["overview"] and "pandas" in context["packages"]
    assert (run_dir / "best_solution.py").read_text() == best.code
    assert (run_dir / "submission.csv").read_bytes() == (
        run_dir / "submissions" / f"{best.id}.csv"
    ).read_bytes()
    # Every executed node's submission is kept; the crashed one wrote none.
    kept = {p.stem for p in (run_dir / "submissions").iterdir()}
    assert kept == {first.id, best.id, worse.id}

    grade = json.loads((run_dir / "grade.json").read_text())
    assert set(grade) == GRADE_KEYS
    assert grade["valid"] and grade["score"] == 1.0 and grade["medal"] == "gold"
    stored = json.loads((run_dir / "run.json").read_text())
    assert stored == json.loads(json.dumps(summary))
    assert stored["steps"] == 5 and stored["best_metric"] == 1.0
    assert stored["nodes"]["executed"] == 4 and stored["nodes"]["model_errors"] == 1
    assert stored["used"]["exec_time_s"] > 0 and stored["stop_reason"] == "steps"
    html = (run_dir / "report.html").read_text()
    assert html.count('<section class="node ') == 5


def test_debug_and_improve_steps_see_their_parent(tmp_path: Path) -> None:
    task = make_task(tmp_path / "task")
    model = ScriptedCodeModel(
        [
            answer("Crash.", program(0, None, before="raise KeyError('x_col')")),
            answer("Fixed.", program(20, 1.0)),
            answer("Tweak.", program(21, 0.97)),
        ]
    )
    config = config_for(task, search={"num_drafts": 1, "debug_prob": 1.0}, agent={"steps": 3})
    loop.start(config, tmp_path / "run", code_model=model)
    journal = load_journal(tmp_path / "run" / "journal.jsonl", False)
    assert [(n.stage, n.parent_id) for n in journal] == [
        ("draft", None),
        ("debug", journal.nodes[0].id),
        ("improve", journal.nodes[1].id),
    ]
    debug_request, improve_request = model.requests[1], model.requests[2]
    assert debug_request.parent_exc_type == "KeyError"
    assert "x_col" in debug_request.parent_output
    assert debug_request.parent_code == journal.nodes[0].code
    assert improve_request.parent_code == journal.nodes[1].code
    assert journal.nodes[2].debug_depth == 0 and journal.nodes[1].debug_depth == 1


class FakeExecute:
    """An executor callback with a fixed runtime: budgets become exact arithmetic."""

    def __init__(self, runtime_s: float, sleep_s: float = 0.0) -> None:
        self.runtime_s, self.sleep_s = runtime_s, sleep_s
        self.limits: list[float] = []

    def __call__(self, code: str, node_id: str, time_limit_s: float) -> Outcome:
        self.limits.append(time_limit_s)
        time.sleep(self.sleep_s)
        return Outcome(
            "None", "Validation accuracy: 0.5", 0.5, submission=True, runtime_s=self.runtime_s
        )


def _cycling_model() -> ScriptedCodeModel:
    return ScriptedCodeModel([answer("p", program(20, 0.5))], cycle=True)


def test_execution_budget_stops_the_run_and_caps_the_last_time_limit(tmp_path: Path) -> None:
    task = make_task(tmp_path / "task", time_limit_s=8)
    execute = FakeExecute(runtime_s=10)
    config = config_for(task, agent={"steps": 50, "exec_budget_s": 25})
    summary = loop.start(config, tmp_path / "run", code_model=_cycling_model(), execute=execute)
    assert summary["stop_reason"] == "exec_budget" and summary["steps"] == 3
    assert execute.limits == [8, 8, 5]  # the task's limit, then what the budget had left
    assert summary["used"]["exec_time_s"] == 30
    nodes = load_journal(tmp_path / "run" / "journal.jsonl", False).nodes
    assert [n.time_limit_s for n in nodes] == [8, 8, 5]


def test_wall_time_budget_stops_the_run(tmp_path: Path) -> None:
    task = make_task(tmp_path / "task")
    config = config_for(task, agent={"steps": 1000, "time_budget_s": 1.5})
    summary = loop.start(
        config,
        tmp_path / "run",
        code_model=_cycling_model(),
        execute=FakeExecute(runtime_s=0.1, sleep_s=0.2),
    )
    assert summary["stop_reason"] == "time_budget" and 0 < summary["steps"] < 1000


class PredictThenTrust:
    """A stand-in for a later world-model policy: two candidates, pick the second."""

    name = "test-pick-second"

    def propose(self, ctx: StepContext) -> Selection:
        candidates = [ctx.generate(ctx.request) for _ in range(ctx.num_candidates)]
        for candidate in candidates:
            candidate.prediction = ctx.predict(candidate)
        return Selection(candidates, 1)


class TrustEverything:
    name = "test-trust"

    def decide(self, chosen: Candidate, ctx: StepContext) -> str:
        return "trusted"


def test_policy_and_gate_seam_records_candidates_and_trusted_predictions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(POLICIES, "pick-second", f"{__name__}:PredictThenTrust")
    monkeypatch.setitem(GATES, "trust", f"{__name__}:TrustEverything")
    task = make_task(tmp_path / "task")
    model = ScriptedCodeModel(
        [answer("first", program(10, 0.7)), answer("second", program(20, 0.9))], cycle=True
    )

    def predict(candidate: Candidate) -> dict[str, Any]:
        return {"exc_type": "None", "metric": 0.9, "submission": True, "p_max": 0.8, "term_out": ""}

    def never(code: str, node_id: str, time_limit_s: float) -> Outcome:
        raise AssertionError("a trusted prediction must not run")

    config = config_for(
        task,
        search={"policy": "pick-second", "gate": "trust", "num_candidates": 2},
        agent={"steps": 2},
    )
    summary = loop.start(config, tmp_path / "run", code_model=model, execute=never, predict=predict)
    nodes = load_journal(tmp_path / "run" / "journal.jsonl", False).nodes
    node = nodes[0]
    assert node.plan == "second" and node.chosen_index == 1 and node.policy == "test-pick-second"
    assert node.gate == "trusted" and not node.executed and node.metric == 0.9
    assert not node.is_buggy and not node.verified
    assert len(node.candidates) == 2
    assert node.candidates[0]["plan"] == "first" and "code" not in node.candidates[1]
    assert all(c["prediction"]["p_max"] == 0.8 for c in node.candidates)
    # Nothing was verified, so nothing is submitted and the grade says so.
    assert summary["best"] is None and summary["nodes"]["trusted"] == 2
    assert summary["grade"]["valid"] is False
    assert not (tmp_path / "run" / "submission.csv").exists()


def test_interrupt_saves_the_run_and_resume_finishes_it(tmp_path: Path) -> None:
    task = make_task(tmp_path / "task")
    calls = {"n": 0}

    def interrupted(code: str, node_id: str, time_limit_s: float) -> Outcome:
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return Outcome("None", "Validation accuracy: 0.5", 0.5, submission=True, runtime_s=1)

    run_dir = tmp_path / "run"
    config = config_for(task, agent={"steps": 4})
    with pytest.raises(KeyboardInterrupt):
        loop.start(config, run_dir, code_model=_cycling_model(), execute=interrupted)
    summary = json.loads((run_dir / "run.json").read_text())
    assert summary["status"] == "interrupted" and summary["steps"] == 2
    first_ids = [n.id for n in load_journal(run_dir / "journal.jsonl", False)]

    resumed = loop.resume(run_dir, code_model=_cycling_model(), execute=FakeExecute(1))
    assert resumed["status"] == "complete" and resumed["steps"] == 4
    ids = [n.id for n in load_journal(run_dir / "journal.jsonl", False)]
    assert ids[:2] == first_ids and len(set(ids)) == 4
    # Budgets may be raised on resume; the config on disk follows.
    more = loop.resume(
        run_dir,
        overrides={"agent": {"steps": 6}},
        code_model=_cycling_model(),
        execute=FakeExecute(1),
    )
    assert more["steps"] == 6 and "steps: 6" in (run_dir / "config.yaml").read_text()


def test_clear_errors_for_bad_runs(tmp_path: Path) -> None:
    task = make_task(tmp_path / "task")
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    (run_dir / "something").write_text("x")
    with pytest.raises(ConfigError, match="not empty; continue it with --resume"):
        loop.start(config_for(task), run_dir, code_model=_cycling_model())
    bad = config_for(task, search={"num_candidates": 3})
    with pytest.raises(ConfigError, match="policy none draws one candidate"):
        loop.start(bad, tmp_path / "run2", code_model=_cycling_model())
    with pytest.raises(ConfigError, match="has no config.yaml"):
        loop.resume(tmp_path / "task")
