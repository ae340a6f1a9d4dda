"""From per-program scores to the numbers of Tables 1, 10, 11 and 12: per-field
accuracy with program-bootstrap SE, the same by stage, observed outcome and crash
type, parse rates, and prediction cost against real runtime.

Every model is scored on the same programs in the same order, so one set of
bootstrap weights per slice serves every model and field.

Not here: scoring one program (scoring.py), calibration and the gate trade-off
(calibration.py, gate_tradeoff.py), writing anything (report.py, plots.py).
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from mleworld.evaluation.bootstrap import RESAMPLES, estimate, program_weights
from mleworld.evaluation.scoring import FIELDS, OUTCOMES, ProgramScore
from mleworld.world.format import FIELDS as TARGET_FIELDS
from mleworld.world.prediction import Prediction

__all__ = [
    "CRASH_TYPES",
    "PARSE_EVIDENCE",
    "breakdown",
    "cost",
    "field_accuracies",
    "parse_rates",
    "slice_seed",
    "top_crash_classes",
]

CRASH_TYPES = 10  # Table 12 lists the ten most frequent observed crash classes
STAGE_ORDER: tuple[str, ...] = ("draft", "improve", "debug")
# A backend that parses free text reports what it read as an evidence item
# {"kind": "parse", "fields": [...], "complete": bool}; see parse_rates.
PARSE_EVIDENCE = "parse"


def slice_seed(seed: int, name: str) -> int:
    """A stable seed per slice, so a slice's SE does not depend on which other slices exist."""
    return (seed * 1_000_003 + zlib.crc32(name.encode())) % (2**32)


def field_accuracies(
    scores: Sequence[ProgramScore], weights: np.ndarray | None, fields: Sequence[str] = FIELDS
) -> dict[str, dict[str, Any]]:
    """{field: {accuracy, se, n}} over these programs."""
    return {name: estimate([s.field(name) for s in scores], weights).to_dict() for name in fields}


def top_crash_classes(observed: Sequence[ProgramScore], limit: int = CRASH_TYPES) -> list[str]:
    """The most frequent observed crash classes, most frequent first (ties by name)."""
    counts = Counter(s.observed_class for s in observed if s.outcome == "crash")
    return [cls for cls, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]]


def breakdown(
    scores_by_model: Mapping[str, Sequence[ProgramScore]],
    *,
    resamples: int = RESAMPLES,
    seed: int = 0,
) -> dict[str, dict[str, Any]]:
    """by_stage, by_outcome and by_crash_type: per slice, its n and every model's field accuracies."""
    if not scores_by_model:
        return {"by_stage": {}, "by_outcome": {}, "by_crash_type": {}}
    reference = next(iter(scores_by_model.values()))
    stages = [s for s in STAGE_ORDER if any(p.stage == s for p in reference)]
    stages += sorted({p.stage for p in reference} - set(STAGE_ORDER))
    groups: dict[str, dict[str, list[int]]] = {
        "by_stage": {st: [i for i, p in enumerate(reference) if p.stage == st] for st in stages},
        "by_outcome": {o: [i for i, p in enumerate(reference) if p.outcome == o] for o in OUTCOMES},
        "by_crash_type": {
            c: [
                i for i, p in enumerate(reference) if p.outcome == "crash" and p.observed_class == c
            ]
            for c in top_crash_classes(reference)
        },
    }
    out: dict[str, dict[str, Any]] = {}
    for table, slices in groups.items():
        out[table] = {}
        for name, index in slices.items():
            weights = program_weights(len(index), resamples, slice_seed(seed, f"{table}/{name}"))
            out[table][name] = {
                "n": len(index),
                "models": {
                    model: field_accuracies([scores[i] for i in index], weights)
                    for model, scores in scores_by_model.items()
                },
            }
    return out


def parse_rates(predictions: Sequence[Prediction]) -> dict[str, Any]:
    """Share of predictions holding each field of y (appendix G, Table 11).

    A backend that reads its answer out of free text reports what it found as
    an evidence item {"kind": "parse", "fields": [names], "complete": bool}; a
    prediction without one came from structured output and holds every field.
    """
    n = len(predictions)
    counts = dict.fromkeys((*TARGET_FIELDS, "complete"), 0)
    reported = 0
    for prediction in predictions:
        found = _parse_evidence(prediction)
        if found is None:
            for name in counts:
                counts[name] += 1
            continue
        reported += 1
        fields = {str(f) for f in found.get("fields") or ()}
        for name in TARGET_FIELDS:
            counts[name] += name in fields
        complete = found.get("complete")
        counts["complete"] += (
            bool(complete) if complete is not None else fields >= set(TARGET_FIELDS)
        )
    rates: dict[str, Any] = {name: (c / n if n else None) for name, c in counts.items()}
    rates["n"] = n
    rates["reported"] = reported
    return rates


def _parse_evidence(prediction: Prediction) -> Mapping[str, Any] | None:
    for item in prediction.evidence or ():
        if isinstance(item, Mapping) and item.get("kind") == PARSE_EVIDENCE:
            return item
    return None


def cost(scores: Sequence[ProgramScore], prediction_s: float) -> dict[str, Any]:
    """Latency per prediction (p50, p95, mean) and total prediction time vs the real runtime."""
    latency = np.array([s.latency_ms for s in scores], dtype=float)
    real = float(sum(s.runtime_s for s in scores))
    return {
        "latency_ms_p50": float(np.percentile(latency, 50)) if latency.size else None,
        "latency_ms_p95": float(np.percentile(latency, 95)) if latency.size else None,
        "latency_ms_mean": float(latency.mean()) if latency.size else None,
        "prediction_s_total": prediction_s,
        "real_runtime_s_total": real,
        "runtime_ratio": real / prediction_s if prediction_s > 0 else None,
    }
