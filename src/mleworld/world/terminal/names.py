"""The names a crash implicates, read from static analysis' facts.

Which names the program reads that no scope binds (the NameError's name),
whether `module.attr` misses on the installed module, the dotted name a call
goes to, and the keyword a call passes that its callee (a library callable or
one of the program's own functions) does not accept. What the program binds
and imports is static/scopes.py's and static/imports.py's; what the installed
libraries hold is static/installed.py's.

Not here: where the crash is (locate.py), the exception line (messages.py).
"""

from __future__ import annotations

import ast
import builtins
import inspect
import sys
from typing import TYPE_CHECKING, Any

from mleworld.world.static.imports import module_aliases
from mleworld.world.static.installed import library_object
from mleworld.world.static.kwargs import rejection
from mleworld.world.static.scopes import bound_anywhere

# What every module has bound before its first line runs.
_PRESET = frozenset(dir(builtins)) | {"__name__", "__file__", "__doc__"}

if TYPE_CHECKING:
    from mleworld.world.terminal.output import Parsed


def _undefined_names(parsed: Parsed) -> set[str]:
    assert parsed.tree is not None
    bound = bound_anywhere(parsed.tree) | _PRESET
    return {
        n.id
        for n in ast.walk(parsed.tree)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id not in bound
    }


def _missing_module_attr(parsed: Parsed, node: ast.Attribute) -> bool:
    if not isinstance(node.value, ast.Name):
        return False
    qual = module_aliases(parsed.tree).get(node.value.id)
    if qual is None:
        return False
    module = library_object(qual)
    if module is None or not inspect.ismodule(module):
        return False
    return not hasattr(module, node.attr) and f"{module.__name__}.{node.attr}" not in sys.modules


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
