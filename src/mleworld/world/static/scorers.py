"""Scorers made by `make_scorer` with keywords their metric does not take.

scikit-learn 1.6 removed `make_scorer`'s `needs_proba` and `needs_threshold`; since then
`make_scorer(roc_auc_score, needs_proba=True)` takes them as keywords for the metric, and
the scorer, when called (`scorer(model, X, y)`), hands them on: the metric refuses them
("TypeError: got an unexpected keyword argument 'needs_proba'"). A search or a
cross-validation scoring with it only warns (its scores are NaN), so only a direct call is
judged. The scorer is made for real from the literal arguments (`make_scorer`), and the
metric is asked, on two rows, whether it takes the keywords (`check_call`).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

from mleworld.world.static.params import _MISSING, exception_line, literal
from mleworld.world.static.values import UNKNOWN, Obj, Value

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.85


def make_scorer(
    walker: Walker, args: list[Value], kw: dict[str, Value], node: ast.Call, star: bool
) -> Value:
    """`make_scorer(metric, **options)` of a library metric and literal options: the scorer."""
    import sklearn.metrics

    metric = args[0] if args else kw.get("score_func")
    rest = [literal(a) for a in args[1:]]
    named = {k: literal(v) for k, v in kw.items() if k != "score_func"}
    if star or not isinstance(metric, Obj) or not callable(metric.obj):
        return UNKNOWN
    if any(v is _MISSING for v in [*rest, *named.values()]):
        return UNKNOWN
    try:
        made = sklearn.metrics.make_scorer(metric.obj, *rest, **named)
    except Exception:  # noqa: BLE001 - its own refusal is params.py's to name
        return UNKNOWN
    return Obj(made, "make_scorer()")


def check_call(walker: Walker, obj: Any, node: ast.Call) -> None:
    """`scorer(model, X, y)` of a scorer whose metric refuses the keywords it was given."""
    if not getattr(obj, "_kwargs", None):  # most library calls: nothing to ask, no import
        return
    from sklearn.metrics._scorer import _BaseScorer

    if not isinstance(obj, _BaseScorer):
        return
    try:
        obj._score_func([0, 1], [0.25, 0.75], **obj._kwargs)
    except TypeError as exc:
        if "unexpected keyword argument" in str(exc):
            walker.emit("kwargs", "TypeError", exception_line(exc), node, CONFIDENCE)
    except Exception:  # noqa: BLE001 - the two rows' own refusals are not the run's
        return
