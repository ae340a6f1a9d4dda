"""The builtin model's judges: the failed-pool and pairwise verdicts without an LLM.

The builtin model cannot read code for quality, but a judge prompt ends with
the facts of each program's (predicted or observed) run. The verdict compares
those: a usable run (finished, with a submission) beats one that is not, then
the better validation score in the task's direction, then the higher chance of
a clean run. Ties keep the earlier program (the left one of a pair). The same
facts give the same verdict.

The prompt format belongs to codegen/selection_prompts.py; this module only
answers it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from mleworld.codegen.selection_prompts import (
    FAILED_POOL_SYSTEM,
    PAIRWISE_SYSTEM,
    OutcomeFacts,
    direction_of,
    read_summary,
)

_MISSING = float("-inf")


def rank_key(facts: OutcomeFacts, lower_is_better: bool | None) -> tuple[int, float, float]:
    """Larger is better: usability, then the oriented metric, then p_clean."""
    if facts.metric is None:
        metric = _MISSING
    elif lower_is_better is None:
        metric = 0.0  # a score in an unknown direction ranks nothing
    else:
        metric = -facts.metric if lower_is_better else facts.metric
    p_clean = facts.p_clean if facts.p_clean is not None else -1.0
    return (1 if facts.usable else 0, metric, p_clean)


def best_index(pool: Sequence[OutcomeFacts], lower_is_better: bool | None) -> int:
    """The first program with the largest rank key (0 for an empty pool)."""
    best = 0
    for index in range(1, len(pool)):
        if rank_key(pool[index], lower_is_better) > rank_key(pool[best], lower_is_better):
            best = index
    return best


def answer(system: str, user: str) -> str | None:
    """The verdict for a judge prompt, or None when `system` is no judge's."""
    if system == FAILED_POOL_SYSTEM:
        return _failed_pool(user)
    if system == PAIRWISE_SYSTEM:
        return _pairwise(user)
    return None


def _failed_pool(user: str) -> str:
    facts = read_summary(user)
    numbered = sorted((int(k), v) for k, v in facts.items() if k.isdigit())
    if not numbered:
        return json.dumps({"least_buggy": None, "reason": "the prompt lists no program facts"})
    lower = direction_of(user)
    pick = best_index([v for _, v in numbered], lower)
    label, chosen = numbered[pick]
    return json.dumps({"least_buggy": label, "reason": _why(chosen, "closest to working")})


def _pairwise(user: str) -> str:
    facts = read_summary(user)
    left, right = facts.get("A"), facts.get("B")
    if left is None or right is None:
        return json.dumps({"winner": None, "reason": "the prompt lists no facts for A and B"})
    lower = direction_of(user)
    if rank_key(right, lower) > rank_key(left, lower):
        return json.dumps({"winner": "B", "reason": _why(right, "B ranks higher")})
    return json.dumps({"winner": "A", "reason": _why(left, "A ranks at least as high")})


def _why(facts: OutcomeFacts, lead: str) -> str:
    source = "observed" if facts.observed else "predicted"
    parts = [f"{'usable' if facts.usable else 'not usable'} ({source})"]
    if facts.metric is not None:
        parts.append(f"score {facts.metric:.6g}")
    if facts.p_clean is not None:
        parts.append(f"p_clean {facts.p_clean:.2f}")
    return f"{lead}: " + ", ".join(parts)
