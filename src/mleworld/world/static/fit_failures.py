"""Every fit of a cross-validation or a search failing: scikit-learn's "All the N fits failed".

`cross_val_score`, `cross_validate`, `GridSearchCV` and `RandomizedSearchCV` catch what
a fit raises (their default `error_score` is NaN): a fit that fails is a warning, and
only when every one of the N fits fails do they raise, a ValueError whose message
counts the fits, says how to debug them, and ends with the inner error as its
traceback printed it. That last line is what the terminal shows last.

A failure is judged the same for every fit when it does not depend on the rows a fold
gets or the candidate a search tries:
* the estimator's own parameters, refused by the installed library when it is fitted
  (`Instance.fit_error`), and no search candidate sets that parameter;
* text cells reaching a numeric step (dtypes.check_fit, run on all the rows): a text
  column is text in every fold; so is a vectorizer's sparse matrix reaching a step that
  needs dense input (sparse_inputs.py). NaN is judged only where scikit-learn's own splitter
  gives each fold's training rows (`dtypes.training_folds`): whether every fold's
  training rows hold one depends on where the NaN rows fall.
N is the folds (and the candidates of a search) when all are literal; otherwise no
finding. This module owns that judgement and the message; the checks are
params.py's and dtypes.py's.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

from mleworld.world.static.params import literal
from mleworld.world.static.values import Const, DictVal, Instance, Value

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.85
_RULE = "-" * 80
# Inner errors that depend on which rows a fold holds: not the same for every fit.
_ROW_DEPENDENT = ("contains NaN", "contains infinity", "Found array with 0 sample")


def message(groups: list[tuple[int, str]]) -> str:
    """scikit-learn's message for fits that failed with these errors (count, last line), in
    the order each error first happened; every traceback is cut to its last line."""
    total = sum(n for n, _ in groups)
    details = "\n\n".join(
        f"{_RULE}\n{n} fits failed with the following error:\n"
        f"Traceback (most recent call last):\n{inner}"
        for n, inner in groups
    )
    return (
        f"ValueError: \nAll the {total} fits failed.\n"
        "It is very likely that your model is misconfigured.\n"
        "You can try to debug the error by setting error_score='raise'.\n\n"
        f"Below are more details about the failures:\n{details}"
    )


def _data_error(
    walker: Walker, estimator: Instance, X: Value, node: ast.AST, rows: Any
) -> str | None:
    """The last line of the error a fit on `rows` of `X` raises for its data (None: none):
    text cells reaching a numeric step, a sparse matrix one that needs dense input."""
    from mleworld.world.static import dtypes

    with walker.held() as held:
        dtypes.check_fit(walker, estimator, X, node, rows)
    for finding in held:
        # judged on all the rows, an error that depends on them may spare some fold's rows
        judged = rows is not None or not any(p in finding.message for p in _ROW_DEPENDENT)
        if finding.fatal and finding.exc_type in ("ValueError", "TypeError") and judged:
            return finding.message.strip().splitlines()[-1]
    return None


def _fold_errors(
    walker: Walker,
    estimator: Instance,
    X: Value,
    y: Value,
    cv: Value | None,
    node: ast.AST,
    tried: set[str],
) -> list[str] | None:
    """The error each fold's fit raises, fold by fold (None: not every fit surely fails).

    `tried`: the parameters a search sets, which may mend a parameter the estimator refuses."""
    from mleworld.world.static import dtypes

    n = literal_folds(cv)
    if not n:
        return None
    if estimator.fit_error is not None:
        text = estimator.fit_error[1].strip().splitlines()[-1]
        return None if any(f"'{name}'" in text for name in tried) else [text] * n
    folds = dtypes.training_folds(walker, estimator, X, y, cv)
    if folds is None:  # the folds are not known: judged on every row, one error for all
        error = _data_error(walker, estimator, X, node, None)
        return None if error is None else [error] * n
    errors = [_data_error(walker, estimator, X, node, rows) for rows in folds]
    return None if any(e is None for e in errors) else errors  # type: ignore[return-value]


def _grouped(errors: list[str]) -> list[tuple[int, str]]:
    counts: dict[str, int] = {}
    for error in errors:
        counts[error] = counts.get(error, 0) + 1
    return [(n, error) for error, n in counts.items()]


def literal_folds(cv: Value | None) -> int | None:
    """How many splits a `cv=` argument makes, when it is sure; None otherwise."""
    if cv is None or (isinstance(cv, Const) and cv.value is None):
        return 5
    if isinstance(cv, Const) and isinstance(cv.value, int) and not isinstance(cv.value, bool):
        return cv.value
    if isinstance(cv, Instance) and cv.bound and cv.cls.__module__.startswith("sklearn."):
        from mleworld.world.static.params import _MISSING, rebuild

        if len(cv.params) != len(cv.given):
            return None  # an argument that is not a literal
        splitter = rebuild(cv)  # its own count: k folds, k x repeats (RepeatedStratifiedKFold)
        if splitter is _MISSING:
            return None
        try:
            n = splitter.get_n_splits()
        except Exception:  # noqa: BLE001 - a count that needs the data (LeaveOneOut)
            return None
        return n if isinstance(n, int) and not isinstance(n, bool) else None
    return None


def _candidates(search: Instance) -> tuple[int, set[str]] | None:
    """How many candidates a search tries and the parameter names it sets; None if unsure."""
    name = search.cls.__name__
    grid = search.given.get("param_grid" if name == "GridSearchCV" else "param_distributions")
    if isinstance(grid, DictVal) and grid.closed:  # a distribution's value is not a literal
        value: Any = {key: literal(option) for key, option in grid.items.items()}
    else:
        value = literal(grid) if grid is not None else None
    grids = [value] if isinstance(value, dict) else value
    if not isinstance(grids, list) or not all(isinstance(g, dict) for g in grids):
        return None
    count, names, sampled = 0, set(), False
    for one in grids:
        size = 1
        for key, options in one.items():
            names.add(str(key).rsplit("__", 1)[-1])
            if isinstance(options, list | tuple):
                size *= len(options)
            elif name == "RandomizedSearchCV":
                sampled = True  # a distribution: n_iter candidates are drawn
            else:
                return None
        count += size
    if name == "RandomizedSearchCV":
        n_iter = search.params.get("n_iter", 10)
        if not isinstance(n_iter, int):
            return None
        count = n_iter if sampled else min(count, n_iter)
    return count, names


def check_cross_val(
    walker: Walker, estimator: Value, X: Value, y: Value, cv: Value | None, node: ast.Call
) -> None:
    """`cross_val_score(est, X, y)` / `cross_validate(...)` whose every fold's fit fails."""
    if any(k.arg in ("error_score", None) for k in node.keywords):
        return
    if not isinstance(estimator, Instance):
        return
    errors = _fold_errors(walker, estimator, X, y, cv, node, set())
    if errors:
        walker.emit("fit_failures", "ValueError", message(_grouped(errors)), node, CONFIDENCE)


def check_search(walker: Walker, search: Instance, X: Value, y: Value, node: ast.AST) -> None:
    """`GridSearchCV(est, grid).fit(X, y)` (or randomized) whose every candidate's fit fails
    (candidate by candidate, each on every fold, as scikit-learn runs them)."""
    if search.given.get("error_score") is not None:
        return
    estimator = search.given.get("estimator")
    counted = _candidates(search)
    if not isinstance(estimator, Instance) or counted is None or not counted[0]:
        return
    candidates, names = counted
    errors = _fold_errors(walker, estimator, X, y, search.given.get("cv"), node, names)
    if errors:
        groups = _grouped(errors * candidates)
        walker.emit("fit_failures", "ValueError", message(groups), node, CONFIDENCE)


__all__ = ["check_cross_val", "check_search", "literal_folds", "message"]
