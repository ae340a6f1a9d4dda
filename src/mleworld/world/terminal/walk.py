"""An abstract run of a program: what it prints, in order, and where it is when.

`walk(tree, ...)` executes the module's statements in program order without
running anything: functions and methods the program defines are entered where
they are called (so a `main()` at the bottom prints what `main` prints), loops
run their literal number of times (a K-fold loop K times, capped), branches
whose condition is known take that side, and every value is computed as far as
literals, the data overview and a model of the common library calls allow
(terminal_values.py). Prints and log records are rendered on the way
(terminal_prints.py).

The result is a `Trace`: the printed lines, and a list of `Event`s (each
statement executed, each column key read, each file opened, each expensive
call) with the call stack and the number of lines printed at that moment. The
output synthesiser (terminal.py) cuts the lines at a crash or timeout point
and builds the traceback from the event's stack.

Values of validation scores: a scikit-learn metric call returns the predicted
metric, jittered a little per loop iteration (folds differ) around it, so the
mean over folds is the metric again.

Not here: choosing the crash line or formatting tracebacks (terminal.py),
formatting values (terminal_prints.py).
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import posixpath
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from mleworld.world.terminal import prints as tp
from mleworld.world.terminal.expressions import Expressions, _hashable, _truth
from mleworld.world.terminal.learning import (
    _JITTER,
    _fit_weight,
    _mean_jitter,
    _n_splits,
    _rows_of,
)
from mleworld.world.terminal.library import call_library
from mleworld.world.terminal.objects import attribute, call_method, subscript
from mleworld.world.terminal.scores import family_of_call, family_of_metric, translate
from mleworld.world.terminal.trace import (
    LOOP_SHOWN,
    MAX_DEPTH,
    MAX_LINES,
    BreakSignal,
    ContinueSignal,
    Enumerated,
    Event,
    Halt,
    Lazy,
    ReturnSignal,
    Trace,
    hint_of,
    target_names,
)
from mleworld.world.terminal.values import (
    Bound,
    Column,
    Estimator,
    FuncRef,
    IndexArray,
    Instance,
    LocalClass,
    LocalFunc,
    Logger,
    ModuleRef,
    Splits,
    Table,
    TableInfo,
    Unknown,
)

__all__ = ["walk"]

_STMT_COST = 0.001


@dataclass
class _Frame:
    name: str
    env: dict[str, Any]
    node: ast.AST | None = None  # the call being made from this frame
    cls: LocalClass | None = None
    stmt: ast.stmt | None = None  # the statement being executed in this frame
    globals_: set[str] = field(default_factory=set)


def walk(
    tree: ast.Module,
    scene: tp.Scene,
    tables: dict[str, TableInfo],
    *,
    source: list[str] | None = None,
    n_folds_hint: int | None = None,
    seconds_per_cost: float = 0.5,
    jitter_seed: int = 0,
) -> Trace:
    """Walk the module; never raises on any program."""
    walker = Walker(scene, tables, n_folds_hint, seconds_per_cost, jitter_seed)
    walker.source = source or []
    return walker.run(tree)


class Walker(Expressions):
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
        self.frames: list[_Frame] = [_Frame("<module>", self.module_env)]
        self.comp_scopes: list[dict[str, Any]] = []
        self.loops: list[tuple[int, int]] = []  # (iteration, count) of the enclosing loops
        self.log = tp.LogConfig()
        self.active: set[int] = set()  # ids of function nodes being walked (no recursion)
        self.stack: tuple[tuple[str, ast.AST], ...] = ()  # the outer frames, for events
        self.source: list[str] = []

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

    def event(
        self,
        kind: str,
        node: ast.AST,
        value: Any = None,
        weight: float = 0.0,
        absent: tuple[str, ...] = (),
    ) -> None:
        frame = self.frames[-1]
        self.events.append(
            Event(
                kind,
                node,
                self.stack,
                frame.name,
                len(self.lines),
                self.cost,
                value,
                weight,
                absent,
                frame.stmt,
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

    def block(self, body: list[ast.stmt]) -> None:
        for stmt in body:
            self.stmt(stmt)

    def stmt(self, s: ast.stmt) -> None:
        frame = self.frames[-1]
        frame.node = None
        frame.stmt = s
        self.event("stmt", s)
        self.cost += _STMT_COST
        try:
            self._stmt(s)
        except (ReturnSignal, BreakSignal, ContinueSignal, Halt, RecursionError):
            raise
        except Exception:
            # The model of this statement failed; its targets become unknown.
            for target in _targets(s):
                with contextlib.suppress(Exception):
                    self.assign(target, Unknown(hint_of(target)))

    def _stmt(self, s: ast.stmt) -> None:
        if isinstance(s, ast.Expr):
            self.ev(s.value)
        elif isinstance(s, ast.Assign):
            value = self.ev(s.value)
            for target in s.targets:
                self.assign(target, value)
        elif isinstance(s, ast.AugAssign):
            current = self.ev(s.target)
            self.assign(s.target, self.binop(current, s.op, self.ev(s.value), s))
        elif isinstance(s, ast.AnnAssign):
            if s.value is not None:
                self.assign(s.target, self.ev(s.value))
        elif isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)):
            self.bind(s.name, LocalFunc(s, s.name, self.frames[-1].cls))
        elif isinstance(s, ast.ClassDef):
            self.bind(s.name, self.define_class(s))
        elif isinstance(s, (ast.Import, ast.ImportFrom)):
            self.do_import(s)
        elif isinstance(s, ast.If):
            self.do_if(s)
        elif isinstance(s, (ast.For, ast.AsyncFor)):
            self.do_for(s)
        elif isinstance(s, ast.While):
            self.do_while(s)
        elif isinstance(s, (ast.With, ast.AsyncWith)):
            for item in s.items:
                value = self.ev(item.context_expr)
                if item.optional_vars is not None:
                    self.assign(item.optional_vars, Unknown(hint_of(item.optional_vars)))
                    del value
            self.block(s.body)
        elif isinstance(s, ast.Try) or type(s).__name__ == "TryStar":
            self.block(s.body)  # type: ignore[attr-defined]
            self.block(s.orelse)  # type: ignore[attr-defined]
            self.block(s.finalbody)  # type: ignore[attr-defined]
        elif isinstance(s, ast.Return):
            raise ReturnSignal(self.ev(s.value) if s.value is not None else None)
        elif isinstance(s, ast.Break):
            raise BreakSignal
        elif isinstance(s, ast.Continue):
            raise ContinueSignal
        elif isinstance(s, ast.Global):
            self.frames[-1].globals_.update(s.names)
        elif isinstance(s, ast.Delete):
            for target in s.targets:
                if isinstance(target, ast.Name):
                    self.frames[-1].env.pop(target.id, None)

    def do_if(self, s: ast.If) -> None:
        test = _truth(self.ev(s.test))
        if test is None:
            # Unknown condition: the side that does not give up (raise, exit).
            test = not _gives_up(s.body) or (bool(s.orelse) and _gives_up(s.orelse))
        self.block(s.body if test else s.orelse)

    def do_while(self, s: ast.While) -> None:
        if _truth(self.ev(s.test)) is False:
            self.block(s.orelse)
            return
        self.loops.append((0, 1))
        try:
            self.block(s.body)
        except BreakSignal:
            pass
        except ContinueSignal:
            pass
        finally:
            self.loops.pop()

    def do_for(self, s: ast.For | ast.AsyncFor) -> None:
        items = self.iterate(self.ev(s.iter), s.iter, s.target)
        count = len(items)
        shown = list(range(count)) if count <= LOOP_SHOWN else [*range(LOOP_SHOWN - 1), count - 1]
        start_cost = self.cost
        walked = 0
        for n, i in enumerate(shown):
            if n == LOOP_SHOWN - 1 and count > LOOP_SHOWN:
                # The iterations in between are not walked: their work is counted,
                # their lines summarised.
                per = (self.cost - start_cost) / max(walked, 1)
                self.cost += per * (count - LOOP_SHOWN)
                if self._loop_printed:
                    self.emit(f"... ({count - LOOP_SHOWN} more iterations)")
            self.assign(s.target, items[i])
            self.loops.append((i, count))
            before = len(self.lines)
            try:
                self.block(s.body)
            except BreakSignal:
                return
            except ContinueSignal:
                pass
            finally:
                self.loops.pop()
                self._loop_printed = len(self.lines) > before
                walked += 1
        self.block(s.orelse)

    _loop_printed = False

    def iterate(self, value: Any, node: ast.AST, target: ast.AST | None = None) -> list[Any]:
        known = self.items_of(value)
        if known is not None:
            return known
        start: int | None = None
        if isinstance(value, Enumerated):
            start, value = value.start, value.inner
        hint = value.hint if isinstance(value, Unknown) and value.hint else hint_of(node)
        words = (hint + " " + " ".join(target_names(target) if target is not None else [])).lower()
        folds = any(w in words for w in ("fold", "split", "kf", "cv"))
        n = (self.n_folds_hint or 5) if folds else 1
        if start is not None:
            return [(start + i, Unknown(hint)) for i in range(n)]
        return [Unknown(hint) for _ in range(n)]

    def items_of(self, value: Any) -> list[Any] | None:
        if isinstance(value, (list, tuple, str, range, set, frozenset)):
            return list(value)[:100_000] if not isinstance(value, range) else _range_items(value)
        if isinstance(value, dict):
            return list(value)
        if isinstance(value, Splits):
            rows = value.rows
            val = None if rows is None else rows // value.n
            train = None if rows is None or val is None else rows - val
            return [(IndexArray(train), IndexArray(val)) for _ in range(value.n)]
        if isinstance(value, Lazy):
            return value.items
        if isinstance(value, Table) and value.columns is not None and not value.array:
            return list(value.columns)
        return None

    def define_class(self, s: ast.ClassDef) -> LocalClass:
        methods: dict[str, Any] = {}
        attrs: dict[str, Any] = {}
        for base in s.bases:
            parent = self.ev(base)
            if isinstance(parent, LocalClass):
                methods.update(parent.methods)
                attrs.update(parent.attrs)
        for item in s.body:
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                methods[item.name] = item
            elif isinstance(item, ast.Assign) and len(item.targets) == 1:
                target = item.targets[0]
                if isinstance(target, ast.Name):
                    try:
                        attrs[target.id] = self.ev(item.value)
                    except (ReturnSignal, BreakSignal, ContinueSignal):
                        raise
                    except Halt:
                        raise
                    except Exception:
                        attrs[target.id] = Unknown(target.id)
            elif (
                isinstance(item, ast.AnnAssign)
                and isinstance(item.target, ast.Name)
                and item.value is not None
            ):
                attrs[item.target.id] = self.ev(item.value)
        return LocalClass(s, s.name, methods, attrs)

    def do_import(self, s: ast.Import | ast.ImportFrom) -> None:
        if isinstance(s, ast.Import):
            for alias in s.names:
                if alias.asname:
                    self.bind(alias.asname, ModuleRef(alias.name))
                else:
                    top = alias.name.split(".")[0]
                    self.bind(top, ModuleRef(top))
            return
        module = "." * s.level + (s.module or "")
        for alias in s.names:
            if alias.name == "*":
                continue
            name = alias.asname or alias.name
            qual = f"{module}.{alias.name}"
            if alias.name[:1].islower() and alias.name in _SUBMODULES.get(module, ()):
                self.bind(name, ModuleRef(qual))
            else:
                self.bind(name, FuncRef(qual))

    def bind(self, name: str, value: Any) -> None:
        frame = self.frames[-1]
        if name in frame.globals_:
            self.module_env[name] = value
        else:
            frame.env[name] = value

    def lookup(self, name: str) -> Any:
        for scope in reversed(self.comp_scopes):
            if name in scope:
                return scope[name]
        env = self.frames[-1].env
        if name in env:
            return env[name]
        if name in self.module_env:
            return self.module_env[name]
        if hasattr(builtins, name):
            return FuncRef(f"builtins.{name}")
        return Unknown(name)

    def assign(self, target: ast.AST, value: Any) -> None:
        if isinstance(target, ast.Name):
            if self.comp_scopes and target.id in self.comp_scopes[-1]:
                self.comp_scopes[-1][target.id] = value
            else:
                self.bind(target.id, value)
        elif isinstance(target, (ast.Tuple, ast.List)):
            elts = target.elts
            seq = self.unpack(value, len(elts))
            for elt, item in zip(elts, seq, strict=False):
                if isinstance(elt, ast.Starred):
                    self.assign(elt.value, Unknown(hint_of(elt.value)))
                else:
                    self.assign(elt, item)
        elif isinstance(target, ast.Attribute):
            obj = self.ev(target.value)
            if isinstance(obj, (Instance, LocalClass)):
                obj.attrs[target.attr] = value
        elif isinstance(target, ast.Subscript):
            obj = self.ev(target.value)
            key = self.ev(target.slice)
            if isinstance(obj, dict) and _hashable(key):
                obj[key] = value
            elif isinstance(obj, list) and isinstance(key, int):
                with contextlib.suppress(IndexError):
                    obj[key] = value
            elif isinstance(obj, Table) and not obj.array:
                rows = value.rows if isinstance(value, (Column, Table)) else None
                if rows is not None and obj.rows is not None and rows != obj.rows:
                    message = (
                        f"Length of values ({rows}) does not match length of index ({obj.rows})"
                    )
                    self.event("problem", target, ("ValueError", message))
                names = key if isinstance(key, list) else [key]
                for name in names:
                    if isinstance(name, str) and obj.columns is not None:
                        if name not in obj.columns:
                            obj.columns.append(name)
                            obj.cols = len(obj.columns)
                    elif isinstance(name, str) and obj.cols is not None:
                        obj.cols += 1  # a new column, probably
        elif isinstance(target, ast.Starred):
            self.assign(target.value, value)

    def unpack(self, value: Any, n: int) -> list[Any]:
        items = self.items_of(value) if not isinstance(value, Table) else None
        if items is not None and len(items) == n:
            return items
        if isinstance(value, Table) and n == 2 and value.shape is not None:
            return list(value.shape)
        hint = value.hint if isinstance(value, Unknown) else ""
        return [Unknown(hint) for _ in range(n)]

    def call(self, func: Any, args: list[Any], kwargs: dict[str, Any], node: ast.Call) -> Any:
        if isinstance(func, LocalFunc):
            return self.inline(func, args, kwargs, node)
        if isinstance(func, LocalClass):
            inst = Instance(func, dict(func.attrs))
            init = func.methods.get("__init__")
            if init is not None:
                self.inline(LocalFunc(init, "__init__", func), [inst, *args], kwargs, node)
            return inst
        if isinstance(func, Bound):
            return self.call_method(func.obj, func.name, args, kwargs, node)
        if isinstance(func, FuncRef):
            return call_library(self, func.qualname, args, kwargs, node)
        if isinstance(func, Unknown) and func.hint in ("fit", "fit_transform", "train"):
            self.expensive(node, Estimator(func.hint, func.hint, {}), args)
        return Unknown(hint_of(node.func))

    def inline(self, fn: LocalFunc, args: list[Any], kwargs: dict[str, Any], node: ast.Call) -> Any:
        key = id(fn.node)
        if key in self.active or len(self.frames) > MAX_DEPTH:
            return Unknown(fn.name)
        if isinstance(fn.node, ast.Lambda):
            scope = _bind_params(fn.node.args, args, kwargs, self)
            self.comp_scopes.append(scope)
            try:
                return self.ev(fn.node.body)
            finally:
                self.comp_scopes.pop()
        if _is_generator(fn.node, self.source):
            return Unknown(fn.name)
        env = _bind_params(fn.node.args, args, kwargs, self)
        self.frames[-1].node = node
        self.stack = (*self.stack, (self.frames[-1].name, node))
        self.frames.append(_Frame(fn.name, env, None, fn.owner))
        self.active.add(key)
        saved_scopes, self.comp_scopes = self.comp_scopes, []
        try:
            self.event("enter", fn.node, fn.name)
            self.block(fn.node.body)
        except ReturnSignal as ret:
            return ret.value
        finally:
            self.comp_scopes = saved_scopes
            self.active.discard(key)
            self.frames.pop()
            self.stack = self.stack[:-1]
            self.frames[-1].node = node
        return None

    def call_method(
        self, obj: Any, name: str, args: list[Any], kwargs: dict[str, Any], node: ast.Call
    ) -> Any:
        if isinstance(obj, Instance):
            method = obj.cls.methods.get(name)
            if method is None:
                return Unknown(name)
            if any(_decorator_name(d) == "staticmethod" for d in method.decorator_list):
                return self.inline(LocalFunc(method, name, obj.cls), args, kwargs, node)
            return self.inline(LocalFunc(method, name, obj.cls), [obj, *args], kwargs, node)
        if isinstance(obj, LocalClass):
            method = obj.methods.get(name)
            if method is None:
                return Unknown(name)
            lead: list[Any] = (
                [obj]
                if any(_decorator_name(d) == "classmethod" for d in method.decorator_list)
                else []
            )
            return self.inline(LocalFunc(method, name, obj), [*lead, *args], kwargs, node)
        return call_method(self, obj, name, args, kwargs, node)

    def attribute(self, obj: Any, name: str, node: ast.AST) -> Any:
        if isinstance(obj, Instance):
            if name in obj.attrs:
                return obj.attrs[name]
            if name in obj.cls.methods:
                return Bound(obj, name)
            return Unknown(name)
        if isinstance(obj, LocalClass):
            if name in obj.attrs:
                return obj.attrs[name]
            return Bound(obj, name) if name in obj.methods else Unknown(name)
        return attribute(self, obj, name, node)

    def subscript(self, obj: Any, key: Any, node: ast.Subscript) -> Any:
        return subscript(self, obj, key, node)

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
        self.event("fit", node, getattr(model, "cls", "fit"), weight)
        self.cost += weight

    def read_table(self, path: Any, node: ast.AST) -> Any:
        text = str(path) if isinstance(path, (str, PurePosixPath)) else None
        self.event("file", node, text)
        if text is None:
            return Table(self.scene.rows, self.scene.cols)
        norm = posixpath.normpath(text)
        for key in (norm, norm.removeprefix("input/"), posixpath.basename(norm)):
            info = self.tables.get(key)
            if info is not None:
                self.cost += 0.02 + info.rows / 50_000
                return info.table()
        return Table(None, None)

    def print_call(self, args: list[Any], kwargs: dict[str, Any], node: ast.Call) -> None:
        sep = kwargs.get("sep", " ")
        end = kwargs.get("end", "\n")
        sep = sep if isinstance(sep, str) else " "
        end = end if isinstance(end, str) else "\n"
        hints = [hint_of(a) for a in node.args]
        texts = [
            tp.to_text(a, self.scene, hints[i] if i < len(hints) else "")
            for i, a in enumerate(args)
        ]
        self.emit(sep.join(texts), end)

    def log_call(self, logger: Logger | None, level: int, args: list[Any], node: ast.Call) -> None:
        if not args:
            return
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


# Lower-case names imported `from package import name` that are modules, not functions.
_SUBMODULES: dict[str, frozenset[str]] = {
    "sklearn": frozenset(
        [
            "metrics",
            "model_selection",
            "preprocessing",
            "linear_model",
            "ensemble",
            "svm",
            "tree",
            "neighbors",
            "pipeline",
            "compose",
            "impute",
            "feature_extraction",
            "feature_selection",
            "decomposition",
            "naive_bayes",
            "neural_network",
            "cluster",
            "datasets",
            "calibration",
            "inspection",
            "utils",
        ]
    ),
    "os": frozenset({"path"}),
    "scipy": frozenset({"stats", "sparse", "special", "optimize"}),
}


def _range_items(r: range) -> list[Any]:
    return list(r) if len(r) <= 100_000 else list(r[:LOOP_SHOWN]) + [r[-1]]


def _targets(s: ast.stmt) -> list[ast.AST]:
    if isinstance(s, ast.Assign):
        return list(s.targets)
    if isinstance(s, (ast.AugAssign, ast.AnnAssign)):
        return [s.target]
    return []


def _gives_up(body: list[ast.stmt]) -> bool:
    for s in body:
        if isinstance(s, ast.Raise):
            return True
        if isinstance(s, ast.Expr) and isinstance(s.value, ast.Call):
            name = hint_of(s.value.func)
            if name in ("exit", "quit", "_exit"):
                return True
    return False


def _is_generator(fn: ast.AST, source: list[str]) -> bool:
    cached = getattr(fn, "_mleworld_generator", None)
    if cached is None:
        start, end = fn.lineno, fn.end_lineno or fn.lineno  # type: ignore[attr-defined]
        # A text search first: walking every function's nodes costs milliseconds.
        cached = any("yield" in line for line in source[start - 1 : end]) and any(
            isinstance(n, (ast.Yield, ast.YieldFrom)) for n in ast.walk(fn)
        )
        fn._mleworld_generator = cached  # type: ignore[attr-defined]
    return cached


def _decorator_name(d: ast.expr) -> str:
    return hint_of(d)


def _bind_params(
    params: ast.arguments, args: list[Any], kwargs: dict[str, Any], walker: Walker
) -> dict[str, Any]:
    env: dict[str, Any] = {}
    positional = [*params.posonlyargs, *params.args]
    defaults = params.defaults
    first_default = len(positional) - len(defaults)
    for i, p in enumerate(positional):
        if i < len(args):
            env[p.arg] = args[i]
        elif p.arg in kwargs:
            env[p.arg] = kwargs[p.arg]
        elif i >= first_default:
            env[p.arg] = walker.ev(defaults[i - first_default])
        else:
            env[p.arg] = Unknown(p.arg)
    for p, default in zip(params.kwonlyargs, params.kw_defaults, strict=False):
        if p.arg in kwargs:
            env[p.arg] = kwargs[p.arg]
        else:
            env[p.arg] = walker.ev(default) if default is not None else Unknown(p.arg)
    if params.vararg is not None:
        env[params.vararg.arg] = tuple(args[len(positional) :])
    if params.kwarg is not None:
        known = {p.arg for p in positional} | {p.arg for p in params.kwonlyargs}
        env[params.kwarg.arg] = {k: v for k, v in kwargs.items() if k not in known}
    return env
