"""The world model's input x and target y, as data and as text (paper eq. 1, appendices F and G).

x = the program (run as runfile.py), the importable packages with versions and
the imports that fail, the Python version, the data overview of ./input/ and
the wall-clock limit. y = the exception class, the terminal output, the
validation metric and the submission flag.

This module is the one owner of:

* `WorldInput` / `WorldTarget`, the records, with a JSON round-trip;
* `render_messages(x)`: the system + user messages every backend sends;
* `render_target(y)`: the text a model is trained to emit, which begins with the
  `EXC_<class>` token, then `<term_out>`, `<metric>` and `<submission>` fields;
* `parse_prediction_text(text)`: reading those fields back from any model's
  answer, reporting which ones parsed (appendix G's parse rates);
* `trim_output`: the first and last 2,500 characters of a long log;
* `estimate_tokens` / `estimate_prompt_tokens`: a download-free length estimate.

Not here: the vocabulary of classes (vocab.py), reading exceptions and metrics
out of real logs (execution/parsing.py), storing records (corpus/).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any

from mleworld.errors import MleWorldError
from mleworld.world.vocab import CLEAN, OTHER, PREFIX, Vocab, leaf_name

TERM_HEAD = 2500
TERM_TAIL = 2500
FIELDS = ("exc_type", "term_out", "metric", "submission")

_TRIM_MARKER = "\n[... {n} characters truncated ...]\n"
_TRIM_MARKER_RE = re.compile(r"\n\[\.\.\. (\d+) characters truncated \.\.\.\]\n")


# ---------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------


@dataclass
class WorldInput:
    """x: everything the world model sees about one program before it runs."""

    program: str
    packages: dict[str, str] = field(default_factory=dict)  # distribution name -> version
    failing_imports: list[str] = field(default_factory=list)  # imported modules that do not resolve
    python_version: str = ""
    data_overview: str = ""  # the truth about ./input/ (tasks/overview.py)
    time_limit_s: float = 600.0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> WorldInput:
        if not isinstance(data, Mapping) or not isinstance(data.get("program"), str):
            raise MleWorldError(
                "world input needs a 'program' string; give the program's source text"
            )
        packages = data.get("packages") or {}
        if not isinstance(packages, Mapping):
            raise MleWorldError("world input 'packages' must map package names to versions")
        return cls(
            program=data["program"],
            packages={str(k): str(v) for k, v in packages.items()},
            failing_imports=[str(m) for m in data.get("failing_imports") or []],
            python_version=str(data.get("python_version") or ""),
            data_overview=str(data.get("data_overview") or ""),
            time_limit_s=_seconds(data.get("time_limit_s", 600.0)),
        )

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> WorldInput:
        return cls.from_dict(_loads(text, "world input"))


@dataclass
class WorldTarget:
    """y: what the run did. `metric` is None when the output reports none or the run fails."""

    exc_type: str  # "None" | exception class | "TimeoutError"
    term_out: str
    metric: float | None = None
    submission: bool = False

    @property
    def is_clean(self) -> bool:
        return self.exc_type == CLEAN

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["metric"] = encode_float(self.metric)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> WorldTarget:
        if not isinstance(data, Mapping) or not isinstance(data.get("exc_type"), str):
            raise MleWorldError(
                "world target needs an 'exc_type' string such as 'None' or 'ValueError'"
            )
        return cls(
            exc_type=data["exc_type"],
            term_out=str(data.get("term_out") or ""),
            metric=decode_float(data.get("metric")),
            submission=bool(data.get("submission", False)),
        )

    @classmethod
    def from_outcome(cls, outcome: Any) -> WorldTarget:
        """The target of one real run (an execution Outcome, or anything with its fields).

        The metric is kept only for a clean run: the paper's target has no metric
        for a program that raises or times out, whatever it printed before.
        """
        exc = str(outcome.exc_type)
        metric = outcome.metric if exc == CLEAN else None
        return cls(
            exc_type=exc,
            term_out=str(outcome.term_out or ""),
            metric=None if metric is None else float(metric),
            submission=bool(outcome.submission),
        )

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> WorldTarget:
        return cls.from_dict(_loads(text, "world target"))


def _seconds(value: Any) -> float:
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        raise MleWorldError(f"time limit {value!r} is not a number of seconds") from None
    if not seconds > 0:
        raise MleWorldError(f"time limit {value!r} must be a positive number of seconds")
    return seconds


def encode_float(value: float | None) -> float | str | None:
    """JSON-safe float: NaN and infinities become the strings 'nan', 'inf', '-inf'."""
    if value is None:
        return None
    number = float(value)
    if math.isfinite(number):
        return number
    return "nan" if math.isnan(number) else ("inf" if number > 0 else "-inf")


def decode_float(value: Any) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool):
        raise MleWorldError(f"metric {value!r} is not a number; give a float or null")
    try:
        return float(value)
    except (TypeError, ValueError):
        raise MleWorldError(f"metric {value!r} is not a number; give a float or null") from None


def _loads(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise MleWorldError(f"{what} is not valid JSON ({exc.msg} at {exc.pos})") from None


# ---------------------------------------------------------------------------
# Terminal output window
# ---------------------------------------------------------------------------


def trim_output(text: str, head: int = TERM_HEAD, tail: int = TERM_TAIL) -> str:
    """The first `head` and last `tail` characters around a marker; short text unchanged.

    Idempotent: a text this function already trimmed with the same window is
    returned as is.
    """
    if len(text) <= head + tail:
        return text
    middle = text[head : len(text) - tail]
    if _TRIM_MARKER_RE.fullmatch(middle):
        return text
    return text[:head] + _TRIM_MARKER.format(n=len(text) - head - tail) + text[len(text) - tail :]


# ---------------------------------------------------------------------------
# Input rendering
# ---------------------------------------------------------------------------

SYSTEM_PROMPT = """\
You predict what a Python machine-learning script prints when it runs, without running it.

The user message gives, in this order:
1. The script. It is saved as runfile.py and started with `python runfile.py`.
2. The Python environment. The package list is authoritative: a library that is not listed \
cannot be imported, and the listed version is the one whose API applies. Modules named as \
failing to import raise ModuleNotFoundError or ImportError when imported.
3. The files under ./input/: a file tree with sizes, table shapes, columns and example values. \
It is the truth about what the script can read; nothing else exists there.
4. The wall-clock limit. A script still running when it is reached is killed.

Answer with these four parts, in this order, and nothing else:
1. One outcome token: EXC_None if the script finishes without an uncaught exception, \
EXC_TimeoutError if it would still be running at the limit, otherwise EXC_ followed by the \
class of the exception that ends it (for example EXC_KeyError).
2. <term_out>...</term_out>: the script's stdout and stderr together, as printed, tracebacks \
included. Write it before the last two fields, which are read off it.
3. <metric>...</metric>: the validation score the output reports, or None if it reports none, \
if the validation is invalid (scored on training data, or not the task's metric), or if the \
script raises.
4. <submission>true</submission> or <submission>false</submission>: whether \
./submission/submission.csv exists after the run.

If the script reads a file or a column that ./input/ does not have, predict the exception \
Python raises; never invent data. A script can finish cleanly and still write no submission: \
decide from what the code writes to ./submission/, not from whether it crashed."""


def render_messages(x: WorldInput) -> list[dict[str, str]]:
    """The chat messages every world-model backend sends: system, then user."""
    return [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": render_user(x)},
    ]


def render_user(x: WorldInput) -> str:
    return "\n".join(_user_sections(x))


def _user_sections(x: WorldInput) -> list[str]:
    fence = _fence_for(x.program)
    program = x.program if x.program.endswith("\n") or not x.program else x.program + "\n"
    return [
        "# Script (runfile.py)",
        f"{fence}python\n{program}{fence}",
        "",
        "# Environment",
        _environment_block(x.python_version, _packages_key(x.packages), tuple(x.failing_imports)),
        "",
        "# Files under ./input/",
        x.data_overview.strip() or "(no data overview given)",
        "",
        "# Time limit",
        f"{format_seconds(x.time_limit_s)} of wall-clock time",
    ]


def _fence_for(program: str) -> str:
    """A code fence longer than any backtick run inside the program."""
    longest = max((len(run) for run in re.findall(r"`+", program)), default=0)
    return "`" * max(3, longest + 1)


def _packages_key(packages: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(packages.items())


@lru_cache(maxsize=256)
def _environment_block(
    python_version: str, packages: tuple[tuple[str, str], ...], failing: tuple[str, ...]
) -> str:
    lines = [f"Python {python_version or 'version unknown'}"]
    if packages:
        lines.append("Importable packages (name==version):")
        lines.extend(f"{name}=={version}" for name, version in packages)
    else:
        lines.append("Importable packages: the standard library only")
    if failing:
        lines.append("Imported by the script but not importable: " + ", ".join(failing))
    else:
        lines.append("Imported by the script but not importable: none")
    return "\n".join(lines)


def format_seconds(seconds: float) -> str:
    value = float(seconds)
    return f"{int(value)} s" if value.is_integer() else f"{value:g} s"


# ---------------------------------------------------------------------------
# Target rendering
# ---------------------------------------------------------------------------


def render_target(y: WorldTarget, vocab: Vocab | None = None) -> str:
    """The text a model emits for y: the EXC token, then the tagged fields.

    The exception class is normalised by `vocab` when given (classes outside it
    become `Other`); the terminal output is trimmed with `trim_output`.
    """
    return "\n".join(
        [
            exc_token(y.exc_type, vocab),
            f"<term_out>\n{trim_output(y.term_out)}\n</term_out>",
            f"<metric>{format_metric(y.metric)}</metric>",
            f"<submission>{'true' if y.submission else 'false'}</submission>",
        ]
    )


def exc_token(exc_type: str | None, vocab: Vocab | None = None) -> str:
    if vocab is not None:
        return vocab.token(exc_type)
    name = leaf_name(exc_type)
    return PREFIX + (name if re.fullmatch(r"[A-Za-z_]\w*", name) else OTHER)


def format_metric(metric: float | None) -> str:
    """`repr` of the float (exact round trip), `nan`/`inf`, or `None`."""
    if metric is None:
        return "None"
    return repr(float(metric))


# ---------------------------------------------------------------------------
# Parsing a prediction
# ---------------------------------------------------------------------------


@dataclass
class ParsedPrediction:
    """The fields read from one model answer; a field that did not parse is None.

    `fields` names the fields found in the text itself. When the exception
    token is missing, `exc_type` is read from the predicted terminal output
    (appendix G) and `exc_from` says so; such an answer still lacks the
    `exc_type` field in `fields`.
    """

    exc_type: str | None = None
    exc_from: str | None = None  # "token" | "term_out" | None
    term_out: str | None = None
    metric: float | None = None
    submission: bool | None = None
    fields: frozenset[str] = frozenset()
    term_out_closed: bool = False  # the </term_out> tag was there (False: cut off)

    def has(self, name: str) -> bool:
        return name in self.fields

    @property
    def complete(self) -> bool:
        return all(name in self.fields for name in FIELDS) and self.term_out_closed

    def to_target(self) -> WorldTarget:
        """A WorldTarget with defaults for what is missing (clean, empty log, no submission)."""
        return WorldTarget(
            exc_type=self.exc_type or CLEAN,
            term_out=self.term_out or "",
            metric=self.metric,
            submission=bool(self.submission),
        )


_THINK = re.compile(r"<think>.*?(?:</think>|\Z)", re.S | re.I)
_TOKEN = re.compile(r"(?<![A-Za-z0-9_])EXC_([A-Za-z_][A-Za-z0-9_]*)")
_EXC_TAG = re.compile(r"<exc_type>\s*(.*?)\s*</exc_type>", re.S | re.I)
_TERM_OPEN = re.compile(r"<term_out>", re.I)
_TERM_CLOSE = "</term_out>"
_METRIC_TAG = re.compile(r"<metric>(.*?)</metric>", re.S | re.I)
_SUBMISSION_TAG = re.compile(r"<submission(?:_exists)?>(.*?)</submission(?:_exists)?>", re.S | re.I)
_NUMBER = re.compile(
    r"[-+]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|(?i:nan|inf(?:inity)?))(?P<pct>\s?%)?"
)
_NO_METRIC = {"", "none", "null", "n/a", "na", "-", "missing", "no metric"}
_TRUE = {"true", "yes", "1", "y"}
_FALSE = {"false", "no", "0", "n"}


def parse_prediction_text(text: str, vocab: Vocab | None = None) -> ParsedPrediction:
    """Read the four fields of y from a model's answer, tolerating missing or garbled tags.

    The exception token is taken before `<term_out>` (so a class quoted in the
    log is not mistaken for it); an `<exc_type>` tag is accepted too. A log
    without a closing tag (the answer hit the token cap) runs to the next field
    or to the end. A metric field holding `None` parsed (as no metric); one
    holding text without a number did not.
    """
    body = _THINK.sub("", text)
    found: set[str] = set()
    result = ParsedPrediction()

    open_match = _TERM_OPEN.search(body)
    head = body if open_match is None else body[: open_match.start()]
    term_end = len(body)
    if open_match is not None:
        start = open_match.end()
        close = body.rfind(_TERM_CLOSE, start)
        if close >= 0:
            result.term_out_closed = True
            term_end = close + len(_TERM_CLOSE)
            content = body[start:close]
        else:
            nxt = _first_field_after(body, start)
            content = body[start:nxt]
            term_end = nxt
        result.term_out = _strip_one_newline(content)
        found.add("term_out")
    tail = body[term_end:]

    exc = _read_exception_field(head if open_match is not None else body)
    if exc is None and open_match is not None:
        exc = _read_exception_field(tail)
    if exc is not None:
        result.exc_type = vocab.normalize(exc) if vocab is not None else leaf_name(exc)
        result.exc_from = "token"
        found.add("exc_type")
    elif result.term_out is not None:
        from_log = exception_from_output(result.term_out)
        if from_log is not None:
            result.exc_type = vocab.normalize(from_log) if vocab is not None else from_log
            result.exc_from = "term_out"

    metric_src = tail if open_match is not None else body
    metric_match = _METRIC_TAG.search(metric_src)
    if metric_match is not None:
        ok, value = _read_metric(metric_match.group(1))
        if ok:
            result.metric = value
            found.add("metric")

    sub_match = _SUBMISSION_TAG.search(metric_src)
    if sub_match is not None:
        flag = sub_match.group(1).strip().strip("`'\"").lower()
        if flag in _TRUE:
            result.submission = True
            found.add("submission")
        elif flag in _FALSE:
            result.submission = False
            found.add("submission")

    result.fields = frozenset(found)
    return result


def _first_field_after(body: str, start: int) -> int:
    positions = [
        m.start()
        for m in (_METRIC_TAG.search(body, start), _SUBMISSION_TAG.search(body, start))
        if m is not None
    ]
    return min(positions, default=len(body))


def _strip_one_newline(content: str) -> str:
    content = content[1:] if content.startswith("\n") else content
    return content[:-1] if content.endswith("\n") else content


def _read_exception_field(text: str) -> str | None:
    tag = _EXC_TAG.search(text)
    token = _TOKEN.search(text)
    if token is not None and (tag is None or token.start() < tag.start()):
        return token.group(1)
    if tag is not None:
        inner = tag.group(1)
        inner_token = _TOKEN.search(inner)
        name = inner_token.group(1) if inner_token else leaf_name(inner)
        if re.fullmatch(r"[A-Za-z_]\w*", name):
            return name
    return None


def _read_metric(raw: str) -> tuple[bool, float | None]:
    text = raw.strip().strip("`'\"").strip()
    if text.lower() in _NO_METRIC:
        return True, None
    match = _NUMBER.search(text)
    if match is None:
        return False, None
    number = match.group(0)
    percent = match.group("pct") is not None
    value = float(number.rstrip("% ").strip())
    return True, value / 100.0 if percent else value


def exception_from_output(term_out: str) -> str | None:
    """The outcome class a log shows by itself: its last fatal exception, else `None` (clean).

    Used when a prediction lacks the exception token. Returns None (unknown)
    for an unfinished traceback, and when execution/parsing.py is unavailable.
    """
    try:
        from mleworld.execution.parsing import last_fatal
    except ImportError:  # pragma: no cover - parsing ships with the package
        return None
    fatal = last_fatal(term_out)
    if fatal is None:
        return CLEAN
    return fatal.cls


def parse_rates(predictions: Iterable[ParsedPrediction]) -> dict[str, float]:
    """Share of answers containing each field, plus `exc_type_any` (token or read from the log)."""
    counts = dict.fromkeys((*FIELDS, "exc_type_any", "complete"), 0)
    total = 0
    for parsed in predictions:
        total += 1
        for name in FIELDS:
            counts[name] += parsed.has(name)
        counts["exc_type_any"] += parsed.exc_type is not None
        counts["complete"] += parsed.complete
    return {name: (n / total if total else 0.0) for name, n in counts.items()} | {"n": total}


# ---------------------------------------------------------------------------
# Length estimates
# ---------------------------------------------------------------------------

# Letter runs count one token per 6 letters (rounded up), digits one each (BPE
# vocabularies split numbers), newlines one each, every other non-space
# character one each. No unit spans a newline, so counts add up over lines.
_WORDS = re.compile(r"[A-Za-z]+")
_DIGITS = re.compile(r"\d")
_CHARS_PER_WORD_TOKEN = 6


def estimate_tokens(text: str) -> int:
    """A tokenizer-free estimate of a BPE token count (close to chars/4 on code and logs).

    Words count one token per 6 letters (rounded up), digits and punctuation
    one each, newlines one each. Additive over text joined at newlines.
    """
    if not text:
        return 0
    words = _WORDS.findall(text)
    letters = sum(map(len, words))
    long_extra = sum(
        (len(w) - 1) // _CHARS_PER_WORD_TOKEN for w in words if len(w) > _CHARS_PER_WORD_TOKEN
    )
    digits = len(_DIGITS.findall(text))
    spaces = len(text) - sum(map(len, text.split()))
    others = len(text) - letters - digits - spaces
    return len(words) + long_extra + digits + text.count("\n") + others


_MESSAGE_OVERHEAD = 4  # role markers and separators of a chat template, per message


@lru_cache(maxsize=1)
def _system_tokens() -> int:
    return estimate_tokens(SYSTEM_PROMPT) + _MESSAGE_OVERHEAD


@lru_cache(maxsize=512)
def _cached_tokens(text: str) -> int:
    return estimate_tokens(text)


def estimate_prompt_tokens(x: WorldInput) -> int:
    """`estimate_tokens` over `render_messages(x)` (both messages plus per-message overhead).

    Section by section, caching the sections that repeat across a corpus (the
    data overview, the package list), so a corpus-wide pass stays cheap.
    """
    sections = _user_sections(x)
    total = len(sections) - 1  # the newlines joining the sections
    for i, section in enumerate(sections):
        total += estimate_tokens(section) if i == 1 else _cached_tokens(section)
    return _system_tokens() + total + _MESSAGE_OVERHEAD


def messages_tokens(messages: Iterable[Mapping[str, str]]) -> int:
    return sum(estimate_tokens(m["content"]) + _MESSAGE_OVERHEAD for m in messages)


__all__ = [
    "FIELDS",
    "SYSTEM_PROMPT",
    "TERM_HEAD",
    "TERM_TAIL",
    "ParsedPrediction",
    "WorldInput",
    "WorldTarget",
    "decode_float",
    "encode_float",
    "estimate_prompt_tokens",
    "estimate_tokens",
    "exc_token",
    "exception_from_output",
    "format_metric",
    "messages_tokens",
    "parse_prediction_text",
    "parse_rates",
    "render_messages",
    "render_target",
    "render_user",
    "trim_output",
]
