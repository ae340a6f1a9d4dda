"""One execution in the corpus (DESIGN.md "Record"): the world model's x, the observed y, provenance.

`id` is the program's normalised-token hash (`token_key`), so every record of
one program shares it; a record is told apart by its task, run and node. The
full captured terminal output is kept in `y.term_out`; the 2,500-character
window is applied only when a target is rendered (world/format.py).

This module owns the record, its JSON form and its flat row form (the Parquet
columns). Storing rows is store.py's job.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mleworld.corpus.fingerprint import token_key
from mleworld.errors import MleWorldError
from mleworld.world.format import WorldInput, WorldTarget, encode_float

SCHEMA_VERSION = 1
STAGES = ("draft", "improve", "debug")
CLEAN = "None"
TIMEOUT = "TimeoutError"
INTERRUPT = "KeyboardInterrupt"

# Columns of the flat row, in storage order (store.py keeps `data_overview`
# separately, keyed by `overview_id`).
ROW_COLUMNS: tuple[str, ...] = (
    "id",
    "task_id",
    "run_id",
    "node_id",
    "parent_id",
    "stage",
    "generator",
    "program",
    "packages",
    "failing_imports",
    "python_version",
    "data_overview",
    "time_limit_s",
    "exc_type",
    "term_out",
    "metric",
    "submission",
    "runtime_s",
    "created_at",
    "timed_out",
    "exit_code",
    "submission_valid",
    "metric_line",
    "harness_error",
    "extra",
    "schema_version",
)


@dataclass
class Record:
    """One execution: what the world model reads (x), what happened (y), and where it came from."""

    task_id: str
    x: WorldInput
    y: WorldTarget
    stage: str = "draft"  # draft | improve | debug
    generator: str = ""  # the code model that wrote the program
    run_id: str = ""
    node_id: str = ""
    parent_id: str | None = None
    runtime_s: float = 0.0
    created_at: float = 0.0  # unix seconds
    timed_out: bool = False
    exit_code: int | None = None
    submission_valid: bool | None = None
    metric_line: str | None = None
    harness_error: str | None = None  # set when the outcome reflects the harness, not the program
    extra: dict[str, Any] = field(default_factory=dict)
    id: str = ""  # token_key(x.program); computed when empty
    schema_version: int = SCHEMA_VERSION

    def __post_init__(self) -> None:
        if not self.id:
            self.id = token_key(self.x.program)

    # --- derived facts ------------------------------------------------------------
    @property
    def program(self) -> str:
        return self.x.program

    @property
    def exc_type(self) -> str:
        return self.y.exc_type

    @property
    def outcome(self) -> str:
        """clean, crash or timeout (a timeout or the interrupt that ends one)."""
        if self.y.exc_type == CLEAN:
            return "clean"
        if self.y.exc_type in (TIMEOUT, INTERRUPT) or self.timed_out:
            return "timeout"
        return "crash"

    @property
    def is_harness_error(self) -> bool:
        return bool(self.harness_error)

    @property
    def uid(self) -> str:
        """A key for this one execution: task, run, node and program."""
        return f"{self.task_id}/{self.run_id}/{self.node_id}/{self.id}"

    # --- construction from a run -------------------------------------------------
    @classmethod
    def from_outcome(
        cls,
        outcome: Any,
        x: WorldInput,
        *,
        task_id: str,
        stage: str,
        generator: str = "",
        run_id: str = "",
        node_id: str = "",
        parent_id: str | None = None,
        created_at: float | None = None,
        harness_error: str | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> Record:
        """A record from an execution Outcome (or anything with its fields) and the input x."""
        return cls(
            task_id=task_id,
            x=x,
            y=WorldTarget.from_outcome(outcome),
            stage=stage,
            generator=generator,
            run_id=run_id,
            node_id=node_id,
            parent_id=parent_id,
            runtime_s=float(getattr(outcome, "runtime_s", 0.0) or 0.0),
            created_at=time.time() if created_at is None else float(created_at),
            timed_out=bool(getattr(outcome, "timed_out", False)),
            exit_code=getattr(outcome, "exit_code", None),
            submission_valid=getattr(outcome, "submission_valid", None),
            metric_line=getattr(outcome, "metric_line", None),
            harness_error=harness_error,
            extra=dict(extra or {}),
        )

    # --- JSON ---------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "task_id": self.task_id,
            "run_id": self.run_id,
            "node_id": self.node_id,
            "parent_id": self.parent_id,
            "stage": self.stage,
            "generator": self.generator,
            "x": self.x.to_dict(),
            "y": self.y.to_dict(),
            "runtime_s": self.runtime_s,
            "created_at": self.created_at,
            "timed_out": self.timed_out,
            "exit_code": self.exit_code,
            "submission_valid": self.submission_valid,
            "metric_line": self.metric_line,
            "harness_error": self.harness_error,
            "extra": _json_safe(self.extra),
            "schema_version": self.schema_version,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Record:
        if not isinstance(data, Mapping):
            raise MleWorldError("a record must be a JSON object; write records with Record.to_dict")
        version = data.get("schema_version", SCHEMA_VERSION)
        if not isinstance(version, int) or version > SCHEMA_VERSION or version < 1:
            raise MleWorldError(
                f"record schema version {version!r} is not readable by this mleworld "
                f"(reads 1..{SCHEMA_VERSION}); upgrade mleworld or re-export the records"
            )
        missing = [name for name in ("task_id", "x", "y") if name not in data]
        if missing:
            raise MleWorldError(
                f"record lacks {', '.join(missing)}; every record needs task_id, x and y"
            )
        extra = data.get("extra") or {}
        if not isinstance(extra, Mapping):
            raise MleWorldError("record 'extra' must be a JSON object")
        try:
            return cls(
                id=str(data.get("id") or ""),
                task_id=str(data["task_id"]),
                run_id=str(data.get("run_id") or ""),
                node_id=str(data.get("node_id") or ""),
                parent_id=_opt_str(data.get("parent_id")),
                stage=str(data.get("stage") or ""),
                generator=str(data.get("generator") or ""),
                x=WorldInput.from_dict(data["x"]),
                y=WorldTarget.from_dict(data["y"]),
                runtime_s=float(data.get("runtime_s") or 0.0),
                created_at=float(data.get("created_at") or 0.0),
                timed_out=bool(data.get("timed_out", False)),
                exit_code=_opt_int(data.get("exit_code")),
                submission_valid=_opt_bool(data.get("submission_valid")),
                metric_line=_opt_str(data.get("metric_line")),
                harness_error=_opt_str(data.get("harness_error")),
                extra=dict(extra),
                schema_version=SCHEMA_VERSION,
            )
        except (TypeError, ValueError) as exc:
            raise MleWorldError(
                f"record {data.get('id', '?')!r} has a malformed field: {exc}"
            ) from None

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise MleWorldError(f"record is not valid JSON ({exc.msg} at {exc.pos})") from None
        return cls.from_dict(data)

    # --- flat rows (Parquet) -------------------------------------------------------
    def to_row(self) -> dict[str, Any]:
        """One flat row: x and y spread into columns, maps and dicts as JSON text."""
        return {
            "id": self.id,
            "task_id": self.task_id,
            "run_id": self.run_id,
            "node_id": self.node_id,
            "parent_id": self.parent_id,
            "stage": self.stage,
            "generator": self.generator,
            "program": self.x.program,
            "packages": json.dumps(self.x.packages, sort_keys=False),
            "failing_imports": list(self.x.failing_imports),
            "python_version": self.x.python_version,
            "data_overview": self.x.data_overview,
            "time_limit_s": float(self.x.time_limit_s),
            "exc_type": self.y.exc_type,
            "term_out": self.y.term_out,
            "metric": self.y.metric,
            "submission": bool(self.y.submission),
            "runtime_s": float(self.runtime_s),
            "created_at": float(self.created_at),
            "timed_out": bool(self.timed_out),
            "exit_code": self.exit_code,
            "submission_valid": self.submission_valid,
            "metric_line": self.metric_line,
            "harness_error": self.harness_error,
            "extra": json.dumps(_json_safe(self.extra)),
            "schema_version": self.schema_version,
        }

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> Record:
        """The inverse of to_row (the row must carry `data_overview` text)."""
        try:
            packages = json.loads(row.get("packages") or "{}")
            extra = json.loads(row.get("extra") or "{}")
        except json.JSONDecodeError as exc:
            raise MleWorldError(
                f"record row {row.get('id', '?')!r} has malformed JSON: {exc.msg}"
            ) from None
        metric = row.get("metric")
        return cls(
            id=str(row.get("id") or ""),
            task_id=str(row["task_id"]),
            run_id=str(row.get("run_id") or ""),
            node_id=str(row.get("node_id") or ""),
            parent_id=row.get("parent_id"),
            stage=str(row.get("stage") or ""),
            generator=str(row.get("generator") or ""),
            x=WorldInput(
                program=str(row["program"]),
                packages={str(k): str(v) for k, v in packages.items()},
                failing_imports=list(row.get("failing_imports") or []),
                python_version=str(row.get("python_version") or ""),
                data_overview=str(row.get("data_overview") or ""),
                time_limit_s=float(row.get("time_limit_s") or 0.0),
            ),
            y=WorldTarget(
                exc_type=str(row["exc_type"]),
                term_out=str(row.get("term_out") or ""),
                metric=None if metric is None else float(metric),
                submission=bool(row.get("submission")),
            ),
            runtime_s=float(row.get("runtime_s") or 0.0),
            created_at=float(row.get("created_at") or 0.0),
            timed_out=bool(row.get("timed_out")),
            exit_code=row.get("exit_code"),
            submission_valid=row.get("submission_valid"),
            metric_line=row.get("metric_line"),
            harness_error=row.get("harness_error"),
            extra=extra,
            schema_version=int(row.get("schema_version") or SCHEMA_VERSION),
        )


def _opt_str(value: Any) -> str | None:
    return None if value is None else str(value)


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _opt_bool(value: Any) -> bool | None:
    return None if value is None else bool(value)


def _json_safe(value: Any) -> Any:
    """Non-finite floats as strings, so every JSON reader accepts the text."""
    if isinstance(value, float) and not math.isfinite(value):
        return encode_float(value)
    if isinstance(value, Mapping):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_safe(v) for v in value]
    return value


__all__ = ["ROW_COLUMNS", "SCHEMA_VERSION", "STAGES", "Record"]
