"""Evaluating expressions in the synthesiser's abstract run.

`Expressions` is the half of the walker (walk.py) that computes values:
literals and containers, names, f-strings (formatted as the program would,
terminal_prints), arithmetic and comparisons on known values, comprehensions
over known iterables, and calls, which it hands to the walker. A value it
cannot compute is an `Unknown` named for the expression.

Not here: statements and calls (statements.py, calls.py), the library model
(library.py, objects.py).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import PurePosixPath
from typing import Any

from mleworld.world.static.printed import position
from mleworld.world.terminal import prints as tp
from mleworld.world.terminal.trace import (
    MAX_STEPS,
    BreakSignal,
    ContinueSignal,
    Halt,
    Lazy,
    ReturnSignal,
    hint_of,
    target_names,
)
from mleworld.world.terminal.values import Bound, Column, IndexArray, LocalFunc, Table, Unknown

__all__ = ["Expressions"]


class Expressions:
    """Expression evaluation; mixed into the walker, which provides calls and names."""

    def ev(self, node: ast.AST | None) -> Any:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise Halt
        kind = type(node)
        # The two commonest nodes first: this is the walk's innermost loop.
        if kind is ast.Name:
            return self.lookup(node.id)  # type: ignore[union-attr]
        if kind is ast.Constant:
            return node.value  # type: ignore[union-attr]
        if node is None:
            return None
        method = _DISPATCH.get(kind)
        if method is None:
            return Unknown(hint_of(node))
        try:
            return method(self, node)
        except (ReturnSignal, BreakSignal, ContinueSignal, Halt, RecursionError):
            raise
        except Exception:
            return Unknown(hint_of(node))

    def ev_Constant(self, node: ast.Constant) -> Any:
        return node.value

    def ev_Name(self, node: ast.Name) -> Any:
        return self.lookup(node.id)

    def ev_JoinedStr(self, node: ast.JoinedStr) -> str:
        parts: list[str] = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value))
            elif isinstance(value, ast.FormattedValue):
                spec = self.ev(value.format_spec) if value.format_spec is not None else ""
                parts.append(
                    tp.format_field(
                        self.printed_value(value.value),
                        spec if isinstance(spec, str) else "",
                        value.conversion,
                        self.scene,
                        hint_of(value.value),
                    )
                )
        return "".join(parts)

    def ev_FormattedValue(self, node: ast.FormattedValue) -> str:
        spec = self.ev(node.format_spec) if node.format_spec is not None else ""
        return tp.format_field(
            self.printed_value(node.value),
            spec if isinstance(spec, str) else "",
            node.conversion,
            self.scene,
        )

    def printed_value(self, node: ast.expr) -> Any:
        """A printed expression's value: static analysis' number when it computed one."""
        value = self.ev(node)
        if self.printed:
            key = position(node)
            if key in self.printed:
                return self.printed[key]
        return value

    def ev_List(self, node: ast.List) -> list[Any]:
        return self.elements(node.elts)

    def ev_Tuple(self, node: ast.Tuple) -> tuple[Any, ...]:
        return tuple(self.elements(node.elts))

    def ev_Set(self, node: ast.Set) -> Any:
        items = self.elements(node.elts)
        try:
            return set(items)
        except TypeError:
            return Unknown("set")

    def elements(self, elts: list[ast.expr]) -> list[Any]:
        out: list[Any] = []
        for elt in elts:
            if isinstance(elt, ast.Starred):
                items = self.items_of(self.ev(elt.value))
                if items is None:
                    out.append(Unknown(hint_of(elt.value)))
                else:
                    out.extend(items)
            else:
                out.append(self.ev(elt))
        return out

    def ev_Dict(self, node: ast.Dict) -> Any:
        out: dict[Any, Any] = {}
        for key, value in zip(node.keys, node.values, strict=False):
            if key is None:
                inner = self.ev(value)
                if isinstance(inner, dict):
                    out.update(inner)
                continue
            k = self.ev(key)
            v = self.ev(value)
            out[k if _hashable(k) else hint_of(key)] = v
        return out

    def ev_Attribute(self, node: ast.Attribute) -> Any:
        return self.attribute(self.ev(node.value), node.attr)

    def ev_Subscript(self, node: ast.Subscript) -> Any:
        obj = self.ev(node.value)
        key = self.ev(node.slice)
        return self.subscript(obj, key, node)

    def ev_Slice(self, node: ast.Slice) -> Any:
        parts = [self.ev(p) if p is not None else None for p in (node.lower, node.upper, node.step)]
        if all(p is None or isinstance(p, int) for p in parts):
            return slice(*parts)
        return slice(None, None, None)

    def ev_UnaryOp(self, node: ast.UnaryOp) -> Any:
        value = self.ev(node.operand)
        if isinstance(node.op, ast.Not):
            truth = _truth(value)
            return Unknown("not") if truth is None else not truth
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if isinstance(node.op, ast.USub):
                return -value
            if isinstance(node.op, ast.UAdd):
                return +value
        if isinstance(value, list) and isinstance(node.op, ast.USub):
            return [-v if isinstance(v, (int, float)) else v for v in value]
        return value if isinstance(value, (Table, Column)) else Unknown(hint_of(node.operand))

    def ev_BinOp(self, node: ast.BinOp) -> Any:
        return self.binop(self.ev(node.left), node.op, self.ev(node.right), node)

    def binop(self, a: Any, op: ast.operator, b: Any, node: ast.AST) -> Any:
        if isinstance(a, PurePosixPath) and isinstance(op, ast.Div) and isinstance(b, str):
            return a / b
        if _plain_value(a) and _plain_value(b):
            if isinstance(op, ast.Pow) and isinstance(b, (int, float)) and abs(b) > 64:
                return Unknown(hint_of(node))
            too_long = isinstance(a, (str, list)) and isinstance(b, int) and b * len(a) > 100_000
            if isinstance(op, ast.Mult) and too_long:
                return Unknown(hint_of(node))
            if isinstance(op, ast.Mod) and isinstance(a, str):
                return tp.percent_format(a, b, self.scene)
            try:
                return _OPS[type(op)](a, b)
            except Exception:
                return Unknown(hint_of(node))
        if isinstance(op, ast.Mod) and isinstance(a, str):
            return tp.percent_format(a, b, self.scene)
        if isinstance(a, str) and isinstance(op, ast.Add):
            return a + tp.to_text(b, self.scene)
        for side in (a, b):
            if isinstance(side, (Table, Column)):
                return side
        if isinstance(a, list) and isinstance(op, ast.Add) and isinstance(b, list):
            return a + b
        return Unknown(hint_of(node))

    def ev_BoolOp(self, node: ast.BoolOp) -> Any:
        result: Any = None
        for value_node in node.values:
            result = self.ev(value_node)
            truth = _truth(result)
            if truth is None:
                return result if isinstance(node.op, ast.Or) else Unknown(hint_of(value_node))
            if isinstance(node.op, ast.And) and not truth:
                return result
            if isinstance(node.op, ast.Or) and truth:
                return result
        return result

    def ev_Compare(self, node: ast.Compare) -> Any:
        left = self.ev(node.left)
        for op, right_node in zip(node.ops, node.comparators, strict=False):
            right = self.ev(right_node)
            if not (_plain_value(left) and _plain_value(right)):
                if isinstance(op, (ast.Is, ast.IsNot)) and (left is None or right is None):
                    other = right if left is None else left
                    if not isinstance(other, Unknown):
                        result = other is None
                        return result if isinstance(op, ast.Is) else not result
                return Unknown("compare")
            try:
                if not _CMP[type(op)](left, right):
                    return False
            except Exception:
                return Unknown("compare")
            left = right
        return True

    def ev_IfExp(self, node: ast.IfExp) -> Any:
        truth = _truth(self.ev(node.test))
        if truth is None:
            return self.ev(node.body)
        return self.ev(node.body if truth else node.orelse)

    def ev_NamedExpr(self, node: ast.NamedExpr) -> Any:
        value = self.ev(node.value)
        self.assign(node.target, value)
        return value

    def ev_Lambda(self, node: ast.Lambda) -> Any:
        return LocalFunc(node, "<lambda>")

    def ev_Starred(self, node: ast.Starred) -> Any:
        return self.ev(node.value)

    def ev_ListComp(self, node: ast.ListComp) -> Any:
        return self.comprehension(node, lambda: self.ev(node.elt), list)

    def ev_SetComp(self, node: ast.SetComp) -> Any:
        return self.comprehension(node, lambda: self.ev(node.elt), _safe_set)

    def ev_GeneratorExp(self, node: ast.GeneratorExp) -> Any:
        return self.comprehension(node, lambda: self.ev(node.elt), Lazy)

    def ev_DictComp(self, node: ast.DictComp) -> Any:
        def pair() -> tuple[Any, Any]:
            return (self.ev(node.key), self.ev(node.value))

        return self.comprehension(node, pair, _pairs_dict)

    def comprehension(
        self,
        node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp,
        element: Callable[[], Any],
        build: Callable[[list[Any]], Any],
    ) -> Any:
        out: list[Any] = []
        scope: dict[str, Any] = {}
        self.comp_scopes.append(scope)
        try:
            if not self._generate(node.generators, 0, element, out, scope):
                # named for what it iterates over: `[c for c in X.columns]` -> "columns"
                return Unknown(hint_of(node.generators[0].iter) or hint_of(node))
        finally:
            self.comp_scopes.pop()
        return build(out)

    def _generate(
        self,
        gens: list[ast.comprehension],
        i: int,
        element: Callable[[], Any],
        out: list[Any],
        scope: dict[str, Any],
    ) -> bool:
        if i == len(gens):
            out.append(element())
            return True
        gen = gens[i]
        items = self.items_of(self.ev(gen.iter))
        if items is None or len(items) > 5_000:
            return False
        for name in target_names(gen.target):
            scope.setdefault(name, None)
        for item in items:
            self.assign(gen.target, item)
            kept = all(_truth(self.ev(cond)) is not False for cond in gen.ifs)
            if kept and not self._generate(gens, i + 1, element, out, scope):
                return False
        return True

    def ev_Call(self, node: ast.Call) -> Any:
        func = self.ev(node.func)
        args: list[Any] = []
        for arg in node.args:
            if isinstance(arg, ast.Starred):
                items = self.items_of(self.ev(arg.value))
                args.extend(items if items is not None else [Unknown(hint_of(arg.value))])
            else:
                args.append(self.ev(arg))
        kwargs: dict[str, Any] = {}
        for kw in node.keywords:
            value = self.ev(kw.value)
            if kw.arg is None:
                if isinstance(value, dict):
                    kwargs.update({str(k): v for k, v in value.items()})
            else:
                kwargs[kw.arg] = value
        return self.call(func, args, kwargs, node)


_OPS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
    ast.FloorDiv: lambda a, b: a // b,
    ast.Mod: lambda a, b: a % b,
    ast.Pow: lambda a, b: a**b,
    ast.BitAnd: lambda a, b: a & b,
    ast.BitOr: lambda a, b: a | b,
    ast.BitXor: lambda a, b: a ^ b,
    ast.LShift: lambda a, b: a << b if b < 64 else 0,
    ast.RShift: lambda a, b: a >> b,
}

_CMP: dict[type, Callable[[Any, Any], bool]] = {
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
    ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b,
    ast.GtE: lambda a, b: a >= b,
    ast.Is: lambda a, b: a is b,
    ast.IsNot: lambda a, b: a is not b,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
}


def _plain_value(value: Any) -> bool:
    return isinstance(value, (int, float, str, bool, tuple, list, type(None), dict, set))


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _truth(value: Any) -> bool | None:
    if isinstance(value, (Unknown, Bound)):
        return None
    if isinstance(value, (int, float, str, bool, tuple, list, dict, set, type(None))):
        return bool(value)
    if isinstance(value, (Table, Column, IndexArray)):
        return None
    return True


def _safe_set(items: list[Any]) -> Any:
    try:
        return set(items)
    except TypeError:
        return items


def _pairs_dict(pairs: list[tuple[Any, Any]]) -> Any:
    out = {}
    for k, v in pairs:
        out[k if _hashable(k) else str(k)] = v
    return out


_DISPATCH: dict[type, Callable[[Any, Any], Any]] = {
    getattr(ast, name[3:]): getattr(Expressions, name)
    for name in dir(Expressions)
    if name.startswith("ev_") and hasattr(ast, name[3:])
}
