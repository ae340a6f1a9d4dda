"""Names a program uses where nothing binds them: NameError and UnboundLocalError.

On the walk (walker.py), a global looked up before anything bound it, or a
local read before its assignment, is reported where the walk meets it, with
CPython's message and "Did you mean" suggestion (the frame's local variable
names first, then its globals in binding order, then builtins). Functions the
walk never called (callbacks, methods reached in ways analysis cannot follow,
dead code) are read afterwards: a global they use that the module never binds
anywhere will fail when they run, reported with less confidence. A program
that binds names dynamically (star imports, exec, globals()) gets no findings.
"""

from __future__ import annotations

import ast
import builtins
from typing import TYPE_CHECKING

from mleworld.world.static import suggest
from mleworld.world.static.program import children
from mleworld.world.static.scopes import comprehension_targets, function_scope, module_bound

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.97
UNBOUND_CONFIDENCE = 0.9
DEFERRED_CALLED = 0.6  # in a function the program refers to, but the walk never entered
DEFERRED_DEAD = 0.3  # in a function nothing refers to


def _candidates(walker: Walker) -> list[list[str]]:
    scope = walker.scope
    lists: list[list[str]] = []
    if scope.kind == "function":
        lists.append(list(scope.local_order))
    elif scope.kind == "comp":
        lists.append([".0", *sorted(scope.locals)])
    lists.append(list(walker.module.values))
    lists.append(list(builtins.__dict__))
    return lists


def undefined(walker: Walker, name: str, node: ast.AST) -> None:
    if not walker.names_on:
        return
    message = suggest.with_suggestion(
        f"NameError: name '{name}' is not defined", suggest.for_name(name, _candidates(walker))
    )
    walker.emit("names", "NameError", message, node, CONFIDENCE)


def unbound_local(walker: Walker, name: str, node: ast.AST) -> None:
    if not walker.names_on:
        return
    message = (
        f"UnboundLocalError: cannot access local variable '{name}' "
        "where it is not associated with a value"
    )
    walker.emit("names", "UnboundLocalError", message, node, UNBOUND_CONFIDENCE)


def deferred(walker: Walker) -> None:
    """Report never-bound globals in the functions the walk did not enter."""
    index = walker.index
    unwalked = [info for key, info in index.functions.items() if key not in walker.walked]
    if not walker.names_on or not unwalked:
        return
    bound = module_bound(walker.tree, index.global_names)
    order = list(walker.module.values) + sorted(bound - set(walker.module.values))
    candidates = [order, list(builtins.__dict__)]
    for info in unwalked:
        node = info.node
        enclosing = [function_scope(f).locals for f in info.chain if isinstance(f, _FUNCTIONS)]
        local = function_scope(node).locals
        referenced = isinstance(node, ast.Lambda) or node.name in index.loaded
        confidence = DEFERRED_CALLED if referenced else DEFERRED_DEAD
        for name_node in _loads(node):
            name = name_node.id
            if name in local or name in bound or hasattr(builtins, name):
                continue
            if any(name in scope for scope in enclosing):
                continue
            message = suggest.with_suggestion(
                f"NameError: name '{name}' is not defined", suggest.for_name(name, candidates)
            )
            walker.emit("names", "NameError", message, name_node, confidence, reached=False)


_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_SCOPES = (*_FUNCTIONS, ast.ClassDef)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)


def _loads(func: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> list[ast.Name]:
    """Names the function's own body reads outside `try` blocks and comprehension targets.

    Nested functions are left to their own entry; a name a comprehension binds
    anywhere in the body is not reported (an over-approximation that only
    drops findings).
    """
    body = func.body if isinstance(func.body, list) else [func.body]
    out: list[ast.Name] = []
    bound_here: set[str] = set()
    stack: list[ast.AST] = list(reversed(body))
    while stack:
        node = stack.pop()
        if isinstance(node, _SCOPES):
            continue
        if isinstance(node, ast.Try) and node.handlers:
            continue
        if isinstance(node, _COMPREHENSIONS):
            bound_here |= comprehension_targets(node)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            out.append(node)
        stack.extend(children(node))
    return [n for n in out if n.id not in bound_here]
