"""The `CodeModel` protocol: what the agent asks of any code model.

A code model answers a prompt with a plan and a complete program. Backends live
one per module and are found by short name in registry.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable


@dataclass
class Generation:
    plan: str
    code: str
    raw: str = ""  # the model's full response, kept for debugging
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass
class CodeRequest:
    """What the agent asks for: a stage prompt plus structured context.

    `prompt` is the full text an LLM reads. The structured fields carry the same
    facts for backends that do not read text (the builtin writer).
    """

    stage: str  # "draft" | "improve" | "debug" | "fuse" | "revise"
    prompt: str
    task: Any = None  # mleworld.tasks.Task
    parent_code: str | None = None
    parent_output: str | None = None
    parent_exc_type: str | None = None
    seed: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class CodeModel(Protocol):
    name: str

    def generate(self, request: CodeRequest) -> Generation:
        """Write a plan and a complete program for this request."""
        ...

    def complete(self, system: str, user: str) -> str:
        """Free-form text answer (reviews, judges, pairwise comparisons)."""
        ...
