"""The policies that ask the code model: `pairwise` (algorithm 4) and `fusion` (algorithm 5).

* `pairwise`: successive elimination. Adjacent pairs of the active programs
  are compared by the judge, which sees both programs and their predicted
  outputs; the winners advance in order, an unpaired program is carried, until
  one remains (N - 1 comparisons). The left program wins an unreadable verdict,
  a judge error, or a pair where only it has a program.
* `fusion`: the code model writes a new program from the step's request and
  the pool's plans, code and predicted outputs; the new program is predicted
  too and is the choice. When no program comes back, the first usable
  candidate, else the first.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mleworld.agent.policies.pool import (
    chosen,
    draw,
    draw_seed,
    first_usable,
    has_program,
    lower_is_better,
    predict,
    predicted,
    shown,
)
from mleworld.agent.search import Candidate, Selection, StepContext
from mleworld.codegen.selection_prompts import (
    PAIRWISE_SYSTEM,
    fusion_request,
    pairwise_prompt,
    parse_pairwise,
)
from mleworld.errors import MleWorldError


class Pairwise:
    name = "pairwise"
    needs_world_model = True

    def propose(self, ctx: StepContext) -> Selection:
        candidates = draw(ctx)
        predict(ctx, candidates, self.name)
        active = list(range(len(candidates)))
        bracket: list[dict[str, Any]] = []
        while len(active) > 1:
            advanced: list[int] = []
            for k in range(0, len(active) - 1, 2):
                left, right = active[k], active[k + 1]
                winner, verdict = self._compare(ctx, candidates, left, right)
                bracket.append({"left": left, "right": right, "winner": winner, "verdict": verdict})
                advanced.append(winner)
            if len(active) % 2:
                advanced.append(active[-1])
            active = advanced
        wins = sum(1 for match in bracket if match["winner"] == active[0])
        return chosen(
            candidates,
            active[0],
            f"won {wins} of {len(bracket)} pairwise comparisons",
            pairwise=bracket,
        )

    def _compare(
        self, ctx: StepContext, candidates: list[Candidate], left: int, right: int
    ) -> tuple[int, str]:
        a, b = candidates[left], candidates[right]
        if not has_program(b):
            return left, "only the left has a program"
        if not has_program(a):
            return right, "only the right has a program"
        if ctx.code_model is None:
            return left, "no judge: left"
        prompt = pairwise_prompt(ctx.task, shown(a, predicted), shown(b, predicted))
        try:
            reply = ctx.code_model.complete(PAIRWISE_SYSTEM, prompt)
        except MleWorldError as exc:
            return left, f"judge failed ({type(exc).__name__}): left"
        side = parse_pairwise(reply)
        if side is None:
            return left, "unreadable verdict: left"
        return (left, "A") if side == "A" else (right, "B")


class Fusion:
    name = "fusion"
    needs_world_model = True

    def propose(self, ctx: StepContext) -> Selection:
        candidates = draw(ctx)
        predict(ctx, candidates, self.name)
        pool = [i for i, c in enumerate(candidates) if has_program(c)]
        if pool:
            request = fusion_request(
                ctx.request, [shown(candidates[i], predicted) for i in pool], lower_is_better(ctx)
            )
            request = replace(request, seed=draw_seed(ctx.request.seed, len(candidates)))
            fused = ctx.generate(request)
            fused.meta["fusion_of"] = pool
            sources = fused.meta.get("fused_from")
            if isinstance(sources, list):  # positions among the programs shown -> candidate indices
                fused.meta["fused_from"] = [
                    pool[k] for k in sources if isinstance(k, int) and 0 <= k < len(pool)
                ]
            candidates.append(fused)
            if has_program(fused):
                predict(ctx, [fused], self.name)
                return chosen(candidates, len(candidates) - 1, f"fused from {len(pool)} candidates")
            why = fused.error or "the code model wrote no program"
        else:
            why = "no candidate has a program"
        usable = first_usable(candidates, predicted)
        if usable is not None:
            return chosen(candidates, usable, f"no fusion ({why}); first predicted-usable")
        return chosen(candidates, 0, f"no fusion ({why}); nothing usable: first")
