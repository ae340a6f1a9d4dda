"""The output judge: would a predicted terminal output direct an agent to the same
repair, or the same result, as the real one?

A deterministic implementation of the judge specification of the paper's
appendix I. Each side is read alone first (judge_evidence.py), then the
branches run in order and the first that returns decides:

0. an empty or bare (one number / None) output matches only identical text;
1. execution states: exactly one side fatal -> no match; an unfinished traceback
   cannot stand in for a specific failure or a completed result;
2. printed dataset sizes of the same role and stage: more than 2x apart -> no match;
3. both fatal: the debugging cores must be equivalent (judge_core.py), then the
   last corresponding pre-crash validation metrics must be within 50%;
4. both non-fatal: the headline validation results (final/overall/CV, then
   best, then last; never training loss; never one fold for an overall) must be
   within 15%; with no headline on either side, the stages reached must agree.

`judge(predicted, observed)` returns a `JudgeResult` with the fields of the
paper's judge JSON plus the deciding branch. `RuleJudge` wraps it behind the same
`.judge()` method as the LLM judge (judge_llm.py).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Protocol

from mleworld.evaluation.judge_core import compare_cores
from mleworld.evaluation.judge_evidence import Side, read_side
from mleworld.execution.parsing import Headline, choose_headline

__all__ = [
    "CRASH_TOLERANCE_PCT",
    "HEADLINE_TOLERANCE_PCT",
    "SIZE_RATIO_LIMIT",
    "Judge",
    "JudgeResult",
    "RuleJudge",
    "judge",
    "metric_gap",
]

HEADLINE_TOLERANCE_PCT = 15.0  # branch 4b
CRASH_TOLERANCE_PCT = 50.0  # branch 3b
SIZE_RATIO_LIMIT = 2.0  # branch 2: exactly 2x passes
# Exactly 15% / 50% / 2x pass; float noise in computing them must not fail them.
_EPS = 1e-9

# Names the same quantity is printed under.
_SAME_METRIC = {"logloss": "loss"}

_FIELDS = (
    "kinds",
    "predicted_error",
    "ground_truth_error",
    "classes",
    "predicted_result",
    "ground_truth_result",
    "states",
    "size_pairs",
    "predicted_core",
    "ground_truth_core",
    "debug_match",
    "missing_critical",
    "contradictions",
    "reason",
    "match",
)


@dataclass
class JudgeResult:
    """One judgment, with the paper's JSON fields (in its order) plus the branch."""

    kinds: str
    predicted_error: str
    ground_truth_error: str
    classes: str
    predicted_result: str
    ground_truth_result: str
    states: str
    size_pairs: list[dict[str, Any]]
    predicted_core: str
    ground_truth_core: str
    debug_match: bool | None
    missing_critical: list[str]
    contradictions: list[str]
    reason: str
    match: bool
    branch: str  # "0", "1", "2", "3", "3a", "3b", "3c", "4a", "4b", "4c", or "llm"
    gap_pct: float | None = None  # the metric gap that decided 3b/3c/4b
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in _FIELDS}
        data["branch"] = self.branch
        data["gap_pct"] = self.gap_pct
        if self.extra:
            data["extra"] = self.extra
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> JudgeResult:
        known = {*_FIELDS, "branch", "gap_pct", "extra"}
        return cls(**{k: v for k, v in data.items() if k in known})


class Judge(Protocol):
    name: str

    def judge(self, predicted: str, observed: str) -> JudgeResult: ...


class RuleJudge:
    """The deterministic judge behind the common `.judge()` interface."""

    name = "rules"

    def judge(self, predicted: str, observed: str) -> JudgeResult:
        return judge(predicted, observed)


def metric_gap(a: float, b: float) -> float:
    """Relative gap in percent: 100*|a-b|/max(|a|,|b|); both zero -> 0.

    NaN matches only NaN and an infinity only the same signed infinity (gap 0);
    non-finite against anything else is an infinite gap. Opposite signs are not
    made positive: 1 vs -1 is a 200% gap.
    """
    if math.isnan(a) or math.isnan(b):
        return 0.0 if math.isnan(a) and math.isnan(b) else math.inf
    if math.isinf(a) or math.isinf(b):
        return 0.0 if a == b else math.inf
    if a == 0 and b == 0:
        return 0.0
    return 100.0 * abs(a - b) / max(abs(a), abs(b))


def judge(predicted: str, observed: str) -> JudgeResult:
    """Judge a predicted terminal output against the observed one (appendix I)."""
    p = read_side(predicted)
    g = read_side(observed)
    out = _Draft(p, g)

    # Branch 0: empty or bare outputs match only identical text; no tolerance.
    if p.kind != "log" or g.kind != "log":
        same = p.kind == g.kind and p.raw == g.raw
        if same:
            reason = f"both {p.kind} and identical"
        elif p.kind != g.kind:
            reason = f"kinds differ ({p.kind} vs {g.kind})"
        else:
            reason = (
                f"{p.kind} outputs differ ({p.raw!r} vs {g.raw!r}); no tolerance for bare values"
            )
        return out.finish("0", same, reason)

    # Branch 1: execution states, not exception spellings.
    if p.is_fatal != g.is_fatal:
        return out.finish("1", False, f"exactly one side is fatal ({p.state} vs {g.state})")
    if "unfinished" in (p.state, g.state) and p.state != g.state:
        other = g if p.state == "unfinished" else p
        if other.completed:
            return out.finish(
                "1", False, "an unfinished traceback stands where the other side has a result"
            )

    # Branch 2: dataset sizes of the same role and stage.
    out.size_pairs = _size_pairs(p, g)
    too_far = [s for s in out.size_pairs if s["ratio"] > SIZE_RATIO_LIMIT + _EPS]
    if too_far:
        worst = max(too_far, key=lambda s: s["ratio"])
        return out.finish(
            "2",
            False,
            f"{worst['role']} differs more than 2x ({worst['predicted']} vs "
            f"{worst['ground_truth']}, ratio {_ratio_text(worst['ratio'])})",
            contradictions=[
                f"{s['role']}: {s['predicted']} vs {s['ground_truth']}" for s in too_far
            ],
        )

    if p.is_fatal and g.is_fatal:
        return _branch_crash(out, p, g)
    return _branch_clean(out, p, g)


def _branch_crash(out: _Draft, p: Side, g: Side) -> JudgeResult:
    assert p.core is not None and g.core is not None
    ok, missing, contradictions = compare_cores(p.core, g.core)
    out.debug_match = ok
    out.missing = missing
    out.contradictions = contradictions
    if not ok:
        why = "; ".join(missing + contradictions) or "debugging cores differ"
        return out.finish("3", False, f"both fatal but the repair differs: {why}")
    pair = _corresponding(p.pre_crash(), g.pre_crash(), latest=True)
    if pair is None:
        return out.finish(
            "3a",
            True,
            "both fatal with the same debugging core; "
            "a pre-crash metric is missing on at least one side",
        )
    hp, hg = pair
    out.results = (hp.line, hg.line)
    gap = metric_gap(hp.value, hg.value)
    out.gap = gap
    verdict = gap <= CRASH_TOLERANCE_PCT + _EPS
    return out.finish(
        "3c" if verdict else "3b",
        verdict,
        f"same debugging core; pre-crash {_name(hp, hg)} {_num(hp.value)} vs {_num(hg.value)}, "
        f"gap {_pct(gap)} {'<=' if verdict else '>'} {CRASH_TOLERANCE_PCT:g}%",
    )


def _branch_clean(out: _Draft, p: Side, g: Side) -> JudgeResult:
    out.debug_match = None
    hp = choose_headline(list(p.candidates))
    hg = choose_headline(list(g.candidates))
    out.results = (hp.line if hp else "none", hg.line if hg else "none")
    if hp is None and hg is None:
        same, why = _stages_agree(p, g)
        return out.finish("4c", same, f"neither side has a headline result; {why}")
    pair = _corresponding(list(p.candidates), list(g.candidates), latest=False)
    if pair is None:
        if hp is None or hg is None:
            who = "predicted" if hp is not None else "ground truth"
            reason = f"only the {who} output has a headline result"
        else:
            reason = f"no corresponding headline metric ({_describe(hp)} vs {_describe(hg)})"
        return out.finish("4a", False, reason)
    hp, hg = pair
    out.results = (hp.line, hg.line)
    gap = metric_gap(hp.value, hg.value)
    out.gap = gap
    verdict = gap <= HEADLINE_TOLERANCE_PCT + _EPS
    return out.finish(
        "4b",
        verdict,
        f"headline {_name(hp, hg)} {_num(hp.value)} vs {_num(hg.value)}, gap {_pct(gap)} "
        f"{'<=' if verdict else '>'} {HEADLINE_TOLERANCE_PCT:g}%",
    )


def _corresponding(
    ps: list[Headline], gs: list[Headline], latest: bool
) -> tuple[Headline, Headline] | None:
    """Corresponding results (same metric name, fold with fold, overall with overall).

    For clean runs the headline priority picks each side's result; for crashes the
    last corresponding pre-crash values are used.
    """
    if not ps or not gs:
        return None
    if latest:
        for hp in reversed(ps):
            for hg in reversed(gs):
                if _corresponds(hp, hg):
                    return hp, hg
        return None
    hp, hg = choose_headline(ps), choose_headline(gs)
    if hp is not None and hg is not None and _corresponds(hp, hg):
        return hp, hg
    best: tuple[Headline, Headline] | None = None
    for name in {_key(h) for h in ps} | {None}:
        cp = choose_headline([h for h in ps if name is None or _key(h) in (name, None)])
        cg = choose_headline([h for h in gs if name is None or _key(h) in (name, None)])
        if cp is None or cg is None or not _corresponds(cp, cg):
            continue
        score = (cp.rank + cg.rank, cp.line_no + cg.line_no)
        if best is None or score > (best[0].rank + best[1].rank, best[0].line_no + best[1].line_no):
            best = (cp, cg)
    return best


def _corresponds(a: Headline, b: Headline) -> bool:
    same_name = a.name is None or b.name is None or _key(a) == _key(b)
    return same_name and (a.kind == "fold") == (b.kind == "fold")


def _key(h: Headline) -> str | None:
    return _SAME_METRIC.get(h.name, h.name) if h.name else None


def _stages_agree(p: Side, g: Side) -> tuple[bool, str]:
    if (p.state == "unfinished") != (g.state == "unfinished"):
        return False, "one side ends in an unfinished traceback"
    if ("submission" in p.stages) != ("submission" in g.stages):
        return False, "one side saves a submission, the other stops before"
    if p.level != g.level:
        return False, f"the runs stop at different stages ({_level(p)} vs {_level(g)})"
    if not p.stages and not g.stages:
        same = _similar_text(p.text, g.text)
        return same, "the visible outputs " + ("agree" if same else "differ")
    return True, f"both reach the same stage ({_level(p)})"


def _size_pairs(p: Side, g: Side) -> list[dict[str, Any]]:
    pairs = []
    for key in p.sizes:
        if key not in g.sizes:
            continue
        a, b = p.sizes[key].value, g.sizes[key].value
        if a == 0 and b == 0:
            ratio = 1.0
        elif a == 0 or b == 0:
            ratio = math.inf
        else:
            ratio = max(a, b) / min(a, b)
        pairs.append({"role": key, "predicted": a, "ground_truth": b, "ratio": ratio})
    return pairs


class _Draft:
    """The fields collected while the branches run."""

    def __init__(self, p: Side, g: Side) -> None:
        self.p, self.g = p, g
        self.size_pairs: list[dict[str, Any]] = []
        self.debug_match: bool | None = None
        self.missing: list[str] = []
        self.contradictions: list[str] = []
        self.gap: float | None = None
        self.results = (_result_quote(p), _result_quote(g))

    def finish(
        self, branch: str, match: bool, reason: str, contradictions: list[str] | None = None
    ) -> JudgeResult:
        p, g = self.p, self.g
        bare = p.kind != "log" or g.kind != "log"
        return JudgeResult(
            kinds=f"{p.kind} vs {g.kind}",
            predicted_error="none" if bare else p.evidence,
            ground_truth_error="none" if bare else g.evidence,
            classes="none vs none" if bare else f"{p.fatal_class} vs {g.fatal_class}",
            predicted_result="none" if bare else self.results[0],
            ground_truth_result="none" if bare else self.results[1],
            states="none vs none" if bare else f"{p.state} vs {g.state}",
            size_pairs=[{**s, "ratio": _json_ratio(s["ratio"])} for s in self.size_pairs],
            predicted_core=p.core.summary if p.core else "none",
            ground_truth_core=g.core.summary if g.core else "none",
            debug_match=self.debug_match,
            missing_critical=list(self.missing),
            contradictions=list(self.contradictions) + list(contradictions or []),
            reason=f"branch {branch}: {reason}",
            match=match,
            branch=branch,
            gap_pct=None if self.gap is None or math.isinf(self.gap) else round(self.gap, 4),
        )


def _result_quote(side: Side) -> str:
    head = choose_headline(list(side.candidates))
    return head.line if head else "none"


def _describe(h: Headline) -> str:
    return f"{h.kind} {h.name or 'unnamed'}"


def _name(a: Headline, b: Headline) -> str:
    return a.name or b.name or "result"


def _num(x: float) -> str:
    return f"{x:.6g}"


def _pct(gap: float) -> str:
    return "inf%" if math.isinf(gap) else f"{gap:.2f}%"


def _ratio_text(ratio: float) -> str:
    return "inf" if math.isinf(ratio) else f"{ratio:.2f}"


def _json_ratio(ratio: float) -> float | None:
    return None if math.isinf(ratio) else round(ratio, 4)


def _level(side: Side) -> str:
    return ("loading", "training", "predicting", "saved submission")[side.level]


def _similar_text(a: str, b: str) -> bool:
    wa = set(re.findall(r"[a-z]+", a.lower()))
    wb = set(re.findall(r"[a-z]+", b.lower()))
    if not wa and not wb:
        return a.strip() == b.strip()
    return len(wa & wb) / max(1, len(wa | wb)) >= 0.5
