"""What the judge reads from ONE terminal output, before comparing anything.

For each side, alone (appendix I: "first inspect PREDICTED alone, then GROUND
TRUTH alone; never copy an exception from one side to the other"): its kind
(empty, bare number/None, log), its last fatal event and execution state (fatal,
clean, recovered, unfinished), its debugging core, its validation results, the
dataset sizes it printed and the stages it visibly reached.

Noise the judge must ignore is removed first: auxiliary XML tags (exc_type,
submission_exists, ...), ANSI colours, progress bars, warnings, timestamps and
the output-capping marker.

Not here: the branch logic (judge.py), the debugging-core rules (judge_core.py),
reading tracebacks and metrics (execution/parsing.py, shared with the executor).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mleworld.evaluation.judge_core import DebugCore, core_of
from mleworld.execution.parsing import (
    FatalInfo,
    Headline,
    continues_after,
    last_fatal,
    metric_candidates,
    traceback_mask,
)

__all__ = ["SizeFact", "Side", "clean_output", "read_side"]

# Tags around a world model's prediction: the auxiliary ones are dropped whole
# (an XML class name is not a fatal event), the wrappers are unwrapped.
_XML_AUX = re.compile(
    r"(?is)<(exc_type|exception|exc|submission_exists|submission|has_submission|metric|"
    r"validation_metric|runtime_s|runtime)>.*?</\1>"
)
_XML_WRAP = re.compile(r"(?i)</?(term_out|terminal_output|output|stdout)>")
_EXC_LABEL = re.compile(r"(?m)^\s*EXC_\w+\s*$")  # a world model's class token on its own line
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_CAP_MARKER = re.compile(
    r"(?i)^\s*\.{0,3}\s*\[?\s*\d[\d,]*\s+(characters?|chars|bytes)\s+(truncated|omitted)\s*\]?"
    r"\s*\.{0,3}\s*$"
)
_PROGRESS_BAR = re.compile(r"\d+%\|.*\||\d+(\.\d+)?(it/s|s/it)\]?\s*$")
_WARNING = re.compile(r"^\S.*:\d+: \w*Warning: |^\w*Warning: ")
_TIMESTAMP = re.compile(
    r"^\s*\[?\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\]?\s*(?:-\s*)?|"
    r"^\s*\[\d{2}:\d{2}:\d{2}\]\s*"
)
_BARE = re.compile(r"^(?:[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf)|None)$")
# A plainly stated failure without a Python class ("Training aborted because ...").
_NARRATIVE = re.compile(
    r"(?i)\b(training|execution|run|program|script|job|process|fit|fitting|pipeline|prediction|"
    r"inference|loading|model)\b[^.]*?\b(aborted|failed|crashed|terminated|stopped)\b|"
    r"^\s*(fatal error|execution failed|run failed)\b"
)
_CARRIES_ON = re.compile(
    r"(?i)\b(skipping|skipped|retrying|falling back|fallback|continuing|using default)"
)

_ROLE_PATTERNS = (
    (
        "val",
        re.compile(
            r"(?i)(?<![a-z])(val|valid|validation|holdout|hold-out|dev|x_val|x_valid)(?![a-z])"
        ),
    ),
    ("test", re.compile(r"(?i)(?<![a-z])(test|x_test)(?![a-z])")),
    ("train", re.compile(r"(?i)(?<![a-z])(train|training|trn|x_train)(?![a-z])")),
    ("data", re.compile(r"(?i)(?<![a-z])(data|dataset|df|full|total|loaded|input)(?![a-z])")),
)
_PROCESSED = re.compile(
    r"(?i)\b(after|processed|preprocess\w*|encoded|engineer\w*|transformed|selected|final|"
    r"cleaned|merged|augmented|resampled|filtered|dropna|dropped)\b"
)
_NUM = r"(\d{1,3}(?:,\d{3})+(?![\d.])|\d+(?![\d.]))"
# Settings that are sizes of something other than a dataset ("batch size: 64").
_NOT_DATA = re.compile(
    r"(?i)\b(batch|epochs?|steps?|hidden|embed\w*|window|kernel|patience|seed|estimators|depth|"
    r"leaves|learning|lr|vocab\w*|image|img|max_len|seq\w*|chunk|buffer|beam|heads?|layers?|"
    r"workers?|threads?|jobs?|memory|ram|gb|mb|kb)\b"
)
_SHAPE = re.compile(r"[\[(]\s*" + _NUM + r"\s*,\s*" + _NUM + r"\s*[,)\]]")
_COUNT_AFTER = re.compile(
    r"(?i)\b(rows|samples|examples|records|instances|size|length|len|count|features|columns|cols)"
    r"\b\s*(?:[:=]|is)\s*" + _NUM + r"\b"
)
_COUNT_BEFORE = re.compile(
    r"(?i)(?<![\w.])" + _NUM + r"\s+(?:[a-z_-]+\s+){0,2}?"
    r"(rows|samples|examples|records|instances|features|columns|cols)\b"
)
_STAGES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("load", re.compile(r"(?i)\b(load(ing|ed)?|read(ing)?)\b|\bshape\b")),
    ("train", re.compile(r"(?i)\b(train(ing)?|fit(ting)?|epoch|fold|boost\w*)\b|^\s*\[\d+\]")),
    ("predict", re.compile(r"(?i)\b(predict(ing|ions?)?|inference)\b")),
    (
        "submission",
        re.compile(
            r"(?i)submission|\b(saved|wrote|written|writing)\b.*\.csv|\.csv\b.*\b(saved|written)\b"
        ),
    ),
    ("done", re.compile(r"(?i)^\s*(all )?(done|finished|complete[d]?)\b")),
)
_STAGE_LEVEL = {"load": 0, "train": 1, "predict": 2, "submission": 3, "done": 3}


@dataclass(frozen=True)
class SizeFact:
    key: str  # role and dimension: "train rows", "test columns", "data rows (processed)"
    value: int
    line: str


@dataclass(frozen=True)
class Side:
    raw: str  # stripped output without XML wrappers: branch 0 compares this
    text: str  # the cleaned log the other facts were read from
    kind: str  # "empty" | "bare" | "log"
    state: str  # "fatal" | "clean" | "recovered" | "unfinished" ("none" for empty/bare)
    fatal: FatalInfo | None
    narrative: str | None  # a plainly stated failure line, when that is the fatal evidence
    core: DebugCore | None
    candidates: tuple[Headline, ...]  # validation results, in order
    sizes: dict[str, SizeFact]
    stages: frozenset[str]

    @property
    def is_fatal(self) -> bool:
        return self.state == "fatal"

    @property
    def fatal_class(self) -> str:
        if self.fatal is not None and self.state in ("fatal", "unfinished"):
            return self.fatal.cls or "unknown"
        return "none"

    @property
    def evidence(self) -> str:
        """Short literal quote of the last relevant failure (and its cause for wrappers)."""
        if self.state == "unfinished" and self.fatal is not None:
            return f"{self.fatal.line} (unfinished, no class)"
        if self.state != "fatal":
            return "none"
        if self.fatal is None:
            return _short(self.narrative or "none")
        quote = self.fatal.line
        if self.core is not None and self.core.wrapped_by and self.fatal.chain:
            quote += f" <- {self.fatal.chain[-1].line}"
        return _short(quote)

    @property
    def completed(self) -> bool:
        """Shows a finished result: a validation result, a saved submission or 'done'."""
        return bool(self.candidates) or bool(self.stages & {"submission", "done"})

    @property
    def level(self) -> int:
        """How far the run visibly got: 0 loading/nothing, 1 training, 2 predicting, 3 saved."""
        return max((_STAGE_LEVEL[s] for s in self.stages), default=0)

    def pre_crash(self) -> list[Headline]:
        """Validation results printed before the fatal event."""
        if self.fatal is None or not self.is_fatal:
            return list(self.candidates)
        return [h for h in self.candidates if h.line_no < self.fatal.line_no]


def clean_output(output: str) -> tuple[str, str]:
    """(raw, cleaned): raw keeps every character but the XML wrappers; cleaned drops noise."""
    unwrapped = _EXC_LABEL.sub("", _XML_WRAP.sub("", _XML_AUX.sub("", output)))
    raw = unwrapped.strip()
    lines: list[str] = []
    skip_indented = False
    for line in _ANSI.sub("", unwrapped).splitlines():
        line = line.rsplit("\r", 1)[-1].rstrip()
        if skip_indented and line.startswith((" ", "\t")):
            continue
        skip_indented = False
        if _CAP_MARKER.match(line) or _PROGRESS_BAR.search(line):
            continue
        if _WARNING.search(line):
            skip_indented = True  # the warned-about source line follows, indented
            continue
        lines.append(_TIMESTAMP.sub("", line))
    return raw, "\n".join(lines).strip("\n")


def read_side(output: str) -> Side:
    """Everything the judge needs from one output, read without looking at the other."""
    raw, text = clean_output(output)
    if not raw:
        return _plain(raw, "empty")
    if _BARE.match(raw):
        return _plain(raw, "bare")
    lines = text.splitlines()
    fatal = last_fatal(text)
    narrative = None
    if fatal is None:
        narrative = _narrative(lines)
    if fatal is not None and fatal.unfinished:
        state = "unfinished"
    elif fatal is not None or narrative is not None:
        state = "fatal"
    elif _saw_exception(lines):
        state = "recovered"
    else:
        state = "clean"
    core = core_of(fatal, narrative) if state == "fatal" else None
    return Side(
        raw=raw,
        text=text,
        kind="log",
        state=state,
        fatal=fatal,
        narrative=narrative,
        core=core,
        candidates=tuple(metric_candidates(text)),
        sizes=_sizes(lines),
        stages=_stages(lines),
    )


def _plain(raw: str, kind: str) -> Side:
    return Side(raw, raw, kind, "none", None, None, None, (), {}, frozenset())


def _narrative(lines: list[str]) -> str | None:
    """The last few lines' plainly stated failure, when nothing visibly follows it."""
    tail = [i for i, line in enumerate(lines) if line.strip()][-3:]
    for i in reversed(tail):
        if _NARRATIVE.search(lines[i]) and not _CARRIES_ON.search(lines[i]):
            return None if continues_after(lines, i + 1) else lines[i].strip()
    return None


def _saw_exception(lines: list[str]) -> bool:
    return any(traceback_mask(lines)) or any(
        re.match(r"^[A-Za-z_][\w.]*(Error|Exception): ", line) for line in lines
    )


def _sizes(lines: list[str]) -> dict[str, SizeFact]:
    """Printed dataset sizes by role; numbers inside error messages are not dataset sizes."""
    mask = traceback_mask(lines, include_messages=True)
    found: dict[str, SizeFact] = {}
    for i, line in enumerate(lines):
        if mask[i] or not line.strip():
            continue
        for segment in re.split(r"[;|]|,\s+(?=[A-Za-z])", line):
            for key, value in _segment_sizes(segment):
                found.setdefault(key, SizeFact(key, value, line.strip()))
    return found


def _segment_sizes(segment: str) -> list[tuple[str, int]]:
    if _NOT_DATA.search(segment):
        return []
    role = _role(segment)
    stage = " (processed)" if _PROCESSED.search(segment) else ""
    out: list[tuple[str, int]] = []
    shape = _SHAPE.search(segment)
    if shape and role and re.search(r"(?i)\bshape\b|[:=]\s*[\[(]", segment):
        out.append((f"{role} rows{stage}", _int(shape[1])))
        out.append((f"{role} columns{stage}", _int(shape[2])))
        return out
    for m in [*_COUNT_AFTER.finditer(segment), *_COUNT_BEFORE.finditer(segment)]:
        unit, number = (m[1], m[2]) if m.re is _COUNT_AFTER else (m[2], m[1])
        dim = "columns" if unit.lower() in ("features", "columns", "cols") else "rows"
        who = role or ("data" if dim == "columns" else None)
        if who is None:
            continue
        out.append((f"{who} {dim}{stage}", _int(number)))
    return out


def _role(text: str) -> str | None:
    roles = [name for name, pattern in _ROLE_PATTERNS if pattern.search(text)]
    specific = [r for r in roles if r != "data"]
    if len(specific) == 1:
        return specific[0]
    if not specific and roles:
        return "data"
    return None  # none, or ambiguous ("train/test split")


def _stages(lines: list[str]) -> frozenset[str]:
    mask = traceback_mask(lines, include_messages=True)
    found = set()
    for i, line in enumerate(lines):
        if mask[i]:
            continue
        for name, pattern in _STAGES:
            if pattern.search(line):
                found.add(name)
    return frozenset(found)


def _int(text: str) -> int:
    return int(text.replace(",", ""))


def _short(text: str, limit: int = 200) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 3] + "..."
