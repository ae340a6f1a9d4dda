"""Linear regressors fitted for real on the values the walk holds, and the metrics of their
predictions.

A linear model predicts outside its target's range: fitted on prices, `LinearRegression`
predicts some below -1, and `mean_squared_log_error` / `root_mean_squared_log_error`
refuse them ("... cannot be used when targets contain values less than or equal to -1.").
Whether they do depends on the data, so the model is fitted here, on the values the program
fits it on (a linear fit is deterministic and fast), where the walk holds them on a line
that surely runs once (`Instance.real`, as encoders.py keeps a fitted step); its `predict`
on held values gives them (`VectorVal.real`), and the metric is run on the predictions and
the held truth: what it raises, the run raises. A program that never names a log-error
metric has no use for the values, and its models are not fitted (a fit costs time).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

from mleworld.world.static.computed import arguments, quietly, raised
from mleworld.world.static.values import UNKNOWN, Instance, Value, VectorVal

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

# scikit-learn regressors whose fit is a deterministic solve, fast on a task's data
MODELS = frozenset({"LinearRegression", "Ridge", "Lasso", "ElasticNet"})
MAX_CELLS = 2_000_000  # a design larger than this is not fitted here (time)


def fits(owner: Instance) -> bool:
    """Whether the instance is a linear regressor fitted here (alone, not in a pipeline)."""
    module = owner.cls.__module__
    return module.startswith("sklearn.linear_model") and owner.cls.__name__ in MODELS


def on_method(
    walker: Walker, owner: Instance, name: str, args: list[Value], kw: dict[str, Value]
) -> Value:
    """Fit the model for real where the walk holds what it is fitted on; a prediction's
    values where the rows it is asked for are held too (else UNKNOWN)."""
    if name == "fit":
        owner.real = _fitted(walker, owner, args, kw)
        return UNKNOWN
    if name != "predict" or owner.real is None or kw or len(args) != 1:
        return UNKNOWN
    spelt = arguments(walker, args, {})
    if spelt is None:
        return UNKNOWN
    try:
        values = quietly(owner.real.predict, *spelt[0])
    except Exception:  # noqa: BLE001 - a refused prediction is for the detectors to name
        return UNKNOWN
    if getattr(values, "ndim", 0) != 1:
        return UNKNOWN  # several targets: predictions.py's shape
    # a linear model's predictions are scores, never labels (predictions.py marks them so)
    return VectorVal(len(values), numeric=True, flat=True, real=values, scores=True)


def _fitted(walker: Walker, owner: Instance, args: list[Value], kw: dict[str, Value]) -> Any:
    import numpy as np

    from mleworld.world.static.params import _MISSING, rebuild

    if kw or len(args) != 2 or not walker.certain or walker.work_scale != 1.0:
        return None
    if not any("squared_log_error" in line for line in walker.lines):
        return None  # only a log-error metric reads the values: a fit costs time
    spelt = arguments(walker, args, {})
    model = rebuild(owner)
    if spelt is None or model is _MISSING:
        return None
    X, y = spelt[0]
    if np.size(X) > MAX_CELLS:
        return None
    try:
        return quietly(model.fit, X, y)
    except Exception:  # noqa: BLE001 - a refused fit is for the dtype detectors to name
        return None


def log_error(name: str) -> Any:
    """`mean_squared_log_error(y_true, y_pred)` / `root_mean_squared_log_error`: run on the
    values when both are held; scikit-learn's refusal of values at or below -1 is the run's."""

    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        import sklearn.metrics

        if star or set(kw) - {"y_true", "y_pred"}:
            return UNKNOWN
        spelt = arguments(walker, args, kw)
        if spelt is None:
            return UNKNOWN
        try:
            quietly(getattr(sklearn.metrics, name), *spelt[0], **spelt[1])
        except ValueError as exc:
            raised(walker, exc, node)
        except Exception:  # noqa: BLE001 - anything else is not this check's to name
            return UNKNOWN
        return UNKNOWN

    return handler
