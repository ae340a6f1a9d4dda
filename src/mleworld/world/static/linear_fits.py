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

In a k-fold loop the model is fitted on a fold's share of rows whose values the walk holds
(`X.iloc[tr]`, `y[tr]`), which fold the walk does not know. Its predictions for another
fold's rows are then drawn as k-fold draws them, DRAWS times with fixed seeds: fitted on a
random share of the rows, predicting rows it did not see. Where every draw holds so many
predictions at or below -1 that the program's own draw surely holds one too
(`VectorVal.log_refused`), the metric's refusal is the run's.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mleworld.world.static.computed import arguments, quietly, raised
from mleworld.world.static.values import (
    UNKNOWN,
    ArrayVal,
    FoldShare,
    Frame,
    Instance,
    Value,
    VectorVal,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

# scikit-learn regressors whose fit is a deterministic solve, fast on a task's data
MODELS = frozenset({"LinearRegression", "Ridge", "Lasso", "ElasticNet"})
MAX_CELLS = 2_000_000  # a design larger than this is not fitted here (time)
# A fold's predictions are judged to hold a value at or below -1 when each of DRAWS k-fold
# draws holds at least MIN_LOW of them and MEAN_LOW on average (were their count Poisson,
# a draw holding none would have a chance of e^-MEAN_LOW, about 1e-3).
DRAWS = 20
MIN_LOW = 2
MEAN_LOW = 7.0


def fits(owner: Instance) -> bool:
    """Whether the instance is a linear regressor fitted here: alone, or last in a pipeline
    whose other steps are fitted deterministically (scalers, encoders: encoders.py)."""
    from mleworld.world.static.encoders import encodes

    if owner.cls.__name__ == "Pipeline" and len(owner.inner) > 1:
        return _linear(owner.inner[-1]) and all(encodes(step) for step in owner.inner[:-1])
    return _linear(owner)


def _linear(owner: Instance) -> bool:
    module = owner.cls.__module__
    return module.startswith("sklearn.linear_model") and owner.cls.__name__ in MODELS


def on_method(
    walker: Walker, owner: Instance, name: str, args: list[Value], kw: dict[str, Value]
) -> Value:
    """Fit the model for real where the walk holds what it is fitted on; a prediction's
    values where the rows it is asked for are held too (else UNKNOWN)."""
    if name == "fit":
        owner.real = _fitted(walker, owner, args, kw)
        if owner.real is None and not kw and len(args) == 2:
            owner.real = _fold_stand_in(walker, owner, args[0], args[1])
        return UNKNOWN
    if name != "predict" or owner.real is None or kw or len(args) != 1:
        return UNKNOWN
    if isinstance(owner.real, FoldFit):
        return _fold_predictions(owner.real, args[0])
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
    if not _names_log_error(walker):
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


def _names_log_error(walker: Walker) -> bool:
    """Whether the program names a log-error metric, the only reader of the fitted values."""
    return any("squared_log_error" in line for line in walker.lines)


def _drawn_from(value: Value) -> tuple[Any, float] | None:
    """(all the rows' values, share) of a fold's rows of a frame or array the walk holds
    (a scaler's transform of them: their own, see `_scaler`)."""
    if isinstance(value, VectorVal) and value.scaled is not None:
        value = value.scaled[1]
    if isinstance(value, Frame) and value.sample_of is not None and value.columns:
        table, share = value.sample_of
        names = list(value.columns)
        return (table[names], share) if set(names) <= set(table.columns) else None
    if isinstance(value, ArrayVal | VectorVal) and value.sample_of is not None:
        return value.sample_of
    return None


@dataclass
class FoldFit:
    """A model fitted on a fold's share of rows the walk holds: those rows, all of them."""

    model: Any  # rebuilt, not fitted (with the scaler its X went through before it)
    X: Any
    y: Any
    share: float
    scaler: Instance | None  # that scaler, as the walk holds it


def _scaler(X: Value) -> Instance | None:
    """`model.fit(sc.transform(X.iloc[tr]), ...)`: the scaler, fitted on a fold too."""
    return X.scaled[0] if isinstance(X, VectorVal) and X.scaled is not None else None


def _fold_stand_in(walker: Walker, owner: Instance, X: Value, y: Value) -> FoldFit | None:
    """`model.fit(X.iloc[tr], y[tr])`: the rows a fold's `X` and `y` were drawn from."""
    import numpy as np

    from mleworld.world.static.params import _MISSING, rebuild

    if not _names_log_error(walker):
        return None
    rows, target = _drawn_from(X), _drawn_from(y)
    if rows is None or target is None or abs(rows[1] - target[1]) > 1e-9:
        return None
    if len(rows[0]) != len(target[0]) or np.size(rows[0]) > MAX_CELLS:
        return None
    from sklearn.pipeline import make_pipeline

    scaler = _scaler(X)
    model, first = rebuild(owner), rebuild(scaler) if scaler is not None else None
    if model is _MISSING or first is _MISSING:
        return None
    model = model if first is None else make_pipeline(first, model)
    return FoldFit(model, rows[0], target[0], rows[1], scaler)


def _fold_predictions(fold: FoldFit, X: Value) -> Value:
    """The model's predictions for another fold's rows (`model.predict(X.iloc[va])`): drawn
    DRAWS times as k-fold draws them (fitted on a random share, predicting rows it did not
    see); `log_refused` where every draw holds so many at or below -1 that the program's own
    draw surely does too."""
    import numpy as np

    drawn = _drawn_from(X)
    rows = X.rows if isinstance(X, Frame | ArrayVal) else None
    if isinstance(X, VectorVal) and X.scaled is not None:
        rows = X.length
    if (
        drawn is None
        or rows is None
        or len(drawn[0]) != len(fold.X)
        or _scaler(X) is not fold.scaler
    ):
        return UNKNOWN
    n = len(fold.X)
    fitted, asked = round(fold.share * n), rows
    if fitted + asked > n:
        return UNKNOWN
    counts = []
    for draw in range(DRAWS):
        order = np.random.default_rng(draw).permutation(n)
        seen, unseen = order[:fitted], order[fitted : fitted + asked]
        try:
            model = quietly(fold.model.fit, _rows(fold.X, seen), _rows(fold.y, seen))
            values = quietly(model.predict, _rows(drawn[0], unseen))
        except Exception:  # noqa: BLE001 - a refused fit is for the dtype detectors to name
            return UNKNOWN
        counts.append(int((np.asarray(values, dtype=float) <= -1.0).sum()))
    refused = min(counts) >= MIN_LOW and sum(counts) / DRAWS >= MEAN_LOW
    return VectorVal(rows, numeric=True, flat=True, scores=True, log_refused=refused)


def on_store(base: Value, key: Value, value: Value) -> None:
    """`oof[va] = model.predict(X.iloc[va])`: an out-of-fold array holds every fold's
    predictions, so it holds what one fold's surely hold; any other store into an array
    (`pred[pred < 0] = 0`) may overwrite them."""
    if not isinstance(base, VectorVal) or base.ndim != 1:
        return
    by_fold = isinstance(key, FoldShare) or isinstance(key, VectorVal) and key.index
    base.log_refused = by_fold and isinstance(value, VectorVal) and value.log_refused


def _rows(values: Any, positions: Any) -> Any:
    return values.iloc[positions] if hasattr(values, "iloc") else values[positions]


def log_error(name: str) -> Any:
    """`mean_squared_log_error(y_true, y_pred)` / `root_mean_squared_log_error`: run on the
    values when both are held; scikit-learn's refusal of values at or below -1 is the run's."""

    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        import sklearn.metrics

        if star or set(kw) - {"y_true", "y_pred"}:
            return UNKNOWN
        pred = args[1] if len(args) > 1 else kw.get("y_pred")
        if isinstance(pred, VectorVal) and pred.log_refused:
            try:
                quietly(getattr(sklearn.metrics, name), [1.0], [-2.0])
            except ValueError as exc:
                raised(walker, exc, node)  # the metric's own words for a value below -1
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
