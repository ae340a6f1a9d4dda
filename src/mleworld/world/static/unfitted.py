"""An estimator used before any fit: scikit-learn's NotFittedError, or the AttributeError of
a fitted attribute (`search.best_params_`) it does not have yet.

The habits behind it: scoring a model with `cross_val_score(model, X, y)` (which fits
clones, never `model` itself) and then calling `model.predict`, or reading a search's
results before its `fit`. Analysis says so only where the program's text leaves no other
way: the name is bound once, by the constructor, and is otherwise only read as
`name.attribute` (never `name.fit...`), printed, or handed to functions that fit clones
of it (`cross_val_score`, a search). Anything else (a second binding, the model in a
list, a pipeline, an own function's argument) may fit it where the walk cannot see.

What the call or the attribute then raises is asked of scikit-learn: the same estimator,
built with the program's arguments and never fitted, used the same way on a few rows.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from mleworld.world.static import suggest
from mleworld.world.static.computed import quietly
from mleworld.world.static.params import _MISSING, exception_line, rebuild
from mleworld.world.static.values import Instance

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.9
# Methods that need a fit, called with a few rows (and a target for `score`).
_USES = frozenset(
    {"predict", "predict_proba", "predict_log_proba", "decision_function", "transform", "score"}
)
# Methods that fit the estimator itself.
_FITS = frozenset({"fit", "fit_transform", "fit_predict", "partial_fit", "set_params"})
# Callables that read or clone an estimator without fitting it.
_CLONING = frozenset(
    {
        "cross_val_score", "cross_validate", "cross_val_predict", "learning_curve",
        "validation_curve", "permutation_test_score", "clone", "GridSearchCV",
        "RandomizedSearchCV", "print", "repr", "str", "type", "isinstance",
    }
)  # fmt: skip


def check_method(walker: Walker, owner: Instance, name: str, node: ast.Call) -> None:
    """`model.predict(X)` of a model never fitted."""
    if owner.fitted or name not in _USES or not _plainly_unfitted(walker, owner, node.func):
        return
    real = rebuild(owner)
    if real is _MISSING:
        return
    import numpy as np
    from sklearn.exceptions import NotFittedError

    rows = np.zeros((4, 2))
    try:
        method = getattr(real, name)
        quietly(method, rows, np.zeros(4)) if name == "score" else quietly(method, rows)
    except NotFittedError as exc:
        walker.emit("unfitted", type(exc).__name__, exception_line(exc), node, CONFIDENCE)
    except Exception:  # noqa: BLE001 - anything else: not certain it is the fit that is missing
        return


def check_attribute(walker: Walker, owner: Instance, attr: str, node: ast.Attribute) -> None:
    """`search.best_params_` of a search never fitted: Python's AttributeError."""
    if owner.fitted or not _plainly_unfitted(walker, owner, node):
        return
    real = rebuild(owner)
    if real is _MISSING or hasattr(real, attr):
        return
    message = suggest.with_suggestion(
        f"AttributeError: '{owner.cls.__name__}' object has no attribute '{attr}'",
        suggest.best_match(attr, sorted(dir(real))),
    )
    walker.emit("unfitted", "AttributeError", message, node, CONFIDENCE)


def _plainly_unfitted(walker: Walker, owner: Instance, used: ast.expr) -> bool:
    """`used` is `name.attr` where the program's text binds `name` once, by calling the
    estimator's class, and never fits it."""
    if not isinstance(used, ast.Attribute) or not isinstance(used.value, ast.Name):
        return False
    return _never_fitted(walker.tree, used.value.id, owner.cls.__name__)


@lru_cache(maxsize=32)
def _never_fitted(tree: ast.Module, name: str, cls: str) -> bool:
    parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    stores = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.arg) and node.arg == name:
            return False
        if isinstance(node, ast.Global | ast.Nonlocal) and name in node.names:
            return False
        if not isinstance(node, ast.Name) or node.id != name:
            continue
        parent = parents.get(id(node))
        if isinstance(node.ctx, ast.Store):
            stores += 1
            if stores > 1 or not _constructed(parent, node, cls):
                return False
        elif not _read_only(parent, node, parents):
            return False
    return stores == 1


def _constructed(parent: Any, node: ast.Name, cls: str) -> bool:
    """`name = Estimator(...)`: the one binding calls the estimator's class."""
    if not (isinstance(parent, ast.Assign) and parent.targets == [node]):
        return False
    return isinstance(parent.value, ast.Call) and _called(parent.value) == cls


def _read_only(parent: Any, node: ast.Name, parents: dict[int, Any]) -> bool:
    """`name.attr` other than a fit, or an argument of a callable that fits only clones."""
    if isinstance(parent, ast.Attribute):
        return parent.attr not in _FITS
    if isinstance(parent, ast.keyword):
        parent = parents.get(id(parent))  # `cross_val_score(estimator=model, ...)`
    if isinstance(parent, ast.Call) and node is not parent.func:
        return _called(parent) in _CLONING
    return False


def _called(call: ast.Call) -> str | None:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
