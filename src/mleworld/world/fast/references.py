"""A new task's reference ladder as a metric anchor: what a model of the program's family scores.

A task training never saw has no runs to take a metric from, so the anchor
used to fall back on the median of other tasks with the same metric name: an
RMSE from another dataset, within 5% of no draft at all (leave-task-out on the
default corpus: 0 of the 122 drafts that reported one). A task the factory
built carries better evidence in its task.yaml: the scores of its reference
solutions (tasks/reference_summary.py), from a constant prediction through
linear models, k-NN, trees and forests to LightGBM, each fitted on the task's
training data and scored on its hidden test set: the aggregate scores its
leaderboard and `task overview` show, no answers. A draft mostly scores what a
reference of its own model family scores: with this anchor, drafts on tasks
training never saw are within 5% for 67% (dev half of the suite) and 55%
(test half), against 0% before (benchmarks/wm_unseen_task_metric.py).

This module owns finding a query's ladder (task.yaml beside the folder the
program reads as ./input/, the layout every task has) and choosing the
reference for a model family; anchor.py decides when it is the anchor.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from mleworld.errors import MleWorldError

# The reference solution (tasks/reference_models.py, reference_strong.py) closest to
# each model family's defaults (code.FAMILIES); other families take DEFAULT_REFERENCE.
FAMILY_REFERENCE: dict[str, str] = {
    "lgbm": "lightgbm",
    "xgb": "lightgbm",
    "catboost": "lightgbm",
    "gb": "lightgbm",
    "hist_gb": "hist-gbm-cv",
    "random_forest": "forest",
    "extra_trees": "extra-trees",
    "linear": "linear",
    "svm": "linear",
    "naive_bayes": "linear",
    "knn": "knn-10",
    "tree": "tree-depth-8",
}
DEFAULT_REFERENCE = "lightgbm"


def reference_score(references: Mapping[str, float] | None, family: str) -> float:
    """The score of the reference closest to `family`; NaN when the ladder lacks it (or is None)."""
    if not references:
        return math.nan
    value = references.get(FAMILY_REFERENCE.get(family, DEFAULT_REFERENCE))
    if value is None:
        value = references.get(DEFAULT_REFERENCE)
    return float(value) if value is not None and math.isfinite(value) else math.nan


def task_references(data_dir: Path | None, metric_name: str | None) -> dict[str, float] | None:
    """The reference scores of the task whose public folder is `data_dir`; None without a ladder.

    The task is the folder above `data_dir` when it holds a task.yaml. Its scores are used
    only when the query is scored by that task's metric (`metric_name`): a program whose
    task is not known (`predict` without `--task`) is not given another metric's scores. A
    task without a ladder (an imported MLE-bench task, a bare data folder) or whose
    task.yaml does not load gives None, so the anchor falls back as before.
    """
    if data_dir is None or metric_name is None:
        return None
    spec = Path(data_dir).parent / "task.yaml"
    try:
        stamp = spec.stat().st_mtime_ns
    except OSError:
        return None
    found = _read(str(spec.parent), stamp)
    if found is None or found[0] != metric_name:
        return None
    return found[1]


@lru_cache(maxsize=64)
def _read(task_dir: str, _stamp: int) -> tuple[str, dict[str, float]] | None:
    from mleworld.tasks.reference_summary import LadderSummary
    from mleworld.tasks.task import load_task

    try:
        task = load_task(task_dir)
        summary = LadderSummary.of(task)
    except MleWorldError:
        return None
    return None if summary is None else (task.metric, dict(summary.references))
