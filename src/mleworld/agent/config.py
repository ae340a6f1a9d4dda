"""The resolved configuration of one agent run: one typed model per component.

`RunConfig` = task + seed + `search` (AIDE's policy knobs and the step policy),
`agent` (budgets, prompt sizes), `exec` (how programs run), `codegen` (which code
model). It is built from CLI flags or a YAML file and written beside the results
as `config.yaml`, which is all `mleworld run --resume` needs.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from mleworld.errors import ConfigError
from mleworld.files import atomic_write_text
from mleworld.yamltext import load_yaml

CONFIG_FILE = "config.yaml"
DEFAULT_CANDIDATES = 4  # candidates a step draws under a policy other than none

_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(s|sec|secs|m|min|mins|h|hr|hrs|d)?\s*$", re.I)
_UNIT_S = {"s": 1, "sec": 1, "secs": 1, "m": 60, "min": 60, "mins": 60, "h": 3600}
_UNIT_S |= {"hr": 3600, "hrs": 3600, "d": 86400}


def parse_duration(text: str | float | int | None) -> float | None:
    """Seconds from "2h", "30m", "90s", "1.5h" or a plain number of seconds; None stays None."""
    if isinstance(text, bool):  # YAML reads yes/no/on/off as booleans
        raise ConfigError(f"duration {text!r} is not understood; write e.g. 2h, 30m, 90s or 45")
    if text is None or isinstance(text, int | float):
        return None if text is None else float(text)
    match = _DURATION.match(str(text))
    if not match:
        raise ConfigError(f"duration {text!r} is not understood; write e.g. 2h, 30m, 90s or 45")
    value, unit = match.groups()
    return float(value) * _UNIT_S[(unit or "s").lower()]


class _Part(BaseModel):
    # nan and inf pass every bound check (nan compares false), so they are refused outright.
    model_config = ConfigDict(extra="forbid", validate_assignment=True, allow_inf_nan=False)


class SearchConfig(_Part):
    """AIDE's search policy and the step policy (how many candidates, which policy, the gate)."""

    num_drafts: int = Field(5, ge=1)
    debug_prob: float = Field(0.5, ge=0.0, le=1.0)
    max_debug_depth: int = Field(3, ge=0)
    policy: str = "none"  # the step policy (search.POLICIES); "none" = base AIDE
    num_candidates: int = Field(1, ge=1)
    gate: str = "always"  # the gate (search.GATES); "always" = run every chosen program
    beta: float = Field(0.5, ge=0.0)  # ucb's exploration weight (equation 4)
    gamma_success: float = Field(
        0.5, ge=0.0, le=1.0
    )  # confidence gate: trust a predicted success at p_max >= this
    gamma_failure: float = Field(
        0.56, ge=0.0, le=1.0
    )  # ... and a predicted failure at p_max >= this
    p_run: float = Field(0.5, ge=0.0, le=1.0)  # random gate: chance of a discretionary real run
    # The world model the policy and gate ask (world.registry names); None: `fast` when the
    # policy or gate needs one, no model otherwise; "none": never load one.
    world_model: str | None = None
    observe: bool = True  # feed every real outcome to the world model's online learning

    @model_validator(mode="before")
    @classmethod
    def _candidates(cls, data: Any) -> Any:
        # A policy other than none compares candidates: DESIGN.md's N = 4 unless told.
        if (
            isinstance(data, dict)
            and "num_candidates" not in data
            and data.get("policy", "none") != "none"
        ):
            return {**data, "num_candidates": DEFAULT_CANDIDATES}
        return data


class AgentConfig(_Part):
    """Budgets and prompt sizes."""

    steps: int = Field(20, ge=1)
    time_budget_s: float | None = Field(None, gt=0)  # active wall time of the whole run
    exec_budget_s: float | None = Field(None, gt=0)  # real execution time of all programs
    overview_chars: int = Field(6000, ge=500)

    @field_validator("time_budget_s", "exec_budget_s", mode="before")
    @classmethod
    def _duration(cls, value: Any) -> float | None:
        return parse_duration(value)


class ExecConfig(_Part):
    """How each program runs: limits of the sandbox."""

    time_limit_s: float | None = Field(None, gt=0)  # None = the task's own time limit
    memory_mb: int | None = Field(4096, ge=64)  # None = no address-space limit (GPU runs)
    threads: int | None = Field(None, ge=1)  # None: a share of the cores (concurrency.py)

    @field_validator("time_limit_s", mode="before")
    @classmethod
    def _duration(cls, value: Any) -> float | None:
        return parse_duration(value)


class CodegenConfig(_Part):
    """Which code model writes the programs."""

    model: str = "builtin"  # builtin | openai:MODEL | scripted:PATH
    base_url: str | None = None
    api_key_env: str | None = None  # the name of the env var holding the key, never the key
    defect_rate: float = Field(0.0, ge=0.0, le=1.0)  # builtin model only
    defect_kinds: list[str] | None = None  # builtin model only: these kinds (None: all)
    temperature: float | None = None
    timeout_s: float | None = Field(None, gt=0)
    max_retries: int | None = Field(None, ge=0)


class RunConfig(_Part):
    task: str  # the task directory (absolute) or a suite name
    seed: int = 0
    search: SearchConfig = Field(default_factory=SearchConfig)
    agent: AgentConfig = Field(default_factory=AgentConfig)
    exec: ExecConfig = Field(default_factory=ExecConfig)
    codegen: CodegenConfig = Field(default_factory=CodegenConfig)


def _one_line(exc: ValidationError, source: str) -> str:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "config"
    if not where.isprintable():  # a key of the file's own, line breaks and all
        where = repr(where)
    more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return f"{source}: {where}: {first['msg']}{more}; fix that value"


def build_config(data: dict[str, Any], source: str = "config") -> RunConfig:
    """A RunConfig from a nested mapping; one clear line when a value is wrong."""
    try:
        return RunConfig.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(_one_line(exc, source)) from None


def read_yaml(path: Path) -> dict[str, Any]:
    if not path.is_file():
        raise ConfigError(f"config file {path} does not exist; pass an existing YAML file")
    try:
        data = load_yaml(path.read_text(encoding="utf-8")) or {}
    except UnicodeDecodeError:
        raise ConfigError(f"{path} is not UTF-8 text; save it as UTF-8") from None
    except yaml.YAMLError:
        raise ConfigError(f"{path} is not valid YAML; fix its syntax") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path} must be a mapping (search:, agent:, exec:, codegen:, seed:)")
    return data


def merge(base: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """Nested dict update; None values in `overrides` mean "not given" and are skipped."""
    out = dict(base)
    for key, value in overrides.items():
        if value is None:
            continue
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        elif isinstance(value, dict):
            out[key] = merge({}, value)
        else:
            out[key] = value
    return out


def save_config(config: RunConfig, run_dir: Path) -> Path:
    text = yaml.safe_dump(config.model_dump(mode="json"), sort_keys=False)
    return atomic_write_text(run_dir / CONFIG_FILE, text)


def load_config(run_dir: Path) -> RunConfig:
    path = run_dir / CONFIG_FILE
    if not path.is_file():
        raise ConfigError(
            f"{run_dir} has no {CONFIG_FILE}; --resume needs a run directory made by `mleworld run`"
        )
    return build_config(read_yaml(path), str(path))
