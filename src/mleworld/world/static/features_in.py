"""The features a fitted model expects: predicting on another width or other column names.

A model remembers what its last fit saw: how many columns, and their names when it was
a DataFrame. Predicting on data of another width (`pd.get_dummies` run on train and test
apart, a column dropped from one of them) or, for scikit-learn, on a frame whose column
names differ, raises: scikit-learn's "X has 22 features, but RandomForestRegressor is
expecting 23 features as input." or "The feature names should match those that were
passed during fit. ...", LightGBM's own "The number of features in data (22) is not the
same as it was in training data (23)." on a frame.

Where both widths are known (a frame whose columns the walk knows exactly, or the array
`.values` / `.to_numpy()` gives of one), the installed library is asked: a stand-in of
the same class and literal parameters is fitted on a small synthetic set shaped as the
fit was, then asked to predict on one shaped as the call is. Its error is the program's,
provided the same stand-in predicts on data shaped as its fit without an error.

This module owns what an estimator remembers of its fit and that check.
"""

from __future__ import annotations

import ast
import warnings
from typing import TYPE_CHECKING, Any

from mleworld.world.static import sparse_blocks
from mleworld.world.static.params import exception_line
from mleworld.world.static.values import ArrayVal, Frame, Instance, TextMatrix, Value

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.85
PREDICTING = frozenset({"predict", "predict_proba", "predict_log_proba", "decision_function"})
_ROWS = 60
_CACHE: dict[tuple[Any, ...], tuple[str, str] | None] = {}

Shape = tuple[int, tuple[str, ...] | None]  # (width, column names or None for an array)


def shape_of(X: Value) -> Shape | None:
    """(width, column names or None for an array) of data whose width the walk knows."""
    if isinstance(X, Frame) and X.exact and X.is_frame and X.columns is not None:
        names = tuple(X.columns)
        if all(isinstance(n, str) for n in names):
            return len(names), names
        return None
    if isinstance(X, ArrayVal):
        return X.width, None
    return None


def _standable(owner: Instance) -> bool:
    """A plain scikit-learn or LightGBM model; built again from its literal arguments (one
    the walk lost, say a grid's `num_leaves`, does not change the width it checks, unless
    it names that check)."""
    module = str(owner.cls.__module__)
    if not module.startswith(("sklearn.", "lightgbm.")) or owner.inner:
        return False
    lost = set(owner.given) - set(owner.params)
    if any("check" in name or "valid" in name for name in lost):
        return False
    from sklearn.base import is_classifier, is_regressor

    try:
        made = owner.cls(**owner.params)
    except Exception:
        return False
    return bool(is_classifier(made) or is_regressor(made))


def on_fit(owner: Instance, X: Value) -> None:
    """Remember the shape of what `owner` is fitted on (forgotten when it is unknown), and
    the Vocabulary of a text matrix it is fitted on."""
    standable = _standable(owner)
    owner.fitted_shape = shape_of(X) if standable else None
    text = sparse_blocks.layout(X) if isinstance(X, TextMatrix) else None
    owner.fitted_text = text if standable else None


def _data(shape: Shape, seed: int) -> Any:
    import numpy as np
    import pandas as pd

    width, names = shape
    values = np.random.default_rng(seed).random((_ROWS, width))
    return pd.DataFrame(values, columns=list(names)) if names is not None else values


def _ask(owner: Instance, method: str, fit: Shape, call: Shape) -> tuple[str, str] | None:
    import numpy as np

    from mleworld.world.static.boosters import _silenced

    y = np.arange(_ROWS) % 2 if _classifier(owner) else np.linspace(0.0, 1.0, _ROWS)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            with _silenced():
                model = owner.cls(**owner.params).fit(_data(fit, 0), y)
                getattr(model, method)(_data(fit, 1))  # the stand-in itself predicts fine
        except Exception:
            return None
        try:
            with _silenced():
                getattr(model, method)(_data(call, 2))
        except Exception as exc:
            return type(exc).__name__, exception_line(exc).rstrip("\n")
    return None


def _classifier(owner: Instance) -> bool:
    from sklearn.base import is_classifier

    return bool(is_classifier(owner.cls(**owner.params)))


def _sparse_widths(fitted: Any, called: Any) -> tuple[Shape | None, Shape | None]:
    """The widths of two sparse matrices' blocks (a vectorizer fitted again on other
    documents, say the test set's, gives other terms); both None when they surely agree."""
    found = sparse_blocks.widths(fitted, called)
    if found is None:
        return None, None
    return (found[0], None), (found[1], None)


def check_predict(
    walker: Walker,
    owner: Instance,
    method: str,
    args: list[Value],
    kw: dict[str, Value],
    node: ast.AST,
) -> None:
    """`model.predict(X)` on data shaped otherwise than the model's last fit."""
    fit = owner.fitted_shape
    X = args[0] if args else kw.get("X")
    call = shape_of(X) if X is not None else None
    called = sparse_blocks.layout(X) if isinstance(X, TextMatrix) else None
    if called is not None and owner.fitted_text is not None:
        fit, call = _sparse_widths(owner.fitted_text, called)
    if method not in PREDICTING or fit is None or call is None or call == fit:
        return
    key = (owner.cls, repr(sorted(owner.params.items())), method, fit, call)
    if key not in _CACHE:
        _CACHE[key] = _ask(owner, method, fit, call)
    found = _CACHE[key]
    if found is not None:
        walker.emit("features_in", found[0], found[1], node, CONFIDENCE)


__all__ = ["PREDICTING", "check_predict", "on_fit", "shape_of"]
