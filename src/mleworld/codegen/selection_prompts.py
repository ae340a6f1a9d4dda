"""The text a code model reads when it helps a step choose or combine programs.

Three requests serve the world-model policies (paper appendix J):

* the failed-pool judge: no candidate of a step is expected to work, so which
  one is the least broken (the best start for the next debug step)?
* the pairwise judge: of two programs, which one is likely to score better?
* the fusion request: write one new program from a pool of candidates.

Each judge prompt shows the programs with their terminal output (predicted by
the world model, or observed when the policy ran them) and ends with an
"Outcome summary": one line of JSON facts per program. An LLM reads the whole
prompt; the builtin model reads only that summary (`read_summary`), so the
format has one owner here. Replies are parsed leniently: a verdict that cannot
be read is None, and the caller falls back (first program, left program).

This module writes and reads text only; deciding what to do with a verdict is
the policies' job (agent/policies/).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from mleworld.codegen.base import CodeRequest
from mleworld.codegen.prompts import _fenced, task_description, trim_output
from mleworld.codegen.response import strip_reasoning
from mleworld.codegen.review import _json_objects
from mleworld.errors import MleWorldError

CLEAN = "None"  # the exception class of a run that finished (world.vocab.CLEAN)
DESCRIPTION_BUDGET_CHARS = 2000
OUTPUT_BUDGET_CHARS = 2500  # per program: a judge sees several
SUMMARY_HEADING = "# Outcome summary"
_FACTS_LINE = re.compile(r"^Program (\w+): (\{.*\})\s*$")

FAILED_POOL_SYSTEM = (
    "You help a machine learning agent choose which broken program to repair next. "
    "You read several programs and their terminal output and answer with one JSON object."
)
PAIRWISE_SYSTEM = (
    "You compare two machine learning programs for the same competition and judge which "
    "one will reach the better validation score. You answer with one JSON object."
)


@dataclass(frozen=True)
class OutcomeFacts:
    """What is known of one program's run: predicted by the world model, or observed.

    `exception` is the class name ("None" for a run that finished), `metric` a
    finite validation score or None, `p_clean` the world model's probability of
    a clean run (None when observed or when the model gave no distribution).
    """

    exception: str | None = None
    submission: bool | None = None
    metric: float | None = None
    p_clean: float | None = None
    p_max: float | None = None
    observed: bool = False

    @property
    def usable(self) -> bool:
        """Expected to finish and write a submission (appendix J's U)."""
        return self.exception == CLEAN and self.submission is True

    @property
    def confident(self) -> bool:
        """The world model gave a class distribution (confidence is not missing)."""
        return self.p_clean is not None and self.p_max is not None

    @classmethod
    def from_prediction(cls, prediction: Mapping[str, Any] | None) -> OutcomeFacts:
        if not prediction:
            return cls()
        return cls(
            exception=_text(prediction.get("exc_type")),
            submission=_flag(prediction.get("submission")),
            metric=finite(prediction.get("metric")),
            p_clean=_probability(prediction.get("p_clean")),
            p_max=_probability(prediction.get("p_max")),
        )

    @classmethod
    def from_outcome(cls, outcome: Mapping[str, Any] | None) -> OutcomeFacts:
        """An observed run (Outcome.to_dict()); an invalid submission counts as none."""
        if not outcome:
            return cls(observed=True)
        submitted = _flag(outcome.get("submission"))
        if submitted and outcome.get("submission_valid") is False:
            submitted = False
        return cls(
            exception=_text(outcome.get("exc_type")),
            submission=submitted,
            metric=finite(outcome.get("metric")),
            observed=True,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "exception": self.exception,
            "submission": self.submission,
            "metric": self.metric,
            "p_clean": self.p_clean,
            "p_max": self.p_max,
            "observed": self.observed,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> OutcomeFacts:
        return cls(
            exception=_text(data.get("exception")),
            submission=_flag(data.get("submission")),
            metric=finite(data.get("metric")),
            p_clean=_probability(data.get("p_clean")),
            p_max=_probability(data.get("p_max")),
            observed=bool(data.get("observed")),
        )


@dataclass(frozen=True)
class Shown:
    """One program as a judge sees it: plan, code, terminal output and facts."""

    plan: str
    code: str
    output: str
    facts: OutcomeFacts


def finite(value: Any) -> float | None:
    """A finite float, or None (missing, NaN, infinite, "nan" as JSON writes it, not a number)."""
    if value is None or isinstance(value, bool):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        return None
    return number if math.isfinite(number) else None


def _probability(value: Any) -> float | None:
    number = finite(value)
    return number if number is not None and 0.0 <= number <= 1.0 else None


def _flag(value: Any) -> bool | None:
    return None if value is None else bool(value)


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


# --- shared pieces of the judge prompts --------------------------------------------


def _direction(task: Any) -> str:
    try:
        return "lower is better" if task.is_lower_better else "higher is better"
    except MleWorldError:
        return "direction unknown"


def _task_section(task: Any) -> str:
    description = task_description(task)
    if len(description) > DESCRIPTION_BUDGET_CHARS:
        description = description[:DESCRIPTION_BUDGET_CHARS].rstrip() + "\n[... cut ...]"
    return (
        f"# Competition\n\n{description}\n\n"
        f"The validation metric is {task.metric} ({_direction(task)})."
    )


def _facts_words(facts: OutcomeFacts) -> str:
    source = "observed" if facts.observed else "predicted"
    if facts.exception is None:
        return f"Outcome ({source}): unknown."
    ending = "finished" if facts.exception == CLEAN else f"failed with {facts.exception}"
    parts = [f"Outcome ({source}): {ending}"]
    parts.append(
        "wrote a submission"
        if facts.submission
        else "wrote no submission"
        if facts.submission is False
        else "submission unknown"
    )
    if facts.metric is not None:
        parts.append(f"validation score {facts.metric:.6g}")
    if facts.p_clean is not None:
        parts.append(f"world-model chance of a clean run {facts.p_clean:.2f}")
    return ", ".join(parts) + "."


def _program_section(label: str, shown: Shown) -> str:
    kind = "observed" if shown.facts.observed else "predicted"
    output = trim_output(shown.output.rstrip(), OUTPUT_BUDGET_CHARS) or "(no output)"
    plan = " ".join(shown.plan.split()) or "(no plan given)"
    return (
        f"## Program {label}\n\nPlan: {plan}\n\n{_fenced(shown.code.rstrip(), 'python')}\n\n"
        f"### Its {kind} terminal output\n\n{_fenced(output)}\n\n{_facts_words(shown.facts)}"
    )


def _summary(labels: Sequence[str], shown: Sequence[Shown]) -> str:
    lines = [
        f"Program {label}: {json.dumps(s.facts.to_dict(), sort_keys=True)}"
        for label, s in zip(labels, shown, strict=True)
    ]
    return f"{SUMMARY_HEADING}\n\n" + "\n".join(lines)


def read_summary(prompt: str) -> dict[str, OutcomeFacts]:
    """The facts of the last outcome summary in a judge prompt, by program label.

    Only the text after the last summary heading is read, so a program's code
    (which comes earlier) cannot pose as a summary line.
    """
    at = prompt.rfind(f"\n{SUMMARY_HEADING}\n")
    if at < 0:
        return {}
    found: dict[str, OutcomeFacts] = {}
    for line in prompt[at:].splitlines():
        match = _FACTS_LINE.match(line)
        if not match:
            continue
        try:
            data = json.loads(match.group(2))
        except ValueError:
            continue
        if isinstance(data, dict):
            found[match.group(1)] = OutcomeFacts.from_dict(data)
    return found


def direction_of(prompt: str) -> bool | None:
    """lower_is_better as a judge prompt states it (None: unknown)."""
    if "(lower is better)" in prompt:
        return True
    if "(higher is better)" in prompt:
        return False
    return None


# --- the failed-pool judge ------------------------------------------------------------


def failed_pool_prompt(task: Any, pool: Sequence[Shown]) -> str:
    """Ask which of `pool` (numbered from 1) is the least broken."""
    labels = [str(i + 1) for i in range(len(pool))]
    programs = "\n\n".join(_program_section(k, s) for k, s in zip(labels, pool, strict=True))
    return (
        f"{_task_section(task)}\n\n"
        f"# Programs\n\nNone of these {len(pool)} programs is expected to run to the end and "
        "write a valid submission. The agent will repair one of them next.\n\n"
        f"{programs}\n\n{_summary(labels, pool)}\n\n"
        "# What to answer\n\n"
        "Pick the program that is closest to working: the one whose failure is the easiest "
        "to fix and whose approach is worth keeping. Reply with only a JSON object:\n"
        '- "least_buggy": the number of that program (1 to '
        f"{len(pool)});\n"
        '- "reason": one sentence.\n'
    )


def parse_failed_pool(text: str, size: int) -> int | None:
    """The 0-based index the judge picked, or None when its reply cannot be read."""
    answer = strip_reasoning(text or "")
    for value in _json_objects(answer):
        if isinstance(value, dict):
            for key in ("least_buggy", "choice", "program"):
                index = _index(value.get(key), size)
                if index is not None:
                    return index
    match = re.search(r'"?least_buggy"?\s*[:=]\s*"?(\d+)', answer)
    return _index(match.group(1), size) if match else None


def _index(value: Any, size: int) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        value = value.strip().removeprefix("Program").strip()
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number - 1 if 1 <= number <= size else None


# --- the pairwise judge ---------------------------------------------------------------


def pairwise_prompt(task: Any, left: Shown, right: Shown) -> str:
    """Ask which of two programs (A = left, B = right) will score better."""
    return (
        f"{_task_section(task)}\n\n"
        f"# Programs\n\n{_program_section('A', left)}\n\n{_program_section('B', right)}\n\n"
        f"{_summary(['A', 'B'], [left, right])}\n\n"
        "# What to answer\n\n"
        "Judge which program is more likely to run without error, write a valid submission "
        "and reach the better validation score on this competition. The terminal outputs "
        "may be predictions and can be wrong: weigh them against what the code does. "
        "Reply with only a JSON object:\n"
        '- "winner": "A" or "B";\n'
        '- "reason": one sentence.\n'
    )


def parse_pairwise(text: str) -> str | None:
    """ "A" or "B" as the judge answered, or None when the reply cannot be read."""
    answer = strip_reasoning(text or "")
    for value in _json_objects(answer):
        if isinstance(value, dict):
            verdict = _side(value.get("winner", value.get("better")))
            if verdict is not None:
                return verdict
    match = re.search(r'"?winner"?\s*[:=]\s*"?(?:program\s+)?([AB])\b', answer, re.IGNORECASE)
    return match.group(1).upper() if match else None


def _side(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    word = value.strip().upper().removeprefix("PROGRAM").strip()
    return word if word in ("A", "B") else None


# --- the fusion request ---------------------------------------------------------------

_FUSION_INTRO = (
    "# Introduction\n\n"
    "Several candidate programs were written for this step of the search. Each comes with "
    "its plan, its code and the terminal output a world model predicts for it (a prediction, "
    "which can be wrong). Write ONE new program that combines their strengths: keep the "
    "model that looks strongest, bring in the preprocessing and feature ideas of the others "
    "that look sound, or ensemble the best of them. Avoid what the predicted outputs show "
    "failing. The step's own request follows the candidates; answer it in its response "
    "format."
)


def fusion_request(
    request: CodeRequest, pool: Sequence[Shown], lower_is_better: bool | None
) -> CodeRequest:
    """The step's request turned into a fusion request over `pool`.

    The prompt holds the candidates and then the step's own prompt; `extra`
    carries the same candidates as data (plan, code, facts) for backends that
    do not read text. The parent fields stay the step's own (the program an
    improve or debug step starts from).
    """
    labels = [str(i + 1) for i in range(len(pool))]
    programs = "\n\n".join(_program_section(k, s) for k, s in zip(labels, pool, strict=True))
    prompt = (
        f"{_FUSION_INTRO}\n\n# Candidates\n\n{programs}\n\n"
        f"# The step's request\n\n{request.prompt.strip()}\n"
    )
    extra = dict(request.extra)
    extra["candidates"] = [
        {"plan": s.plan, "code": s.code, "facts": s.facts.to_dict()} for s in pool
    ]
    extra["lower_is_better"] = lower_is_better
    return replace(request, stage="fuse", prompt=prompt, extra=extra)
