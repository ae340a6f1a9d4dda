"""Trajectory files written event by event, in the format harness runs write (for the
selection and window tests)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mleworld.harness.trajectory import append_event


class Writer:
    """Builds a trajectory: each `call` is one interaction (assistant + its tool result);
    `submit` adds a submission with a hidden grade of the given normalised score."""

    def __init__(self, path: Path) -> None:
        self.path = path / "trajectory.jsonl"
        path.mkdir(parents=True, exist_ok=True)
        self.index = 0
        self.turn = 0
        self.context: list[int] = []
        append_event(self.path, {"event": "start", "task": "toy", "tools": [{"type": "function"}]})
        self._message({"role": "system", "content": "sys"})
        self._message({"role": "user", "content": "task"})

    def _message(self, message: dict[str, Any]) -> int:
        append_event(
            self.path,
            {"event": "message", "index": self.index, "turn": self.turn, "message": message},
        )
        self.context.append(self.index)
        self.index += 1
        return self.index - 1

    def call(self, name: str = "run", quality: float | None = None) -> int:
        call_id = f"c{self.turn}"
        assistant = self._message(
            {
                "role": "assistant",
                "content": f"turn {self.turn}",
                "tool_calls": [
                    {
                        "id": call_id,
                        "type": "function",
                        "function": {"name": name, "arguments": "{}"},
                    }
                ],
            }
        )
        if quality is not None:
            grade = {"valid": True, "normalized_score": quality, "percentile": 50.0}
            append_event(
                self.path,
                {
                    "event": "submission",
                    "node_id": f"n{self.turn}",
                    "message_index": assistant,
                    "grade": grade,
                },
            )
        self._message({"role": "tool", "tool_call_id": call_id, "content": "{}"})
        self.turn += 1
        return assistant

    def compact(self, keep: int) -> int:
        summary = self._message({"role": "user", "content": "[context summary] ..."})
        kept = self.context[2:-1][-keep:] if keep else []
        self.context = [0, 1, summary, *kept]
        append_event(
            self.path,
            {
                "event": "compaction",
                "summary_index": summary,
                "context": self.context,
                "dropped": [],
                "kept": kept,
            },
        )
        return summary

    def run(self, node_id: str, outcome: dict[str, Any] | None, ok: bool = True) -> int:
        """A `run` call; with `ok`, the node event holding `outcome`, then the tool result."""
        call_id = f"c{self.turn}"
        assistant = self._message(
            {
                "role": "assistant",
                "content": f"run {node_id}",
                "tool_calls": [
                    {
                        "id": call_id,
                        "type": "function",
                        "function": {"name": "run", "arguments": json.dumps({"node_id": node_id})},
                    }
                ],
            }
        )
        if ok and outcome is not None:
            append_event(self.path, {"event": "node", "node": {"id": node_id, "outcome": outcome}})
        content = json.dumps(outcome if ok else {"error": "run: refused"})
        append_event(
            self.path,
            {
                "event": "message",
                "index": self.index,
                "turn": self.turn,
                "message": {"role": "tool", "tool_call_id": call_id, "content": content},
                "meta": {"tool": "run", "ok": ok},
            },
        )
        self.context.append(self.index)
        self.index += 1
        self.turn += 1
        return assistant
