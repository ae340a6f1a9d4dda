"""A `/v1/predict` body as queries, or one RequestError saying what is wrong with it.

Body: `{"queries": [{"program": "...", "task": "NAME_OR_DIR" | "data_dir": "DIR",
"time_limit_s": 60, "stage": "draft", "parent": {"program": "...", "exc_type": ...,
"metric": ..., "term_out": ..., "runtime_s": ...}}]}`. Each query becomes the same
Query `mleworld predict` builds (world.inputs.query_for_program); data overviews
are computed once per folder and reused.
"""

from __future__ import annotations

import json
import math
import threading
from pathlib import Path
from typing import Any

from mleworld.errors import MleWorldError
from mleworld.serve.errors import RequestError
from mleworld.serve.roots import DataRoots
from mleworld.world.prediction import Parent, Query

STAGES = ("draft", "improve", "debug")
QUERY_KEYS = {"program", "task", "data_dir", "time_limit_s", "stage", "parent"}
PARENT_KEYS = {"program", "exc_type", "metric", "term_out", "runtime_s"}


def load_body(raw: bytes) -> Any:
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise RequestError(400, "the request body is not UTF-8 text; send JSON") from None
    except json.JSONDecodeError as exc:
        raise RequestError(
            400, f"the request body is not valid JSON ({exc.msg} at line {exc.lineno})"
        ) from None


class QueryBuilder:
    """Turns request items into Queries against the server's data roots."""

    def __init__(self, roots: DataRoots, max_queries: int) -> None:
        self.roots = roots
        self.max_queries = max_queries
        self._overviews: dict[Path, str] = {}
        self._lock = threading.Lock()

    def overview(self, folder: Path) -> str:
        from mleworld.tasks.overview import data_overview

        with self._lock:
            cached = self._overviews.get(folder)
        if cached is None:
            cached = data_overview(folder)
            with self._lock:
                self._overviews[folder] = cached
        return cached

    def queries(self, body: Any) -> list[Query]:
        if not isinstance(body, dict) or not isinstance(body.get("queries"), list):
            raise RequestError(
                422, 'the body must be a JSON object with a "queries" list: {"queries": [{...}]}'
            )
        items = body["queries"]
        if not items:
            raise RequestError(422, '"queries" is empty; send at least one query')
        if len(items) > self.max_queries:
            raise RequestError(
                413,
                f"{len(items)} queries in one request; this server takes at most "
                f"{self.max_queries} (split the request)",
            )
        return [self.query(item, i) for i, item in enumerate(items)]

    def query(self, item: Any, index: int) -> Query:
        from mleworld.world.inputs import query_for_program

        where = f"queries[{index}]"
        if not isinstance(item, dict):
            raise RequestError(422, f"{where} must be an object with a 'program' string")
        unknown = sorted(set(item) - QUERY_KEYS)
        if unknown:
            raise RequestError(
                422,
                f"{where} has unknown field(s) {', '.join(unknown)}; known: "
                f"{', '.join(sorted(QUERY_KEYS))}",
            )
        program = item.get("program")
        if not isinstance(program, str):
            raise RequestError(422, f"{where}.program must be the program's source text")
        task_spec, data_spec = item.get("task"), item.get("data_dir")
        if (task_spec is None) == (data_spec is None):
            raise RequestError(422, f"{where} needs exactly one of 'task' or 'data_dir'")
        for key, value in (("task", task_spec), ("data_dir", data_spec)):
            if value is not None and not isinstance(value, str):
                raise RequestError(422, f"{where}.{key} must be a string")
        stage = item.get("stage", "draft")
        if stage not in STAGES:
            raise RequestError(422, f"{where}.stage {stage!r} is not one of {', '.join(STAGES)}")
        limit = _seconds(item.get("time_limit_s"), f"{where}.time_limit_s")
        parent = _parent(item.get("parent"), f"{where}.parent")
        task = self.roots.task(task_spec) if task_spec is not None else None
        folder = Path(task.public_dir) if task is not None else self.roots.data_dir(data_spec)
        try:
            return query_for_program(
                program,
                task=task,
                data_dir=None if task is not None else folder,
                time_limit_s=limit,
                stage=stage,
                parent=parent,
                overview=self.overview(folder),
            )
        except MleWorldError as exc:
            raise RequestError(422, f"{where}: {exc}") from None


def _seconds(value: Any, where: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RequestError(422, f"{where} must be a number of seconds")
    if not math.isfinite(value) or value <= 0:
        raise RequestError(422, f"{where} must be a positive number of seconds")
    return float(value)


def _parent(value: Any, where: str) -> Parent | None:
    if value is None:
        return None
    if not isinstance(value, dict) or not isinstance(value.get("program"), str):
        raise RequestError(422, f"{where} must be an object with a 'program' string")
    unknown = sorted(set(value) - PARENT_KEYS)
    if unknown:
        raise RequestError(422, f"{where} has unknown field(s) {', '.join(unknown)}")
    metric = value.get("metric")
    if metric is not None and (isinstance(metric, bool) or not isinstance(metric, int | float)):
        raise RequestError(422, f"{where}.metric must be a number or null")
    runtime = value.get("runtime_s")
    if runtime is not None and (isinstance(runtime, bool) or not isinstance(runtime, int | float)):
        raise RequestError(422, f"{where}.runtime_s must be a number or null")
    exc_type = value.get("exc_type")
    if exc_type is not None and not isinstance(exc_type, str):
        raise RequestError(422, f"{where}.exc_type must be a class name such as 'KeyError'")
    term_out = value.get("term_out", "")
    if not isinstance(term_out, str):
        raise RequestError(422, f"{where}.term_out must be text")
    return Parent(
        program=value["program"],
        exc_type=exc_type,
        metric=None if metric is None else float(metric),
        term_out=term_out,
        runtime_s=None if runtime is None else float(runtime),
    )
