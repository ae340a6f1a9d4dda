"""Dicts a library returns whose keys follow its rules, and a key a program reads that
they do not have: Python's KeyError.

- `lightgbm.cv`'s metric histories: "valid l2-mean" in LightGBM 4, where code written for
  LightGBM 3 reads "l2-mean" (boosters.history_prefixes);
- `cross_validate`'s scores: "test_score", or "test_<name>" for each of several scorers
  (`scores["test_accuracy"]` of a single scorer fails);
- a fitted search's `cv_results_`: "mean_test_score", "param_<name>", "split<k>_test_score"
  (`cv_results_["mean_test_accuracy"]` of a single scorer fails).

The keys are asked of scikit-learn itself: the same call with the program's literal options
(`scoring`, `return_train_score`, ...), on a few rows of made-up data.
"""

from __future__ import annotations

import ast
import dataclasses
from functools import cache
from typing import TYPE_CHECKING, Any

from mleworld.world.static.computed import quietly
from mleworld.world.static.params import literal
from mleworld.world.static.row_counts import MISSING
from mleworld.world.static.values import (
    UNKNOWN,
    Const,
    Instance,
    Repeated,
    ResultKeys,
    Value,
    const_str,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.9
# The options that decide which keys the results hold.
_CROSS_VALIDATE = ("scoring", "return_train_score", "return_estimator", "return_indices")
_SEARCH = ("scoring", "return_train_score")
_SEARCHES = ("GridSearchCV", "RandomizedSearchCV")


def check_key(walker: Walker, result: ResultKeys, key: Value, node: ast.Subscript) -> None:
    """`result["l2-mean"]`: a literal key the result does not have."""
    name = const_str(key)
    if name is not None and not name.startswith(result.prefixes) and name not in result.names:
        walker.emit("columns", "KeyError", f"KeyError: {name!r}", node, CONFIDENCE)


def cross_validate_keys(kw: dict[str, Value], estimator: Value = UNKNOWN) -> Value:
    """What `cross_validate(...)` returns, when its options are literals; with
    `return_estimator=True`, its "estimator" key holds a fitted clone of `estimator` per fold."""
    options = _options(kw, _CROSS_VALIDATE)
    names = _asked("cross_validate", options) if options is not None else None
    if names is None:
        return UNKNOWN
    values: dict[str, Value] = {}
    if "estimator" in names and isinstance(estimator, Instance):
        values["estimator"] = Repeated(dataclasses.replace(estimator, fitted=True))
    return ResultKeys((), names, values)


def item(result: ResultKeys, key: Value) -> Value:
    """`result["estimator"]`: the key's value where known."""
    name = const_str(key)
    return result.values.get(name, UNKNOWN) if name is not None else UNKNOWN


def search_results(search: Instance) -> Value:
    """A fitted search's `cv_results_`, when its options are literals."""
    if search.cls.__name__ not in _SEARCHES or not search.fitted:
        return UNKNOWN
    options = _options(search.given, _SEARCH)
    names = _asked("search", options) if options is not None else None
    if names is None:
        return UNKNOWN
    kept = frozenset(n for n in names if not n.startswith(("param_", "split")))
    return ResultKeys(("param_", "split"), kept)


def _options(given: dict[str, Value], names: tuple[str, ...]) -> tuple[tuple[str, Any], ...] | None:
    """The deciding options as a hashable tuple of literals; None when one is not a literal."""
    out = []
    for name in names:
        value = literal(given.get(name, Const(None)))
        if value is MISSING:
            return None
        if isinstance(value, dict):  # scoring={"auc": "roc_auc", ...}: a frozen copy
            value = _Named(value.items())
        out.append((name, tuple(value) if isinstance(value, list) else value))
    return tuple(out)


class _Named(tuple):  # type: ignore[type-arg]
    """A dict of literals as a hashable option (`scoring={"auc": "roc_auc"}`)."""


@cache
def _asked(kind: str, options: tuple[tuple[str, Any], ...]) -> frozenset[str] | None:
    """The keys scikit-learn's own call returns with these options on made-up data."""
    import numpy as np
    from sklearn.dummy import DummyClassifier
    from sklearn.model_selection import GridSearchCV, cross_validate

    X, y = np.arange(16.0).reshape(-1, 1), np.array([0, 1] * 8)
    given = {
        k: dict(v) if isinstance(v, _Named) else list(v) if isinstance(v, tuple) else v
        for k, v in options
        if v is not None
    }
    try:
        if kind == "cross_validate":
            result = quietly(cross_validate, DummyClassifier(), X, y, cv=2, **given)
        else:
            search = GridSearchCV(DummyClassifier(), {"strategy": ["prior"]}, cv=2, **given)
            result = quietly(search.fit, X, y).cv_results_
    except Exception:
        return None
    return frozenset(result)
