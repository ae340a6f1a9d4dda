"""The grid of an experiment: its arms, its trials, and the order they run in.

An arm is one way of searching (policy, gate, candidates per step, and the knobs
a sweep varies: beta, the gate's gammas, p_run). A trial is one arm on one task
with one seed: one full agent run. The spec (`GridSpec`) holds what every trial
shares (budgets, defect rate) and is what `--resume` reads back.

Order: trials are listed seed by seed, task by task, and within each task x
seed round-robin over the arms, so whatever slows the machine down hits every
arm alike and a grid stopped early has the arms filled in evenly. Arms named in
`first` (the main comparisons) run their whole grid before the other arms start.

Not here: running a trial (trial.py), scheduling them (runner.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from mleworld.errors import ConfigError

# What users type for --gate, and the gate each names (search.GATES).
GATE_ALIASES = {"on": "confidence", "off": "always", "random": "random"}
# Policies that read no prediction: the confidence or random gate has nothing to act on,
# so they only run ungated (one arm instead of identical copies).
UNGATED_ONLY = ("none", "bon-real")
UNBOUNDED_STEPS = 1_000_000  # a time or execution budget alone decides when a trial ends
DEFAULT_CANDIDATES = 4


@dataclass(frozen=True)
class Arm:
    """One search setting; `name` is its folder under trials/ and its row in the results."""

    policy: str
    gate: str
    candidates: int = 1
    beta: float | None = None  # ucb only
    gamma_success: float | None = None  # confidence gate only
    gamma_failure: float | None = None
    p_run: float | None = None  # random gate only

    @property
    def name(self) -> str:
        parts = [self.policy, self.gate]
        if self.policy != "none" and self.candidates != DEFAULT_CANDIDATES:
            parts.append(f"n{self.candidates}")
        for label, value in (
            ("beta", self.beta),
            ("gs", self.gamma_success),
            ("gf", self.gamma_failure),
            ("prun", self.p_run),
        ):
            if value is not None:
                parts.append(f"{label}{value:g}")
        return "_".join(parts)

    def search_config(self) -> dict[str, Any]:
        """The `search:` part of the trial's RunConfig."""
        out: dict[str, Any] = {
            "policy": self.policy,
            "gate": self.gate,
            "num_candidates": self.candidates,
        }
        for key in ("beta", "gamma_success", "gamma_failure", "p_run"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out

    def to_dict(self) -> dict[str, Any]:
        return asdict(self) | {"name": self.name}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Arm:
        return cls(**{k: v for k, v in data.items() if k != "name"})


@dataclass(frozen=True)
class Trial:
    arm: Arm
    task: str
    seed: int

    @property
    def key(self) -> str:
        return f"{self.arm.name}/{Path(self.task).name}/seed{self.seed}"


@dataclass(frozen=True)
class GridSpec:
    """Everything that defines an experiment's trials; stored as experiment.json."""

    tasks: tuple[str, ...]
    arms: tuple[Arm, ...]
    seeds: tuple[int, ...]
    steps: int
    time_budget_s: float | None = None
    exec_budget_s: float | None = None
    defect_rate: float = 0.5
    time_limit_s: float | None = None
    first: tuple[str, ...] = ()  # policies whose arms run their whole grid first
    extra_config: dict[str, Any] = field(default_factory=dict)  # merged into every RunConfig

    def trials(self) -> list[Trial]:
        early = [a for a in self.arms if a.policy in self.first]
        late = [a for a in self.arms if a.policy not in self.first]
        out: list[Trial] = []
        for group in (early, late):
            for seed in self.seeds:
                for task in self.tasks:
                    out.extend(Trial(arm, task, seed) for arm in group)
        return out

    def run_config(self, trial: Trial) -> dict[str, Any]:
        """The RunConfig mapping of one trial (validated by build_config in the trial)."""
        from mleworld.agent.config import merge

        base = {
            "task": trial.task,
            "seed": trial.seed,
            "search": trial.arm.search_config(),
            "agent": {
                "steps": self.steps,
                "time_budget_s": self.time_budget_s,
                "exec_budget_s": self.exec_budget_s,
            },
            "exec": {"time_limit_s": self.time_limit_s},
            "codegen": {"model": "builtin", "defect_rate": self.defect_rate},
        }
        return merge(base, self.extra_config)

    def shared(self) -> dict[str, Any]:
        """What every trial of the grid shares; a resume must not change it."""
        return {
            "steps": self.steps,
            "time_budget_s": self.time_budget_s,
            "exec_budget_s": self.exec_budget_s,
            "defect_rate": self.defect_rate,
            "time_limit_s": self.time_limit_s,
            "extra_config": self.extra_config,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema_version": 1,
            "tasks": list(self.tasks),
            "arms": [a.to_dict() for a in self.arms],
            "seeds": list(self.seeds),
            "first": list(self.first),
        } | self.shared()

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GridSpec:
        return cls(
            tasks=tuple(data["tasks"]),
            arms=tuple(Arm.from_dict(a) for a in data["arms"]),
            seeds=tuple(int(s) for s in data["seeds"]),
            steps=int(data["steps"]),
            time_budget_s=data.get("time_budget_s"),
            exec_budget_s=data.get("exec_budget_s"),
            defect_rate=float(data.get("defect_rate", 0.5)),
            time_limit_s=data.get("time_limit_s"),
            first=tuple(data.get("first", ())),
            extra_config=dict(data.get("extra_config") or {}),
        )


# --- parsing the command line's lists ----------------------------------------------


def split_list(text: str | Sequence[str] | None) -> list[str]:
    if text is None:
        return []
    items = text.split(",") if isinstance(text, str) else list(text)
    return list(dict.fromkeys(i.strip() for i in items if i.strip()))


def resolve_tasks(spec: str) -> list[str]:
    """Suite names from "suite"/"all" or a list of suite names and task directories."""
    from mleworld.tasks.suite import suite_names

    names = suite_names()
    wanted = split_list(spec)
    if wanted in (["suite"], ["all"]):
        return names
    out = []
    for item in wanted:
        if item in names:
            out.append(item)
        elif Path(item).expanduser().is_dir() and (Path(item).expanduser() / "task.yaml").is_file():
            out.append(str(Path(item).expanduser().resolve()))
        else:
            raise ConfigError(
                f"unknown task {item!r} in --tasks; use suite, task directories, or suite names: "
                f"{', '.join(names)}"
            )
    if not out:
        raise ConfigError("--tasks names no task; pass suite or a comma-separated list")
    return out


def resolve_policies(spec: str) -> list[str]:
    from mleworld.agent.search import POLICIES

    wanted = split_list(spec)
    unknown = [p for p in wanted if p not in POLICIES]
    if unknown or not wanted:
        raise ConfigError(
            f"unknown policy {', '.join(unknown) or '(none given)'} in --policies; "
            f"choose from: {', '.join(sorted(POLICIES))}"
        )
    return wanted


def resolve_gates(spec: str) -> list[str]:
    from mleworld.agent.search import GATES

    out = []
    for item in split_list(spec):
        gate = GATE_ALIASES.get(item, item)
        if gate not in GATES:
            known = sorted(set(GATE_ALIASES) | set(GATES))
            raise ConfigError(
                f"unknown gate {item!r} in --gate; choose from: {', '.join(known)}"
                + (
                    f" (gate {gate!r} is not registered in this install)"
                    if item in GATE_ALIASES
                    else ""
                )
            )
        out.append(gate)
    if not out:
        raise ConfigError("--gate names no gate; pass e.g. on,off")
    return list(dict.fromkeys(out))


def parse_seeds(spec: str) -> list[int]:
    """ "3" -> seeds 0, 1, 2; "34,35,36" -> those seeds."""
    items = split_list(spec)
    try:
        values = [int(i) for i in items]
    except ValueError:
        raise ConfigError(
            f"--seeds {spec!r} is not a count or a list of integers; pass e.g. 3 or 34,35,36"
        ) from None
    if len(values) == 1 and "," not in spec:
        if values[0] < 1:
            raise ConfigError(f"--seeds {spec} must be at least 1")
        return list(range(values[0]))
    if not values or any(v < 0 for v in values):
        raise ConfigError(f"--seeds {spec!r} must list seeds of 0 or more")
    return values


def parse_floats(spec: str | None, flag: str, low: float, high: float) -> list[float | None]:
    """A sweep's values; [None] (the run's default) when the flag is not given."""
    if spec is None:
        return [None]
    values: list[float | None] = []
    for item in split_list(spec):
        try:
            value = float(item)
        except ValueError:
            raise ConfigError(f"{flag} value {item!r} is not a number; pass e.g. 0.5") from None
        if not math.isfinite(value) or not low <= value <= high:
            raise ConfigError(f"{flag} value {item} is outside {low:g}..{high:g}")
        values.append(value)
    if not values:
        raise ConfigError(f"{flag} names no value; pass e.g. 0.5")
    return values


def build_arms(
    policies: Sequence[str],
    gates: Sequence[str],
    *,
    candidates: int = DEFAULT_CANDIDATES,
    betas: Sequence[float | None] = (None,),
    gammas_success: Sequence[float | None] = (None,),
    gammas_failure: Sequence[float | None] = (None,),
    p_runs: Sequence[float | None] = (None,),
    random_policies: Sequence[str] | None = None,
) -> list[Arm]:
    """Policies x gates, with the sweeps crossed in where they apply.

    `none` and `bon-real` get one ungated arm. The beta sweep applies to ucb, the
    gammas to the confidence gate, p_run to the random gate; `random_policies`
    (default: all) limits which policies the random gate is crossed with.
    """
    if candidates < 1:
        raise ConfigError(f"--candidates {candidates} must be at least 1")
    arms: list[Arm] = []
    for policy in policies:
        if policy in UNGATED_ONLY:
            n = 1 if policy == "none" else candidates
            arms.append(Arm(policy, "always", n))
            continue
        for gate in gates:
            if gate == "random" and random_policies is not None and policy not in random_policies:
                continue
            for beta in betas if policy == "ucb" else (None,):
                gs_values = gammas_success if gate == "confidence" else (None,)
                gf_values = gammas_failure if gate == "confidence" else (None,)
                for gs in gs_values:
                    for gf in gf_values:
                        for p_run in p_runs if gate == "random" else (None,):
                            arms.append(Arm(policy, gate, candidates, beta, gs, gf, p_run))
    unique = list(dict.fromkeys(arms))
    if not unique:
        raise ConfigError("the grid has no arm; check --policies and --gate")
    return unique
