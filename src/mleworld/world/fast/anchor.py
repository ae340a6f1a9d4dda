"""Where a metric prediction starts: the anchor, the task's metric scale, and the other candidates.

Metrics live on each task's own scale (an AUC near 0.9, an RMSE near 55), so
the metric head never predicts a raw number: it predicts an offset from an
anchor in units of the task's metric spread. The anchor is the steadiest
guess available without a model: the parent's metric (an improve step
changes one thing: on held-out programs with a parent metric it is within 5%
of the child's about nine times in ten), else the task's median metric among
programs of the same model family, else the task's median, else (a task
training never saw) what the task's reference solution of the program's model
family scores (references.py), else the similarity-weighted metric of the
nearest programs of the task that reported one, else the median of tasks with
the same metric name. (Without a parent,
the family median beats the task median, and both beat the nearest
programs' metric on held-out programs, which by construction have no near
copy in training.) The other candidates
go to the head relative to the anchor, so it can learn when to trust which.

This module owns that arithmetic; the statistics come from neighbours.py and
features.TaskStats.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from mleworld.world.fast.features import TaskStats
from mleworld.world.fast.heads import METRIC_EXTRA
from mleworld.world.fast.neighbours import stat

KIND_PARENT, KIND_NEIGHBOURS, KIND_TASK, KIND_METRIC_NAME, KIND_FAMILY = 0, 1, 2, 3, 4
# Training rows are all of seen tasks, so the metric head never learns an offset for this kind.
KIND_REFERENCE = 5


def metric_anchor(
    parent_metric: float | None,
    neighbours: np.ndarray,
    stats: TaskStats | None,
    metric_name: str | None,
    by_metric_name: Mapping[str, float],
    family: str = "none",
    reference: float = math.nan,
) -> tuple[float, float, np.ndarray]:
    """(anchor, scale, extra features in METRIC_EXTRA order); anchor NaN when nothing is known.

    `reference`: the task's reference score for the program's family (NaN: none).
    """
    nb = stat(neighbours, "nb_metric")
    nb_top = stat(neighbours, "nb_metric_top")
    median = stats.metric_median if stats is not None else math.nan
    family_median = stats.family_metric.get(family, math.nan) if stats is not None else math.nan
    by_name = by_metric_name.get(metric_name or "", math.nan)
    parent = (
        math.nan if parent_metric is None or not math.isfinite(parent_metric) else parent_metric
    )
    candidates = (
        (KIND_PARENT, parent),
        (KIND_FAMILY, family_median),
        (KIND_TASK, median),
        (KIND_REFERENCE, reference),
        (KIND_NEIGHBOURS, nb),
        (KIND_METRIC_NAME, by_name),
    )
    kind, anchor = next(((k, v) for k, v in candidates if math.isfinite(v)), (math.nan, math.nan))
    if not math.isfinite(anchor):
        return math.nan, math.nan, np.full(len(METRIC_EXTRA), np.nan)
    scale = (
        stats.metric_scale if stats is not None and math.isfinite(stats.metric_scale) else math.nan
    )
    if not math.isfinite(scale) or scale <= 0:
        scale = max(0.05 * abs(anchor), 1e-6)

    def rel(value: float) -> float:
        return (value - anchor) / scale if math.isfinite(value) else math.nan

    spread = stat(neighbours, "nb_metric_spread")
    extra = np.array(
        [
            float(kind),
            math.log10(abs(anchor) + 1e-9),
            rel(parent),
            rel(nb),
            rel(nb_top),
            rel(median),
            rel(family_median),
            stat(neighbours, "nb_metric_sim"),
            spread / scale if math.isfinite(spread) else math.nan,
            stat(neighbours, "nb_metric_count"),
            scale / (abs(anchor) + 1e-9),
        ],
        dtype=np.float64,
    )
    return anchor, scale, extra
