"""Statements: how each kind of statement changes what names hold, and where flow goes.

`StatementWalker` has one method per statement kind. A method returns None
when execution continues with the next statement, or EXIT / BREAK / CONTINUE
when it surely does not (walker.py stops walking the block there). Loops,
`try` and `with` are flow.py's; imports imports.py's.
"""

from __future__ import annotations

import ast
from functools import partial
from typing import TYPE_CHECKING

from mleworld.world.static import computed, flow, imports, loops
from mleworld.world.static.flow import BREAK, CONTINUE, EXIT
from mleworld.world.static.scopes import Scope
from mleworld.world.static.shown import recomputed, shown_info
from mleworld.world.static.values import UNKNOWN, ClassVal, Const, FuncVal, Value

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

_EXITS = {"exit", "quit", "sys.exit", "os._exit"}


class StatementWalker:
    """Statement handlers, mixed into walker.Walker."""

    def stmt_Expr(self: Walker, node: ast.Expr) -> str | None:
        value = self.expr(node.value)
        call = node.value
        if isinstance(call, ast.Call) and getattr(call.func, "attr", None) == "info":
            text = partial(shown_info, self, call)  # `df.info()` writes its own table
            self.printed.note(call, value, self.work_scale != 1.0, text)
        if isinstance(node.value, ast.Call) and flow.dotted(node.value.func) in _EXITS:
            return EXIT
        return None

    def stmt_Assign(self: Walker, node: ast.Assign) -> None:
        value = self.expr(node.value)
        if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = recomputed(self, node.value, value)  # values the walk's own steps lost
        for target in node.targets:
            self.assign(target, value)

    def stmt_AnnAssign(self: Walker, node: ast.AnnAssign) -> None:
        if self.scope.kind in ("module", "class") and not self.future_annotations:
            self.expr(node.annotation)
        if node.value is not None:
            self.assign(node.target, self.expr(node.value))

    def stmt_AugAssign(self: Walker, node: ast.AugAssign) -> None:
        flow.aug_assign(self, node)

    def stmt_Import(self: Walker, node: ast.Import) -> None:
        imports.handle_import(self, node)

    def stmt_ImportFrom(self: Walker, node: ast.ImportFrom) -> None:
        imports.handle_import_from(self, node)

    def stmt_FunctionDef(self: Walker, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        decorators = [flow.decorator(self, d) for d in node.decorator_list]
        defaults = [self.expr(d) for d in node.args.defaults]
        kw_defaults = {
            arg.arg: self.expr(default)
            for arg, default in zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True)
            if default is not None
        }
        if not self.future_annotations:
            for arg in ast.walk(node.args):
                if isinstance(arg, ast.arg) and arg.annotation is not None:
                    self.expr(arg.annotation)
            if node.returns is not None:
                self.expr(node.returns)
        func = FuncVal(node, defaults, kw_defaults, self.function_chain())
        value: Value = flow.decorate(self, func, decorators)
        self.bind(node.name, value)

    stmt_AsyncFunctionDef = stmt_FunctionDef

    def stmt_ClassDef(self: Walker, node: ast.ClassDef) -> None:
        bases = [self.expr(b) for b in node.bases]
        for keyword in node.keywords:
            self.expr(keyword.value)
        decorators = [flow.decorator(self, d) for d in node.decorator_list]
        scope = Scope("class", {}, closure=list(self.function_chain()))
        outer = self.scope
        self.scope = scope
        try:
            self.block(node.body)
        finally:
            self.scope = outer
        cls = ClassVal(node, scope.values, bases)
        if decorators and all(flow.is_dataclass(d) for d in decorators) and cls.pure:
            cls.fields = self.dataclass_fields(node, scope.values)
            for base in reversed(bases):  # fields a base dataclass declared come first
                inherited = base.fields if isinstance(base, ClassVal) else None
                if cls.fields is not None and inherited is not None:
                    own = {name for name, _, _ in cls.fields}
                    cls.fields = [f for f in inherited if f[0] not in own] + cls.fields
        self.bind(node.name, cls if all(flow.is_dataclass(d) for d in decorators) else UNKNOWN)

    def dataclass_fields(
        self: Walker, node: ast.ClassDef, attrs: dict[str, Value]
    ) -> list[tuple[str, Value | None, Value | None]] | None:
        """The fields a dataclass's generated `__init__` takes, in order, with their defaults
        (`x: int = 3`, `field(default=3)`) or factories (`field(default_factory=list)`);
        None when a field's default cannot be read."""
        fields: list[tuple[str, Value | None, Value | None]] = []
        for stmt in node.body:
            if not (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)):
                continue
            if "ClassVar" in ast.unparse(stmt.annotation):
                continue
            name, value = stmt.target.id, stmt.value
            if value is None:
                fields.append((name, None, None))
            elif isinstance(value, ast.Call) and ast.unparse(value.func) in flow.FIELD_CALLS:
                if value.args or set(k.arg for k in value.keywords) - {
                    "default",
                    "default_factory",
                }:
                    return None  # init=False, kw_only, ...: not followed
                given = {k.arg: self.expr(k.value) for k in value.keywords}
                fields.append((name, given.get("default"), given.get("default_factory")))
            else:
                fields.append((name, attrs.get(name, UNKNOWN), None))
        return fields

    def stmt_Return(self: Walker, node: ast.Return) -> str:
        value = self.expr(node.value) if node.value is not None else Const(None)
        if self.returns:
            self.returns[-1].append(value)
        return EXIT

    def stmt_Raise(self: Walker, node: ast.Raise) -> str:
        if node.exc is not None:
            self.expr(node.exc)
        return EXIT

    def stmt_Break(self: Walker, node: ast.Break) -> str:
        return BREAK

    def stmt_Continue(self: Walker, node: ast.Continue) -> str:
        return CONTINUE

    def stmt_Delete(self: Walker, node: ast.Delete) -> None:
        for target in node.targets:
            if isinstance(target, ast.Name):
                self.lookup(target.id, target)
                if self.certain:
                    self.unbind(target.id)
            elif isinstance(target, ast.Subscript):
                self.delitem(self.expr(target.value), self.expr(target.slice), target)
            else:
                self.expr(target.value) if isinstance(target, ast.Attribute) else None

    def stmt_If(self: Walker, node: ast.If) -> str | None:
        truth = self.truth(node.test)
        if truth is True:
            return self.block(node.body)
        if truth is False:
            return self.block(node.orelse)
        first = flow.IMPROVES if flow.running_best(self, node) else flow.BRANCH
        return self.branches([node.body, node.orelse], [first, flow.BRANCH])

    def stmt_For(self: Walker, node: ast.For | ast.AsyncFor) -> str | None:
        return loops.for_loop(self, node)

    stmt_AsyncFor = stmt_For

    def stmt_While(self: Walker, node: ast.While) -> str | None:
        return loops.while_loop(self, node)

    def stmt_Try(self: Walker, node: ast.Try) -> str | None:
        return flow.try_block(self, node)

    stmt_TryStar = stmt_Try

    def stmt_With(self: Walker, node: ast.With | ast.AsyncWith) -> str | None:
        return flow.with_block(self, node)

    stmt_AsyncWith = stmt_With

    def stmt_Match(self: Walker, node: ast.Match) -> str | None:
        self.expr(node.subject)
        bodies = []
        for case in node.cases:
            bodies.append(case.body)
        return self.branches(bodies, flow.BRANCH, cases=node.cases)

    def stmt_Assert(self: Walker, node: ast.Assert) -> None:
        """An assertion whose test the walk computed false raises, with its message when the
        walk knows that text too (Python evaluates the message only then)."""
        test = self.expr(node.test)
        if not (isinstance(test, Const) and isinstance(test.value, bool | int) and not test.value):
            return
        if node.msg is None:
            message = "AssertionError"
        else:
            text = self.expr(node.msg)
            if not isinstance(text, Const) or not isinstance(text.value, str | int | float):
                return
            message = f"AssertionError: {text.value}"
        self.emit("computed", "AssertionError", message, node, computed.CONFIDENCE)
