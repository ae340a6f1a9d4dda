"""What static analysis reports: one `Finding` per predicted failure, and the `StaticReport`.

A finding is a prediction that a program will raise a given exception at a given
line, with the text Python would print for it, the evidence, and how sure the
detector is. The report holds every finding, whether the program writes its
submission, and numeric signals a learned model reads. This module owns these
two types and the rule that picks the finding that stops the program first;
the detectors live in their own modules.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

DETECTORS: tuple[str, ...] = (
    "syntax",
    "imports",
    "names",
    "module_attrs",
    "kwargs",
    "files",
    "columns",
    "params",
    "dtypes",
    "positions",
    "boosters",
    "reductions",
    "lengths",
    "offsets",
    "computed",
    "arrays",
    "scalars",
    "fit_failures",
    "features_in",
    "json",
    "unfitted",
    "submission",
)

# A fatal finding below this confidence is a hint, not a prediction: `first_fatal` skips it.
FATAL_CONFIDENCE = 0.5


@dataclass
class Finding:
    """One thing the program will do wrong, as Python would report it."""

    exc_type: str  # the class Python raises ("KeyError"); "None" for a non-fatal fact
    message: str  # the text Python prints after the traceback: its last line
    # (several lines only when the exception's own message has several)
    line: int | None  # 1-based line in the program where it happens
    detector: str  # one of DETECTORS
    evidence: str  # the source line (stripped) or a short reason
    confidence: float  # 0..1: how sure the detector is that this really happens
    fatal: bool = True  # False for facts that are not an exception
    reached_at: int | None = None  # the module-level line whose execution reaches it
    # (the call of the function it sits in); None when unknown

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def order_line(self) -> int:
        """Where execution meets this finding: the calling line, else its own line."""
        if self.reached_at is not None:
            return self.reached_at
        return self.line if self.line is not None else 1 << 30


@dataclass
class StaticReport:
    """Everything static analysis found in one program."""

    findings: list[Finding]  # sorted by line, None last
    writes_submission: bool | None  # writes ./submission/submission.csv (None: can't tell)
    signals: dict[str, float] = field(default_factory=dict)
    # Execution order of the findings (indices into `findings`), set by the analyzer.
    order: list[int] = field(default_factory=list, repr=False)
    # Every model fit the program asks for (world/runtime/costs.py Fit), in walk order.
    work: list[Any] = field(default_factory=list, repr=False)
    # Indices into `findings` of those the walk met after a write of the submission that
    # surely runs: such a crash leaves ./submission/submission.csv behind.
    after_submission: list[int] = field(default_factory=list, repr=False)
    # Numbers the program prints that analysis computed from the real input files, by the
    # printed expression's position (line, column, end line, end column): `len(FEATS)`,
    # `y.mean()`. The predicted output prints these instead of guessing (world/terminal/).
    printed: dict[tuple[int, int, int, int], Any] = field(default_factory=dict, repr=False)
    # Set when a step of the analysis itself failed (its error); the walk stopped there.
    failure: str | None = None

    def leaves_submission(self, finding: Finding | None) -> bool:
        """Whether the run, stopped by `finding`, has already written its submission."""
        return finding is not None and any(
            self.findings[i] is finding for i in self.after_submission
        )

    @property
    def first_fatal(self) -> Finding | None:
        """The fatal finding that would stop the program first.

        Execution order is the order the analysis walked the program in (module
        statements top to bottom, a function's body where it is called); a
        finding in code the walk never reached counts at its own line. Findings
        under FATAL_CONFIDENCE are hints and never chosen.
        """
        ranked = self.order or list(range(len(self.findings)))
        for index in ranked:
            finding = self.findings[index]
            if finding.fatal and finding.confidence >= FATAL_CONFIDENCE:
                return finding
        return None

    def to_dict(self) -> dict[str, Any]:
        first = self.first_fatal
        return {
            "findings": [f.to_dict() for f in self.findings],
            "writes_submission": self.writes_submission,
            "signals": dict(self.signals),
            "first_fatal": first.to_dict() if first is not None else None,
            "failure": self.failure,
        }
