"""What calling a library object or a method of a tracked value gives, and what it checks.

A call of a real library object has its keywords checked (kwargs.py); library
callables with modelled results are library.py's; calling any other library
class gives an `Instance`. Methods of frames, series, instances, lists,
strings and paths go to their owners' rules.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

from mleworld.world.static import (
    arrays,
    boosters,
    callbacks,
    cli_args,
    columns,
    computed_series,
    dtypes,
    encoders,
    features_in,
    files,
    frames,
    kwargs,
    lengths,
    library,
    linear_fits,
    multioutput,
    params,
    partial_fits,
    positions,
    predictions,
    reductions,
    samples,
    scalars,
    scorers,
    sparse_blocks,
    splitter_groups,
    text_terms,
    torch_calls,
    torch_tensors,
    unfitted,
    work,
)
from mleworld.world.static.values import (
    UNKNOWN,
    ArrayVal,
    Const,
    DictVal,
    Frame,
    GroupBy,
    Instance,
    Keys,
    Method,
    PathVal,
    Seq,
    SeriesVal,
    TextMatrix,
    Value,
    VectorVal,
    const_str,
    escape,
    release,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

# Builtins that neither keep nor return what their arguments hold.
_READ_ONLY = {
    id(f)
    for f in (
        print,
        len,
        isinstance,
        repr,
        set,
        frozenset,
        sum,
        any,
        all,
        hash,
        id,
        bool,
        int,
        float,
        round,
        abs,
    )
}
_PLAIN_TYPES = (
    str,
    int,
    float,
    bool,
    bytes,
    dict,
    set,
    frozenset,
    list,
    tuple,
    object,
    type,
    range,
    slice,
)


def call_object(
    walker: Walker, func: Any, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    obj = func.obj
    kwargs.check_callable(walker, obj, args, kw, node, star)
    scorers.check_call(walker, obj, node)
    params.check_function(walker, obj, args, kw, node, star)
    if not star:
        samples.check_call(walker, obj, args, kw, node)
    shaped = arrays.function(walker, obj, args, kw, node) if not star else None
    if shaped is not None:
        return shaped
    arrays.let_go(obj, [*args, *kw.values()])
    shaped = lengths.numpy_call(obj, args, kw) if not star else None
    if shaped is not None:
        return shaped
    handler = library.handler_for(obj)
    number = None if star else scalars.of_call(obj, args, kw) or scalars.of_builtin(obj, args, kw)
    if handler is not None:
        result = handler(walker, args, kw, node, star)
        return number if result is UNKNOWN and number is not None else result
    if number is not None:
        return number
    if id(obj) not in _READ_ONLY and not params.composes_steps(obj):
        for value in [*args, *kw.values()]:
            release(value)  # the library may keep or return what the containers hold
    if isinstance(obj, type) and obj not in _PLAIN_TYPES and not issubclass(obj, BaseException):
        if obj.__module__.partition(".")[0] in ("builtins", "pandas", "numpy"):
            return UNKNOWN
        return params.instance(walker, obj, args, kw, node, star)
    return UNKNOWN


def call_method(
    walker: Walker,
    method: Method,
    args: list[Value],
    kw: dict[str, Value],
    node: ast.Call,
    star: bool,
) -> Value:
    owner = method.owner
    if isinstance(owner, Frame):
        return frames.frame_method(walker, method, args, kw, node, star)
    number = None if star else scalars.of_method(owner, method.name, args, kw)
    if isinstance(owner, SeriesVal):
        result = frames.series_method(walker, method, args, kw, node, star)
        return number if result is UNKNOWN and number is not None else result
    held = arrays.method(walker, owner, method.name, args, kw, node) if not star else None
    if held is not None:
        return held
    if isinstance(owner, VectorVal):
        if method.name == "tolist" and owner.real is not None and not (args or kw or star):
            return computed_series.listed(owner) or UNKNOWN
        if owner.real is not None and not star:
            known = computed_series.statistic(walker, owner.real, method.name, args, kw)
            if known is not None:
                return known  # `(y == 1).sum()` of an array analysis computed
        shaped = number or lengths.vector_method(owner, method.name, args, kw)
        return computed_series.array_step(walker, owner, shaped, method.name, args, kw)
    if isinstance(owner, ArrayVal) and not star:
        return positions.array_method(walker, owner, method.name, args, kw, node)
    if isinstance(owner, TextMatrix) and not star:
        return sparse_blocks.method(owner, method.name, args, kw)
    if isinstance(owner, GroupBy):
        return reductions.group_method(walker, owner, method.name, args, kw, node, star)
    if isinstance(owner, torch_tensors.Tensor) and not star:
        return torch_tensors.tensor_method(owner, method.name, args, kw)
    if torch_calls.is_module(owner) and not star:
        return torch_calls.module_method(owner, method.name, args, kw)  # type: ignore[arg-type]
    if cli_args.is_parser(owner) and not star:
        return cli_args.method(walker, owner, method.name, args, kw)  # type: ignore[arg-type]
    if isinstance(owner, Instance):
        kwargs.check_method(walker, owner.cls, method.name, args, kw, node, star)
        params.check_fit(walker, owner, method.name, node)
        unfitted.check_method(walker, owner, method.name, node)
        boosters.check_get_data(walker, owner, method.name, node)
        if method.name == "split" and not star:
            splitter_groups.check_split(walker, owner, args, kw, node)
        if method.name in params.FIT_METHODS:
            X = args[0] if args else kw.get("X", UNKNOWN)
            y = args[1] if len(args) > 1 else kw.get("y", UNKNOWN)
            head = callbacks.on_fit(walker, owner, X, node)
            dtypes.check_fit(walker, owner, X, node, y=y, after_head=head)
            if method.name == "fit" and not star and (len(args) > 1 or "y" in kw):
                samples.check_fit(walker, owner, X, y, node)
                if "sample_weight" in kw:
                    samples.check_weights(walker, owner, X, kw["sample_weight"], node)
                multioutput.check_fit(walker, owner, y, node)
            predictions.fitted(walker, owner, args[1] if len(args) > 1 else kw.get("y", UNKNOWN))
            text_terms.on_fit(owner, method.name, args)
            features_in.on_fit(owner, X)
            owner.fitted = True
        lengths.check_empty(walker, owner, method.name, args, kw, node)
        features_in.check_predict(walker, owner, method.name, args, kw, node)
        if method.name in features_in.PREDICTING and owner.fitted and args and not star:
            dtypes.check_predict(walker, owner, args[0], node)
        y_arg = args[1] if len(args) > 1 else kw.get("y", UNKNOWN)
        work.on_fit(walker, owner, method.name, args, node, y_arg)
        for value in [*args, *kw.values()]:
            release(value)
        encoded = UNKNOWN
        if encoders.encodes(owner) and not star:
            encoded = encoders.on_method(walker, owner, method.name, args, kw, node)
        elif owner.cls.__name__ == "TargetEncoder" and not star:
            encoded = encoders.target_encoded(walker, owner, method.name, args, kw, node)
        if not star:
            encoders.on_pipeline(walker, owner, method.name, args, kw, node)
        if linear_fits.fits(owner) and not star:
            predicted = linear_fits.on_method(walker, owner, method.name, args, kw)
            encoded = predicted if predicted is not UNKNOWN else encoded
        if method.name in ("fit", "set_params", "set_output"):
            return owner  # each returns the estimator itself
        if encoded is not UNKNOWN:
            return encoded
        text = text_terms.transformed(walker, owner, method.name, args, node)
        if text is not UNKNOWN:
            return text
        return number or partial_fits.scaled(
            owner, method.name, args, predictions.predicted(owner, method.name, args, kw)
        )
    if isinstance(owner, Seq):
        return _list_method(walker, owner, method.name, args)
    if isinstance(owner, DictVal):
        return _dict_method(walker, owner, method.name, args)
    if isinstance(owner, Keys):
        return columns.keys_method(owner, method.name)
    if isinstance(owner, Method) and isinstance(owner.owner, Keys) and owner.name == "str":
        return UNKNOWN if star else columns.keys_text_method(owner.owner, method.name, args, kw)
    if isinstance(owner, PathVal):
        return files.path_method(walker, method, args, node)
    if isinstance(owner, Const) and isinstance(owner.value, str):
        return _str_method(owner.value, method.name, args, kw)
    return UNKNOWN


def _list_method(walker: Walker, seq: Seq, name: str, args: list[Value]) -> Value:
    """A list method: mutations applied where the walk is sure they run, else the list escapes."""
    if name in ("index", "count"):
        return _position(seq, name, args)
    if name == "copy":
        return Seq(list(seq.items), seq.kind) if seq.items is not None else UNKNOWN
    items = seq.items
    if seq.kind == "list" and items is not None and walker.certain:
        if name == "append" and len(args) == 1:
            items.append(args[0])
            return Const(None)
        extra = args[0].items if len(args) == 1 and isinstance(args[0], Seq) else None
        if name == "extend" and extra is not None:
            items.extend(extra)
            return Const(None)
        if name == "remove" and len(args) == 1 and isinstance(args[0], Const):
            at = [
                i for i, v in enumerate(items) if isinstance(v, Const) and v.value == args[0].value
            ]
            if at:
                items.pop(at[0])
                return Const(None)
        if name == "clear" and not args:
            items.clear()
            return Const(None)
        if name == "reverse" and not args:
            items.reverse()
            return Const(None)
    escape(seq)
    return UNKNOWN


def _dict_method(walker: Walker, mapping: DictVal, name: str, args: list[Value]) -> Value:
    """Reads of a dict literal keep its values' identity; anything else lets them escape."""
    if mapping.closed:
        if name == "items" and not args:
            return Seq([Seq([Const(k), v], "tuple") for k, v in mapping.items.items()], "list")
        if name == "values" and not args:
            return Seq(list(mapping.items.values()), "list")
        if name == "keys" and not args:
            return Seq([Const(k) for k in mapping.items], "list")
        if name == "get" and args and const_str(args[0]) is not None:
            found = mapping.items.get(const_str(args[0]) or "")
            return found if found is not None else (args[1] if len(args) > 1 else Const(None))
        if name == "get" and all(isinstance(v, Const) for v in mapping.items.values()):
            return UNKNOWN  # a key not known: one of its constants, none of which can change
    escape(mapping)
    return UNKNOWN


def _str_method(text: str, name: str, args: list[Value], kw: dict[str, Value]) -> Value:
    if name == "join" and len(args) == 1 and isinstance(args[0], Seq) and args[0].items is not None:
        parts = [const_str(v) for v in args[0].items]
        if all(p is not None for p in parts):
            return Const(text.join(parts))  # type: ignore[arg-type]
        return UNKNOWN
    pure = ("format", "replace", "lower", "upper", "strip", "rstrip", "lstrip", "startswith",
            "endswith", "isdigit", "isalpha", "isalnum", "islower", "isupper")  # fmt: skip
    consts = all(isinstance(a, Const) for a in args) and all(
        isinstance(v, Const) for v in kw.values()
    )
    if name in pure and consts:
        positional = [a.value for a in args]  # type: ignore[attr-defined]
        keywords = {k: v.value for k, v in kw.items()}  # type: ignore[attr-defined]
        try:
            result = getattr(text, name)(*positional, **keywords)
        except (TypeError, ValueError, IndexError, KeyError):
            return UNKNOWN
        return Const(result) if isinstance(result, str | bool) else UNKNOWN
    return UNKNOWN


def _position(seq: Seq, name: str, args: list[Value]) -> Value:
    """`NUM.index("Income")`, `names.count(c)` of a list of constants: the number."""
    if seq.items is None or len(args) != 1 or not isinstance(args[0], Const):
        return UNKNOWN
    if not all(isinstance(item, Const) for item in seq.items):
        return UNKNOWN
    values = [item.value for item in seq.items]  # type: ignore[attr-defined]
    wanted = args[0].value
    if name == "count":
        return Const(values.count(wanted))
    return Const(values.index(wanted)) if wanted in values else UNKNOWN
