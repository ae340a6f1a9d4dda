"""Policy `sequential` (algorithm 3): each draw revises the previous one from its predicted run.

The first candidate answers the step's request. Each next one is asked to
improve the previous candidate when that one is predicted usable, or to debug
it otherwise, with the previous program as the parent and its *predicted*
terminal output and exception class as the parent's output: the stage prompt
is the one codegen/prompts.py writes for improve and debug. After N draws,
BoN's greedy choice over all of them. Predictions come one at a time, since
each next draw needs the previous one's; a revision is predicted as a child
of the candidate it revises (standing in with its prediction, so the metric
anchors on the revised program's predicted metric), not of the step's parent,
when the step can do that (`StepContext.predict_against`).
"""

from __future__ import annotations

from dataclasses import replace

from mleworld.agent.node import Node
from mleworld.agent.policies.pool import (
    choose_greedy,
    draw_seed,
    has_program,
    predict,
    predicted,
)
from mleworld.agent.search import Candidate, Selection, StepContext
from mleworld.codegen.base import CodeRequest

_OVERVIEW_HEADING = "\n# Data overview\n\n"


class Sequential:
    name = "sequential"
    needs_world_model = True

    def propose(self, ctx: StepContext) -> Selection:
        candidates: list[Candidate] = []
        request = ctx.request
        for index in range(max(1, ctx.num_candidates)):
            candidate = ctx.generate(request)
            if request is not ctx.request and "revises" in request.extra:
                revised = int(request.extra["revises"])
                candidate.meta["revises"] = revised
                candidate.meta["revise_stage"] = request.stage
                predict_revision(ctx, candidate, candidates[revised], request.stage, self.name)
            else:
                predict(ctx, [candidate], self.name)
            candidates.append(candidate)
            if index + 1 < ctx.num_candidates:
                request = self._next_request(ctx, candidates, request, index + 1)
        return choose_greedy(ctx, candidates, predicted)

    def _next_request(
        self, ctx: StepContext, candidates: list[Candidate], last: CodeRequest, index: int
    ) -> CodeRequest:
        previous = candidates[-1]
        seed = draw_seed(ctx.request.seed, index)
        if not has_program(previous):
            # nothing to revise: ask the last request again with a new seed
            return replace(last, seed=seed)
        request = revise_request(ctx, previous, seed)
        request.extra["revises"] = len(candidates) - 1
        return request


def predict_revision(
    ctx: StepContext, candidate: Candidate, revised: Candidate, stage: str, policy: str
) -> None:
    """Predict `candidate` as the `stage` child of `revised` (else as the step's other draws)."""
    if ctx.predict_against is None or not has_program(candidate):
        predict(ctx, [candidate], policy)
        return
    (prediction,) = ctx.predict_against([candidate], stand_in(ctx, revised), stage)
    candidate.prediction = prediction


def stand_in(ctx: StepContext, revised: Candidate) -> Node:
    """A node for a candidate that never ran: its predicted outcome stands in for a real one."""
    facts = predicted(revised)
    parent = ctx.action.parent
    return Node(
        id=f"{ctx.step}-revised",
        step=ctx.step,
        stage=str(revised.meta.get("revise_stage") or ctx.action.stage),
        parent_id=parent.id if parent is not None else None,
        plan=revised.plan,
        code=revised.code,
        metric=facts.metric if facts.usable else None,
        is_buggy=not facts.usable,
        prediction=revised.prediction,
        gate=None,
    )


def revise_request(ctx: StepContext, previous: Candidate, seed: int) -> CodeRequest:
    """The improve or debug request for `previous`, built from its predicted outcome."""
    from mleworld.codegen.packages import installed_packages
    from mleworld.codegen.prompts import build_memory, build_prompt

    facts = predicted(previous)
    stage = "improve" if facts.usable else "debug"
    output = str((previous.prediction or {}).get("term_out") or "")
    extra = dict(ctx.request.extra)
    # AIDE shows earlier programs' summaries when improving, not when debugging.
    memory = ""
    if stage == "improve":
        memory = build_memory(
            [n for n in ctx.journal if n.code], metric_name=getattr(ctx.task, "metric", None)
        )
    time_limit = extra.get("time_limit_s") or ctx.task.time_limit_s
    prompt = build_prompt(
        stage,
        ctx.task,
        str(extra.get("overview") or overview_of(ctx.request.prompt)),
        memory,
        parent_code=previous.code,
        parent_output=output,
        packages=extra.get("packages") or installed_packages(),
        time_limit_s=float(time_limit),
    )
    return replace(
        ctx.request,
        stage=stage,
        prompt=prompt,
        parent_code=previous.code,
        parent_output=output,
        parent_exc_type=facts.exception,
        seed=seed,
        extra=extra,
    )


def overview_of(prompt: str) -> str:
    """The data overview section of a stage prompt (build_prompt writes it last)."""
    at = prompt.rfind(_OVERVIEW_HEADING)
    return prompt[at + len(_OVERVIEW_HEADING) :].strip() if at >= 0 else ""
