"""What every world-model policy shares: drawing a pool, predicting it, and BoN's choice.

Appendix J's vocabulary: a pool of N independent draws (the step's request
with N different seeds), each predicted by the world model in one batch. A
candidate is *usable* when it is predicted to finish and write a submission,
and is in *M* when it is usable with a finite predicted metric; d orients the
metric (the task's direction). Ties keep generation order.

`choose_greedy` is BoN's lines 2-4 (best predicted metric over M, else the
first usable, else the failed-pool judge's least broken program, the first on
judge failure); sequential, ucb and bon-real end in it. The judges' prompts
belong to codegen/selection_prompts.py.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from mleworld.agent.search import Candidate, Selection, StepContext
from mleworld.codegen.selection_prompts import (
    FAILED_POOL_SYSTEM,
    OutcomeFacts,
    Shown,
    failed_pool_prompt,
    parse_failed_pool,
)
from mleworld.errors import ConfigError, MleWorldError

Facts = Callable[[Candidate], OutcomeFacts]


def draw_seed(seed: int, index: int) -> int:
    """The seed of draw `index` of a step; draw 0 keeps the step's own seed (what `none` writes)."""
    if index == 0:
        return seed
    digest = hashlib.sha256(f"{seed}:draw:{index}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def draw(ctx: StepContext, count: int | None = None) -> list[Candidate]:
    """N independent draws for the step's request, each with its own seed."""
    n = max(1, ctx.num_candidates if count is None else count)
    return [
        ctx.generate(replace(ctx.request, seed=draw_seed(ctx.request.seed, i))) for i in range(n)
    ]


def has_program(candidate: Candidate) -> bool:
    return candidate.error is None and bool(candidate.code)


def predict(ctx: StepContext, candidates: Sequence[Candidate], policy: str) -> None:
    """Predict `candidates` in one world-model batch and store each prediction on its candidate."""
    if not candidates:
        return
    if ctx.predict_many is not None:
        predictions = list(ctx.predict_many(list(candidates)))
    elif ctx.predict is not None:
        predictions = [ctx.predict(c) if has_program(c) else None for c in candidates]
    else:
        raise ConfigError(
            f"policy {policy} compares predicted outcomes and this run has no world model; "
            "pass --world-model fast (or use --policy none)"
        )
    if len(predictions) != len(candidates):
        raise MleWorldError(
            f"the world model answered {len(predictions)} predictions for {len(candidates)} "
            "candidates; it must answer one per candidate"
        )
    for candidate, prediction in zip(candidates, predictions, strict=True):
        candidate.prediction = prediction if has_program(candidate) else None


def predicted(candidate: Candidate) -> OutcomeFacts:
    return OutcomeFacts.from_prediction(candidate.prediction)


def observed(candidate: Candidate) -> OutcomeFacts:
    return OutcomeFacts.from_outcome(candidate.outcome)


def lower_is_better(ctx: StepContext) -> bool | None:
    """The task's metric direction (None: unknown, so no metric can rank candidates)."""
    try:
        return bool(ctx.task.is_lower_better)
    except (MleWorldError, AttributeError):
        return None


def oriented(metric: float, lower: bool) -> float:
    """d * m: larger is better whichever way the metric points."""
    return -metric if lower else metric


def best_by_metric(candidates: Sequence[Candidate], facts: Facts, lower: bool | None) -> int | None:
    """argmax d * m over M (first on ties), or None when M is empty or d unknown."""
    if lower is None:
        return None
    best: int | None = None
    best_value = 0.0
    for index, candidate in enumerate(candidates):
        f = facts(candidate)
        if not f.usable or f.metric is None:
            continue
        value = oriented(f.metric, lower)
        if best is None or value > best_value:
            best, best_value = index, value
    return best


def first_usable(candidates: Sequence[Candidate], facts: Facts) -> int | None:
    return next((i for i, c in enumerate(candidates) if facts(c).usable), None)


def shown(candidate: Candidate, facts: Facts) -> Shown:
    """A candidate as a judge sees it: the observed output when it ran, else the predicted one."""
    f = facts(candidate)
    if f.observed:
        output = str((candidate.outcome or {}).get("term_out") or "")
    else:
        output = str((candidate.prediction or {}).get("term_out") or "")
    return Shown(plan=candidate.plan, code=candidate.code, output=output, facts=f)


def failed_pool_pick(
    ctx: StepContext, candidates: Sequence[Candidate], facts: Facts
) -> tuple[int, str]:
    """The failed-pool judge's least broken program; the first program when the judge fails."""
    programs = [i for i, c in enumerate(candidates) if has_program(c)]
    if not programs:
        return 0, "no candidate has a program"
    if len(programs) == 1:
        return programs[0], "nothing usable; the only candidate with a program"
    if ctx.code_model is None:
        return programs[0], "nothing usable and no judge; the first candidate with a program"
    prompt = failed_pool_prompt(ctx.task, [shown(candidates[i], facts) for i in programs])
    try:
        reply = ctx.code_model.complete(FAILED_POOL_SYSTEM, prompt)
    except MleWorldError as exc:
        return programs[0], f"nothing usable; the judge failed ({type(exc).__name__}): first"
    pick = parse_failed_pool(reply, len(programs))
    if pick is None:
        return programs[0], "nothing usable; the judge's verdict was unreadable: first"
    return programs[pick], f"nothing usable; the failed-pool judge's least buggy pick ({pick + 1})"


def choose_greedy(
    ctx: StepContext, candidates: list[Candidate], facts: Facts, what: str = "predicted"
) -> Selection:
    """BoN's choice over a predicted (or observed) pool, with its reason in the chosen meta."""
    lower = lower_is_better(ctx)
    best = best_by_metric(candidates, facts, lower)
    if best is not None:
        metric = facts(candidates[best]).metric
        return chosen(candidates, best, f"best {what} metric {metric:.6g}")
    usable = first_usable(candidates, facts)
    if usable is not None:
        return chosen(candidates, usable, f"first {what}-usable candidate (no {what} metric)")
    index, reason = failed_pool_pick(ctx, candidates, facts)
    return chosen(candidates, index, reason)


def chosen(candidates: list[Candidate], index: int, reason: str, **meta: Any) -> Selection:
    candidates[index].meta["reason"] = reason
    candidates[index].meta.update(meta)
    return Selection(candidates, index)
