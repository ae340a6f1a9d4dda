"""The debugging core of a crash: what an agent would have to fix, and where.

Appendix I of the paper asks whether two crashes "would direct an agent to the
same repair": the same failure mechanism, the same implicated object (column,
key, keyword, module, file, attribute) and the same repair-relevant constraint
(required rank, dtype direction), while wording, line numbers, incidental counts
and temporary run-directory prefixes may differ. This module reduces one fatal
event to that core (`core_of`) and compares two cores (`compare_cores`).

Not here: finding the fatal event (execution/parsing.py) or the branch logic
that decides a match (judge.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mleworld.execution.parsing import FatalInfo, Frame

__all__ = ["DebugCore", "compare_cores", "core_of", "normalize_path"]


@dataclass(frozen=True)
class DebugCore:
    cls: str | None
    mechanism: str | None  # e.g. "missing-key", "unexpected-keyword"; None when unrecognised
    objects: tuple[str, ...] = ()  # implicated identifiers: columns, keyword, module, path, ...
    container: str | None = None  # "dataframe" | "mapping" for missing keys
    component: str | None = None  # the estimator/transformer/class the message names
    operation: str | None = None  # the failing call: fit, predict, transform, read_csv, ...
    constraint: tuple[str, ...] = ()  # required rank, dtype direction, ...
    generic: bool = False  # a wrapper message that names no cause
    message: str = ""  # normalised message, for unrecognised errors
    wrapped_by: str | None = None  # the outer class when the cause came from the chain
    facts: tuple[str, ...] = field(default=(), compare=False)  # words for the report

    @property
    def summary(self) -> str:
        if self.generic:
            return f"{self.cls or 'failure'}: no specific cause given ({self.message or 'empty'})"
        parts = [self.mechanism or (self.cls or "error")]
        parts.extend(self.facts)
        if self.wrapped_by:
            parts.append(f"wrapped in {self.wrapped_by}")
        return "; ".join(parts)


# Temporary run directories whose names are incidental (one path component after them).
_TEMP_PREFIX = re.compile(
    r"^(?:/private)?(?:/tmp|/var/tmp|/dev/shm|/var/folders/[^/]+/[^/]+/T|/scratch)/[^/]+/"
)
# Words of a message that names no cause ("RuntimeError: loading data failed").
_GENERIC_WORDS = frozenset(
    {
        *("a", "an", "the", "error", "occurred", "failed", "failure", "problem", "something"),
        *("went", "wrong", "while", "during", "when", "loading", "load", "data", "processing"),
        *("process", "training", "train", "model", "run", "running", "execution", "could"),
        *("not", "unable", "to", "exception", "fatal", "internal", "unexpected", "see"),
        *("above", "for", "details", "of", "in"),
    }
)
_CONFIG_NAMES = re.compile(
    r"(?i)^(config|cfg|conf|params|param|hparams|hyperparams|args|settings|opts|options|kwargs|"
    r"meta|metadata|mapping|lookup|dictionary|d|info|spec|defaults)\w*$"
)
_FRAME_NAMES = re.compile(
    r"(?i)^(df|data|dataset|frame|train|test|val|valid|sub|submission|x|y|features|"
    r"train_df|test_df|df_\w+|\w+_df|\w+_data|x_\w+)$"
)
_OPERATIONS = (
    "fit_transform",
    "fit_predict",
    "predict_proba",
    "decision_function",
    "predict",
    "transform",
    "fit",
    "score",
    "read_csv",
    "to_csv",
    "merge",
    "drop",
    "concat",
)


def normalize_path(path: str) -> str:
    """Drop incidental temporary prefixes: /tmp/runA/input/train.csv -> input/train.csv."""
    text = path.strip().strip("'\"")
    text = _TEMP_PREFIX.sub("", text)
    return text.removeprefix("./")


def core_of(fatal: FatalInfo | None, narrative: str | None = None) -> DebugCore | None:
    """The debugging core of a side's fatal event (or of its narrative failure line)."""
    if fatal is None and narrative is None:
        return None
    if fatal is None or fatal.cls is None:
        text = narrative or ""
        core = _recognise(None, text, (), text)
        return core if core is not None else _unrecognised(None, text)
    if fatal.source == "signal":
        return DebugCore(cls=fatal.cls, mechanism=f"signal:{fatal.cls}", facts=(fatal.cls,))
    text = "\n".join(part for part in (fatal.message, fatal.details) if part)
    core = _recognise(fatal.cls, text, fatal.frames, fatal.line)
    if core is None:
        core = _unrecognised(fatal.cls, fatal.message)
    if core.generic:
        # A wrapper: the actionable cause is the nearest earlier exception of the chain.
        for earlier in reversed(fatal.chain):
            inner_text = "\n".join(p for p in (earlier.message, earlier.details) if p)
            inner = _recognise(earlier.cls, inner_text, (), earlier.line)
            if inner is None:
                inner = _unrecognised(earlier.cls, earlier.message)
            if not inner.generic:
                return _replace(inner, wrapped_by=fatal.cls)
    return core


def compare_cores(p: DebugCore, g: DebugCore) -> tuple[bool, list[str], list[str]]:
    """(debug_match, missing_critical, contradictions) for two fatal cores."""
    missing: list[str] = []
    contradictions: list[str] = []
    if p.generic and g.generic:
        if p.cls != g.cls and p.cls is not None and g.cls is not None:
            contradictions.append(f"different failures: {p.cls} vs {g.cls}")
        elif _similar(p.message, g.message) < 0.5:
            contradictions.append(f"different messages: {p.message!r} vs {g.message!r}")
        return not contradictions, missing, contradictions
    if p.generic or g.generic:
        specific = g if p.generic else p
        side = "predicted" if p.generic else "ground truth"
        missing.append(f"{side} omits the specific cause ({specific.summary})")
        return False, missing, contradictions
    if p.mechanism is None or g.mechanism is None:
        return _compare_unrecognised(p, g)
    if p.mechanism != g.mechanism:
        contradictions.append(f"different mechanism: {p.mechanism} vs {g.mechanism}")
        return False, missing, contradictions
    if p.objects != g.objects:
        if p.objects and g.objects:
            contradictions.append(
                f"different {_object_word(p)}: {_fmt(p.objects)} vs {_fmt(g.objects)}"
            )
        else:
            side = "predicted" if not p.objects else "ground truth"
            missing.append(
                f"{side} does not name the {_object_word(p)} {_fmt(p.objects or g.objects)}"
            )
    for attr, word in (
        ("container", "object"),
        ("component", "component"),
        ("operation", "operation"),
    ):
        a, b = getattr(p, attr), getattr(g, attr)
        if a and b and a != b:
            contradictions.append(f"different {word}: {a} vs {b}")
    if p.constraint and g.constraint and p.constraint != g.constraint:
        contradictions.append(f"different constraint: {_fmt(p.constraint)} vs {_fmt(g.constraint)}")
    elif bool(p.constraint) != bool(g.constraint) and p.mechanism in ("array-rank", "dtype"):
        side = "predicted" if not p.constraint else "ground truth"
        missing.append(f"{side} does not state the {p.mechanism} constraint")
    return not missing and not contradictions, missing, contradictions


# ---------------------------------------------------------------------------


def _recognise(
    cls: str | None, text: str, frames: tuple[Frame, ...], line: str
) -> DebugCore | None:
    """Match the known failure mechanisms; None when nothing specific is recognised."""
    t = text
    operation = _operation(frames)
    m = re.search(r"([\w.]+)\(\) got an unexpected keyword argument '(\w+)'", t)
    if m:
        return _core(
            cls,
            "unexpected-keyword",
            (m[2],),
            operation=_leaf(m[1]),
            facts=(f"keyword {m[2]!r}", f"call {m[1]}()"),
        )
    m = re.search(
        r"([\w.]+?)(?:\(\))? (?:does not|doesn't|did not) accept "
        r"(?:the )?(?:keyword|argument|parameter)s? '?(\w+)'?",
        t,
    )
    if m:
        return _core(
            cls,
            "unexpected-keyword",
            (m[2],),
            operation=_leaf(m[1]),
            facts=(f"keyword {m[2]!r}", f"call {m[1]}()"),
        )
    m = re.search(r"unexpected keyword argument '(\w+)'", t)
    if m:
        return _core(cls, "unexpected-keyword", (m[1],), facts=(f"keyword {m[1]!r}",))
    m = re.search(r"No module named '([\w.]+)'", t) or re.search(
        r"(?i)module '?([\w.]+)'? is not installed", t
    )
    if m:
        return _core(cls, "missing-module", (m[1],), facts=(f"module {m[1]!r}",))
    m = re.search(r"cannot import name '(\w+)' from '([\w.]+)'", t)
    if m:
        return _core(cls, "import-name", (m[1], m[2]), facts=(f"name {m[1]!r} from {m[2]!r}",))
    m = (
        re.search(r"No such file or directory: '([^']+)'", t)
        or re.search(r'No such file or directory: "([^"]+)"', t)
        or re.search(r"(?i)\bfile '?([\w./\\-]+\.\w+)'? (?:does not exist|not found|is missing)", t)
        or re.search(
            r"(?i)\b(?:missing|cannot find|could not find|can't find) (?:the )?(?:data )?"
            r"file '?([\w./\\-]+\.\w+)",
            t,
        )
    )
    if m:
        path = normalize_path(m[1])
        return _core(cls, "missing-file", (path,), facts=(f"file {path!r}",))
    m = (
        re.search(r"module '([\w.]+)' has no attribute '(\w+)'", t)
        or re.search(r"'([\w.]+)' object has no attribute '(\w+)'", t)
        or re.search(r"type object '([\w.]+)' has no attribute '(\w+)'", t)
    )
    if m:
        return _core(cls, "missing-attribute", (m[1], m[2]), facts=(f"{m[1]}.{m[2]} missing",))
    m = re.search(r"name '(\w+)' is not defined", t)
    if m:
        return _core(cls, "undefined-name", (m[1],), facts=(f"name {m[1]!r}",))
    columns = _missing_columns(t)
    if columns:
        return _core(
            cls,
            "missing-key",
            columns,
            container="dataframe",
            facts=(f"column(s) {_fmt(columns)}",),
        )
    if cls == "KeyError":
        key = _key_of(line)
        if key is not None:
            container = _container(frames, t)
            return _core(
                cls,
                "missing-key",
                (key,),
                container=container,
                facts=(f"key {key!r}",) + ((f"in a {container}",) if container else ()),
            )
    m = re.search(r"(?i)\bhas (\d+) features?\b.*?\bexpect\w*\s+(\d+)", t) or re.search(
        r"(?i)number of features .*?(\d+).*?(?:training|model|expected).*?(\d+)", t
    )
    if m or re.search(r"(?i)feature (?:count |number |shape |width )?mismatch", t):
        comp = re.search(r"but (\w+) is expecting", t)
        return _core(
            cls,
            "feature-count",
            (),
            component=comp[1] if comp else None,
            operation=operation,
            facts=tuple(f for f in (comp and comp[1], operation and f"during {operation}") if f),
        )
    if re.search(r"(?i)inconsistent numbers? of samples", t):
        return _core(cls, "sample-count", (), facts=("X/y lengths differ",))
    m = re.search(r"(?i)expected (\d)[- ]?d(?:imensional)?\b.*?got (\d)[- ]?d", t) or re.search(
        r"(?i)expected (\d)d\b.*?\(got (\d)d", t
    )
    if m:
        return _core(
            cls,
            "array-rank",
            (),
            constraint=(f"expected {m[1]}D", f"got {m[2]}D"),
            operation=operation,
            facts=(f"expected {m[1]}D, got {m[2]}D",),
        )
    m = re.search(r"could not convert (\w+) to (\w+)", t) or re.search(
        r"invalid literal for (\w+)\(\)", t
    )
    if m:
        direction = (f"{m[1]}->{m[2]}",) if m.lastindex == 2 else (f"str->{m[1]}",)
        return _core(
            cls, "dtype", (), constraint=direction, facts=(f"cannot convert {direction[0]}",)
        )
    m = re.search(
        r"(?i)expected (?:object of )?scalar type (\w+) but (?:got|found) (?:scalar type )?(\w+)", t
    ) or re.search(r"(?i)cannot cast array data from dtype\('?(\w+)'?\) to dtype\('?(\w+)'?\)", t)
    if m:
        return _core(
            cls,
            "dtype",
            (),
            constraint=(m[1].lower(), m[2].lower()),
            facts=(f"dtype {m[1]} vs {m[2]}",),
        )
    m = re.search(r"(?i)input (X|y)? ?contains (nan|infinity)", t)
    if m:
        what = (m[1],) if m[1] else ()
        return _core(
            cls,
            "nan-input",
            what,
            operation=operation,
            facts=(f"{m[1] or 'input'} contains {m[2]}",),
        )
    m = re.search(r"This (\w+) instance is not fitted yet", t) or re.search(r"(?i)not fitted", t)
    if m:
        comp = m[1] if m.lastindex else None
        return _core(
            cls, "not-fitted", (), component=comp, facts=tuple(f for f in (comp, "not fitted") if f)
        )
    if re.search(r"(?i)cuda out of memory|OutOfMemoryError", t) or cls == "OutOfMemoryError":
        return _core(cls, "gpu-oom", (), facts=("GPU out of memory",))
    if cls in ("MemoryError", "_ArrayMemoryError") or re.search(r"Unable to allocate", t):
        return _core(cls, "oom", (), facts=("out of memory",))
    if cls in ("KeyboardInterrupt", "TimeoutError"):
        return _core(cls, "interrupted", (), facts=("interrupted / out of time",))
    if re.search(r"could not be broadcast together", t):
        return _core(cls, "broadcast", (), facts=("shapes do not broadcast",))
    if re.search(r"(?i)shapes .* not aligned|cannot be multiplied|size mismatch", t):
        return _core(
            cls, "matmul-shape", (), operation=operation, facts=("matrix shapes do not match",)
        )
    if re.search(r"Error tokenizing data", t):
        return _core(cls, "csv-parse", (), facts=("malformed CSV",))
    m = re.search(r"Unknown (\w+) type name: (\w+)", t) or re.search(
        r"The '(\w+)' parameter of (\w+) must be", t
    )
    if m:
        return _core(cls, "invalid-parameter", (m[1],), facts=(f"parameter {m[1]!r}",))
    m = re.search(r"missing \d+ required positional arguments?: '(\w+)'", t)
    if m:
        return _core(cls, "missing-argument", (m[1],), facts=(f"argument {m[1]!r}",))
    m = re.search(r"([\w.]+)\(\) takes (?:from )?\d+ (?:to \d+ )?positional arguments? but \d+", t)
    if m:
        return _core(
            cls, "positional-arguments", (), operation=_leaf(m[1]), facts=(f"call {m[1]}()",)
        )
    m = re.search(r"unsupported operand type\(s\) for (\S+): '(\w+)' and '(\w+)'", t)
    if m:
        return _core(
            cls, "operand-types", (m[1],), constraint=(m[2], m[3]), facts=(f"{m[2]} {m[1]} {m[3]}",)
        )
    if re.search(r"(?i)index .*out of (?:bounds|range)", t):
        return _core(cls, "index-bounds", (), facts=("index out of range",))
    if re.search(r"(?i)division by zero|divide by zero", t):
        return _core(cls, "division-by-zero", (), facts=("division by zero",))
    if re.search(r"(?i)unknown label type", t):
        kind = re.search(r"(?i)unknown label type:?\s*'?(\w+)", t)
        return _core(
            cls, "label-type", (), constraint=(kind[1],) if kind else (), facts=("label type",)
        )
    return None


def _core(cls: str | None, mechanism: str, objects: tuple[str, ...], **kw: object) -> DebugCore:
    # kw holds the optional DebugCore fields (container, component, operation, ...).
    return DebugCore(cls=cls, mechanism=mechanism, objects=tuple(objects), **kw)  # type: ignore[arg-type]


def _unrecognised(cls: str | None, message: str) -> DebugCore:
    norm = _normalise_message(message)
    pairs = re.findall(r"'([^']+)'|\"([^\"]+)\"", message)
    quoted = tuple(sorted({normalize_path(a or b) for a, b in pairs}))
    words = set(re.findall(r"[a-z]+", norm))
    generic = not quoted and words <= _GENERIC_WORDS
    return DebugCore(
        cls=cls,
        mechanism=None,
        objects=quoted,
        generic=generic,
        message=norm,
        facts=(norm[:80],) if norm else (),
    )


def _compare_unrecognised(p: DebugCore, g: DebugCore) -> tuple[bool, list[str], list[str]]:
    missing: list[str] = []
    contradictions: list[str] = []
    if p.mechanism != g.mechanism:
        known = p if p.mechanism else g
        side = "predicted" if known is g else "ground truth"
        missing.append(f"{side} does not state the cause ({known.summary})")
        return False, missing, contradictions
    if p.cls != g.cls:
        contradictions.append(f"different failures: {p.cls} vs {g.cls}")
    elif p.objects != g.objects:
        contradictions.append(f"different objects: {_fmt(p.objects)} vs {_fmt(g.objects)}")
    elif (p.message or g.message) and _similar(p.message, g.message) < 0.5:
        contradictions.append(f"different messages: {p.message!r} vs {g.message!r}")
    return not contradictions, missing, contradictions


def _missing_columns(text: str) -> tuple[str, ...]:
    m = (
        re.search(r"\[([^\]]*)\] not found in axis", text)
        or re.search(r"None of \[Index\(\[([^\]]*)\]", text)
        or re.search(r"\[([^\]]*)\] not in index", text)
        or re.search(
            r"(?i)column[s]? \[?'([^']+)'\]? (?:not found|does not exist|is missing|missing)", text
        )
        or re.search(r"(?i)missing (?:the )?(?:target )?column '?([\w.-]+)'?", text)
        or re.search(r"(?i)no column named '?([\w.-]+)'?", text)
    )
    if not m:
        return ()
    names = re.findall(r"'([^']*)'|\"([^\"]*)\"", m[1])
    found = [a or b for a, b in names] or [m[1].strip()]
    return tuple(sorted(set(found)))


def _key_of(line: str) -> str | None:
    m = re.search(r"KeyError:\s*(.+)$", line)
    if not m:
        return None
    key = m[1].strip()
    if len(key) >= 2 and key[0] == key[-1] and key[0] in "'\"":
        key = key[1:-1]
    return key or None


def _container(frames: tuple[Frame, ...], text: str) -> str | None:
    if any("pandas" in f.file for f in frames):
        return "dataframe"
    for frame in reversed(frames):
        if frame.is_library or not frame.source:
            continue
        m = re.search(r"(\w+)\s*\[\s*['\"]", frame.source)
        if m:
            if _CONFIG_NAMES.match(m[1]):
                return "mapping"
            if _FRAME_NAMES.match(m[1]):
                return "dataframe"
        if re.search(r"\.drop\(|\.loc\[", frame.source):
            return "dataframe"
        break
    return None


def _operation(frames: tuple[Frame, ...]) -> str | None:
    for frame in reversed(frames):
        if frame.is_library or not frame.source:
            continue
        calls = re.findall(r"\.(\w+)\(", frame.source)
        for call in reversed(calls):
            if call in _OPERATIONS:
                return call
        break
    for frame in frames:
        if frame.is_library and frame.func in _OPERATIONS:
            return frame.func
    return None


def _leaf(call: str) -> str:
    return call.rsplit(".", 1)[-1]


def _replace(core: DebugCore, **changes: object) -> DebugCore:
    from dataclasses import replace

    return replace(core, **changes)  # type: ignore[arg-type]


def _normalise_message(message: str) -> str:
    text = message.strip().lower()
    text = re.sub(r"(?:/[\w.-]+)+/?", lambda m: normalize_path(m[0]), text)
    text = re.sub(r"0x[0-9a-f]+", " ", text)
    text = re.sub(r"\d+(?:\.\d+)?", " ", text)
    return re.sub(r"\s+", " ", text).strip()


def _similar(a: str, b: str) -> float:
    wa = set(re.findall(r"[a-z_]+", a.lower()))
    wb = set(re.findall(r"[a-z_]+", b.lower()))
    if not wa and not wb:
        return 1.0
    return len(wa & wb) / len(wa | wb)


def _object_word(core: DebugCore) -> str:
    return {
        "missing-key": "key/column",
        "unexpected-keyword": "keyword",
        "missing-module": "module",
        "import-name": "imported name",
        "missing-file": "file",
        "missing-attribute": "object/attribute",
        "undefined-name": "name",
        "invalid-parameter": "parameter",
        "missing-argument": "argument",
        "nan-input": "input",
    }.get(core.mechanism or "", "object")


def _fmt(items: tuple[str, ...]) -> str:
    return ", ".join(repr(i) for i in items) if items else "nothing"
