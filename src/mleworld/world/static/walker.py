"""The walk: a program's statements in execution order, with what each name holds.

The walker reads a program the way Python would run it, without running it:
module statements top to bottom, a function's body where it is called (with
the arguments it is called with), both arms of a branch it cannot decide (each
less certain), a loop over a known list once per item, `try` bodies under the
handlers that would catch their errors. Detectors see every name lookup,
attribute, call and subscript with the abstract values involved (values.py)
and report findings through `emit`, which drops what a handler would catch and
scales confidence by how surely the code runs.

This module owns statements, control flow, scopes and the finding sink;
statements.py, expressions.py, comprehensions.py, operations.py and
inlining.py hold the per-node rules.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

from mleworld.world.runtime.costs import Fit
from mleworld.world.static import flow, names
from mleworld.world.static.comprehensions import ComprehensionWalker
from mleworld.world.static.expressions import ExpressionWalker
from mleworld.world.static.files import FileState
from mleworld.world.static.flow import EXIT
from mleworld.world.static.inlining import InlineWalker
from mleworld.world.static.operations import OperationWalker
from mleworld.world.static.printed import Printed
from mleworld.world.static.program import ProgramIndex, children
from mleworld.world.static.report import FATAL_CONFIDENCE, Finding
from mleworld.world.static.scopes import Scope, merge
from mleworld.world.static.shown import Display
from mleworld.world.static.statements import StatementWalker
from mleworld.world.static.values import (
    UNKNOWN,
    Const,
    Obj,
    Value,
)

# The names a script's globals hold before its first line runs, in dict order.
MODULE_DUNDERS = (
    "__name__",
    "__doc__",
    "__package__",
    "__loader__",
    "__spec__",
    "__annotations__",
    "__builtins__",
    "__file__",
    "__cached__",
)


_STMT_HANDLERS: dict[type, Any] = {}


class Walker(StatementWalker, ExpressionWalker, ComprehensionWalker, OperationWalker, InlineWalker):
    """Walks one parsed program; findings accumulate in `found` in walk order."""

    def __init__(self, tree: ast.Module, source: str, data_dir: Path | None) -> None:
        self.tree = tree
        self.lines = source.splitlines()
        self.data_dir = data_dir
        self.module = Scope("module", {name: UNKNOWN for name in MODULE_DUNDERS})
        self.module.values["__name__"] = Const("__main__")
        self.module.values["__doc__"] = Const(ast.get_docstring(tree, clean=False))
        self.scope = self.module
        self.certainty = 1.0
        # the certainty at which the code being walked surely runs: 1 at module level, less
        # inside a function a library calls back (callbacks.py), whose body runs when it does
        self.sure = 1.0
        self.handlers: list[list[Value | None]] = []
        # try levels (positions in `handlers`) whose body surely raised, with the class raised
        self.raised: dict[int, str] = {}
        self.top_line = 1
        self.stack: list[ast.AST] = []
        self.returns: list[list[Value]] = []
        self.steps = 0
        self.walked: set[int] = set()  # ids of function nodes walked at least once
        self.found: list[Finding] = []
        self._keys: dict[tuple[int | None, str, str], Finding] = {}
        self.index = ProgramIndex.build(tree)
        self.names_on = not self.index.dynamic
        self.future_annotations = any(
            isinstance(n, ast.ImportFrom)
            and n.module == "__future__"
            and any(a.name == "annotations" for a in n.names)
            for n in tree.body
        )
        self.files = FileState.scan(self.index)
        self.opaque_imports: set[str] = set()  # modules imported that analysis did not load
        self.torch_dtype = "Float"  # the dtype torch makes layers with (torch_calls.py)
        self.loops = 0  # how many loops the walk is inside (flow.running_best)
        self.imported: set[str] = set()  # every module name the program imports
        # calls met, and those whose callee the walk could not tell (a method of a lost value)
        self.counts: dict[str, int] = {"calls_walked": 0, "frames": 0, "calls": 0, "calls_lost": 0}
        # per loop body (by id; the tree outlives the walk): names it binds, subscripts it stores
        self.loop_facts: dict[int, tuple[list[str], list[ast.Subscript]]] = {}
        self.work: list[Fit] = []  # every model fit the walk met (work.py)
        self.work_scale = 1.0  # how many times the code being walked runs (loops not unrolled)
        self.python_steps = 0.0  # statements the program runs, each weighted by work_scale
        self.single_assignments: dict[str, ast.expr] | None = None  # work.py's, built on demand
        self.printed = Printed()  # numbers the program prints that the walk computed
        self.printed_strings: set[int] = set()  # ids of f-strings a print writes as they are
        self.display: Display | Literal[False] | None = None  # its display options (shown.py)

    # --- findings -------------------------------------------------------------------

    def emit(
        self,
        detector: str,
        exc_type: str,
        message: str,
        node: ast.AST | int | None,
        confidence: float,
        evidence: str | None = None,
        fatal: bool = True,
        reached: bool = True,
    ) -> Finding | None:
        """Record a finding; `reached` False for code the walk never ran (counted at its line)."""
        level = self.catching(exc_type) if fatal else None
        if level is not None:
            if confidence * self.certainty >= FATAL_CONFIDENCE:  # a crash, were it not caught
                self.raised.setdefault(level, exc_type)  # flow.try_block: its handler runs
            return None
        line = node if isinstance(node, int) or node is None else getattr(node, "lineno", None)
        conf = round(min(1.0, confidence * self.certainty), 3)
        key = (line, exc_type, message)
        existing = self._keys.get(key)
        if existing is not None:
            existing.confidence = max(existing.confidence, conf)
            return existing
        finding = Finding(
            exc_type=exc_type,
            message=message,
            line=line,
            detector=detector,
            evidence=evidence if evidence is not None else self.source_line(line),
            confidence=conf,
            fatal=fatal,
            reached_at=self.top_line if reached else None,
        )
        self._keys[key] = finding
        self.found.append(finding)
        return finding

    @contextlib.contextmanager
    def held(self) -> Iterator[list[Finding]]:
        """The findings made inside, taken back out of the walk's (a check asked on the side,
        whose findings another detector words: fit_failures.py)."""
        start, keys = len(self.found), dict(self._keys)
        held: list[Finding] = []
        try:
            yield held
        finally:
            held.extend(self.found[start:])
            del self.found[start:]
            self._keys = keys

    def source_line(self, line: int | None) -> str:
        if line is None or not 1 <= line <= len(self.lines):
            return ""
        return self.lines[line - 1].strip()

    def caught(self, exc_type: str) -> bool:
        """Would an enclosing `try` (here or in a caller) catch this exception?"""
        return self.catching(exc_type) is not None

    def catching(self, exc_type: str) -> int | None:
        """The innermost enclosing `try` level whose handlers would catch this exception."""
        for index in range(len(self.handlers) - 1, -1, -1):
            if flow.catches(self.handlers[index], exc_type):
                return index
        return None

    @property
    def uses_torch(self) -> bool:
        """The program imports torch (torch_calls.py follows it by name)."""
        return any(name == "torch" or name.startswith("torch.") for name in self.imported)

    @property
    def certain(self) -> bool:
        """Whether the line being walked surely runs (given the call it sits in is made)."""
        return self.certainty >= self.sure

    # --- scopes -----------------------------------------------------------------------

    def lookup(self, name: str, node: ast.AST) -> Value:
        scope = self.scope
        if scope.kind in ("function", "comp") and name in scope.locals:
            if name in scope.values:
                return scope.values[name]
            if scope.kind == "function":
                names.unbound_local(self, name, node)
            return UNKNOWN
        if scope.kind == "class" and name in scope.values:
            return scope.values[name]
        if name not in scope.globals_decl:
            for enclosing in reversed(scope.closure):
                if name in enclosing.locals:
                    return enclosing.values.get(name, UNKNOWN)
        if name in self.module.values:
            return self.module.values[name]
        if hasattr(builtins, name):
            return Obj(getattr(builtins, name), name)
        names.undefined(self, name, node)
        return UNKNOWN

    def peek(self, name: str) -> Value:
        """What a name holds, looked up without reporting anything (UNKNOWN: unbound)."""
        scope = self.scope
        if name in scope.values:
            return scope.values[name]
        for enclosing in reversed(scope.closure):
            if name in enclosing.values:
                return enclosing.values[name]
        return self.module.values.get(name, UNKNOWN)

    def bind(self, name: str, value: Value) -> None:
        scope = self.scope
        if scope.kind == "module" or name in scope.globals_decl:
            self.module.values[name] = value
            return
        if name in scope.nonlocals_decl:
            for enclosing in reversed(scope.closure):
                if name in enclosing.locals:
                    enclosing.values[name] = value
                    return
        scope.values[name] = value

    def unbind(self, name: str) -> None:
        scope = self.module if self.scope.kind == "module" else self.scope
        if name in self.scope.globals_decl:
            scope = self.module
        scope.values.pop(name, None)

    def function_chain(self) -> list[Scope]:
        """The scopes a function defined here closes over."""
        if self.scope.kind in ("function", "comp"):
            return [*self.scope.closure, self.scope]
        return list(self.scope.closure)

    # --- statements -------------------------------------------------------------------

    def run(self) -> None:
        for stmt in self.tree.body:
            self.top_line = stmt.lineno
            if self.stmt(stmt) == EXIT:
                break

    def block(self, stmts: list[ast.stmt]) -> str | None:
        for stmt in stmts:
            kind = self.stmt(stmt)
            if kind is not None:
                return kind
        return None

    def stmt(self, node: ast.stmt) -> str | None:
        self.steps += 1
        self.python_steps += self.work_scale
        if not self.stack and self.scope is self.module:
            self.top_line = node.lineno
        kind = type(node)
        handler = _STMT_HANDLERS.get(kind)
        if handler is None:
            handler = _STMT_HANDLERS[kind] = getattr(Walker, "stmt_" + kind.__name__, None)
        if handler is None:
            for child in children(node):
                if isinstance(child, ast.expr):
                    self.expr(child)
            return None
        return handler(self, node)

    # --- control flow -----------------------------------------------------------------

    def branches(
        self,
        bodies: list[list[ast.stmt]],
        weight: float | list[float],
        cases: list[ast.match_case] | None = None,
    ) -> str | None:
        """Walk alternative bodies from the same state; names join where they meet.
        `weight`: how surely each body runs (one for all, or one each)."""
        start = self.scope.values
        ends: list[dict[str, Value]] = []
        kinds: list[str | None] = []
        weights = weight if isinstance(weight, list) else [weight] * len(bodies)
        for index, body in enumerate(bodies):
            self.scope.values = dict(start)
            saved = self.certainty
            self.certainty *= weights[index]
            try:
                if cases is not None:
                    flow.bind_pattern(self, cases[index])
                kind = self.block(body)
            finally:
                self.certainty = saved
            kinds.append(kind)
            if kind != EXIT:
                ends.append(self.scope.values)
        if cases is not None:
            ends.append(dict(start))  # no case may match
        if not ends:
            self.scope.values = start
            return EXIT
        self.scope.values = merge(ends)
        return None
