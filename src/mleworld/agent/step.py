"""One step of a run: choose an action, let the policy draw and pick candidates (with the
world model's predictions), let the gate decide, and run the chosen program or trust its
prediction. The result is one Node; appending it to the journal is loop.py's job.

What the step spends is counted on its node: code-model draws, predictions and their
time, and every real execution (the chosen program's, and candidates a policy ran under
`<node id>-c<k>`), whose time the execution budget sees while the step is in flight.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mleworld.agent.budget import Budget, derive_seed, node_id_for
from mleworld.agent.config import RunConfig
from mleworld.agent.journal import Journal
from mleworld.agent.node import GATE_RUN, GATE_TRUSTED, Node, clean_metric
from mleworld.agent.progress import Progress
from mleworld.agent.report import SUBMISSIONS_DIR
from mleworld.agent.search import Candidate, Gate, Policy, StepContext, choose_action
from mleworld.agent.world_model import RunWorldModel
from mleworld.codegen.base import CodeModel, CodeRequest
from mleworld.errors import MleWorldError
from mleworld.execution.outcome import Outcome

# (program, node_id, time_limit_s) -> Outcome. It keeps the program's submission
# as submissions/<node_id>.csv in the run directory when there is one.
Execute = Callable[[str, str, float], Outcome]
Predict = Callable[[Candidate], dict[str, Any]]


class Agent:
    """Holds what stays fixed during a run and turns one step into one node."""

    def __init__(
        self,
        config: RunConfig,
        task: Any,
        journal: Journal,
        code_model: CodeModel,
        execute: Execute,
        policy: Policy,
        gate: Gate,
        run_dir: Path,
        predict: Predict | None = None,
        world: RunWorldModel | None = None,
    ) -> None:
        self.config = config
        self.run_dir = run_dir
        self.task = task
        self.journal = journal
        self.code_model = code_model
        self.execute = execute
        self.policy = policy
        self.gate = gate
        self.predict = predict  # a bare prediction callback (tests); `world` wins when both
        self.world = world
        self._callback_predictions = 0
        self._overview: str | None = None
        self._packages: dict[str, str] | None = None

    @property
    def time_limit_s(self) -> float:
        return self.config.exec.time_limit_s or float(self.task.time_limit_s)

    def overview(self) -> str:
        if self._overview is None:
            from mleworld.tasks.overview import data_overview

            self._overview = data_overview(self.task.public_dir, self.config.agent.overview_chars)
        return self._overview

    def packages(self) -> dict[str, str]:
        if self._packages is None:
            from mleworld.codegen.packages import installed_packages

            self._packages = installed_packages()
        return self._packages

    def request(
        self, step: int, stage: str, parent: Node | None, time_limit_s: float
    ) -> CodeRequest:
        from mleworld.codegen.prompts import build_memory, build_prompt

        parent_code = parent.code if parent is not None else None
        parent_output = parent.term_out if parent is not None else None
        # AIDE shows the summaries of earlier programs when drafting and improving, not when debugging.
        earlier = [] if stage == "debug" else [_remembered(n) for n in self.journal if n.code]
        prompt = build_prompt(
            stage,
            self.task,
            self.overview(),
            build_memory(earlier, metric_name=self.task.metric),
            parent_code=parent_code,
            parent_output=parent_output,
            packages=self.packages(),
            time_limit_s=time_limit_s,
        )
        return CodeRequest(
            stage=stage,
            prompt=prompt,
            task=self.task,
            parent_code=parent_code,
            parent_output=parent_output,
            parent_exc_type=parent.exc_type if parent is not None else None,
            seed=derive_seed(self.config.seed, step, "codegen"),
            extra={
                "step": step,
                "parent_metric": parent.metric if parent else None,
                # what a policy needs to write a request of its own (sequential's revisions)
                "time_limit_s": time_limit_s,
                "overview": self.overview(),
                "packages": self.packages(),
            },
        )

    def generate(self, request: CodeRequest) -> Candidate:
        """Ask the code model; its errors become an error candidate, not a crash."""
        started = time.perf_counter()
        try:
            generation = self.code_model.generate(request)
        except MleWorldError as exc:
            return Candidate(
                plan="",
                code="",
                gen_time_s=time.perf_counter() - started,
                error=f"{type(exc).__name__}: {exc}",
            )
        return Candidate(
            plan=generation.plan,
            code=generation.code,
            gen_time_s=time.perf_counter() - started,
            meta=dict(generation.meta),
        )

    def step(self, step: int, budget: Budget, progress: Progress) -> Node:
        rng = random.Random(derive_seed(self.config.seed, step, "search"))
        action = choose_action(self.journal, self.config.search, rng)
        progress.step_started(step, action.stage, action.parent)
        budget.step_exec_s = 0.0
        time_limit = budget.time_limit(self.time_limit_s, self.journal)
        tally = _StepTally(node_id_for(self.task.id, self.config.seed, step), time_limit)
        predictions_before, wm_before = self._wm_counts()

        def generate(request: CodeRequest) -> Candidate:
            tally.generations += 1
            return self.generate(request)

        def predict_many(candidates: list[Candidate]) -> list[dict[str, Any] | None]:
            return self._predict_many(candidates, action.stage, action.parent, time_limit)

        def predict_against(
            candidates: list[Candidate], parent: Node, stage: str
        ) -> list[dict[str, Any] | None]:
            return self._predict_many(candidates, stage, parent, time_limit)

        def predict_one(candidate: Candidate) -> dict[str, Any] | None:
            return predict_many([candidate])[0]

        def run(candidate: Candidate) -> dict[str, Any] | None:
            return self._run_candidate(candidate, tally, budget, action, step)

        can_predict = self.world is not None or self.predict is not None
        ctx = StepContext(
            step=step,
            action=action,
            journal=self.journal,
            task=self.task,
            request=self.request(step, action.stage, action.parent, time_limit),
            rng=rng,
            generate=generate,
            predict=predict_one if can_predict else None,
            num_candidates=self.config.search.num_candidates,
            predict_many=predict_many if can_predict else None,
            predict_against=predict_against if can_predict else None,
            run=run,
            code_model=self.code_model,
            search=self.config.search,
        )
        selection = self.policy.propose(ctx)
        chosen = selection.chosen
        node = Node(
            id=tally.node_id,
            step=step,
            stage=action.stage,
            parent_id=action.parent.id if action.parent is not None else None,
            plan=chosen.plan,
            code=chosen.code,
            policy=self.policy.name,
            chosen_index=selection.chosen_index,
            time_limit_s=time_limit,
        )
        if chosen.error is not None:
            node.error, node.gate = chosen.error, None
        elif chosen.outcome is not None:  # the policy ran it already (bon-real): not again
            node.gate, node.gate_reason = GATE_RUN, "ran by the policy"
            exec_id = str(chosen.meta.get("exec_id") or node.id)
            self._apply(node, chosen.outcome, exec_id)
        else:
            node.gate, node.gate_reason = self._decide(chosen, ctx)
            if node.gate == GATE_RUN:
                self._run(node, budget, tally)
            elif node.gate == GATE_TRUSTED:
                node.prediction = chosen.prediction
                self._trust(node)
            else:
                raise ValueError(f"gate {self.gate.name} answered {node.gate!r}")
        node.prediction = chosen.prediction
        node.candidates = [
            c.to_dict(with_code=i != selection.chosen_index)
            for i, c in enumerate(selection.candidates)
        ]
        predictions_after, wm_after = self._wm_counts()
        node.gen_time_s = sum(c.gen_time_s for c in selection.candidates)
        node.generations = tally.generations
        node.predictions = predictions_after - predictions_before
        node.wm_time_s = wm_after - wm_before
        node.real_runs = len(tally.runtimes)
        node.exec_time_s = float(sum(tally.runtimes))
        budget.step_exec_s = 0.0
        return node

    def _decide(self, chosen: Candidate, ctx: StepContext) -> tuple[str, str | None]:
        """The gate's verdict and, when the gate gives one, its reason."""
        explain = getattr(self.gate, "explain", None)
        if callable(explain):
            verdict, reason = explain(chosen, ctx)
            return str(verdict), reason
        return self.gate.decide(chosen, ctx), None

    def _wm_counts(self) -> tuple[int, float]:
        if self.world is None:
            return self._callback_predictions, 0.0
        return self.world.predictions, self.world.seconds

    def _predict_many(
        self, candidates: list[Candidate], stage: str, parent: Node | None, time_limit: float
    ) -> list[dict[str, Any] | None]:
        """Predictions in candidate order; a candidate without a program gets None."""
        codes = [None if c.error is not None or not c.code else c.code for c in candidates]
        if self.world is not None:
            return self.world.predict(codes, stage, parent, time_limit)
        if self.predict is None:
            raise ValueError("no world model: this run cannot predict")
        out: list[dict[str, Any] | None] = []
        for candidate, code in zip(candidates, codes, strict=True):
            if code is None:
                out.append(None)
                continue
            self._callback_predictions += 1
            out.append(self.predict(candidate))
        return out

    def _run_candidate(
        self, candidate: Candidate, tally: _StepTally, budget: Budget, action: Any, step: int
    ) -> dict[str, Any] | None:
        """A candidate run for real by the policy, under its own id; None without a program."""
        if candidate.outcome is not None:
            return candidate.outcome
        if candidate.error is not None or not candidate.code:
            return None
        exec_id = f"{tally.node_id}-c{tally.candidate_runs}"
        tally.candidate_runs += 1
        limit = min(tally.time_limit, budget.time_limit(self.time_limit_s, self.journal))
        outcome = self.execute(candidate.code, exec_id, limit)
        tally.runtimes.append(float(outcome.runtime_s))
        budget.step_exec_s += float(outcome.runtime_s)
        candidate.outcome = outcome.to_dict()
        candidate.meta["exec_id"] = exec_id
        if self.world is not None:
            self.world.observe(
                candidate.code,
                outcome,
                stage=action.stage,
                exec_id=exec_id,
                parent_id=action.parent.id if action.parent is not None else None,
                step=step,
                time_limit_s=tally.time_limit,
            )
        return candidate.outcome

    def _run(self, node: Node, budget: Budget, tally: _StepTally) -> None:
        # Runs of candidates earlier in the step may have cut what the budget has left.
        limit = min(tally.time_limit, budget.time_limit(self.time_limit_s, self.journal))
        outcome = self.execute(node.code, node.id, limit)
        tally.runtimes.append(float(outcome.runtime_s))
        budget.step_exec_s += float(outcome.runtime_s)
        self._apply(node, outcome.to_dict(), node.id)
        if self.world is not None:
            self.world.observe(
                node.code,
                outcome,
                stage=node.stage,
                exec_id=node.id,
                parent_id=node.parent_id,
                step=node.step,
                time_limit_s=node.time_limit_s,
            )

    def _apply(self, node: Node, outcome: dict[str, Any], exec_id: str) -> None:
        """The node's real outcome (executed under `exec_id`), its metric and its submission."""
        node.outcome = outcome
        node.metric = clean_metric(outcome.get("metric"))
        node.is_buggy = Outcome.from_dict(outcome).is_buggy or node.metric is None
        node.executed = True
        node.exec_id = exec_id
        kept = Path(SUBMISSIONS_DIR) / f"{exec_id}.csv"
        node.submission_file = str(kept) if (self.run_dir / kept).is_file() else None

    def _trust(self, node: Node) -> None:
        """The prediction stands in as the outcome: ranked by it, never submitted."""
        prediction = node.prediction or {}
        node.metric = clean_metric(prediction.get("metric"))
        node.is_buggy = (
            prediction.get("exc_type") != "None"
            or not prediction.get("submission")
            or node.metric is None
        )
        node.submission_file = None


def _remembered(node: Node) -> Node | dict[str, Any]:
    """A node as the prompt's memory shows it: a trusted one says its result was predicted."""
    if not node.predicted_only:
        return node
    return {
        "stage": node.stage,
        "plan": node.plan,
        "metric": node.metric,
        "is_buggy": node.is_buggy,
        "exc_type": node.exc_type,
        "summary": "predicted by the world model, not run",
    }


@dataclass
class _StepTally:
    """What one step spends: code-model draws and the runtimes of its real executions."""

    node_id: str
    time_limit: float
    generations: int = 0
    candidate_runs: int = 0
    runtimes: list[float] = field(default_factory=list)
