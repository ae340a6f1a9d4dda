"""The names a TypeError implicates, read from static analysis' facts.

The dotted name a call goes to, and the keyword a call passes that its callee
(a library callable or one of the program's own functions) does not accept.
What the program imports is static/imports.py's; what the installed libraries
hold is static/installed.py's. Undefined names and missing module attributes are
static/names.py's and static/module_attrs.py's findings, handed over with the class.

Not here: where the crash is (locate.py), the exception line (messages.py).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

from mleworld.world.static.imports import module_aliases
from mleworld.world.static.installed import library_object
from mleworld.world.static.kwargs import rejection

if TYPE_CHECKING:
    from mleworld.world.terminal.output import Parsed


def _callee_qualname(parsed: Parsed, call: ast.Call) -> str | None:
    parts: list[str] = []
    node: ast.AST = call.func
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    base = module_aliases(parsed.tree).get(node.id)
    if base is None:
        return None
    return ".".join([base, *reversed(parts)])


def _bad_keyword(parsed: Parsed, call: ast.Call) -> str | None:
    qual = _callee_qualname(parsed, call)
    if qual is not None:
        star = any(isinstance(a, ast.Starred) for a in call.args)
        keywords = {k.arg: None for k in call.keywords if k.arg}
        star = star or len(keywords) < len(call.keywords)
        found = rejection(library_object(qual), list(call.args), keywords, star)
        return found.keyword if found is not None else None
    accepted = _local_accepted(parsed, call)
    if accepted is None:
        return None
    return next((k.arg for k in call.keywords if k.arg and k.arg not in accepted), None)


def _local_accepted(parsed: Parsed, call: ast.Call) -> frozenset[str] | None:
    """Keywords a function or class the program defines at module level accepts."""
    if not isinstance(call.func, ast.Name) or parsed.tree is None:
        return None
    for node in parsed.tree.body:
        fn: Any = None
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == call.func.id:
            fn = node
        elif isinstance(node, ast.ClassDef) and node.name == call.func.id:
            fn = next(
                (b for b in node.body if isinstance(b, ast.FunctionDef) and b.name == "__init__"),
                None,
            )
            if fn is None:
                return None
        if fn is not None:
            if fn.args.kwarg is not None:
                return None
            return frozenset(a.arg for a in [*fn.args.args, *fn.args.kwonlyargs])
    return None
