"""Comprehensions: their own scope, walked once per item over a short known list.

A comprehension over a list or tuple of at most MAX_UNROLL known items is
walked like a loop, once per item; when every condition can be decided, a list
comprehension gives the list of its results (so
`train, test = [pd.read_csv(p) for p in paths]` gives two tracked frames). Any
other comprehension is walked once with each target bound to what one item is
(loops.element), less certain; `[c for c in columns if ...]` gives names among
`columns`.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from mleworld.world.static import streams, work
from mleworld.world.static.flow import BRANCH, LOOP
from mleworld.world.static.kinds import DTYPE_FIELDS, DTYPE_TESTS
from mleworld.world.static.loops import MAX_UNROLL, UNROLL_STEPS, element, range_items
from mleworld.world.static.scopes import Scope, comprehension_targets
from mleworld.world.static.values import (
    UNKNOWN,
    Const,
    DictVal,
    Keys,
    Seq,
    Stream,
    Value,
    const_str,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker


class ComprehensionWalker:
    """Comprehension evaluation, mixed into walker.Walker."""

    def expr_ListComp(
        self: Walker, node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp
    ) -> Value:
        named = _numbered_names(self, node)
        if named is not None:
            return named
        first = self.expr(node.generators[0].iter)
        kept = _filtered_names(self, node, first)
        if kept is not None:
            return kept
        scope = Scope(
            "comp", {}, frozenset(comprehension_targets(node)), closure=self.function_chain()
        )
        outer = self.scope
        self.scope = scope
        saved = self.certainty
        try:
            items = first.items if isinstance(first, Seq) else None
            if isinstance(first, Stream):
                items = streams.items(self, first, None)
            if items is None and len(node.generators) == 1 and self.steps < UNROLL_STEPS:
                items = range_items(self, node.generators[0].iter)  # `for j in range(k)`
            if len(node.generators) == 1 and items is not None and len(items) <= MAX_UNROLL:
                unrolled = self._comprehension_items(node, list(items))
                if unrolled is not None:
                    return unrolled
            else:
                self.certainty *= LOOP
                for index, gen in enumerate(node.generators):
                    source = first if index == 0 else self.expr(gen.iter)
                    self.assign(gen.target, element(source))
                    for cond in gen.ifs:
                        self.expr(cond)
                with work.scaled(self, work.trips(self, node.generators[0].iter, first)):
                    self.python_steps += self.work_scale
                    self._comprehension_result(node)
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
            found = element(first)
            if isinstance(found, Keys):
                return Keys(found.upper, many=True, exact=False)
        return UNKNOWN

    def _comprehension_items(
        self: Walker,
        node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp,
        items: list[Value],
    ) -> Value | None:
        """A comprehension over a short known list, walked once per item like a loop.

        Its value when every condition could be decided (a list comprehension), else None.
        """
        gen = node.generators[0]
        results: list[Value] | None = []
        for item in items:
            self.assign(gen.target, item)
            truths = [self.truth(cond) for cond in gen.ifs]
            if False in truths:
                continue
            saved = self.certainty
            if None in truths:
                self.certainty *= BRANCH
                results = None
            try:
                value = self._comprehension_result(node)
            finally:
                self.certainty = saved
            if results is not None:
                results.append(value)
        if isinstance(node, ast.DictComp) and results is not None:
            return _dict_of(results)
        if not isinstance(node, ast.ListComp):
            return UNKNOWN
        return Seq(results, "list") if results is not None else None

    def _comprehension_result(
        self: Walker, node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp
    ) -> Value:
        if isinstance(node, ast.DictComp):
            return Seq([self.expr(node.key), self.expr(node.value)], "tuple")
        return self.expr(node.elt)

    expr_SetComp = expr_GeneratorExp = expr_DictComp = expr_ListComp

    # --- dispatch to detectors ---------------------------------------------------------


# `c not in TARGETS + ["id"]`: lists joined (a BinOp of +) are as pure as the lists
_PURE = (
    ast.Compare, ast.BoolOp, ast.UnaryOp, ast.BinOp, ast.Name, ast.Constant, ast.Tuple, ast.List,
    ast.Set,
)  # fmt: skip
_PURE_OPS = (ast.cmpop, ast.boolop, ast.Not, ast.expr_context, ast.Add)


# str methods of the name itself that only answer (`c.startswith("pixel_")`)
_NAME_TESTS = frozenset(
    {"startswith", "endswith", "isdigit", "isalpha", "isalnum", "islower", "isupper", "lower",
     "upper", "strip"}
)  # fmt: skip


# Types a filter may compare a column's dtype with: `np.object_`, `np.number`
_TYPE_NAMES = frozenset({"object_", "number", "str_", "float64", "int64", "bool_"})


def _column_of(node: ast.AST, target: str) -> bool:
    """`frame[c]` for the comprehension's own name `c` (a frame read, which only answers)."""
    return (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Name)
        and isinstance(node.slice, ast.Name)
        and node.slice.id == target
    )


def _pure(node: ast.AST, target: str) -> bool:
    if isinstance(node, _PURE + _PURE_OPS):
        return True
    if _column_of(node, target):
        return True
    if (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Name)
        and node.value.id != target
        and isinstance(node.slice, ast.Constant)
    ):
        return True  # `cfg["id_col"]`: a setting read from a dict
    if isinstance(node, ast.Attribute) and _dtype_test(node):
        return True  # pd.api.types.is_numeric_dtype (its argument is checked on its own)
    if isinstance(node, ast.Attribute):
        if node.attr == "dtype" and _column_of(node.value, target):
            return True  # df[c].dtype
        if node.attr in DTYPE_FIELDS and isinstance(node.value, ast.Attribute):
            return node.value.attr == "dtype"  # df[c].dtype.name
        if isinstance(node.value, ast.Name) and node.attr in _TYPE_NAMES:
            return True  # np.object_
        if isinstance(node.value, ast.Name) and node.value.id != target and node.attr[0] != "_":
            return True  # `self.cat_cols`, `cfg.target`: a setting read (a call is checked apart)
        return (
            isinstance(node.value, ast.Name) and node.value.id == target
            and node.attr in _NAME_TESTS
        )  # fmt: skip
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name) and func.id == "str" and len(node.args) == 1:
            return not node.keywords  # `str(df[c].dtype)`: its parts are checked on their own
        named = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if named in DTYPE_TESTS and len(node.args) == 1 and not node.keywords:
            return _column_of(node.args[0], target)  # is_numeric_dtype(df[c])
        return (
            isinstance(func, ast.Attribute)
            and func.attr in _NAME_TESTS
            and isinstance(func.value, ast.Name)
            and func.value.id == target
            and not node.keywords
            and all(isinstance(a, ast.Constant) for a in node.args)
        )
    return False


def _dtype_test(node: ast.Attribute) -> bool:
    """`pd.api.types.is_numeric_dtype` and the modules on its way (`pd.api`, `pd.api.types`)."""
    parts: list[str] = []
    current: ast.expr = node
    while isinstance(current, ast.Attribute):
        parts.append(current.attr)
        current = current.value
    parts.reverse()
    if not isinstance(current, ast.Name) or not parts:
        return False
    *path, last = parts
    return path in ([], ["api"], ["api", "types"], ["types"]) and (
        last in DTYPE_TESTS or [*path, last] in (["api"], ["api", "types"])
    )


MAX_NAMES = 10_000  # `[f"pixel{i}" for i in range(784)]`: names built, however many


def _numbered_names(walker: Walker, node: ast.expr) -> Value | None:
    """`[f"svd_{i:02d}" for i in range(64)]`: text built from the number alone, for every
    number of a range the walk knows (column names, however many; nothing can fail)."""
    from mleworld.world.static.loops import range_numbers

    if not isinstance(node, ast.ListComp) or len(node.generators) != 1:
        return None
    gen = node.generators[0]
    if gen.ifs or gen.is_async or not isinstance(gen.target, ast.Name):
        return None
    target = gen.target.id
    for part in ast.walk(node.elt):
        if isinstance(part, ast.Name) and part.id != target:
            return None
        plain = (ast.JoinedStr, ast.FormattedValue, ast.Constant, ast.Name, ast.expr_context)
        if not isinstance(part, plain):
            return None
    if not isinstance(node.elt, ast.JoinedStr):
        return None
    numbers = range_numbers(walker, gen.iter, MAX_NAMES)
    if numbers is None:
        return None
    scope = Scope("comp", {}, frozenset({target}), closure=walker.function_chain())
    outer, walker.scope = walker.scope, scope
    try:
        items: list[Value] = []
        for number in numbers:
            walker.assign(gen.target, Const(number))
            items.append(walker.expr(node.elt))
    finally:
        walker.scope = outer
    return Seq(items, "list")


def _filtered_names(walker: Walker, node: ast.expr, source: Value) -> Value | None:
    """`[c for c in df.columns if c != "id"]` over columns known in order: the names it keeps.

    Only a filter of the name itself by comparisons with constants and known lists
    (nothing that could fail or have effects) is decided here, however many columns.
    """
    if not (isinstance(source, Keys) and source.exact and source.order is not None):
        return None
    if not isinstance(node, ast.ListComp) or len(node.generators) != 1:
        return None
    gen = node.generators[0]
    if gen.is_async or not isinstance(gen.target, ast.Name) or not isinstance(node.elt, ast.Name):
        return None
    if node.elt.id != gen.target.id:
        return None
    for cond in gen.ifs:
        if not all(_pure(n, gen.target.id) for n in ast.walk(cond)):
            return None
    scope = Scope("comp", {}, frozenset({gen.target.id}), closure=walker.function_chain())
    outer, walker.scope = walker.scope, scope
    kept: list[Value] = []
    try:
        for name in source.order:
            walker.assign(gen.target, Const(name))
            truths = [walker.truth(cond) for cond in gen.ifs]
            if None in truths:
                return None
            if all(truths):
                kept.append(Const(name))
    finally:
        walker.scope = outer
    return Seq(kept, "list")


def _dict_of(pairs: list[Value]) -> Value:
    """`{c: A[:, NUM.index(c)] for c in NUM}` walked item by item: the dict, when every key
    is a known text."""
    items: dict[str, Value] = {}
    for pair in pairs:
        key, value = pair.items if isinstance(pair, Seq) and pair.items else (UNKNOWN, UNKNOWN)
        name = const_str(key)
        if name is None:
            return UNKNOWN
        items[name] = value
    return DictVal(items)
