"""One node of the search tree, and the direction-aware metric value it is ranked by.

A node is one program the agent wrote at one step: its stage, parent, plan and
code, what the policy saw (the predictions of all candidates of its step), what
the gate decided, and the real outcome when it ran. Nodes are plain dataclasses
with a JSON round-trip; tree facts (children, debug depth) are derived from the
parent links the journal sets. Storing nodes is journal.py's job.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields
from functools import total_ordering
from typing import Any, ClassVar

from mleworld.execution.outcome import Outcome
from mleworld.typecheck import check_fields, fits, shown

SCHEMA_VERSION = 1
STAGES = ("draft", "improve", "debug")
GATE_RUN = "run"
GATE_TRUSTED = "trusted"


@total_ordering
@dataclass(frozen=True)
class MetricValue:
    """A validation score that compares by quality, not size: `a > b` means a is better.

    `value=None` is the worst-value sentinel (a buggy node): it loses to every real value.
    Comparing values of opposite directions is a programming error.
    """

    value: float | None
    lower_is_better: bool

    def __post_init__(self) -> None:
        if self.value is not None:
            number = float(self.value)
            object.__setattr__(self, "value", number if math.isfinite(number) else None)

    @classmethod
    def worst(cls, lower_is_better: bool) -> MetricValue:
        return cls(None, lower_is_better)

    @property
    def is_worst(self) -> bool:
        return self.value is None

    def _check(self, other: object) -> MetricValue:
        if not isinstance(other, MetricValue):
            raise TypeError(f"cannot compare MetricValue with {type(other).__name__}")
        if other.lower_is_better != self.lower_is_better:
            raise ValueError("cannot compare metric values of opposite directions")
        return other

    def __gt__(self, other: object) -> bool:
        other = self._check(other)
        if self.value is None:
            return False
        if other.value is None:
            return True
        return self.value < other.value if self.lower_is_better else self.value > other.value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MetricValue):
            return NotImplemented
        return self.value == other.value and self.lower_is_better == other.lower_is_better

    def __hash__(self) -> int:
        return hash((self.value, self.lower_is_better))

    def __str__(self) -> str:
        arrow = "↓" if self.lower_is_better else "↑"
        return f"{arrow}{'—' if self.value is None else f'{self.value:.6g}'}"


def clean_metric(value: Any) -> float | None:
    """A finite float, or None for a missing, NaN or infinite metric."""
    if value is None or isinstance(value, bool):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


@dataclass(eq=False)
class Node:
    """One program of the search tree (DESIGN.md "Journal")."""

    id: str
    step: int
    stage: str  # "draft" | "improve" | "debug"
    parent_id: str | None = None
    plan: str = ""
    code: str = ""
    outcome: dict[str, Any] | None = None  # Outcome.to_dict() of the real run (or the model error)
    metric: float | None = None  # the validation score the node is ranked by
    is_buggy: bool = True
    created_at: float = 0.0  # unix time the node was recorded
    exec_time_s: float = 0.0  # real execution time spent on this node
    gen_time_s: float = 0.0  # time the code model took
    run_elapsed_s: float = 0.0  # active wall time of the run when this node was recorded
    time_limit_s: float | None = None  # the limit the program ran (or would run) under
    error: str | None = None  # the code model's error when it gave no usable program
    submission_file: str | None = None  # relative to the run dir, when a submission was kept
    # What later issues fill (world model + test-time-scaling policies + the gate).
    candidates: list[dict[str, Any]] = field(default_factory=list)  # every candidate of the step
    policy: str = "none"
    chosen_index: int | None = 0
    gate: str | None = GATE_RUN  # "run" | "trusted" | None
    prediction: dict[str, Any] | None = None  # the world model's prediction for this program
    executed: bool = False  # ran for real (False: model error, or the gate trusted a prediction)
    gate_reason: str | None = None  # why the gate ran or trusted the chosen program
    exec_id: str | None = None  # the id the chosen program ran under (its submission's name)
    # The step's accounting: code-model draws, world-model predictions and their time,
    # real executions (the chosen program and any candidate a policy ran; exec_time_s sums them).
    generations: int = 0
    predictions: int = 0
    wm_time_s: float = 0.0
    real_runs: int = 0
    schema_version: int = SCHEMA_VERSION
    # Tree links, set by the journal; never serialized.
    parent: Node | None = field(default=None, repr=False, compare=False)
    children: list[Node] = field(default_factory=list, repr=False, compare=False)

    _LINKS: ClassVar[tuple[str, ...]] = ("parent", "children")

    def __post_init__(self) -> None:
        if self.stage not in STAGES:
            raise ValueError(f"node stage {self.stage!r} is not one of {', '.join(STAGES)}")

    # --- derived facts -------------------------------------------------------
    @property
    def stage_name(self) -> str:
        """The stage the tree shape implies (AIDE): root = draft, buggy parent = debug."""
        if self.parent is None:
            return "draft"
        return "debug" if self.parent.is_buggy else "improve"

    @property
    def is_leaf(self) -> bool:
        return not self.children

    @property
    def debug_depth(self) -> int:
        """Consecutive debug steps above and including this node (0 for non-debug nodes)."""
        if self.stage != "debug":
            return 0
        return 1 + (self.parent.debug_depth if self.parent is not None else 0)

    @property
    def verified(self) -> bool:
        """Executed for real and not buggy: clean exit, a metric, a valid submission."""
        return self.executed and not self.is_buggy and self.metric is not None

    @property
    def term_out(self) -> str:
        """What the next prompt sees: the real output, else the predicted one, else the error."""
        if self.outcome is not None:
            return str(self.outcome.get("term_out", ""))
        if self.prediction is not None:
            return str(self.prediction.get("term_out") or "")
        return self.error or ""

    @property
    def exc_type(self) -> str | None:
        if self.outcome is not None:
            return self.outcome.get("exc_type")
        if self.prediction is not None:
            return self.prediction.get("exc_type")
        if self.error is not None:
            return self.error.split(":", 1)[0]
        return None

    @property
    def status(self) -> str:
        """One word for reports: clean, buggy, timeout, error (model), trusted."""
        if self.error is not None and not self.executed:
            return "error"
        if not self.executed and self.gate == GATE_TRUSTED:
            return "trusted"
        if self.outcome is not None and self.outcome.get("timed_out"):
            return "timeout"
        return "buggy" if self.is_buggy else "clean"

    @property
    def predicted_only(self) -> bool:
        """The gate trusted the prediction: the node's outcome is predicted, never observed."""
        return self.gate == GATE_TRUSTED and not self.executed

    @property
    def policy_reason(self) -> str | None:
        """Why the policy chose this program (its `meta["reason"]`), when it said."""
        if self.chosen_index is None or not 0 <= self.chosen_index < len(self.candidates):
            return None
        reason = (self.candidates[self.chosen_index].get("meta") or {}).get("reason")
        return None if reason is None else str(reason)

    def real_run_list(self) -> list[tuple[str, str, dict[str, Any]]]:
        """(exec id, program, Outcome.to_dict()) of every real execution of this step, in the
        order they ran: the candidates a policy ran (ids `<node id>-c<k>`), then the chosen
        program when the gate ran it (id = the node id)."""
        runs: list[tuple[int, str, str, dict[str, Any]]] = []
        for index, candidate in enumerate(self.candidates):
            outcome = candidate.get("outcome")
            exec_id = (candidate.get("meta") or {}).get("exec_id")
            if outcome is None or not exec_id:
                continue
            code = self.code if index == self.chosen_index else str(candidate.get("code") or "")
            order = int(str(exec_id).rsplit("-c", 1)[-1]) if "-c" in str(exec_id) else index
            runs.append((order, str(exec_id), code, outcome))
        out = [(exec_id, code, outcome) for _, exec_id, code, outcome in sorted(runs)]
        if self.executed and self.outcome is not None and self.exec_id in (None, self.id):
            out.append((self.id, self.code, self.outcome))
        return out

    def outcome_record(self) -> Outcome | None:
        return Outcome.from_dict(self.outcome) if self.outcome is not None else None

    def metric_value(self, lower_is_better: bool) -> MetricValue:
        return MetricValue(None if self.is_buggy else self.metric, lower_is_better)

    # --- JSON round-trip ------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name not in self._LINKS}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Node:
        """A node from its JSON form; ValueError naming the field when one has the wrong type
        or the node was written by another schema version."""
        if not isinstance(data, dict):
            raise ValueError(f"a node is a JSON object, not {type(data).__name__}")
        version = data.get("schema_version", SCHEMA_VERSION)
        if version != SCHEMA_VERSION or isinstance(version, bool):
            raise SchemaVersionError(
                f"the node was written by schema version {shown(version)}; this mleworld "
                f"reads {SCHEMA_VERSION}"
            )
        names = {f.name for f in fields(cls)} - set(cls._LINKS)
        known = {k: v for k, v in data.items() if k in names}
        check_fields(cls, known, "node")
        if known.get("outcome") is not None:
            check_fields(Outcome, known["outcome"], "outcome")
        prediction = known.get("prediction")
        if prediction is not None:
            for key in ("exc_type", "term_out"):
                if not fits(prediction.get(key), str | None):
                    raise ValueError(f"prediction.{key} is {shown(prediction.get(key))}")
        return cls(**known)


class SchemaVersionError(ValueError):
    """A node written by a schema version this code does not read."""
