"""Config YAML and limits, fuzzed (tests/fuzzing/config.py says what a correct result is);
the examples below are crashes the fuzzer found, kept as regular tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given

from fuzzing.config import CONFIG, LIMITS, config_files, limit_dicts
from fuzzing.harness import assert_no_crash, bounded
from mleworld.agent.config import build_config, read_yaml
from mleworld.errors import ConfigError
from mleworld.execution.limits import Limits


@bounded(150)
@given(config_files())
def test_any_config_file_gives_a_config_that_reads_back_or_one_error_line(
    example: tuple[bytes, dict[str, Any]],
) -> None:
    assert_no_crash(CONFIG, example, None)


@bounded(200)
@given(limit_dicts())
def test_any_limits_mapping_gives_typed_limits_or_one_error_line(data: dict[Any, Any]) -> None:
    assert_no_crash(LIMITS, data, None)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xa6\xa8\xbe\xf6", "is not UTF-8 text"),  # was UnicodeDecodeError
        (b"search: " + b"[" * 3000 + b"]" * 3000, "is not valid YAML"),  # was RecursionError
    ],
)
def test_an_unreadable_config_file_is_one_error_line(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "config.yaml"
    path.write_bytes(content)
    with pytest.raises(ConfigError, match=message):
        read_yaml(path)


@pytest.mark.parametrize(
    "data",
    [
        {"codegen": {"temperature": float("nan")}},  # was accepted, and never equal to itself
        {"agent": {"time_budget_s": float("inf")}},
        {"exec": {"time_limit_s": True}},  # YAML's `yes` read as a one-second limit
    ],
)
def test_non_finite_and_boolean_values_are_refused(data: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        build_config({"task": "penguins", **data})


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"time_limit_s": None}, r"limit.time_limit_s is None, not float"),  # was TypeError
        ({"memory_mb": "4096"}, r"limit.memory_mb is '4096', not int \| None"),
        ({"grace_s": float("inf")}, "use a finite number"),
        ({1: 2, "x": 3}, "unknown limit"),  # sorting int and str keys was a TypeError
    ],
)
def test_limits_of_the_wrong_type_are_one_error_line(data: dict[Any, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        Limits.from_dict(data)


def test_an_unknown_key_with_a_line_break_is_named_on_one_line(tmp_path: Path) -> None:
    # Found by benchmarks/fuzz.py: the key was echoed raw into the error message.
    path = tmp_path / "config.yaml"
    path.write_text('? "a\\nb"\n: 1\ntask: penguins\n')
    with pytest.raises(ConfigError) as info:
        build_config(read_yaml(path), str(path))
    assert "\n" not in str(info.value) and "'a\\nb'" in str(info.value)
