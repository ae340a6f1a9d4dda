"""An abstract run of a program: what it prints, in order, and where it is when.

`walk(tree, ...)` executes the module's statements in program order without
running anything: functions and methods the program defines are entered where
they are called (so a `main()` at the bottom prints what `main` prints), loops
run their literal number of times (a K-fold loop K times, capped), branches
whose condition is known take that side, and every value is computed as far as
literals, the data overview and a model of the common library calls allow
(values.py, library.py). Prints and log records are rendered on the way
(prints.py).

The result is a `Trace`: the printed lines, and a list of `Event`s (each
statement executed, each column key read, each file opened, each expensive
call) with the call stack and the number of lines printed at that moment. The
output synthesiser (output.py) cuts the lines at a crash or timeout point and
builds the traceback from the event's stack.

This module owns the `Walker`'s state (lines, events, frames, cost) and how
lines and events are recorded; the walker's behaviour is composed of
statements.py (statements, names, assignment), calls.py (calls into the
program's code), services.py (what the library model asks of the run) and
expressions.py (values of expressions).

Not here: choosing the crash line or formatting tracebacks (output.py,
locate.py), formatting values (prints.py).
"""

from __future__ import annotations

import ast
from typing import Any

from mleworld.world.static.printed import Position, Printable
from mleworld.world.terminal import prints as tp
from mleworld.world.terminal.calls import Calls, Frame
from mleworld.world.terminal.expressions import Expressions
from mleworld.world.terminal.services import Services
from mleworld.world.terminal.statements import Statements
from mleworld.world.terminal.trace import (
    MAX_LINES,
    BreakSignal,
    ContinueSignal,
    Event,
    Halt,
    ReturnSignal,
    Trace,
)
from mleworld.world.terminal.values import TableInfo

__all__ = ["Walker", "walk"]


def walk(
    tree: ast.Module,
    scene: tp.Scene,
    tables: dict[str, TableInfo],
    *,
    source: list[str] | None = None,
    n_folds_hint: int | None = None,
    seconds_per_cost: float = 0.5,
    jitter_seed: int = 0,
    printed: dict[Position, Printable] | None = None,
) -> Trace:
    """Walk the module; never raises on any program."""
    walker = Walker(scene, tables, n_folds_hint, seconds_per_cost, jitter_seed)
    walker.source = source or []
    walker.printed = dict(printed or {})
    return walker.run(tree)


class Walker(Statements, Calls, Services, Expressions):
    """The abstract run's state: output so far, events, call stack, cost, scopes."""

    def __init__(
        self,
        scene: tp.Scene,
        tables: dict[str, TableInfo],
        n_folds_hint: int | None,
        seconds_per_cost: float,
        jitter_seed: int,
    ) -> None:
        self.scene = scene
        self.tables = tables
        self.n_folds_hint = n_folds_hint
        self.seconds_per_cost = seconds_per_cost
        self.jitter_seed = jitter_seed
        self.lines: list[str] = []
        self.partial = ""
        self.events: list[Event] = []
        self.cost = 0.0
        self.steps = 0
        self.module_env: dict[str, Any] = {"__name__": "__main__", "__file__": "runfile.py"}
        self.frames: list[Frame] = [Frame("<module>", self.module_env)]
        self.comp_scopes: list[dict[str, Any]] = []
        self.loops: list[tuple[int, int]] = []  # (iteration, count) of the enclosing loops
        self.log = tp.LogConfig()
        self.active: set[int] = set()  # ids of function nodes being walked (no recursion)
        self.stack: tuple[tuple[str, ast.AST], ...] = ()  # the outer frames, for events
        self.source: list[str] = []
        # numbers static analysis computed for printed expressions, by position
        self.printed: dict[Position, Printable] = {}

    def run(self, tree: ast.Module) -> Trace:
        complete = True
        try:
            self.block(tree.body)
        except (Halt, ReturnSignal, BreakSignal, ContinueSignal):
            complete = False
        except RecursionError:
            complete = False
        if self.partial:
            self.lines.append(self.partial)
            self.partial = ""
        return Trace(self.lines, self.events, self.cost, complete)

    def event(self, kind: str, node: ast.AST, weight: float = 0.0) -> None:
        frame = self.frames[-1]
        self.events.append(
            Event(
                kind, node, self.stack, frame.name, len(self.lines), self.cost, weight, frame.stmt
            )
        )

    def emit(self, text: str, end: str = "\n") -> None:
        text = self.partial + text + end
        parts = text.split("\n")
        self.partial = parts.pop()
        for part in parts:
            if len(self.lines) >= MAX_LINES:
                raise Halt
            self.lines.append(part.rsplit("\r", 1)[-1] if "\r" in part else part)
