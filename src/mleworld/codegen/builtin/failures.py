"""What a repair needs to know about a failed run: the class, the message, the line.

The execution layer owns reading tracebacks (`mleworld.execution.parsing.last_fatal`);
this module picks out of its answer the three facts a repair uses, including
the program line a SyntaxError points at (printed without a frame).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mleworld.execution.parsing import last_fatal

_FILE_LINE = re.compile(r'^\s*File "([^"]+)", line (\d+)')


@dataclass(frozen=True)
class Failure:
    exc_type: str  # "None" for a clean exit, "TimeoutError" for a timeout
    message: str  # the exception's message, "" when unknown
    line: int | None  # the program line of the innermost frame in the program itself

    @property
    def clean(self) -> bool:
        return self.exc_type in ("None", "", "null")


def read_failure(output: str | None, exc_type: str | None) -> Failure:
    text = output or ""
    fatal = last_fatal(text) if text else None
    exc = (exc_type or "").strip() or (fatal.cls if fatal and fatal.cls else "None")
    if fatal is None or fatal.cls is None:
        return Failure(exc, "", None)
    if exc not in ("None", "TimeoutError") and fatal.cls != exc:
        return Failure(exc, "", None)
    line = None
    program_frames = [f for f in fatal.frames if not f.is_library]
    if program_frames:
        line = program_frames[-1].line
    else:
        lines = text.splitlines()
        for i in range(min(fatal.line_no, len(lines) - 1), -1, -1):
            match = _FILE_LINE.match(lines[i])
            if match:
                line = int(match.group(2))
                break
    return Failure(exc, fatal.message, line)


def quoted(message: str) -> list[str]:
    """The quoted tokens of a message, in order (both quote styles)."""
    return [a or b for a, b in re.findall(r"'([^']*)'|\"([^\"]*)\"", message)]
