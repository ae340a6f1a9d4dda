"""What a world model is asked (Query) and what it answers (Prediction), and the protocol.

DESIGN.md "Prediction": every backend returns the exception class with its
distribution over the vocabulary, p_max, p_clean, the uncertainty 1 - p_max,
the terminal output, metric, submission flag and runtime it predicts, its name
and how long it took.

A `Query` is the world-model input x (format.WorldInput) plus what a search
knows around it: the task, the stage, the data folder the program will see as
./input/ (static analysis reads the real files), and the parent node's program
and observed outcome when the program is a debug or an improve step.

This module owns these three types only. Backends live in their own modules;
`registry.py` names them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from mleworld.errors import MleWorldError
from mleworld.execution.parsing import parse_metric
from mleworld.world.format import WorldInput, decode_float, encode_float
from mleworld.world.vocab import CLEAN


@dataclass
class Parent:
    """The node a debug or improve step starts from, as the agent observed it."""

    program: str
    exc_type: str | None = None
    metric: float | None = None
    term_out: str = ""
    runtime_s: float | None = None


@dataclass
class Query:
    """One program to predict, with its context."""

    x: WorldInput
    task_id: str = ""
    stage: str = "draft"  # draft | improve | debug
    data_dir: Path | None = None  # the folder the program sees as ./input/ (a task's public/)
    parent: Parent | None = None
    metric_name: str | None = None  # the task's metric (e.g. auc), when known
    lower_is_better: bool | None = None


@dataclass
class Prediction:
    """A world model's answer for one program.

    `metric` is the validation score the backend predicts; when it gives none,
    it is the score its predicted terminal output shows, read by the same
    parser the executor applies to real output (execution.parsing.parse_metric),
    so a prediction reports what its own output prints.
    """

    exc_type: str
    exc_probs: dict[str, float] | None = (
        None  # sums to 1 over the vocabulary; None: no distribution
    )
    term_out: str = ""
    metric: float | None = None
    submission: bool | None = None
    runtime_s: float | None = None
    backend: str = ""
    latency_ms: float = 0.0
    evidence: list[dict[str, Any]] = field(
        default_factory=list
    )  # why (static findings, neighbours)

    def __post_init__(self) -> None:
        if self.exc_probs is not None:
            total = sum(self.exc_probs.values())
            if not self.exc_probs or not math.isfinite(total) or total <= 0:
                raise MleWorldError(
                    f"{self.backend or 'world model'} gave no usable class probabilities; "
                    "each must be a finite non-negative number"
                )
            self.exc_probs = {k: float(v) / total for k, v in self.exc_probs.items()}
        if self.metric is None and self.term_out:
            self.metric, _ = parse_metric(self.term_out)

    @property
    def p_max(self) -> float | None:
        return max(self.exc_probs.values()) if self.exc_probs else None

    @property
    def p_clean(self) -> float | None:
        return self.exc_probs.get(CLEAN, 0.0) if self.exc_probs else None

    @property
    def uncertainty(self) -> float | None:
        p = self.p_max
        return None if p is None else 1.0 - p

    @property
    def is_clean(self) -> bool:
        return self.exc_type == CLEAN

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["metric"] = encode_float(self.metric)
        data["p_max"] = self.p_max
        data["p_clean"] = self.p_clean
        data["uncertainty"] = self.uncertainty
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Prediction:
        if not isinstance(data, Mapping) or not isinstance(data.get("exc_type"), str):
            raise MleWorldError(
                "a prediction needs an 'exc_type' string such as 'None' or 'KeyError'"
            )
        probs = data.get("exc_probs")
        return cls(
            exc_type=data["exc_type"],
            exc_probs=None if probs is None else {str(k): float(v) for k, v in probs.items()},
            term_out=str(data.get("term_out") or ""),
            metric=decode_float(data.get("metric")),
            submission=None if data.get("submission") is None else bool(data["submission"]),
            runtime_s=None if data.get("runtime_s") is None else float(data["runtime_s"]),
            backend=str(data.get("backend") or ""),
            latency_ms=float(data.get("latency_ms") or 0.0),
            evidence=list(data.get("evidence") or []),
        )


@runtime_checkable
class WorldModel(Protocol):
    """A backend: predicts outcomes of programs without running them."""

    name: str

    def predict_batch(self, queries: Sequence[Query]) -> list[Prediction]:
        """One prediction per query, in order; each carries its own latency_ms."""
        ...

    def observe(self, record: Any) -> None:
        """Learn from one real execution (a corpus Record); a backend may ignore it."""
        ...
