"""The run's world model: queries for candidates, timed predictions, and real outcomes fed back.

One `RunWorldModel` per run wraps a backend (world.registry names it). It builds
each candidate's query the way `mleworld predict` does (world.inputs), with the
run's data overview, the step's stage, the parent node as the agent saw it and
the time limit the program would run under; it counts predictions and the
seconds they took; and it hands every real execution to the backend's
`observe` as the corpus record `mleworld corpus ingest` would make of it, so
online learning sees the same data either way. Predictions are never observed.

Resuming a run replays the observations of its journal in the order they were
made, so the backend continues in the state an uninterrupted run would have.
"""

from __future__ import annotations

import time
from typing import Any

from mleworld.agent.journal import Journal
from mleworld.agent.node import Node
from mleworld.errors import ConfigError
from mleworld.execution.outcome import Outcome

NO_WORLD_MODEL = "none"


def needs_world_model(policy: Any, gate: Any) -> bool:
    """A policy or gate that predicts says so; the ones that never predict set it False."""
    return bool(
        getattr(policy, "needs_world_model", True) or getattr(gate, "needs_world_model", True)
    )


def resolve_name(name: str | None, policy: Any, gate: Any) -> str:
    """The world model a run uses: the one named, else `fast` when anything predicts."""
    from mleworld.world.registry import DEFAULT_WORLD_MODEL

    needed = needs_world_model(policy, gate)
    if name is None:
        return DEFAULT_WORLD_MODEL if needed else NO_WORLD_MODEL
    name = name.strip()
    if name == NO_WORLD_MODEL and needed:
        raise ConfigError(
            f"policy {policy.name} with gate {gate.name} predicts outcomes; pass a world model "
            f"such as --world-model {DEFAULT_WORLD_MODEL}, or use --policy none --gate always"
        )
    return name


def load_world_model(name: str, task_id: str) -> Any:
    from mleworld.world.registry import get_world_model

    return get_world_model(name, tasks=[task_id])


class RunWorldModel:
    """A backend bound to one run: it predicts candidates and learns from real runs."""

    def __init__(
        self,
        model: Any,
        task: Any,
        overview: str,
        facts: dict[str, Any],
        run_id: str,
        observe: bool = True,
    ) -> None:
        self.model = model
        self.task = task
        self.overview = overview
        self.facts = facts  # task_id, generator, seed, defect_rate, time_limit_s (ingest's facts)
        self.run_id = run_id
        self.observing = observe
        self.predictions = 0  # made so far in this session
        self.seconds = 0.0
        self.observed = 0

    @property
    def name(self) -> str:
        return str(getattr(self.model, "name", "world model"))

    def query(self, code: str, stage: str, parent: Node | None, time_limit_s: float) -> Any:
        from mleworld.world.inputs import query_for_program
        from mleworld.world.prediction import Parent

        seen = None
        if parent is not None:
            runtime = (parent.outcome or parent.prediction or {}).get("runtime_s")
            seen = Parent(
                program=parent.code,
                exc_type=parent.exc_type,
                metric=parent.metric,
                term_out=parent.term_out,
                runtime_s=None if runtime is None else float(runtime),
            )
        return query_for_program(
            code,
            task=self.task,
            time_limit_s=time_limit_s,
            stage=stage,
            parent=seen,
            overview=self.overview,
        )

    def predict(
        self, codes: list[str | None], stage: str, parent: Node | None, time_limit_s: float
    ) -> list[dict[str, Any] | None]:
        """One batch over the programs given; None (no program) stays None, unpredicted."""
        wanted = [i for i, code in enumerate(codes) if code]
        out: list[dict[str, Any] | None] = [None] * len(codes)
        if not wanted:
            return out
        started = time.perf_counter()
        queries = [self.query(str(codes[i]), stage, parent, time_limit_s) for i in wanted]
        predictions = self.model.predict_batch(queries)
        self.seconds += time.perf_counter() - started
        self.predictions += len(wanted)
        for i, prediction in zip(wanted, predictions, strict=True):
            out[i] = prediction.to_dict()
        return out

    def observe(
        self,
        code: str,
        outcome: Outcome,
        *,
        stage: str,
        exec_id: str,
        parent_id: str | None,
        step: int,
        time_limit_s: float | None,
    ) -> None:
        """Learn from one real execution (nothing when observing is off)."""
        if not self.observing:
            return
        from mleworld.corpus.ingest import execution_record

        record = execution_record(
            outcome,
            code,
            facts=self.facts,
            stage=stage,
            run_id=self.run_id,
            node_id=exec_id,
            parent_id=parent_id,
            step=step,
            time_limit_s=time_limit_s,
            overview=self.overview,
            packages=_packages(),
        )
        self.model.observe(record)
        self.observed += 1

    def observe_node(self, node: Node) -> None:
        for exec_id, code, outcome in node.real_run_list():
            self.observe(
                code,
                Outcome.from_dict(outcome),
                stage=node.stage,
                exec_id=exec_id,
                parent_id=node.parent_id,
                step=node.step,
                time_limit_s=node.time_limit_s,
            )

    def replay(self, journal: Journal) -> None:
        """Observe the real runs of a resumed journal, in the order the run made them.

        A backend that reads the task's data when it refits learns the data folder
        from its first prediction; one prediction first gives a replayed refit the
        folder a live one had.
        """
        if not self.observing or not any(node.real_run_list() for node in journal):
            return
        self.model.predict_batch([self.query("", "draft", None, float(self.task.time_limit_s))])
        for node in journal:
            self.observe_node(node)


def _packages() -> dict[str, str]:
    from mleworld.codegen.packages import installed_packages

    return installed_packages()


def run_facts(config: Any, task: Any) -> dict[str, Any]:
    """The facts corpus/ingest reads from a run's config, taken from the live config."""
    return {
        "task_id": str(task.id),
        "generator": config.codegen.model,
        "seed": config.seed,
        "defect_rate": config.codegen.defect_rate,
        "time_limit_s": config.exec.time_limit_s,
    }
