"""Expressions: what each evaluates to, and which detector looks at it.

`ExpressionWalker.expr` turns an expression into an abstract value (values.py):
constants, f-strings and path joins are computed; a name is looked up (names.py
reports it when it cannot be bound); an attribute of a module, instance, frame
or series goes to module_attrs.py or columns.py; a call goes to the function it
names (a user function is walked, a library callable's keywords are checked by
kwargs.py, library semantics live in calls.py); a subscript of a frame goes to
columns.py. Anything else is UNKNOWN. walker.py adds statements on top.
"""

from __future__ import annotations

import ast
import operator
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from mleworld.world.static import calls, columns, module_attrs
from mleworld.world.static import files as files_mod
from mleworld.world.static.scopes import comprehension_targets
from mleworld.world.static.values import (
    UNKNOWN,
    ClassVal,
    Const,
    DictVal,
    Frame,
    FuncVal,
    Instance,
    Keys,
    Method,
    ModuleVal,
    Obj,
    PathVal,
    Seq,
    SeriesVal,
    UserInstance,
    Value,
    const_str,
    join,
    str_list,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

_COMPARE: dict[type, Any] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.Is: operator.is_,
    ast.IsNot: operator.is_not,
}
_LATER_OPERAND = 0.8  # the right side of `and` / `or` may not be evaluated


class ExpressionWalker:
    """Expression evaluation, mixed into walker.Walker."""

    def expr(self: Walker, node: ast.expr) -> Value:
        handler = getattr(self, "expr_" + type(node).__name__, None)
        if handler is None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.expr):
                    self.expr(child)
            return UNKNOWN
        return handler(node)

    def expr_Constant(self: Walker, node: ast.Constant) -> Value:
        return Const(node.value)

    def expr_Name(self: Walker, node: ast.Name) -> Value:
        return self.lookup(node.id, node)

    def expr_Attribute(self: Walker, node: ast.Attribute) -> Value:
        return self.attribute(self.expr(node.value), node.attr, node)

    def expr_Subscript(self: Walker, node: ast.Subscript) -> Value:
        base = self.expr(node.value)
        return self.getitem(base, self.expr(node.slice), node)

    def expr_Call(self: Walker, node: ast.Call) -> Value:
        func = self.expr(node.func)
        args: list[Value] = []
        star = False
        for arg in node.args:
            if isinstance(arg, ast.Starred):
                value = self.expr(arg.value)
                if isinstance(value, Seq) and value.items is not None:
                    args.extend(value.items)
                else:
                    star = True
            else:
                args.append(self.expr(arg))
        kwargs: dict[str, Value] = {}
        for keyword in node.keywords:
            value = self.expr(keyword.value)
            if keyword.arg is not None:
                kwargs[keyword.arg] = value
            elif isinstance(value, DictVal):
                kwargs.update(value.items)
            else:
                star = True
        return self.call(func, args, kwargs, node, star)

    def expr_BinOp(self: Walker, node: ast.BinOp) -> Value:
        return self.binop(node.op, self.expr(node.left), self.expr(node.right))

    def expr_JoinedStr(self: Walker, node: ast.JoinedStr) -> Value:
        parts: list[str] | None = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                if parts is not None:
                    parts.append(str(value.value))
                continue
            assert isinstance(value, ast.FormattedValue)
            inner = self.expr(value.value)
            spec = self.expr(value.format_spec) if value.format_spec is not None else Const("")
            text = _format(inner, value.conversion, spec)
            if text is None or parts is None:
                parts = None
            else:
                parts.append(text)
        return Const("".join(parts)) if parts is not None else UNKNOWN

    def expr_List(self: Walker, node: ast.List | ast.Tuple) -> Value:
        items: list[Value] | None = []
        for elt in node.elts:
            if isinstance(elt, ast.Starred):
                inner = self.expr(elt.value)
                if isinstance(inner, Seq) and inner.items is not None and items is not None:
                    items.extend(inner.items)
                else:
                    items = None
            else:
                value = self.expr(elt)
                if items is not None:
                    items.append(value)
        return Seq(items, "list" if isinstance(node, ast.List) else "tuple")

    expr_Tuple = expr_List

    def expr_Dict(self: Walker, node: ast.Dict) -> Value:
        items: dict[str, Value] | None = {}
        for key, value in zip(node.keys, node.values, strict=True):
            key_value = self.expr(key) if key is not None else None
            item = self.expr(value)
            name = const_str(key_value) if key_value is not None else None
            if name is None or items is None:
                items = None
            else:
                items[name] = item
        return DictVal(items) if items is not None else UNKNOWN

    def expr_Compare(self: Walker, node: ast.Compare) -> Value:
        left = self.expr(node.left)
        rights = [self.expr(c) for c in node.comparators]
        if len(rights) != 1:
            return UNKNOWN
        return _compare(node.ops[0], left, rights[0])

    def expr_BoolOp(self: Walker, node: ast.BoolOp) -> Value:
        first = self.expr(node.values[0])
        saved = self.certainty
        self.certainty *= _LATER_OPERAND
        try:
            rest = [self.expr(v) for v in node.values[1:]]
        finally:
            self.certainty = saved
        values = [first, *rest]
        if all(isinstance(v, Const) for v in values):
            result: Any = values[0].value  # type: ignore[attr-defined]
            for v in values[1:]:
                value = v.value  # type: ignore[attr-defined]
                result = (result and value) if isinstance(node.op, ast.And) else (result or value)
            return Const(result)
        return UNKNOWN

    def expr_UnaryOp(self: Walker, node: ast.UnaryOp) -> Value:
        value = self.expr(node.operand)
        if isinstance(value, Const):
            try:
                if isinstance(node.op, ast.Not):
                    return Const(not value.value)
                if isinstance(node.op, ast.USub):
                    return Const(-value.value)
            except TypeError:
                return UNKNOWN
        return UNKNOWN

    def expr_IfExp(self: Walker, node: ast.IfExp) -> Value:
        truth = self.truth(node.test)
        if truth is True:
            return self.expr(node.body)
        if truth is False:
            return self.expr(node.orelse)
        from mleworld.world.static.flow import BRANCH

        saved = self.certainty
        self.certainty *= BRANCH
        try:
            return join(self.expr(node.body), self.expr(node.orelse))
        finally:
            self.certainty = saved

    def expr_Lambda(self: Walker, node: ast.Lambda) -> Value:
        defaults = [self.expr(d) for d in node.args.defaults]
        kw_defaults = {
            arg.arg: self.expr(default)
            for arg, default in zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True)
            if default is not None
        }
        return FuncVal(node, defaults, kw_defaults, self.function_chain())

    def expr_NamedExpr(self: Walker, node: ast.NamedExpr) -> Value:
        value = self.expr(node.value)
        if self.scope.kind == "comp":
            outer = self.scope.closure[-1] if self.scope.closure else self.module
            outer.values[node.target.id] = value  # a walrus in a comprehension binds outside it
        else:
            self.bind(node.target.id, value)
        return value

    def expr_ListComp(
        self: Walker, node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp
    ) -> Value:
        from mleworld.world.static.walker import Scope

        first = self.expr(node.generators[0].iter)
        scope = Scope(
            "comp", {}, frozenset(comprehension_targets(node)), closure=self.function_chain()
        )
        outer = self.scope
        self.scope = scope
        saved = self.certainty
        self.certainty *= 0.9
        try:
            for index, gen in enumerate(node.generators):
                source = first if index == 0 else self.expr(gen.iter)
                self.assign(gen.target, _element(source))
                for cond in gen.ifs:
                    self.expr(cond)
            if isinstance(node, ast.DictComp):
                self.expr(node.key)
                self.expr(node.value)
            else:
                self.expr(node.elt)
        finally:
            self.scope = outer
            self.certainty = saved
        if (
            isinstance(node, ast.ListComp)
            and len(node.generators) == 1
            and isinstance(node.elt, ast.Name)
            and isinstance(node.generators[0].target, ast.Name)
            and node.elt.id == node.generators[0].target.id
        ):
            element = _element(first)
            if isinstance(element, Keys):
                return Keys(element.upper, many=True, exact=False)
        return UNKNOWN

    expr_SetComp = expr_GeneratorExp = expr_DictComp = expr_ListComp

    # --- dispatch to detectors ---------------------------------------------------------

    def attribute(self: Walker, base: Value, attr: str, node: ast.AST) -> Value:
        if isinstance(base, ModuleVal):
            return module_attrs.module_attribute(self, base, attr, node)
        if isinstance(base, Frame):
            return columns.frame_attribute(self, base, attr, node)
        if isinstance(base, SeriesVal):
            return columns.series_attribute(self, base, attr, node)
        if isinstance(base, Instance):
            return module_attrs.instance_attribute(self, base, attr, node)
        if isinstance(base, Obj):
            return module_attrs.object_attribute(base, attr)
        if isinstance(base, UserInstance):
            if attr in base.attrs:
                return base.attrs[attr]
            found = base.cls.lookup(attr)
            if isinstance(found, FuncVal) and not found.static:
                return FuncVal(
                    found.node, found.defaults, found.kw_defaults, found.closure, base, found.opaque
                )
            return found if found is not None else UNKNOWN
        if isinstance(base, ClassVal):
            found = base.lookup(attr)
            return found if found is not None else UNKNOWN
        if isinstance(base, PathVal):
            return files_mod.path_attribute(base, attr)
        if isinstance(base, Seq | Keys | Const | DictVal):
            return (
                columns.keys_attribute(base, attr) if isinstance(base, Keys) else Method(base, attr)
            )
        return UNKNOWN

    def set_attribute(self: Walker, base: Value, attr: str, value: Value) -> None:
        if isinstance(base, UserInstance):
            old = base.attrs.get(attr)
            base.attrs[attr] = value if self.certain or old is None else join(old, value)
        elif isinstance(base, ClassVal):
            base.attrs[attr] = value if self.certain else UNKNOWN
        elif isinstance(base, Frame):
            columns.set_frame_attribute(self, base, attr, value)

    def call(
        self: Walker,
        func: Value,
        args: list[Value],
        kwargs: dict[str, Value],
        node: ast.Call,
        star: bool,
    ) -> Value:
        if isinstance(node.func, ast.Attribute):
            files_mod.on_method_write(self, node.func.attr, func, args, kwargs, node)
        if isinstance(func, FuncVal):
            return self.inline(func, args, kwargs, star)
        if isinstance(func, ClassVal):
            return self.construct(func, args, kwargs, star)
        if isinstance(func, Method):
            return calls.call_method(self, func, args, kwargs, node, star)
        if isinstance(func, Obj):
            return calls.call_object(self, func, args, kwargs, node, star)
        if isinstance(node.func, ast.Name):
            self.opaque_call(args, kwargs)  # an unknown callable named by the program
        return UNKNOWN

    def getitem(self: Walker, base: Value, key: Value, node: ast.Subscript) -> Value:
        if isinstance(base, Frame):
            return columns.getitem(self, base, key, node)
        if isinstance(base, Method) and isinstance(base.owner, Frame):
            return columns.indexer_getitem(self, base, key, node)
        if (
            isinstance(base, Seq)
            and base.items is not None
            and isinstance(key, Const)
            and isinstance(key.value, int)
            and -len(base.items) <= key.value < len(base.items)
        ):
            return base.items[key.value]
        if isinstance(base, DictVal):
            name = const_str(key)
            if name is not None and name in base.items:
                return base.items[name]
        return UNKNOWN

    def setitem(self: Walker, base: Value, key: Value, value: Value, node: ast.Subscript) -> None:
        if isinstance(base, Frame):
            columns.setitem(self, base, key, node)
        elif isinstance(base, Method) and isinstance(base.owner, Frame):
            columns.indexer_setitem(self, base, key, node)
        elif isinstance(base, Seq):
            base.items = None
        elif isinstance(base, DictVal):
            name = const_str(key)
            if name is not None and self.certain:
                base.items[name] = value
            elif name is not None:
                base.items[name] = join(base.items[name], value) if name in base.items else value

    def delitem(self: Walker, base: Value, key: Value, node: ast.Subscript) -> None:
        if isinstance(base, Frame):
            columns.delitem(self, base, key, node)
        elif isinstance(base, Seq):
            base.items = None
        elif isinstance(base, DictVal):
            name = const_str(key)
            if name is not None and self.certain:
                base.items.pop(name, None)

    def assign(self: Walker, target: ast.AST, value: Value) -> None:
        if isinstance(target, ast.Name):
            self.bind(target.id, value)
        elif isinstance(target, ast.Tuple | ast.List):
            items = value.items if isinstance(value, Seq) else None
            starred = any(isinstance(e, ast.Starred) for e in target.elts)
            if items is not None and not starred and len(items) == len(target.elts):
                for elt, item in zip(target.elts, items, strict=True):
                    self.assign(elt, item)
            else:
                for elt in target.elts:
                    self.assign(elt, UNKNOWN)
        elif isinstance(target, ast.Starred):
            self.assign(target.value, UNKNOWN)
        elif isinstance(target, ast.Subscript):
            base = self.expr(target.value)
            self.setitem(base, self.expr(target.slice), value, target)
        elif isinstance(target, ast.Attribute):
            self.set_attribute(self.expr(target.value), target.attr, value)

    def truth(self: Walker, node: ast.expr) -> bool | None:
        """Evaluate a condition; its truth when analysis can tell."""
        value = self.expr(node)
        if isinstance(value, Const):
            try:
                return bool(value.value)
            except Exception:
                return None
        return None

    def binop(self: Walker, op: ast.operator, left: Value, right: Value) -> Value:
        if isinstance(op, ast.Add):
            if isinstance(left, Const) and isinstance(right, Const):
                try:
                    return Const(left.value + right.value)
                except TypeError:
                    return UNKNOWN
            if (
                isinstance(left, Seq)
                and isinstance(right, Seq)
                and left.items is not None
                and right.items is not None
            ):
                return Seq([*left.items, *right.items], left.kind)
            if isinstance(left, Keys | Seq) and isinstance(right, Keys | Seq):
                upper = _names_of(left), _names_of(right)
                if upper[0] is not None and upper[1] is not None:
                    return Keys(upper[0] | upper[1], many=True, exact=False)
        if isinstance(op, ast.Div) and isinstance(left, PathVal):
            right_text = right.text if isinstance(right, PathVal) else const_str(right)
            if right_text is not None:
                return PathVal(str(PurePosixPath(left.text) / right_text))
        if isinstance(op, ast.Mod) and isinstance(left, Const) and isinstance(left.value, str):
            arg = right.value if isinstance(right, Const) else None
            if isinstance(right, Const) and not isinstance(arg, tuple):
                try:
                    return Const(left.value % arg)
                except (TypeError, ValueError):
                    return UNKNOWN
        return UNKNOWN


def _format(value: Value, conversion: int, spec: Value) -> str | None:
    spec_text = const_str(spec)
    if spec_text is None:
        return None
    if isinstance(value, PathVal):
        raw: Any = value.text
    elif isinstance(value, Const) and isinstance(value.value, str | int | float | bool):
        raw = value.value
    else:
        return None
    try:
        if conversion == ord("r"):
            raw = repr(raw)
        elif conversion == ord("s"):
            raw = str(raw)
        return format(raw, spec_text)
    except (ValueError, TypeError):
        return None


def _names_of(value: Value) -> frozenset[str] | None:
    """The column names a list of names (known or bounded) may hold."""
    if isinstance(value, Keys):
        return value.upper if value.many else None
    names = str_list(value)
    return frozenset(names) if names is not None else None


def _element(source: Value) -> Value:
    """What one item of an iterated value is, for comprehensions."""
    if isinstance(source, Seq) and source.items is not None:
        names = [const_str(i) for i in source.items]
        if source.items and all(n is not None for n in names):
            return Keys(frozenset(n for n in names if n is not None), many=False)
        return UNKNOWN
    if isinstance(source, Keys) and source.many:
        return Keys(source.upper, many=False)
    if isinstance(source, Frame) and source.columns is not None and source.is_frame:
        return Keys(frozenset(source.columns), many=False)
    return UNKNOWN


def _compare(op: ast.cmpop, left: Value, right: Value) -> Value:
    if isinstance(op, ast.In | ast.NotIn):
        found = _contains(right, left)
        if found is None:
            return UNKNOWN
        return Const(found if isinstance(op, ast.In) else not found)
    func = _COMPARE.get(type(op))
    if func is None or not (isinstance(left, Const) and isinstance(right, Const)):
        return UNKNOWN
    if func in (operator.is_, operator.is_not) and None not in (left.value, right.value):
        return UNKNOWN
    try:
        return Const(bool(func(left.value, right.value)))
    except TypeError:
        return UNKNOWN


def _contains(container: Value, item: Value) -> bool | None:
    name = const_str(item)
    if isinstance(container, Seq) and container.items is not None:
        if isinstance(item, Const) and all(isinstance(i, Const) for i in container.items):
            return any(i.value == item.value for i in container.items)  # type: ignore[attr-defined]
        return None
    if name is None:
        return None
    if isinstance(container, DictVal):
        return name in container.items
    if isinstance(container, Keys):
        if name not in container.upper:
            return False
        return True if container.exact else None
    if isinstance(container, Frame) and container.columns is not None and container.is_frame:
        if name not in container.columns:
            return False
        return True if container.exact else None
    return None
