"""The agent run: the step loop, its budgets, resume, and the run directory it fills.

One step = choose an action (search.choose_action), let the step policy draw and
pick a candidate, let the gate decide, execute (the executor is a callback), and
append the node to `journal.jsonl` before the next step starts. Every random
choice of step t comes from an RNG derived from (seed, t), so a resumed run
continues exactly where an uninterrupted one would be.

Run directory::

    config.yaml          the resolved RunConfig (all --resume needs)
    journal.jsonl        one node per line, append-only
    submissions/<id>.csv the submission each executed node wrote
    best_solution.py     the best verified node's program
    submission.csv       the best verified node's submission
    grade.json           grade_file(...).to_dict() when the task has private answers
    report.html          the tree, every node, the metric over time
    run.json             the run summary: steps, best metric, budgets used
    context.json         the data overview and packages every program saw (world-model input)

This module does not write prompts (codegen), run programs (execution), or
write the report and results (report.py).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mleworld.agent.config import RunConfig, load_config, save_config
from mleworld.agent.journal import JOURNAL_FILE, Journal, append_node, load_journal
from mleworld.agent.node import GATE_RUN, GATE_TRUSTED, Node, clean_metric
from mleworld.agent.progress import Progress, QuietProgress, Snapshot
from mleworld.agent.report import (
    SUBMISSIONS_DIR,
    atomic_copy,
    atomic_write,
    finalize,
    write_best,
)
from mleworld.agent.search import (
    Candidate,
    Gate,
    Policy,
    StepContext,
    choose_action,
    get_gate,
    get_policy,
)
from mleworld.codegen.base import CodeModel, CodeRequest
from mleworld.errors import ConfigError, MleWorldError
from mleworld.execution.outcome import Outcome

CONTEXT_FILE = "context.json"
WORKSPACES_DIR = ".workspaces"
MIN_EXEC_S = 1.0  # a step needs at least this much budget left to start

# (program, node_id, time_limit_s) -> Outcome. It keeps the program's submission
# as submissions/<node_id>.csv in the run directory when there is one.
Execute = Callable[[str, str, float], Outcome]
Predict = Callable[[Candidate], dict[str, Any]]


def derive_seed(seed: int, step: int, purpose: str) -> int:
    """A 31-bit seed for one purpose at one step; independent of any global RNG state."""
    digest = hashlib.sha256(f"{seed}:{step}:{purpose}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def node_id_for(task_id: str, seed: int, step: int) -> str:
    return hashlib.sha256(f"{task_id}:{seed}:{step}".encode()).hexdigest()[:12]


# --- the default executor: the sandbox ---------------------------------------------


class SandboxExecute:
    """Runs each program in the sandbox and keeps its submission in the run directory.

    Workspaces live in RUN_DIR/.workspaces/ while a program runs, so what a killed
    run leaves behind is swept by the next session instead of littering /tmp: the
    files, and any sandbox still running in them (an agent killed while bubblewrap
    was setting up leaves its inner PID 1 and the program behind; see
    processes.kill_strays). The run's lock makes every process there a stray.
    """

    def __init__(
        self, task: Any, run_dir: Path, memory_mb: int | None, threads: int | None
    ) -> None:
        self.task = task
        self.submissions = run_dir / SUBMISSIONS_DIR
        self.workspaces = run_dir / WORKSPACES_DIR
        self.memory_mb = memory_mb
        self.threads = threads
        self.sweep()

    def sweep(self) -> None:
        from mleworld.execution.processes import kill_strays
        from mleworld.execution.sandbox import RUN_ID_VAR
        from mleworld.execution.workspace import remove_tree

        kill_strays(self.workspaces, RUN_ID_VAR)
        if self.workspaces.exists():
            remove_tree(self.workspaces)

    def __call__(self, program: str, node_id: str, time_limit_s: float) -> Outcome:
        from mleworld.execution.sandbox import Limits, execute
        from mleworld.execution.workspace import remove_tree

        limits = Limits(time_limit_s=time_limit_s, memory_mb=self.memory_mb, threads=self.threads)
        workspace = self.workspaces / node_id
        if workspace.exists():
            remove_tree(workspace)
        try:
            outcome = execute(
                program, self.task, limits=limits, keep_workspace=True, workspace=workspace
            )
            written = workspace / "submission" / "submission.csv"
            if written.is_file():
                self.submissions.mkdir(parents=True, exist_ok=True)
                atomic_copy(written, self.submissions / f"{node_id}.csv")
        finally:
            self.sweep()
        return outcome


# --- budgets -----------------------------------------------------------------------


@dataclass
class Budget:
    """Steps, active wall time and real execution time: limits and what is used."""

    steps: int
    time_budget_s: float | None
    exec_budget_s: float | None
    wall_offset_s: float = 0.0  # active time of earlier sessions of this run
    started: float = field(default_factory=time.monotonic)

    def wall_time_s(self) -> float:
        return self.wall_offset_s + time.monotonic() - self.started

    @staticmethod
    def exec_time_s(journal: Journal) -> float:
        return sum(node.exec_time_s for node in journal)

    def time_left_s(self) -> float | None:
        return None if self.time_budget_s is None else self.time_budget_s - self.wall_time_s()

    def exec_left_s(self, journal: Journal) -> float | None:
        if self.exec_budget_s is None:
            return None
        return self.exec_budget_s - self.exec_time_s(journal)

    def stop_reason(self, journal: Journal) -> str | None:
        if len(journal) >= self.steps:
            return "steps"
        left = self.time_left_s()
        if left is not None and left < MIN_EXEC_S:
            return "time_budget"
        left = self.exec_left_s(journal)
        if left is not None and left < MIN_EXEC_S:
            return "exec_budget"
        return None

    def time_limit(self, task_limit_s: float, journal: Journal) -> float:
        """The task's limit, cut to what the budgets have left, so a run ends on time."""
        limits = [task_limit_s, self.time_left_s(), self.exec_left_s(journal)]
        return max(MIN_EXEC_S, min(x for x in limits if x is not None))

    def snapshot(self, journal: Journal, stage: str = "") -> Snapshot:
        best = journal.best_node()
        executed = [n for n in journal if n.executed]
        return Snapshot(
            step=len(journal),
            steps_total=self.steps,
            stage=stage,
            best_metric=best.metric if best else None,
            lower_is_better=journal.lower_is_better,
            exec_time_s=self.exec_time_s(journal),
            wall_time_s=self.wall_time_s(),
            time_left_s=self.time_left_s(),
            executed=len(executed),
            buggy=sum(n.is_buggy for n in executed),
        )


# --- one step ----------------------------------------------------------------------


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
    ) -> None:
        self.config = config
        self.run_dir = run_dir
        self.task = task
        self.journal = journal
        self.code_model = code_model
        self.execute = execute
        self.policy = policy
        self.gate = gate
        self.predict = predict
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
        earlier = [] if stage == "debug" else [n for n in self.journal if n.code]
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
            extra={"step": step, "parent_metric": parent.metric if parent else None},
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
        time_limit = budget.time_limit(self.time_limit_s, self.journal)
        ctx = StepContext(
            step=step,
            action=action,
            journal=self.journal,
            task=self.task,
            request=self.request(step, action.stage, action.parent, time_limit),
            rng=rng,
            generate=self.generate,
            predict=self.predict,
            num_candidates=self.config.search.num_candidates,
        )
        selection = self.policy.propose(ctx)
        chosen = selection.chosen
        node = Node(
            id=node_id_for(self.task.id, self.config.seed, step),
            step=step,
            stage=action.stage,
            parent_id=action.parent.id if action.parent is not None else None,
            plan=chosen.plan,
            code=chosen.code,
            gen_time_s=sum(c.gen_time_s for c in selection.candidates),
            candidates=[
                c.to_dict(with_code=i != selection.chosen_index)
                for i, c in enumerate(selection.candidates)
            ],
            policy=self.policy.name,
            chosen_index=selection.chosen_index,
            prediction=chosen.prediction,
            time_limit_s=time_limit,
        )
        if chosen.error is not None:
            node.error, node.gate = chosen.error, None
        else:
            node.gate = self.gate.decide(chosen, ctx)
            if node.gate == GATE_RUN:
                self._run(node, time_limit)
            elif node.gate == GATE_TRUSTED:
                self._trust(node)
            else:
                raise ValueError(f"gate {self.gate.name} answered {node.gate!r}")
        return node

    def _run(self, node: Node, time_limit: float) -> None:
        outcome = self.execute(node.code, node.id, time_limit)
        node.outcome = outcome.to_dict()
        node.metric = clean_metric(outcome.metric)
        node.is_buggy = outcome.is_buggy or node.metric is None
        node.exec_time_s = float(outcome.runtime_s)
        node.executed = True
        kept = Path(SUBMISSIONS_DIR) / f"{node.id}.csv"
        node.submission_file = str(kept) if (self.run_dir / kept).is_file() else None

    def _trust(self, node: Node) -> None:
        prediction = node.prediction or {}
        node.metric = clean_metric(prediction.get("metric"))
        node.is_buggy = (
            prediction.get("exc_type") != "None"
            or not prediction.get("submission")
            or node.metric is None
        )


# --- the run -----------------------------------------------------------------------


@contextlib.contextmanager
def _locked(run_dir: Path) -> Iterator[None]:
    """One process per run directory at a time."""
    with open(run_dir / ".lock", "w") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ConfigError(
                f"{run_dir} is in use by another mleworld process; wait for it or use another --out"
            ) from None
        yield


def default_code_model(config: RunConfig) -> CodeModel:
    import os

    from mleworld.codegen.registry import get_code_model

    cg = config.codegen
    opts: dict[str, Any] = {}
    if cg.model == "builtin":
        opts = {"seed": config.seed, "defect_rate": cg.defect_rate}
    else:
        if cg.api_key_env:
            key = os.environ.get(cg.api_key_env)
            if not key:
                raise ConfigError(
                    f"environment variable {cg.api_key_env} is not set; export the API key there"
                )
            opts["api_key"] = key
        for name, value in (
            ("base_url", cg.base_url),
            ("timeout", cg.timeout_s),
            ("max_retries", cg.max_retries),
            ("temperature", cg.temperature),
        ):
            if value is not None:
                opts[name] = value
    return get_code_model(cg.model, **opts)


def check_config(config: RunConfig) -> None:
    """What the typed config alone cannot say: the parts must fit together."""
    search = config.search
    if search.policy == "none" and search.num_candidates != 1:
        raise ConfigError("policy none draws one candidate per step; set num_candidates to 1")
    get_policy(search.policy)  # unknown names fail before any work is done
    get_gate(search.gate)


def new_run_dir(task_name: str, root: Path = Path("runs")) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return root / f"{task_name}-{stamp}"


def start(
    config: RunConfig,
    run_dir: Path,
    *,
    code_model: CodeModel | None = None,
    execute: Execute | None = None,
    predict: Predict | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Begin a new run in `run_dir` (which must be new or empty) and run it to its budget."""
    check_config(config)
    if run_dir.exists() and any(run_dir.iterdir()):
        raise ConfigError(
            f"run directory {run_dir} is not empty; continue it with --resume {run_dir} "
            "or pass a new --out"
        )
    task = _resolve_task(config.task)
    if Path(config.task).is_dir():  # a suite name stays a name: it re-prepares anywhere
        config = config.model_copy(update={"task": str(Path(config.task).resolve())})
    model = code_model or default_code_model(config)
    run_dir.mkdir(parents=True, exist_ok=True)
    return _drive(config, task, run_dir, model, execute, predict, progress)


def resume(
    run_dir: Path,
    *,
    overrides: dict[str, Any] | None = None,
    code_model: CodeModel | None = None,
    execute: Execute | None = None,
    predict: Predict | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Continue the run in `run_dir` with its own config; `overrides` may raise its budgets."""
    from mleworld.agent.config import build_config, merge

    config = load_config(run_dir)
    if overrides:
        config = build_config(merge(config.model_dump(mode="json"), overrides), "--resume")
        check_config(config)
    task = _resolve_task(config.task)
    model = code_model or default_code_model(config)
    return _drive(config, task, run_dir, model, execute, predict, progress)


def _resolve_task(name_or_dir: str) -> Any:
    from mleworld.tasks.suite import resolve_task

    return resolve_task(name_or_dir)


def _drive(
    config: RunConfig,
    task: Any,
    run_dir: Path,
    code_model: CodeModel,
    execute: Execute | None,
    predict: Predict | None,
    progress: Progress | None,
) -> dict[str, Any]:
    progress = progress or QuietProgress()
    search = config.search
    with _locked(run_dir):
        save_config(config, run_dir)
        journal = load_journal(run_dir / JOURNAL_FILE, task.is_lower_better, repair=True)
        agent = Agent(
            config,
            task,
            journal,
            code_model,
            execute or SandboxExecute(task, run_dir, config.exec.memory_mb, config.exec.threads),
            get_policy(search.policy),
            get_gate(search.gate),
            run_dir,
            predict,
        )
        write_context(run_dir, agent)
        budget = Budget(
            steps=config.agent.steps,
            time_budget_s=config.agent.time_budget_s,
            exec_budget_s=config.agent.exec_budget_s,
            wall_offset_s=journal.nodes[-1].run_elapsed_s if len(journal) else 0.0,
        )
        progress.start(task.name or task.id, str(run_dir), journal, budget.snapshot(journal))
        stop_reason = "interrupted"
        try:
            stop_reason = _loop(agent, budget, progress)
        finally:
            summary = finalize(run_dir, config, task, journal, budget, stop_reason)
            progress.finish(summary)
    return summary


def write_context(run_dir: Path, agent: Agent) -> None:
    """context.json: the parts of a world-model input x that are fixed for the run
    (data overview, importable packages); each node adds its program and time limit."""
    path = run_dir / CONTEXT_FILE
    if not path.is_file():
        context = {"overview": agent.overview(), "packages": agent.packages()}
        atomic_write(path, json.dumps(context, indent=2) + "\n")


def _loop(agent: Agent, budget: Budget, progress: Progress) -> str:
    journal = agent.journal
    while (reason := budget.stop_reason(journal)) is None:
        node = agent.step(len(journal), budget, progress)
        node.created_at, node.run_elapsed_s = time.time(), budget.wall_time_s()
        append_node(agent.run_dir / JOURNAL_FILE, node)
        journal.append(node)
        if node.verified and journal.best_node() is node:
            write_best(agent.run_dir, journal)
        progress.step_done(node, budget.snapshot(journal, node.stage))
    return reason
