"""The step loop with a world model and a gate: trusted nodes, learning from real runs only,
candidates run by a policy, the accounting, and resume in the middle of a gated run.

The world model here is scripted and stateful: its confidence grows with the real runs
it has observed, so a resumed run that did not replay them would decide differently.
Programs run in the real sandbox unless a test needs exact arithmetic.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from mleworld.agent import loop
from mleworld.agent.config import build_config
from mleworld.agent.journal import load_journal
from mleworld.agent.node import Node
from mleworld.agent.search import GATES, POLICIES, Candidate, Selection, StepContext
from mleworld.codegen.base import CodeRequest, Generation
from mleworld.codegen.scripted import ScriptedCodeModel
from mleworld.execution.outcome import Outcome
from mleworld.tasks.task import Task
from mleworld.world.prediction import Prediction, Query
from threshold_task import answer, make_task, program

TRACEBACK = (
    "Traceback (most recent call last):\n"
    '  File "runfile.py", line 2, in <module>\n'
    "KeyError: 'x_col'\n"
)
TIMING = ("created_at", "run_elapsed_s", "gen_time_s", "wm_time_s")


class ScriptedWorld:
    """Predicts from the program text; its p_max for a success rises with each observed run."""

    name = "scripted"

    def __init__(self, start: float = 0.5, step: float = 0.1) -> None:
        self.start, self.step = start, step
        self.seen: list[Any] = []  # the corpus records observe() was given
        self.queries: list[Query] = []

    def predict_batch(self, queries: Sequence[Query]) -> list[Prediction]:
        out = []
        for query in queries:
            self.queries.append(query)
            code = query.x.program
            if "raise KeyError" in code:
                out.append(
                    Prediction(
                        "KeyError",
                        {"KeyError": 0.9, "None": 0.1},
                        term_out=TRACEBACK,
                        submission=False,
                        backend=self.name,
                    )
                )
                continue
            printed = re.search(r"Validation accuracy: ([0-9.]+)", code)
            p = min(self.start + self.step * len(self.seen), 0.95)
            out.append(
                Prediction(
                    "None",
                    {"None": p, "ValueError": 1 - p},
                    term_out=f"Validation accuracy: {printed.group(1) if printed else ''}\n",
                    submission=True,
                    runtime_s=0.1,
                    backend=self.name,
                )
            )
        return out

    def observe(self, record: Any) -> None:
        self.seen.append(record)


def config_for(task: Task, **search: Any) -> Any:
    steps = search.pop("steps", 4)
    return build_config(
        {"task": str(task.path), "seed": 5, "search": search, "agent": {"steps": steps}}
    )


def nodes(run_dir: Path) -> list[Node]:
    return load_journal(run_dir / "journal.jsonl", False).nodes


class RunFirstTrustRest:
    """A gate that runs step 0 and trusts everything after it, whatever it predicts."""

    name = "test-run-first"

    def explain(self, chosen: Candidate, ctx: StepContext) -> tuple[str, str]:
        if chosen.prediction is None and ctx.predict is not None:
            chosen.prediction = ctx.predict(chosen)
        return ("run", "first") if ctx.step == 0 else ("trusted", "later")

    def decide(self, chosen: Candidate, ctx: StepContext) -> str:
        return self.explain(chosen, ctx)[0]


def test_a_trusted_node_is_never_submitted_even_with_a_better_predicted_metric(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(GATES, "run-first", f"{__name__}:RunFirstTrustRest")
    task = make_task(tmp_path / "task")
    model = ScriptedCodeModel(
        [answer("weak", program(10, 0.75)), answer("predicted strong", program(20, 1.0))],
        cycle=True,
    )
    world = ScriptedWorld()
    config = config_for(task, gate="run-first", num_drafts=3, steps=3)
    summary = loop.start(config, tmp_path / "run", code_model=model, world_model=world)
    first, trusted, _ = nodes(tmp_path / "run")
    # Later prompts remember the trusted program's result as predicted, not measured.
    memory = model.requests[2].prompt
    assert "validation accuracy = 1" in memory and "predicted by the world model, not run" in memory
    assert first.verified and first.exec_id == first.id and first.gate_reason == "first"
    assert trusted.predicted_only and trusted.metric == 1.0 and not trusted.is_buggy
    assert trusted.submission_file is None and trusted.outcome is None
    assert trusted.gate_reason == "later" and trusted.real_runs == 0 and trusted.exec_time_s == 0
    # The best verified node is the submission, not the better predicted one.
    assert summary["best"]["node_id"] == first.id
    run_dir = tmp_path / "run"
    assert (run_dir / "best_solution.py").read_text() == first.code
    assert (run_dir / "submission.csv").read_bytes() == (
        run_dir / "submissions" / f"{first.id}.csv"
    ).read_bytes()
    assert {p.stem for p in (run_dir / "submissions").iterdir()} == {first.id}
    html = (run_dir / "report.html").read_text()
    assert html.count('class="predicted pr-clean"') == 2  # both trusted nodes drawn hollow
    assert html.count("stands in as the outcome") == 2 and "gate trusted (later)" in html
    # Only the real run was observed, with its real output.
    assert [r.node_id for r in world.seen] == [first.id]
    assert world.seen[0].y.term_out == first.outcome["term_out"]


def test_confidence_gate_trusts_a_crash_and_debug_starts_from_the_predicted_traceback(
    tmp_path: Path,
) -> None:
    task = make_task(tmp_path / "task")
    model = ScriptedCodeModel(
        [
            answer("crash", program(0, None, before="raise KeyError('x_col')")),
            answer("fixed", program(20, 1.0)),
        ]
    )
    world = ScriptedWorld()
    config = config_for(task, gate="confidence", num_drafts=1, debug_prob=1.0, steps=2)
    loop.start(config, tmp_path / "run", code_model=model, world_model=world)
    crash, fix = nodes(tmp_path / "run")
    assert crash.gate == "trusted" and crash.gate_reason == "p_max 0.900 >= gamma_f 0.56"
    assert crash.predicted_only and crash.is_buggy and crash.status == "trusted"
    assert crash.exc_type == "KeyError" and crash.predictions == 1 and crash.generations == 1
    # The debug step saw the predicted traceback as its parent's output.
    request = model.requests[1]
    assert request.stage == "debug" and fix.parent_id == crash.id
    assert request.parent_exc_type == "KeyError" and "KeyError: 'x_col'" in request.parent_output
    # ... and so did the world model's query for the fix.
    assert world.queries[1].parent.term_out == TRACEBACK
    assert world.queries[1].parent.exc_type == "KeyError" and world.queries[1].stage == "debug"
    # The fix predicts the first verified metric: mandatory real run.
    assert fix.gate == "run" and fix.gate_reason.startswith("predicted metric 1 would be")
    assert fix.verified and [r.node_id for r in world.seen] == [fix.id]


class RunAllPickSecond:
    """A bon-real stand-in: two candidates, both run for real, the second chosen."""

    name = "test-run-all"
    needs_world_model = False

    def propose(self, ctx: StepContext) -> Selection:
        assert ctx.run is not None
        candidates = [ctx.generate(ctx.request) for _ in range(ctx.num_candidates)]
        for candidate in reversed(candidates):  # run order is not candidate order
            assert ctx.run(candidate) is candidate.outcome
        assert ctx.run(candidates[0]) is candidates[0].outcome  # a second call does not rerun
        return Selection(candidates, 1)


class CountingExecute:
    def __init__(self, run_dir: Path) -> None:
        self.calls: list[tuple[str, float]] = []
        self.run_dir = run_dir

    def __call__(self, code: str, exec_id: str, time_limit_s: float) -> Outcome:
        self.calls.append((exec_id, time_limit_s))
        (self.run_dir / "submissions").mkdir(parents=True, exist_ok=True)
        (self.run_dir / "submissions" / f"{exec_id}.csv").write_text("id,y\n")
        printed = re.search(r"Validation accuracy: ([0-9.]+)", code)
        metric = float(printed.group(1)) if printed else None
        return Outcome(
            "None", f"Validation accuracy: {metric}", metric, submission=True, runtime_s=2.0
        )


def test_candidates_run_by_the_policy_are_not_run_again_and_count_everywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(POLICIES, "run-all", f"{__name__}:RunAllPickSecond")
    task = make_task(tmp_path / "task", time_limit_s=8)
    model = ScriptedCodeModel(
        [answer("a", program(10, 0.7)), answer("b", program(20, 0.9))], cycle=True
    )
    world = ScriptedWorld()
    run_dir = tmp_path / "run"
    execute = CountingExecute(run_dir)
    config = build_config(
        {
            "task": str(task.path),
            "search": {"policy": "run-all", "num_candidates": 2, "world_model": "scripted"},
            "agent": {"steps": 5, "exec_budget_s": 7},
        }
    )
    summary = loop.start(config, run_dir, code_model=model, execute=execute, world_model=world)
    first = nodes(run_dir)[0]
    ids = [f"{first.id}-c0", f"{first.id}-c1"]
    # c0 ran candidate 1 (reversed order), c1 candidate 0; the chosen one was not run again.
    assert [c for c, _ in execute.calls[:2]] == ids
    assert first.exec_id == ids[0] and first.gate_reason == "ran by the policy"
    assert first.submission_file == f"submissions/{ids[0]}.csv" and first.metric == 0.9
    assert first.real_runs == 2 and first.exec_time_s == 4.0 and first.generations == 2
    assert [c["meta"]["exec_id"] for c in first.candidates] == [ids[1], ids[0]]
    assert [e for e, _, _ in first.real_run_list()] == ids
    # Both real runs were observed, in the order they ran, with the step's parent and stage.
    assert [r.node_id for r in world.seen[:2]] == ids
    assert all(r.stage == "draft" and r.task_id == task.id for r in world.seen[:2])
    # The execution budget (7 s) saw the first candidate's 2 s inside the step: limit 8 -> 5.
    assert [limit for _, limit in execute.calls[:2]] == [7, 5]
    # The second step had 3 s left: 3, then 1 (the floor) after its first run; then it stops.
    assert [limit for _, limit in execute.calls[2:]] == [3, 1]
    assert summary["stop_reason"] == "exec_budget" and summary["used"]["exec_time_s"] == 8.0


def _strip(node: Node) -> dict[str, Any]:
    """A node without the seconds things took (the only part a resume may change)."""
    data = copy.deepcopy(node.to_dict())
    for key in TIMING:
        data.pop(key)
    for candidate in data["candidates"]:
        candidate.pop("gen_time_s")
        if candidate["prediction"] is not None:
            candidate["prediction"].pop("latency_ms")
    if data["prediction"] is not None:
        data["prediction"].pop("latency_ms")
    return data


class InterruptAt:
    """Runs like CountingExecute and raises KeyboardInterrupt at real run number `n`."""

    def __init__(self, run_dir: Path, n: int | None) -> None:
        self.inner, self.n = CountingExecute(run_dir), n

    def __call__(self, code: str, exec_id: str, time_limit_s: float) -> Outcome:
        if self.n is not None and len(self.inner.calls) + 1 == self.n:
            raise KeyboardInterrupt
        return self.inner(code, exec_id, time_limit_s)


class ByStep:
    """A code model whose answer depends on the step only, as a resumed process needs."""

    name = "by-step"

    def __init__(self, replies: list[str]) -> None:
        self.replies = replies

    def generate(self, request: CodeRequest) -> Generation:
        text = self.replies[request.extra["step"] % len(self.replies)]
        plan, code = text.split("```python\n")
        return Generation(plan.strip(), code.split("```")[0])

    def complete(self, system: str, user: str) -> str:
        return ""


def _gated_run(tmp_path: Path, task: Task, name: str, interrupt_at: int | None) -> tuple[Path, Any]:
    replies = [
        answer("a", program(10, 0.7)),
        answer("crash", program(0, None, before="raise KeyError('x_col')")),
        answer("b", program(20, 0.9)),
        answer("c", program(15, 0.8)),
    ]
    config = config_for(
        task,
        gate="confidence",
        gamma_success=0.7,
        num_drafts=2,
        debug_prob=0.5,
        steps=9,
        world_model="scripted",
    )
    run_dir = tmp_path / name
    world = ScriptedWorld(step=0.05)
    execute = InterruptAt(run_dir, interrupt_at)
    model = ByStep(replies)
    if interrupt_at is None:
        loop.start(config, run_dir, code_model=model, execute=execute, world_model=world)
        return run_dir, world
    with pytest.raises(KeyboardInterrupt):
        loop.start(config, run_dir, code_model=model, execute=execute, world_model=world)
    # A fresh process: a new world model that has observed nothing, a new code model.
    fresh = ScriptedWorld(step=0.05)
    loop.resume(
        run_dir, code_model=ByStep(replies), execute=InterruptAt(run_dir, None), world_model=fresh
    )
    return run_dir, fresh


def test_resume_in_the_middle_of_a_gated_run_gives_the_same_journal(tmp_path: Path) -> None:
    task = make_task(tmp_path / "task")
    full_dir, full_world = _gated_run(tmp_path, task, "full", None)
    full = nodes(full_dir)
    gates = [n.gate for n in full]
    assert "run" in gates and "trusted" in gates  # the run really was gated both ways
    assert len({n.gate_reason for n in full}) > 2
    assert len(full_world.seen) == 4
    for interrupt_at in (2, 4):
        again_dir, again_world = _gated_run(tmp_path, task, f"cut{interrupt_at}", interrupt_at)
        again = nodes(again_dir)
        assert [_strip(n) for n in again] == [_strip(n) for n in full]
        # The resumed world model was replayed the real runs before the kill, then went on.
        assert [r.node_id for r in again_world.seen] == [r.node_id for r in full_world.seen]


def test_without_observe_the_world_model_learns_nothing(tmp_path: Path) -> None:
    task = make_task(tmp_path / "task")
    model = ScriptedCodeModel([answer("a", program(20, 1.0))], cycle=True)
    world = ScriptedWorld()
    config = config_for(task, gate="confidence", observe=False, steps=2)
    loop.start(config, tmp_path / "run", code_model=model, world_model=world)
    assert any(n.executed for n in nodes(tmp_path / "run"))
    assert world.seen == []


def test_run_json_counts_real_trusted_predictions_and_time(tmp_path: Path) -> None:
    task = make_task(tmp_path / "task")
    model = ScriptedCodeModel(
        [
            answer("a", program(20, 1.0)),
            answer("crash", program(0, None, before="raise KeyError('x_col')")),
            answer("b", program(10, 0.7)),
        ]
    )
    config = config_for(task, gate="confidence", num_drafts=3, steps=3, world_model="scripted")
    run_dir = tmp_path / "run"
    summary = loop.start(config, run_dir, code_model=model, world_model=ScriptedWorld(0.9, 0))
    stored = json.loads((run_dir / "run.json").read_text())
    search = stored["search"]
    assert search["real_runs"] == 1 and search["trusted"] == 2 and search["predictions"] == 3
    assert search["generations"] == 3 and search["world_model"] == "scripted"
    assert search["wm_time_s"] >= 0
    by_stage = search["exec_time_s_by_stage"]
    assert set(by_stage) == {"draft"} and by_stage["draft"] == summary["used"]["exec_time_s"]
    assert set(search["exec_time_s_by_outcome"]) == {"clean"}
    assert search["runs_by_outcome"] == {"clean": 1}
