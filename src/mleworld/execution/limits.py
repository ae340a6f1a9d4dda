"""Resource limits for one real execution (the `Limits` record).

This module owns the record and its validation only; sandbox.py and isolation.py
apply the limits to a running program.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields
from typing import Any

from mleworld.errors import ConfigError
from mleworld.typecheck import check_fields


@dataclass(frozen=True)
class Limits:
    """What one program run may use.

    time_limit_s: wall clock; the program gets SIGINT at the limit (so it can print
        its KeyboardInterrupt traceback) and SIGKILL `grace_s` later.
    memory_mb: address-space limit (RLIMIT_AS) of every process of the run; None
        disables it. CUDA reserves huge virtual ranges, so GPU runs need None.
    threads: BLAS/OpenMP/joblib thread cap (OMP_NUM_THREADS and friends); None
        means an even share of the cores among the programs running on this
        machine when the run starts (execution/concurrency.py).
    file_size_mb: largest file the program may write (RLIMIT_FSIZE); None disables it.
    max_output_bytes: terminal output kept; beyond it the first and last halves are
        kept around an "[N bytes omitted]" marker line.
    network: allow network access (only enforced as "off" where the isolation
        mechanism can: bubblewrap always, Landlock for TCP).
    """

    time_limit_s: float = 600.0
    memory_mb: int | None = 4096
    threads: int | None = None
    file_size_mb: int | None = 1024
    grace_s: float = 5.0
    max_output_bytes: int = 2_000_000
    network: bool = False

    def __post_init__(self) -> None:
        if not self.time_limit_s > 0:
            raise ConfigError(f"time_limit_s is {self.time_limit_s}; use a positive number")
        if self.memory_mb is not None and self.memory_mb < 16:
            raise ConfigError(
                f"memory_mb is {self.memory_mb}; use at least 16 (or None for no limit)"
            )
        if self.threads is not None and self.threads < 1:
            raise ConfigError(
                f"threads is {self.threads}; use 1 or more (or None for a share of the cores)"
            )
        if self.file_size_mb is not None and self.file_size_mb < 1:
            raise ConfigError(f"file_size_mb is {self.file_size_mb}; use 1 or more (or None)")
        if self.grace_s < 0:
            raise ConfigError(f"grace_s is {self.grace_s}; use 0 or more seconds")
        if self.max_output_bytes < 256:
            raise ConfigError(f"max_output_bytes is {self.max_output_bytes}; use at least 256")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Limits:
        if not isinstance(data, dict):
            raise ConfigError("limits must be a mapping of limit names to values")
        names = {f.name for f in fields(cls)}
        unknown = sorted(str(k) for k in data if k not in names)
        if unknown:
            raise ConfigError(
                f"unknown limit(s) {', '.join(unknown)}; known: {', '.join(sorted(names))}"
            )
        # The checks below compare numbers: hold the values to the fields' types first.
        try:
            check_fields(cls, data, "limit")
        except ValueError as exc:
            raise ConfigError(f"{exc}; fix that limit") from None
        for name, value in data.items():
            if isinstance(value, float) and not math.isfinite(value):
                raise ConfigError(f"limit {name} is {value}; use a finite number")
        return cls(**data)
