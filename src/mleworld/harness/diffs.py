"""Applying a unified diff to a parent program, and writing one (the builtin strategy).

`write_solution` accepts either a full program or a unified diff against the
chosen parent's code. A hunk is placed at the line its header names, or the
nearest line where its context and removed lines match exactly (as `patch`
does with offsets, without fuzz): a diff that matches nowhere is a
`DiffError` whose message says which hunk and what it expected, so the model
can re-read the parent and try again.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from mleworld.errors import MleWorldError

_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


class DiffError(MleWorldError):
    """A diff that cannot be read or does not apply to the parent."""


@dataclass
class _Hunk:
    number: int
    old_start: int  # 1-based, as in the header
    lines: list[tuple[str, str]] = field(default_factory=list)  # (" "|"-"|"+", text)

    @property
    def old(self) -> list[str]:
        return [text for kind, text in self.lines if kind != "+"]

    @property
    def new(self) -> list[str]:
        return [text for kind, text in self.lines if kind != "-"]


def _lines(text: str) -> list[str]:
    return text.splitlines()


def parse_diff(diff: str) -> list[_Hunk]:
    """The hunks of a unified diff. A hunk runs until its header's line counts are used up;
    a model's miscounted header is forgiven as long as its lines read as hunk lines, except
    that a file header ("--- ", "+++ ") after the counts are spent starts the next file."""
    hunks: list[_Hunk] = []
    current: _Hunk | None = None
    old_left = new_left = 0
    for raw in diff.splitlines():
        match = _HUNK.match(raw)
        if match:
            current = _Hunk(len(hunks) + 1, int(match.group(1)))
            hunks.append(current)
            old_left = int(match.group(2) or 1)
            new_left = int(match.group(4) or 1)
            continue
        spent = old_left <= 0 and new_left <= 0
        if current is None or (spent and raw.startswith(("--- ", "+++ ", "diff ", "index "))):
            current = None if current is None or spent else current
            continue  # preamble and file headers
        if raw.startswith("\\"):
            continue  # "\ No newline at end of file"
        kind, text = (raw[:1], raw[1:]) if raw else (" ", "")
        if kind not in (" ", "-", "+"):
            raise DiffError(
                f"diff line {raw[:60]!r} in hunk {current.number} starts with neither ' ', '-' "
                "nor '+'; write a unified diff (or the full program as code)"
            )
        current.lines.append((kind, text))
        old_left -= kind != "+"
        new_left -= kind != "-"
    if not hunks:
        raise DiffError(
            "the diff has no hunk (no '@@ -a,b +c,d @@' line); write a unified diff against "
            "the parent's code, or pass the full program as code"
        )
    return hunks


def _find(lines: list[str], old: list[str], start: int) -> int | None:
    """The index nearest `start` where `old` matches `lines` exactly."""
    if not old:
        return max(0, min(start, len(lines)))
    limit = len(lines) - len(old)
    for offset in range(0, len(lines) + 1):
        for at in (start - offset, start + offset) if offset else (start,):
            if 0 <= at <= limit and lines[at : at + len(old)] == old:
                return at
    return None


def apply_diff(parent: str, diff: str) -> str:
    """The parent program with `diff` applied; DiffError naming the hunk that does not fit."""
    lines = _lines(parent)
    shift = 0  # lines added minus removed by the hunks applied so far
    floor = 0  # hunks apply in order: never before the end of the previous one
    for hunk in parse_diff(diff):
        old = hunk.old
        wanted = max(floor, hunk.old_start - 1 + shift if hunk.old_start else floor)
        at = _find(lines, old, wanted)
        if at is None or at < floor:
            first = next((t for k, t in hunk.lines if k != "+"), "")
            raise DiffError(
                f"hunk {hunk.number} (at parent line {hunk.old_start}) does not apply: its "
                f"context and removed lines, starting {first.strip()[:60]!r}, are not in the "
                "parent's code; read the parent with read_node and diff against it, or write "
                "the full program as code"
            )
        lines[at : at + len(old)] = hunk.new
        shift += len(hunk.new) - len(old)
        floor = at + len(hunk.new)
    return "\n".join(lines) + "\n"


def make_diff(parent: str, child: str, context: int = 3) -> str:
    """A unified diff that `apply_diff(parent, ...)` turns into `child`."""
    diff = difflib.unified_diff(
        _lines(parent), _lines(child), "parent.py", "child.py", n=context, lineterm=""
    )
    return "\n".join(diff) + "\n"
