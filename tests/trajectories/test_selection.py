"""Outcome-guided selection and SFT samples, one rule per test, on trajectory files written
event by event (the format harness runs write; a real run goes through the CLI test below)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from trajectory_kit import Writer

from cli_runner import run_cli
from mleworld.harness.trajectory import load_trajectory
from mleworld.trajectories import SelectionConfig, build_samples, select
from mleworld.trajectories.selection import interactions, submission_quality


def selected(tmp_path: Path, qualities: list[float | None], after: int = 0, **config: Any):
    writer = Writer(tmp_path / "run")
    for q in qualities:
        writer.call("write_solution")
        writer.call("submit", quality=q)
    for _ in range(after):
        writer.call("history")
    traj = load_trajectory(tmp_path / "run")
    return traj, select(traj, SelectionConfig(**config), run="run")


def test_threshold_keeps_only_trajectories_of_enough_quality(tmp_path: Path) -> None:
    _, low = selected(tmp_path / "a", [0.2, 0.35])
    assert not low.kept and low.reason == "quality 0.350 is below the threshold 0.4"
    _, high = selected(tmp_path / "b", [0.2, 0.45])
    assert high.kept and high.quality == 0.45
    _, strict = selected(tmp_path / "c", [0.2, 0.45], threshold=0.5)
    assert not strict.kept
    _, none = selected(tmp_path / "d", [None])
    assert not none.kept and none.reason == "no scored submission"


def test_quality_is_the_normalised_score_else_the_percentile() -> None:
    assert submission_quality({"valid": True, "normalized_score": 0.7, "percentile": 10}) == 0.7
    assert submission_quality({"valid": True, "normalized_score": None, "percentile": 80}) == 0.8
    assert submission_quality({"valid": False, "normalized_score": 0.9}) is None
    assert submission_quality(None) is None


def test_a_degraded_run_is_cut_at_its_first_best_submission(tmp_path: Path) -> None:
    traj, sel = selected(tmp_path, [0.5, 0.9, 0.9, 0.6], after=3, max_extension=0)
    assert sel.kept and sel.rule == "degraded" and sel.quality == 0.9 and sel.extension == 0
    first_best = traj.submissions[1]["message_index"]
    assert sel.cut == first_best + 1  # the submit call and its tool reply: the anchor
    assert traj.messages[sel.cut]["role"] == "tool"


def test_a_small_drop_keeps_the_run_up_to_its_last_submission(tmp_path: Path) -> None:
    traj, sel = selected(tmp_path, [0.5, 0.9, 0.87], after=4)
    assert sel.kept and sel.rule == "last_submission" and sel.quality == 0.87
    assert sel.cut == traj.submissions[-1]["message_index"] + 1
    assert sel.cut < len(traj.messages) - 1  # the calls after the last submission are dropped
    _, more = selected(tmp_path / "b", [0.5, 0.9, 0.87], after=4, degradation=0.01)
    assert more.rule == "degraded"


def test_the_extension_adds_up_to_ten_complete_interactions_at_random(tmp_path: Path) -> None:
    traj, _ = selected(tmp_path, [0.9, 0.5], after=30)
    spans = interactions(traj)
    anchor = next(i for i, (a, _) in enumerate(spans) if a == traj.submissions[0]["message_index"])
    seen = set()
    for seed in range(40):
        sel = select(traj, SelectionConfig(seed=seed), run="run")
        assert 0 <= sel.extension <= 10
        assert sel.cut == spans[anchor + sel.extension][1]  # ends on a complete interaction
        assert traj.messages[sel.cut]["role"] == "tool"
        seen.add(sel.extension)
    assert len(seen) > 5  # it is drawn, not fixed
    again = [select(traj, SelectionConfig(seed=3), run="run").extension for _ in range(3)]
    assert len(set(again)) == 1  # and repeatable for one seed and run
    # With fewer interactions after the anchor than ten, the draw stays within them.
    traj2, _ = selected(tmp_path / "short", [0.9, 0.5], after=0)
    draws = {select(traj2, SelectionConfig(seed=seed), run="r").extension for seed in range(20)}
    assert draws == {0, 1, 2}  # two interactions follow the anchor: at most both are kept


def test_only_the_models_own_outputs_carry_loss(tmp_path: Path) -> None:
    traj, sel = selected(tmp_path, [0.6, 0.7])
    (sample,) = build_samples(traj, sel)
    roles = [m["role"] for m in sample["messages"]]
    assert sample["loss_mask"] == [int(r == "assistant") for r in roles]
    assert roles[:2] == ["system", "user"] and sample["quality"] == 0.7
    assert sample["tools"] == [{"type": "function"}] and sample["task"] == "toy"
    excluded = select(traj, SelectionConfig(threshold=0.9), run="run")
    assert build_samples(traj, excluded) == []


def test_compacted_context_conditions_later_samples_without_loss(tmp_path: Path) -> None:
    writer = Writer(tmp_path / "run")
    writer.call("write_solution")
    writer.call("submit", quality=0.5)
    writer.call("write_solution")
    summary = writer.compact(keep=2)  # keeps the last interaction (assistant + tool)
    writer.call("write_solution")
    writer.call("submit", quality=0.8)
    traj = load_trajectory(tmp_path / "run")
    sel = select(traj, SelectionConfig(), run="run")
    first, second = build_samples(traj, sel)
    assert first["message_index"] == list(range(summary))  # everything before the summary
    assert sum(first["loss_mask"]) == 3
    kept_from_before = [i for i in second["message_index"] if 1 < i < summary]
    assert kept_from_before == [summary - 2, summary - 1]
    by_index = dict(zip(second["message_index"], second["loss_mask"], strict=True))
    assert by_index[summary] == 0 and second["messages"][2]["content"].startswith(
        "[context summary]"
    )
    assert by_index[summary - 2] == 0  # an assistant message inherited from before: no loss
    new = [i for i in second["message_index"] if i > summary]
    assert [by_index[i] for i in new] == [1, 0, 1, 0]


def test_cli_selects_real_harness_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:

    from mleworld.harness import start
    from mleworld.harness.models import ScriptedToolModel, _turn_from
    from threshold_task import make_task, program

    task = make_task(tmp_path / "task")
    from mleworld.agent.config import build_config
    from mleworld.agent.loop import node_id_for

    config = build_config({"task": str(task.path), "seed": 0})
    runs = tmp_path / "runs"
    for name, threshold in (("good", 20), ("poor", -1)):  # accuracy 1.0 and 0.5
        node = node_id_for(task.id, 0, 0)
        turns = [
            _turn_from(t, "t", i)
            for i, t in enumerate(
                [
                    {
                        "tool_calls": [
                            {
                                "name": "write_solution",
                                "arguments": {"code": program(threshold, 0.9)},
                            }
                        ]
                    },
                    {"tool_calls": [{"name": "run", "arguments": {"node_id": node}}]},
                    {"tool_calls": [{"name": "submit", "arguments": {"node_id": node}}]},
                    {"content": "done"},
                ]
            )
        ]
        start(config, runs / name, model=ScriptedToolModel(turns))
    out = tmp_path / "sft.jsonl"
    code, stdout, err = run_cli(
        ["trajectories", "select", "--runs", str(runs), "--out", str(out)], capsys
    )
    assert code == 0, err
    assert "1 of 2 trajectories kept, 1 samples" in stdout
    assert "below the threshold" in stdout
    (sample,) = [json.loads(line) for line in out.read_text().splitlines()]
    # write, run, submit carry loss; the final "done" comes after the last submission: cut
    assert sample["run"].endswith("good") and sum(sample["loss_mask"]) == 3
    assert sample["messages"][-1]["role"] == "tool"
    report = json.loads((tmp_path / "sft.report.json").read_text())
    assert [r["kept"] for r in report["runs"]] == [True, False]
    code, _, err = run_cli(
        ["trajectories", "select", "--runs", str(tmp_path / "nope"), "--out", str(out)], capsys
    )
    assert code == 2 and err.startswith("error:")
