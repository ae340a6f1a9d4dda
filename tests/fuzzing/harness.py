"""What one fuzz example may end in, and how a target is run on it.

A parser given outside input must give a correct result (the target's check
returns) or one clear error: a `MleWorldError` whose message is one non-empty
line. Anything else is a crash: another exception escaping, an error with a
traceback-like or multi-line message, or a check that finds a wrong result
(an `AssertionError`).
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

from mleworld.errors import MleWorldError

CORRECT = "correct"
ERROR = "error"
CRASH = "crash"
MAX_MESSAGE = 2000


@dataclass(frozen=True)
class Target:
    """One parser under fuzz: where inputs come from and what a right answer is.

    `check(example, env)` runs the parser and asserts its result; it lets a
    MleWorldError escape, and may assert on it first (naming the file, say).
    `env` is whatever the target's fixture provides (a task, a model, a server).
    """

    name: str
    parser: str  # the function(s) exercised, for the report
    strategy: st.SearchStrategy[Any]
    check: Callable[[Any, Any], None]


@dataclass(frozen=True)
class Verdict:
    kind: str  # CORRECT | ERROR | CRASH
    detail: str = ""


def clear_error(exc: MleWorldError) -> str | None:
    """Why `exc` is not one clear line, or None when it is."""
    text = str(exc)
    if not text.strip():
        return "empty error message"
    if "\n" in text or "\r" in text:
        return f"multi-line error message: {text[:200]!r}"
    if "Traceback (most recent call last)" in text:
        return f"a traceback inside the error message: {text[:200]!r}"
    if len(text) > MAX_MESSAGE:
        return f"an error message of {len(text)} characters"
    return None


def judge(target: Target, example: Any, env: Any) -> Verdict:
    """Run `target` on one example and say what it ended in."""
    try:
        target.check(example, env)
    except MleWorldError as exc:
        why = clear_error(exc)
        if why is not None:
            return Verdict(CRASH, f"{type(exc).__name__}: {why}")
        return Verdict(ERROR, str(exc))
    except Exception as exc:  # a crash is exactly what this catches
        return Verdict(CRASH, _describe(exc))
    return Verdict(CORRECT)


def assert_no_crash(target: Target, example: Any, env: Any) -> Verdict:
    """The verdict, raising AssertionError (with the example) on a crash."""
    verdict = judge(target, example, env)
    if verdict.kind == CRASH:
        raise AssertionError(f"{target.name} crashed: {verdict.detail}\nexample: {example!r:.2000}")
    return verdict


def _describe(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
    return f"{type(exc).__name__}: {' '.join(str(exc).split())[:300]}{where}"


def bounded(max_examples: int) -> settings:
    """Settings for a property test: few examples, no deadline, the same examples every run
    (the suite stays reproducible; the benchmark draws new ones each time)."""
    return settings(
        max_examples=max_examples,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def benchmark_settings(max_examples: int) -> settings:
    """Settings for the benchmark: generation only (a crash is counted, not shrunk)."""
    return settings(
        max_examples=max_examples,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )


@dataclass
class Tally:
    """Counts of one target's examples, with the first few crashes."""

    tried: int = 0
    correct: int = 0
    errors: int = 0
    crashes: int = 0
    crash_examples: list[str] | None = None
    error_examples: list[str] | None = None
    slowest_s: float = 0.0

    def add(self, verdict: Verdict, example: Any, keep: int = 5) -> None:
        self.tried += 1
        if verdict.kind == CORRECT:
            self.correct += 1
        elif verdict.kind == ERROR:
            self.errors += 1
            self.error_examples = self.error_examples or []
            if len(self.error_examples) < keep and verdict.detail not in self.error_examples:
                self.error_examples.append(verdict.detail[:300])
        else:
            self.crashes += 1
            self.crash_examples = self.crash_examples or []
            if len(self.crash_examples) < keep:
                self.crash_examples.append(f"{verdict.detail[:600]} | example: {example!r:.400}")


class Hang(Exception):
    """An example ran past the benchmark's time limit."""


def tally(target: Target, env: Any, examples: int, hang_s: float | None = None) -> Tally:
    """Run `target` on `examples` fresh inputs, counting instead of stopping at a crash.

    With `hang_s`, an example still running after that many seconds is stopped
    (SIGALRM, so the main thread only) and counted as a crash.
    """
    import signal
    import time

    from hypothesis import given

    counts = Tally()

    def alarm(_signum: int, _frame: Any) -> None:
        raise Hang(f"still running after {hang_s:g} s")

    @benchmark_settings(examples)
    @given(target.strategy)
    def run(example: Any) -> None:
        started = time.perf_counter()
        if hang_s:
            signal.setitimer(signal.ITIMER_REAL, hang_s)
        try:
            verdict = judge(target, example, env)
        finally:
            if hang_s:
                signal.setitimer(signal.ITIMER_REAL, 0)
        counts.slowest_s = max(counts.slowest_s, time.perf_counter() - started)
        counts.add(verdict, example)

    previous = signal.signal(signal.SIGALRM, alarm) if hang_s else None
    try:
        run()
    finally:
        if hang_s:
            signal.signal(signal.SIGALRM, previous)
    return counts
