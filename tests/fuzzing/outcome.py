"""Terminal output given to the outcome parser (execution/parsing.py).

Inputs: random bytes and text; real outputs of crashed programs (the
execution tests' fixtures) cut short or repeated; built logs of printed
metrics and tracebacks, deep (thousands of frames), chained, grouped,
unfinished, with noise lines written between the traceback's lines the way
interleaved stdout and stderr arrive. Every input goes through the
executor's output cap (`OutputCapture`), as a program's output does.

A correct result, for any input: `parse_exception` gives the timeout, the
clean run, the signal name, or a class name that is a Python identifier;
`parse_metric` gives (None, None) or a float read from one of the log's lines
(non-finite only when that line prints nan or inf); `last_fatal` gives None
or an event on a line of the log. For built logs whose last event is known
(not cut by the cap), the class and the metric must be exactly the built ones.
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass
from pathlib import Path

from hypothesis import strategies as st

from mleworld.execution.limits import Limits
from mleworld.execution.outcome import CLEAN, TIMEOUT, Outcome
from mleworld.execution.parsing import last_fatal, parse_exception, parse_metric, signal_name
from mleworld.execution.processes import OutputCapture

from .harness import Target

FIXTURES = Path(__file__).resolve().parents[1] / "execution" / "fixtures" / "tracebacks"
DEFAULT_CAP = Limits().max_output_bytes

# Noise: lowercase prose, which no reader takes for a class line, a signal or a metric.
_NOISE = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz   .,!?'"), max_size=60)
_CLASSES = st.sampled_from(
    [
        "ValueError",
        "KeyError",
        "MemoryError",
        "ZeroDivisionError",
        "ModuleNotFoundError",
        "pandas.errors.ParserError",
        "lightgbm.basic.LightGBMError",
        "sklearn.exceptions.NotFittedError",
        "numpy.core._exceptions._ArrayMemoryError",
        "RuntimeError",
        "KeyboardInterrupt",
        "SystemExit",
        "MyCustomFailure",
    ]
)
_METRIC_NAMES = st.sampled_from(["accuracy", "AUC", "RMSE", "f1", "log loss", "score", "MAE"])
_SIGNAL_LINES = {
    "Killed": "Killed",
    "Segmentation fault (core dumped)": "SegmentationFault",
    "Fatal Python error: Aborted": "Aborted",
    "Bus error": "BusError",
}
_EXIT_CODES = st.one_of(
    st.sampled_from([0, 1, 2, -2, -6, -9, -11, -15, 134, 137, 139, 143]),
    st.integers(-70, 300),
)


@dataclass(frozen=True)
class Run:
    """One program's output as the executor sees it, and what the parser must find.

    `expect_exc`/`expect_metric` are None when the built log leaves them open
    (random input, an unfinished traceback, output cut by the cap).
    """

    data: bytes
    exit_code: int
    timed_out: bool
    cap: int
    expect_exc: str | None = None
    expect_metric: float | None = None
    metric_known: bool = False

    def __repr__(self) -> str:  # a 100 MB example would flood the report
        head = self.data[:300]
        return (
            f"Run(data={head!r}{'...' if len(self.data) > 300 else ''} ({len(self.data)} bytes), "
            f"exit_code={self.exit_code}, timed_out={self.timed_out}, cap={self.cap}, "
            f"expect_exc={self.expect_exc!r}, expect_metric={self.expect_metric!r})"
        )


@functools.cache
def _fixtures() -> list[str]:
    return [
        json.loads(p.read_text(encoding="utf-8"))["term_out"]
        for p in sorted(FIXTURES.glob("*.json"))
    ]


@st.composite
def _value(draw: st.DrawFn) -> tuple[str, float]:
    """A metric value as programs print it, and the float it means."""
    number = draw(st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False))
    style = draw(st.sampled_from(["plain", "fixed", "sci", "percent"]))
    if style == "percent":
        text = f"{abs(number) % 100:.2f}"
        return text + "%", float(text) / 100.0
    text = {"plain": repr(number), "fixed": f"{number:.4f}", "sci": f"{number:.3e}"}[style]
    return text, float(text)


@st.composite
def _traceback(draw: st.DrawFn) -> tuple[list[str], str]:
    """The lines of one traceback (maybe chained, maybe a group) and its leaf class."""
    depth = draw(st.one_of(st.integers(1, 6), st.integers(200, 3000)))
    frames: list[str] = []
    for k in range(min(depth, 40)):
        frames.append(f'  File "runfile.py", line {k + 1}, in f{k}')
        frames.append(f"    f{k + 1}(x)")
        if draw(st.booleans()):
            frames.append("    ^^^^^^^^")
    if depth > 40:
        frames.append(f"  [Previous line repeated {depth - 40} more times]")
    qualname = draw(_CLASSES)
    message = draw(st.one_of(st.just(""), _NOISE, st.lists(_NOISE, max_size=3).map("\n".join)))
    if not message.strip() and not qualname.endswith(("Error", "Interrupt", "Exit")):
        # A bare line "MyCustomFailure" reads as prose to the parser, by design: stray
        # interleaved lines must not pass for a class line.
        message = "it failed"
    class_line = f"{qualname}: {message}" if message else qualname
    leaf = qualname.rsplit(".", 1)[-1]
    if draw(st.integers(0, 5)) == 0:
        group = [
            "  + Exception Group Traceback (most recent call last):",
            '  |   File "runfile.py", line 3, in <module>',
            '  |     raise ExceptionGroup("several", errors)',
            "  | ExceptionGroup: several (2 sub-exceptions)",
            "  +-+---------------- 1 ----------------",
            f"    | {class_line.splitlines()[0]}",
            "    +------------------------------------",
        ]
        return group, "ExceptionGroup"
    lines = ["Traceback (most recent call last):", *frames, *class_line.split("\n")]
    if draw(st.integers(0, 3)) == 0:
        earlier, _ = draw(_traceback())
        separator = draw(
            st.sampled_from(
                [
                    "The above exception was the direct cause of the following exception:",
                    "During handling of the above exception, another exception occurred:",
                ]
            )
        )
        lines = [*earlier, "", separator, "", *lines]
    return lines, leaf


def _interleave(draw: st.DrawFn, lines: list[str]) -> list[str]:
    """Noise lines slipped between the lines of `lines` (stdout arriving mid-traceback)."""
    out: list[str] = []
    for line in lines:
        out.append(line)
        if draw(st.integers(0, 6)) == 0:
            out.append(draw(_NOISE).strip() or "noise")
    return out


@st.composite
def built_runs(draw: st.DrawFn) -> Run:
    """A log of prose, metric lines and a last event whose outcome is known."""
    stdout: list[str] = []
    metric: float | None = None
    for _ in range(draw(st.integers(0, 12))):
        if draw(st.booleans()):
            text, value = draw(_value())
            stdout.append(f"Validation {draw(_METRIC_NAMES)}: {text}")
            metric = value
        else:
            stdout.append(draw(_NOISE))
    end = draw(st.sampled_from(["clean", "silent", "traceback", "unfinished", "signal"]))
    exit_code = draw(_EXIT_CODES)
    timed_out = draw(st.integers(0, 9)) == 0
    tail: list[str] = []
    expect: str | None
    if end == "clean":
        exit_code, expect = 0, CLEAN
    elif end == "silent":
        exit_code = draw(st.sampled_from([1, 2, 3, 100, 255]))
        expect = "SystemExit"
    elif end == "traceback":
        tail, expect = draw(_traceback())
        exit_code = 1
        if draw(st.booleans()):
            tail = _interleave(draw, tail)
    elif end == "unfinished":
        tail, _ = draw(_traceback())
        tail = tail[: draw(st.integers(1, max(1, len(tail) - 1)))]
        exit_code, expect = 1, None
    else:
        line = draw(st.sampled_from(sorted(_SIGNAL_LINES)))
        tail, expect = [line], _SIGNAL_LINES[line]
        exit_code = 1
    if timed_out:
        expect = TIMEOUT
    elif exit_code != 0 and signal_name(exit_code) is not None:
        expect = signal_name(exit_code)
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    text = newline.join([*stdout, *tail]) + draw(st.sampled_from(["", newline]))
    data = text.encode("utf-8")
    cap = draw(st.one_of(st.just(DEFAULT_CAP), st.integers(256, 4096)))
    known = len(data) <= cap
    return Run(
        data,
        exit_code,
        timed_out,
        cap,
        expect_exc=expect if known else None,
        expect_metric=metric if known else None,
        metric_known=known,
    )


@st.composite
def _real_runs(draw: st.DrawFn) -> Run:
    """A real crash's output, cut, repeated or spliced with another."""
    outputs = list(_fixtures())
    text = draw(st.sampled_from(outputs))
    how = draw(st.sampled_from(["whole", "cut", "repeat", "splice", "interleave"]))
    if how == "cut":
        text = text[: draw(st.integers(0, len(text)))]
    elif how == "repeat":
        text = text * draw(st.integers(2, 50))
    elif how == "splice":
        other = draw(st.sampled_from(outputs))
        at = draw(st.integers(0, len(text)))
        text = text[:at] + other + text[at:]
    elif how == "interleave":
        text = "\n".join(_interleave(draw, text.splitlines()))
    return Run(
        text.encode("utf-8"),
        draw(_EXIT_CODES),
        draw(st.booleans()),
        draw(st.one_of(st.just(DEFAULT_CAP), st.integers(256, 4096))),
    )


@st.composite
def _random_runs(draw: st.DrawFn) -> Run:
    data = draw(
        st.one_of(
            st.binary(max_size=2000),
            st.text(max_size=2000).map(lambda s: s.encode("utf-8", "surrogatepass")),
            st.text(st.sampled_from('Traceback (mostrecntl):\n File"py, ^~|+-'), max_size=600).map(
                str.encode
            ),
        )
    )
    return Run(data, draw(_EXIT_CODES), draw(st.booleans()), draw(st.integers(256, 4096)))


RUNS = st.one_of(built_runs(), _real_runs(), _random_runs())


def huge_run(megabytes: int = 100) -> Run:
    """A program that printed `megabytes` MB: progress lines, then a traceback at the very end."""
    line = b"epoch progress, still training, no result yet\n"
    body = line * (megabytes * (1 << 20) // len(line))
    tail = (
        b"Validation accuracy: 0.8125\nTraceback (most recent call last):\n"
        b'  File "runfile.py", line 9, in <module>\n    fit()\nMemoryError: out of memory\n'
    )
    return Run(body + tail, 1, False, DEFAULT_CAP, expect_exc="MemoryError", expect_metric=0.8125)


def capture(run: Run) -> str:
    """The text the executor keeps of this output (the same cap, in the same chunks)."""
    cap = OutputCapture(run.cap)
    view = memoryview(run.data)
    for start in range(0, len(view), 1 << 16):
        cap.add(bytes(view[start : start + (1 << 16)]))
    return cap.text()


def check_outcome(run: Run, _env: object = None) -> None:
    text = capture(run)
    lines = text.splitlines()
    exc = parse_exception(text, run.exit_code, run.timed_out)
    assert isinstance(exc, str) and exc.isidentifier(), f"exc_type {exc!r}"
    if run.timed_out:
        assert exc == TIMEOUT, exc
    elif run.exit_code == 0:
        assert exc == CLEAN, exc
    elif signal_name(run.exit_code) is not None:
        assert exc == signal_name(run.exit_code), exc
    if run.expect_exc is not None:
        assert exc == run.expect_exc, f"exc_type {exc!r}, the log ends in {run.expect_exc!r}"

    metric, metric_line = parse_metric(text)
    if metric is None:
        assert metric_line is None
    else:
        assert isinstance(metric, float) and isinstance(metric_line, str)
        assert metric_line in {line.strip() for line in lines}, metric_line
        if not math.isfinite(metric):
            assert any(w in metric_line.lower() for w in ("nan", "inf")), metric_line
    if run.metric_known:
        if run.expect_metric is None:
            assert metric is None, f"metric {metric!r} read from {metric_line!r}"
        else:
            assert metric is not None and math.isclose(
                metric, run.expect_metric, rel_tol=1e-9, abs_tol=1e-12
            ), f"metric {metric!r}, the log printed {run.expect_metric!r}"

    fatal = last_fatal(text)
    if fatal is not None:
        assert fatal.cls is None or fatal.cls.isidentifier(), fatal.cls
        assert 0 <= fatal.line_no < max(1, len(lines)), fatal.line_no
    # What the executor returns must survive the journal's JSON round trip.
    outcome = Outcome(exc_type=exc, term_out=text, metric=metric, metric_line=metric_line)
    json.loads(json.dumps(outcome.to_dict()))


OUTCOME = Target(
    name="outcome_parser",
    parser="execution.parsing: parse_exception, parse_metric, last_fatal (after OutputCapture)",
    strategy=RUNS,
    check=check_outcome,
)
