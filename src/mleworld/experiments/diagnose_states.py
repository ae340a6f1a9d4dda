"""Fixed task states for the diagnostics (appendix P): sampled from recorded runs.

A state is one step of a recorded run as it stood before the step: the journal
up to it, the action the run took there (stage and parent), and the run's own
config (task, seed, code model, time limit). States are drawn k per (task,
stage) with a seeded RNG from the steps of every run given, without reading
what those steps produced.

`rebuild` turns a state back into what a step needs: the task, the journal
prefix, the step's code request (the same prompt the run's agent wrote), and a
StepContext whose `generate` asks the run's code model.

Not here: what is done with a state (diagnose.py).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mleworld.agent.config import CONFIG_FILE
from mleworld.agent.journal import JOURNAL_FILE, Journal, load_journal
from mleworld.errors import ConfigError

STAGES = ("draft", "debug", "improve")


@dataclass(frozen=True)
class State:
    run_dir: str
    task: str
    step: int
    stage: str
    parent_id: str | None

    @property
    def key(self) -> str:
        return f"{Path(self.run_dir).name}@{self.step}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "run_dir": self.run_dir,
            "task": self.task,
            "step": self.step,
            "stage": self.stage,
            "parent_id": self.parent_id,
        }


def _run_dirs(paths: Sequence[Path]) -> list[Path]:
    """Run directories among `paths`: each one itself, or any run below it (an experiment)."""
    out: list[Path] = []
    for path in paths:
        if not path.is_dir():
            raise ConfigError(f"--runs {path} is not a directory; pass run or experiment dirs")
        if (path / JOURNAL_FILE).is_file() and (path / CONFIG_FILE).is_file():
            out.append(path)
            continue
        found = sorted(
            p.parent for p in path.rglob(JOURNAL_FILE) if (p.parent / CONFIG_FILE).is_file()
        )
        if not found:
            raise ConfigError(f"--runs {path} holds no mleworld run (journal.jsonl + config.yaml)")
        out.extend(found)
    return list(dict.fromkeys(out))


def sample_states(paths: Sequence[Path], per_task_stage: int, seed: int = 0) -> list[State]:
    """k states per (task, stage) over every step of the runs, in a seeded shuffle."""
    from mleworld.agent.config import load_config

    if per_task_stage < 1:
        raise ConfigError(f"--states-per-task-stage {per_task_stage} must be at least 1")
    pools: dict[tuple[str, str], list[State]] = defaultdict(list)
    for run_dir in _run_dirs(paths):
        config = load_config(run_dir)
        task = str(config.task)
        journal = load_journal(run_dir / JOURNAL_FILE, lower_is_better=False)
        for node in journal:
            if node.stage in STAGES:
                pools[(task, node.stage)].append(
                    State(str(run_dir.resolve()), task, node.step, node.stage, node.parent_id)
                )
    rng = random.Random(seed)
    states: list[State] = []
    for key in sorted(pools):
        pool = pools[key]
        rng.shuffle(pool)
        states.extend(sorted(pool[:per_task_stage], key=lambda s: (s.run_dir, s.step)))
    return states


@dataclass
class Rebuilt:
    task: Any
    config: Any
    journal: Journal
    agent: Any  # agent.step.Agent over the journal prefix
    ctx: Any  # agent.search.StepContext of the step
    time_limit_s: float


def rebuild(state: State, num_candidates: int, execute: Any) -> Rebuilt:
    """The step as the run's agent saw it, ready to draw candidates from."""
    from mleworld.agent.budget import derive_seed
    from mleworld.agent.config import load_config
    from mleworld.agent.loop import default_code_model
    from mleworld.agent.search import Action, StepContext, get_gate, get_policy
    from mleworld.agent.step import Agent
    from mleworld.tasks.suite import resolve_task

    run_dir = Path(state.run_dir)
    config = load_config(run_dir)
    task = resolve_task(config.task)
    full = load_journal(run_dir / JOURNAL_FILE, task.is_lower_better)
    journal = Journal(task.is_lower_better)
    for node in full.nodes[: state.step]:
        node.parent, node.children = None, []
        journal.append(node)
    agent = Agent(
        config,
        task,
        journal,
        default_code_model(config),
        execute,
        get_policy("none"),
        get_gate("always"),
        run_dir,
    )
    parent = journal[state.parent_id] if state.parent_id else None
    time_limit = agent.time_limit_s
    request = agent.request(state.step, state.stage, parent, time_limit)
    ctx = StepContext(
        step=state.step,
        action=Action(state.stage, parent),
        journal=journal,
        task=task,
        request=request,
        rng=random.Random(derive_seed(config.seed, state.step, "diagnose")),
        generate=agent.generate,
        num_candidates=num_candidates,
        code_model=agent.code_model,
        search=config.search,
    )
    return Rebuilt(task, config, journal, agent, ctx, time_limit)
