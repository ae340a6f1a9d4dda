"""What methods of scikit-learn and boosting models give in the abstract run.

`fit` (its cost, and what LightGBM prints while it trains), `predict`,
`predict_proba`, `transform`, `score`, `split`, `get_n_splits`, and a fitted
search's `best_params_` and `best_estimator_`, for the `Estimator` values of
values.py.

Not here: the dispatch by value type (objects.py), constructors and metric
functions (library.py, learning.py).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

from mleworld.world.terminal import boosting
from mleworld.world.terminal.learning import (
    _SEARCHES,
    _SPLITTERS,
    _n_splits,
    _search_size,
    scoring_call,
)
from mleworld.world.terminal.tabular import (
    _rows,
)
from mleworld.world.terminal.values import (
    Column,
    ColumnInfo,
    Estimator,
    Splits,
    Table,
    Unknown,
)

if TYPE_CHECKING:
    from mleworld.world.terminal.walk import Walker


def _vocabulary(vectorizer: Estimator) -> int:
    """Columns a text vectorizer makes: its max_features / n_features, else a typical vocabulary."""
    for key in ("max_features", "n_features"):
        value = vectorizer.params.get(key)
        if isinstance(value, int) and value > 0:
            return value
    return 2**20 if vectorizer.cls == "HashingVectorizer" else 10_000


def _search_results(search: Estimator) -> dict[str, Any]:
    """best_params_ (a middle point of the grid) and best_estimator_ of a fitted search."""
    grid = search.params.get("param_grid", search.params.get("param_distributions"))
    if isinstance(grid, list) and grid and isinstance(grid[0], dict):
        grid = grid[0]
    best: dict[str, Any] = {}
    if isinstance(grid, dict):
        for key, values in grid.items():
            if isinstance(values, (list, tuple)) and values:
                best[str(key)] = values[len(values) // 2]
    inner = search.params.get("estimator")
    if not isinstance(inner, Estimator):
        return {"best_params_": best}
    tuned = {k.split("__")[-1]: v for k, v in best.items()}
    fitted = Estimator(inner.cls, inner.qualname, {**inner.params, **tuned})
    return {"best_params_": best, "best_estimator_": fitted}


def _estimator_method(
    w: Walker,
    est: Estimator,
    name: str,
    args: list[Any],
    kwargs: dict[str, Any],
    node: ast.Call,
) -> Any:
    a0 = args[0] if args else kwargs.get("X")
    if est.cls in _SPLITTERS:
        if name == "split":
            return Splits(_n_splits(est), _rows(a0))
        if name == "get_n_splits":
            return _n_splits(est)
        return Unknown(name)
    if name in ("fit", "train"):
        factor = 1.0
        if est.cls in _SEARCHES:
            factor = _search_size(est) * w.fold_count(est.params.get("cv", 5))
        inner = est.params.get("estimator") if est.cls in _SEARCHES else est
        w.expensive(node, inner if isinstance(inner, Estimator) else est, [a0], factor)
        est.fitted_rows = _rows(a0)
        est.fitted_cols = a0.cols if isinstance(a0, Table) else None
        label = args[1] if len(args) > 1 else kwargs.get("y")
        if isinstance(label, Column) and label.info is not None and label.info.unique:
            est.fitted["n_classes"] = label.info.unique
        if est.cls in _SEARCHES:
            est.fitted.update(_search_results(est))
        if est.qualname.startswith("lightgbm.") and est.cls.startswith("LGBM"):
            est.fitted.update(boosting.sklearn_fit_log(w, est, args, kwargs))
        return est
    if name in ("fit_transform", "transform", "fit_resample"):
        if name == "fit_transform":
            w.expensive(node, est, [a0])
        if isinstance(a0, Column) and est.cls.endswith("Vectorizer"):
            return Table(a0.rows, _vocabulary(est), None, array=True)
        if isinstance(a0, Column) and ("Encoder" in est.cls or "Binarizer" in est.cls):
            classes = a0.info.unique if a0.info else None
            est.fitted.setdefault("n_classes", classes)
            info = ColumnInfo("int64", classes) if classes else None
            return Column(a0.rows, a0.name, info)
        if not isinstance(a0, Table):
            return Table(_rows(a0), None, array=True)
        cols = a0.cols
        if est.cls.endswith("Vectorizer"):
            return Table(a0.rows, _vocabulary(est), None, array=True)
        if "OneHot" in est.cls and a0.columns is not None:
            cols = sum((a0.info.get(c) or ColumnInfo("", 5)).unique or 5 for c in a0.columns)
        elif "PCA" in est.cls or "SVD" in est.cls:
            n = est.params.get("n_components")
            cols = n if isinstance(n, int) else cols
        return Table(a0.rows, cols, None, array=True)
    if name in ("predict", "decision_function", "predict_log_proba"):
        w.cost += 0.05 * max(1.0, (_rows(a0) or 1000) / 1000)
        return Column(_rows(a0))
    if name == "predict_proba":
        w.cost += 0.05 * max(1.0, (_rows(a0) or 1000) / 1000)
        classes = est.fitted.get("n_classes")
        return Table(_rows(a0), classes if isinstance(classes, int) else 2, array=True)
    if name == "score":
        return w.score(scoring_call(None, est))
    if name == "set_params":
        est.params.update(kwargs)
        return est
    if name == "get_params":
        return dict(est.params)
    return Unknown(name)
