"""Attributes that do not exist on imported modules and on instances of library classes.

`np.arrray` is looked up on the real numpy module (its `__getattr__`, if any,
runs, so lazy loaders and deprecation errors answer for themselves); a name
that is neither an attribute nor a submodule raises AttributeError with the
message the module gives, plus CPython's "Did you mean" from `dir(module)`.
A method called on an instance of a library class (`model.predict_probas(X)`)
is checked against the class: reported only for calls, never for plain reads,
since fitted attributes appear on instances after `fit` and a constructor may set
attributes it takes no parameter for (LightGBM's `Booster.best_iteration`). Modules analysis may
not load (imports.py) are never checked.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import types
import warnings
from typing import TYPE_CHECKING

from mleworld.world.static import (
    encoders,
    imports,
    lengths,
    result_keys,
    suggest,
    torch_calls,
    type_limits,
    unfitted,
)
from mleworld.world.static import params as params_mod
from mleworld.world.static.values import (
    UNKNOWN,
    Const,
    DictVal,
    Instance,
    Method,
    ModuleVal,
    Obj,
    Seq,
    Value,
    const_str,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

MODULE_CONFIDENCE = 0.95
INSTANCE_CONFIDENCE = 0.85


def module_attribute(walker: Walker, base: ModuleVal, attr: str, node: ast.AST) -> Value:
    module = base.module
    full = f"{base.name}.{attr}"
    if module is None:
        if full in walker.imported:
            return ModuleVal(full, None)
        return torch_calls.named(full) or UNKNOWN
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = getattr(module, attr)
    except AttributeError as exc:
        return _missing(walker, module, attr, exc, node)
    except Exception:
        return UNKNOWN
    if isinstance(value, types.ModuleType):
        return ModuleVal(value.__name__, value)
    if type(value) in (int, float):
        return Const(value)  # `np.pi`, `math.e`, `np.nan`: a number arithmetic folds
    return Obj(value, full)


def _missing(
    walker: Walker, module: types.ModuleType, attr: str, exc: AttributeError, node: ast.AST
) -> Value:
    submodule = f"{module.__name__}.{attr}"
    if hasattr(module, "__path__"):
        status = imports.status(submodule)
        if not isinstance(status, imports.Missing):
            return ModuleVal(submodule, status)  # a submodule not imported yet
    if attr in walker.files.attr_stores:
        return UNKNOWN  # the program sets it itself
    walker.emit("module_attrs", "AttributeError", attribute_message(exc), node, MODULE_CONFIDENCE)
    return UNKNOWN


def attribute_message(exc: AttributeError) -> str:
    """What Python prints for an AttributeError raised by a real lookup."""
    suggestion = None
    name, obj = getattr(exc, "name", None), getattr(exc, "obj", None)
    if isinstance(name, str) and obj is not None:
        try:
            suggestion = suggest.best_match(name, dir(obj))
        except Exception:
            suggestion = None
    return "AttributeError: " + suggest.with_suggestion(str(exc), suggestion)


def object_attribute(base: Obj, attr: str) -> Value:
    """An attribute of a library class or function (`pd.DataFrame.from_dict`); no checks."""
    obj = base.obj
    field = type_limits.limit(obj, attr)  # `np.finfo(np.float32).min`
    if field is not None:
        return field
    if not isinstance(obj, type | types.FunctionType | types.BuiltinFunctionType):
        return UNKNOWN
    try:
        value = getattr(obj, attr)
    except Exception:
        return UNKNOWN
    if isinstance(value, types.ModuleType):
        return ModuleVal(value.__name__, value)
    if attr in ("__name__", "__qualname__", "__module__") and isinstance(value, str):
        return Const(value)  # `type(model).__name__ == "LinearSVC"`
    return Obj(value, f"{base.path}.{attr}")


def instance_attribute(walker: Walker, base: Instance, attr: str, node: ast.AST) -> Value:
    cls = base.cls
    if attr == "__class__":
        return Obj(cls, cls.__name__)
    try:
        static = inspect.getattr_static(cls, attr)
    except AttributeError:
        pass
    else:
        if callable(static) or isinstance(static, staticmethod | classmethod):
            return Method(base, attr, static)
        if attr in lengths.PREDICTS:
            _check_available(walker, base, attr, node)
            return Method(base, attr)  # an `available_if` descriptor: Pipeline.predict_proba
        if attr == "set_output":  # a transformer's `available_if` descriptor (encoders.py)
            return Method(base, attr)
        return UNKNOWN
    if attr.endswith("_") and not attr.startswith("_") and not base.fitted:
        unfitted.check_attribute(walker, base, attr, node)  # type: ignore[arg-type]
    if attr.endswith("_") and not attr.startswith("_") and base.fitted:
        _fitted_attribute(walker, base, attr, node)
        if attr == "cv_results_":
            return result_keys.search_results(base)
        if attr == "named_estimators_":
            return _named_estimators(base)
        return encoders.fitted_attribute(base, attr)
    if attr.startswith("_") or attr.endswith("_") or id(node) not in walker.files.call_funcs:
        return UNKNOWN
    if inspect.getattr_static(cls, "__getattr__", None) is not None:
        return UNKNOWN
    params = _init_params(cls)
    if params is None or attr in params:
        return UNKNOWN
    candidates = sorted(set(dir(cls)) | params)
    message = suggest.with_suggestion(
        f"AttributeError: '{cls.__name__}' object has no attribute '{attr}'",
        suggest.best_match(attr, candidates),
    )
    walker.emit("module_attrs", "AttributeError", message, node, INSTANCE_CONFIDENCE)
    return UNKNOWN


_ENSEMBLES = frozenset(
    {"StackingClassifier", "StackingRegressor", "VotingClassifier", "VotingRegressor"}
)


def _named_estimators(base: Instance) -> Value:
    """`stack.named_estimators_` of a fitted stacking or voting ensemble: its estimators by
    name, each fitted (`stack.named_estimators_["hgb"].feature_importances_` is then judged
    as that estimator's attribute)."""
    given = base.given.get("estimators")
    if base.cls.__name__ not in _ENSEMBLES or not isinstance(given, Seq) or given.items is None:
        return UNKNOWN
    named: dict[str, Value] = {}
    for item in given.items:
        pair = item.items if isinstance(item, Seq) else None
        if pair is None or len(pair) != 2 or not isinstance(pair[0], Const):
            return UNKNOWN
        name, estimator = pair[0].value, pair[1]
        if not isinstance(name, str):
            return UNKNOWN
        if isinstance(estimator, Instance):
            named[name] = dataclasses.replace(estimator, fitted=True)  # its fitted clone
    return DictVal(named)


def _check_available(walker: Walker, base: Instance, attr: str, node: ast.AST) -> None:
    """`model.predict_proba` where scikit-learn makes the method depend on the parameters
    (an `available_if` descriptor: SVC without probability=True, a Pipeline whose last
    step has no such method): the estimator is built again from the program's literal
    arguments and asked, and its AttributeError is the run's."""
    from mleworld.world.static.params import rebuild

    made = rebuild(base)
    if not hasattr(type(made), attr):
        return  # not rebuilt (a non-literal argument): nothing is known
    try:
        getattr(made, attr)
    except AttributeError as exc:
        walker.emit(
            "module_attrs", "AttributeError", attribute_message(exc), node, INSTANCE_CONFIDENCE
        )
    except Exception:
        return


def has_attribute(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`hasattr(model, "predict_proba")` of a library instance, decided where the class
    decides it: a method the class defines (or an `available_if` one, asked of the estimator
    built again from the program's literal arguments), or a name neither the class nor its
    constructor has. Fitted (`coef_`) and private names are left open."""
    if star or kw or len(args) != 2 or not isinstance(args[0], Instance):
        return UNKNOWN
    attr = const_str(args[1])
    if attr is None or attr.startswith("_"):
        return UNKNOWN
    if attr.endswith("_"):
        return _has_fitted(args[0], attr)
    cls = args[0].cls
    try:
        static = inspect.getattr_static(cls, attr)
    except AttributeError:
        if inspect.getattr_static(cls, "__getattr__", None) is not None:
            return UNKNOWN
        params = _init_params(cls)
        return UNKNOWN if params is None or attr in params else Const(False)
    if callable(static) or isinstance(static, staticmethod | classmethod):
        return Const(True)
    final = _final_step(args[0])
    if final is not None:  # a pipeline has `predict_proba` when its last step has it
        return has_attribute(walker, [final, args[1]], kw, node, star)
    made = params_mod.rebuild(args[0])
    if not hasattr(type(made), attr):
        return UNKNOWN  # not rebuilt (a non-literal argument): nothing is known
    try:
        return Const(hasattr(made, attr))
    except Exception:
        return UNKNOWN


def _final_step(base: Instance) -> Instance | None:
    """The last step of a scikit-learn Pipeline the walk holds, whose methods it exposes."""
    if base.cls.__name__ != "Pipeline":
        return None
    steps = base.given.get("steps")
    last: Value | None = None
    if isinstance(steps, Seq) and steps.items:  # Pipeline([..., ("model", m)])
        pair = steps.items[-1]
        if isinstance(pair, Seq) and pair.items and len(pair.items) == 2:
            last = pair.items[1]
    elif base.factory is not None and base.factory[1]:  # make_pipeline(..., m)
        last = base.factory[1][-1]
    if not isinstance(last, Instance):
        return None
    return last if last.cls.__module__.startswith(("sklearn", "lightgbm")) else None


def _has_fitted(base: Instance, attr: str) -> Value:
    """`hasattr(model, "coef_")` after a walked fit: what every trial fit of the estimator,
    with the program's literal parameters, agrees on (nothing before a fit, or when the
    fits disagree or the parameters are not all literals)."""
    found = _trial_attributes(base, attr) if base.fitted else None
    if not found:
        return UNKNOWN
    has = {attr in names for names in found}
    return Const(has.pop()) if len(has) == 1 else UNKNOWN


def type_of(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`type(model)` of a library instance: its class."""
    if star or kw or len(args) != 1 or not isinstance(args[0], Instance):
        return UNKNOWN
    return Obj(args[0].cls, args[0].cls.__name__)


def is_instance(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`isinstance(model, LogisticRegression)` of a library instance: its class decides."""
    if star or kw or len(args) != 2 or not isinstance(args[0], Instance):
        return UNKNOWN
    kinds = args[1].items if isinstance(args[1], Seq) else [args[1]]
    if kinds is None or not all(isinstance(k, Obj) and isinstance(k.obj, type) for k in kinds):
        return UNKNOWN
    return Const(issubclass(args[0].cls, tuple(k.obj for k in kinds)))  # type: ignore[union-attr]


# set by fit only when X is a frame with text column names, which the trial data is not
_DATA_ATTRS = frozenset({"feature_names_in_"})


def _fitted_attribute(walker: Walker, base: Instance, attr: str, node: ast.AST) -> None:
    """`model.feature_importances_` of a fitted LogisticRegression: no fit ever sets it.

    The estimator is fitted for real on the trial datasets with the program's literal
    parameters; an attribute none of those fits sets is missing, and Python's suggestion
    is judged with and without the attributes only a frame's fit adds (when they would
    change it, nothing is said)."""
    found = _trial_attributes(base, attr)
    if not found or any(attr in names for names in found):
        return
    names = sorted(found[0])
    suggestions = {
        suggest.best_match(attr, names),
        suggest.best_match(attr, sorted(set(names) | _DATA_ATTRS)),
    }
    if len(suggestions) != 1 or len({frozenset(n) for n in found}) != 1:
        return
    message = suggest.with_suggestion(
        f"AttributeError: '{base.cls.__name__}' object has no attribute '{attr}'",
        suggestions.pop(),
    )
    walker.emit("module_attrs", "AttributeError", message, node, INSTANCE_CONFIDENCE)


def _trial_attributes(base: Instance, attr: str) -> list[frozenset[str]] | None:
    """The attribute names of the estimator after each trial fit (params.fitted_attributes),
    where they can speak for `attr`: the parameters are all literals and the attribute is not
    one only a frame's fit sets."""
    if attr in _DATA_ATTRS or len(base.params) != len(base.given):
        return None
    return params_mod.fitted_attributes(base.cls, base.params)


def _init_params(cls: type) -> set[str] | None:
    """The names an instance may carry from its constructor; None when any name may appear."""
    init = cls.__init__
    code = getattr(init, "__code__", None)
    if code is None:
        return set() if init is object.__init__ else None
    if code.co_flags & (inspect.CO_VARKEYWORDS | inspect.CO_VARARGS):
        return None
    return set(code.co_varnames[: code.co_argcount + code.co_kwonlyargcount])
