"""`mleworld experiment`'s grid flags: what a trial's RunConfig gets, and bad values refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_runner import run_cli
from mleworld.agent.config import RunConfig
from mleworld.cli.experiment_cmd import _grid


def grid(**overrides: object) -> object:
    args: dict[str, object] = dict(
        tasks="penguins",
        policies="none,bon",
        gate="on",
        seeds="1",
        steps=6,
        time_budget=None,
        exec_budget=None,
        defect_rate=0.5,
        candidates=4,
        beta=None,
        gamma_success=None,
        gamma_failure=None,
        p_run=None,
        random_policies=None,
        first=None,
        time_limit="2m",
    )
    args.update(overrides)
    return _grid(**args)  # type: ignore[arg-type]


def test_drafts_and_the_world_model_reach_every_trials_search_config() -> None:
    spec = grid(drafts=2, world_model="baseline:majority")
    configs = [RunConfig.model_validate(spec.run_config(t)) for t in spec.trials()]  # type: ignore[attr-defined]
    assert len(configs) == 2
    for config in configs:
        assert config.search.num_drafts == 2
        assert config.search.world_model == "baseline:majority"
        assert config.exec.time_limit_s == 120.0 and config.agent.steps == 6
    assert {c.search.policy for c in configs} == {"none", "bon"}
    # without the flag AIDE keeps its own default
    plain = grid()
    trial = plain.trials()[0]  # type: ignore[attr-defined]
    assert RunConfig.model_validate(plain.run_config(trial)).search.num_drafts == 5  # type: ignore[attr-defined]


def test_zero_drafts_is_one_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(
        ["experiment", "--out", str(tmp_path / "x"), "--steps", "2", "--drafts", "0"], capsys
    )
    assert code == 2
    assert err.strip().splitlines() == ["error: --drafts 0 must be at least 1"]
    assert not (tmp_path / "x").exists()
