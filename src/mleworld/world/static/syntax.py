"""Syntax errors, found by compiling the program as Python would before running it.

Running `python runfile.py` parses and compiles the whole file first, so a
syntax error anywhere stops the program before its first line runs. The same
interpreter gives the same class (SyntaxError, IndentationError, TabError),
message and line here. The parsed tree is returned for the other detectors.

This module also owns the parse itself (`parse`): a prediction reads the same program
several times (its imports, this check, the terminal output), and it is parsed once.
"""

from __future__ import annotations

import ast
import warnings
from functools import lru_cache

from mleworld.world.static.report import Finding

FILENAME = "runfile.py"


@lru_cache(maxsize=128)
def parse(program: str) -> ast.Module:
    """The program's tree, as `ast.parse` gives it (raising what it raises, uncached).

    The tree is shared by everyone who reads the program: none may change it."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # SyntaxWarning for odd escapes is not an error
        return ast.parse(program, FILENAME)


def check_syntax(program: str) -> tuple[ast.Module | None, Finding | None]:
    """The program's tree, or the finding for the syntax error that stops it."""
    if "\x00" in program:
        # Reading a file reports the line holding the NUL (compile() of a str says "string").
        line = program[: program.index("\x00")].count("\n") + 1
        message = "SyntaxError: source code cannot contain null bytes"
        return None, Finding("SyntaxError", message, line, "syntax", _line(program, line), 1.0)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarning for odd escapes is not an error
            tree = parse(program)
            compile(tree, FILENAME, "exec", dont_inherit=True)
    except SyntaxError as exc:
        kind = type(exc).__name__
        line = exc.lineno
        text = (exc.text or "").strip() or _line(program, line)
        return None, Finding(kind, f"{kind}: {exc.msg}", line, "syntax", text, 1.0)
    return tree, None


def _line(program: str, line: int | None) -> str:
    lines = program.splitlines()
    if line is None or not 1 <= line <= len(lines):
        return ""
    return lines[line - 1].strip()
