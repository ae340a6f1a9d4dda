"""The task record and its on-disk layout (DESIGN.md "Task").

A task is a directory::

    <task>/
      task.yaml         id, name, metric, direction, id_column, target_columns,
                        time_limit_s, source, created_by
      description.md    what the agent reads
      public/           what programs may read (train.csv, test.csv, sample_submission.csv, ...)
      private/          answers.csv and leaderboard.csv; never visible to a program

This module owns reading and writing `task.yaml` and the paths inside a task.
It does not grade (grading.py), rank (leaderboard.py) or build tasks (factory.py).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import yaml

from mleworld.errors import TaskError
from mleworld.files import atomic_write_text
from mleworld.yamltext import load_yaml

TASK_FILE = "task.yaml"
DESCRIPTION_FILE = "description.md"
SCHEMA_VERSION = 1
DEFAULT_TIME_LIMIT_S = 600.0

_REQUIRED = ("id", "metric", "id_column", "target_columns")


@dataclass(frozen=True)
class Task:
    """One task as task.yaml describes it, rooted at `path`."""

    path: Path
    id: str
    metric: str
    id_column: str
    target_columns: tuple[str, ...]
    name: str = ""
    direction: str = ""  # "maximize" | "minimize"; empty = the metric's own direction
    time_limit_s: float = DEFAULT_TIME_LIMIT_S
    source: str = ""
    created_by: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def public_dir(self) -> Path:
        return self.path / "public"

    @property
    def private_dir(self) -> Path:
        return self.path / "private"

    @property
    def answers_path(self) -> Path:
        return self.private_dir / "answers.csv"

    @property
    def leaderboard_path(self) -> Path:
        return self.private_dir / "leaderboard.csv"

    @property
    def sample_submission_path(self) -> Path:
        return self.public_dir / "sample_submission.csv"

    @property
    def description_path(self) -> Path:
        return self.path / DESCRIPTION_FILE

    @property
    def has_private(self) -> bool:
        return self.answers_path.is_file()

    @property
    def is_lower_better(self) -> bool:
        if self.direction:
            return self.direction == "minimize"
        from mleworld.tasks.metrics import get_metric

        return not get_metric(self.metric).higher_is_better

    @property
    def description(self) -> str:
        return self.description_path.read_text(encoding="utf-8")

    def to_yaml_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("path")
        data["target_columns"] = list(self.target_columns)
        extra = data.pop("extra")
        data["schema_version"] = SCHEMA_VERSION
        data.update(extra)
        return data

    def save(self) -> Path:
        """Write task.yaml into `self.path` (atomically) and return its path."""
        self.path.mkdir(parents=True, exist_ok=True)
        target = self.path / TASK_FILE
        return atomic_write_text(target, yaml.safe_dump(self.to_yaml_dict(), sort_keys=False))


def load_task(path: str | Path) -> Task:
    """Read a task directory; raise TaskError with one line naming what is wrong."""
    root = Path(path)
    if not root.is_dir():
        raise TaskError(
            f"task directory {root} does not exist; pass a directory made by "
            "`mleworld task create` or `mleworld task prepare`"
        )
    spec_path = root / TASK_FILE
    if not spec_path.is_file():
        raise TaskError(
            f"{spec_path} is missing; a task directory needs task.yaml "
            "(see `mleworld task create --help`)"
        )
    try:
        raw = load_yaml(spec_path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise TaskError(f"{spec_path} is not UTF-8 text; save it as UTF-8") from None
    except yaml.YAMLError as exc:
        line = getattr(getattr(exc, "problem_mark", None), "line", None)
        where = f" at line {line + 1}" if line is not None else ""
        raise TaskError(f"{spec_path} is not valid YAML{where}; fix the syntax") from None
    if not isinstance(raw, dict):
        raise TaskError(f"{spec_path} must be a mapping of keys to values")
    missing = [k for k in _REQUIRED if not raw.get(k)]
    if missing:
        raise TaskError(f"{spec_path} lacks {', '.join(missing)}; add them to task.yaml")
    targets = raw["target_columns"]
    if isinstance(targets, str):
        targets = [targets]
    if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
        raise TaskError(f"{spec_path}: target_columns must be a list of column names")
    # Names are echoed in one-line errors and CSV headers: no line breaks or control characters.
    unprintable = [n for n in [str(raw["id_column"]), *targets] if not n.isprintable()]
    if unprintable:
        raise TaskError(
            f"{spec_path}: column name {unprintable[0]!r} holds a line break or control "
            "character; use printable names"
        )
    direction = str(raw.get("direction") or "")
    if direction not in ("", "maximize", "minimize"):
        raise TaskError(f"{spec_path}: direction is {direction!r}; use maximize or minimize")
    from mleworld.tasks.metrics import get_metric

    get_metric(str(raw["metric"]))  # raises with the list of known metrics
    try:
        time_limit = float(raw.get("time_limit_s") or DEFAULT_TIME_LIMIT_S)
    except (TypeError, ValueError, OverflowError):
        raise TaskError(f"{spec_path}: time_limit_s must be a number of seconds") from None
    if not (math.isfinite(time_limit) and time_limit > 0):
        raise TaskError(
            f"{spec_path}: time_limit_s is {time_limit:g}; use a positive number of seconds"
        )
    known = {
        "id",
        "name",
        "metric",
        "direction",
        "id_column",
        "target_columns",
        "time_limit_s",
        "source",
        "created_by",
        "schema_version",
    }
    return Task(
        path=root,
        id=str(raw["id"]),
        name=str(raw.get("name") or raw["id"]),
        metric=str(raw["metric"]),
        direction=direction,
        id_column=str(raw["id_column"]),
        target_columns=tuple(targets),
        time_limit_s=time_limit,
        source=str(raw.get("source") or ""),
        created_by=str(raw.get("created_by") or ""),
        extra={k: v for k, v in raw.items() if k not in known},
    )
