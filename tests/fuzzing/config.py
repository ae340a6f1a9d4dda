"""Config YAML (agent/config.py: `mleworld run --config FILE.yaml`) and limits
(execution/limits.py: `Limits.from_dict`).

Inputs: random bytes and text; YAML of nested mappings whose keys are the
config's own (search, agent, exec, codegen, task, seed and their fields) or
not, with values of every type (durations in words, nan, inf, huge integers,
lists, booleans); brackets nested thousands deep; tags and anchors.

A correct result: a RunConfig that passes the loop's own check, whose every
number is finite and within its bounds, and that reads back equal after
`save_config`/`load_config` (what --resume relies on); Limits whose fields
have their declared types. Otherwise one clear ConfigError line.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

from mleworld.agent.config import (
    RunConfig,
    build_config,
    load_config,
    merge,
    read_yaml,
    save_config,
)
from mleworld.agent.loop import check_config
from mleworld.execution.limits import Limits

from .garble import NESTED, SCALARS, deep_nesting, scratch
from .harness import Target

_KEYS = {
    "search": [
        "num_drafts",
        "debug_prob",
        "max_debug_depth",
        "policy",
        "num_candidates",
        "gate",
        "beta",
        "gamma_success",
        "gamma_failure",
        "p_run",
    ],
    "agent": ["steps", "time_budget_s", "exec_budget_s", "overview_chars"],
    "exec": ["time_limit_s", "memory_mb", "threads"],
    "codegen": ["model", "base_url", "api_key_env", "defect_rate", "temperature", "timeout_s"],
}
_PLAUSIBLE = st.one_of(
    st.none(),
    st.integers(0, 20),
    st.floats(0, 1),
    st.sampled_from(["2h", "30m", "90s", "45", "none", "bon", "always", "builtin"]),
)
_VALUES = st.one_of(
    SCALARS,
    NESTED,
    st.integers(-5, 100),
    st.floats(0, 1),
    st.sampled_from(["2h", "30m", "90s", "1.5h", "0s", "-1h", "10 d", "h", "1e3s", "99999999999d"]),
    st.sampled_from(["none", "bon", "ucb", "always", "confidence", "builtin", "openai:x", ""]),
)


@st.composite
def _mapping(draw: st.DrawFn) -> dict[Any, Any]:
    data: dict[Any, Any] = {}
    if draw(st.integers(0, 4)):
        data["task"] = draw(st.one_of(st.just("penguins"), SCALARS))
    if draw(st.booleans()):
        data["seed"] = draw(_VALUES)
    for part, names in _KEYS.items():
        if draw(st.booleans()):
            continue
        section: dict[Any, Any] = {}
        for name in draw(st.lists(st.sampled_from(names), max_size=4, unique=True)):
            section[name] = draw(_PLAUSIBLE if draw(st.integers(0, 3)) else _VALUES)
        data[part] = section if draw(st.integers(0, 5)) else draw(_VALUES)
    if draw(st.integers(0, 5)) == 0:
        data[draw(st.one_of(st.text(max_size=8), st.integers()))] = draw(_VALUES)
    return data


def _yaml_text(draw: st.DrawFn) -> bytes:
    how = draw(st.sampled_from(["dump", "dump", "dump", "deep", "tags", "bytes", "text"]))
    if how == "dump":
        return yaml.safe_dump(draw(_mapping()), allow_unicode=True).encode("utf-8")
    if how == "deep":
        return ("search: " + draw(deep_nesting("[", "]"))).encode()
    if how == "tags":
        return draw(
            st.sampled_from(
                [
                    b"!!python/object/apply:os.system ['true']\n",
                    b"a: &x [1, 2]\nb: *x\nsearch: *x\n",
                    b"agent: !!binary aGVsbG8=\n",
                    b"task: penguins\ntask: other\n",
                    b"? [a, b]\n: 1\n",
                    b"agent:\n  steps: 1\n   bad: indent\n",
                ]
            )
        )
    if how == "bytes":
        return draw(st.binary(max_size=300))
    return draw(st.text(max_size=300)).encode("utf-8", "surrogatepass")


@st.composite
def config_files(draw: st.DrawFn) -> tuple[bytes, dict[str, Any]]:
    """The YAML file's bytes and the flags given beside it (as `mleworld run` merges them)."""
    flags = {
        "task": draw(st.sampled_from([None, "penguins", "penguins"])),
        "seed": None,
        "agent": {},
    }
    if draw(st.booleans()):
        flags["agent"] = {"steps": draw(st.one_of(st.none(), st.integers(-2, 50)))}
    return _yaml_text(draw), flags


def _finite(value: Any, where: str) -> None:
    if isinstance(value, float):
        assert math.isfinite(value), f"{where} is {value}"
    elif isinstance(value, dict):
        for key, inner in value.items():
            _finite(inner, f"{where}.{key}")


def check_config_file(example: tuple[bytes, dict[str, Any]], _env: object = None) -> None:
    data, flags = example
    with scratch() as tmp:
        path = Path(tmp) / "config.yaml"
        path.write_bytes(data)
        base = read_yaml(path)
        config = build_config(merge(base, flags), str(path))
        check_config(config)
        assert isinstance(config, RunConfig)
        _finite(config.model_dump(), "config")
        run_dir = Path(tmp) / "run"
        run_dir.mkdir()
        save_config(config, run_dir)
        again = load_config(run_dir)
        assert again == config, "the config does not read back equal"


@st.composite
def limit_dicts(draw: st.DrawFn) -> dict[Any, Any]:
    names = ["time_limit_s", "memory_mb", "threads", "file_size_mb", "grace_s"]
    names += ["max_output_bytes", "network", "unknown"]
    chosen = draw(st.lists(st.sampled_from(names), max_size=5, unique=True))
    good = {
        "time_limit_s": st.floats(0.1, 1e4),
        "memory_mb": st.one_of(st.none(), st.integers(16, 10**6)),
        "threads": st.one_of(st.none(), st.integers(1, 64)),
        "file_size_mb": st.one_of(st.none(), st.integers(1, 10**6)),
        "grace_s": st.floats(0, 60),
        "max_output_bytes": st.integers(256, 10**9),
        "network": st.booleans(),
        "unknown": _VALUES,
    }
    return {n: draw(good[n] if draw(st.integers(0, 2)) else _VALUES) for n in chosen}


def check_limits(data: dict[Any, Any], _env: object = None) -> None:
    limits = Limits.from_dict(data)
    for name in ("time_limit_s", "grace_s"):
        value = getattr(limits, name)
        assert isinstance(value, int | float) and not isinstance(value, bool), (name, value)
        assert math.isfinite(value), (name, value)
    for name in ("memory_mb", "threads", "file_size_mb", "max_output_bytes"):
        value = getattr(limits, name)
        assert value is None or (isinstance(value, int) and not isinstance(value, bool)), (
            name,
            value,
        )
    assert isinstance(limits.network, bool)


CONFIG = Target(
    "config_yaml",
    "agent.config: read_yaml, merge, build_config (+ loop.check_config, save/load)",
    config_files(),
    check_config_file,
)
LIMITS = Target("limits_dict", "execution.limits.Limits.from_dict", limit_dicts(), check_limits)
