"""Splitters that split by groups, asked for folds without them.

`GroupKFold`, `LeaveOneGroupOut`, `GroupShuffleSplit` and their kin need a `groups` array:
`splitter.split(X, y)` without it, or cross-validation and a search given such a
splitter as `cv` and fitted without `groups=`, raise scikit-learn's ValueError ("The
'groups' parameter should not be None.", scikit-learn 1.9) when the first fold is drawn.

Which splitters need groups, and in which words they refuse, is asked of the installed
scikit-learn (`refusal`, once per class): the class, built with its defaults, splits a
few rows with groups and then without.
"""

from __future__ import annotations

import ast
from functools import cache
from typing import TYPE_CHECKING

from mleworld.world.static.computed import quietly
from mleworld.world.static.installed import signature
from mleworld.world.static.params import exception_line
from mleworld.world.static.values import Instance, Value

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

CONFIDENCE = 0.9


@cache
def refusal(cls: type) -> str | None:
    """The exception line a `cls()` splitter raises when asked for folds without groups
    (None: it needs none, or it cannot be tried here)."""
    import numpy as np

    if not cls.__module__.startswith("sklearn.model_selection") or not hasattr(cls, "split"):
        return None
    X, y, groups = np.zeros((8, 1)), np.array([0, 1] * 4), np.arange(8) % 4

    def first_fold(*given: object) -> None:
        options = {"n_splits": 2} if "n_splits" in signature(cls).parameters else {}
        next(iter(cls(**options).split(*given)))

    try:
        quietly(first_fold, X, y, groups)  # a splitter without groups warns it ignores them
    except Exception:
        return None
    try:
        first_fold(X, y)
    except ValueError as exc:
        return exception_line(exc)
    except Exception:
        return None
    return None


def check_split(
    walker: Walker, splitter: Instance, args: list[Value], kw: dict[str, Value], node: ast.Call
) -> None:
    """`splitter.split(X, y)` with no groups."""
    if len(args) < 3 and "groups" not in kw:
        _refused(walker, splitter, node)


def check_cv(walker: Walker, cv: Value | None, node: ast.Call) -> None:
    """Cross-validation or a search's fit with `cv` a splitter, and no `groups=` in the call."""
    if isinstance(cv, Instance) and all(k.arg not in ("groups", None) for k in node.keywords):
        _refused(walker, cv, node)


def _refused(walker: Walker, splitter: Instance, node: ast.Call) -> None:
    message = refusal(splitter.cls)
    if message is not None:
        walker.emit("params", "ValueError", message, node, CONFIDENCE)
