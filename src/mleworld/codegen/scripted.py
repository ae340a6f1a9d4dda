"""A code model that replays recorded answers, in order: for tests and offline demos.

Owns reading a responses file (JSON list or JSONL; each item a full model
answer, plan plus code block) and handing the answers out one per call. Answers
go through the same `extract_code` as a live model's, so a scripted run
exercises the real path. It does not write programs itself (builtin/ does).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mleworld.codegen.base import CodeRequest, Generation
from mleworld.codegen.response import ModelResponseError, extract_code, strip_reasoning
from mleworld.errors import ConfigError, MleWorldError

_TEXT_KEYS = ("response", "text", "content")


def _answer(item: Any, where: str) -> str:
    if isinstance(item, str):
        return item
    if isinstance(item, dict):
        for key in _TEXT_KEYS:
            if isinstance(item.get(key), str):
                return item[key]
    raise ConfigError(
        f"{where} is neither a string nor an object with a 'response' string; "
        'write each answer as "..." or {"response": "..."}'
    )


def load_responses(path: str | Path) -> list[str]:
    """Answers from a .json file (a list, or {"responses": [...]}) or a .jsonl file."""
    source = Path(path)
    if not source.is_file():
        raise ConfigError(
            f"scripted responses file {source} does not exist; "
            "pass a .json or .jsonl file of model answers"
        )
    text = source.read_text(encoding="utf-8")
    answers: list[str] = []
    if source.suffix.lower() == ".jsonl":
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ConfigError(
                    f"{source} line {number} is not valid JSON ({exc.msg}); "
                    "write one JSON string or object per line"
                ) from None
            answers.append(_answer(item, f"{source} line {number}"))
    else:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ConfigError(
                f"{source} is not valid JSON ({exc.msg} at line {exc.lineno}); "
                "write a list of answers, or use .jsonl with one answer per line"
            ) from None
        if isinstance(data, dict) and isinstance(data.get("responses"), list):
            data = data["responses"]
        if not isinstance(data, list):
            raise ConfigError(f'{source} must hold a list of answers (or {{"responses": [...]}})')
        answers = [_answer(item, f"{source} item {i}") for i, item in enumerate(data)]
    if not answers:
        raise ConfigError(f"{source} holds no answers; add at least one")
    return answers


class ScriptedCodeModel:
    """Replays answers in order; `cycle=True` starts over when they run out.

    `generate` and `complete` draw from the same sequence, as one model would
    answer them. Every request `generate` receives is kept in `requests`.
    """

    def __init__(
        self,
        responses: Sequence[str] | str | Path,
        *,
        cycle: bool = False,
        name: str | None = None,
    ) -> None:
        if isinstance(responses, str | Path):
            self.source: str | None = str(responses)
            self.responses = load_responses(responses)
        else:
            self.source = None
            self.responses = [_answer(item, f"response {i}") for i, item in enumerate(responses)]
            if not self.responses:
                raise ConfigError("a scripted model needs at least one response")
        self.cycle = cycle
        self.name = name or (f"scripted:{self.source}" if self.source else "scripted")
        self.requests: list[CodeRequest] = []
        self.calls = 0
        self._lock = threading.Lock()

    def _next(self) -> tuple[int, str]:
        with self._lock:
            index = self.calls
            if index >= len(self.responses) and not self.cycle:
                where = f" in {self.source}" if self.source else ""
                raise MleWorldError(
                    f"the scripted model used all {len(self.responses)} responses{where}; "
                    "add more answers or replay them with cycle=True"
                )
            self.calls += 1
            return index, self.responses[index % len(self.responses)]

    def generate(self, request: CodeRequest) -> Generation:
        with self._lock:
            self.requests.append(request)
        index, text = self._next()
        try:
            plan, code = extract_code(text)
        except ModelResponseError as exc:
            raise ModelResponseError(f"{exc} (scripted response {index})") from None
        return Generation(
            plan=plan,
            code=code,
            raw=text,
            meta={"backend": "scripted", "index": index % len(self.responses)},
        )

    def complete(self, system: str, user: str) -> str:
        _, text = self._next()
        return strip_reasoning(text).strip()
