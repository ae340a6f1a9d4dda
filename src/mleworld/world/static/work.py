"""The work a program asks for: every model fit, with its data size, rounds and repeats.

The walk records a `Fit` (world/runtime/costs.py) wherever a model is trained:
`est.fit(...)` on a library estimator (a pipeline's or ensemble's steps each
count), `cross_val_score` / `cross_validate` / `cross_val_predict` (one fit per
fold), a search's `fit` (candidates x folds, plus the refit), `lgb.train` and
`lgb.cv`. Rounds come from the literal parameters (or the class's defaults),
folds from `cv`, candidates from the literal grid, and a loop analysis cannot
unroll multiplies what its body fits by its trip count (a fold loop over
`kf.split(X)`: n_splits). Rows and features come from the frame fitted on when
the walk knows its file, else from the task's training table. Turning fits into
seconds is world/runtime's job; this module only counts.
"""

from __future__ import annotations

import ast
import contextlib
import itertools
import math
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from mleworld.world.runtime.costs import BOOSTING, ROUNDS_PARAM, Fit, family_of
from mleworld.world.static import (
    boosters,
    callbacks,
    dtypes,
    files,
    fit_failures,
    pandas_arrays,
    result_keys,
    splitter_groups,
    text_terms,
)
from mleworld.world.static.installed import signature
from mleworld.world.static.params import literal
from mleworld.world.static.values import (
    UNKNOWN,
    Const,
    Frame,
    Instance,
    SeriesVal,
    Value,
    VectorVal,
)

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

_SEARCHES = ("GridSearchCV", "RandomizedSearchCV", "HalvingGridSearchCV", "HalvingRandomSearchCV")
_COST_KEYS = frozenset(
    {
        "n_estimators",
        "max_iter",
        "max_depth",
        "max_features",
        "min_samples_leaf",
        "subsample",
        "hidden_layer_sizes",
        "probability",
        "n_restarts_optimizer",
        "num_leaves",
        "early_stopping",
    }
)
_MAX_CANDIDATES = 5000
_MAX_CLASSES = 200  # more distinct values than this are not class labels
# Wrappers a loop's iterable passes through without changing how many items it yields.
_PASS_THROUGH = frozenset({"enumerate", "list", "tuple", "tqdm"})
_EARLY_STOP_ROUNDS = 10  # rounds an early-stopped booster runs per round of patience, roughly
_DEFAULT_PATIENCE = 50


@cache
def _table_shape(path: str, mtime: int) -> tuple[int, int] | None:
    """(rows, columns) of a CSV file, counted from its bytes."""
    try:
        with open(path, "rb") as fh:
            header = fh.readline()
            rows = sum(1 for _ in fh)
    except OSError:
        return None
    return rows, max(header.count(b",") + 1, 1)


def table_shape(path: Path) -> tuple[int, int] | None:
    try:
        return _table_shape(str(path), path.stat().st_mtime_ns)
    except OSError:
        return None


def task_shape(data_dir: Path | None) -> tuple[float, float]:
    """(rows, features) of the task's training table: train.csv, else its largest CSV."""
    if data_dir is None:
        return 1000.0, 10.0
    candidates = [data_dir / "train.csv"] if (data_dir / "train.csv").is_file() else []
    if not candidates:
        with contextlib.suppress(OSError):
            candidates = sorted(data_dir.glob("*.csv"), key=lambda p: -p.stat().st_size)[:1]
    shape = table_shape(candidates[0]) if candidates else None
    if shape is None:
        return 1000.0, 10.0
    rows, cols = shape
    return float(max(rows, 1)), float(max(cols - 2, 1))  # less an id and the target


def shape_of(walker: Walker, value: Value, estimator: Value = UNKNOWN) -> tuple[float, float]:
    """(rows, features) of what a fit is given: the frame's file and columns when known;
    for text, the terms per row a vectorizer (the estimator's own, or one before) makes."""
    rows, features = task_shape(walker.data_dir)
    terms = text_terms.features(walker, estimator, value)
    if terms is not None:
        return (float(value.rows) if getattr(value, "rows", None) else rows), terms
    if isinstance(value, Frame):
        where, real = files.classify(value.source, walker.data_dir)
        shape = table_shape(real) if where == "input" and real is not None else None
        if shape is not None:
            rows = float(max(shape[0], 1))
        if value.columns is not None and value.exact and value.is_frame:
            features = float(max(len(value.columns), 1))
    return rows, features


def _default(cls: type, name: str) -> Any:
    try:
        param = signature(cls).parameters.get(name)
    except (TypeError, ValueError):
        return None
    return None if param is None or param.default is param.empty else param.default


def _is_classifier(cls: type) -> bool:
    name = cls.__name__
    return "Classifier" in name or name in ("SVC", "NuSVC")


def _steps(inst: Instance) -> list[tuple[Instance, float]]:
    """The costed estimators one fit of `inst` trains, each with how many times."""
    name = inst.cls.__name__
    if family_of(name) is not None:
        return [(inst, 1.0)]
    if name.startswith(("Bagging", "AdaBoost")):
        trees = inst.params.get("n_estimators", _default(inst.cls, "n_estimators") or 10)
        trees = float(trees) if isinstance(trees, int | float) else 10.0
        return [(step, count * trees) for inner in inst.inner for step, count in _steps(inner)]
    repeat = 1.0
    if name.startswith(("Stacking", "CalibratedClassifierCV")):
        repeat = 1.0 + folds(inst.given.get("cv"), 1000.0)
    return [(step, count * repeat) for inner in inst.inner for step, count in _steps(inner)]


def folds(cv: Value | None, rows: float) -> float:
    """How many fits a `cv=` argument makes: an int, a splitter, or the default 5."""
    if cv is None or (isinstance(cv, Const) and cv.value is None):
        return 5.0
    if isinstance(cv, Const) and isinstance(cv.value, int) and not isinstance(cv.value, bool):
        return float(max(cv.value, 1))
    if isinstance(cv, Instance):
        return splits(cv, rows)
    return 5.0


def splits(splitter: Instance, rows: float) -> float:
    """The number of train/validation pairs a splitter yields."""
    name = splitter.cls.__name__
    if name == "LeaveOneOut":
        return rows
    n = splitter.params.get("n_splits", _default(splitter.cls, "n_splits"))
    n = float(n) if isinstance(n, int | float) and not isinstance(n, bool) else 5.0
    if name.startswith("Repeated"):
        r = splitter.params.get("n_repeats", _default(splitter.cls, "n_repeats"))
        n *= float(r) if isinstance(r, int | float) and not isinstance(r, bool) else 10.0
    return n


def _fit_for(
    walker: Walker,
    inst: Instance,
    params: dict[str, Any],
    rows: float,
    features: float,
    count: float,
    node: ast.AST,
    label: str,
    classes: int | None = None,
) -> Fit | None:
    family = family_of(inst.cls.__name__)
    if family is None:
        return None
    merged = {**inst.params, **params}
    rounds: float = 1.0
    if family in ROUNDS_PARAM:
        key, fallback = ROUNDS_PARAM[family]
        value = merged.get(key, _default(inst.cls, key))
        rounds = float(value) if isinstance(value, int | float) and value else float(fallback)
        if family == "mlp":
            # the solver stops once the loss (or the held-out score) stops improving
            rounds = min(rounds, 30.0 if merged.get("early_stopping") is True else 100.0)
    return Fit(
        family=family,
        estimator=inst.cls.__name__,
        rows=rows,
        features=features,
        rounds=rounds,
        count=count * walker.work_scale,
        params={k: v for k, v in merged.items() if k in _COST_KEYS},
        classifier=_is_classifier(inst.cls),
        classes=classes,
        line=getattr(node, "lineno", None),
        order_line=walker.top_line,
        label=label,
    )


def _record(
    walker: Walker,
    inst: Instance,
    rows: float,
    features: float,
    count: float,
    node: ast.AST,
    label: str,
    candidates: list[tuple[dict[str, Any], float]] | None = None,
    classes: int | None = None,
) -> None:
    for step, times in _steps(inst):
        for params, weight in candidates or [({}, 1.0)]:
            own = {k.rpartition("__")[2]: v for k, v in params.items()}
            times_weight = count * times * weight
            fit = _fit_for(walker, step, own, rows, features, times_weight, node, label, classes)
            if fit is not None:
                walker.work.append(fit)


def target_classes(walker: Walker, estimator: Instance, y: Value) -> int | None:
    """How many classes target `y` holds, counted in its file column or its computed values,
    when `estimator` boosts a classifier (the only cost that depends on it; trees_per_round).

    For cost only: a fold's or a split's part of a column is taken to hold the whole
    column's classes. None when unknown, or when there are so many that `y` is surely
    not a class label (a classifier then fails before it fits anything).
    """
    if not any(
        family_of(step.cls.__name__) in BOOSTING and _is_classifier(step.cls)
        for step, _ in _steps(estimator)
    ):
        return None
    values: Any = None
    if isinstance(y, SeriesVal) and y.origin is not None and y.name is not None:
        table = y.origin.table
        if table is None:
            table = dtypes.file_table(walker, y.origin.source)
        if table is not None and y.name in table.columns:
            values = table[y.name]
    elif isinstance(y, SeriesVal | VectorVal) and y.real is not None:
        values = y.real
    if values is None:
        return None
    try:
        count = int(pd.Series(np.asarray(values).ravel()).nunique())
    except (TypeError, ValueError):
        return None
    return count if 1 < count <= _MAX_CLASSES else None


def on_fit(
    walker: Walker,
    owner: Instance,
    method: str,
    args: list[Value],
    node: ast.Call,
    y: Value = UNKNOWN,
) -> None:
    """`owner.fit(X, y)`: a search fits candidates x folds; anything else fits its steps once."""
    if method not in ("fit", "fit_transform", "fit_predict"):
        return
    name = owner.cls.__name__
    estimator = owner.given.get("estimator") if name in _SEARCHES else owner
    if not isinstance(estimator, Instance):
        return
    rows, features = shape_of(walker, args[0] if args else UNKNOWN, estimator)
    classes = target_classes(walker, estimator, y)
    if name in _SEARCHES:
        pandas_arrays.check_rows(walker, [args[0] if args else UNKNOWN, y], node)
        splitter_groups.check_cv(walker, owner.given.get("cv"), node)
        k = folds(owner.given.get("cv"), rows)
        grid = _candidates(owner)
        if "Halving" in name:
            k /= 3.0  # successive halving fits most candidates on a fraction of the rows
        label = f"{name}: {sum(w for _, w in grid):.0f} candidates x {k:.0f} folds"
        part = rows * (k - 1) / max(k, 1.0)
        _record(walker, estimator, part, features, k, node, label, grid, classes)
        _record(walker, estimator, rows, features, 1.0, node, f"{name}: refit", classes=classes)
        return
    _record(walker, owner, rows, features, 1.0, node, f"{name}.{method}", classes=classes)


def _candidates(search: Instance) -> list[tuple[dict[str, Any], float]]:
    """The grid's distinct cost-relevant settings, each with how many candidates share it."""
    grid = search.params.get("param_grid", search.params.get("param_distributions"))
    grids = grid if isinstance(grid, list) else [grid] if isinstance(grid, dict) else []
    counted: dict[str, tuple[dict[str, Any], float]] = {}
    total = 0.0
    for one in grids:
        if not isinstance(one, dict):
            return [({}, 10.0)]
        keys = sorted(one)
        lists = [one[k] if isinstance(one[k], list | tuple) else None for k in keys]
        if any(values is None for values in lists):
            # a distribution: RandomizedSearchCV draws n_iter settings from it
            n_iter = search.params.get("n_iter", 10)
            return [({}, float(n_iter) if isinstance(n_iter, int) else 10.0)]
        size = math.prod(len(v) for v in lists)  # type: ignore[arg-type]
        total += size
        for combo in itertools.islice(itertools.product(*lists), _MAX_CANDIDATES):  # type: ignore[arg-type]
            costly = {
                k: v
                for k, v in zip(keys, combo, strict=True)
                if k.rpartition("__")[2] in _COST_KEYS
            }
            key = repr(sorted(costly.items()))
            prev = counted.get(key)
            counted[key] = (costly, (prev[1] if prev else 0.0) + 1.0)
    if not counted:
        n_iter = search.params.get("n_iter")
        return [({}, float(n_iter) if isinstance(n_iter, int) else 1.0)]
    if "n_iter" in search.params or search.cls.__name__.startswith("Randomized"):
        n_iter = search.params.get("n_iter", 10)
        draws = float(n_iter) if isinstance(n_iter, int) else 10.0
        scale = min(draws, total) / max(total, 1.0)
    else:
        scale = 1.0
    return [(p, w * scale) for p, w in counted.values()]


def _labels_encoded(node: ast.Call, kw: dict[str, Value]) -> bool:
    """`cross_val_predict(..., method="predict_proba")` (or another score method): y is
    label-encoded into a numpy array before any fold indexes it."""
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    method = kw.get("method")
    return (
        name == "cross_val_predict"
        and isinstance(method, Const)
        and method.value in ("predict_proba", "predict_log_proba", "decision_function")
    )


def cross_val(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """cross_val_score / cross_validate / cross_val_predict: one fit per fold."""
    estimator = args[0] if args else kw.get("estimator")
    if not isinstance(estimator, Instance):
        return UNKNOWN
    X = args[1] if len(args) > 1 else kw.get("X", UNKNOWN)
    y = args[2] if len(args) > 2 else kw.get("y", UNKNOWN)
    callbacks.on_fit(walker, estimator, X, node)  # the program's own steps run in every fold
    pandas_arrays.check_rows(walker, [X] if _labels_encoded(node, kw) else [X, y], node)
    splitter_groups.check_cv(walker, args[3] if len(args) > 3 else kw.get("cv"), node)
    dtypes.check_cross_val(
        walker, estimator, X, node, y, args[3] if len(args) > 3 else kw.get("cv")
    )
    rows, features = shape_of(walker, X, estimator)
    k = folds(args[3] if len(args) > 3 else kw.get("cv"), rows)
    label = f"cross-validation: {k:.0f} folds"
    part = rows * (k - 1) / max(k, 1.0)
    classes = target_classes(walker, estimator, y)
    _record(walker, estimator, part, features, k, node, label, classes=classes)
    return UNKNOWN


def cross_validate(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """cross_validate: cross_val's fits, and a dict of scores whose keys its options decide."""
    cross_val(walker, args, kw, node, star)
    estimator = args[0] if args else kw.get("estimator", UNKNOWN)
    return UNKNOWN if star else result_keys.cross_validate_keys(kw, estimator)


def cross_val_score(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """cross_val_score: cross_val's fits, and an array of one score a fold."""
    cross_val(walker, args, kw, node, star)
    n = fit_failures.literal_folds(args[3] if len(args) > 3 else kw.get("cv"))
    return VectorVal(n, numeric=True, flat=True) if n and not star else UNKNOWN


def lgb_train(nfold_default: float | None) -> Any:
    """lightgbm.train / lightgbm.cv: rounds from num_boost_round or the params, x nfold for cv."""

    def handler(
        walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
    ) -> Value:
        boosters.check_train(walker, args[0] if args else kw.get("params"), node)
        if nfold_default is None:  # lgb.train: lgb.cv validates on its own folds
            boosters.check_early_stopping(
                walker, args[0] if args else kw.get("params"), args, kw, node
            )
        train_set = args[1] if len(args) > 1 else kw.get("train_set", UNKNOWN)
        dtypes.check_lgb_dataset(walker, train_set, node)
        if nfold_default is None:
            boosters.constructed(args, kw)
        params = literal(args[0]) if args else literal(kw.get("params", UNKNOWN))
        params = params if isinstance(params, dict) else {}
        rounds_value = args[2] if len(args) > 2 else kw.get("num_boost_round")
        rounds = literal(rounds_value) if rounds_value is not None else None
        for alias in (
            "num_iterations",
            "num_boost_round",
            "n_estimators",
            "num_rounds",
            "num_round",
        ):
            if alias in params:
                rounds = params[alias]
        rounds = float(rounds) if isinstance(rounds, int | float) and rounds > 0 else 100.0
        text = ast.unparse(node)
        if "early_stopping" in text:
            patience = params.get("early_stopping_rounds", params.get("early_stopping_round"))
            patience = patience if isinstance(patience, int) else _DEFAULT_PATIENCE
            rounds = min(rounds, _EARLY_STOP_ROUNDS * float(patience))
        classes = params.get("num_class", 1)
        trees = rounds * (float(classes) if isinstance(classes, int) and classes > 1 else 1.0)
        count = 1.0
        if nfold_default is not None:
            nfold = literal(kw.get("nfold", Const(nfold_default)))
            count = float(nfold) if isinstance(nfold, int) and nfold > 0 else nfold_default
        rows, features = task_shape(walker.data_dir)
        walker.work.append(
            Fit(
                family="lgbm",
                estimator="lightgbm." + ("cv" if nfold_default is not None else "train"),
                rows=rows * ((count - 1) / count if count > 1 else 1.0),
                features=features,
                rounds=trees,
                count=count * walker.work_scale,
                line=node.lineno,
                order_line=walker.top_line,
                label=f"{trees:.0f} boosting rounds x {count:.0f}",
            )
        )
        if nfold_default is not None:
            return boosters.histories(kw)  # lgb.cv: a dict of metric histories
        return boosters.trained(args[0] if args else kw.get("params"))

    return handler


def trips(walker: Walker, iterable: ast.expr, value: Value) -> float:
    """How many times a loop analysis walks once will really run (1 when it cannot tell)."""
    if isinstance(iterable, ast.Call):
        func = iterable.func
        if isinstance(func, ast.Name) and func.id in _PASS_THROUGH and iterable.args:
            return trips(walker, iterable.args[0], UNKNOWN)  # enumerate(kf.split(X)), ...
        if isinstance(func, ast.Attribute) and func.attr == "split":
            if isinstance(func.value, ast.Name):
                splitter = walker.peek(func.value.id)
                if isinstance(splitter, Instance):
                    return splits(splitter, task_shape(walker.data_dir)[0])
            if isinstance(func.value, ast.Call):
                return _inline_splits(func.value)
        if isinstance(func, ast.Attribute) and func.attr in ("iterrows", "itertuples"):
            return task_shape(walker.data_dir)[0]
        if isinstance(func, ast.Name) and func.id == "range":
            bounds = [literal(peek_expr(walker, a)) for a in iterable.args]
            if bounds and all(isinstance(b, int) for b in bounds):
                start, stop = (0, bounds[0]) if len(bounds) == 1 else (bounds[0], bounds[1])
                step = bounds[2] if len(bounds) > 2 and bounds[2] else 1
                return float(max(len(range(start, stop, step)), 1))
    rows = _rows_like(walker, iterable, 3)
    if rows is not None:
        return rows
    if isinstance(value, SeriesVal):
        return task_shape(walker.data_dir)[0]
    return 1.0


def _inline_splits(made: ast.Call) -> float:
    """`KFold(n_splits=3, ...).split(X)`: the folds its literal arguments ask for (default 5)."""
    name = made.func.attr if isinstance(made.func, ast.Attribute) else getattr(made.func, "id", "")
    given = {kw.arg: kw.value for kw in made.keywords if kw.arg}
    if made.args:
        given.setdefault("n_splits", made.args[0])
    n = given.get("n_splits")
    count = n.value if isinstance(n, ast.Constant) and isinstance(n.value, int) else 5
    if name.startswith("Repeated"):
        r = given.get("n_repeats")
        count *= r.value if isinstance(r, ast.Constant) and isinstance(r.value, int) else 10
    return float(max(count, 1))


def _rows_like(walker: Walker, node: ast.expr, depth: int) -> float | None:
    """Rows of a table when `node` iterates over them: a column, zip of columns, a list of those."""
    if depth < 0:
        return None
    if isinstance(node, ast.Subscript):
        base = peek_expr(walker, node.value)
        if isinstance(base, Frame) and isinstance(node.slice, ast.Constant):
            return shape_of(walker, base)[0]
        return None
    if isinstance(node, ast.Attribute) and node.attr in ("values", "index"):
        return _rows_like(walker, node.value, depth - 1)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if (
            node.func.id in ("zip", "enumerate", "list", "sorted", "tuple", "reversed")
            and node.args
        ):
            found = [_rows_like(walker, a, depth - 1) for a in node.args]
            known = [r for r in found if r is not None]
            return max(known) if known and len(known) == len(found) else None
        return None
    if isinstance(node, ast.Name):
        value = walker.peek(node.id)
        if isinstance(value, SeriesVal):
            return task_shape(walker.data_dir)[0]
        source = _assignments(walker).get(node.id)
        return _rows_like(walker, source, depth - 1) if source is not None else None
    return None


def _assignments(walker: Walker) -> dict[str, ast.expr]:
    """Names bound exactly once in the program by `name = expr`, with that expression."""
    if walker.single_assignments is None:
        seen: dict[str, ast.expr | None] = {}
        for node in ast.walk(walker.tree):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        seen[target.id] = node.value if target.id not in seen else None
        walker.single_assignments = {k: v for k, v in seen.items() if v is not None}
    return walker.single_assignments


def python_fit(walker: Walker) -> Fit | None:
    """The statements the walk met inside loops it did not unroll, as one unit of work."""
    steps = walker.python_steps
    if steps < 1e5:
        return None
    return Fit(
        family="python",
        estimator="Python loops",
        rows=steps,
        features=1.0,
        label=f"about {steps:.2g} Python statements in loops",
    )


def peek_expr(walker: Walker, node: ast.expr) -> Value:
    if isinstance(node, ast.Constant):
        return Const(node.value)
    if isinstance(node, ast.Name):
        return walker.peek(node.id)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = peek_expr(walker, node.operand)
        if isinstance(inner, Const) and isinstance(inner.value, int | float):
            return Const(-inner.value)
    return UNKNOWN


@contextlib.contextmanager
def scaled(walker: Walker, factor: float) -> Iterator[None]:
    saved = walker.work_scale
    walker.work_scale = saved * max(factor, 1.0)
    try:
        yield
    finally:
        walker.work_scale = saved
