"""What an abstract run of a program produces, and the signals it runs on.

A `Trace` is the output of the walk (walk.py): the printed lines and the
`Event`s (statements executed, keys read, files opened, expensive calls) with
the call stack at each. The output synthesiser cuts the lines at a crash or
timeout point found among the events.

Also here: the limits of a walk, the control-flow signals the walk raises
internally (return, break, continue, halt), and `hint_of`, the name an
expression's value is read under (used to guess unknown values).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any

__all__ = [
    "LOOP_SHOWN",
    "MAX_DEPTH",
    "MAX_LINES",
    "MAX_STEPS",
    "BreakSignal",
    "ContinueSignal",
    "Enumerated",
    "Event",
    "Halt",
    "Lazy",
    "ReturnSignal",
    "Trace",
    "hint_of",
    "target_names",
]


MAX_STEPS = 40_000  # expression evaluations per walk

MAX_DEPTH = 16  # nested calls of the program's own functions

MAX_LINES = 2_000

LOOP_SHOWN = 10  # iterations walked before the rest are summarised


class ReturnSignal(Exception):
    def __init__(self, value: Any) -> None:
        self.value = value


class BreakSignal(Exception):
    pass


class ContinueSignal(Exception):
    pass


class Halt(Exception):
    """sys.exit(), or the walk ran out of budget."""


@dataclass(slots=True)
class Event:
    kind: str  # "stmt" | "key" | "file" | "fit" | "enter"
    node: ast.AST
    stack: tuple[tuple[str, ast.AST], ...]  # outer frames: (function name, call node)
    func: str  # the innermost frame's function name
    printed: int  # lines printed before this event
    cost: float  # work done before this event (arbitrary units)
    weight: float = 0.0  # the event's own work (expensive calls)
    stmt: ast.AST | None = None  # the statement being executed


@dataclass
class Trace:
    lines: list[str]
    events: list[Event]
    cost: float  # total work
    complete: bool  # False when the walk stopped early (sys.exit, budget)


class Enumerated:
    """`enumerate(x)` of an x the walk cannot list."""

    def __init__(self, inner: Any, start: int) -> None:
        self.inner = inner
        self.start = start


class Lazy:
    """A generator expression's items (iterable once, like the real one)."""

    def __init__(self, items: list[Any]) -> None:
        self.items = items


def hint_of(node: ast.AST | None) -> str:
    """The name a value is read under: `auc`, `self.cv_score` -> `cv_score`, `f(x)` -> `f`."""
    while node is not None:
        if isinstance(node, ast.Name):
            return node.id
        if isinstance(node, ast.Attribute):
            return node.attr
        if isinstance(node, ast.Call):
            node = node.func
        elif isinstance(node, ast.Subscript):
            if isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
                return node.slice.value
            node = node.value
        elif isinstance(node, ast.BinOp):
            node = node.left
        elif isinstance(node, ast.UnaryOp):
            node = node.operand
        elif isinstance(node, (ast.Starred, ast.FormattedValue)):
            node = node.value
        else:
            return ""
    return ""


def target_names(target: ast.AST) -> list[str]:
    return [n.id for n in ast.walk(target) if isinstance(n, ast.Name)]
