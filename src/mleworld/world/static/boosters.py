"""LightGBM's own errors for the literal parameters of `lgb.train` / `lgb.cv`, and what
the Booster that `lgb.train` returns predicts.

LightGBM checks its parameters in C++ when training starts and raises its own
`LightGBMError` (a multiclass objective without `num_class`, an unknown
objective, conflicting settings). Where every parameter is a literal, the
installed LightGBM is asked directly: it trains two rounds on two small
synthetic sets whose labels suit the objective (numbers for regression, 0/1
for binary, `num_class` labels for multiclass). An error both sets raise with
the same text, while the same data trains with LightGBM's defaults, is the
parameters' doing and is reported with LightGBM's message. Objectives that
need more than labels (ranking groups, custom functions) are never asked.

`Booster.predict(X)` gives one number per row (a 1-D array) unless the objective is a
multiclass one: `pred[:, 1]` on a binary booster's prediction then raises numpy's
IndexError (lengths.too_many_indices).
"""

from __future__ import annotations

import ast
import contextlib
import io
import os
import sys
import warnings
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from mleworld.world.static import row_counts
from mleworld.world.static.params import exception_line, literal
from mleworld.world.static.values import UNKNOWN, DictVal, Instance, Value, VectorVal

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.9
_RANKING = ("lambdarank", "rank_xendcg", "xendcg", "rank")
_CACHE: dict[str, tuple[str, str] | None] = {}


def _labels(objective: str, rows: int, classes: int) -> Any:
    import numpy as np

    if objective.startswith(("binary", "cross_entropy", "xentropy")):
        return np.arange(rows) % 2
    if objective.startswith(("multiclass", "softmax", "multiclassova", "ova", "ovr")):
        return np.arange(rows) % classes
    return np.linspace(1.0, 5.0, rows)


@contextlib.contextmanager
def _silenced() -> Iterator[None]:
    """LightGBM's C++ side writes its fatal errors to the process's own stdout and stderr."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, 1)
        os.dup2(null, 2)
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            yield
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in (*saved, null):
            os.close(fd)


def _train(lgb: Any, params: dict[str, Any], X: Any, y: Any) -> BaseException | None:
    try:
        with _silenced():
            lgb.train(params, lgb.Dataset(X, y), num_boost_round=2)
    except Exception as exc:
        return exc
    return None


def _ask(params: dict[str, Any]) -> tuple[str, str] | None:
    import lightgbm as lgb
    import numpy as np

    objective = str(params.get("objective", params.get("application", "regression")))
    if any(objective.startswith(r) for r in _RANKING):
        return None
    classes = params.get("num_class", 3)
    classes = classes if isinstance(classes, int) and classes > 1 else 3
    quiet = {"verbose": -1, "num_threads": 1}
    found: set[str] = set()
    kinds: set[str] = set()
    rng = np.random.default_rng(0)
    for rows, cols in ((60, 4), (150, 7)):
        X = rng.random((rows, cols))
        y = _labels(objective, rows, classes)
        if _train(lgb, {"objective": "regression", **quiet}, X, np.linspace(1.0, 5.0, rows)):
            return None
        exc = _train(lgb, {**params, **{k: v for k, v in quiet.items() if k not in params}}, X, y)
        if exc is None:
            return None
        found.add(exception_line(exc))
        kinds.add(type(exc).__name__)
    if len(found) != 1 or len(kinds) != 1:
        return None
    return kinds.pop(), found.pop()


def check_train(walker: Walker, params_value: Value | None, node: ast.Call) -> None:
    """`lgb.train(params, ...)` / `lgb.cv(params, ...)` with literal params LightGBM rejects."""
    if not isinstance(params_value, DictVal):
        return
    params = literal(params_value)
    if not isinstance(params, dict) or any(callable(v) for v in params.values()):
        return
    key = repr(sorted(params.items()))
    if key not in _CACHE:
        try:
            import lightgbm  # noqa: F401
        except ImportError:
            return
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                _CACHE[key] = _ask(params)
            except Exception:
                _CACHE[key] = None
    found = _CACHE[key]
    if found is not None:
        walker.emit("boosters", found[0], found[1], node, CONFIDENCE)


_SKLEARN_API = ("LGBMRegressor", "LGBMClassifier")
_SKLEARN_CACHE: dict[tuple[str, str], tuple[str, str] | None] = {}
_DEFAULT_FITS: dict[tuple[str, str, int], bool] = {}  # (class, objective, rows): defaults fit


def is_sklearn_api(cls: type) -> bool:
    return str(cls.__module__).startswith("lightgbm") and cls.__name__ in _SKLEARN_API


def sklearn_api_error(cls: type, params: dict[str, Any]) -> tuple[str, str] | None:
    """The error `LGBMRegressor(**params).fit(X, y)` raises for literal params LightGBM
    rejects when training starts (a tweedie power of 2, conflicting settings), asked of
    the installed LightGBM as `check_train` asks it: two small synthetic sets, two rounds,
    the same error from both while the defaults fit them."""
    if not is_sklearn_api(cls) or any(callable(v) for v in params.values()):
        return None
    try:
        key = (cls.__name__, repr(sorted(params.items())))
    except TypeError:
        return None
    if key not in _SKLEARN_CACHE:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                _SKLEARN_CACHE[key] = _ask_sklearn_api(cls, params)
            except Exception:
                _SKLEARN_CACHE[key] = None
    return _SKLEARN_CACHE[key]


def _ask_sklearn_api(cls: type, params: dict[str, Any]) -> tuple[str, str] | None:
    import numpy as np

    default = "binary" if cls.__name__ == "LGBMClassifier" else "regression"
    objective = str(params.get("objective") or default)
    if any(objective.startswith(r) for r in _RANKING):
        return None
    quick = {"n_estimators": 2, "verbose": -1, "n_jobs": 1}
    found: set[tuple[str, str]] = set()
    rng = np.random.default_rng(0)
    for rows, cols in ((60, 4), (150, 7)):
        X = rng.random((rows, cols))
        y = _labels(objective, rows, 3)
        plain = (cls.__name__, objective, rows)
        if plain not in _DEFAULT_FITS:
            _DEFAULT_FITS[plain] = _fit(cls(**quick), X, y) is None
        if not _DEFAULT_FITS[plain]:
            return None
        exc = _fit(cls(**{**params, **quick}), X, y)
        if exc is None:
            return None
        found.add((type(exc).__name__, exception_line(exc).rstrip()))
    return found.pop() if len(found) == 1 else None


def _fit(model: Any, X: Any, y: Any) -> BaseException | None:
    try:
        with _silenced():
            model.fit(X, y)
    except Exception as exc:
        return exc
    return None


_OBJECTIVE_KEYS = ("objective", "objective_type", "app", "application", "loss")
_MULTICLASS = {"multiclass", "softmax", "multiclassova", "multiclass_ova", "ova", "ovr"}
_MATRIX_KWARGS = {"pred_leaf", "pred_contrib"}  # predictions with one column per tree/feature


def is_booster(cls: type) -> bool:
    return cls.__name__ == "Booster" and cls.__module__.startswith("lightgbm")


def trained(params_value: Value | None) -> Value:
    """What `lgb.train(params, ...)` returns: a Booster holding its literal params."""
    try:
        import lightgbm
    except ImportError:
        return UNKNOWN
    params = literal(params_value) if params_value is not None else {}
    booster = Instance(lightgbm.Booster, fitted=True)
    if isinstance(params, dict):
        booster.params["params"] = params
    return booster


def predicted(owner: Instance, args: list[Value], kw: dict[str, Value]) -> Value:
    """`booster.predict(X)`: a 1-D array of X's rows when the params say one output per row."""
    params = owner.params.get("params")
    if not isinstance(params, dict) or _MATRIX_KWARGS & set(kw) or len(args) > 1:
        return UNKNOWN
    objectives = [params[k] for k in _OBJECTIVE_KEYS if k in params]
    if not all(isinstance(o, str) for o in objectives) or set(objectives) & _MULTICLASS:
        return UNKNOWN
    classes = params.get("num_class", params.get("num_classes", 1))
    n = row_counts.samples(args[0] if args else kw.get("data", UNKNOWN))
    if classes != 1 or n is None:
        return UNKNOWN
    return VectorVal(n, numeric=True, flat=True)
