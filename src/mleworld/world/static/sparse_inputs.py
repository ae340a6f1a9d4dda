"""A text vectorizer's sparse matrix reaching a step that needs dense input.

`Pipeline([("tfidf", TfidfVectorizer()), ("clf", HistGradientBoostingClassifier())])`, or
`model.fit(vec.fit_transform(text), y)`: the step after the vectorizer gets a scipy sparse
matrix, and a step that takes only dense input refuses it when fitted ("TypeError: Sparse
data was passed for X, but dense data is required. ..."; a scaler that centres says it
cannot). Whether a step takes sparse input is its own declaration (scikit-learn's
`input_tags.sparse`); where it says no, the step, built with the program's arguments, is
fitted on a small sparse matrix, which it refuses before any training, in its own words.

A vectorizer given its column as a list in a column transformer (`(TfidfVectorizer(),
["review"])`) gets a frame, and iterating a frame gives its column names: it is fitted on
those names as its documents (`check_listed_text`), and what that fit raises the run
raises ("max_df corresponds to < documents than min_df", an empty vocabulary).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

from mleworld.world.static.computed import quietly
from mleworld.world.static.params import _MISSING, exception_line, literal, rebuild
from mleworld.world.static.values import Instance, Seq, TextMatrix, Value

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


def check_listed_text(walker: Walker, ct: Instance, node: ast.AST) -> bool:
    """The column transformer's vectorizers given a list of columns, fitted on those names
    as scikit-learn's iteration of the frame makes them; whether one is refused."""
    for step, columns in _branches(ct):
        if step.cls.__name__ not in _VECTORIZERS or not isinstance(columns, list):
            continue
        vectorizer = rebuild(step)
        if vectorizer is _MISSING or not columns or not all(isinstance(c, str) for c in columns):
            continue
        try:
            quietly(vectorizer.fit, list(columns))
        except ValueError as exc:
            walker.emit("dtypes", "ValueError", exception_line(exc), node, CONFIDENCE)
            return True
        except Exception:  # noqa: BLE001 - anything else is not this check's to name
            continue
    return False


def _branches(ct: Instance) -> list[tuple[Instance, Any]]:
    """A column transformer's (transformer, columns) pairs as the program gave them: the
    triples of `ColumnTransformer([...])`, the pairs of `make_column_transformer(...)`."""
    if ct.factory is not None:
        items, size = ct.factory[1], 2
    else:
        given = ct.given.get("transformers")
        items, size = (given.items if isinstance(given, Seq) else None) or [], 3
    out = []
    for item in items:
        parts = item.items if isinstance(item, Seq) else None
        if parts is not None and len(parts) == size and isinstance(parts[-2], Instance):
            out.append((parts[-2], literal(parts[-1])))
    return out
