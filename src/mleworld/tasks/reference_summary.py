"""What a factory task's task.yaml records about its reference ladder.

The factory (reference.py) fits the reference solutions, scores them on the
hidden test set and builds `private/leaderboard.csv`; it also writes this
summary under the `reference_ladder` key of task.yaml: the team count, every
reference's score, which one is the constant prediction and which the
strongest, the test-set bootstrap standard error of a strong submission's
score (`score_se`: the median over the strongest reference and the strong
references the crowd starts from) and the best possible score. Grading reads it for the normalised score
((score - constant) / (strongest - constant): 0 is the constant prediction, 1
the strongest reference, above 1 better than every reference, so it never
saturates); `task overview` prints it. A task without the key (an imported
MLE-bench task, or one built before the key existed) has no summary.

This module owns the record and its YAML round trip. It does not fit, score
or place anything (reference.py, reference_shape.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mleworld.errors import TaskError

if TYPE_CHECKING:
    from mleworld.tasks.task import Task

__all__ = ["KEY", "LadderSummary"]

KEY = "reference_ladder"
CONSTANT = "constant-train-prior"


@dataclass(frozen=True)
class LadderSummary:
    """A reference ladder's size, its references' test scores and its anchors."""

    teams: int
    strongest: str
    score_se: float
    best_possible: float | None
    references: dict[str, float] = field(default_factory=dict)  # name -> test score
    off_ladder: tuple[str, ...] = ()  # references scoring worse than the constant

    @property
    def constant(self) -> float:
        return self.references[CONSTANT]

    @property
    def strongest_score(self) -> float:
        return self.references[self.strongest]

    def normalized(self, score: float | None) -> float | None:
        """(score - constant) / (strongest - constant); None when the two coincide."""
        if score is None:
            return None
        span = self.strongest_score - self.constant
        if span == 0:
            return None
        return float((score - self.constant) / span)

    def to_yaml(self) -> dict[str, Any]:
        return {
            "teams": int(self.teams),
            "strongest": self.strongest,
            "score_se": float(self.score_se),
            "best_possible": None if self.best_possible is None else float(self.best_possible),
            "references": {k: float(v) for k, v in self.references.items()},
            "off_ladder": list(self.off_ladder),
        }

    @classmethod
    def from_yaml(cls, data: Any) -> LadderSummary:
        try:
            references = {str(k): float(v) for k, v in dict(data["references"]).items()}
            summary = cls(
                teams=int(data["teams"]),
                strongest=str(data["strongest"]),
                score_se=float(data["score_se"]),
                best_possible=None
                if data.get("best_possible") is None
                else float(data["best_possible"]),
                references=references,
                off_ladder=tuple(str(n) for n in data.get("off_ladder") or ()),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise TaskError(
                f"task.yaml's {KEY} entry is malformed ({type(exc).__name__}: {exc}); "
                "rebuild the task with `mleworld task create`"
            ) from None
        if CONSTANT not in references or summary.strongest not in references:
            raise TaskError(
                f"task.yaml's {KEY} entry lacks the constant or the strongest reference's "
                "score; rebuild the task with `mleworld task create`"
            )
        return summary

    @classmethod
    def of(cls, task: Task) -> LadderSummary | None:
        """The task's summary, or None when its task.yaml has none."""
        data = task.extra.get(KEY)
        return None if data is None else cls.from_yaml(data)
