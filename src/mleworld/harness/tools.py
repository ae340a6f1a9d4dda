"""The harness's tools: their arguments as typed records, their JSON schemas in the OpenAI
tool-calling format, and checking a call against them.

One pydantic model per tool owns its arguments: the schema a model is shown is
generated from it, and a call is validated by it, so the two cannot drift.
A call that does not parse, names no tool, or breaks its schema becomes a
`ToolCallError` whose one line the model reads as the tool's answer. Doing
what a tool does is workbench.py's job.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from mleworld.errors import MleWorldError


class ToolCallError(MleWorldError):
    """A call the harness cannot carry out as written; the model reads the message."""


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")


class InspectData(_Args):
    """The task and its data: without `file`, the description and the data overview;
    with `file` (a path under the task's input folder), its first rows and column statistics."""

    file: str | None = Field(None, description="e.g. train.csv; omit for the overview")
    rows: int = Field(5, ge=1, le=50, description="rows of the file to show")


class ReadNode(_Args):
    """One solution node: its code, plan, parent, real outcome or prediction, and marks."""

    node_id: str = Field(description="the node's id, as write_solution or history gave it")
    code: bool = Field(True, description="include the program's code")


class History(_Args):
    """The tree of solution nodes (one line each), the submission, and the budgets left."""


class WriteSolution(_Args):
    """A new solution node: a full program (`code`), or a unified diff against the parent's
    code (`diff`). A node without a parent starts a new root. Nothing runs yet."""

    parent_id: str | None = Field(None, description="the node to continue from; omit for a root")
    code: str | None = Field(None, description="the complete program")
    diff: str | None = Field(None, description="a unified diff against the parent's code")
    plan: str = Field("", description="one or two sentences: what this version changes and why")

    @model_validator(mode="after")
    def _one_body(self) -> WriteSolution:
        if (self.code is None) == (self.diff is None):
            raise ValueError("give exactly one of code and diff")
        if self.diff is not None and self.parent_id is None:
            raise ValueError("a diff needs parent_id, the node it applies to")
        return self


class Predict(_Args):
    """The world model's predicted outcome of a node (exception class, output, metric, whether
    it writes a submission) with its confidence, without running it."""

    node_id: str


class Run(_Args):
    """Execute a node's program for real in the sandbox (costs execution time)."""

    node_id: str


class Submit(_Args):
    """Mark an executed node as the final submission; omit node_id for the best verified one."""

    node_id: str | None = None


class Invalidate(_Args):
    """Mark a node's score untrustworthy (leakage, overfitting, a bug in its validation):
    it can no longer be submitted."""

    node_id: str
    reason: str = Field(min_length=3, description="why its score cannot be trusted")


TOOLS: dict[str, type[_Args]] = {
    "inspect_data": InspectData,
    "read_node": ReadNode,
    "history": History,
    "write_solution": WriteSolution,
    "predict": Predict,
    "run": Run,
    "submit": Submit,
    "invalidate": Invalidate,
}


def _tidy(schema: Any) -> Any:
    """The schema without pydantic's titles (noise in a prompt)."""
    if isinstance(schema, dict):
        return {k: _tidy(v) for k, v in schema.items() if k != "title"}
    if isinstance(schema, list):
        return [_tidy(v) for v in schema]
    return schema


def tool_schemas() -> list[dict[str, Any]]:
    """Every tool as the `tools` list of a chat-completions request."""
    specs = []
    for name, model in TOOLS.items():
        parameters = _tidy(model.model_json_schema())
        parameters.setdefault("properties", {})
        specs.append(
            {
                "type": "function",
                "function": {
                    "name": name,
                    "description": " ".join((model.__doc__ or "").split()),
                    "parameters": parameters,
                },
            }
        )
    return specs


def parse_call(name: str, arguments: str | dict[str, Any] | None) -> _Args:
    """The validated arguments of a call; ToolCallError in one line otherwise."""
    model = TOOLS.get(name)
    if model is None:
        raise ToolCallError(f"there is no tool {name!r}; the tools are: {', '.join(TOOLS)}")
    if isinstance(arguments, str):
        text = arguments.strip() or "{}"
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise ToolCallError(
                f"{name}: the arguments are not valid JSON ({type(exc).__name__}: "
                f"{str(exc)[:80]}); send one JSON object"
            ) from None
    else:
        data = arguments or {}
    if not isinstance(data, dict):
        raise ToolCallError(
            f"{name}: the arguments must be a JSON object, not {type(data).__name__}"
        )
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
        field = f" {where}:" if where else ""
        message = first["msg"].removeprefix("Value error, ")
        raise ToolCallError(f"{name}:{field} {message}{more}; see the tool's schema") from None
