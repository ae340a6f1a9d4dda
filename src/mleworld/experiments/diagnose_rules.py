"""The decision rules appendix P compares on one fixed state, over one shared pool.

Every rule reuses the landed policy code; what a condition changes is only the
feedback the policy sees, swapped in through the StepContext:

- selection: uniform pick (the pool's mean), screen (uniform over the
  predicted-usable candidates with a finite metric, else the largest p_clean),
  screen + ranking (best predicted metric, same fallback), real validation
  (best real validation metric over the executed pool, else the ranking's pick);
- pairwise (policies/judged.Pairwise) with code only, predicted, or real output;
- sequential (policies/sequential.Sequential) revising the first candidate with
  no feedback, structured predictions without terminal output, predicted output,
  or real output; all four then select by *predicted* metric (BoN's rule);
- fusion (policies/judged.Fusion) from code only, predicted, or real output.

A rule returns the candidate it ends with (a pool member or a new program); the
caller executes and grades it. `Feedback` turns a candidate into the prediction
a condition shows.

Not here: drawing, executing, grading (diagnose.py).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from mleworld.agent.policies.judged import Fusion, Pairwise
from mleworld.agent.policies.pool import best_by_metric, choose_greedy, lower_is_better, predicted
from mleworld.agent.policies.sequential import Sequential
from mleworld.agent.search import Candidate, StepContext

Feedback = Callable[[Candidate], dict[str, Any] | None]
Real = Callable[[Candidate], dict[str, Any] | None]  # executes a candidate, its outcome


def outcome_as_prediction(outcome: dict[str, Any] | None) -> dict[str, Any] | None:
    """A real run written in the fields a policy reads from a prediction."""
    if outcome is None:
        return None
    valid = outcome.get("submission_valid")
    exc = outcome.get("exc_type")
    clean = exc in ("None", None) and not outcome.get("timed_out")
    return {  # an observed run is certain: its class has probability 1
        "exc_type": "None" if clean else (exc or "TimeoutError"),
        "exc_probs": None,
        "term_out": outcome.get("term_out") or "",
        "metric": outcome.get("metric"),
        "submission": bool(outcome.get("submission")) and valid is not False,
        "p_clean": 1.0 if clean else 0.0,
        "p_max": 1.0,
        "observed": True,
    }


def real_output(candidate: Candidate) -> dict[str, Any] | None:
    """The candidate's real run (it has been executed) in a prediction's fields."""
    return outcome_as_prediction(candidate.outcome)


def code_only(candidate: Candidate) -> dict[str, Any] | None:
    return None


def structured(candidate: Candidate) -> dict[str, Any] | None:
    """The predicted fields without the predicted terminal output."""
    if candidate.prediction is None:
        return None
    return {**candidate.prediction, "term_out": ""}


def no_feedback(candidate: Candidate) -> dict[str, Any] | None:
    """Nothing about the run: the revision is asked to improve the program as written."""
    return {"exc_type": "None", "submission": True, "term_out": "", "metric": None}


def _copy(candidate: Candidate, shown: dict[str, Any] | None) -> Candidate:
    twin = copy.deepcopy(candidate)
    twin.prediction = shown
    twin.meta["pool_index"] = candidate.meta.get("pool_index")
    return twin


def _replay(
    ctx: StepContext,
    pool: list[Candidate],
    feedback: Feedback,
    predict_new: Callable[[list[Candidate]], list[dict[str, Any] | None]],
    replay_count: int | None = None,
) -> StepContext:
    """A context whose first draws are the pool (as `feedback` shows it) and whose later
    draws are real generations; predictions of new programs come from `predict_new`."""
    queue = [_copy(c, feedback(c)) for c in pool[: replay_count or len(pool)]]
    shown_ids = {id(c) for c in queue}

    def generate(request: Any) -> Candidate:
        return queue.pop(0) if queue else ctx.generate(request)

    def predict_many(candidates: list[Candidate]) -> list[dict[str, Any] | None]:
        new = [c for c in candidates if id(c) not in shown_ids]
        answers = dict(zip(map(id, new), predict_new(new), strict=True)) if new else {}
        return [c.prediction if id(c) in shown_ids else answers[id(c)] for c in candidates]

    # Every prediction goes through the replay, revisions too (they see its feedback).
    return replace(
        ctx, generate=generate, predict_many=predict_many, predict=None, predict_against=None
    )


# --- selection -------------------------------------------------------------------


def _p_clean_pick(pool: list[Candidate]) -> int:
    best, value = 0, -1.0
    for i, c in enumerate(pool):
        p = (c.prediction or {}).get("p_clean")
        if isinstance(p, int | float) and p > value:
            best, value = i, float(p)
    return best


def screened(ctx: StepContext, pool: list[Candidate]) -> list[int]:
    """Indices of the candidates predicted usable with a finite metric (empty: none)."""
    from mleworld.codegen.selection_prompts import OutcomeFacts

    keep = []
    for i, c in enumerate(pool):
        facts = OutcomeFacts.from_prediction(c.prediction)
        if facts.usable and facts.metric is not None:
            keep.append(i)
    return keep


def screen_set(ctx: StepContext, pool: list[Candidate]) -> list[int]:
    """What the screen picks uniformly among: the screened set, else the largest p_clean."""
    return screened(ctx, pool) or [_p_clean_pick(pool)]


def ranking_pick(ctx: StepContext, pool: list[Candidate]) -> int:
    best = best_by_metric(pool, predicted, lower_is_better(ctx))
    return best if best is not None else _p_clean_pick(pool)


def real_validation_pick(ctx: StepContext, pool: list[Candidate]) -> int:
    from mleworld.agent.policies.pool import observed

    best = best_by_metric(pool, observed, lower_is_better(ctx))
    return best if best is not None else ranking_pick(ctx, pool)


# --- the policies under each feedback ----------------------------------------------


def pairwise(ctx: StepContext, pool: list[Candidate], feedback: Feedback) -> Candidate:
    replay = _replay(ctx, pool, feedback, lambda new: [None] * len(new))
    selection = Pairwise().propose(replace(replay, num_candidates=len(pool)))
    return pool[selection.chosen_index]


def fusion(
    ctx: StepContext,
    pool: list[Candidate],
    feedback: Feedback,
    predict_new: Callable[[list[Candidate]], list[dict[str, Any] | None]],
) -> Candidate:
    replay = _replay(ctx, pool, feedback, predict_new)
    selection = Fusion().propose(replace(replay, num_candidates=len(pool)))
    picked = selection.chosen
    if selection.chosen_index < len(pool):
        return pool[selection.chosen_index]  # no fusion came back: a pool member
    return picked


def sequential(
    ctx: StepContext,
    first: Candidate,
    feedback: Feedback,
    predict_true: Callable[[list[Candidate]], list[dict[str, Any] | None]],
    real: Real,
) -> tuple[Candidate, list[Candidate]]:
    """Three revisions of `first` under `feedback`, then BoN's choice by predicted metric.

    The revisions see what `feedback` shows of their predecessor (for real feedback:
    the predecessor executed); the final choice always reads the true predictions.
    """
    if feedback is real_output:  # run each attempt before it is revised
        shown: Feedback = lambda c: outcome_as_prediction(real(c))  # noqa: E731
    else:
        shown = feedback

    def predict_new(new: list[Candidate]) -> list[dict[str, Any] | None]:
        truth = predict_true(new)
        for c, p in zip(new, truth, strict=True):
            c.meta["true_prediction"] = p
        return [shown(replace(c, prediction=p)) for c, p in zip(new, truth, strict=True)]

    replay = _replay(ctx, [first], shown, predict_new, replay_count=1)
    selection = Sequential().propose(replay)
    attempts = selection.candidates
    attempts[0].meta["true_prediction"] = first.prediction
    for c in attempts:
        c.prediction = c.meta.get("true_prediction")
    final = choose_greedy(ctx, attempts, predicted)
    return final.chosen, attempts
