"""The harness's own settings: context and result budgets, the turn limit, summarisation,
the world model behind `predict`, and the builtin strategy's knobs.

A harness run is an agent run (`RunConfig` in config.yaml: task, seed, the step,
wall-time and execution-time budgets, the code model) plus this `HarnessConfig`
in `harness.yaml` beside it; `--resume` reads both. The paper gives the rules
(summarise when the history outgrows the context, truncate tool results), not
the constants: the defaults below are this project's choices.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from mleworld.errors import ConfigError
from mleworld.files import atomic_write_text
from mleworld.yamltext import load_yaml

HARNESS_FILE = "harness.yaml"
SUMMARIZERS = ("digest", "model")


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True, allow_inf_nan=False)


class StrategyConfig(_Part):
    """How the builtin strategy (`--code-model builtin`) drives the tools."""

    drafts: int = Field(2, ge=1)  # root solutions before improving (AIDE drafts 5)
    max_debug_depth: int = Field(2, ge=0)  # repairs in a row below one failed node
    # A predicted failure this confident is repaired from its predicted output instead of
    # run (the confidence gate's gamma for failures, DESIGN.md "Search").
    trust_failure_at: float = Field(0.56, ge=0.0, le=1.0)
    max_predicted_repairs: int = Field(1, ge=0)  # then the repair runs for real anyway
    use_diffs: bool = True  # write improvements and repairs as unified diffs from the parent


class HarnessConfig(_Part):
    """Budgets of the conversation. A "turn" is one model reply (its tool calls run after it).

    `agent.steps` of the RunConfig caps the solution nodes written, as it caps
    AIDE's nodes, so the two scaffolds compare at one step budget.
    """

    max_turns: int = Field(80, ge=1)
    # Characters stand in for tokens (about 4 to a token): no tokenizer is needed offline.
    context_chars: int = Field(60_000, ge=2_000)
    keep_messages: int = Field(6, ge=0)  # most recent messages kept verbatim by a compaction
    tool_result_chars: int = Field(4_000, ge=200)  # each tool result is cut to this
    summarizer: str = "digest"  # digest: from the tree and the dropped calls; model: ask it
    world_model: str = "fast"  # what `predict` asks (world.registry names)
    strategy: StrategyConfig = Field(default_factory=StrategyConfig)

    @field_validator("summarizer")
    @classmethod
    def _known_summarizer(cls, value: str) -> str:
        if value not in SUMMARIZERS:
            raise ValueError(f"summarizer must be one of {', '.join(SUMMARIZERS)}")
        return value


def build_harness_config(data: dict[str, Any] | None, source: str = "harness") -> HarnessConfig:
    try:
        return HarnessConfig.model_validate(data or {})
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "harness"
        message = first["msg"]
        raise ConfigError(f"{source}: {where}: {message}; fix that value") from None


def save_harness_config(config: HarnessConfig, run_dir: Path) -> Path:
    text = yaml.safe_dump(config.model_dump(mode="json"), sort_keys=False)
    return atomic_write_text(run_dir / HARNESS_FILE, text)


def load_harness_config(run_dir: Path) -> HarnessConfig:
    path = run_dir / HARNESS_FILE
    if not path.is_file():
        raise ConfigError(f"{run_dir} has no {HARNESS_FILE}; it is not a harness run")
    return build_harness_config(load_yaml(path.read_text(encoding="utf-8")) or {}, str(path))


def is_harness_run(run_dir: Path) -> bool:
    return (Path(run_dir) / HARNESS_FILE).is_file()
