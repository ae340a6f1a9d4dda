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

from mleworld.agent.accounting import live_line
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
from mleworld.agent.world_model import (
    NO_WORLD_MODEL,
    RunWorldModel,
    load_world_model,
    resolve_name,
    run_facts,
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
    step_exec_s: float = 0.0  # real execution of the step in flight (not yet in the journal)

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
        return self.exec_budget_s - self.exec_time_s(journal) - self.step_exec_s

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
            search=live_line(journal.nodes),
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
        budget.step_exec_s = 0.0
        time_limit = budget.time_limit(self.time_limit_s, self.journal)
        tally = _StepTally(node_id_for(self.task.id, self.config.seed, step), time_limit)
        predictions_before, wm_before = self._wm_counts()

        def generate(request: CodeRequest) -> Candidate:
            tally.generations += 1
            return self.generate(request)

        def predict_many(candidates: list[Candidate]) -> list[dict[str, Any] | None]:
            return self._predict_many(candidates, action.stage, action.parent, time_limit)

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


@dataclass
class _StepTally:
    """What one step spends: code-model draws and the runtimes of its real executions."""

    node_id: str
    time_limit: float
    generations: int = 0
    candidate_runs: int = 0
    runtimes: list[float] = field(default_factory=list)


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
        raise ConfigError(
            "policy none draws one candidate per step; drop --candidates "
            "(num_candidates) or choose a policy that compares them, e.g. --policy bon"
        )
    policy = get_policy(search.policy)  # unknown names fail before any work is done
    gate = get_gate(search.gate)
    resolve_name(search.world_model, policy, gate)


def resolved(config: RunConfig) -> RunConfig:
    """The config with its world model named (`fast` or `none` when left to the default)."""
    search = config.search
    name = resolve_name(search.world_model, get_policy(search.policy), get_gate(search.gate))
    return config.model_copy(update={"search": search.model_copy(update={"world_model": name})})


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
    world_model: Any | None = None,
) -> dict[str, Any]:
    """Begin a new run in `run_dir` (which must be new or empty) and run it to its budget.

    `world_model` is a backend to use instead of loading the one the config names."""
    check_config(config)
    config = resolved(config)
    if run_dir.exists() and any(run_dir.iterdir()):
        raise ConfigError(
            f"run directory {run_dir} is not empty; continue it with --resume {run_dir} "
            "or pass a new --out"
        )
    task = _resolve_task(config.task)
    if Path(config.task).is_dir():  # a suite name stays a name: it re-prepares anywhere
        config = config.model_copy(update={"task": str(Path(config.task).resolve())})
    model = code_model or default_code_model(config)
    backend = world_model or _backend(config, task, predict)
    run_dir.mkdir(parents=True, exist_ok=True)
    return _drive(config, task, run_dir, model, execute, predict, progress, backend)


def resume(
    run_dir: Path,
    *,
    overrides: dict[str, Any] | None = None,
    code_model: CodeModel | None = None,
    execute: Execute | None = None,
    predict: Predict | None = None,
    progress: Progress | None = None,
    world_model: Any | None = None,
) -> dict[str, Any]:
    """Continue the run in `run_dir` with its own config; `overrides` may raise its budgets."""
    from mleworld.agent.config import build_config, merge

    config = load_config(run_dir)
    if overrides:
        config = build_config(merge(config.model_dump(mode="json"), overrides), "--resume")
        check_config(config)
    config = resolved(config)
    task = _resolve_task(config.task)
    model = code_model or default_code_model(config)
    backend = world_model or _backend(config, task, predict)
    return _drive(config, task, run_dir, model, execute, predict, progress, backend)


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
    world_model: Any | None = None,
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
        agent.world = _world(config, task, run_dir, agent, world_model)
        if agent.world is not None:
            agent.world.replay(journal)
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


def _backend(config: RunConfig, task: Any, predict: Predict | None) -> Any | None:
    """The backend the config names, loaded once per session (a bad name fails before any
    work); a bare `predict` callback (tests) stands in for one that is not loaded."""
    name = config.search.world_model
    if predict is not None or name in (None, NO_WORLD_MODEL):
        return None
    return load_world_model(str(name), task.id)


def _world(
    config: RunConfig,
    task: Any,
    run_dir: Path,
    agent: Agent,
    backend: Any | None,
) -> RunWorldModel | None:
    """The run's world model around its backend (None: the run has none)."""
    if backend is None:
        return None
    return RunWorldModel(
        backend,
        task,
        agent.overview(),
        run_facts(config, task),
        run_dir.name,
        observe=config.search.observe,
    )


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
