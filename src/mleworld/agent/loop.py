"""The agent run: the step loop, its budgets, resume, and the run directory it fills.

One step (step.py: choose an action, let the step policy draw and pick a
candidate, let the gate decide, execute or trust) gives one node, appended to
`journal.jsonl` before the next step starts. Every random choice of step t comes
from an RNG derived from (seed, t) (budget.py), and a resumed run replays its real
runs to the world model first, so it continues exactly where an uninterrupted
one would be. The run loads its world model once (world_model.py).

Run directory::

    config.yaml          the resolved RunConfig (all --resume needs)
    journal.jsonl        one node per line, append-only
    submissions/<id>.csv the submission each real run wrote (<node id>-c<k>: a candidate's)
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
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mleworld.agent.budget import MIN_EXEC_S, Budget, derive_seed, node_id_for
from mleworld.agent.config import RunConfig, load_config, save_config
from mleworld.agent.journal import JOURNAL_FILE, append_node, load_journal
from mleworld.agent.progress import Progress, QuietProgress
from mleworld.agent.report import (
    SUBMISSIONS_DIR,
    finalize,
    write_best,
)
from mleworld.agent.search import get_gate, get_policy
from mleworld.agent.step import Agent, Execute, Predict
from mleworld.agent.world_model import (
    NO_WORLD_MODEL,
    RunWorldModel,
    load_world_model,
    resolve_name,
    run_facts,
)
from mleworld.codegen.base import CodeModel
from mleworld.errors import ConfigError
from mleworld.execution.outcome import Outcome
from mleworld.files import atomic_copy, atomic_write_text

# Names other modules import from here, now defined in budget.py and step.py.
__all__ = [
    "MIN_EXEC_S",
    "Agent",
    "Budget",
    "Execute",
    "Predict",
    "derive_seed",
    "node_id_for",
    "start",
    "resume",
    "check_config",
    "default_code_model",
]

CONTEXT_FILE = "context.json"
WORKSPACES_DIR = ".workspaces"


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
        opts = {"seed": config.seed, "defect_rate": cg.defect_rate, "defect_kinds": cg.defect_kinds}
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
        atomic_write_text(path, json.dumps(context, indent=2) + "\n")


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
