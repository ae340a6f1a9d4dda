"""The structure of Python tracebacks in terminal output.

Owns reading a log's traceback blocks (`parse_tracebacks` -> `Traceback`, with
their `Frame`s and the `RaisedException` that ended them, exception groups and
chained exceptions included) and marking which lines are traceback structure
(`traceback_mask`), plus the line patterns the fatal-event reader shares.

Not here: deciding which event of a log was fatal or naming a run's outcome
(fatal.py), reading printed metrics (headline.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "EXCEPTION_LIKE",
    "EXC_LINE",
    "FRAME_LINE",
    "Frame",
    "RaisedException",
    "Traceback",
    "parse_tracebacks",
    "traceback_mask",
]

_HEADER = re.compile(r"^\s*(?:\+ )?(Exception Group )?Traceback \(most recent call last\):\s*$")
_CHAIN_SEPARATORS = (
    "The above exception was the direct cause of the following exception:",
    "During handling of the above exception, another exception occurred:",
)
EXC_LINE = re.compile(
    r"^(?P<qualname>(?:[A-Za-z_]\w*\.)*(?P<leaf>[A-Za-z_]\w*))(?::(?:\s(?P<msg>.*)|$)|\s*$)"
)
FRAME_LINE = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+)(?:, in (?P<func>.+))?\s*$')
_CARET = re.compile(r"^\s*[~^]+\s*$")
# A header whose previous line says so is the inside of another exception's message
# (scikit-learn's "3 fits failed with the following error:", joblib's quoted remote trace).
_EMBEDDING_LINE = re.compile(r'(following (?:error|exception)s?:|^\s*"""\s*$)')
# Names that look like exception classes when a line stands alone, outside a traceback.
EXCEPTION_LIKE = re.compile(
    r"(Error|Exception|Exit|Interrupt|Iteration|Fault|Group|Killed|Aborted)$|^(Killed|Aborted)$"
)


@dataclass(frozen=True)
class Frame:
    """One `File "...", line N, in f` entry of a traceback, with its source line."""

    file: str
    line: int
    func: str | None
    source: str | None

    @property
    def is_library(self) -> bool:
        f = self.file.replace("\\", "/")
        return (
            "site-packages/" in f
            or "dist-packages/" in f
            or "/lib/python" in f
            or f.startswith("<")
            or not f.endswith(".py")
        )


@dataclass(frozen=True)
class RaisedException:
    """An exception line as printed: `pandas.errors.ParserError: Error tokenizing data...`."""

    cls: str  # leaf class name: ParserError
    qualname: str  # as printed: pandas.errors.ParserError
    line: str  # the class-bearing line, stripped
    message: str  # the first paragraph of the message (may span several lines)
    details: str  # everything printed after the class line up to the next traceback
    line_no: int  # index of the class-bearing line in term_out.splitlines()


@dataclass(frozen=True)
class Traceback:
    """One top-level traceback block. `exc` is None while the block is unfinished."""

    header_no: int
    end_no: int  # index one past the block's last line
    frames: tuple[Frame, ...]
    exc: RaisedException | None
    group: bool  # an exception group ("+ Exception Group Traceback")
    chained: bool  # preceded by "The above exception..." / "During handling..."


def parse_tracebacks(lines: list[str]) -> list[Traceback]:
    """Every top-level traceback block, in order (embedded ones belong to a message)."""
    headers = [i for i, line in enumerate(lines) if _HEADER.match(line) and not _embedded(lines, i)]
    blocks: list[Traceback] = []
    for n, start in enumerate(headers):
        stop = headers[n + 1] if n + 1 < len(headers) else len(lines)
        blocks.append(_parse_block(lines, start, stop))
    return blocks


def traceback_mask(lines: list[str], include_messages: bool = False) -> list[bool]:
    """True for each line that is traceback structure: headers, frames, class lines.

    Every header counts, also those embedded in another exception's message. With
    `include_messages` the first paragraph after each class line counts too (the
    judge drops numbers that occur only in error messages); without it, a recovered
    program's output right after a class line stays visible.
    """
    mask = [False] * len(lines)
    i = 0
    while i < len(lines):
        if not _HEADER.match(lines[i]):
            i += 1
            continue
        group = "Exception Group" in lines[i]
        # A chain separator and the blank lines around it belong to the traceback too.
        j = i - 1
        while j >= 0 and (not lines[j].strip() or lines[j].strip() in _CHAIN_SEPARATORS):
            mask[j] = True
            j -= 1
        mask[i] = True
        i += 1
        while i < len(lines):
            text = lines[i]
            if group:
                if not re.match(r"^\s*[|+]", text):
                    break  # the group's lines, class line and sub-exceptions included, are over
                mask[i] = True
                i += 1
                continue
            mask[i] = True
            i += 1
            if text.strip() and not text.startswith((" ", "\t")) and not _HEADER.match(text):
                break  # the class line (or whatever ended the frames)
        if include_messages:
            while i < len(lines) and lines[i].strip() and not _HEADER.match(lines[i]):
                mask[i] = True
                i += 1
    return mask


def _embedded(lines: list[str], i: int) -> bool:
    j = i - 1
    while j >= 0 and not lines[j].strip():
        j -= 1
    if j < 0:
        return False
    prev = lines[j].strip()
    return prev not in _CHAIN_SEPARATORS and bool(_EMBEDDING_LINE.search(prev))


def _parse_block(lines: list[str], start: int, stop: int) -> Traceback:
    group = bool(_HEADER.match(lines[start]).group(1))  # type: ignore[union-attr]
    frames: list[Frame] = []
    exc: RaisedException | None = None
    i = start + 1
    while i < stop:
        raw = lines[i]
        if group:
            stripped = re.match(r"^\s*\| ?(.*)$", raw)
            if stripped is None:
                if re.match(r"^\s*\+", raw):
                    break  # "+-+---- 1 ----": the sub-exceptions start; the group line came first
                i += 1  # a stray line (stdout interleaved with the group's stderr)
                continue
            raw = stripped.group(1)
        if not raw.strip():
            i += 1
            continue
        frame = FRAME_LINE.match(raw)
        if frame:
            source = None
            k = i + 1
            while k < stop:
                nxt = lines[k][4:] if group and lines[k].lstrip().startswith("|") else lines[k]
                if not nxt.startswith((" ", "\t")) or FRAME_LINE.match(nxt):
                    break
                if source is None and not _CARET.match(nxt):
                    source = nxt.strip()
                k += 1
            frames.append(
                Frame(frame["file"], int(frame["line"]), frame["func"], source),
            )
            i = k
            continue
        if raw.startswith((" ", "\t")):
            i += 1  # "[Previous line repeated 996 more times]", native stack lines
            continue
        match = EXC_LINE.match(raw.rstrip())
        if match and (match["msg"] is not None or EXCEPTION_LIKE.search(match["leaf"])):
            exc = _raised(lines, i, stop, match, group)
            break
        i += 1  # a stray line (interleaved output, a truncation marker): keep looking
    j = start - 1
    while j >= 0 and not lines[j].strip():
        j -= 1
    chained = j >= 0 and lines[j].strip() in _CHAIN_SEPARATORS
    return Traceback(start, stop, tuple(frames), exc, group, chained)


def _raised(
    lines: list[str], i: int, stop: int, match: re.Match[str], group: bool
) -> RaisedException:
    first = (match["msg"] or "").strip()
    paragraph = [first] if first else []
    details: list[str] = [first] if first else []
    k = i + 1
    in_paragraph = True
    while k < stop:
        text = lines[k]
        if group:
            break  # the group's message is one line; sub-exceptions follow
        if text.strip() in _CHAIN_SEPARATORS:
            break
        if not text.strip():
            in_paragraph = False
        elif in_paragraph:
            paragraph.append(text.strip())
        if len(details) < 80:
            details.append(text.rstrip())
        k += 1
    return RaisedException(
        cls=match["leaf"],
        qualname=match["qualname"],
        line=lines[i].strip().removeprefix("| ").strip(),
        message="\n".join(paragraph).strip(),
        details="\n".join(details).strip(),
        line_no=i,
    )
