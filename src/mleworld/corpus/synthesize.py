"""Grow a corpus by running the builtin agent on the task suite and ingesting what it executed.

A synthesis is a plan of agent runs, one per (task, k): run k of a task has its
own seed, the defect rate asked for, and a per-program time limit drawn in
turn from `time_limits` (short limits make the builtin writer size its
programs down, and some overrun: the corpus gets timeouts). Runs execute in
parallel, `workers` at a time, each in a fresh process (or as Ray tasks on a
cluster). Locally, each program gets the machine-wide share of the cores among
the programs running now (execution/concurrency.py), so a synthesis next to
other jobs does not oversubscribe; on Ray, the `cores // workers` CPUs its run
reserves (at most the largest node's). Each record keeps that cap, the number of programs running and the
load average (`extra`), so runs made under overload can be filtered out. As each
run finishes its nodes are ingested (ingest.py): the corpus is only ever
written by this process. With Ray (`RAY_ADDRESS`, or a local instance) each
run is a task reserving that many CPUs; the corpus directory must then be on a
filesystem every node mounts at the same path, since the runs write there. A
run whose Ray worker or node dies is started again by Ray (twice at most), and
resumes from its journal like any killed run: the step in flight is lost and
redone, and nothing of it reaches the corpus; a run that still fails is listed
in `runs_failed` and adds no record.

Everything lives under the corpus directory: `runs/<task>-s<seed>-d<defect>-t<limit>/`
holds each agent run, so a killed synthesis picks up where it stopped (finished
runs are only re-ingested, which adds nothing; an unfinished run resumes, up to
the steps now asked for). Local workers die with the synthesis process, so a
killed synthesis leaves no agent run going that would hold a run's lock.
"""

from __future__ import annotations

import fcntl
import multiprocessing
import os
import shutil
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mleworld.agent.config import CONFIG_FILE as CONFIG
from mleworld.agent.report import SUMMARY_FILE as SUMMARY
from mleworld.corpus.ingest import IngestReport, ingest_runs
from mleworld.corpus.store import Corpus
from mleworld.errors import MleWorldError
from mleworld.execution.processes import die_with_parent

RUNS_DIR = "runs"
DEFAULT_TIME_LIMITS: tuple[float, ...] = (20.0, 40.0, 15.0, 60.0, 30.0)
EXECUTORS = ("local", "ray")


@dataclass(frozen=True)
class SynthRun:
    """One agent run of a synthesis."""

    task: str
    seed: int
    steps: int
    defect_rate: float
    time_limit_s: float
    defect_kinds: tuple[str, ...] | None = None  # the builtin writer's defects (None: any)

    @property
    def name(self) -> str:
        kinds = "-k" + "+".join(self.defect_kinds) if self.defect_kinds else ""
        rate = round(self.defect_rate * 100)
        return f"{self.task}-s{self.seed}-d{rate:02d}{kinds}-t{self.time_limit_s:g}"


@dataclass
class SynthReport:
    runs_planned: int = 0
    runs_done: int = 0
    runs_failed: dict[str, str] = field(default_factory=dict)
    ingest: IngestReport = field(default_factory=IngestReport)
    wall_s: float = 0.0
    workers: int = 1
    cores: int = 1
    records: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "runs_planned": self.runs_planned,
            "runs_done": self.runs_done,
            "runs_failed": dict(self.runs_failed),
            "ingest": self.ingest.to_dict(),
            "wall_s": round(self.wall_s, 1),
            "workers": self.workers,
            "cores": self.cores,
            "records": self.records,
        }


def resolve_tasks(spec: str | Sequence[str]) -> list[str]:
    """Suite task names from "all" or a comma-separated list (or a list of names)."""
    from mleworld.tasks.suite import suite_names

    names = suite_names()
    wanted = spec.split(",") if isinstance(spec, str) else list(spec)
    wanted = [w.strip() for w in wanted if w.strip()]
    if wanted == ["all"]:
        return names
    unknown = [w for w in wanted if w not in names]
    if unknown or not wanted:
        raise MleWorldError(
            f"unknown suite task(s) {', '.join(unknown) or '(none given)'}; "
            f"use all or some of: {', '.join(names)}"
        )
    return list(dict.fromkeys(wanted))


def plan_runs(
    tasks: Sequence[str],
    runs: int,
    steps: int,
    defect_rate: float,
    *,
    time_limits: Sequence[float] = DEFAULT_TIME_LIMITS,
    seed: int = 0,
    defect_kinds: Sequence[str] | None = None,
) -> list[SynthRun]:
    """Run k of every task, then run k+1: an interrupted synthesis has covered all tasks evenly."""
    if runs < 1 or steps < 1:
        raise MleWorldError("--runs and --steps must be at least 1")
    if not 0.0 <= defect_rate <= 1.0:
        raise MleWorldError(f"--defect-rate {defect_rate} is outside 0..1; pass e.g. 0.35")
    if not time_limits or any(t <= 0 for t in time_limits):
        raise MleWorldError("time limits must be positive seconds, e.g. 15,30,60")
    kinds = None
    if defect_kinds is not None:  # the writer's registry loads pandas: only when asked
        from mleworld.codegen.builtin.defects import check_kinds

        kinds = check_kinds(defect_kinds)
    plan = []
    for k in range(runs):
        for i, task in enumerate(tasks):
            limit = float(time_limits[(k + i) % len(time_limits)])
            plan.append(SynthRun(task, seed * 1000 + k, steps, defect_rate, limit, kinds))
    return plan


def _prepare(task: str) -> None:
    """Build the suite task in this machine's cache, once even when several runs start at once."""
    from mleworld.paths import home
    from mleworld.tasks.suite import prepare_suite_task

    locks = home() / "locks"
    locks.mkdir(parents=True, exist_ok=True)
    with open(locks / f"suite-{task}.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        prepare_suite_task(task)


def _agent_run(spec: SynthRun, run_dir: str, threads: int | None) -> str:
    """Run (or resume) one agent run in a worker process; returns the run directory."""
    from mleworld.agent.config import build_config
    from mleworld.agent.loop import resume, start

    _prepare(spec.task)  # a no-op where the synthesis already did it; needed on Ray nodes
    path = Path(run_dir)
    if (path / CONFIG).is_file():
        resume(path, overrides={"agent": {"steps": spec.steps}})
    else:
        if path.exists():
            shutil.rmtree(path)  # killed before the run wrote its config: nothing to keep
        config = build_config(
            {
                "task": spec.task,
                "seed": spec.seed,
                "agent": {"steps": spec.steps},
                "exec": {"time_limit_s": spec.time_limit_s, "threads": threads},
                "codegen": {
                    "model": "builtin",
                    "defect_rate": spec.defect_rate,
                    "defect_kinds": list(spec.defect_kinds) if spec.defect_kinds else None,
                },
            },
            "synthesis",
        )
        start(config, path)
    return run_dir


def _is_finished(run_dir: Path, steps: int) -> bool:
    import json

    try:
        summary = json.loads((run_dir / SUMMARY).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return summary.get("status") == "complete" and int(summary.get("steps") or 0) >= steps


class _Pool:
    """Where agent runs execute: local worker processes, or Ray tasks."""

    def __init__(self, executor: str, workers: int) -> None:
        self.executor = executor
        self.workers = workers
        self._owns_ray = False
        if executor == "local":
            self._pool = self._local_pool()
        elif executor == "ray":
            self._start_ray()
        else:
            raise MleWorldError(f"unknown executor {executor!r}; choose local or ray")

    def _start_ray(self) -> None:
        from mleworld.execution.executors import RAY_INSTALL

        try:
            import ray
        except ImportError:
            raise MleWorldError(
                f"--executor ray needs ray; install it with: {RAY_INSTALL}"
            ) from None
        if not ray.is_initialized():
            address = os.environ.get("RAY_ADDRESS") or None
            try:
                ray.init(address=address, include_dashboard=False, log_to_driver=False)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                raise MleWorldError(
                    f"cannot start or reach Ray at {address or 'a local instance'}: {first}; "
                    "check RAY_ADDRESS"
                ) from None
            self._owns_ray = True
        self._ray = ray
        self._remote = ray.remote(max_retries=2)(_agent_run)
        # A run asking for more CPUs than any node has would wait forever.
        alive = [node["Resources"].get("CPU", 0) for node in ray.nodes() if node.get("Alive")]
        self._node_cpus = max(1, int(max(alive, default=1)))

    def _local_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=die_with_parent,
            initargs=(os.getpid(),),
        )

    def submit(self, spec: SynthRun, run_dir: Path, threads: int) -> Future[str]:
        if self.executor == "local":
            try:
                return self._pool.submit(_agent_run, spec, str(run_dir), None)
            except BrokenProcessPool:
                # A worker was killed (out of memory, say): its runs are reported
                # failed, and the runs still queued get a fresh pool.
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = self._local_pool()
                return self._pool.submit(_agent_run, spec, str(run_dir), None)
        cpus = min(threads, self._node_cpus)
        return self._remote.options(num_cpus=cpus).remote(spec, str(run_dir), cpus).future()

    def close(self) -> None:
        if self.executor == "local":
            self._pool.shutdown(wait=True, cancel_futures=True)
        elif self._owns_ray and self._ray.is_initialized():
            self._ray.shutdown()


def synthesize(
    tasks: str | Sequence[str],
    out: Path,
    *,
    runs: int = 2,
    steps: int = 12,
    defect_rate: float = 0.35,
    defect_kinds: Sequence[str] | None = None,
    workers: int = 1,
    time_limits: Sequence[float] = DEFAULT_TIME_LIMITS,
    seed: int = 0,
    executor: str = "local",
    on_run: Callable[[SynthRun, str, IngestReport | None], None] | None = None,
) -> SynthReport:
    """Run the plan, ingesting each finished run into the corpus at `out` (created if new)."""
    from mleworld.tasks.suite import prepare_suite_task

    if workers < 1:
        raise MleWorldError("--workers must be at least 1")
    if executor not in EXECUTORS:  # before anything is created on disk
        raise MleWorldError(f"unknown executor {executor!r}; choose local or ray")
    names = resolve_tasks(tasks)
    plan = plan_runs(
        names,
        runs,
        steps,
        defect_rate,
        time_limits=time_limits,
        seed=seed,
        defect_kinds=defect_kinds,
    )
    corpus = Corpus.open_or_create(out)
    runs_root = Path(out) / RUNS_DIR
    runs_root.mkdir(exist_ok=True)
    cores = os.cpu_count() or 1
    threads = max(1, cores // workers)
    report = SynthReport(runs_planned=len(plan), workers=workers, cores=cores)
    began = time.monotonic()
    for name in names:  # once, here: workers must not race to build the same cached task
        prepare_suite_task(name)

    def ingest(spec: SynthRun) -> IngestReport:
        part = ingest_runs([runs_root / spec.name], corpus)
        for key in ("runs", "nodes", "added", "already_present"):
            setattr(report.ingest, key, getattr(report.ingest, key) + getattr(part, key))
        report.ingest.skipped.update(part.skipped)
        return part

    todo: list[SynthRun] = []
    for spec in plan:
        if _is_finished(runs_root / spec.name, steps):
            part = ingest(spec)
            report.runs_done += 1
            if on_run:
                on_run(spec, "already done", part)
        else:
            todo.append(spec)
    pool = _Pool(executor, workers) if todo else None
    try:
        pending: dict[Future[str], SynthRun] = {}
        queue = iter(todo)
        _fill(pool, queue, pending, runs_root, threads, workers)
        while pending:
            done, _ = wait(list(pending), return_when=FIRST_COMPLETED)
            for future in done:
                spec = pending.pop(future)
                error = future.exception()
                if error is not None:
                    report.runs_failed[spec.name] = f"{type(error).__name__}: {error}"
                    if on_run:
                        on_run(spec, f"failed: {error}", None)
                else:
                    report.runs_done += 1
                    part = ingest(spec)
                    if on_run:
                        on_run(spec, "done", part)
            _fill(pool, queue, pending, runs_root, threads, workers)
    finally:
        if pool is not None:
            pool.close()
    report.wall_s = time.monotonic() - began
    report.records = len(corpus)
    return report


def _fill(
    pool: _Pool | None,
    queue: Iterable[SynthRun],
    pending: dict[Future[str], SynthRun],
    runs_root: Path,
    threads: int,
    workers: int,
) -> None:
    if pool is None:
        return
    for spec in queue:
        pending[pool.submit(spec, runs_root / spec.name, threads)] = spec
        if len(pending) >= workers:
            return
