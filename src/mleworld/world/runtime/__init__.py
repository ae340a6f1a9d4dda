"""Runtime from the work a program asks for: cost factors measured here, P(timeout) from the limit.

costs.py: estimator families and the work units of one fit; calibrate.py: seconds per
unit on this machine, cached under $MLEWORLD_HOME (`mleworld wm calibrate-runtime`
re-measures); forecast.py: the runtime of a program's fits (world/static/work.py
collects them) and the chance it passes a time limit.
"""

from mleworld.world.runtime.calibrate import Calibration, calibration
from mleworld.world.runtime.costs import Fit, family_of, units
from mleworld.world.runtime.forecast import RuntimeEstimate, estimate, p_over

__all__ = [
    "Calibration",
    "Fit",
    "RuntimeEstimate",
    "calibration",
    "estimate",
    "family_of",
    "p_over",
    "units",
]
