"""Reading an outcome out of terminal output: the fatal exception and the headline metric.

This module is the one owner of two concepts every layer needs:

* the **last fatal event** of a log (`last_fatal` -> `FatalInfo`, and `parse_exception`,
  which adds what the exit code and the timeout flag know), and
* the **headline validation result** a program printed (`extract_headline` ->
  `Headline`, `metric_candidates`, and `parse_metric`).

They are pure functions over text, so the executor (real outputs), the world
model (predicted outputs, where no exit code exists) and the judge (comparing
the two) all read logs the same way.

Exception names: the leaf class name as Python prints it (`pandas.errors.ParserError`
-> `ParserError`), `None` for a clean run, `TimeoutError` for a timeout, and stable
names for deaths without a Python traceback: `Killed` (SIGKILL, usually the OOM
killer), `SegmentationFault`, `Aborted`, `BusError`, `Terminated`, `SystemExit`
(non-zero exit, no traceback).

Metric rule for percentages: a number printed with a `%` sign is returned as a
fraction (`Validation accuracy: 91.2%` -> 0.912); every other number is returned as
printed. The judge compares both sides after this one conversion.

Not here: running programs (sandbox.py), checking submission files
(submission.py), comparing two outputs (evaluation/judge.py).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from mleworld.execution.outcome import CLEAN, TIMEOUT

__all__ = [
    "FatalInfo",
    "Frame",
    "Headline",
    "RaisedException",
    "Traceback",
    "choose_headline",
    "continues_after",
    "extract_headline",
    "last_fatal",
    "metric_candidates",
    "parse_exception",
    "parse_metric",
    "parse_tracebacks",
    "signal_name",
    "traceback_mask",
]

# ---------------------------------------------------------------------------
# Exceptions
# ---------------------------------------------------------------------------

_HEADER = re.compile(r"^\s*(?:\+ )?(Exception Group )?Traceback \(most recent call last\):\s*$")
_CHAIN_SEPARATORS = (
    "The above exception was the direct cause of the following exception:",
    "During handling of the above exception, another exception occurred:",
)
_EXC_LINE = re.compile(
    r"^(?P<qualname>(?:[A-Za-z_]\w*\.)*(?P<leaf>[A-Za-z_]\w*))(?::(?:\s(?P<msg>.*)|$)|\s*$)"
)
_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+)(?:, in (?P<func>.+))?\s*$')
_CARET = re.compile(r"^\s*[~^]+\s*$")
# A header whose previous line says so is the inside of another exception's message
# (scikit-learn's "3 fits failed with the following error:", joblib's quoted remote trace).
_EMBEDDING_LINE = re.compile(r'(following (?:error|exception)s?:|^\s*"""\s*$)')
# Names that look like exception classes when a line stands alone, outside a traceback.
_EXCEPTION_LIKE = re.compile(
    r"(Error|Exception|Exit|Interrupt|Iteration|Fault|Group|Killed|Aborted)$|^(Killed|Aborted)$"
)

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
                break  # "+-+---- 1 ----": the sub-exceptions start; the group line came first
            raw = stripped.group(1)
        if not raw.strip():
            i += 1
            continue
        frame = _FRAME.match(raw)
        if frame:
            source = None
            k = i + 1
            while k < stop:
                nxt = lines[k][4:] if group and lines[k].lstrip().startswith("|") else lines[k]
                if not nxt.startswith((" ", "\t")) or _FRAME.match(nxt):
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
        match = _EXC_LINE.match(raw.rstrip())
        if match and (match["msg"] is not None or _EXCEPTION_LIKE.search(match["leaf"])):
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
            match = _EXC_LINE.match(line.rstrip())
            if not match or match["leaf"].endswith("Warning"):
                continue
            if not _EXCEPTION_LIKE.search(match["leaf"]):
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
    return any(_FRAME.match(lines[k]) for k in range(i - 1, max(-1, i - 5), -1))


def continues_after(lines: list[str], start: int) -> bool:
    """Whether the program visibly went on from line `start` on: results, progress, a submission."""
    mask = traceback_mask(lines)
    for i in range(start, len(lines)):
        if mask[i]:
            continue
        line = lines[i]
        if _COMPLETION.search(line) or _PROGRESS.search(line):
            return True
        if _line_pairs(line, include_training=True):
            return True
    return False


# ---------------------------------------------------------------------------
# Metrics
# ---------------------------------------------------------------------------

_NUMBER = re.compile(
    r"(?<![\w.])(?P<num>[-+]?(?:(?:\d{1,3}(?:,\d{3})+(?!\d)(?:\.\d+)?|\d+(?:\.\d*)?|\.\d+)"
    r"(?:[eE][-+]?\d+)?|(?i:nan|inf(?:inity)?)))"
    r"(?!\w)(?!\.\d)(?P<pct>\s?%)?"
)
# A number followed by these is part of a label ("Epoch 3/10", "Fold 2:", "5-fold").
_LABEL_NUMBER_TAIL = re.compile(r"^(?:\s*[:=]|\s*/\s*\d|-[A-Za-z])")
_SEPARATOR_TAIL = re.compile(r"(?:\s*(?:[:=]|->|\bis\b|\bof\b|\bwas\b|\s-)\s*|\s+)$", re.I)
_DELIMITERS = re.compile(r"[,;|\t]|\.\s|\s-\s|\s{2,}")

# Canonical metric names; phrases first so "mean squared error" is not read as "mean".
_METRIC_NAMES: tuple[tuple[str, str], ...] = (
    (r"roc[\s_-]*auc|auc[\s_-]*roc|\bauc\b|\broc\b|area under", "auc"),
    (r"balanced[\s_-]*acc(uracy)?", "balanced_accuracy"),
    (r"\bacc(uracy)?\b", "accuracy"),
    (r"\bf1(\s*score)?\b|\bf[\s_-]?score\b|\bf-1\b", "f1"),
    (r"root[\s_-]*mean[\s_-]*squared[\s_-]*log(arithmic)?[\s_-]*error|\brmsle\b", "rmsle"),
    (r"root[\s_-]*mean[\s_-]*squared[\s_-]*error|\brmse\b", "rmse"),
    (r"mean[\s_-]*squared[\s_-]*error|\bmse\b", "mse"),
    (r"mean[\s_-]*absolute[\s_-]*percentage[\s_-]*error|\bs?mape\b", "mape"),
    (r"mean[\s_-]*absolute[\s_-]*error|\bmae\b", "mae"),
    (r"\br2\b|\br\^2\b|r[\s_-]*squared|\bcoefficient of determination\b", "r2"),
    (
        r"\blog[\s_-]*loss\b|\blogloss\b|\b(binary|multi)[\s_-]*logloss\b|"
        r"cross[\s_-]*entropy|\bnll\b",
        "logloss",
    ),
    (r"\bqwk\b|quadratic[\s_-]*weighted[\s_-]*kappa|\bkappa\b", "qwk"),
    (r"mean[\s_-]*average[\s_-]*precision|\bmap(@\d+)?\b", "map"),
    (r"\bndcg(@\d+)?\b", "ndcg"),
    (r"\bprecision\b", "precision"),
    (r"\brecall\b", "recall"),
    (r"\bgini\b", "gini"),
    (r"\bspearman\b", "spearman"),
    (r"\bpearson\b|\bcorrelation\b", "correlation"),
    (r"\bdice\b", "dice"),
    (r"\biou\b|\bjaccard\b", "iou"),
    (r"\bbrier\b", "brier"),
    (r"\b(binary|multi)?[\s_-]*error\b|\berror rate\b", "error"),
    (r"\bloss\b", "loss"),
)
_METRIC_RES = tuple((re.compile(p, re.I), name) for p, name in _METRIC_NAMES)
_GENERIC = re.compile(r"(?i)\b(score|metric|result|performance)\b")
_VAL = re.compile(
    r"(?i)(?<![a-z])(val|valid|validation|eval|evaluation|holdout|hold-out|dev|test|oof|"
    r"out-of-fold|cv|cross[\s_-]?validat\w*)(?![a-z])"
)
_TRAIN = re.compile(
    r"(?i)(?<![a-z])(train|trn|training(?:'s)?)(?![a-z])(?!\s+(?:done|finished|complete|"
    r"completed|started|starting|took|time|for|on|with|model|models|\.\.\.))"
)
# One part of an aggregate: a fold, a split, one model of an ensemble.
_FOLD = re.compile(
    r"(?i)\bfold\s*[#:]?\s*\d+|\bfold_?\d+|\bsplit\s+\d+\b|\bcv\s*\d+\b|"
    r"\bmodel\s*[#_]?\d+\b|\bseed\s*[#=:]?\s*\d+"
)
_FINAL = re.compile(
    r"(?i)\b(final|overall|mean|average|avg|oof|out-of-fold|ensemble|across\s+folds|"
    r"cv|cross[\s_-]?validat\w*|summary)\b"
)
_BEST = re.compile(r"(?i)\bbest\b")
_AUX_HEAD = re.compile(
    r"(?i)\b(lr|learning rate|rate|time|elapsed|secs?|seconds|minutes|rows|samples|features|"
    r"columns|cols|shape|size|count|seed|epochs?|iterations?|iters?|steps?|rounds?|batch|"
    r"params|oov|distribution|ratio|proportion|prevalence|class|classes|memory|threshold|"
    r"weight|depth|leaves|estimators|patience|n|k|id|version)\s*$"
)
# Words that, alone, still make a label a validation result ("CV: 0.81", "Validation: 0.87").
_CONTEXT_WORDS = frozenset(
    {
        *("val", "valid", "validation", "validated", "eval", "evaluation", "holdout", "hold"),
        *("out", "dev", "test", "oof", "cv", "cross", "final", "overall", "best", "mean"),
        *("average", "avg", "set", "on", "the", "model", "folds", "across", "of", "split"),
        *("data", "ensemble", "summary", "valid_0", "valid_1", "x"),
    }
)
_KIND_RANK = {"final": 3, "best": 2, "validation": 1, "fold": 0}


@dataclass(frozen=True)
class Headline:
    """A validation result printed by a program: one label/value pair of one line."""

    value: float  # as printed; percentages as fractions (91.2% -> 0.912)
    line: str  # the whole line, stripped
    kind: str  # "final" | "best" | "validation" | "fold"
    name: str | None  # canonical metric name (auc, accuracy, rmse, loss, ...); None if unlabelled
    label: str  # the label as printed before the value
    percent: bool  # printed with a % sign
    line_no: int
    position: int  # index of the pair within its line

    @property
    def rank(self) -> int:
        return _KIND_RANK[self.kind]


@dataclass(frozen=True)
class _Pair:
    value: float
    percent: bool
    label: str
    name: str | None
    split: str | None  # "train" | "val" | None (unmarked)
    kind: str
    position: int


def parse_metric(term_out: str) -> tuple[float | None, str | None]:
    """The headline validation score the program printed, and the line it came from.

    Priority: an explicit final/overall/CV/mean summary, then an explicit best,
    then the last validation value; per-fold values only when nothing else was
    printed. Training metrics, training losses and lines inside tracebacks are
    never used. `91.2%` is returned as 0.912; nan and inf as float nan/inf.
    """
    head = extract_headline(term_out)
    if head is None:
        return None, None
    return head.value, head.line


def extract_headline(term_out: str) -> Headline | None:
    """The single headline result of a log (see parse_metric for the priority)."""
    return choose_headline(metric_candidates(term_out))


def choose_headline(candidates: list[Headline]) -> Headline | None:
    """Best candidate by kind, then the latest line; within a line a named metric beats
    loss, then the later pair wins (XGBoost prints its validation set after the training one)."""
    if not candidates:
        return None
    return max(
        candidates,
        key=lambda h: (h.rank, h.line_no, h.name not in ("loss", None), h.position),
    )


def metric_candidates(term_out: str) -> list[Headline]:
    """Every validation-type result a log prints, in order (training values excluded)."""
    lines = term_out.splitlines()
    mask = traceback_mask(lines)
    out: list[Headline] = []
    best_next = False
    for i, line in enumerate(lines):
        if mask[i]:
            continue
        if not line.strip():
            continue
        for pair in _line_pairs(line):
            kind = "best" if best_next and pair.kind == "validation" else pair.kind
            out.append(
                Headline(
                    value=pair.value,
                    line=line.strip(),
                    kind=kind,
                    name=pair.name,
                    label=pair.label,
                    percent=pair.percent,
                    line_no=i,
                    position=pair.position,
                )
            )
        # LightGBM: "Early stopping, best iteration is:" then the best round's line.
        best_next = bool(re.search(r"(?i)best iteration is:?\s*$", line))
    return out


def _line_pairs(line: str, include_training: bool = False) -> list[_Pair]:
    """The metric pairs of one line: a label, a separator, then a number."""
    found: list[tuple[str, str, str | None, re.Match[str]]] = []  # label, name, context, match
    prev_end = 0
    for m in _NUMBER.finditer(line):
        if _LABEL_NUMBER_TAIL.match(line[m.end() :]):
            continue  # "Epoch 3/10", "Fold 2:": the number belongs to a label
        before = line[prev_end : m.start()]
        label_text = _SEPARATOR_TAIL.sub("", before)
        if label_text == before:
            continue  # nothing separates a label from this number: "(6, 4)", "MAP@3"
        prev_end = m.end()
        parts = _DELIMITERS.split(label_text)
        label = parts[-1].strip(" \t'\"{}()[]:=-")
        if not label:
            continue
        # "Validation metrics: {'auc'": the words before the last ":" or "{" are context.
        name_part, context = _split_label(label)
        context = " ".join([*parts[:-1], context])
        found.append((label, name_part, _split_of(context), m))
    # Keras style: beside "val_loss"/"val_acc" keys, the unmarked keys are the training ones.
    keyed_val = any(_split_of(name) == "val" for _, name, _, _ in found)
    pairs: list[_Pair] = []
    running: str | None = None
    for position, (label, name_part, context_split, m) in enumerate(found):
        running = context_split or running
        name = _metric_name(name_part) or _metric_name(label) or _keyed_unknown(name_part)
        if name is None and not _accept_unnamed(label):
            continue
        if _AUX_HEAD.search(name_part.replace("_", " ")) and not _ends_with_metric(name_part):
            continue  # "OOV rate", "learning rate", "best iteration"
        split = _split_of(name_part) or running or ("train" if keyed_val else None)
        if name == "loss" and split is None:
            split = "train"  # an unlabelled loss is the training loss
        if split == "train" and not include_training:
            continue
        pairs.append(
            _Pair(
                value=_to_float(m["num"], bool(m["pct"])),
                percent=bool(m["pct"]),
                label=label,
                name=name,
                split=split,
                kind=_kind(line, m, label),
                position=position,
            )
        )
    return pairs


def _kind(line: str, m: re.Match[str], label: str) -> str:
    before = line[: m.start()]
    if _FOLD.search(before) and not re.search(r"(?i)\b(mean|average|avg|overall)\b", label):
        return "fold"
    if _FINAL.search(_strip_metric_phrases(before)) or re.match(
        r"^\s*(\+/-|±|\+-)", line[m.end() :]
    ):
        return "final"
    if _BEST.search(before):
        return "best"
    return "validation"


def _split_label(label: str) -> tuple[str, str]:
    cut = max(label.rfind(":"), label.rfind("{"), label.rfind("("))
    if cut < 0:
        return label, ""
    return label[cut + 1 :].strip(" '\"{}()[]"), label[:cut]


def _split_of(text: str) -> str | None:
    val = _VAL.search(text)
    train = _TRAIN.search(text)
    if val and train:
        return "val" if val.start() > train.start() else "train"
    if val:
        return "val"
    if train:
        return "train"
    return None


def _metric_name(text: str) -> str | None:
    text = text.replace("_", " ")
    for pattern, name in _METRIC_RES:
        if pattern.search(text):
            return name
    return None


def _keyed_unknown(name_part: str) -> str | None:
    """A metric this module has no name for, keyed as validation: "val_mcrmse" -> "mcrmse"."""
    if _split_of(name_part) != "val":
        return None
    words = re.findall(r"[a-z0-9@]+", name_part.lower().replace("_", " ").replace("-", " "))
    rest = [w for w in words if not _VAL.fullmatch(w) and not w.isdigit() and w != "s"]
    if len(rest) != 1 or not rest[0].isalpha() or len(rest[0]) > 12:
        return None
    word = rest[0]
    return None if _AUX_HEAD.search(word) or word in _CONTEXT_WORDS else word


def _ends_with_metric(text: str) -> bool:
    words = re.findall(r"[a-z0-9^@]+", text.lower().replace("_", " "))
    return bool(words) and _metric_name(words[-1]) is not None


def _accept_unnamed(label: str) -> bool:
    if _GENERIC.search(label):
        return True
    words = re.findall(r"[a-z0-9_]+", label.lower())
    return (
        bool(words) and all(w in _CONTEXT_WORDS for w in words) and _VAL.search(label) is not None
    )


def _strip_metric_phrases(text: str) -> str:
    return re.sub(
        r"(?i)(root[\s_-]*)?mean[\s_-]*(squared|absolute|average)[\s_-]*\w*",
        " ",
        text.replace("_", " "),
    )


def _to_float(token: str, percent: bool) -> float:
    low = token.lower().lstrip("+")
    if low.lstrip("-") in ("nan",):
        return math.nan
    if low.lstrip("-") in ("inf", "infinity"):
        return -math.inf if low.startswith("-") else math.inf
    value = float(token.replace(",", ""))
    return value / 100.0 if percent else value
