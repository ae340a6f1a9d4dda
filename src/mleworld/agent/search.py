"""What the agent does next: AIDE's search policy, and the seam for step policies and the gate.

Two decisions are made each step:

1. `choose_action` (AIDE): which operator and which parent — draft a new root,
   debug a buggy leaf, or improve the best verified node.
2. A `Policy` turns that action into candidates and picks one, and a `Gate`
   decides whether the chosen program runs for real or its prediction stands in.
   Base AIDE is policy `none` (one candidate) with gate `always` (run it).

Later issues register world-model policies (bon, ucb, sequential, pairwise, fusion)
and the confidence gate in `POLICIES` / `GATES` by dotted path; the loop is unchanged.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from mleworld.agent.config import SearchConfig
from mleworld.agent.journal import Journal
from mleworld.agent.node import GATE_RUN, Node
from mleworld.codegen.base import CodeModel, CodeRequest
from mleworld.errors import ConfigError


@dataclass(frozen=True)
class Action:
    stage: str  # "draft" | "improve" | "debug"
    parent: Node | None


def choose_action(journal: Journal, cfg: SearchConfig, rng: random.Random) -> Action:
    """AIDE's policy over the journal.

    Draft until there are `num_drafts` roots. Then, with probability `debug_prob`,
    debug a buggy leaf that has been debugged fewer than `max_debug_depth` times in
    a row; otherwise improve the best verified node, or draft when none is verified.
    A node without a program (the code model gave none) has nothing to debug.
    """
    if len(journal.draft_nodes) < cfg.num_drafts:
        return Action("draft", None)
    if rng.random() < cfg.debug_prob:
        debuggable = [
            node
            for node in journal.buggy_nodes
            if node.is_leaf and node.code and node.debug_depth < cfg.max_debug_depth
        ]
        if debuggable:
            return Action("debug", rng.choice(debuggable))
    best = journal.best_node()
    if best is None:
        return Action("draft", None)
    return Action("improve", best)


# --- the step policy / gate seam ---------------------------------------------------


@dataclass
class Candidate:
    """One program the code model wrote for this step (or the error it gave instead)."""

    plan: str
    code: str
    gen_time_s: float = 0.0
    error: str | None = None  # the code model's error: there is no program to run
    prediction: dict[str, Any] | None = None  # the world model's prediction, when asked
    outcome: dict[str, Any] | None = None  # Outcome.to_dict() when the policy ran it for real
    meta: dict[str, Any] = field(default_factory=dict)

    def to_dict(self, with_code: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "gen_time_s": self.gen_time_s,
            "error": self.error,
            "prediction": self.prediction,
            "outcome": self.outcome,
            "meta": self.meta,
        }
        if with_code:
            data = {"plan": self.plan, "code": self.code} | data
        return data


@dataclass
class StepContext:
    """Everything a policy or gate may use at one step.

    `predict_many` predicts a list of candidates in one world-model batch (None: no
    world model) and returns Prediction.to_dict()s in order, None for a candidate
    without a program (a code-model error); the caller stores them on the candidates.
    `predict_against` does the same for candidates whose parent is not the step's
    parent but the given node (sequential's revisions, against a stand-in for the
    candidate they revise), queried as the given stage.
    `run` executes a candidate for real under the id `<node id>-c<k>`, sets its
    `outcome` and returns it (Outcome.to_dict(); None without a program); its time
    counts in the budgets and the chosen candidate, once run, is not run again;
    `code_model` answers the judges and writes fusions; `search` holds the knobs
    (beta, gammas, p_run).
    """

    step: int
    action: Action
    journal: Journal
    task: Any  # mleworld.tasks.Task
    request: CodeRequest  # the step's request; policies may copy and alter it
    rng: random.Random
    generate: Callable[[CodeRequest], Candidate]  # model errors come back as error candidates
    predict: Callable[[Candidate], dict[str, Any] | None] | None = None  # None: no world model
    num_candidates: int = 1
    predict_many: Callable[[list[Candidate]], list[dict[str, Any] | None]] | None = None
    predict_against: Callable[[list[Candidate], Node, str], list[dict[str, Any] | None]] | None = (
        None
    )
    run: Callable[[Candidate], dict[str, Any] | None] | None = None
    code_model: CodeModel | None = None
    search: SearchConfig = field(default_factory=SearchConfig)


@dataclass
class Selection:
    candidates: list[Candidate]
    chosen_index: int

    @property
    def chosen(self) -> Candidate:
        return self.candidates[self.chosen_index]


class Policy(Protocol):
    name: str

    def propose(self, ctx: StepContext) -> Selection:
        """Draw candidates for the step and pick one."""
        ...


class Gate(Protocol):
    name: str

    def decide(self, chosen: Candidate, ctx: StepContext) -> str:
        """ "run" to execute the chosen program for real, "trusted" to keep its prediction."""
        ...


class SingleCandidate:
    """Policy `none`: base AIDE writes one program per step."""

    name = "none"
    needs_world_model = False  # a run with policy none and gate always loads none

    def propose(self, ctx: StepContext) -> Selection:
        return Selection([ctx.generate(ctx.request)], 0)


class AlwaysRun:
    """Gate `always`: every chosen program runs for real."""

    name = "always"
    needs_world_model = False

    def decide(self, chosen: Candidate, ctx: StepContext) -> str:
        return GATE_RUN


# name -> "module:attribute"; imported only when asked for.
POLICIES: dict[str, str] = {
    "none": "mleworld.agent.search:SingleCandidate",
    "bon": "mleworld.agent.policies.greedy:BestOfN",
    "ucb": "mleworld.agent.policies.greedy:Ucb",
    "bon-real": "mleworld.agent.policies.greedy:BestOfNReal",
    "sequential": "mleworld.agent.policies.sequential:Sequential",
    "pairwise": "mleworld.agent.policies.judged:Pairwise",
    "fusion": "mleworld.agent.policies.judged:Fusion",
}
GATES: dict[str, str] = {
    "always": "mleworld.agent.gates:AlwaysGate",
    "confidence": "mleworld.agent.gates:ConfidenceGate",
    "random": "mleworld.agent.gates:RandomGate",
}


def _load(kind: str, table: dict[str, str], name: str, opts: dict[str, Any]) -> Any:
    if name not in table:
        raise ConfigError(f"unknown {kind} {name!r}; choose one of: {', '.join(sorted(table))}")
    module_name, attribute = table[name].split(":")
    factory = getattr(importlib.import_module(module_name), attribute)
    return factory(**opts)


def get_policy(name: str, **opts: Any) -> Policy:
    return _load("policy", POLICIES, name, opts)


def get_gate(name: str, **opts: Any) -> Gate:
    return _load("gate", GATES, name, opts)
