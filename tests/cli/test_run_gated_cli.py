"""`mleworld run` with the search flags: a gated builtin run with a real fast world model
end to end, and every bad value refused in one line.

The world model is the fast model trained on the 220 records of
tests/world/fast/fixtures (seven suite tasks, penguins among them).
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from fastkit import dev_model
from mleworld.agent.journal import load_journal
from mleworld.cli import main


@pytest.fixture(scope="module")
def fast_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # Only training itself: a calibration pass on another program set is not what these
    # tests exercise and costs minutes on a loaded machine.
    return dev_model(tmp_path_factory, calibrated=False)


def _error_of(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    return err


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--policy", "bogus"], "unknown policy 'bogus'; choose one of:"),
        (["--gate", "sometimes"], "unknown gate 'sometimes'; choose one of: always, confidence"),
        (["--beta", "-1"], "search.beta: Input should be greater than or equal to 0"),
        (["--gamma-success", "1.5"], "search.gamma_success: Input should be less than or equal"),
        (["--gamma-failure", "-0.1"], "search.gamma_failure: Input should be greater than"),
        (["--p-run", "2"], "search.p_run: Input should be less than or equal to 1"),
        (["--p-run", "nan"], "search.p_run"),
        (["--policy", "bon", "--candidates", "0"], "search.num_candidates"),
        (["--candidates", "3"], "policy none draws one candidate per step; drop --candidates"),
        (["--gate", "confidence", "--world-model", "bogus"], "unknown world model 'bogus'"),
        (["--gate", "confidence", "--world-model", "fast:"], "needs an argument"),
        (
            ["--gate", "confidence", "--world-model", "none"],
            "gate confidence predicts outcomes; pass a world model such as --world-model fast",
        ),
        (
            ["--policy", "bon", "--world-model", "fast:/nonexistent/model"],
            "/nonexistent/model",
        ),
    ],
)
def test_bad_search_flags_are_one_line(
    flags: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    err = _error_of(["run", "penguins", "--steps", "1", "--out", str(out), *flags], capsys)
    assert message in err
    assert not out.exists()  # refused before anything was written


def test_search_flags_cannot_change_on_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for flags in (["--policy", "bon"], ["--gate", "random"], ["--no-observe"], ["--p-run", "1"]):
        err = _error_of(["run", "--resume", str(tmp_path), *flags], capsys)
        assert f"{flags[0]} cannot change when resuming" in err


@pytest.mark.slow
def test_gated_bon_run_with_the_fast_model_end_to_end(tmp_path: Path, fast_model: Path) -> None:
    run_dir = tmp_path / "run"
    args = [
        "run",
        "penguins",
        "--steps",
        "4",
        "--seed",
        "2",
        "--defect-rate",
        "0.5",
        "--time-limit",
        "120",
        "--policy",
        "bon",
        "--candidates",
        "2",
        "--gate",
        "confidence",
        "--gamma-success",
        "0.6",
        "--gamma-failure",
        "0.3",
        "--beta",
        "0.25",
        "--world-model",
        f"fast:{fast_model}",
        "--out",
        str(run_dir),
    ]
    done = subprocess.run(
        [sys.executable, "-m", "mleworld.cli", *args],
        capture_output=True,
        text=True,
        # The session's MLEWORLD_HOME: penguins and the runtime calibration are built there
        # once for the suite, not again (seconds each) for this run alone.
        env=os.environ,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    config = yaml.safe_load((run_dir / "config.yaml").read_text())["search"]
    assert config["policy"] == "bon" and config["num_candidates"] == 2
    assert config["gate"] == "confidence" and config["beta"] == 0.25
    assert (config["gamma_success"], config["gamma_failure"]) == (0.6, 0.3)
    assert config["world_model"] == f"fast:{fast_model}" and config["observe"] is True

    nodes = load_journal(run_dir / "journal.jsonl", False).nodes
    assert len(nodes) == 4
    for node in nodes:
        assert node.policy == "bon" and node.gate in ("run", "trusted") and node.gate_reason
        assert node.generations == 2 and node.predictions == 2 and node.wm_time_s > 0
        assert all(c["prediction"]["backend"] == "fast" for c in node.candidates)
        assert node.prediction == node.candidates[node.chosen_index]["prediction"]
        assert node.executed == (node.gate == "run") and node.real_runs == int(node.executed)
    summary = json.loads((run_dir / "run.json").read_text())
    search = summary["search"]
    real = sum(n.executed for n in nodes)
    assert search["real_runs"] == real and search["trusted"] == 4 - real
    assert search["predictions"] == 8 and search["generations"] == 8
    assert sum(search["exec_time_s_by_stage"].values()) == pytest.approx(
        summary["used"]["exec_time_s"], abs=0.01
    )
    # The live line (plain lines off a terminal) counts real runs and trusted ones.
    assert f"ran {real}/4" in done.stderr
    html = (run_dir / "report.html").read_text()
    assert html.count('<table class="cands">') == 4 and "p_max" in html
    assert html.count("predicted-only") - html.count("section.node.predicted-only") == 4 - real
    # The final submission is the best verified node's: no trusted node has a file.
    best = summary["best"]
    if best is not None:
        assert next(n for n in nodes if n.id == best["node_id"]).executed
    assert all(n.submission_file is None for n in nodes if not n.executed)


def test_random_gate_without_observe_through_the_cli(
    tmp_path: Path, fast_model: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from threshold_task import answer, make_task, program

    task = make_task(tmp_path / "task")
    replies = tmp_path / "replies.json"
    replies.write_text(
        json.dumps([answer("a", program(20, 1.0)), answer("b", program(10, 0.75))] * 2)
    )
    run_dir = tmp_path / "run"
    with pytest.raises(SystemExit) as stop:
        main(
            [
                "run",
                str(task.path),
                "--steps",
                "3",
                "--code-model",
                f"scripted:{replies}",
                "--gate",
                "random",
                "--p-run",
                "0",
                "--no-observe",
                "--world-model",
                f"fast:{fast_model}",
                "--out",
                str(run_dir),
                "--quiet",
            ]
        )
    assert stop.value.code == 0
    printed = capsys.readouterr().out
    config = yaml.safe_load((run_dir / "config.yaml").read_text())["search"]
    assert config["observe"] is False and config["p_run"] == 0 and config["gate"] == "random"
    assert config["policy"] == "none" and config["num_candidates"] == 1
    nodes = load_journal(run_dir / "journal.jsonl", False).nodes
    # Policy none: the gate asked the world model for the chosen program's prediction.
    assert all(n.predictions == 1 and n.prediction["backend"] == "fast" for n in nodes)
    # p_run 0: only mandatory checks ran (a new best, a missing confidence); the rest skipped.
    mandatory = ("predicted metric", "prediction without confidence", "no prediction")
    for node in nodes:
        if node.executed:
            assert node.gate_reason.startswith(mandatory), node.gate_reason
        else:
            assert node.gate_reason in ("random skip (p_run 0)", "predicted timeout: never run")
    summary = json.loads((run_dir / "run.json").read_text())
    assert summary["search"]["observe"] is False
    trusted = summary["search"]["trusted"]
    if trusted:
        assert f"{trusted} trusted, 3 predictions" in printed


class _CutAt:
    """The real sandbox, interrupted at real run number `n` (as a kill would). Each run
    reports one fixed runtime: the fast model learns online from runtimes, and a machine
    under load times the full run's programs otherwise than the resumed run's."""

    def __init__(self, task: object, run_dir: Path, n: int | None) -> None:
        from mleworld.agent.loop import SandboxExecute

        self.inner = SandboxExecute(task, run_dir, memory_mb=None, threads=1)
        self.n, self.calls = n, 0

    def __call__(self, code: str, exec_id: str, time_limit_s: float) -> object:
        self.calls += 1
        if self.n is not None and self.calls == self.n:
            raise KeyboardInterrupt
        return dataclasses.replace(self.inner(code, exec_id, time_limit_s), runtime_s=1.0)


@pytest.mark.slow
def test_resume_with_the_fast_model_learning_online_gives_the_same_journal(
    tmp_path: Path, fast_model: Path
) -> None:
    """The fast model refits every 2 real runs here, so the resumed run must replay them."""
    import copy

    from mleworld.agent import loop
    from mleworld.agent.config import build_config
    from mleworld.codegen.scripted import ScriptedCodeModel
    from mleworld.world.fast.model import FastWorldModel
    from threshold_task import answer, make_task, program

    task = make_task(tmp_path / "task")
    replies = [
        answer("a", program(20, 1.0)),
        answer("crash", program(0, None, before="raise KeyError('x_col')")),
        answer("b", program(10, 0.75)),
    ]
    config = build_config(
        {
            "task": str(task.path),
            "seed": 1,
            "search": {"gate": "confidence", "gamma_success": 0.9, "gamma_failure": 0.9},
            "agent": {"steps": 8},
        }
    )

    def model(steps_done: int = 0) -> ScriptedCodeModel:
        shift = steps_done % len(replies)
        return ScriptedCodeModel(replies[shift:] + replies[:shift], cycle=True)

    def strip(run_dir: Path) -> list[dict[str, object]]:
        out = []
        for node in load_journal(run_dir / "journal.jsonl", False).nodes:
            data = copy.deepcopy(node.to_dict())
            for key in ("created_at", "run_elapsed_s", "gen_time_s", "wm_time_s", "exec_time_s"):
                data.pop(key)
            data.pop("outcome")  # real runtimes and load differ run to run
            for entry in [*data["candidates"], data]:
                entry.pop("gen_time_s", None)
                entry.pop("meta", None)  # the scripted reply's index
                if entry.get("prediction"):
                    entry["prediction"].pop("latency_ms")
            out.append(data)
        return out

    full = tmp_path / "full"
    loop.start(
        config,
        full,
        code_model=model(),
        execute=_CutAt(task, full, None),
        world_model=FastWorldModel.load(fast_model, k=2),
    )
    ran = sum(n.executed for n in load_journal(full / "journal.jsonl", False).nodes)
    assert ran >= 3, "too few real runs to refit the model twice"
    cut = tmp_path / "cut"
    with pytest.raises(KeyboardInterrupt):
        loop.start(
            config,
            cut,
            code_model=model(),
            execute=_CutAt(task, cut, 3),
            world_model=FastWorldModel.load(fast_model, k=2),
        )
    done = len(load_journal(cut / "journal.jsonl", False).nodes)
    loop.resume(
        cut,
        code_model=model(done),
        execute=_CutAt(task, cut, None),
        world_model=FastWorldModel.load(fast_model, k=2),
    )
    assert strip(cut) == strip(full)
