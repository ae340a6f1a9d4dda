"""Where a predicted crash happens in the abstract run.

`locate` finds the crash point among a Trace's events (trace.py): the given
line, else the place the message implicates (the subscript reading the missing
column, the call passing the bad keyword, the import of the missing module,
the read of the missing file, the use of the undefined name), else the most
plausible place for the class (the first read of a column the data does not
have, the first call with a keyword the installed library does not accept,
the first model fit for a ValueError, ...). The result is a `Location`: the
call stack, the expression that fails (its caret line) and how many lines
were printed before. Crashes static analysis finds (undefined names, missing
module attributes, shape and dtype errors) come with their line and message
(world/fast passes them); the class alone is not searched for them here.

Positions within the source are nodes.py's job; the keyword a call's callee
rejects is names.py's, read from static analysis' facts (imports, installed libraries).

Not here: the exception line (messages.py), the output around it (output.py).
"""

from __future__ import annotations

import ast
import inspect
import re
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mleworld.world.static.imports import import_failure
from mleworld.world.static.installed import library_object
from mleworld.world.terminal.names import _bad_keyword
from mleworld.world.terminal.nodes import (
    _call_around,
    _contains,
    _covers,
    _enclosing_stmt,
    _nodes_in,
    _pick,
    _statement_at,
)
from mleworld.world.terminal.trace import Event, Trace
from mleworld.world.terminal.values import TableInfo

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
    value: Any = None  # what the walk knew there: the key, the path
    stmt: ast.AST | None = None  # the statement holding `node`, when known
    absent: tuple[str, ...] = ()  # keys known to be missing from the table read
    message: str | None = None  # the error the walk saw coming there (a length mismatch, ...)
    comprehension: tuple[ast.AST, str] | None = None
    inner: ast.AST | None = None


def locate(
    parsed: Parsed,
    trace: Trace,
    exc_type: str,
    message: str | None,
    line: int | None,
    tables: dict[str, TableInfo],
) -> Location:
    implicated = _implicated(exc_type, message)
    if line is not None:
        found = _at_line(parsed, trace, exc_type, implicated, line)
        if found is not None:
            return _with_comprehension(parsed, found)
    if implicated:
        found = _by_object(trace, exc_type, implicated)
        if found is not None:
            return _with_comprehension(parsed, found)
    found = _by_class(parsed, trace, exc_type, tables, inspect_libraries=not message)
    if found is not None:
        return _with_comprehension(parsed, found)
    return _fallback(parsed, trace, exc_type, implicated)


def _implicated(exc_type: str, message: str | None) -> dict[str, Any]:
    if not message:
        return {}
    text = message
    out: dict[str, Any] = {}
    m = re.search(r"unexpected keyword argument '(\w+)'", text)
    if m:
        out["keyword"] = m[1]
    m = re.search(r"No module named '([\w.]+)'", text)
    if m:
        out["module"] = m[1]
    m = re.search(r"cannot import name '(\w+)' from '([\w.]+)'", text)
    if m:
        out["name"], out["module"] = m[1], m[2]
    m = re.search(r"No such file or directory: '([^']+)'", text)
    if m:
        out["path"] = m[1]
    m = re.search(r"name '(\w+)' is not defined", text)
    if m:
        out["name"] = m[1]
    m = re.search(r"has no attribute '(\w+)'", text)
    if m:
        out["attr"] = m[1]
    # Any other quoted name: the operation or object the message is about.
    words = [w for w in re.findall(r"'([A-Za-z_][\w.]*)'", _after_class(text)) if len(w) > 1]
    if words:
        out["words"] = words
    if exc_type == "KeyError" or "not in index" in text:
        keys = re.findall(r"'([^']*)'", _after_class(text))
        if "not in index" in text or "None of [" in text:
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
        value = None
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
                node, value = later.node, later.value
                break
        if node is None:
            node = _pick(event.node, exc_type, implicated, line)
        return Location(event.stack, event.func, node, event.printed, value, event.node)
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


def _by_object(trace: Trace, exc_type: str, implicated: dict[str, Any]) -> Location | None:
    keys = implicated.get("keys")
    if keys:
        for e in trace.events:
            if e.kind == "key" and any(k in _event_keys(e) for k in keys):
                return _at_event(e)
    path = implicated.get("path")
    if path:
        base = path.replace("\\", "/").rsplit("/", 1)[-1]
        files = [e for e in trace.events if e.kind == "file"]
        for e in files:
            if isinstance(e.value, str) and e.value.rsplit("/", 1)[-1] == base:
                return _at_event(e)
        if files:
            return _at_event(files[0])
    for e in trace.events:
        if e.kind != "stmt":
            continue
        node = e.node
        if "module" in implicated and isinstance(node, (ast.Import, ast.ImportFrom)):
            if _imports_module(node, implicated["module"], implicated.get("name")):
                return Location(e.stack, e.func, node, e.printed, stmt=e.stmt)
            continue
        target = _find_in(node, implicated, exc_type)
        if target is not None:
            return Location(e.stack, e.func, target, e.printed, stmt=e.stmt)
    words = set(implicated.get("words", ()))
    for e in trace.events if words else ():
        if e.kind != "stmt":
            continue
        for n in _nodes_in(e.node):
            named = (
                (isinstance(n, ast.Attribute) and n.attr in words)
                or (isinstance(n, ast.Name) and n.id in words)
                or (isinstance(n, ast.Constant) and n.value in words)
            )
            if named:
                return Location(e.stack, e.func, _call_around(e.node, n), e.printed, stmt=e.stmt)
    return None


def _find_in(stmt: ast.AST, implicated: dict[str, Any], exc_type: str) -> ast.AST | None:
    for n in _nodes_in(stmt):
        if (
            "keyword" in implicated
            and isinstance(n, ast.Call)
            and any(k.arg == implicated["keyword"] for k in n.keywords)
        ):
            return n
        if "attr" in implicated and isinstance(n, ast.Attribute) and n.attr == implicated["attr"]:
            return n
        if (
            exc_type in ("NameError", "UnboundLocalError")
            and "name" in implicated
            and isinstance(n, ast.Name)
            and n.id == implicated["name"]
            and isinstance(n.ctx, ast.Load)
        ):
            return n
    return None


def _imports_module(node: ast.Import | ast.ImportFrom, module: str, name: str | None) -> bool:
    if isinstance(node, ast.Import):
        return any(a.name == module or a.name.startswith(module + ".") for a in node.names)
    mod = node.module or ""
    if name is not None:
        return mod == module and any(a.name == name for a in node.names)
    return mod == module or mod.startswith(module + ".")


def _event_keys(e: Event) -> list[str]:
    key = e.value
    if isinstance(key, str):
        return [key]
    if isinstance(key, list):
        return [k for k in key if isinstance(k, str)]
    return []


def _at_event(e: Event) -> Location:
    return Location(e.stack, e.func, e.node, e.printed, e.value, e.stmt, e.absent)


def _by_class(
    parsed: Parsed,
    trace: Trace,
    exc_type: str,
    tables: dict[str, TableInfo],
    inspect_libraries: bool = True,
) -> Location | None:
    """The most plausible crash point for the class; libraries are inspected (imported)
    only when no message says what went wrong."""
    events = trace.events
    if exc_type == "KeyError":
        keyed = [e for e in events if e.kind == "key" and _event_keys(e)]
        missing = [e for e in keyed if e.absent]
        single = [e for e in keyed if isinstance(e.value, str)]
        chosen = (missing or single or keyed or [None])[0]
        if chosen is not None:
            return _at_event(chosen)
    if exc_type in _FILE_ERRORS:
        files = [e for e in events if e.kind == "file"]
        absent = [e for e in files if tables and not _known_file(e.value, tables)]
        chosen = (absent or files or [None])[0]
        if chosen is not None:
            return _at_event(chosen)
    if exc_type in ("ModuleNotFoundError", "ImportError"):
        return _import_location(events)
    problem = next((e for e in events if e.kind == "problem" and e.value[0] == exc_type), None)
    if problem is not None:
        loc = _at_event(problem)
        loc.message = problem.value[1]
        return loc
    if exc_type == "AttributeError" and inspect_libraries:
        for e in events:
            if e.kind == "attr" and isinstance(e.node, ast.Attribute):
                name, owner, qualname = e.value
                cls = library_object(qualname)
                if inspect.isclass(cls) and not hasattr(cls, name):
                    return Location(e.stack, e.func, e.node, e.printed, e.value, e.stmt)
    if exc_type == "TypeError" and inspect_libraries:
        for e in events:
            if e.kind != "stmt":
                continue
            for n in _nodes_in(e.node):
                if isinstance(n, ast.Call) and n.keywords and _bad_keyword(parsed, n):
                    return Location(e.stack, e.func, n, e.printed, stmt=e.stmt)
    if exc_type in ("ZeroDivisionError", "IndexError"):
        kind = ast.BinOp if exc_type == "ZeroDivisionError" else ast.Subscript
        for e in events:
            if e.kind == "stmt" and any(isinstance(n, kind) for n in _nodes_in(e.node)):
                return Location(
                    e.stack, e.func, _pick(e.node, exc_type, {}, None), e.printed, stmt=e.stmt
                )
    fits = [e for e in events if e.kind == "fit"]
    if fits:
        e = fits[0]
        return Location(e.stack, e.func, e.node, e.printed, e.value, e.stmt)
    return None


def _fallback(parsed: Parsed, trace: Trace, exc_type: str, implicated: dict[str, Any]) -> Location:
    stmts = [e for e in trace.events if e.kind == "stmt" and not e.stack]
    if stmts:
        e = stmts[-1]
        return Location(
            e.stack, e.func, _pick(e.node, exc_type, implicated, None), e.printed, stmt=e.stmt
        )
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


def _known_file(path: Any, tables: dict[str, TableInfo]) -> bool:
    if not isinstance(path, str):
        return True
    norm = path.replace("\\", "/")
    return norm.rsplit("/", 1)[-1] in tables and (
        norm.startswith(("input/", "./input/")) or "/" not in norm.lstrip("./")
    )


def _import_location(events: list[Event]) -> Location | None:
    imports = [
        e for e in events if e.kind == "stmt" and isinstance(e.node, (ast.Import, ast.ImportFrom))
    ]
    stdlib = getattr(sys, "stdlib_module_names", frozenset())
    chosen = next((e for e in imports if import_failure(e.node) is not None), None)
    if chosen is None:
        chosen = next((e for e in imports if _top_modules(e.node) - set(stdlib)), None)
    if chosen is None and imports:
        chosen = imports[0]
    if chosen is None:
        return None
    return Location(chosen.stack, chosen.func, chosen.node, chosen.printed)


def _top_modules(node: ast.AST) -> set[str]:
    if isinstance(node, ast.Import):
        return {a.name.split(".")[0] for a in node.names}
    if isinstance(node, ast.ImportFrom) and node.module and not node.level:
        return {node.module.split(".")[0]}
    return set()
