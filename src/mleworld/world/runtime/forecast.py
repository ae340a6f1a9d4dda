"""A program's runtime from the work it asks for, and the chance it overruns its time limit.

seconds = contention x (startup (the interpreter and its imports) + the sum over the
program's fits (world/static/work.py) of count x (CPU cost per unit of the family x units
+ cost per fit)), with the factors measured on this machine (calibrate.py). The estimate is read as the
median of a log-normal whose spread `SIGMA` was measured on the foreign development
half's real runtimes; P(timeout) = P(runtime > MARGIN x limit) follows from any time limit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mleworld.world.runtime.calibrate import Calibration, calibration
from mleworld.world.runtime.costs import Fit, units

SIGMA = 0.6  # spread of log(real / estimated runtime) on the foreign development half
# A timeout is predicted once the estimate passes twice the limit: fits on real tabular data
# run up to a few times faster than on the random reference data (ties cut the split search),
# and a false timeout costs a run that would have finished. On the default corpus a margin
# of 1 flags 1.9% of clean runs, 2 flags 0.2% and still 62% of the timeouts.
MARGIN = 2.0
_UNKNOWN_FAMILY_PER_UNIT = 5e-8


@dataclass
class RuntimeEstimate:
    seconds: float  # the median runtime
    work_s: float  # of which the fits
    p_timeout: float  # P(runtime > limit)
    limit_s: float
    fits: list[dict[str, Any]] = field(default_factory=list)  # the costliest fits, for evidence

    @property
    def summary(self) -> str:
        return (
            f"estimated runtime {self.seconds:.1f} s ({self.work_s:.1f} s of model fitting) "
            f"against a {self.limit_s:g} s limit: P(timeout) {self.p_timeout:.2f}"
        )


def fit_seconds(fit: Fit, calibration: Calibration) -> float:
    per_unit = calibration.per_unit.get(fit.family, _UNKNOWN_FAMILY_PER_UNIT)
    return fit.count * (per_unit * units(fit) + calibration.fit_overhead_s)


def p_over(seconds: float, limit_s: float, sigma: float = SIGMA) -> float:
    """P(a log-normal runtime with median `seconds` passes `limit_s`)."""
    if limit_s <= 0:
        return 1.0
    if seconds <= 0:
        return 0.0
    z = (math.log(limit_s) - math.log(seconds)) / sigma
    return 0.5 * math.erfc(z / math.sqrt(2.0))


def estimate(
    work: Sequence[Fit],
    limit_s: float,
    calibration: Calibration,
    *,
    before_line: int | None = None,
) -> RuntimeEstimate:
    """The runtime of `work`; `before_line`: count only fits reached before that module line."""
    kept = [
        f
        for f in work
        if before_line is None or f.order_line is None or f.order_line <= before_line
    ]
    timed = sorted(
        ((fit_seconds(f, calibration) * calibration.contention, f) for f in kept),
        key=lambda t: -t[0],
    )
    work_s = sum(s for s, _ in timed)
    seconds = calibration.startup_s * calibration.contention + work_s
    fits = [{**f.to_dict(), "seconds": round(s, 2)} for s, f in timed[:5]]
    p_timeout = p_over(seconds, MARGIN * limit_s)
    return RuntimeEstimate(seconds, work_s, p_timeout, float(limit_s), fits)


def for_report(report: Any, limit_s: float) -> RuntimeEstimate | None:
    """The estimate for a static report's fits up to its first fatal finding (None: no fits)."""
    work = list(getattr(report, "work", None) or [])
    if not work:
        return None
    first = getattr(report, "first_fatal", None)
    before = first.order_line if first is not None else None
    return estimate(work, limit_s, calibration(), before_line=before)


def evidence(found: RuntimeEstimate) -> dict[str, Any]:
    """The estimate as a prediction's evidence entry (shaped like a static finding's)."""
    return {
        "exc_type": "TimeoutError" if found.p_timeout >= 0.5 else "None",
        "message": found.summary,
        "line": found.fits[0]["line"] if found.fits else None,
        "detector": "runtime",
        "evidence": "; ".join(f"{f['label']}: {f['seconds']} s" for f in found.fits[:3]),
        "confidence": round(found.p_timeout, 4),
        "fatal": False,
        "reached_at": None,
        "runtime_s": round(found.seconds, 2),
        "fits": found.fits,
    }
