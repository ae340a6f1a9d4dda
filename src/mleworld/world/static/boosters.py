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

`lgb.cv` returns its metric histories keyed "valid l2-mean" in LightGBM 4 (LightGBM 3
wrote "l2-mean", the key older code and its readers still ask for): a literal key that
does not start as the installed LightGBM's keys do is Python's KeyError (result_keys.py).
How they start is asked of LightGBM itself, on a tiny set (`history_prefixes`).
`lgb.train` with early stopping and no `valid_sets` raises LightGBM's ValueError.
`Dataset.get_data()` gives the rows back only from a Dataset built with
`free_raw_data=False` and constructed (by `lgb.train`, as its training or a validation
set): LightGBM refuses before the construction, and after it once the raw data is freed
(the default), in words asked of it (`get_data_refusal`).
"""

from __future__ import annotations

import ast
import contextlib
import io
import os
import sys
import warnings
from collections.abc import Callable, Iterator
from functools import cache, partial
from typing import TYPE_CHECKING, Any

from mleworld.world.static import row_counts
from mleworld.world.static.params import exception_line, literal
from mleworld.world.static.values import (
    UNKNOWN,
    Const,
    DictVal,
    Instance,
    ResultKeys,
    Seq,
    Value,
    VectorVal,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.9
_RANKING = ("lambdarank", "rank_xendcg", "xendcg", "rank")
_CACHE: dict[tuple[str, str], tuple[str, str] | None] = {}  # (kind, params) -> error
_DEFAULT_FITS: dict[tuple[str, str, int], bool] = {}  # (class, objective, rows): defaults fit


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


Attempt = Callable[[Any, Any, bool], "BaseException | None"]  # (X, y, with defaults) -> error


def _raised(run: Callable[[], Any]) -> BaseException | None:
    """What `run()` raises, LightGBM's own output silenced; None when it runs."""
    try:
        with _silenced():
            run()
    except Exception as exc:
        return exc
    return None


def _ask(objective: str, classes: int, attempt: Attempt) -> tuple[str, str] | None:
    """(class, message) of the error two small synthetic sets both raise alike with the
    program's parameters, while LightGBM's defaults train on them; None otherwise."""
    import numpy as np

    if any(objective.startswith(r) for r in _RANKING):
        return None
    found: set[tuple[str, str]] = set()
    rng = np.random.default_rng(0)
    for rows, cols in ((60, 4), (150, 7)):
        X = rng.random((rows, cols))
        y = _labels(objective, rows, classes)
        if attempt(X, y, True) is not None:
            return None
        exc = attempt(X, y, False)
        if exc is None:
            return None
        found.add((type(exc).__name__, exception_line(exc).rstrip()))
    return found.pop() if len(found) == 1 else None


def _asked(
    key: tuple[str, str], ask: Callable[[], tuple[str, str] | None]
) -> tuple[str, str] | None:
    """`ask()`'s answer, once per key (a class and the parameters' repr)."""
    if key not in _CACHE:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                _CACHE[key] = ask()
            except Exception:
                _CACHE[key] = None
    return _CACHE[key]


def _train_params(params: dict[str, Any]) -> tuple[str, str] | None:
    """What `lgb.train(params, ...)` raises on the synthetic sets."""
    import lightgbm as lgb
    import numpy as np

    quiet = {"verbose": -1, "num_threads": 1}
    given = {**params, **{k: v for k, v in quiet.items() if k not in params}}

    def attempt(X: Any, y: Any, defaults: bool) -> BaseException | None:
        if defaults:  # LightGBM's default regression on numbers: the same for every params
            key = ("train", "regression", len(X))
            if key not in _DEFAULT_FITS:
                target = np.linspace(1.0, 5.0, len(X))
                plain = {"objective": "regression", **quiet}
                run = partial(lgb.train, plain, lgb.Dataset(X, target), num_boost_round=2)
                _DEFAULT_FITS[key] = _raised(run) is None
            return None if _DEFAULT_FITS[key] else Exception("the defaults do not fit")
        return _raised(lambda: lgb.train(given, lgb.Dataset(X, y), num_boost_round=2))

    objective = str(params.get("objective", params.get("application", "regression")))
    classes = params.get("num_class", 3)
    classes = classes if isinstance(classes, int) and classes > 1 else 3
    return _ask(objective, classes, attempt)


def check_train(walker: Walker, params_value: Value | None, node: ast.Call) -> None:
    """`lgb.train(params, ...)` / `lgb.cv(params, ...)` with literal params LightGBM rejects."""
    if not isinstance(params_value, DictVal):
        return
    params = literal(params_value)
    if not isinstance(params, dict) or any(callable(v) for v in params.values()):
        return
    try:
        import lightgbm  # noqa: F401
    except ImportError:
        return
    found = _asked(("train", repr(sorted(params.items()))), lambda: _train_params(params))
    if found is not None:
        walker.emit("boosters", found[0], found[1], node, CONFIDENCE)


_SKLEARN_API = ("LGBMRegressor", "LGBMClassifier")


def is_sklearn_api(cls: type) -> bool:
    return str(cls.__module__).startswith("lightgbm") and cls.__name__ in _SKLEARN_API


def sklearn_api_error(cls: type, params: dict[str, Any]) -> tuple[str, str] | None:
    """The error `LGBMRegressor(**params).fit(X, y)` raises for literal params LightGBM
    rejects when training starts (a tweedie power of 2, conflicting settings), asked of
    the installed LightGBM as `check_train` asks it (two rounds each)."""
    if not is_sklearn_api(cls) or any(callable(v) for v in params.values()):
        return None
    try:
        key = (cls.__name__, repr(sorted(params.items())))
    except TypeError:
        return None
    default = "binary" if cls.__name__ == "LGBMClassifier" else "regression"
    objective = str(params.get("objective") or default)
    quick = {"n_estimators": 2, "verbose": -1, "n_jobs": 1}

    def attempt(X: Any, y: Any, defaults: bool) -> BaseException | None:
        if not defaults:
            return _raised(lambda: cls(**{**params, **quick}).fit(X, y))
        plain = (cls.__name__, objective, len(X))
        if plain not in _DEFAULT_FITS:
            _DEFAULT_FITS[plain] = _raised(lambda: cls(**quick).fit(X, y)) is None
        return None if _DEFAULT_FITS[plain] else Exception("the defaults do not fit")

    return _asked(key, lambda: _ask(objective, 3, attempt))


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


def _tiny_regression() -> tuple[Any, dict[str, Any]]:
    """A LightGBM training set of 40 numbers and quiet regression params, to ask LightGBM with."""
    import lightgbm as lgb
    import numpy as np

    X = np.arange(40.0).reshape(-1, 1)
    params = {"objective": "regression", "verbose": -1, "num_threads": 1, "min_data_in_leaf": 2}
    return lgb.Dataset(X, X.ravel()), params


@cache
def history_prefixes() -> tuple[str, ...] | None:
    """The words the installed LightGBM's `cv` puts before a metric in its result's keys
    ("valid ", "train "); None when some key has none (LightGBM 3) or it cannot be asked."""
    try:
        import lightgbm as lgb

        data, params = _tiny_regression()
        with _silenced(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            folds = {"nfold": 2, "stratified": False}
            keys = list(lgb.cv(params, data, num_boost_round=1, eval_train_metric=True, **folds))
    except Exception:
        return None
    if not keys or any(" " not in key for key in keys):
        return None
    return tuple(sorted({key.split(" ", 1)[0] + " " for key in keys}))


def histories(kw: dict[str, Value]) -> Value:
    """What `lgb.cv(...)` returns, when the installed LightGBM says how its keys start."""
    prefixes = history_prefixes()
    booster = literal(kw.get("return_cvbooster", Const(False)))
    if prefixes is None or booster not in (True, False, None):
        return UNKNOWN
    return ResultKeys(prefixes, frozenset({"cvbooster"} if booster else ()))


_EARLY_STOPPING_PARAMS = ("early_stopping_round", "early_stopping_rounds", "early_stopping")


def check_early_stopping(
    walker: Walker,
    params_value: Value | None,
    args: list[Value],
    kw: dict[str, Value],
    node: ast.Call,
) -> None:
    """`lgb.train(params, train_set, callbacks=[lgb.early_stopping(50)])` with no `valid_sets`:
    early stopping has nothing to watch, and LightGBM refuses (in its own words, asked of it)."""
    if len(args) > 3 or "valid_sets" in kw or any(k.arg is None for k in node.keywords):
        return
    params = literal(params_value) if params_value is not None else {}
    rounds = [params.get(k) for k in _EARLY_STOPPING_PARAMS] if isinstance(params, dict) else []
    by_params = any(isinstance(r, int) and not isinstance(r, bool) and r > 0 for r in rounds)
    if by_params or _early_stopping_callback(node):
        message = _early_stopping_refusal()
        if message is not None:
            walker.emit("boosters", "ValueError", message, node, CONFIDENCE)


def _early_stopping_callback(node: ast.Call) -> bool:
    """The call's `callbacks=[...]` list names `early_stopping(...)` (lgb.early_stopping)."""
    for keyword in node.keywords:
        if keyword.arg == "callbacks" and isinstance(keyword.value, ast.List | ast.Tuple):
            for item in keyword.value.elts:
                if isinstance(item, ast.Call) and ast.unparse(item.func).endswith("early_stopping"):
                    return True
    return False


@cache
def _early_stopping_refusal() -> str | None:
    """What the installed LightGBM raises for early stopping without a validation set."""
    try:
        import lightgbm as lgb
    except ImportError:
        return None
    data, params = _tiny_regression()
    exc = _raised(lambda: lgb.train(params, data, 2, callbacks=[lgb.early_stopping(1)]))
    return exception_line(exc) if isinstance(exc, ValueError) else None


def _is_dataset(cls: type) -> bool:
    return cls.__name__ == "Dataset" and str(cls.__module__).startswith("lightgbm")


def constructed(args: list[Value], kw: dict[str, Value]) -> None:
    """`lgb.train(params, train_set, valid_sets=[...])` constructs its Datasets (their
    `fitted` flag, read by `check_get_data`)."""
    train_set = args[1] if len(args) > 1 else kw.get("train_set", UNKNOWN)
    valid = args[3] if len(args) > 3 else kw.get("valid_sets", UNKNOWN)
    for value in [train_set, *(valid.items or [] if isinstance(valid, Seq) else [])]:
        if isinstance(value, Instance) and _is_dataset(value.cls):
            value.fitted = True


def check_get_data(walker: Walker, owner: Instance, method: str, node: ast.Call) -> None:
    """`ds.get_data()` of a Dataset LightGBM will not give its rows back from."""
    if method != "get_data" or not _is_dataset(owner.cls) or not owner.bound:
        return
    free = literal(owner.given.get("free_raw_data", Const(True)))
    if free not in (True, False):
        return
    if owner.fitted and not free:
        return  # constructed with its raw data kept: the rows come back
    message = get_data_refusal(owner.fitted)
    if message is not None:
        walker.emit("boosters", "LightGBMError", message, node, CONFIDENCE)


@cache
def get_data_refusal(built: bool) -> str | None:
    """What the installed LightGBM raises for `get_data()` of a Dataset freed after its
    construction (`built`), or of one not constructed yet."""
    try:
        import lightgbm as lgb
    except ImportError:
        return None
    data, params = _tiny_regression()
    if built and _raised(lambda: lgb.train(params, data, 1)) is not None:
        return None
    exc = _raised(data.get_data)
    return exception_line(exc) if exc is not None else None
