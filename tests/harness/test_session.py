"""The harness loop run for real (scripted tool models, the real sandbox, real grading):
limits, truncation, resume after a kill, the builtin strategy, and the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from harness_kit import config_for, events, fake_predict, node_ids, tool_results

from cli_runner import run_cli
from mleworld.agent.journal import load_journal
from mleworld.harness import resume, start
from mleworld.harness.models import ScriptedToolModel, Turn, _turn_from
from mleworld.harness.trajectory import load_trajectory
from threshold_task import make_task, program


def turns(*items: dict[str, Any]) -> list[Turn]:
    return [_turn_from(item, "test", i) for i, item in enumerate(items)]


def script_for(task: Any) -> list[Turn]:
    a, b, c = node_ids(task, 3)
    return turns(
        {"tool_calls": [{"name": "write_solution", "arguments": {"code": program(10, 0.75)}}]},
        {"tool_calls": [{"name": "run", "arguments": {"node_id": a}}]},
        {"tool_calls": [{"name": "write_solution", "arguments": {"code": program(20, 1.0)}}]},
        {"tool_calls": [{"name": "run", "arguments": {"node_id": b}}]},
        {"tool_calls": [{"name": "write_solution", "arguments": {"code": program(30, 0.8)}}]},
        {"tool_calls": [{"name": "run", "arguments": {"node_id": c}}]},
        {"tool_calls": [{"name": "submit", "arguments": {}}]},
        {"content": "done"},
    )


class KilledAt:
    """Replays `turns` and dies (as Ctrl-C would) when asked for turn `at`."""

    name = "killed"

    def __init__(self, turns: list[Turn], at: int) -> None:
        self.inner = ScriptedToolModel(turns)
        self.at = at

    def next_turn(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]], bench: Any
    ) -> Turn:
        if len(self.inner.seen) == self.at:
            raise KeyboardInterrupt
        return self.inner.next_turn(messages, tools, bench)


def test_resume_after_a_kill_ends_as_an_uninterrupted_run(tmp_path: Path) -> None:
    task = make_task(tmp_path / "task")
    whole = start(config_for(task), tmp_path / "whole", model=ScriptedToolModel(script_for(task)))

    killed = tmp_path / "killed"
    with pytest.raises(KeyboardInterrupt):
        start(config_for(task), killed, model=KilledAt(script_for(task), at=3))
    assert json.loads((killed / "run.json").read_text())["status"] == "interrupted"
    assert len(load_journal(killed / "journal.jsonl", False)) == 2
    # A write the kill cut short: the partial last line is dropped on resume.
    with open(killed / "trajectory.jsonl", "a") as handle:
        handle.write('{"event": "message", "index": 99, "mess')
    summary = resume(killed, model=ScriptedToolModel(script_for(task)[3:]))

    assert summary["stop_reason"] == whole["stop_reason"] == "model_done"
    journals = [load_journal(d / "journal.jsonl", False) for d in (tmp_path / "whole", killed)]
    assert [n.id for n in journals[0]] == [n.id for n in journals[1]]
    assert [n.metric for n in journals[0]] == [n.metric for n in journals[1]] == [0.75, 1.0, 0.8]
    assert (
        summary["submission"]["node_id"]
        == whole["submission"]["node_id"]
        == journals[0].nodes[1].id
    )
    assert summary["grade"]["score"] == whole["grade"]["score"] == 1.0
    traj = load_trajectory(killed)
    assert [m["role"] for m in traj.messages] == [
        m["role"] for m in load_trajectory(tmp_path / "whole").messages
    ]
    assert [e["event"] for e in traj.events].count("resume") == 1


def test_limits_truncation_and_the_node_budget(tmp_path: Path) -> None:
    task = make_task(tmp_path / "task")
    a, _ = node_ids(task, 2)
    long_program = program(10, 0.75, before="print('" + "y" * 3000 + "' * 2)")
    script = turns(
        {"tool_calls": [{"name": "write_solution", "arguments": {"code": long_program}}]},
        {"tool_calls": [{"name": "run", "arguments": {"node_id": a}}]},
        {"tool_calls": [{"name": "run", "arguments": {"node_id": a}}]},
        {"tool_calls": [{"name": "write_solution", "arguments": {"code": program(20, 1.0)}}]},
        {"tool_calls": [{"name": "read_node", "arguments": {"node_id": a}}]},
        {"tool_calls": [{"name": "history", "arguments": {}}]},
    )
    run_dir = tmp_path / "run"
    summary = start(
        config_for(task, steps=1),
        run_dir,
        {"max_turns": 5, "tool_result_chars": 600},
        model=ScriptedToolModel(script),
        predict_node=fake_predict,
    )
    assert summary["stop_reason"] == "turns" and summary["harness"]["turns"] == 5
    results = [e for e in events(run_dir, "message") if e["message"]["role"] == "tool"]
    ran, again, refused, read = results[1:5]
    # The output inside a result is cut to its share; a whole result past the budget too.
    assert "characters cut" in ran["message"]["content"] and len(ran["message"]["content"]) <= 600
    assert "already ran" in json.loads(again["message"]["content"])["error"]
    assert "node budget (1) is spent" in json.loads(refused["message"]["content"])["error"]
    assert read["meta"]["truncated_from"] > 3000 and len(read["message"]["content"]) <= 600
    assert "characters cut" in read["message"]["content"]
    # Not submitted explicitly: the best verified node is the default submission.
    assert summary["submission"]["chosen_by"] == "default" and summary["grade"]["valid"]


def test_the_builtin_strategy_predicts_repairs_runs_and_submits(tmp_path: Path) -> None:
    task = make_task(tmp_path / "task", time_limit_s=60)

    def first_fails(node: Any, limit: float) -> dict[str, Any]:
        prediction = fake_predict(node, limit)
        if node.step == 0:  # a confident predicted crash: repaired without running it
            prediction |= {
                "exc_type": "KeyError",
                "p_max": 0.95,
                "submission": False,
                "term_out": "KeyError: 'y'",
                "metric": None,
            }
        return prediction

    run_dir = tmp_path / "run"
    config = config_for(task, steps=4)
    harness = {"strategy": {"drafts": 2}}
    summary = start(config, run_dir, harness, predict_node=first_fails)

    journal = load_journal(run_dir / "journal.jsonl", False)
    first, repair = journal.nodes[0], journal.nodes[1]
    assert not first.executed and first.prediction["exc_type"] == "KeyError"
    assert repair.parent_id == first.id and repair.stage == "debug" and repair.executed
    calls = [name for name, _ in tool_results(run_dir)]
    assert calls[0] == "inspect_data" and {"predict", "run", "submit"} <= set(calls)
    assert calls.count("write_solution") == len(journal) == 4
    improvements = [n for n in journal if n.stage == "improve"]
    assert improvements  # written as diffs from their parent
    writes = [
        json.loads(c["function"]["arguments"])
        for e in events(run_dir, "message")
        for c in e["message"].get("tool_calls") or []
        if c["function"]["name"] == "write_solution"
    ]
    assert any("diff" in w for w in writes)
    assert summary["stop_reason"] == "model_done" and summary["grade"]["valid"]
    assert summary["submission"]["chosen_by"] == "model"
    assert events(run_dir, "submission")[-1]["node_id"] == summary["submission"]["node_id"]


def test_cli_runs_and_resumes_a_harness_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    task = make_task(tmp_path / "task")
    a = node_ids(task, 1, seed=0)[0]
    script = tmp_path / "turns.json"
    script.write_text(
        json.dumps(
            [
                {
                    "tool_calls": [
                        {"name": "write_solution", "arguments": {"code": program(20, 1.0)}}
                    ]
                },
                {"tool_calls": [{"name": "run", "arguments": {"node_id": a}}]},
                {"content": "done"},
            ]
        )
    )
    run_dir = tmp_path / "run"
    code, out, err = run_cli(
        [
            "run",
            str(task.path),
            "--scaffold",
            "harness",
            "--code-model",
            f"scripted:{script}",
            "--out",
            str(run_dir),
            "--quiet",
        ],
        capsys,
    )
    assert code == 0, err
    assert "best verified accuracy: 1" in out and "test score: 1" in out
    assert (run_dir / "harness.yaml").is_file() and (run_dir / "trajectory.jsonl").is_file()
    # --resume finds the harness run by its harness.yaml (the script has ended: it stops at once).
    code, out, err = run_cli(["run", "--resume", str(run_dir), "--quiet"], capsys)
    assert code == 0, err
    assert json.loads((run_dir / "run.json").read_text())["scaffold"] == "harness"

    code, out, err = run_cli(
        ["run", str(task.path), "--scaffold", "nope", "--out", str(tmp_path / "x")], capsys
    )
    assert code == 2 and err.startswith("error: unknown scaffold 'nope'") and "Traceback" not in err
    code, out, err = run_cli(["run", "--resume", str(run_dir), "--scaffold", "harness"], capsys)
    assert code == 2 and "--scaffold" in err
