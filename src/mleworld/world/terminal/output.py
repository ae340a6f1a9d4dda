"""Predicted terminal output: what a program would print, given the predicted outcome.

`predicted_output(program, exc_type, ...)` writes the term_out a world model
returns with its prediction, without running anything:

* a clean run (`"None"`): the program's own prints and log records in program
  order, values filled in (the print the outcome parser reads as the metric
  shows `metric`, with the program's format spec applied), loop prints repeated
  per iteration (K folds, capped at 10 and summarised);
* a crash: the prints made before the crash point, then the traceback CPython
  3.11 prints (frames from `<module>` down to the crashing line, with its caret
  line) and the exception line. Static analysis' `finding` (world/static/) says
  what fails, with Python's message, and where; a crash class with no finding
  ends with the class alone. A syntax error in CPython's own format, read from
  the real compiler;
* a timeout (`"TimeoutError"`): the prints made before the kill point (where
  the program's work, mostly model fits, passes time_limit_s / runtime_s of
  the total) and the KeyboardInterrupt traceback the sandbox's SIGINT produces;
* a death without a traceback (`Killed`, `SegmentationFault`, ... and a silent
  `SystemExit`): the prints before the heaviest step and what the shell prints.

Without a predicted metric, scores are printed at a level plausible for the
task's metric and target column (scores.py). The text is deterministic, takes
a few milliseconds, and never raises.

Not here: what the program does wrong (world/static/), walking the program
(walk.py, expressions.py, library.py, objects.py), formatting values (prints.py),
placing the crash (locate.py), reading outputs (execution/parsing.py).
"""

from __future__ import annotations

import ast
import math
import re
import traceback
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from mleworld.execution.headline import KNOWN_METRICS, metric_name_of
from mleworld.execution.parsing import extract_headline
from mleworld.world.static.printed import Position, Printable
from mleworld.world.static.syntax import parse
from mleworld.world.terminal import prints as tp
from mleworld.world.terminal.locate import Location, locate
from mleworld.world.terminal.messages import SIGNAL_TEXT, class_line, syntax_output
from mleworld.world.terminal.scores import default_score
from mleworld.world.terminal.trace import Trace
from mleworld.world.terminal.values import read_tables
from mleworld.world.terminal.walk import walk

if TYPE_CHECKING:
    from mleworld.world.static.report import Finding

__all__ = ["predicted_output"]

CLEAN = "None"
TIMEOUT = "TimeoutError"
SYNTAX_CLASSES = frozenset({"SyntaxError", "IndentationError", "TabError"})
FILE_NAME = "runfile.py"
_HEADER = "Traceback (most recent call last):"
_NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?(?!\w)(\s?%)?")


def predicted_output(
    program: str,
    exc_type: str,
    *,
    finding: Finding | None = None,
    metric: float | None = None,
    runtime_s: float | None = None,
    time_limit_s: float | None = None,
    n_folds_hint: int | None = None,
    data_overview: str | None = None,
    metric_name: str | None = None,
    printed: Mapping[Position, Printable] | None = None,
) -> str:
    """The terminal output `program` would produce with outcome `exc_type`.

    `finding` is static analysis' finding that stops the program, of class
    `exc_type` (world/fast passes the report's first fatal one): its message is
    the last traceback line, its line the crashing line; `metric` fills the score print;
    `runtime_s` and `time_limit_s` place a timeout's kill point and elapsed-time
    prints; `n_folds_hint` is the fold count when the program does not say;
    `data_overview` (the world-model input's overview of ./input/) gives the
    data's shapes and columns; `metric_name` (the task's metric, e.g. "logloss")
    tells which of the program's scoring calls returns `metric` itself; `printed`
    (static analysis' report) the numbers printed expressions surely evaluate to, by
    position, printed as they are instead of guessed.
    """
    message = finding.message if finding is not None else None
    line = finding.line if finding is not None else None
    try:
        return _cached(
            program,
            str(exc_type or CLEAN),
            message,
            line,
            metric,
            runtime_s,
            time_limit_s,
            n_folds_hint,
            data_overview or "",
            metric_name,
            tuple(sorted((printed or {}).items())),
        )
    except Exception:
        # A bug here must not take a prediction down: fall back to the bare outcome.
        return _bare(str(exc_type or CLEAN), message)


@lru_cache(maxsize=256)
def _cached(
    program: str,
    exc_type: str,
    message: str | None,
    line: int | None,
    metric: float | None,
    runtime_s: float | None,
    time_limit_s: float | None,
    n_folds_hint: int | None,
    overview: str,
    metric_name: str | None = None,
    printed: tuple[tuple[Position, Printable], ...] = (),
) -> str:
    parsed = _parse(program)
    if exc_type in SYNTAX_CLASSES:
        return syntax_output(parsed.source_lines, parsed.error, exc_type, message, line, program)
    if exc_type in SIGNAL_TEXT or exc_type == "SystemExit":
        trace = _trace(
            parsed, metric, runtime_s, n_folds_hint, overview, program, metric_name, dict(printed)
        )
        lines = trace.lines if trace is not None else []
        cut = _cut_for_signal(trace, time_limit_s, runtime_s) if trace is not None else len(lines)
        tail = [message] if message else []
        if exc_type in SIGNAL_TEXT and not message:
            tail = [SIGNAL_TEXT[exc_type]]
        return _join([*lines[:cut], *tail])
    if parsed.tree is None:
        if exc_type == CLEAN:
            return ""
        return _bare(exc_type, message)
    trace = _trace(
        parsed, metric, runtime_s, n_folds_hint, overview, program, metric_name, dict(printed)
    )
    assert trace is not None
    if exc_type == CLEAN:
        return _join(_fix_headline(trace.lines, metric, metric_name))
    if exc_type in (TIMEOUT, "KeyboardInterrupt"):
        return _timeout(parsed, trace, runtime_s, time_limit_s)
    loc = locate(parsed, trace, exc_type, message, line)
    frames = _format_frames(parsed, loc)
    return _join([*trace.lines[: loc.printed], _HEADER, *frames, class_line(exc_type, message)])


# ---------------------------------------------------------------------------
# Parsing (cached: the same program is asked about for several outcomes)


@dataclass(frozen=True)
class Parsed:
    source: str
    source_lines: list[str]
    tree: ast.Module | None
    error: BaseException | None  # the SyntaxError (or ValueError) parsing raised


@lru_cache(maxsize=128)
def _parse(program: str) -> Parsed:
    lines = program.splitlines(keepends=True)
    try:
        tree = parse(program)  # the tree static analysis read too (FILE_NAME is its name)
    except (SyntaxError, ValueError, MemoryError, RecursionError) as exc:
        return Parsed(program, lines, None, exc)
    return Parsed(program, lines, tree, None)


def _trace(
    parsed: Parsed,
    metric: float | None,
    runtime_s: float | None,
    n_folds_hint: int | None,
    overview: str,
    program: str,
    metric_name: str | None = None,
    printed: dict[Position, Printable] | None = None,
) -> Trace | None:
    if parsed.tree is None:
        return None
    tables = read_tables(overview)
    main = tables.get("train.csv") or max(tables.values(), key=lambda t: t.rows, default=None)
    scene = tp.Scene(
        metric=metric,
        metric_name=metric_name,
        default=default_score(metric_name, tables),
        rows=main.rows if main else None,
        cols=main.cols if main else None,
        runtime_s=runtime_s,
    )
    seed = zlib.crc32(program.encode("utf-8", "replace")) % 10
    trace = walk(
        parsed.tree,
        scene,
        tables,
        source=parsed.source_lines,
        n_folds_hint=n_folds_hint,
        jitter_seed=seed,
        printed=printed,
    )
    if runtime_s and runtime_s > 0 and trace.cost > 0 and _uses_clock(program):
        # Elapsed-time prints: scale the walk's work units to the predicted runtime.
        trace = walk(
            parsed.tree,
            scene,
            tables,
            source=parsed.source_lines,
            n_folds_hint=n_folds_hint,
            seconds_per_cost=runtime_s / trace.cost,
            jitter_seed=seed,
            printed=printed,
        )
    return trace


def _uses_clock(program: str) -> bool:
    return "time()" in program or "perf_counter" in program or "monotonic" in program


# ---------------------------------------------------------------------------
# Clean runs: the metric line must read back as the metric


def _fix_headline(lines: list[str], metric: float | None, metric_name: str | None) -> list[str]:
    if metric is None or not math.isfinite(metric) or not lines:
        return lines
    for _ in range(3):
        head = extract_headline("\n".join(lines))
        if head is None:
            return lines
        value = _headline_value(head.name, metric_name_of(metric_name), metric)
        token = _headline_token(lines[head.line_no], head.value, head.percent)
        if token is None or value is None:
            return lines
        start, end, text = token
        if _reads_as(text, value):
            return lines
        fixed = _format_like(text, value)
        row = lines[head.line_no]
        lines = [
            *lines[: head.line_no],
            row[:start] + fixed + row[end:],
            *lines[head.line_no + 1 :],
        ]
    return lines


def _headline_value(head: str | None, task: str | None, metric: float) -> float | None:
    """What the headline line prints when the task's metric is `metric`; None: another quantity.

    A line named for another metric than the task's (LightGBM's `multi_error`
    while the task scores accuracy, say) keeps what the walk printed there,
    except that an error rate is one minus the accuracy.
    """
    if head is None or task is None or head == task or head not in KNOWN_METRICS:
        return metric
    if {head, task} == {"accuracy", "error"}:
        return 1.0 - metric
    return None


def _headline_token(row: str, value: float, percent: bool) -> tuple[int, int, str] | None:
    found = None
    for m in _NUMBER.finditer(row):
        try:
            number = float(m.group(0).rstrip("% ").replace(",", ""))
        except ValueError:
            continue
        if m.group(1):
            number /= 100.0
        if number == value or (math.isnan(value) and math.isnan(number)):
            found = (m.start(), m.end(), m.group(0))
    return found


def _decimals(text: str) -> int:
    body = text.rstrip("% ").lower()
    if "e" in body:
        return -1
    return len(body.split(".", 1)[1]) if "." in body else 0


def _reads_as(text: str, metric: float) -> bool:
    percent = text.rstrip().endswith("%")
    value = float(text.rstrip("% ")) / (100.0 if percent else 1.0)
    decimals = _decimals(text)
    if decimals < 0:
        return math.isclose(value, metric, rel_tol=1e-3)
    tolerance = 0.5 * 10.0**-decimals / (100.0 if percent else 1.0)
    return abs(value - metric) <= tolerance + 1e-12


def _format_like(text: str, metric: float) -> str:
    percent = text.rstrip().endswith("%")
    decimals = _decimals(text)
    value = metric * 100.0 if percent else metric
    suffix = text[len(text.rstrip("% ")) :] if percent else ""
    if decimals < 0:
        return f"{value:.4e}{suffix}"
    if decimals == 0 and not float(value).is_integer():
        decimals = 4
    return f"{value:.{decimals}f}{suffix}"


# ---------------------------------------------------------------------------
# Timeouts


def _kill_fraction(runtime_s: float | None, time_limit_s: float | None) -> float:
    # A runtime at the limit is censored (the run was cut there): the real total is unknown.
    if runtime_s and time_limit_s and runtime_s > 1.05 * time_limit_s > 0:
        return max(0.02, min(0.95, time_limit_s / runtime_s))
    return 0.5


def _timeout(
    parsed: Parsed, trace: Trace, runtime_s: float | None, time_limit_s: float | None
) -> str:
    target = _kill_fraction(runtime_s, time_limit_s) * trace.cost
    fits = [e for e in trace.events if e.kind == "fit"]
    chosen = next((e for e in fits if e.cost + e.weight >= target), None)
    if chosen is None:
        stmts = [e for e in trace.events if e.kind in ("stmt", "fit")]
        chosen = next((e for e in stmts if e.cost >= target), stmts[-1] if stmts else None)
    if chosen is None:
        return _join([_HEADER, "KeyboardInterrupt"])
    loc = Location(chosen.stack, chosen.func, _crash_node(chosen.node), chosen.printed)
    return _join(
        [*trace.lines[: loc.printed], _HEADER, *_format_frames(parsed, loc), "KeyboardInterrupt"]
    )


def _cut_for_signal(trace: Trace, time_limit_s: float | None, runtime_s: float | None) -> int:
    fits = [e for e in trace.events if e.kind == "fit"]
    if not fits:
        return len(trace.lines)
    heaviest = max(fits, key=lambda e: e.weight)
    return heaviest.printed


def _crash_node(node: ast.AST) -> ast.AST:
    if isinstance(node, ast.Expr):
        return node.value
    if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Return)):
        return node.value or node
    return node


# ---------------------------------------------------------------------------
# Tracebacks


def _format_frames(parsed: Parsed, loc: Location) -> list[str]:
    summaries: list[traceback.FrameSummary] = []
    names = [name for name, _ in loc.stack]
    nodes = [node for _, node in loc.stack]
    names.append(loc.func)
    nodes.append(loc.node)
    for name, node in zip(names, nodes, strict=False):
        summaries.extend(_summaries(parsed, name, node, loc))
    text = "".join(traceback.StackSummary.from_list(summaries).format())
    return text.rstrip("\n").split("\n") if text else []


def _summaries(
    parsed: Parsed, name: str, node: ast.AST, loc: Location
) -> list[traceback.FrameSummary]:
    lineno = getattr(node, "lineno", None)
    if lineno is None or not 1 <= lineno <= len(parsed.source_lines):
        return []
    out = [_summary(parsed, name, node)]
    if node is loc.node and loc.comprehension is not None:
        comp, kind = loc.comprehension
        out = [_summary(parsed, name, comp), _summary(parsed, kind, loc.inner or node)]
    return out


def _summary(parsed: Parsed, name: str, node: ast.AST) -> traceback.FrameSummary:
    lineno = node.lineno  # type: ignore[attr-defined]
    source = parsed.source_lines[lineno - 1] if lineno <= len(parsed.source_lines) else ""
    end_lineno = getattr(node, "end_lineno", None)
    colno = getattr(node, "col_offset", None)
    end_colno = getattr(node, "end_col_offset", None)
    if isinstance(node, ast.stmt) and not isinstance(node, (ast.Expr, ast.Assign)):
        # The failing instruction of an import, a with or a for header.
        end_lineno = lineno
        colno = end_colno = None
    return traceback.FrameSummary(
        FILE_NAME,
        lineno,
        name,
        lookup_line=False,
        # As linecache gives it (with its newline): the caret columns count on that.
        line=source.rstrip("\r\n") + "\n",
        end_lineno=end_lineno,
        colno=colno,
        end_colno=end_colno,
    )


def _bare(exc_type: str, message: str | None) -> str:
    """The outcome alone: what is left when the program cannot be read."""
    if exc_type == CLEAN or exc_type == "SystemExit":
        return _join([message]) if message else ""
    if exc_type in SIGNAL_TEXT:
        return _join([message or SIGNAL_TEXT[exc_type]])
    if exc_type in (TIMEOUT, "KeyboardInterrupt"):
        return _join([_HEADER, "KeyboardInterrupt"])
    return _join([_HEADER, class_line(exc_type, message)])


def _join(lines: list[str]) -> str:
    return "\n".join(lines) + ("\n" if lines else "")
