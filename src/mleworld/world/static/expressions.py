"""Expressions: what each evaluates to, and which detector looks at it.

`ExpressionWalker.expr` turns an expression into an abstract value (values.py):
constants, f-strings, `+` and comparisons of known values are computed; a name
is looked up (names.py reports it when nothing binds it); lists, tuples and
dicts of known items are kept; a comprehension over known column names gives
names among them. Attributes, calls and subscripts are operations.py's job,
statements statements.py's. Anything else is UNKNOWN.
"""

from __future__ import annotations

import ast
import operator
from functools import partial
from typing import TYPE_CHECKING, Any

from mleworld.world.static import (
    arrays,
    computed,
    computed_series,
    lengths,
    scalars,
    sparse_blocks,
    type_limits,
)
from mleworld.world.static.flow import BRANCH
from mleworld.world.static.operators import COMPARISONS
from mleworld.world.static.program import children
from mleworld.world.static.shown import recomputed, shown
from mleworld.world.static.values import (
    UNKNOWN,
    Const,
    Count,
    DictVal,
    Frame,
    FuncVal,
    Instance,
    Keys,
    ModuleVal,
    Number,
    Obj,
    PathVal,
    Seq,
    SeriesVal,
    Value,
    const_str,
    join,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

_COMPARE: dict[type, Any] = {**COMPARISONS, ast.Is: operator.is_, ast.IsNot: operator.is_not}
_LATER_OPERAND = 0.8  # the right side of `and` / `or` may not be evaluated


# Logger methods (and the logging module's functions of the same names): their arguments
# are printed into the log record, as print's are (world/terminal/ looks them up the same way).
_LOG_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "critical", "exception"})


def _prints(func: Value, node: ast.Call) -> bool:
    """Whether the call writes its arguments' text: print, or a logging call (a method of
    a logger the walk does not track, or the logging module's own function)."""
    if isinstance(func, Obj):
        module = getattr(func.obj, "__module__", None)
        return func.obj is print or (module == "logging" and _is_log_call(node))
    return func is UNKNOWN and _is_log_call(node)


def _is_log_call(node: ast.Call) -> bool:
    return isinstance(node.func, ast.Attribute) and node.func.attr in _LOG_METHODS


def _no_text() -> None:  # a formatted field with a spec or !r: not the plain text
    return None


def _text(walker: Walker, node: ast.expr, value: Value) -> str | None:
    """The text a printed argument shows: a text the walk holds for an expression that is
    not itself a literal (`args.model`, an f-string whose fields it knows), else the pandas
    text shown.py computes."""
    if isinstance(value, Const) and isinstance(value.value, str):
        return None if isinstance(node, ast.Constant) else value.value
    return shown(walker, node, value)


_EXPR_HANDLERS: dict[type, Any] = {}


class ExpressionWalker:
    """Expression evaluation, mixed into walker.Walker."""

    def expr(self: Walker, node: ast.expr) -> Value:
        kind = type(node)
        if kind is ast.Constant:
            return Const(node.value)  # type: ignore[attr-defined]
        handler = _EXPR_HANDLERS.get(kind)
        if handler is None:
            handler = _EXPR_HANDLERS[kind] = getattr(
                type(self), "expr_" + kind.__name__, ExpressionWalker._expr_children
            )
        return handler(self, node)

    def _expr_children(self: Walker, node: ast.expr) -> Value:
        for child in children(node):
            if isinstance(child, ast.expr):
                self.expr(child)
        return UNKNOWN

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
        self.counts["calls"] += 1
        if func is UNKNOWN:
            self.counts["calls_lost"] += 1
        args: list[Value] = []
        star = False
        prints = _prints(func, node)
        if prints:  # an f-string printed as it is: its fields' texts are printed too
            self.printed_strings.update(id(a) for a in node.args if isinstance(a, ast.JoinedStr))
        for arg in node.args:
            if isinstance(arg, ast.Starred):
                value = self.expr(arg.value)
                if isinstance(value, Seq) and value.items is not None:
                    args.extend(value.items)
                else:
                    star = True
            else:
                args.append(recomputed(self, arg, self.expr(arg)))  # an inline chain's values
                if prints:
                    self.printed.note(
                        arg, args[-1], self.work_scale != 1.0, partial(_text, self, arg, args[-1])
                    )
        kwargs: dict[str, Value] = {}
        for keyword in node.keywords:
            value = self.expr(keyword.value)
            if keyword.arg is not None:
                value = recomputed(self, keyword.value, value)
                kwargs[keyword.arg] = value
            elif isinstance(value, DictVal):
                kwargs.update(value.items)
            else:
                star = True
        return self.call(func, args, kwargs, node, star)

    def expr_BinOp(self: Walker, node: ast.BinOp) -> Value:
        left, right = self.expr(node.left), self.expr(node.right)
        held = arrays.operation(self, node.op, [left, right], node)
        held = held if held is not None else sparse_blocks.scaled(node.op, left, right)
        if held is not None:
            return held
        shaped = lengths.binop(self, node.op, left, right, node)
        shaped = computed.frame_arithmetic(self, node.op, left, right, node) or shaped
        shaped = computed_series.arithmetic(self, node.op, left, right, shaped, node)
        if shaped is None:
            shaped = scalars.binop(self, node.op, left, right, node)
        return shaped if shaped is not None else self.binop(node.op, left, right)

    def expr_JoinedStr(self: Walker, node: ast.JoinedStr) -> Value:
        parts: list[str] | None = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                if parts is not None:
                    parts.append(str(value.value))
                continue
            assert isinstance(value, ast.FormattedValue)
            inner = self.expr(value.value)
            plain = value.conversion in (-1, ord("s")) and value.format_spec is None
            shows = _text if id(node) in self.printed_strings else shown
            self.printed.note(
                value.value,
                inner,
                self.work_scale != 1.0,
                partial(shows, self, value.value, inner) if plain else _no_text,
            )
            spec = self.expr(value.format_spec) if value.format_spec is not None else Const("")
            if value.conversion == -1:
                scalars.check_format(self, inner, spec, value)
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

    def expr_Set(self: Walker, node: ast.Set) -> Value:
        """A set of literal texts (`SLOW = {"SVC", "GBM"}`): its members, in no order."""
        values = [self.expr(elt) for elt in node.elts]
        texts = [const_str(v) for v in values]
        if not texts or any(
            t is None or isinstance(e, ast.Starred) for t, e in zip(texts, node.elts, strict=True)
        ):
            return UNKNOWN
        return Keys(frozenset(texts), many=True, exact=True)  # type: ignore[arg-type]

    def expr_Dict(self: Walker, node: ast.Dict) -> Value:
        items: dict[str, Value] | None = {}
        for key, value in zip(node.keys, node.values, strict=True):
            key_value = self.expr(key) if key is not None else None
            item = self.expr(value)
            if key is None and isinstance(item, DictVal) and item.closed and items is not None:
                items.update(item.items)  # `{**base, "num_leaves": 31}`
                continue
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
        held = arrays.operation(self, node.ops[0], [left, rights[0]], node)
        if held is not None:
            return held
        shaped = lengths.compare(node.ops[0], left, rights[0])
        if shaped is not None:
            return computed_series.compared(node.ops[0], left, rights[0], shaped)
        table = computed_series.frame_compared(self, node.ops[0], left, rights[0])
        if table is not None:
            return table
        type_limits.check_order(self, node.ops[0], left, rights[0], node)
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
        held = arrays.operation(self, node.op, [value], node)
        if held is not None:
            return held
        if isinstance(node.op, ast.Invert):
            return computed_series.inverted(value) or UNKNOWN
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


def _format(value: Value, conversion: int, spec: Value) -> str | None:
    value = _number(value)
    spec_text = const_str(spec)
    if spec_text is None:
        return None
    if isinstance(value, PathVal):
        raw: Any = value.text
    elif isinstance(value, Const) and isinstance(value.value, str | int | float | bool):
        raw = value.value
    elif isinstance(value, Seq) and value.items is not None and _plain(value.items):
        items = [v.value for v in value.items]  # type: ignore[attr-defined]
        raw = items if value.kind == "list" else tuple(items)  # `f"one of {sorted(MODELS)}"`
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


# Values that are surely not None: `x is None` of them is decided.
_NOT_NONE = (Frame, SeriesVal, FuncVal, Instance, Seq, DictVal, ModuleVal, PathVal, Number)


def _plain(items: list[Value]) -> bool:
    return all(
        isinstance(v, Const) and (v.value is None or type(v.value) in (str, int, float, bool))
        for v in items
    )


def _compare(op: ast.cmpop, left: Value, right: Value) -> Value:
    if isinstance(op, ast.In | ast.NotIn):
        found = _contains(right, left)
        if found is None:
            return UNKNOWN
        return Const(found if isinstance(op, ast.In) else not found)
    func = _COMPARE.get(type(op))
    if func in (operator.is_, operator.is_not):
        for value, other in ((left, right), (right, left)):
            if isinstance(other, Const) and other.value is None and isinstance(value, _NOT_NONE):
                return Const(func is operator.is_not)  # `prep is not None` of a function
    left, right = _type_as_const(left, right), _type_as_const(right, left)
    left, right = _number(left), _number(right)
    if func is None or not (isinstance(left, Const) and isinstance(right, Const)):
        return UNKNOWN
    if func in (operator.is_, operator.is_not) and None not in (left.value, right.value):
        return UNKNOWN
    try:
        return Const(bool(func(left.value, right.value)))
    except TypeError:
        return UNKNOWN


def _number(value: Value) -> Value:
    """A row count or a number the walk computed, as the literal it equals (`len(df) == n`)."""
    if isinstance(value, Count):
        return Const(value.n)
    if isinstance(value, Number) and isinstance(value.real, int | float):
        return Const(value.real)
    item = getattr(value.real, "item", None) if isinstance(value, Number) else None
    if item is not None and type(value.real).__module__ == "numpy":  # type: ignore[union-attr]
        number = item()  # a numpy scalar (`df[c].min()` of integers): compared as its value
        return Const(number) if isinstance(number, int | float) else value
    return value


def _type_as_const(value: Value, other: Value) -> Value:
    """`object`, `np.object_`, `float` compared with a column's dtype: the type itself.

    `df[c].dtype == object` is False for a text column under pandas 3 (its dtype is
    `str`), and pandas decides that comparison, so it is left to pandas."""
    from mleworld.world.static.kinds import is_dtype

    typed = isinstance(value, Obj) and isinstance(value.obj, type)
    if typed and isinstance(other, Const) and is_dtype(other.value):
        return Const(value.obj)  # type: ignore[union-attr]
    return value


def _contains(container: Value, item: Value) -> bool | None:
    name = const_str(item)
    text = const_str(container)
    if text is not None and name is not None:
        return name in text  # `"_ratio" in c`: a substring test of two known texts
    if isinstance(container, Seq) and container.items is not None:
        if isinstance(item, Const) and all(isinstance(i, Const) for i in container.items):
            try:
                return any(i.value == item.value for i in container.items)  # type: ignore[attr-defined]
            except TypeError:  # kinds.NumberDtype against a number dtype's name
                return None
        return None
    if name is None:
        return None
    if isinstance(container, DictVal):
        return name in container.items if container.closed else None
    if isinstance(container, Keys):
        if name not in container.upper:
            return False
        return True if container.exact else None
    if isinstance(container, Frame) and container.columns is not None and container.is_frame:
        if name not in container.columns:
            return False
        return True if container.exact else None
    return None
