"""The last fatal event of a log, and the outcome class of a run.

`last_fatal` -> `FatalInfo` reads a log without an exit code (predicted outputs
too); `parse_exception` adds what a real run's exit code and timeout flag know.

Exception names: the leaf class name as Python prints it (`pandas.errors.ParserError`
-> `ParserError`), `None` for a clean run, `TimeoutError` for a timeout, and stable
names for deaths without a Python traceback: `Killed` (SIGKILL, usually the OOM
killer), `SegmentationFault`, `Aborted`, `BusError`, `Terminated`, `SystemExit`
(non-zero exit, no traceback).

Not here: the traceback blocks themselves (tracebacks.py), reading printed
metrics (headline.py; used only to tell that a program went on after an error).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mleworld.execution.headline import prints_metric
from mleworld.execution.outcome import CLEAN, TIMEOUT
from mleworld.execution.tracebacks import (
    EXC_LINE,
    EXCEPTION_LIKE,
    FRAME_LINE,
    Frame,
    RaisedException,
    Traceback,
    parse_tracebacks,
    traceback_mask,
)

__all__ = ["FatalInfo", "continues_after", "last_fatal", "parse_exception", "signal_name"]

# Signals a process can die of, by number, with the names used as exception classes.
_SIGNALS = {
    2: "KeyboardInterrupt",
    6: "Aborted",
    7: "BusError",
    9: "Killed",
    11: "SegmentationFault",
    15: "Terminated",
}
# Text the OS, a shell or faulthandler prints for those deaths.
_SIGNAL_LINES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (
        re.compile(
            rf"^(?:Fatal Python error: )?{text}(?: \(core dumped\))?\s*$|^{name}\s*$|"
            rf"^\S*sh: .*\b{text}\b"
        ),
        name,
    )
    for text, name in (
        ("Segmentation fault", "SegmentationFault"),
        ("Aborted", "Aborted"),
        ("Bus error", "BusError"),
        ("Killed", "Killed"),
    )
)
# What a program prints once it has got past an error: results, progress, a submission.
_COMPLETION = re.compile(
    r"(?i)(submission\.csv|\bsubmission\b.*\b(saved|written|created|generated|complete|done)\b|"
    r"\b(saved|saving|wrote|writing|written)\b.*\bsubmission\b|^\s*(all )?done\b|^\s*finished\b|"
    r"completed successfully|\btraining (complete|completed|finished|done)\b)"
)
_PROGRESS = re.compile(r"(?i)^\s*(\[\s*\d+\s*\]|(epoch|fold|iteration|iter|round|step)\s*\[?\d+)")


@dataclass(frozen=True)
class FatalInfo:
    """The last fatal event of a log.

    `cls` is None for a traceback that was cut off before its class line (an
    unfinished traceback: the state is unknown, not the earlier exception's).
    `chain` holds the earlier exceptions of the same chain, oldest first: the
    actionable cause when the last one is a generic wrapper.
    """

    cls: str | None
    line: str  # the evidence line: class line, signal line, or the header when unfinished
    message: str
    line_no: int
    source: str  # "traceback" | "syntax" | "line" | "signal"
    qualname: str = ""
    details: str = ""
    frames: tuple[Frame, ...] = ()
    chain: tuple[RaisedException, ...] = ()

    @property
    def unfinished(self) -> bool:
        return self.cls is None


def signal_name(exit_code: int) -> str | None:
    """The stable name for a death by signal (-9 or, through a shell, 137), else None."""
    if exit_code < 0:
        return _SIGNALS.get(-exit_code, f"Signal{-exit_code}")
    if exit_code > 128 and exit_code - 128 in (6, 7, 9, 11):
        return _SIGNALS[exit_code - 128]
    return None


def parse_exception(term_out: str, exit_code: int, timed_out: bool) -> str:
    """The outcome class of one real run.

    A timeout wins over everything (a KeyboardInterrupt sent at the deadline is
    still a timeout); exit code 0 is a clean run even when a caught traceback was
    printed; a death by signal is named for the signal; otherwise the class of the
    last exception printed, or SystemExit when the program exited non-zero silently.
    """
    if timed_out:
        return TIMEOUT
    if exit_code == 0:
        return CLEAN
    by_signal = signal_name(exit_code)
    if by_signal is not None:
        return by_signal
    events = _fatal_events(term_out.splitlines())
    for event in reversed(events):
        if event.cls is not None:
            return event.cls
    return "SystemExit"


def last_fatal(term_out: str) -> FatalInfo | None:
    """The last fatal event visible in a log, or None when the log shows none.

    Works without an exit code (predicted outputs): an exception followed by a
    result, progress or a saved submission was handled, so it is not fatal.
    """
    lines = term_out.splitlines()
    events = _fatal_events(lines)
    if not events:
        return None
    last = events[-1]
    if last.cls is not None and continues_after(lines, last.line_no + 1):
        return None
    return last


def _fatal_events(lines: list[str]) -> list[FatalInfo]:
    """All fatal-looking events in line order (tracebacks, bare class lines, signals)."""
    blocks = parse_tracebacks(lines)
    covered = [False] * len(lines)
    for b in blocks:
        for i in range(b.header_no, b.end_no):
            covered[i] = True
    events: list[tuple[int, FatalInfo]] = []
    for n, b in enumerate(blocks):
        chain = _chain_before(blocks, n)
        if b.exc is None:
            events.append(
                (
                    b.end_no - 1,
                    FatalInfo(
                        cls=None,
                        line=lines[b.header_no].strip(),
                        message="",
                        line_no=b.header_no,
                        source="traceback",
                        frames=b.frames,
                        chain=chain,
                    ),
                )
            )
        else:
            events.append(
                (
                    b.exc.line_no,
                    FatalInfo(
                        cls=b.exc.cls,
                        line=b.exc.line,
                        message=b.exc.message,
                        line_no=b.exc.line_no,
                        source="traceback",
                        qualname=b.exc.qualname,
                        details=b.exc.details,
                        frames=b.frames,
                        chain=chain,
                    ),
                )
            )
    for i, line in enumerate(lines):
        if covered[i]:
            continue
        stripped = line.strip()
        for pattern, name in _SIGNAL_LINES:
            if pattern.search(stripped):
                events.append((i, FatalInfo(name, stripped, "", i, "signal")))
                break
        else:
            if line.startswith((" ", "\t")):
                continue
            match = EXC_LINE.match(line.rstrip())
            if not match or match["leaf"].endswith("Warning"):
                continue
            if not EXCEPTION_LIKE.search(match["leaf"]):
                continue
            source = "syntax" if _after_syntax_frame(lines, i) else "line"
            message = (match["msg"] or "").strip()
            events.append(
                (
                    i,
                    FatalInfo(
                        match["leaf"],
                        stripped,
                        message,
                        i,
                        source,
                        qualname=match["qualname"],
                        details=message,
                    ),
                )
            )
    events.sort(key=lambda e: e[0])
    return [e for _, e in events]


def _chain_before(blocks: list[Traceback], n: int) -> tuple[RaisedException, ...]:
    chain: list[RaisedException] = []
    k = n
    while k > 0 and blocks[k].chained:
        prev = blocks[k - 1].exc
        if prev is not None:
            chain.append(prev)
        k -= 1
    return tuple(reversed(chain))


def _after_syntax_frame(lines: list[str], i: int) -> bool:
    return any(FRAME_LINE.match(lines[k]) for k in range(i - 1, max(-1, i - 5), -1))


def continues_after(lines: list[str], start: int) -> bool:
    """Whether the program visibly went on from line `start` on: results, progress, a submission."""
    mask = traceback_mask(lines)
    for i in range(start, len(lines)):
        if mask[i]:
            continue
        line = lines[i]
        if _COMPLETION.search(line) or _PROGRESS.search(line):
            return True
        if prints_metric(line):
            return True
    return False
