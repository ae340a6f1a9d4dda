"""Parameter constraints of scikit-learn classes, checked by the installed library itself.

When a program constructs a scikit-learn class, the real class is constructed
with the arguments the program spelt as literals (scikit-learn constructors
only store them, by convention), and the library answers three questions:

* does the constructor itself raise (`KFold(random_state=1)` without shuffle)?
  Then the program raises there, with that message;
* does `_validate_params()`, which checks the class's declared
  `_parameter_constraints`, raise? Then `fit` raises `InvalidParameterError`;
* for cheap estimator families, does `fit` on two small synthetic datasets of
  different shapes raise the same error, while the class with its default
  parameters fits both? Then the literal parameters are an incompatible
  combination fit rejects (`LogisticRegression(penalty="l1")` with lbfgs),
  whatever the program's data; an error whose text or presence depends on
  the data is never reported.

The error found is kept on the `Instance` and reported where `fit` is called on
it, or on a pipeline or column transformer built from it. Messages are the
library's own text, never written here.
"""

from __future__ import annotations

import ast
import warnings
from typing import TYPE_CHECKING, Any

from mleworld.world.static import installed
from mleworld.world.static.values import (
    Const,
    DictVal,
    Instance,
    Keys,
    Number,
    Obj,
    Seq,
    Value,
    const_str,
    step_of,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONSTRUCT_CONFIDENCE = 0.93
VALIDATE_CONFIDENCE = 0.92
FIT_METHODS = frozenset({"fit", "fit_transform", "fit_predict", "fit_resample"})
# Classes whose fit on a few dozen rows costs milliseconds: only these are trial-fitted.
# Transformers are not trial-fitted: what they accept depends on the dtypes they are given.
_TRIAL_MODULES = (
    "sklearn.linear_model",
    "sklearn.svm",
    "sklearn.neighbors",
    "sklearn.naive_bayes",
    "sklearn.discriminant_analysis",
    "sklearn.tree",
    "sklearn.ensemble",
)
# Ensembles are trial-fitted with these few members and rounds, and one thread: the checks of
# a parameter combination come before any member is built, so what they raise is the same.
_CHEAP = {"n_estimators": 2, "max_iter": 2, "n_jobs": 1}
# An ensemble given only these (each checked alone by its declared constraints) is not
# trial-fitted: the combinations its fit rejects involve other parameters (bootstrap with
# max_samples or oob_score, early stopping's settings, losses).
_PLAIN = frozenset({
    "n_estimators", "max_iter", "n_jobs", "random_state", "verbose", "max_depth",
    "learning_rate", "min_samples_leaf", "min_samples_split", "max_features",
    "max_leaf_nodes", "class_weight", "subsample",
})  # fmt: skip
# Composites whose fit fits the instances they hold, in order, letting their errors through.
_COMPOSITES = frozenset({"Pipeline", "ColumnTransformer", "FeatureUnion"})
_MISSING = object()
_CACHE: dict[tuple[Any, ...], tuple[str, str, str] | None] = {}
_DEFAULT_FITS: dict[type, bool] = {}


def literal(value: Value) -> Any:
    """The Python object a value spells as a literal, else _MISSING."""
    if isinstance(value, Const):
        return value.value
    if isinstance(value, Obj) and isinstance(value.obj, int | float | str | bool):
        return value.obj  # np.inf, np.nan
    if isinstance(value, Number) and value.real is not None:
        return value.real  # a number analysis computed (`neg / pos` of the target's counts)
    if isinstance(value, Seq) and value.items is not None:
        items = [literal(v) for v in value.items]
        if any(i is _MISSING for i in items):
            return _MISSING
        return items if value.kind == "list" else tuple(items)
    if isinstance(value, DictVal) and value.closed:
        out = {k: literal(v) for k, v in value.items.items()}
        return _MISSING if any(v is _MISSING for v in out.values()) else out
    return _MISSING


def check_function(
    walker: Walker, func: Any, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> None:
    """A scikit-learn function's literal arguments its declared constraints refuse
    (`cross_val_score(..., scoring="rmse")`): the InvalidParameterError it raises, asked of
    scikit-learn's own validation of those arguments."""
    constraints = getattr(func, "_skl_parameter_constraints", None)
    if star or not isinstance(constraints, dict):
        return
    try:
        names = list(installed.signature(func).parameters)
    except (TypeError, ValueError):
        return
    given = {**dict(zip(names, args, strict=False)), **kw}
    plain = {k: literal(v) for k, v in given.items() if k in constraints}
    plain = {k: v for k, v in plain.items() if v is None or isinstance(v, str | int | float)}
    if not plain:
        return
    from sklearn.utils._param_validation import validate_parameter_constraints

    try:
        validate_parameter_constraints(
            {k: constraints[k] for k in plain}, plain, caller_name=func.__qualname__
        )
    except Exception as exc:
        if type(exc).__name__ == "InvalidParameterError":
            walker.emit(
                "params", type(exc).__name__, exception_line(exc), node, VALIDATE_CONFIDENCE
            )


def literal_or_type(value: Value) -> Any:
    """A literal, or a class the program names (`dtype=float`, `np.int64`), else _MISSING."""
    if isinstance(value, Obj) and isinstance(value.obj, type):
        return value.obj
    return literal(value)


def rebuild(value: Value) -> Any:
    """The real object the program builds, made again from the values the walk holds
    (an estimator, a pipeline, a column transformer and their selectors), else _MISSING.
    Only scikit-learn classes and plain literals are rebuilt; nothing is fitted here."""
    if isinstance(value, Instance):
        if not is_sklearn_class(value.cls):
            return _MISSING
        if value.factory is not None:
            func, args, kw = value.factory
            parts = [rebuild(a) for a in args]
            named = {k: rebuild(v) for k, v in kw.items()}
            if any(p is _MISSING for p in [*parts, *named.values()]):
                return _MISSING
            return _construct(func, parts, named)
        if not value.bound:
            return _MISSING
        named = {k: rebuild(v) for k, v in value.given.items()}
        return (
            _MISSING
            if any(v is _MISSING for v in named.values())
            else _construct(value.cls, [], named)
        )
    if isinstance(value, Seq) and value.items is not None:
        items = [rebuild(v) for v in value.items]
        if any(i is _MISSING for i in items):
            return _MISSING
        return items if value.kind == "list" else tuple(items)
    if isinstance(value, Keys) and value.many and value.exact and value.order is not None:
        return list(value.order)
    if isinstance(value, Obj) and _numeric_function(value.obj):
        return value.obj  # `func=np.log1p` of a TransformedTargetRegressor
    return literal_or_type(value)


def _numeric_function(obj: Any) -> bool:
    """numpy's functions of arrays (`np.log1p`, `np.expm1`): safe to hand a rebuilt step."""
    import numpy as np

    return isinstance(obj, np.ufunc)


def _construct(func: Any, args: list[Any], kw: dict[str, Any]) -> Any:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return func(*args, **kw)
    except Exception:
        return _MISSING


def exception_line(exc: BaseException) -> str:
    """The last line(s) Python prints for an uncaught exception."""
    kind = type(exc)
    module = kind.__module__
    name = (
        kind.__qualname__ if module in ("builtins", "__main__") else f"{module}.{kind.__qualname__}"
    )
    text = str(exc)
    return f"{name}: {text}" if text else name


def composes_steps(obj: Any) -> bool:
    """A scikit-learn pipeline, union or column transformer: it keeps its steps and calls
    their `fit` and `transform` (walked where it is fitted, callbacks.py), never changing
    what the program's own steps hold otherwise."""
    return is_sklearn_class(obj) and obj.__name__ in _COMPOSITES


def is_sklearn_class(obj: Any) -> bool:
    return isinstance(obj, type) and str(getattr(obj, "__module__", "")).startswith("sklearn.")


def instance(
    walker: Walker,
    cls: type,
    args: list[Value],
    kw: dict[str, Value],
    node: ast.Call,
    star: bool,
) -> Instance:
    """The Instance a call of library class `cls` gives, checked when it is scikit-learn's."""
    made = Instance(cls)
    if star:
        return made
    given = _bind(cls, args, kw)
    if given is None:
        return made
    made.given = given
    made.bound = True
    params = {name: literal(value) for name, value in given.items()}
    made.params = {k: v for k, v in params.items() if v is not _MISSING}
    made.inner = _inner_instances([*args, *kw.values()])
    complete = len(made.params) == len(params)
    if not is_sklearn_class(cls):
        if complete:
            from mleworld.world.static import boosters

            made.fit_error = boosters.sklearn_api_error(cls, made.params)
        return made
    if cls.__name__ == "ColumnTransformer":
        made.fit_error = first_inner_error(fitted_branches([*args, *kw.values()], named=True))
    elif cls.__name__ in _COMPOSITES:
        made.fit_error = first_inner_error(made.inner)
    found = _check(cls, made.params, complete)
    if found is None:
        return made
    stage, exc_type, message = found
    if stage == "construct":
        walker.emit("params", exc_type, message, node, CONSTRUCT_CONFIDENCE)
    elif made.fit_error is None:
        made.fit_error = (exc_type, message)
    return made


def check_fit(walker: Walker, owner: Instance, method: str, node: ast.Call) -> None:
    """Report the error a fit of `owner` raises, when one is known."""
    if method not in FIT_METHODS or owner.fit_error is None:
        return
    exc_type, message = owner.fit_error
    walker.emit("params", exc_type, message, node, VALIDATE_CONFIDENCE)


def branch_error_pending(ct: Instance) -> bool:
    """Whether a column transformer holds a branch whose parameter the library rejects,
    not reported at fit because the branch selects its columns only then."""
    return ct.fit_error is None and first_inner_error(ct.inner) is not None


def check_selected_branches(walker: Walker, ct: Instance, data: Any, node: ast.AST) -> None:
    """A column transformer fitted on known values, one of whose branches holds a parameter
    the library rejects but selects its columns at fit (`make_column_selector`, a callable;
    `branch_error_pending`): it is built again and fitted on those values, so the branch is
    fitted exactly when scikit-learn would fit it, and its InvalidParameterError is the run's."""
    made = rebuild(ct)
    if not hasattr(made, "fit"):
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            made.fit(data)
        except ValueError as exc:
            if type(exc).__name__ == "InvalidParameterError":
                line = exception_line(exc)
                walker.emit("params", type(exc).__name__, line, node, VALIDATE_CONFIDENCE)
        except Exception:
            return


def first_inner_error(inner: list[Instance]) -> tuple[str, str] | None:
    for item in inner:
        if item.fit_error is not None:
            return item.fit_error
    return None


def fitted_branches(values: list[Value], *, named: bool) -> list[Instance]:
    """The transformers of a column transformer's branches that its fit surely fits: those
    whose columns select something (a name, or a list of them). scikit-learn skips a branch
    that selects no column, so a branch selected by dtype (`make_column_selector`), by a
    callable or by an empty list may never be fitted, and its errors never raised.
    `named`: `(name, transformer, columns)` triples (ColumnTransformer), else
    `(transformer, columns)` pairs (make_column_transformer)."""
    out: list[Instance] = []
    for value in values:
        if not isinstance(value, Seq) or value.items is None:
            continue
        items = value.items
        if len(items) == (3 if named else 2) and value.kind == "tuple":
            step = step_of(items[-2])
            if step is not None and _selects_columns(items[-1]):
                out.append(step)
        elif value.kind == "list" or not named:
            out.extend(fitted_branches(items, named=named))
    return out


def _selects_columns(columns: Value) -> bool:
    if const_str(columns) is not None:
        return True
    names = columns.items if isinstance(columns, Seq) else None
    return bool(names) and all(const_str(n) is not None for n in names)  # type: ignore[union-attr]


def _inner_instances(values: list[Value]) -> list[Instance]:
    """The estimators inside a pipeline, union or column transformer, in order: the
    transformer of each `(name, step)` / `(name, step, columns)` tuple (a stand-in for one
    analysis does not model, the program's own class), and any estimator given directly."""
    out: list[Instance] = []
    for value in values:
        if isinstance(value, Instance):
            out.append(value)
        elif isinstance(value, Seq) and value.items is not None:
            items = value.items
            named = value.kind == "tuple" and len(items) in (2, 3) and const_str(items[0])
            if named:
                step = step_of(items[1])
                out.extend([step] if step is not None else [])
                out.extend(_inner_instances(items[2:]))
            else:
                out.extend(_inner_instances(items))
    return out


def _bind(cls: type, args: list[Value], kw: dict[str, Value]) -> dict[str, Value] | None:
    """Parameter name -> the value given for it; None when the call does not bind."""
    try:
        signature = installed.signature(cls)
        bound = signature.bind(*args, **kw)
    except (TypeError, ValueError):
        return None
    given = dict(bound.arguments)
    for name in bound.arguments:
        param = signature.parameters[name]
        if param.kind == param.VAR_KEYWORD and str(cls.__module__).startswith("lightgbm"):
            given.update(given.pop(name))  # LightGBM's own parameters, passed on to the booster
        elif param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            return None
    return given


def _check(cls: type, params: dict[str, Any], complete: bool) -> tuple[str, str, str] | None:
    """(stage, class name, message) of the first error the library raises, or None."""
    try:
        key: tuple[Any, ...] = (cls, complete, repr(sorted(params.items())))
    except Exception:
        return None
    if key in _CACHE:
        return _CACHE[key]
    found = _ask_library(cls, params, complete)
    _CACHE[key] = found
    return found


def _ask_library(cls: type, params: dict[str, Any], complete: bool) -> tuple[str, str, str] | None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            obj = cls(**params)
        except TypeError:
            return None  # a keyword the class lacks: kwargs.py's finding
        except Exception as exc:
            return ("construct", type(exc).__name__, exception_line(exc)) if complete else None
        validate = getattr(obj, "_validate_params", None)
        if callable(validate) and getattr(cls, "_parameter_constraints", None) is not None:
            try:
                validate()
            except Exception as exc:
                return "fit", type(exc).__name__, exception_line(exc)
        if complete and params and _trial_worthy(cls) and not _plain_ensemble(cls, params):
            return _trial_fit(cls, params)
    return None


def _trial_worthy(cls: type) -> bool:
    if not str(cls.__module__).startswith(_TRIAL_MODULES) or not hasattr(cls, "fit"):
        return False
    try:
        from sklearn.base import BaseEstimator
    except ImportError:
        return False
    if not issubclass(cls, BaseEstimator):
        return False
    from sklearn.base import is_classifier, is_regressor

    try:
        probe = cls()
    except Exception:
        return False
    return bool(is_classifier(probe) or is_regressor(probe))


def _datasets(cls: type) -> list[tuple[Any, Any]]:
    import numpy as np
    from sklearn.base import is_classifier

    classifier = is_classifier(cls())
    rng = np.random.default_rng(0)
    out = []
    for rows, cols, classes in ((60, 5, 2), (150, 8, 3)):
        X = rng.random((rows, cols))
        y = np.arange(rows) % classes if classifier else X @ rng.random(cols) + 1.0
        out.append((X, y))
    return out


def _plain_ensemble(cls: type, params: dict[str, Any]) -> bool:
    return str(cls.__module__).startswith("sklearn.ensemble") and set(params) <= _PLAIN


def _cheap(cls: type, params: dict[str, Any]) -> Any:
    """The estimator built for a trial fit: an ensemble with few members."""
    made = cls(**params)
    if str(cls.__module__).startswith("sklearn.ensemble"):
        known = made.get_params(deep=False)
        made.set_params(**{k: v for k, v in _CHEAP.items() if k in known})
    return made


def _fit_error(obj: Any, X: Any, y: Any) -> BaseException | None:
    try:
        obj.fit(X, y)
    except Exception as exc:
        return exc
    return None


def _trial_fit(cls: type, params: dict[str, Any]) -> tuple[str, str, str] | None:
    try:
        data = _datasets(cls)
        if cls not in _DEFAULT_FITS:
            _DEFAULT_FITS[cls] = all(_fit_error(_cheap(cls, {}), X, y) is None for X, y in data)
    except Exception:
        _DEFAULT_FITS[cls] = False
    if not _DEFAULT_FITS[cls]:
        return None
    lines = set()
    kinds = set()
    for X, y in data:
        exc = _fit_error(_cheap(cls, params), X, y)
        if exc is None:
            return None
        lines.add(exception_line(exc))
        kinds.add(type(exc).__name__)
    if len(lines) != 1 or len(kinds) != 1:
        return None  # the text depends on the data: not the parameters' doing alone
    return "fit", kinds.pop(), lines.pop()


def fitted_attributes(cls: type, params: dict[str, Any]) -> list[frozenset[str]] | None:
    """The attribute names a trial-worthy estimator has after fitting on each trial dataset
    with these parameters (None when it is not trial-fitted or a fit fails)."""
    key = ("attrs", cls, repr(sorted(params.items())))
    if key in _ATTRS:
        return _ATTRS[key]
    found: list[frozenset[str]] | None = None
    if _trial_worthy(cls):
        found = []
        try:
            for X, y in _datasets(cls):
                obj = _cheap(cls, params)
                if _fit_error(obj, X, y) is not None:
                    found = None
                    break
                found.append(frozenset(dir(obj)))
        except Exception:
            found = None
    _ATTRS[key] = found
    return found


_ATTRS: dict[tuple[Any, ...], list[frozenset[str]] | None] = {}
