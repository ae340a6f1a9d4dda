"""The execution outcome (DESIGN.md "Execution outcome"): what a real run returns.

This module owns the record only. Running programs is sandbox.py's job, reading
the exception class and the metric out of terminal output is parsing.py's.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

SCHEMA_VERSION = 1
CLEAN = "None"
TIMEOUT = "TimeoutError"
MACHINE_FACTS = ("cores", "threads", "concurrent_runs", "load_1m")


@dataclass
class Outcome:
    exc_type: str  # "None" | exception class name as the traceback prints it | "TimeoutError"
    term_out: str  # combined stdout+stderr, in order (capped: first and last part kept)
    metric: float | None = None  # the validation score the program printed
    metric_line: str | None = None  # the line the metric was read from
    submission: bool = False  # ./submission/submission.csv exists after the run
    submission_valid: bool | None = None  # against sample_submission (None: not checked)
    submission_error: str | None = None
    runtime_s: float = 0.0
    timed_out: bool = False
    exit_code: int = 0
    # The machine while it ran: its cores, the thread cap the program had, the most
    # programs running on it at the program's start or end (itself included), the
    # 1-minute load average at the end. None in outcomes recorded before they were kept.
    cores: int | None = None
    threads: int | None = None
    concurrent_runs: int | None = None
    load_1m: float | None = None

    @property
    def is_clean(self) -> bool:
        return self.exc_type == CLEAN

    @property
    def is_buggy(self) -> bool:
        """AIDE's bug flag: a crash, a timeout, or no usable submission."""
        return not self.is_clean or not self.submission or self.submission_valid is False

    @property
    def load_per_core(self) -> float | None:
        """The load average per core at the end of the run (None when not recorded)."""
        if self.load_1m is None or not self.cores:
            return None
        return self.load_1m / self.cores

    def machine_facts(self) -> dict[str, Any]:
        """What the machine was doing during the run, the facts it has (for corpus records)."""
        facts = {name: getattr(self, name) for name in MACHINE_FACTS}
        return {name: value for name, value in facts.items() if value is not None}

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Outcome:
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})
