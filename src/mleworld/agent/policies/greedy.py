"""The policies that score a pool and keep the best: `bon`, `ucb` and `bon-real`.

* `bon` (algorithm 1): the best predicted metric over M, with BoN's fallbacks.
* `ucb` (algorithm 2, equation 4): over M, v(s) = d (m - m_ref) / alpha plus
  beta * u with u = 1 - p_clean. m_ref is the best verified real metric of the
  run, else the parent's real metric, else 0; alpha = max(|m_ref|, 0.01) with a
  reference, else max(median |m| over M, 0.01). One missing confidence in M
  turns the bonus off for the whole pool. Without M, BoN's fallbacks.
* `bon-real` (appendix O's reference): runs every candidate for real and keeps
  the best observed one, with the same fallbacks on the real outcomes.
"""

from __future__ import annotations

import statistics

from mleworld.agent.policies.pool import (
    choose_greedy,
    chosen,
    draw,
    lower_is_better,
    observed,
    predict,
    predicted,
)
from mleworld.agent.search import Selection, StepContext
from mleworld.errors import ConfigError

MIN_SCALE = 0.01


class BestOfN:
    """Best-of-N: draw N, predict them in one batch, keep the best predicted metric."""

    name = "bon"
    needs_world_model = True

    def propose(self, ctx: StepContext) -> Selection:
        candidates = draw(ctx)
        predict(ctx, candidates, self.name)
        return choose_greedy(ctx, candidates, predicted)


def reference(ctx: StepContext) -> float | None:
    """m_ref: the best verified real metric of the run, else the parent's real one, else None."""
    best = ctx.journal.best_node()
    if best is not None and best.metric is not None:
        return float(best.metric)
    parent = ctx.action.parent
    if parent is not None and parent.executed and not parent.is_buggy and parent.metric is not None:
        return float(parent.metric)
    return None


class Ucb:
    """UCB: predicted gain over the reference plus beta times the outcome uncertainty."""

    name = "ucb"
    needs_world_model = True

    def propose(self, ctx: StepContext) -> Selection:
        candidates = draw(ctx)
        predict(ctx, candidates, self.name)
        lower = lower_is_better(ctx)
        pool = [
            i
            for i, c in enumerate(candidates)
            if predicted(c).usable and predicted(c).metric is not None
        ]
        if not pool or lower is None:
            return choose_greedy(ctx, candidates, predicted)
        d = -1.0 if lower else 1.0
        metrics = {i: float(predicted(candidates[i]).metric or 0.0) for i in pool}
        m_ref = reference(ctx)
        if m_ref is not None:
            alpha = max(abs(m_ref), MIN_SCALE)
        else:
            alpha = max(statistics.median(abs(m) for m in metrics.values()), MIN_SCALE)
        beta = float(ctx.search.beta)
        bonus_on = all(predicted(candidates[i]).confident for i in pool)
        best, best_score = pool[0], float("-inf")
        for i in pool:
            v = d * (metrics[i] - (m_ref or 0.0)) / alpha
            p_clean = predicted(candidates[i]).p_clean
            bonus = beta * (1.0 - p_clean) if bonus_on and p_clean is not None else 0.0
            score = v + bonus
            candidates[i].meta["ucb"] = {
                "v": v,
                "bonus": bonus if bonus_on else None,
                "score": score,
                "m_ref": m_ref,
                "alpha": alpha,
                "beta": beta,
            }
            if score > best_score:
                best, best_score = i, score
        why = "" if bonus_on else " (a confidence is missing: no bonus for the pool)"
        return chosen(
            candidates,
            best,
            f"best ucb score {best_score:.4g} (predicted metric {metrics[best]:.6g}){why}",
        )


class BestOfNReal:
    """The real-execution reference: run all N and keep the best observed program."""

    name = "bon-real"
    needs_world_model = False  # predicts only when the run has a world model anyway

    def propose(self, ctx: StepContext) -> Selection:
        if ctx.run is None:
            raise ConfigError("policy bon-real runs every candidate and this step cannot run any")
        candidates = draw(ctx)
        if ctx.predict_many is not None or ctx.predict is not None:
            predict(ctx, candidates, self.name)  # recorded next to the real outcome
        for candidate in candidates:
            if candidate.error is None and candidate.code and candidate.outcome is None:
                candidate.outcome = ctx.run(candidate)
        return choose_greedy(ctx, candidates, observed, what="observed")
