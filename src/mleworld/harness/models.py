"""Who directs a harness run: the `ToolModel` protocol and its backends by name.

A tool model reads the conversation (OpenAI chat messages) and the tool
schemas and answers with one turn: some text and zero or more tool calls. A
turn without calls ends the run. Backends, named as for `--code-model`:

    builtin        the builtin strategy (strategy.py): offline, deterministic
    openai:MODEL   any OpenAI-compatible chat endpoint with tool calling
    scripted:PATH  replays turns from a JSON list or JSONL file, for tests

A scripted turn is `{"content": "...", "tool_calls": [{"name": ..., "arguments": ...}]}`;
`arguments` is an object, or a string sent as is (so a test can send broken JSON).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from mleworld.errors import ConfigError

if TYPE_CHECKING:
    from mleworld.agent.config import RunConfig
    from mleworld.harness.config import HarnessConfig
    from mleworld.harness.workbench import Workbench


@dataclass
class ToolCall:
    id: str
    name: str
    arguments: str  # JSON text as the model wrote it


@dataclass
class Turn:
    content: str
    tool_calls: list[ToolCall] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)  # tokens, latency, backend

    def message(self) -> dict[str, Any]:
        """The assistant message in the chat-completions format."""
        message: dict[str, Any] = {"role": "assistant", "content": self.content or None}
        if self.tool_calls:
            message["tool_calls"] = [
                {
                    "id": call.id,
                    "type": "function",
                    "function": {"name": call.name, "arguments": call.arguments},
                }
                for call in self.tool_calls
            ]
        return message


class ToolModel(Protocol):
    name: str

    def next_turn(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]], bench: Workbench
    ) -> Turn:
        """The next assistant turn. `bench` is read only by the builtin strategy."""
        ...


# --- scripted ------------------------------------------------------------------------


def _turn_from(item: Any, where: str, number: int) -> Turn:
    if isinstance(item, str):
        return Turn(content=item)
    if not isinstance(item, dict):
        raise ConfigError(f'{where} is not a turn; write {{"content": ..., "tool_calls": [...]}}')
    calls = []
    for i, call in enumerate(item.get("tool_calls") or []):
        if not isinstance(call, dict) or not isinstance(call.get("name"), str):
            raise ConfigError(f'{where} call {i} needs a "name" string')
        arguments = call.get("arguments", {})
        text = arguments if isinstance(arguments, str) else json.dumps(arguments)
        calls.append(ToolCall(str(call.get("id") or f"call_{number}_{i}"), call["name"], text))
    return Turn(content=str(item.get("content") or ""), tool_calls=calls)


def load_turns(path: str | Path) -> list[Turn]:
    source = Path(path)
    if not source.is_file():
        raise ConfigError(
            f"scripted turns file {source} does not exist; pass a .json or .jsonl file of turns"
        )
    text = source.read_text(encoding="utf-8")
    try:
        if source.suffix.lower() == ".jsonl":
            items = [json.loads(line) for line in text.splitlines() if line.strip()]
        else:
            items = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{source} is not valid JSON ({exc.msg}, line {exc.lineno})") from None
    if isinstance(items, dict):
        items = items.get("turns")
    if not isinstance(items, list) or not items:
        raise ConfigError(f'{source} must hold a non-empty list of turns (or {{"turns": [...]}})')
    return [_turn_from(item, f"{source} turn {i}", i) for i, item in enumerate(items)]


class ScriptedToolModel:
    """Replays turns in order; when they run out it ends the run (a turn without calls)."""

    def __init__(self, turns: list[Turn] | str | Path, name: str | None = None) -> None:
        self.turns = turns if isinstance(turns, list) else load_turns(turns)
        self.name = name or (f"scripted:{turns}" if not isinstance(turns, list) else "scripted")
        self.seen: list[list[dict[str, Any]]] = []  # the messages of every request

    def next_turn(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]], bench: Workbench
    ) -> Turn:
        index = len(self.seen)
        self.seen.append(list(messages))
        if index >= len(self.turns):
            return Turn(content="(the script has ended)", meta={"backend": "scripted"})
        turn = self.turns[index]
        return Turn(turn.content, list(turn.tool_calls), {"backend": "scripted", "index": index})


# --- OpenAI-compatible ------------------------------------------------------------------


class OpenAIToolModel:
    """Turns from an OpenAI-compatible endpoint through the project's OpenAICodeModel client
    (its retries, key rule and one-line errors)."""

    def __init__(self, client: Any) -> None:
        self.client = client  # mleworld.codegen.openai_model.OpenAICodeModel
        self.name = client.name

    def next_turn(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]], bench: Workbench
    ) -> Turn:
        reply = self.client.chat(messages, tools=tools)
        calls = [ToolCall(c["id"], c["name"], c["arguments"]) for c in reply.tool_calls]
        meta = {
            "backend": "openai",
            "prompt_tokens": reply.prompt_tokens,
            "completion_tokens": reply.completion_tokens,
            "latency_s": round(reply.latency_s, 4),
            "finish_reason": reply.finish_reason,
        }
        return Turn(reply.text, calls, meta)

    def complete(self, system: str, user: str) -> str:
        return self.client.complete(system, user)


# --- by name ---------------------------------------------------------------------------

KNOWN = ("builtin", "openai:MODEL", "scripted:PATH")


def get_tool_model(config: RunConfig, harness: HarnessConfig) -> ToolModel:
    """The tool model `config.codegen.model` names."""
    from mleworld.agent.loop import default_code_model

    spec = config.codegen.model
    name, _, argument = spec.partition(":")
    if name == "scripted":
        if not argument.strip():
            raise ConfigError("code model 'scripted' needs a PATH; write scripted:PATH")
        return ScriptedToolModel(argument.strip())
    if name == "builtin":
        from mleworld.harness.strategy import BuiltinStrategy

        return BuiltinStrategy(default_code_model(config), harness.strategy, seed=config.seed)
    if name == "openai":
        return OpenAIToolModel(default_code_model(config))
    raise ConfigError(f"unknown code model {spec!r} for the harness; known: {', '.join(KNOWN)}")
