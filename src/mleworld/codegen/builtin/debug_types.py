"""The records a repair works with: its input (the parent and its failure) and its result."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mleworld.codegen.builtin.failures import Failure
from mleworld.codegen.builtin.profile import TaskProfile
from mleworld.codegen.builtin.spec import ProgramSpec

Render = Callable[[ProgramSpec], str]


@dataclass
class Repair:
    code: str
    plan: str
    kind: str  # what was repaired, e.g. "column_name", "import", "rerender"
    precise: bool  # an edit of the parent's text (not a re-rendering)


@dataclass
class DebugInput:
    code: str
    failure: Failure
    spec: ProgramSpec | None
    profile: TaskProfile
    public_dir: Path
    render: Render  # spec -> program text
