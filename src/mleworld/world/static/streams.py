"""Iterators that run once: a generator the program calls and then loops over twice.

`folds = iter_folds(y)` (the program's own generator function) gives a Stream. The
first loop over it runs it to its end; a second loop (`[fit(f) for f in folds]`) gets
nothing, so its list is empty and `np.stack` of it is numpy's ValueError. A loop spends
the stream only where the walk is sure it ran to the end: on a line that surely runs,
outside any `try`, with no `break` or `return` in its body. Anything else the program
does with it that the walk cannot follow (a library call, `zip`, `next`) makes how far
it ran unknown ("lost"), and no later loop over it is judged.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from mleworld.world.static.values import Stream, Value

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

# statements that may leave a loop before its iterator is exhausted
_EARLY_EXITS = (ast.Break, ast.Return, ast.Yield, ast.YieldFrom)


def items(walker: Walker, value: Value, body: list[ast.stmt] | None) -> list[Value] | None:
    """A loop (`body`) or comprehension (None) over `value`: no items when it is a stream
    already spent (the loop does not run), else None (what each item is stays unknown);
    a fresh stream this loop surely exhausts becomes spent."""
    if not isinstance(value, Stream):
        return None
    root = value.root
    if root.state == "spent":
        return []
    if root.state == "fresh":
        exhausts = walker.certain and not walker.handlers and not _exits_early(body)
        root.state = "spent" if exhausts else "lost"
    return None


def _exits_early(body: list[ast.stmt] | None) -> bool:
    if body is None:
        return False
    module = ast.Module(body=list(body), type_ignores=[])
    return any(isinstance(node, _EARLY_EXITS) for node in ast.walk(module))
