"""The run config: durations, YAML, merging flags, and the resolved config.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from mleworld.agent.config import (
    build_config,
    load_config,
    merge,
    parse_duration,
    read_yaml,
    save_config,
)
from mleworld.errors import ConfigError


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("2h", 7200), ("30m", 1800), ("90s", 90), ("45", 45), ("1.5h", 5400), (" 10 min ", 600)],
)
def test_durations(text: str, seconds: float) -> None:
    assert parse_duration(text) == seconds


def test_bad_duration_is_one_clear_line() -> None:
    with pytest.raises(ConfigError, match=r"duration '2 weeks' is not understood; write e\.g\. 2h"):
        parse_duration("2 weeks")


def test_defaults_match_aide() -> None:
    config = build_config({"task": "t"})
    assert (config.search.num_drafts, config.search.debug_prob) == (5, 0.5)
    assert config.search.max_debug_depth == 3
    assert (config.search.policy, config.search.gate) == ("none", "always")
    assert config.codegen.model == "builtin"


def test_yaml_flags_merge_and_round_trip(tmp_path: Path) -> None:
    source = tmp_path / "my.yaml"
    source.write_text("seed: 3\nsearch: {num_drafts: 2}\nagent: {time_budget_s: 30m}\n")
    flags = {"task": "t", "seed": None, "agent": {"steps": 7, "time_budget_s": None}}
    config = build_config(merge(read_yaml(source), flags))
    assert (config.seed, config.search.num_drafts, config.agent.steps) == (3, 2, 7)
    assert config.agent.time_budget_s == 1800
    save_config(config, tmp_path)
    assert load_config(tmp_path) == config


def test_bad_values_name_the_field(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"search\.debug_prob"):
        build_config({"task": "t", "search": {"debug_prob": 2}})
    with pytest.raises(ConfigError, match=r"search\.nmu_drafts"):
        build_config({"task": "t", "search": {"nmu_drafts": 2}})
    bad = tmp_path / "bad.yaml"
    bad.write_text("search: [1, 2\n")
    with pytest.raises(ConfigError, match="not valid YAML"):
        read_yaml(bad)
    with pytest.raises(ConfigError, match="does not exist"):
        read_yaml(tmp_path / "missing.yaml")
    with pytest.raises(ConfigError, match="has no config.yaml"):
        load_config(tmp_path)
