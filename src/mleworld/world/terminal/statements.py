"""Statements in the abstract run: program order, loops, branches, names, assignment.

`Statements` is the part of the walker (walk.py) that executes statements:
a block in order, `if` on a known condition (on an unknown one, the side that
does not give up), `for` loops their literal number of times (capped, the
rest summarised), `while` once, class and function definitions, imports as
references to library modules and functions, and assignment to names, tuples,
attributes, subscripts and DataFrame columns, with the scopes names live in.

Not here: values of expressions (expressions.py), calls (calls.py), what the
library model asks of the run (services.py).
"""

from __future__ import annotations

import ast
import builtins
import contextlib
from typing import Any

from mleworld.world.static.installed import is_module
from mleworld.world.terminal.expressions import _hashable, _truth
from mleworld.world.terminal.trace import (
    LOOP_SHOWN,
    BreakSignal,
    ContinueSignal,
    Enumerated,
    Halt,
    Lazy,
    ReturnSignal,
    hint_of,
    target_names,
)
from mleworld.world.terminal.values import (
    FuncRef,
    IndexArray,
    Instance,
    LocalClass,
    LocalFunc,
    ModuleRef,
    Splits,
    Table,
    Unknown,
)

__all__ = ["Statements"]

_STMT_COST = 0.001


class Statements:
    """Statement execution and name binding; mixed into the walker."""

    def block(self, body: list[ast.stmt]) -> None:
        for stmt in body:
            self.stmt(stmt)

    def stmt(self, s: ast.stmt) -> None:
        frame = self.frames[-1]
        frame.node = None
        frame.stmt = s
        self.event("stmt", s)
        self.cost += _STMT_COST
        try:
            self._stmt(s)
        except (ReturnSignal, BreakSignal, ContinueSignal, Halt, RecursionError):
            raise
        except Exception:
            # The model of this statement failed; its targets become unknown.
            for target in _targets(s):
                with contextlib.suppress(Exception):
                    self.assign(target, Unknown(hint_of(target)))

    def _stmt(self, s: ast.stmt) -> None:
        if isinstance(s, ast.Expr):
            self.ev(s.value)
        elif isinstance(s, ast.Assign):
            value = self.ev(s.value)
            for target in s.targets:
                self.assign(target, value)
        elif isinstance(s, ast.AugAssign):
            current = self.ev(s.target)
            self.assign(s.target, self.binop(current, s.op, self.ev(s.value), s))
        elif isinstance(s, ast.AnnAssign):
            if s.value is not None:
                self.assign(s.target, self.ev(s.value))
        elif isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)):
            self.bind(s.name, LocalFunc(s, s.name, self.frames[-1].cls))
        elif isinstance(s, ast.ClassDef):
            self.bind(s.name, self.define_class(s))
        elif isinstance(s, (ast.Import, ast.ImportFrom)):
            self.do_import(s)
        elif isinstance(s, ast.If):
            self.do_if(s)
        elif isinstance(s, (ast.For, ast.AsyncFor)):
            self.do_for(s)
        elif isinstance(s, ast.While):
            self.do_while(s)
        elif isinstance(s, (ast.With, ast.AsyncWith)):
            for item in s.items:
                value = self.ev(item.context_expr)
                if item.optional_vars is not None:
                    self.assign(item.optional_vars, Unknown(hint_of(item.optional_vars)))
                    del value
            self.block(s.body)
        elif isinstance(s, ast.Try) or type(s).__name__ == "TryStar":
            self.block(s.body)  # type: ignore[attr-defined]
            self.block(s.orelse)  # type: ignore[attr-defined]
            self.block(s.finalbody)  # type: ignore[attr-defined]
        elif isinstance(s, ast.Return):
            raise ReturnSignal(self.ev(s.value) if s.value is not None else None)
        elif isinstance(s, ast.Break):
            raise BreakSignal
        elif isinstance(s, ast.Continue):
            raise ContinueSignal
        elif isinstance(s, ast.Global):
            self.frames[-1].globals_.update(s.names)
        elif isinstance(s, ast.Delete):
            for target in s.targets:
                if isinstance(target, ast.Name):
                    self.frames[-1].env.pop(target.id, None)

    def do_if(self, s: ast.If) -> None:
        test = _truth(self.ev(s.test))
        if test is None:
            # Unknown condition: the side that does not give up (raise, exit).
            test = not _gives_up(s.body) or (bool(s.orelse) and _gives_up(s.orelse))
        self.block(s.body if test else s.orelse)

    def do_while(self, s: ast.While) -> None:
        if _truth(self.ev(s.test)) is False:
            self.block(s.orelse)
            return
        self.loops.append((0, 1))
        try:
            self.block(s.body)
        except BreakSignal:
            pass
        except ContinueSignal:
            pass
        finally:
            self.loops.pop()

    def do_for(self, s: ast.For | ast.AsyncFor) -> None:
        items = self.iterate(self.ev(s.iter), s.iter, s.target)
        count = len(items)
        shown = list(range(count)) if count <= LOOP_SHOWN else [*range(LOOP_SHOWN - 1), count - 1]
        start_cost = self.cost
        walked = 0
        for n, i in enumerate(shown):
            if n == LOOP_SHOWN - 1 and count > LOOP_SHOWN:
                # The iterations in between are not walked: their work is counted,
                # their lines summarised.
                per = (self.cost - start_cost) / max(walked, 1)
                self.cost += per * (count - LOOP_SHOWN)
                if self._loop_printed:
                    self.emit(f"... ({count - LOOP_SHOWN} more iterations)")
            self.assign(s.target, items[i])
            self.loops.append((i, count))
            before = len(self.lines)
            try:
                self.block(s.body)
            except BreakSignal:
                return
            except ContinueSignal:
                pass
            finally:
                self.loops.pop()
                self._loop_printed = len(self.lines) > before
                walked += 1
        self.block(s.orelse)

    _loop_printed = False

    def iterate(self, value: Any, node: ast.AST, target: ast.AST | None = None) -> list[Any]:
        known = self.items_of(value)
        if known is not None:
            return known
        start: int | None = None
        if isinstance(value, Enumerated):
            start, value = value.start, value.inner
        hint = value.hint if isinstance(value, Unknown) and value.hint else hint_of(node)
        words = (hint + " " + " ".join(target_names(target) if target is not None else [])).lower()
        folds = any(w in words for w in ("fold", "split", "kf", "cv"))
        n = (self.n_folds_hint or 5) if folds else 1
        if start is not None:
            return [(start + i, Unknown(hint)) for i in range(n)]
        return [Unknown(hint) for _ in range(n)]

    def items_of(self, value: Any) -> list[Any] | None:
        if isinstance(value, (list, tuple, str, range, set, frozenset)):
            return list(value)[:100_000] if not isinstance(value, range) else _range_items(value)
        if isinstance(value, dict):
            return list(value)
        if isinstance(value, Splits):
            rows = value.rows
            val = None if rows is None else rows // value.n
            train = None if rows is None or val is None else rows - val
            return [(IndexArray(train), IndexArray(val)) for _ in range(value.n)]
        if isinstance(value, Lazy):
            return value.items
        if isinstance(value, Table) and value.columns is not None and not value.array:
            return list(value.columns)
        return None

    def define_class(self, s: ast.ClassDef) -> LocalClass:
        methods: dict[str, Any] = {}
        attrs: dict[str, Any] = {}
        for base in s.bases:
            parent = self.ev(base)
            if isinstance(parent, LocalClass):
                methods.update(parent.methods)
                attrs.update(parent.attrs)
        for item in s.body:
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                methods[item.name] = item
            elif isinstance(item, ast.Assign) and len(item.targets) == 1:
                target = item.targets[0]
                if isinstance(target, ast.Name):
                    try:
                        attrs[target.id] = self.ev(item.value)
                    except (ReturnSignal, BreakSignal, ContinueSignal):
                        raise
                    except Halt:
                        raise
                    except Exception:
                        attrs[target.id] = Unknown(target.id)
            elif (
                isinstance(item, ast.AnnAssign)
                and isinstance(item.target, ast.Name)
                and item.value is not None
            ):
                attrs[item.target.id] = self.ev(item.value)
        return LocalClass(s, s.name, methods, attrs)

    def do_import(self, s: ast.Import | ast.ImportFrom) -> None:
        if isinstance(s, ast.Import):
            for alias in s.names:
                if alias.asname:
                    self.bind(alias.asname, ModuleRef(alias.name))
                else:
                    top = alias.name.split(".")[0]
                    self.bind(top, ModuleRef(top))
            return
        module = "." * s.level + (s.module or "")
        for alias in s.names:
            if alias.name == "*":
                continue
            name = alias.asname or alias.name
            qual = f"{module}.{alias.name}"
            if not s.level and is_module(qual):
                self.bind(name, ModuleRef(qual))
            else:
                self.bind(name, FuncRef(qual))

    def bind(self, name: str, value: Any) -> None:
        frame = self.frames[-1]
        if name in frame.globals_:
            self.module_env[name] = value
        else:
            frame.env[name] = value

    def lookup(self, name: str) -> Any:
        for scope in reversed(self.comp_scopes):
            if name in scope:
                return scope[name]
        env = self.frames[-1].env
        if name in env:
            return env[name]
        if name in self.module_env:
            return self.module_env[name]
        if hasattr(builtins, name):
            return FuncRef(f"builtins.{name}")
        return Unknown(name)

    def assign(self, target: ast.AST, value: Any) -> None:
        if isinstance(target, ast.Name):
            if self.comp_scopes and target.id in self.comp_scopes[-1]:
                self.comp_scopes[-1][target.id] = value
            else:
                self.bind(target.id, value)
        elif isinstance(target, (ast.Tuple, ast.List)):
            elts = target.elts
            seq = self.unpack(value, len(elts))
            for elt, item in zip(elts, seq, strict=False):
                if isinstance(elt, ast.Starred):
                    self.assign(elt.value, Unknown(hint_of(elt.value)))
                else:
                    self.assign(elt, item)
        elif isinstance(target, ast.Attribute):
            obj = self.ev(target.value)
            if isinstance(obj, (Instance, LocalClass)):
                obj.attrs[target.attr] = value
        elif isinstance(target, ast.Subscript):
            obj = self.ev(target.value)
            key = self.ev(target.slice)
            if isinstance(obj, dict) and _hashable(key):
                obj[key] = value
            elif isinstance(obj, list) and isinstance(key, int):
                with contextlib.suppress(IndexError):
                    obj[key] = value
            elif isinstance(obj, Table) and not obj.array:
                names = key if isinstance(key, list) else [key]
                for name in names:
                    if isinstance(name, str) and obj.columns is not None:
                        if name not in obj.columns:
                            obj.columns.append(name)
                            obj.cols = len(obj.columns)
                    elif isinstance(name, str) and obj.cols is not None:
                        obj.cols += 1  # a new column, probably
        elif isinstance(target, ast.Starred):
            self.assign(target.value, value)

    def unpack(self, value: Any, n: int) -> list[Any]:
        items = self.items_of(value) if not isinstance(value, Table) else None
        if items is not None and len(items) == n:
            return items
        if isinstance(value, Table) and n == 2 and value.shape is not None:
            return list(value.shape)
        hint = value.hint if isinstance(value, Unknown) else ""
        return [Unknown(hint) for _ in range(n)]


def _range_items(r: range) -> list[Any]:
    return list(r) if len(r) <= 100_000 else list(r[:LOOP_SHOWN]) + [r[-1]]


def _targets(s: ast.stmt) -> list[ast.AST]:
    if isinstance(s, ast.Assign):
        return list(s.targets)
    if isinstance(s, (ast.AugAssign, ast.AnnAssign)):
        return [s.target]
    return []


def _gives_up(body: list[ast.stmt]) -> bool:
    for s in body:
        if isinstance(s, ast.Raise):
            return True
        if isinstance(s, ast.Expr) and isinstance(s.value, ast.Call):
            name = hint_of(s.value.func)
            if name in ("exit", "quit", "_exit"):
                return True
    return False
