"""Which names a block of code binds, by Python's scoping rules.

A function's locals are its parameters and every name it assigns, imports,
defines, deletes or binds in a `for`, `with`, `except` or pattern, minus the
names it declares `global` or `nonlocal`; nested functions, classes, lambdas
and comprehensions are scopes of their own (a walrus inside a comprehension
binds in the enclosing function). This module answers those questions over the
AST; the walker uses them to tell an unbound local from a global. `Scope` is
one running scope of the walk (what its names hold), `merge` joins the scopes
two control-flow paths leave behind.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from mleworld.world.static.program import children
from mleworld.world.static.values import Value, join

_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


class _Binder(ast.NodeVisitor):
    """Collects the names bound in one scope, not entering nested scopes."""

    def generic_visit(self, node: ast.AST) -> None:
        for child in children(node):
            self.visit(child)

    def __init__(self) -> None:
        self.bound: list[str] = []
        self.globals: set[str] = set()
        self.nonlocals: set[str] = set()

    def _add(self, name: str) -> None:
        if name not in self.bound:
            self.bound.append(name)

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Store | ast.Del):
            self._add(node.id)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self._add(node.name)
        for expr in [*node.decorator_list, *node.args.defaults, *node.args.kw_defaults]:
            if expr is not None:
                self.visit(expr)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._add(node.name)
        for expr in [*node.decorator_list, *node.bases, *(k.value for k in node.keywords)]:
            self.visit(expr)

    def visit_Lambda(self, node: ast.Lambda) -> None:
        for expr in [*node.args.defaults, *node.args.kw_defaults]:
            if expr is not None:
                self.visit(expr)

    def _comprehension(
        self, node: ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp
    ) -> None:
        # Only the first iterable runs in this scope; walrus targets inside bind here too.
        self.visit(node.generators[0].iter)
        for inner in ast.walk(node):
            if isinstance(inner, ast.NamedExpr) and isinstance(inner.target, ast.Name):
                self._add(inner.target.id)

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _comprehension

    def visit_Import(self, node: ast.Import | ast.ImportFrom) -> None:
        for alias in node.names:
            if alias.name != "*":
                self._add(alias.asname or alias.name.split(".")[0])

    visit_ImportFrom = visit_Import

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> None:
        if node.name:
            self._add(node.name)
        self.generic_visit(node)

    def visit_Global(self, node: ast.Global) -> None:
        self.globals.update(node.names)

    def visit_Nonlocal(self, node: ast.Nonlocal) -> None:
        self.nonlocals.update(node.names)

    def visit_MatchAs(self, node: ast.MatchAs) -> None:
        if node.name:
            self._add(node.name)
        self.generic_visit(node)

    def visit_MatchStar(self, node: ast.MatchStar) -> None:
        if node.name:
            self._add(node.name)

    def visit_MatchMapping(self, node: ast.MatchMapping) -> None:
        if node.rest:
            self._add(node.rest)
        self.generic_visit(node)


def bound_in(nodes: list[ast.stmt] | list[ast.AST]) -> list[str]:
    """Names the statements bind in their own scope, in first-binding order."""
    binder = _Binder()
    for node in nodes:
        binder.visit(node)
    return binder.bound


@dataclass(frozen=True)
class FunctionScope:
    params: tuple[str, ...]
    locals: frozenset[str]  # params included
    local_order: tuple[str, ...]  # params, then other locals as first bound
    globals: frozenset[str]
    nonlocals: frozenset[str]


def params_of(args: ast.arguments) -> list[str]:
    names = [a.arg for a in [*args.posonlyargs, *args.args]]
    if args.vararg:
        names.append(args.vararg.arg)
    names.extend(a.arg for a in args.kwonlyargs)
    if args.kwarg:
        names.append(args.kwarg.arg)
    return names


_SCOPE_CACHE: dict[int, tuple[ast.AST, FunctionScope]] = {}


def function_scope(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> FunctionScope:
    cached = _SCOPE_CACHE.get(id(node))
    if cached is not None and cached[0] is node:
        return cached[1]
    binder = _Binder()
    body = node.body if isinstance(node.body, list) else [node.body]
    for stmt in body:
        binder.visit(stmt)
    params = params_of(node.args)
    order = [*params, *(n for n in binder.bound if n not in params)]
    order = [n for n in order if n not in binder.globals and n not in binder.nonlocals]
    scope = FunctionScope(
        tuple(params),
        frozenset(order),
        tuple(order),
        frozenset(binder.globals),
        frozenset(binder.nonlocals),
    )
    if len(_SCOPE_CACHE) > 4096:
        _SCOPE_CACHE.clear()
    _SCOPE_CACHE[id(node)] = (node, scope)
    return scope


def comprehension_targets(
    node: ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp,
) -> set[str]:
    out: set[str] = set()
    for gen in node.generators:
        for inner in ast.walk(gen.target):
            if isinstance(inner, ast.Name):
                out.add(inner.id)
    return out


def module_bound(tree: ast.Module, global_names: set[str]) -> set[str]:
    """Every name the module scope may ever bind, including through `global` in functions."""
    return set(bound_in(tree.body)) | global_names


def bound_anywhere(tree: ast.Module) -> set[str]:
    """Every name some scope of the program binds or declares global or nonlocal: a name
    outside this set is undefined wherever it is read."""
    names = set(bound_in(tree.body))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            scope = function_scope(node)
            names |= scope.locals | scope.globals | scope.nonlocals
        elif isinstance(node, ast.ClassDef):
            names |= set(bound_in(node.body))
        elif isinstance(node, _COMPREHENSIONS):
            names |= comprehension_targets(node)
    return names


@dataclass
class Scope:
    kind: str  # module | function | class | comp
    values: dict[str, Value]  # names possibly bound here -> what they hold
    locals: frozenset[str] = frozenset()  # function/comp: names local to the scope
    globals_decl: frozenset[str] = frozenset()
    nonlocals_decl: frozenset[str] = frozenset()
    closure: list[Scope] = field(default_factory=list)  # enclosing function scopes
    local_order: tuple[str, ...] = ()  # co_varnames, for NameError suggestions


def merge(envs: list[dict[str, Value]]) -> dict[str, Value]:
    """Names bound on any path, each holding the join of what the paths bound."""
    if len(envs) == 1:
        return envs[0]
    out: dict[str, Value] = {}
    for env in envs:
        for name, value in env.items():
            out[name] = join(out[name], value) if name in out else value
    return out
