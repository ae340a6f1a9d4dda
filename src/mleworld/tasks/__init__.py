"""Tasks in MLE-bench's layout: loading, metrics, grading, leaderboard rank,
the task factory and validation, the data overview and the bundled suite."""

from mleworld.tasks.metrics import METRICS, Metric, get_metric
from mleworld.tasks.task import Task, load_task

__all__ = ["METRICS", "Metric", "Task", "get_metric", "load_task"]
