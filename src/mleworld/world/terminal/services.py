"""What the library model asks of the abstract run: scores, folds, cost, output.

`Services` is the part of the walker (walk.py) that library.py and objects.py
call back into: the score a metric call returns here (the predicted metric,
jittered per loop iteration around it so the mean over folds is the metric
again), the number of folds a `cv=` means, the cost of a fit, a table read from
the data overview, and the text `print` and `logging` put on the terminal.

Not here: which call means what (library.py, learning.py), how values print
(prints.py), scores of one metric family as another (scores.py).
"""

from __future__ import annotations

import ast
import posixpath
from pathlib import PurePosixPath
from typing import Any

from mleworld.world.static.printed import position
from mleworld.world.terminal import prints as tp
from mleworld.world.terminal.learning import (
    _JITTER,
    _fit_weight,
    _mean_jitter,
    _n_splits,
    _rows_of,
)
from mleworld.world.terminal.scores import family_of_call, family_of_metric, translate
from mleworld.world.terminal.trace import hint_of
from mleworld.world.terminal.values import Estimator, Logger, Table

__all__ = ["Services"]


class Services:
    """The run's answers to the library model; mixed into the walker."""

    def score(self, call: str | None = None) -> float:
        """What a scoring call (`call`: its function name) returns here, jittered inside loops."""
        base = self.scene.score
        if call is not None:
            base = translate(base, family_of_metric(self.scene.metric_name), family_of_call(call))
        spread = 0.01 * abs(base)
        bounded = 0.0 <= base <= 1.0
        if bounded:
            # Scores near a bound vary less between folds than 1% would say.
            spread = min(spread, 0.3 * (1.0 - base), 0.3 * base)
        offset = 0.0
        level = 0
        for i, count in reversed(self.loops):
            if count <= 1:
                continue
            # The innermost loop is usually the folds; loops around it (models,
            # settings) move the score more. Each level's offsets average to zero.
            seed = self.jitter_seed + 3 * level
            step = _JITTER[(i + seed) % len(_JITTER)] - _mean_jitter(count, seed)
            offset += step * (1.0 if level == 0 else 1.5)
            level += 1
        value = base + spread * offset
        return min(max(value, 0.0), 1.0) if bounded else value

    def scores(self, n: int, call: str | None = None) -> list[float]:
        out = []
        for i in range(n):
            self.loops.append((i, n))
            out.append(self.score(call))
            self.loops.pop()
        return out

    def fold_count(self, value: Any) -> int:
        if isinstance(value, int) and not isinstance(value, bool) and 1 < value <= 1000:
            return value
        if isinstance(value, Estimator):
            return _n_splits(value)
        return self.n_folds_hint or 5

    def expensive(self, node: ast.AST, model: Any, args: list[Any], factor: float = 1.0) -> None:
        rows = _rows_of(args[0]) if args else None
        weight = factor * _fit_weight(model, rows)
        self.event("fit", node, weight)
        self.cost += weight

    def read_table(self, path: Any, node: ast.AST) -> Any:
        text = str(path) if isinstance(path, (str, PurePosixPath)) else None
        self.event("file", node)
        if text is None:
            return Table(self.scene.rows, self.scene.cols)
        norm = posixpath.normpath(text)
        for key in (norm, norm.removeprefix("input/"), posixpath.basename(norm)):
            info = self.tables.get(key)
            if info is not None:
                self.cost += 0.02 + info.rows / 50_000
                return info.table()
        return Table(None, None)

    def _with_known(self, args: list[Any], nodes: list[ast.expr]) -> list[Any]:
        """`args` with what static analysis computed for each printed expression (by position)."""
        if not self.printed or any(isinstance(a, ast.Starred) for a in nodes):
            return args
        known = [self.printed.get(position(a)) for a in nodes]  # type: ignore[arg-type]
        return [a if k is None else k for a, k in zip(args, known, strict=False)]

    def print_call(self, args: list[Any], kwargs: dict[str, Any], node: ast.Call) -> None:
        sep = kwargs.get("sep", " ")
        end = kwargs.get("end", "\n")
        sep = sep if isinstance(sep, str) else " "
        end = end if isinstance(end, str) else "\n"
        args = self._with_known(args, node.args)
        hints = [hint_of(a) for a in node.args]
        texts = [
            tp.to_text(a, self.scene, hints[i] if i < len(hints) else "")
            for i, a in enumerate(args)
        ]
        self.emit(sep.join(texts), end)

    def log_call(self, logger: Logger | None, level: int, args: list[Any], node: ast.Call) -> None:
        if not args:
            return
        args = self._with_known(args, node.args[len(node.args) - len(args) :])  # `.log(level, ...)`
        name = logger.name if logger is not None else "root"
        threshold = logger.level if logger is not None and logger.level is not None else None
        if threshold is None:
            threshold = self.log.level if self.log.configured else 30
        if level < threshold:
            return
        msg = args[0]
        if isinstance(msg, str) and len(args) > 1:
            rest = args[1] if len(args) == 2 and isinstance(args[1], dict) else tuple(args[1:])
            message = tp.percent_format(msg, rest, self.scene)
        else:
            message = tp.to_text(msg, self.scene, hint_of(node.args[0]) if node.args else "")
        self.emit(
            tp.log_line(
                self.log,
                level,
                name,
                message,
                lineno=getattr(node, "lineno", 0),
                func=self.frames[-1].name,
                clock_s=self.cost * self.seconds_per_cost,
            )
        )

    def clock(self) -> float:
        return 1_735_732_800.0 + self.cost * self.seconds_per_cost
