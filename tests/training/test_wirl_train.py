"""`mleworld train wirl` on the tiny local model: real harness trajectories (scripted model,
real sandbox and grading), their windows and rewards, and the reward-weighted loss going down."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")
tiny = pytest.importorskip("mleworld.world.llm.tiny")

from cli_runner import run_cli  # noqa: E402
from mleworld.agent.config import build_config  # noqa: E402
from mleworld.agent.loop import node_id_for  # noqa: E402
from mleworld.harness import start  # noqa: E402
from mleworld.harness.models import ScriptedToolModel, _turn_from  # noqa: E402
from mleworld.harness.trajectory import load_trajectory  # noqa: E402
from threshold_task import make_task, program  # noqa: E402

pytestmark = pytest.mark.slow


def _run(task, run_dir: Path) -> None:
    ids = [node_id_for(task.id, 0, i) for i in range(3)]
    crash = program(0, None, before="raise ValueError('bad column')")
    items = []
    for node, code in zip(ids, (program(20, 1.0), crash, program(10, 0.75)), strict=True):
        items.append(
            {
                "content": "write it",
                "tool_calls": [{"name": "write_solution", "arguments": {"code": code}}],
            }
        )
        items.append(
            {"content": "run it", "tool_calls": [{"name": "run", "arguments": {"node_id": node}}]}
        )
    turns = [_turn_from(item, "t", i) for i, item in enumerate(items)]
    config = build_config({"task": str(task.path), "seed": 0})
    start(config, run_dir, {"world_model": "none"}, model=ScriptedToolModel(turns))


def test_wirl_trains_the_tiny_model_and_the_weighted_loss_falls(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    task = make_task(tmp_path / "task")
    runs = tmp_path / "runs"
    _run(task, runs / "a")
    texts = [json.dumps(m) for m in load_trajectory(runs / "a").messages]
    base = tiny.build_tiny_base(
        tmp_path / "base", texts, vocab_size=600, hidden_size=32, layers=1, heads=2
    )
    out = tmp_path / "wirl"
    code, stdout, err = run_cli(
        [
            "train",
            "wirl",
            "--policy",
            str(base),
            "--trajectories",
            str(runs),
            "--out",
            str(out),
            "--steps",
            "12",
            "--lr",
            "0.0002",
            "--max-tokens",
            "384",
        ],
        capsys,
    )
    assert code == 0, err
    result = json.loads((out / "wirl_log.json").read_text())
    assert result["windows"] == 3
    valid, crashed, worse = result["rewards"]
    assert crashed == -1.0 and valid > 0 and worse > 0  # error penalty; valid submissions rewarded
    log = result["log"]
    assert log[-1]["reward_weighted_nll"] < log[0]["reward_weighted_nll"]
    # Inside the ratio band (no token excluded at this learning rate) the WIRL loss falls
    # at every update; past it, excluded tokens leave the sum and it would rise again.
    assert all(x["clipped_share"] == 0.0 for x in log)
    assert all(b["loss"] < a["loss"] for a, b in zip(log, log[1:], strict=False))
    assert log[0]["lr"] == 0.0002 and log[-1]["lr"] < log[1]["lr"]  # cosine decay, no warm-up
    assert (out / "model" / "config.json").is_file() and "windows, rewards" in stdout

    code, _, err = run_cli(
        [
            "train",
            "wirl",
            "--policy",
            str(tmp_path / "nope"),
            "--trajectories",
            str(runs),
            "--out",
            str(out),
        ],
        capsys,
    )
    assert code == 2 and err.startswith("error: policy") and "Traceback" not in err
