"""A text vectorizer's sparse matrix reaching a step that needs dense input.

`Pipeline([("tfidf", TfidfVectorizer()), ("clf", HistGradientBoostingClassifier())])`, or
`model.fit(vec.fit_transform(text), y)`: the step after the vectorizer gets a scipy sparse
matrix, and a step that takes only dense input refuses it when fitted ("TypeError: Sparse
data was passed for X, but dense data is required. ..."; a scaler that centres says it
cannot). Whether a step takes sparse input is its own declaration (scikit-learn's
`input_tags.sparse`); where it says no, the step, built with the program's arguments, is
fitted on a small sparse matrix, which it refuses before any training, in its own words.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from mleworld.world.static.computed import quietly
from mleworld.world.static.params import _MISSING, exception_line, rebuild
from mleworld.world.static.values import Instance, TextMatrix, Value

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.9
_VECTORIZERS = frozenset({"TfidfVectorizer", "CountVectorizer", "HashingVectorizer"})


def check_fit(walker: Walker, steps: list[Instance], X: Value, node: ast.AST) -> bool:
    """The fit of `steps` (a pipeline's, or a lone model's) on `X`; whether it is refused."""
    receiving = _receiving(steps, X)
    message = _refusal(receiving) if receiving is not None else None
    if message is None:
        return False
    exc_type = message.partition(":")[0].rpartition(".")[2]
    walker.emit("dtypes", exc_type, message, node, CONFIDENCE)
    return True


def _receiving(steps: list[Instance], X: Value) -> Instance | None:
    """The step that gets a vectorizer's sparse matrix first."""
    if isinstance(X, TextMatrix):
        return steps[0] if steps else None
    if len(steps) > 1 and steps[0].cls.__name__ in _VECTORIZERS:
        return steps[1]
    return None


def _refusal(step: Instance) -> str | None:
    import numpy as np
    import scipy.sparse as sp
    from sklearn.utils import get_tags

    built = rebuild(step)
    if built is _MISSING or not str(step.cls.__module__).startswith("sklearn."):
        return None
    if get_tags(built).input_tags.sparse:
        return None
    try:
        quietly(built.fit, sp.csr_matrix(np.eye(6)), np.array([0, 1] * 3))
    except (TypeError, ValueError) as exc:
        return exception_line(exc) if "sparse" in str(exc).lower() else None
    except Exception:  # noqa: BLE001 - any other complaint is not about sparse input
        return None
    return None
