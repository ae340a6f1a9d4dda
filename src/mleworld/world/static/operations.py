"""Operations on values: attributes, calls, subscripts, assignment, truth, arithmetic.

`OperationWalker` holds what happens when the walk gets or sets an attribute,
calls something, indexes, assigns, tests a condition or combines two values:
it dispatches to the detector that knows the value's kind (module_attrs.py for
modules and library instances, columns.py and frames.py for frames and series,
calls.py for library callables, files.py for paths) and walks user functions
and classes (walker.py). expressions.py evaluates the expressions themselves.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from mleworld.world.static import (
    arrays,
    callbacks,
    calls,
    casts,
    cli_args,
    columns,
    computed,
    computed_series,
    fold_labels,
    kinds,
    lengths,
    library,
    linear_fits,
    module_attrs,
    positions,
    reductions,
    result_keys,
    row_counts,
    slots,
    sparse_blocks,
    torch_calls,
    torch_tensors,
)
from mleworld.world.static import files as files_mod
from mleworld.world.static import kwargs as kwargs_mod
from mleworld.world.static.operators import ARITHMETIC, part
from mleworld.world.static.values import (
    UNKNOWN,
    ArrayVal,
    ClassVal,
    Const,
    Count,
    DictVal,
    Frame,
    FuncVal,
    GroupBy,
    Instance,
    Keys,
    Method,
    ModuleVal,
    Named,
    Number,
    Obj,
    Partial,
    PathVal,
    Repeated,
    ResultKeys,
    Seq,
    SeriesVal,
    TextMatrix,
    UserInstance,
    Value,
    VectorVal,
    const_str,
    escape,
    join,
    release,
    str_list,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker


NONE_CONFIDENCE = 0.85  # a value the walk holds as None, called or asked for an attribute


class OperationWalker:
    """Operations on abstract values, mixed into walker.Walker."""

    def attribute(self: Walker, base: Value, attr: str, node: ast.AST) -> Value:
        if isinstance(base, Const) and base.value is None and not hasattr(None, attr):
            message = f"AttributeError: 'NoneType' object has no attribute '{attr}'"
            self.emit("names", "AttributeError", message, node, NONE_CONFIDENCE)
            return UNKNOWN  # a function that returns nothing, its result used as a model
        if isinstance(base, ModuleVal):
            return module_attrs.module_attribute(self, base, attr, node)
        if isinstance(base, Frame):
            return columns.frame_attribute(self, base, attr, node)
        if isinstance(base, SeriesVal):
            return columns.series_attribute(self, base, attr, node)
        if isinstance(base, Instance):
            return module_attrs.instance_attribute(self, base, attr, node)
        if isinstance(base, Obj) and isinstance(base.obj, argparse.Namespace):
            return cli_args.attribute(base.obj, attr)
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
            if found is None and attr in torch_calls.MODULE_METHODS and torch_calls.is_module(base):
                return Method(base, attr)  # `model.to(device)`: nn.Module's own
            if found is None and attr == "fit_transform" and _transformer_mixin(base):
                return Method(base, attr)  # scikit-learn's: fit, then transform (call below)
            return found if found is not None else UNKNOWN
        if isinstance(base, torch_tensors.Tensor):
            return Method(base, attr) if attr in torch_tensors.TENSOR_METHODS else UNKNOWN
        if isinstance(base, Method) and isinstance(base.owner, Keys) and base.name == "str":
            return Method(base, attr)  # `df.columns.str.lower`
        if isinstance(base, ClassVal):
            found = base.lookup(attr)
            return found if found is not None else UNKNOWN
        if isinstance(base, PathVal):
            return files_mod.path_attribute(base, attr)
        if arrays.held(base) and attr in arrays.ATTRIBUTES:
            return arrays.attribute(base, attr) or UNKNOWN
        if arrays.held(base) and attr in arrays.METHODS:
            return Method(base, attr)
        if isinstance(base, ArrayVal) and attr == "shape":
            return lengths.shape(base)
        if isinstance(base, ArrayVal) and attr in ("reshape", "astype", "copy"):
            return Method(base, attr)
        if isinstance(base, VectorVal):
            return lengths.vector_attribute(self, base, attr, node)
        if isinstance(base, TextMatrix) and attr in sparse_blocks.SAME_COLUMNS:
            return Method(base, attr)
        if isinstance(base, GroupBy):
            return reductions.group_attribute(base, attr)
        if isinstance(base, Const) and attr in kinds.DTYPE_FIELDS and kinds.is_dtype(base.value):
            return Const(getattr(base.value, attr))
        if isinstance(base, Seq | Keys | Const | DictVal):
            return (
                columns.keys_attribute(base, attr) if isinstance(base, Keys) else Method(base, attr)
            )
        return UNKNOWN

    def fit_then_transform(
        self: Walker,
        owner: UserInstance,
        args: list[Value],
        kwargs: dict[str, Value],
        node: ast.Call,
    ) -> Value:
        """`custom.fit_transform(X, y)` of the program's transformer that inherits it from
        scikit-learn's TransformerMixin: its own `fit`, then `transform` of what fit returned
        (itself, nearly always), as the mixin runs them."""
        fitted = self.call(self.attribute(owner, "fit", node), args, kwargs, node, False)
        returned_none = isinstance(fitted, Const) and fitted.value is None  # AttributeError
        if not (isinstance(fitted, UserInstance) or returned_none) or not args:
            return UNKNOWN
        return self.call(self.attribute(fitted, "transform", node), args[:1], {}, node, False)

    def set_attribute(self: Walker, base: Value, attr: str, value: Value) -> None:
        if isinstance(base, UserInstance):
            old = base.attrs.get(attr)
            base.attrs[attr] = value if self.certain or old is None else join(old, value)
        elif isinstance(base, ClassVal):
            base.attrs[attr] = value if self.certain else UNKNOWN
        elif isinstance(base, Frame):
            columns.set_frame_attribute(self, base, attr, value)
        elif isinstance(base, Obj) and isinstance(base.obj, argparse.Namespace):
            cli_args.set_attribute(self, base.obj, attr, value)
        else:
            escape(value)  # kept somewhere analysis does not follow

    def call(
        self: Walker,
        func: Value,
        args: list[Value],
        kwargs: dict[str, Value],
        node: ast.Call,
        star: bool,
    ) -> Value:
        if isinstance(func, Const) and func.value is None:
            message = "TypeError: 'NoneType' object is not callable"
            self.emit("names", "TypeError", message, node, NONE_CONFIDENCE)
            return UNKNOWN  # `MODELS.get(name)(...)` of a name the registry lacks
        if isinstance(node.func, ast.Attribute):
            files_mod.on_method_write(self, node.func.attr, func, args, kwargs, node)
        piped = _piped(func, args)
        if piped is not None and not star:
            return self.inline(piped, [func.owner, *args[1:]], kwargs, star)  # type: ignore[union-attr]
        if _piped_to_library(func, args) and not star:  # `df.pipe(pd.get_dummies, columns=...)`
            return self.call(args[0], [func.owner, *args[1:]], kwargs, node, star)  # type: ignore[union-attr]
        if _inherited_fit_transform(func) and not star:
            return self.fit_then_transform(func.owner, args, kwargs, node)  # type: ignore[union-attr]
        if isinstance(func, Method):
            callbacks.on_pandas_call(self, func, args)
        if isinstance(func, Partial):
            return self.call(func.func, [*func.args, *args], {**func.kw, **kwargs}, node, star)
        if _assigns_callables(func, args, kwargs) and not star:
            return self.assign_in_order(func.owner, kwargs, node)  # type: ignore[union-attr]
        given = [*args, *kwargs.values()]
        followed = isinstance(func, FuncVal | ClassVal | Partial) or library.walks_callbacks(func)
        if not followed and any(isinstance(v, FuncVal) for v in given):
            # a library calls the program's function back (map, pipe, apply) with what it was given
            for value in given:
                escape(value)
        if isinstance(func, FuncVal | ClassVal):
            kwargs_mod.check_own(self, func, kwargs, node, star)
        if isinstance(func, FuncVal):
            return self.inline(func, args, kwargs, star)
        if isinstance(func, ClassVal):
            return self.construct(func, args, kwargs, star)
        if isinstance(func, Method):
            return calls.call_method(self, func, args, kwargs, node, star)
        if isinstance(func, Obj):
            return calls.call_object(self, func, args, kwargs, node, star)
        if isinstance(func, Named) and not star:
            return torch_calls.call(self, func, args, kwargs, node)
        if isinstance(func, UserInstance | torch_calls.Layer) and not star:
            called = torch_calls.call_value(self, func, args, kwargs, node)
            if called is not None:
                return called
        if isinstance(node.func, ast.Name):
            self.opaque_call(args, kwargs)  # an unknown callable named by the program
        for value in given:
            release(value)
            arrays.forget(value)  # an unknown callable may write into an array
        if func is UNKNOWN and isinstance(node.func, ast.Attribute) and not (star or kwargs):
            return lengths.unknown_model_predicts(node.func.attr, args)
        return UNKNOWN

    def assign_in_order(
        self: Walker, frame: Value, kwargs: dict[str, Value], node: ast.Call
    ) -> Value:
        """`df.assign(a=lambda d: ..., b=...)`: pandas computes the columns in order, each
        callable on the frame holding the ones before it, so it is a chain of assigns."""
        for name, value in kwargs.items():
            if isinstance(value, FuncVal):
                value = self.inline(value, [frame], {}, False)
            method = self.attribute(frame, "assign", node)
            frame = self.call(method, [], {name: value}, node, False)
        return frame

    def getitem(self: Walker, base: Value, key: Value, node: ast.Subscript) -> Value:
        if isinstance(base, Const) and isinstance(base.value, str):
            return _text_part(self, base.value, key, node.slice)  # `str(dtype)[:3]`
        held = arrays.getitem(self, base, key, node) if arrays.held(base) else None
        if held is not None:
            return held
        if isinstance(base, SeriesVal):
            fold_labels.check_positions(self, base, key, node)
        item = (
            computed_series.masked(base, key) or computed_series.label_item(self, base, key, node)
            if isinstance(base, SeriesVal)
            else None
        )
        if item is not None:
            return item
        if isinstance(base, Method) and base.name == "iloc" and isinstance(base.owner, SeriesVal):
            item = computed_series.position_item(base.owner, key)  # `s.mode().iloc[0]`
            if item is not None:
                return item
        rows = row_counts.taken(base, key) if not isinstance(base, Frame) else None
        if rows is None and isinstance(base, Method) and _positional(base):
            rows = row_counts.taken(base.owner, key, self)
        if rows is not None:
            return rows
        if isinstance(base, Frame):
            return columns.getitem(self, base, key, node)
        if isinstance(base, SeriesVal) and base.kind == "str":  # s.str.split().str[0]
            return computed_series.text_item(base, key, node.slice)
        if isinstance(base, Method) and isinstance(base.owner, Frame):
            return columns.indexer_getitem(self, base, key, node)
        if isinstance(base, ArrayVal):
            positions.array_columns(self, base, key, node)
            return UNKNOWN
        if isinstance(base, TextMatrix):
            return TextMatrix(base.terms)  # some of its rows (a fold's)
        if isinstance(base, VectorVal):
            lengths.too_many_indices(self, base, node)
            if base.width is not None:
                positions.array_columns(self, ArrayVal(base.width, rows=base.length), key, node)
            return lengths.vector_getitem(base, node, key)
        if isinstance(base, torch_tensors.Tensor):
            return torch_tensors.tensor_item(base, key)
        if isinstance(base, Repeated) and _one_item(key):
            return base.item  # `folds[0]`, `fits[int(np.argmax(s))]`: one, like every other
        if isinstance(base, Instance) and base.cls.__name__ == "Pipeline" and base.inner:
            step = _pipeline_step(base, key)  # `pipe[-1]`: its last step, fitted with it
            if step is not None:
                return step
        if isinstance(base, GroupBy):
            return reductions.group_getitem(base, key)
        if isinstance(base, ResultKeys):
            result_keys.check_key(self, base, key, node)
            return result_keys.item(base, key)
        if isinstance(base, Seq) and isinstance(node.slice, ast.Tuple):
            message = f"TypeError: {base.kind} indices must be integers or slices, not tuple"
            self.emit("positions", "TypeError", message, node, positions.CONFIDENCE)
            return UNKNOWN
        if (
            isinstance(base, Seq)
            and base.items is not None
            and isinstance(key, Const)
            and isinstance(key.value, int)
            and -len(base.items) <= key.value < len(base.items)
        ):
            return base.items[key.value]
        if isinstance(base, DictVal) and base.closed:
            name = const_str(key)
            if name is not None and name in base.items:
                return base.items[name]
        return UNKNOWN

    def setitem(self: Walker, base: Value, key: Value, value: Value, node: ast.Subscript) -> None:
        slots.check_store(self, base, key, value, node)
        linear_fits.on_store(base, key, value)
        if arrays.setitem(self, base, key, value, node):
            return
        if isinstance(base, Frame):
            names = str_list(key)
            held = computed.values_of(self, base) if names else None
            source = held if held is not None else base.partial
            table = computed.assigned(self, base, key, value, source)
            # values the assignment ends: the other columns keep their dtypes (kinds.remember)
            before = held if table is None else None
            lengths.check_setitem(self, base, key, value, node)
            columns.setitem(self, base, key, node)
            kinds.remember(base, before)
            kinds.on_setitem(base, names, value)
            if names is not None:
                computed.stored(self, base, names, source, table)
        elif isinstance(base, Method) and isinstance(base.owner, Frame):
            if base.name == "loc":
                casts.check_loc_assign(self, base.owner, value, node)
            cells = base.name == "loc" and isinstance(node.slice, ast.Tuple)  # loc[rows, cols]
            before = computed.values_of(self, base.owner) if cells else None
            columns.indexer_setitem(self, base, key, node)
            if cells:
                cols = key.items[1] if isinstance(key, Seq) and key.items else UNKNOWN
                kinds.on_loc_setitem(base.owner, str_list(cols), value, before)
                computed.cells_stored(base.owner, key, str_list(cols), before)
            else:
                base.owner.kinds = None
        elif isinstance(base, DictVal) and base.closed and const_str(key) is not None:
            name = const_str(key) or ""
            old = base.items.get(name)
            base.items[name] = value if self.certain or old is None else join(old, value)
        else:
            escape(base) if isinstance(base, Seq | DictVal) else None
            escape(value)  # kept somewhere analysis does not follow

    def delitem(self: Walker, base: Value, key: Value, node: ast.Subscript) -> None:
        if isinstance(base, Frame):
            columns.delitem(self, base, key, node)
        elif isinstance(base, Seq | DictVal):
            escape(base)

    def assign(self: Walker, target: ast.AST, value: Value) -> None:
        if isinstance(target, ast.Name):
            self.bind(target.id, value)
        elif isinstance(target, ast.Tuple | ast.List):
            items = value.items if isinstance(value, Seq) else None
            if items is None:
                items = computed_series.unpacked(
                    value, len(target.elts)
                )  # `lo, hi = s.quantile(...)`
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
        if isinstance(value, Const) or isinstance(value, Number) and value.real is not None:
            held = value.value if isinstance(value, Const) else value.real  # `if n_missing:`
            try:
                return bool(held)
            except Exception:
                return None
        return None

    def binop(self: Walker, op: ast.operator, left: Value, right: Value) -> Value:
        result = self._binop(op, left, right)
        if result is UNKNOWN:
            release(left)  # `[df] * 3`: the result may hold what the operands hold
            release(right)
        return result

    def _binop(self: Walker, op: ast.operator, left: Value, right: Value) -> Value:
        folded = _folded(op, left, right)
        if folded is not None:
            return folded
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
            return files_mod.path_in(left.text, None, pathlib=True)  # `OUT / f"model_{n}.pkl"`
        if isinstance(op, ast.Mod) and isinstance(left, Const) and isinstance(left.value, str):
            arg = right.value if isinstance(right, Const) else None
            if isinstance(right, Const) and not isinstance(arg, tuple):
                try:
                    return Const(left.value % arg)
                except (TypeError, ValueError):
                    return UNKNOWN
        return UNKNOWN


# numbers folded here; `+` is folded above for text too
_FOLDED = part(ARITHMETIC, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)


def _folded(op: ast.operator, left: Value, right: Value) -> Const | None:
    """`size // 2`, `8 - c`, `0.8 * 100` of numbers the walk knows: the number (a division by
    zero, or a power too large to compute at once, is left unknown). A row count the walk
    knows (`len(df) * 0.8`) is its number."""
    func = _FOLDED.get(type(op))
    if func is None or not all(isinstance(v, Const | Count) for v in (left, right)):
        return None
    a, b = (v.value if isinstance(v, Const) else v.n for v in (left, right))  # type: ignore[union-attr]
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in (a, b)):
        return None
    if isinstance(op, ast.Pow) and (abs(b) > 64 or abs(a) > 1e6):
        return None
    try:
        return Const(func(a, b))
    except (ArithmeticError, ValueError):
        return None


def _names_of(value: Value) -> frozenset[str] | None:
    """The column names a list of names (known or bounded) may hold."""
    if isinstance(value, Keys):
        return value.upper if value.many else None
    names = str_list(value)
    return frozenset(names) if names is not None else None


def _text_part(walker: Walker, text: str, key: Value, index: ast.expr) -> Value:
    """`text[i]` / `text[a:b]` of a text the walk holds, with literal bounds: the text."""
    if isinstance(index, ast.Slice):
        bounds = [
            row_counts.whole_number(walker, b) for b in (index.lower, index.upper, index.step)
        ]
        if row_counts.NOT_INT in bounds or bounds[2] == 0:
            return UNKNOWN
        return Const(text[slice(*bounds)])  # type: ignore[misc]
    if (
        isinstance(key, Const)
        and isinstance(key.value, int)
        and -len(text) <= key.value < len(text)
    ):
        return Const(text[key.value])
    return UNKNOWN


def _piped_to_library(func: Value, args: list[Value]) -> bool:
    """`df.pipe(f, ...)` of a library function: pandas calls `f(df, ...)`."""
    return (
        isinstance(func, Method)
        and func.name == "pipe"
        and isinstance(func.owner, Frame | SeriesVal)
        and bool(args)
        and isinstance(args[0], Obj)
        and callable(args[0].obj)
    )


def _one_item(key: Value) -> bool:
    """A key that picks one item: a whole number, or a value the walk lost (not a slice,
    list or column)."""
    if isinstance(key, Const):
        return type(key.value) is int
    return not isinstance(key, Seq | Frame | SeriesVal)


def _pipeline_step(pipe: Instance, key: Value) -> Value | None:
    """A pipeline's step by position, as fitted as the pipeline is."""
    if not isinstance(key, Const) or type(key.value) is not int:
        return None
    if not -len(pipe.inner) <= key.value < len(pipe.inner):
        return None
    step = pipe.inner[key.value]
    return dataclasses.replace(step, fitted=pipe.fitted) if pipe.fitted else step


def _inherited_fit_transform(func: Value) -> bool:
    return (
        isinstance(func, Method)
        and func.name == "fit_transform"
        and isinstance(func.owner, UserInstance)
    )


def _transformer_mixin(instance: UserInstance) -> bool:
    """The program's class inherits scikit-learn's TransformerMixin (directly or not)."""
    from sklearn.base import TransformerMixin

    pending: list[Value] = list(instance.cls.bases)
    found = False
    while pending:
        base = pending.pop()
        if isinstance(base, ClassVal):
            pending.extend(base.bases)
        elif isinstance(base, Obj) and isinstance(base.obj, type):
            found = found or issubclass(base.obj, TransformerMixin)
    return found


def _piped(func: Value, args: list[Value]) -> FuncVal | None:
    """`df.pipe(add_features, k)` is `add_features(df, k)`: the program's function, called
    with the frame first."""
    if not (isinstance(func, Method) and func.name == "pipe" and args):
        return None
    if not isinstance(func.owner, Frame | SeriesVal) or not isinstance(args[0], FuncVal):
        return None
    return args[0]


def _assigns_callables(func: Value, args: list[Value], kwargs: dict[str, Value]) -> bool:
    """`df.assign(...)` given one of the program's functions (a lambda of the frame)."""
    if not (isinstance(func, Method) and func.name == "assign" and not args):
        return False
    owner = func.owner
    return (
        isinstance(owner, Frame)
        and owner.is_frame
        and any(isinstance(v, FuncVal) for v in kwargs.values())
    )


def _positional(indexer: Method) -> bool:
    """`df.iloc`, or `df.loc` of a frame indexed 0..n-1, where row positions are its labels."""
    owner = indexer.owner
    return indexer.name == "iloc" or (
        indexer.name == "loc" and isinstance(owner, Frame) and owner.ranged
    )
