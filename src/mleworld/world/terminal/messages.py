"""The exception line of a predicted crash, and syntax errors as CPython prints them.

`class_line` is the last line of a traceback: static analysis' message as Python
prints it (a finding's message already starts with its class), or the class alone
when nothing says what went wrong. `syntax_output` is a syntax error in CPython's
own format, read from the real parser when the program does not compile.

Not here: what fails and its message (world/static/), where it happens (locate.py).
"""

from __future__ import annotations

import re
import traceback

__all__ = ["SIGNAL_TEXT", "class_line", "syntax_output"]


# What the shell or the interpreter prints for deaths without a Python traceback.
SIGNAL_TEXT = {
    "Killed": "Killed",
    "SegmentationFault": "Segmentation fault (core dumped)",
    "Aborted": "Aborted (core dumped)",
    "BusError": "Bus error (core dumped)",
    "Terminated": "Terminated",
}


def class_line(exc_type: str, message: str | None) -> str:
    """The exception's lines: `message` prefixed with its class unless it names it already."""
    if not message:
        return exc_type
    text = message.strip("\n")
    m = re.match(r"^([A-Za-z_][\w.]*)(?::|$)", text.split("\n", 1)[0])
    if m and m.group(1).rsplit(".", 1)[-1] == exc_type:
        return text
    return f"{exc_type}: {text}"


def syntax_output(
    source_lines: list[str],
    error: BaseException | None,
    exc_type: str,
    message: str | None,
    line: int | None,
    program: str,
) -> str:
    """A syntax error as CPython prints it: location lines, then the class line."""
    if error is None:
        try:
            compile(program, "runfile.py", "exec", dont_inherit=True)
        except SyntaxError as exc:
            error = exc
        except (ValueError, MemoryError, RecursionError):
            pass
    if isinstance(error, SyntaxError) and (line is None or error.lineno == line):
        error.filename = "runfile.py"
        text = "".join(traceback.format_exception_only(type(error), error))
        lines = text.rstrip("\n").split("\n")
        real_cls = type(error).__name__
        if message:
            lines[-1] = class_line(exc_type, message)
        elif real_cls != exc_type:
            lines[-1] = f"{exc_type}: {error.msg}"
        return "\n".join(lines) + "\n"
    if isinstance(error, ValueError):
        return class_line(exc_type, message or "source code cannot contain null bytes") + "\n"
    lineno = line if line is not None and 1 <= line <= len(source_lines) else len(source_lines) or 1
    text = source_lines[lineno - 1].rstrip("\r\n") if source_lines else ""
    msg = class_line(
        exc_type,
        message or ("unexpected indent" if exc_type == "IndentationError" else "invalid syntax"),
    )
    fake = SyntaxError(
        msg.split(": ", 1)[-1], ("runfile.py", lineno, len(text) + 1, text, lineno, len(text) + 1)
    )
    out = "".join(traceback.format_exception_only(SyntaxError, fake)).rstrip("\n").split("\n")
    out[-1] = msg
    return "\n".join(out) + "\n"
