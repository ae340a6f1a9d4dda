"""The headline validation result a program printed.

Owns reading metric values out of a log: every validation-type label/value pair
(`metric_candidates` -> `Headline`), the one that heads the log
(`choose_headline`, `extract_headline`, `parse_metric`), and whether a line
prints any metric at all (`prints_metric`).

Percentages: a number printed with a `%` sign is returned as a fraction
(`Validation accuracy: 91.2%` -> 0.912); every other number is returned as
printed. The judge compares both sides after this one conversion.

Not here: tracebacks (tracebacks.py; their lines are never read for metrics),
fatal errors (fatal.py), what a task's metric computes (tasks/metrics.py).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from mleworld.execution.tracebacks import traceback_mask

__all__ = [
    "KNOWN_METRICS",
    "Headline",
    "choose_headline",
    "extract_headline",
    "metric_candidates",
    "metric_name_of",
    "parse_metric",
    "prints_metric",
]

_NUMBER = re.compile(
    r"(?<![\w.])(?P<num>[-+]?(?:(?:\d{1,3}(?:,\d{3})+(?!\d)(?:\.\d+)?|\d+(?:\.\d*)?|\.\d+)"
    r"(?:[eE][-+]?\d+)?|(?i:nan|inf(?:inity)?)))"
    r"(?!\w)(?!\.\d)(?P<pct>\s?%)?"
)
# A number followed by these is part of a label ("Epoch 3/10", "Fold 2:", "5-fold",
# "MAE (last 365 days): 270.0", "AUC [top 10]: 0.9": words, a closing bracket, a separator).
_LABEL_NUMBER_TAIL = re.compile(r"^(?:\s*[:=]|\s*/\s*\d|-[A-Za-z]|[^()\[\]\d:=]*[)\]]\s*[:=])")
# A count in a phrase that names what was averaged ("mean AUC over 3 targets: 0.69", "RMSE
# across 5 folds = 6.1"): after such a word, a number that only words and a separator
# follow is part of the label too.
_COUNTED_PHRASE = re.compile(r"\b(?:over|across|of|on|for|from|with|in)\s+$", re.I)
_COUNTED_TAIL = re.compile(r"^%?\s+[A-Za-z][A-Za-z_ -]*[:=]")
_SEPARATOR_TAIL = re.compile(r"(?:\s*(?:[:=]|->|\bis\b|\bof\b|\bwas\b|\s-)\s*|\s+)$", re.I)
_DELIMITERS = re.compile(r"[,;|\t]|\.\s|\s-\s|\s{2,}")
# Dates and clock times are part of a label ("accuracy after 2014-10-01: 0.37"), never values.
_DATE_OR_TIME = re.compile(
    r"(?<![\d.])(?:\d{4}[-/]\d{1,2}[-/]\d{1,2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?|"
    r"\d{1,2}/\d{1,2}/\d{4}|\d{1,2}:\d{2}(?::\d{2})?)(?![\d.])"
)

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
KNOWN_METRICS = frozenset(name for _, name in _METRIC_NAMES)
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
    r"weight|depth|leaves|estimators|patience|n|k|id|version|"
    r"std|stdev|stddev|standard deviation|sd|sem|se|spread|var|variance)\s*$"
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
# A label that says, in words, that it is the validation result ("Validation AUC", "holdout
# rmse"); library logs spell theirs as identifiers ("valid_0's auc", "validation_0-auc").
_OWN_VALIDATION = re.compile(r"(?i)(?<![\w'-])(validation|valid|val|hold-?out)(?![\w'-])")


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

    Priority: an explicit final/overall/CV/mean summary, then an explicit best
    (unless a validation value is printed after it), then the last validation value;
    per-fold values only when nothing else was printed. Training metrics, training
    losses and lines inside tracebacks are never used. `91.2%` is returned as 0.912; nan and inf as float nan/inf.
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
    loss, then the later pair wins (XGBoost prints its validation set after the training one).

    A library's "best" line (LightGBM's best iteration after early stopping, a network's
    best epoch) heads the log only when nothing reports a validation result after it: a
    program that prints its own score once training is done (`valid accuracy 0.4786`
    after the booster's `multi_logloss: 1.11`) means that one. Likewise a program's own
    last word, a result labelled as validation (`Validation AUC: 0.8473`), heads the log
    over the summaries printed before it (`OOF AUC lr: 0.8439`, one model of a blend);
    a library's log line (`valid_0's auc`) does not."""
    if not candidates:
        return None
    bests = [h.line_no for h in candidates if h.kind == "best"]
    if bests and any(h.kind == "validation" and h.line_no > max(bests) for h in candidates):
        candidates = [h for h in candidates if h.kind != "best"]
    last = max(candidates, key=lambda h: (h.line_no, h.position))
    if last.kind == "validation" and _OWN_VALIDATION.search(last.label):
        return last
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


def prints_metric(line: str) -> bool:
    """Whether `line` prints any metric pair, training values included."""
    return bool(_line_pairs(line, include_training=True))


def _line_pairs(line: str, include_training: bool = False) -> list[_Pair]:
    """The metric pairs of one line: a label, a separator, then a number."""
    found: list[tuple[str, str, str | None, re.Match[str]]] = []  # label, name, context, match
    prev_end = 0
    dates = [d.span() for d in _DATE_OR_TIME.finditer(line)]
    for m in _NUMBER.finditer(line):
        if _LABEL_NUMBER_TAIL.match(line[m.end() :]):
            continue  # "Epoch 3/10", "Fold 2:": the number belongs to a label
        if _COUNTED_TAIL.match(line[m.end() :]) and _COUNTED_PHRASE.search(line[: m.start()]):
            continue  # "over 3 targets:": a count in the label
        if any(start <= m.start() < end for start, end in dates):
            continue  # a date or a time of day
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
        if name is None and (not _accept_unnamed(label) or _count(m)):
            continue  # "val=673" beside "fit=2687": a count of rows, not a score
        if (
            _AUX_HEAD.search(name_part.replace("_", " "))
            and not _ends_with_metric(name_part)
            and not _qualified_metric(label)
        ):
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


def _qualified_metric(label: str) -> bool:
    """A metric named before a parenthesis that qualifies it: "CV RMSLE (mean of cols)"."""
    cut = label.rfind("(")
    return cut > max(label.rfind(":"), label.rfind("{")) and _ends_with_metric(label[:cut].strip())


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


def metric_name_of(text: str | None) -> str | None:
    """The canonical name a label or a task's metric reads as ("f1_macro" -> "f1"); None: none."""
    return _metric_name(text) if text else None


def _metric_name(text: str) -> str | None:
    text = text.replace("_", " ")
    for pattern, name in _METRIC_RES:
        if pattern.search(text):
            return name
    return None


def _keyed_unknown(name_part: str) -> str | None:
    """A metric this module has no name for, keyed as validation: "val_mcrmse" -> "mcrmse".

    "dev" does not key one: beside another word it is a deviation ("ses_dev", "std_dev")."""
    if _split_of(name_part) != "val":
        return None
    words = re.findall(r"[a-z0-9@]+", name_part.lower().replace("_", " ").replace("-", " "))
    if "dev" in words:
        return None
    rest = [w for w in words if not _VAL.fullmatch(w) and not w.isdigit() and w != "s"]
    if len(rest) != 1 or not rest[0].isalpha() or len(rest[0]) > 12:
        return None
    word = rest[0]
    return None if _AUX_HEAD.search(word) or word in _CONTEXT_WORDS else word


def _ends_with_metric(text: str) -> bool:
    words = re.findall(r"[a-z0-9^@]+", text.lower().replace("_", " "))
    return bool(words) and _metric_name(words[-1]) is not None


def _accept_unnamed(label: str) -> bool:
    if _GENERIC.search(label.replace("_", " ")):  # "best_score_", scikit-learn's attribute
        return True
    words = re.findall(r"[a-z0-9_]+", label.lower())
    return (
        bool(words) and all(w in _CONTEXT_WORDS for w in words) and _VAL.search(label) is not None
    )


def _count(m: re.Match[str]) -> bool:
    """A whole number above one printed without a `%`: what an unnamed label shows is then
    a count (rows, samples), not a score."""
    token = m["num"].replace(",", "")
    return not m["pct"] and token.lstrip("+-").isdigit() and abs(int(token)) > 1


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
