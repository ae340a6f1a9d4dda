"""Is confidence meaningful? Accuracy by p_max quintile (paper figure 7) and the
expected calibration error of the exception class.

Quintiles are equal-count groups of the programs ranked by p_max (ties broken
by holdout order, so heavy ties at p_max = 1 still give five groups of the
same size); each quintile's accuracy per field comes with a task-bootstrap SE.
The ECE bins p_max into equal-width bins and weighs each bin's |accuracy -
mean p_max| by its share of programs, for the exception class, the field p_max
is a probability of.

On a hundred programs the ECE is far from 0 even for a model whose p_max is
exactly the chance of being right: bins of a dozen programs miss their mean
by sampling alone. `ece_floor` measures that: the ECE of outcomes drawn as
Bernoulli(p_max) for the same confidences, averaged over draws (with its
90th percentile), so a reported ECE can be read against what perfect
calibration would show on a set of this size.

Not here: scoring one program (scoring.py), resampling (bootstrap.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from mleworld.evaluation.bootstrap import RESAMPLES, estimate, task_weights
from mleworld.evaluation.scoring import ProgramScore

__all__ = [
    "QUINTILE_FIELDS",
    "calibration",
    "ece_floor",
    "ece_text",
    "expected_calibration_error",
    "quintile_groups",
    "reliability",
]

QUINTILE_FIELDS: tuple[str, ...] = (
    "metric_within_5pct",
    "exception_class",
    "terminal_output",
    "crash_class",
    "submission",
)
ECE_BINS = 10
FLOOR_DRAWS = 1000


def quintile_groups(confidence: Sequence[float], groups: int = 5) -> list[np.ndarray]:
    """Indices of the programs in each of `groups` equal-count groups, lowest p_max first.

    Sizes differ by at most one; every index appears in exactly one group.
    With fewer programs than groups, the trailing groups are empty.
    """
    values = np.asarray(confidence, dtype=float)
    order = np.argsort(values, kind="stable")
    return [np.asarray(part, dtype=int) for part in np.array_split(order, groups)]


def reliability(
    confidence: Sequence[float], correct: Sequence[bool], bins: int = ECE_BINS
) -> list[dict[str, Any]]:
    """Equal-width bins over [0, 1]: programs, mean p_max and accuracy per non-empty bin."""
    conf = np.clip(np.asarray(confidence, dtype=float), 0.0, 1.0)
    right = np.asarray(correct, dtype=float)
    if conf.shape != right.shape:
        raise ValueError("confidence and correct must have the same length")
    # p_max = 1.0 falls in the last bin, not past it.
    index = np.minimum((conf * bins).astype(int), bins - 1)
    out: list[dict[str, Any]] = []
    for b in range(bins):
        members = index == b
        count = int(members.sum())
        if count:
            out.append(
                {
                    "low": b / bins,
                    "high": (b + 1) / bins,
                    "n": count,
                    "confidence": float(conf[members].mean()),
                    "accuracy": float(right[members].mean()),
                }
            )
    return out


def expected_calibration_error(
    confidence: Sequence[float], correct: Sequence[bool], bins: int = ECE_BINS
) -> float | None:
    """sum over bins of (share of programs) x |accuracy - mean confidence|; None when empty."""
    table = reliability(confidence, correct, bins)
    total = sum(row["n"] for row in table)
    if total == 0:
        return None
    return float(sum(row["n"] / total * abs(row["accuracy"] - row["confidence"]) for row in table))


def ece_floor(
    confidence: Sequence[float], *, draws: int = FLOOR_DRAWS, seed: int = 0
) -> dict[str, float] | None:
    """The ECE a perfectly calibrated model shows by chance on these confidences (module doc).

    `mean` and `p90` over `draws` sets of outcomes drawn as Bernoulli(p_max); None when empty.
    """
    conf = np.clip(np.asarray(confidence, dtype=float), 0.0, 1.0)
    if conf.size == 0:
        return None
    rng = np.random.default_rng(seed)
    eces = np.array(
        [expected_calibration_error(conf, rng.random(conf.size) < conf) for _ in range(draws)]
    )
    return {"mean": float(eces.mean()), "p90": float(np.quantile(eces, 0.9))}


def ece_text(calib: dict[str, Any]) -> str:
    """'ECE 0.135, floor 0.055 (p90 0.085)': a calibration result's ECE read against its floor."""
    ece, floor = calib.get("ece"), calib.get("ece_floor")
    text = f"ECE {'-' if ece is None else f'{ece:.3f}'}"
    if floor:
        text += f", floor {floor['mean']:.3f} (p90 {floor['p90']:.3f})"
    return text


def calibration(
    scores: Sequence[ProgramScore],
    *,
    resamples: int = RESAMPLES,
    seed: int = 0,
    fields: Sequence[str] = QUINTILE_FIELDS,
) -> dict[str, Any] | None:
    """Quintile accuracies (task-bootstrap SE), reliability bins and ECE for one model.

    None when the model gives no class distribution (no p_max) for any program.
    Programs without p_max are left out and counted.
    """
    rated = [s for s in scores if s.p_max is not None]
    if not rated:
        return None
    confidence = [float(s.p_max) for s in rated]  # type: ignore[arg-type]
    quintiles: list[dict[str, Any]] = []
    for number, members in enumerate(quintile_groups(confidence), start=1):
        group = [rated[i] for i in members]
        if not group:
            quintiles.append({"quintile": number, "n": 0, "fields": {}})
            continue
        weights = task_weights([s.task_id for s in group], resamples, seed=seed + number)
        p = np.array([confidence[i] for i in members])
        quintiles.append(
            {
                "quintile": number,
                "n": len(group),
                "p_max_min": float(p.min()),
                "p_max_max": float(p.max()),
                "p_max_mean": float(p.mean()),
                "fields": {
                    name: estimate([s.field(name) for s in group], weights).to_dict()
                    for name in fields
                },
            }
        )
    right = [s.exception_class for s in rated]
    return {
        "n": len(rated),
        "without_p_max": len(scores) - len(rated),
        "quintiles": quintiles,
        "ece": expected_calibration_error(confidence, right),
        "ece_floor": ece_floor(confidence, seed=seed),
        "ece_bins": ECE_BINS,
        "reliability": reliability(confidence, right),
    }
