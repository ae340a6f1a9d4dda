"""The trajectory of a harness run: every message, tool call and result, node change,
submission (with its hidden grade) and context compaction, as JSONL beside the journal.

`trajectory.jsonl` is append-only, one event a line, flushed and fsynced before
the run goes on, a partial last line ignored on load (the journal's rules).
It is the record --resume replays and the input of trajectory selection
(mleworld.trajectories). Events (`event` key):

    start       schema_version, task, model, tools (the schemas offered), harness (config)
    message     index, turn, message (OpenAI chat format), meta (tool name, ok, error, synthetic)
    node        node (Node.to_dict() after a change)
    submission  node_id, metric (validation), grade (the hidden test grade; never shown)
    invalidate  node_id, reason, withdrawn
    compaction  turn, summary_index, dropped, context (message indices the model sees next),
                chars_before, chars_after
    resume      turn, interrupted (tool call ids that never got a result)
    model_error turn, error (the tool model failed; the run stops)
    end         stop_reason, turns

Every event carries `elapsed_s`, the run's active wall time when it was written.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mleworld.errors import ConfigError

TRAJECTORY_FILE = "trajectory.jsonl"
SCHEMA_VERSION = 1


def append_event(path: Path, event: dict[str, Any]) -> None:
    line = json.dumps(event, ensure_ascii=False, default=str) + "\n"
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(line)
        handle.flush()
        os.fsync(handle.fileno())


def read_events(path: Path, repair: bool = False) -> list[dict[str, Any]]:
    """The events in `path`; an unfinished last line is dropped (and cut off with `repair`)."""
    if not path.is_file():
        return []
    data = path.read_bytes()
    events: list[dict[str, Any]] = []
    good = 0
    lines = data.split(b"\n")
    for index, raw in enumerate(lines[:-1]):
        try:
            event = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError):
            if index == len(lines) - 2 and lines[-1] == b"":
                break
            raise ConfigError(
                f"{path} line {index + 1} is corrupt; restore the file or start a new run"
            ) from None
        if not isinstance(event, dict) or "event" not in event:
            raise ConfigError(f"{path} line {index + 1} is not a trajectory event")
        events.append(event)
        good += len(raw) + 1
    if repair and len(data) != good:
        with open(path, "r+b") as handle:
            handle.truncate(good)
    return events


@dataclass
class Trajectory:
    """A run's events, read back: the messages in order and what the model saw at each turn."""

    path: Path
    events: list[dict[str, Any]]
    messages: list[dict[str, Any]] = field(default_factory=list)
    meta: list[dict[str, Any]] = field(default_factory=list)  # per message
    turns: list[int] = field(default_factory=list)  # per message
    # For each message index: the indices of the messages in the model's context just before
    # it was added (what an assistant message was generated from).
    context_before: list[list[int]] = field(default_factory=list)
    submissions: list[dict[str, Any]] = field(default_factory=list)  # with message_index
    compactions: list[dict[str, Any]] = field(default_factory=list)
    current_context: list[int] = field(default_factory=list)  # what the model would see next

    @property
    def start(self) -> dict[str, Any]:
        return next((e for e in self.events if e["event"] == "start"), {})

    @property
    def end(self) -> dict[str, Any] | None:
        ends = [e for e in self.events if e["event"] == "end"]
        return ends[-1] if ends else None


def load_trajectory(path: Path) -> Trajectory:
    """Replay the events of `path` (a trajectory.jsonl or the run directory holding one)."""
    path = Path(path)
    if path.is_dir():
        path = path / TRAJECTORY_FILE
    if not path.is_file():
        raise ConfigError(f"{path} does not exist; pass a harness run directory")
    events = read_events(path)
    traj = Trajectory(path, events)
    context: list[int] = []
    for event in events:
        kind = event["event"]
        if kind == "message":
            index = len(traj.messages)
            if event.get("index", index) != index:
                raise ConfigError(f"{path}: message {event.get('index')} is out of order")
            traj.context_before.append(list(context))
            traj.messages.append(event["message"])
            traj.meta.append(dict(event.get("meta") or {}))
            traj.turns.append(int(event.get("turn", 0)))
            context.append(index)
        elif kind == "compaction":
            traj.compactions.append(event)
            context = [int(i) for i in event["context"]]
        elif kind == "submission":
            # the index of the assistant message whose call submitted
            traj.submissions.append({"message_index": len(traj.messages) - 1} | event)
    traj.current_context = context
    return traj
