"""The gates: whether the chosen program runs for real or its prediction stands in.

Paper section 5.2 and appendices M and N. Every gate keeps the same mandatory
decisions, in this order:

1. no prediction to go on (no world model answered): run;
2. a predicted timeout: never run (a real one holds the executor for the whole
   limit only to confirm what the prediction says); its prediction stands in;
3. a predicted metric that would be a new best (predicted clean with a
   submission, better than the best verified metric, or the first one): run,
   because the best verified node is what the run submits;
4. a prediction without confidence (no class distribution): run.

Then `confidence` runs when p_max < γ, with γ = γ_s for a predicted success
and γ_f for a predicted failure, and trusts otherwise; `random` runs with
probability p_run (the step's RNG), whatever the confidence. `always` runs
everything. The knobs come from the step's SearchConfig.

A gate answers through `explain` (verdict and reason, recorded on the node);
`decide` is the Gate protocol's verdict alone.
"""

from __future__ import annotations

from typing import Any

from mleworld.agent.node import GATE_RUN, GATE_TRUSTED, MetricValue, clean_metric
from mleworld.agent.search import AlwaysRun, Candidate, StepContext
from mleworld.world.vocab import CLEAN, TIMEOUT

Decision = tuple[str, str]


def prediction_of(chosen: Candidate, ctx: StepContext) -> dict[str, Any] | None:
    """The chosen candidate's prediction, asking the world model when the policy did not."""
    if chosen.prediction is None and ctx.predict is not None:
        chosen.prediction = ctx.predict(chosen)
    return chosen.prediction


def _new_best(prediction: dict[str, Any], ctx: StepContext) -> str | None:
    """Why the predicted metric would be a new best, or None when it would not be."""
    metric = clean_metric(prediction.get("metric"))
    if prediction.get("exc_type") != CLEAN or not prediction.get("submission") or metric is None:
        return None
    best = ctx.journal.best_node()
    if best is None:
        return f"predicted metric {metric:.6g} would be the first verified one"
    lower = ctx.journal.lower_is_better
    if MetricValue(metric, lower) > MetricValue(best.metric, lower):
        return f"predicted metric {metric:.6g} would beat the best verified {best.metric:.6g}"
    return None


def mandatory(chosen: Candidate, ctx: StepContext) -> Decision | None:
    """The decisions every gate keeps (module docstring, 1-4); None leaves it to the gate."""
    prediction = prediction_of(chosen, ctx)
    if prediction is None:
        return GATE_RUN, "no prediction"
    if prediction.get("exc_type") == TIMEOUT:
        return GATE_TRUSTED, "predicted timeout: never run"
    why = _new_best(prediction, ctx)
    if why is not None:
        return GATE_RUN, why
    if prediction.get("p_max") is None:
        return GATE_RUN, "prediction without confidence"
    return None


class ConfidenceGate:
    """Gate `confidence`: run what the world model is unsure of (p_max < γ_s or γ_f)."""

    name = "confidence"

    def explain(self, chosen: Candidate, ctx: StepContext) -> Decision:
        decision = mandatory(chosen, ctx)
        if decision is not None:
            return decision
        prediction = chosen.prediction or {}
        p_max = float(prediction["p_max"])
        if prediction.get("exc_type") == CLEAN:
            side, gamma = "s", ctx.search.gamma_success
        else:
            side, gamma = "f", ctx.search.gamma_failure
        if p_max < gamma:
            return GATE_RUN, f"p_max {p_max:.3f} < gamma_{side} {gamma:g}"
        return GATE_TRUSTED, f"p_max {p_max:.3f} >= gamma_{side} {gamma:g}"

    def decide(self, chosen: Candidate, ctx: StepContext) -> str:
        return self.explain(chosen, ctx)[0]


class RandomGate:
    """Gate `random` (appendix N's control): discretionary runs with probability p_run."""

    name = "random"

    def explain(self, chosen: Candidate, ctx: StepContext) -> Decision:
        decision = mandatory(chosen, ctx)
        if decision is not None:
            return decision
        p_run = ctx.search.p_run
        if ctx.rng.random() < p_run:
            return GATE_RUN, f"random check (p_run {p_run:g})"
        return GATE_TRUSTED, f"random skip (p_run {p_run:g})"

    def decide(self, chosen: Candidate, ctx: StepContext) -> str:
        return self.explain(chosen, ctx)[0]


class AlwaysGate(AlwaysRun):
    """Gate `always`: search.AlwaysRun with its reason."""

    def explain(self, chosen: Candidate, ctx: StepContext) -> Decision:
        return GATE_RUN, "gate always"
