"""Where a predicted crash happens in the abstract run.

`locate` places static analysis' finding (world/static/) in a Trace's events
(trace.py): the statement at its line, reached with the call stack that leads
there (the key read or the file opened on that line, when the walk saw one), and
the expression the message implicates, for the caret. The result is a
`Location`: the call stack, the expression that fails and how many lines were
printed before. Static analysis owns what fails and where; a crash class with no
finding (a guess of the learned model) is placed at the first model fit, else at
the last statement the walk reached, and says nothing more.

Positions within the source are nodes.py's job.

Not here: the exception line and the output around it (output.py).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mleworld.world.terminal.nodes import (
    _contains,
    _covers,
    _enclosing_stmt,
    _pick,
    _statement_at,
)
from mleworld.world.terminal.trace import Trace

if TYPE_CHECKING:
    from mleworld.world.terminal.output import Parsed

__all__ = ["Location", "locate"]

_FILE_ERRORS = frozenset({"FileNotFoundError", "OSError", "PermissionError", "IsADirectoryError"})
_COMPREHENSIONS = {
    ast.ListComp: "<listcomp>",
    ast.SetComp: "<setcomp>",
    ast.DictComp: "<dictcomp>",
    ast.GeneratorExp: "<genexpr>",
}


@dataclass
class Location:
    stack: tuple[tuple[str, ast.AST], ...]  # outer frames: (function name, call node)
    func: str  # the crashing frame's function name
    node: ast.AST  # the failing expression (or statement)
    printed: int  # lines printed before the crash
    stmt: ast.AST | None = None  # the statement holding `node`, when known
    comprehension: tuple[ast.AST, str] | None = None
    inner: ast.AST | None = None


def locate(
    parsed: Parsed, trace: Trace, exc_type: str, message: str | None, line: int | None
) -> Location:
    """Where the crash of `exc_type` happens: at static analysis' `line` (its `message`
    names the failing expression), else where a crash nobody located most likely is."""
    implicated = _implicated(exc_type, message)
    found = _at_line(parsed, trace, exc_type, implicated, line) if line is not None else None
    if found is None:
        found = _unlocated(parsed, trace, exc_type)
    return _with_comprehension(parsed, found)


def _implicated(exc_type: str, message: str | None) -> dict[str, Any]:
    """The names the message is about, for the caret: the keyword, the attribute, the name,
    the missing keys."""
    if not message:
        return {}
    out: dict[str, Any] = {}
    patterns = {
        "keyword": r"unexpected keyword argument '(\w+)'",
        "name": r"name '(\w+)' is not defined",
        "attr": r"has no attribute '(\w+)'",
    }
    for key, pattern in patterns.items():
        m = re.search(pattern, message)
        if m:
            out[key] = m[1]
    if exc_type == "KeyError" or "not in index" in message:
        keys = re.findall(r"'([^']*)'", _after_class(message))
        if "not in index" in message or "None of [" in message:
            out["keys"] = [k for k in keys if k not in ("object", "columns", "index")]
        elif keys:
            out["keys"] = keys[:1]
    return out


def _after_class(text: str) -> str:
    m = re.match(r"^\s*[A-Za-z_][\w.]*:\s?(.*)$", text, re.S)
    return m[1] if m else text


def _at_line(
    parsed: Parsed, trace: Trace, exc_type: str, implicated: dict[str, Any], line: int
) -> Location | None:
    for i, event in enumerate(trace.events):
        if event.kind != "stmt" or not _covers(event.node, line):
            continue
        node = None
        # A key read or file opened by this statement, on that line, is the crash.
        for later in trace.events[i + 1 : i + 200]:
            if later.kind == "stmt":
                break
            on_line = getattr(later.node, "lineno", 0) == line
            wanted = (
                "key" if exc_type == "KeyError" else "file" if exc_type in _FILE_ERRORS else None
            )
            if on_line and later.kind == wanted:
                node = later.node
                break
        if node is None:
            node = _pick(event.node, exc_type, implicated, line)
        return Location(event.stack, event.func, node, event.printed, event.node)
    return _static(parsed, trace, exc_type, implicated, line)


def _static(
    parsed: Parsed, trace: Trace, exc_type: str, implicated: dict[str, Any], line: int
) -> Location | None:
    """The line was never reached by the walk: its statement and enclosing function."""
    assert parsed.tree is not None
    stmt, funcs = _statement_at(parsed.tree, line)
    if stmt is None:
        return None
    node = _pick(stmt, exc_type, implicated, line)
    if funcs:
        name = funcs[-1].name
        enter = next((e for e in trace.events if e.kind == "enter" and e.node is funcs[-1]), None)
        if enter is not None:
            return Location(enter.stack, name, node, enter.printed)
        return Location((), name, node, 0)
    printed = next(
        (
            e.printed
            for e in trace.events
            if e.kind == "stmt" and e.node.lineno >= line and not e.stack
        ),
        len(trace.lines),
    )
    return Location((), "<module>", node, printed)


def _unlocated(parsed: Parsed, trace: Trace, exc_type: str) -> Location:
    """A crash no finding places: the first model fit (where most crashes the analysis
    cannot read happen), else the last statement of the module the walk reached."""
    fit = next((e for e in trace.events if e.kind == "fit"), None)
    if fit is not None:
        return Location(fit.stack, fit.func, fit.node, fit.printed, fit.stmt)
    stmts = [e for e in trace.events if e.kind == "stmt" and not e.stack]
    if stmts:
        e = stmts[-1]
        return Location(e.stack, e.func, _pick(e.node, exc_type, {}, None), e.printed, e.stmt)
    assert parsed.tree is not None
    body = parsed.tree.body
    node: ast.AST = body[-1] if body else parsed.tree
    if not hasattr(node, "lineno"):
        node = ast.Pass(lineno=1, col_offset=0, end_lineno=1, end_col_offset=0)
    return Location((), "<module>", node, len(trace.lines))


def _with_comprehension(parsed: Parsed, loc: Location) -> Location:
    """A failure inside a comprehension runs in its own frame (`<listcomp>` in 3.11)."""
    target = loc.node
    lineno = getattr(target, "lineno", None)
    if lineno is None or parsed.tree is None or isinstance(target, ast.stmt):
        return loc
    root = loc.stmt if loc.stmt is not None and _contains(loc.stmt, target) else None
    if root is None:
        root = _enclosing_stmt(parsed.tree, target)
    if root is None:
        return loc
    first, last = root.lineno, getattr(root, "end_lineno", None) or root.lineno  # type: ignore[attr-defined]
    if not any(" for " in text for text in parsed.source_lines[first - 1 : last]):
        return loc
    best: ast.AST | None = None
    for n in ast.walk(root):
        if type(n) in _COMPREHENSIONS and n is not target and _contains(n, target):
            first_iter = n.generators[0].iter  # type: ignore[attr-defined]
            if _contains(first_iter, target) or first_iter is target:
                continue
            best = n
    if best is not None:
        loc.comprehension = (best, _COMPREHENSIONS[type(best)])
        loc.inner = target
    return loc
