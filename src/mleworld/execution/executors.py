"""Running many programs at once: the `Executor` protocol and its backends.

A `Job` names a program and where its data is; an executor runs jobs through
`sandbox.execute` and yields `(job, outcome)` pairs as they finish. Two backends:

``local``  (`LocalExecutor`) a thread pool on this machine; each run is its own
    sandboxed subprocess, so threads only wait. A job takes `cpus` of the
    executor's CPU slots (default: all cores), so `cpus=4` jobs do not
    oversubscribe; `gpus` is not scheduled locally (every GPU stays visible).
``ray``    (`RayExecutor`, the ``[ray]`` extra) one Ray task per job with
    ``num_cpus=job.cpus, num_gpus=job.gpus``. Only the program text and the task
    path travel; the worker reads the task from that path, so on a cluster the
    task dirs (and any kept workspace) must be on a file system every node mounts
    at the same path. Ray sets CUDA_VISIBLE_DEVICES per task; the sandbox passes it on.
    Retries: a program's crash, timeout or blow-up is its outcome and is never
    retried. A Ray task that dies with its worker or node (killed, Ray's memory
    monitor, a lost node or result) says nothing about the program: the job runs
    again from scratch, its kept workspace emptied, up to ``max_retries`` (2)
    times, each retry listed in ``RayExecutor.retried``; after the last one it is
    a harness error in `JobsFailed`, never an Outcome. Ray's own task retries are
    off (``max_retries=0`` on the task), so no attempt goes uncounted.

A job's limits default to the task's time limit; its thread cap is `job.cpus`
when it asks for more than one CPU, else the sandbox's machine-wide share of the
cores among the programs running now (so a lone job gets every core); a job
with GPUs runs without the address-space limit (CUDA reserves more virtual
memory than any sensible RLIMIT_AS). Executor-side failures (ExecutorError, a
bad task dir) do not stop the batch: the other jobs finish, then `JobsFailed`
is raised listing them.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from mleworld.errors import MleWorldError
from mleworld.execution.isolation import ExecutorError
from mleworld.execution.limits import Limits
from mleworld.execution.outcome import Outcome

RAY_INSTALL = "pip install 'mleworld[ray]'"


@dataclass(frozen=True)
class Job:
    """One program to run: against a task dir, a plain data dir, or no data."""

    program: str
    task_dir: Path | None = None
    data_dir: Path | None = None
    limits: Limits | None = None
    cpus: int = 1
    gpus: float = 0
    key: str = ""  # the caller's name for the job (node id, record id)
    workspace: Path | None = None  # run here and keep it (must be empty or new)

    def __post_init__(self) -> None:
        if self.task_dir is not None and self.data_dir is not None:
            raise MleWorldError(f"job {self.key!r}: give task_dir or data_dir, not both")
        if self.cpus < 1 or self.gpus < 0:
            raise MleWorldError(f"job {self.key!r}: cpus must be >= 1 and gpus >= 0")


class JobsFailed(ExecutorError):
    """Some jobs could not be run at all (not program crashes: those are outcomes)."""

    def __init__(self, failures: list[tuple[Job, MleWorldError]]) -> None:
        self.failures = failures
        shown = "; ".join(
            f"{job.key or '#' + str(i)}: {err}" for i, (job, err) in enumerate(failures[:3])
        )
        more = f" (and {len(failures) - 3} more)" if len(failures) > 3 else ""
        super().__init__(f"{len(failures)} job(s) could not be run: {shown}{more}")


@runtime_checkable
class Executor(Protocol):
    """Runs jobs; `map` yields in completion order, `run` returns in input order."""

    name: str

    def map(self, jobs: Iterable[Job]) -> Iterator[tuple[Job, Outcome]]: ...

    def run(self, jobs: Sequence[Job]) -> list[Outcome]: ...

    def close(self) -> None: ...


def run_job(job: Job) -> Outcome:
    """Run one job in this process (what every backend calls, locally or on a worker)."""
    from mleworld.execution.sandbox import execute
    from mleworld.tasks.task import load_task

    task = load_task(job.task_dir) if job.task_dir is not None else None
    limits = job_limits(job, task.time_limit_s if task is not None else None)
    return execute(
        job.program,
        task,
        data_dir=None if job.data_dir is None else Path(job.data_dir),
        limits=limits,
        workspace=job.workspace,
    )


def job_limits(job: Job, task_time_limit_s: float | None) -> Limits:
    """The job's limits with the defaults a batch needs filled in."""
    limits = job.limits
    if limits is None:
        limits = Limits(time_limit_s=task_time_limit_s) if task_time_limit_s else Limits()
    if limits.threads is None and job.cpus > 1:
        limits = replace(limits, threads=job.cpus)  # else the machine-wide share applies
    if job.gpus > 0 and limits.memory_mb is not None:
        limits = replace(limits, memory_mb=None)
    return limits


def _collect(
    jobs: Sequence[Job], results: list[tuple[Outcome | None, MleWorldError | None]]
) -> list[Outcome]:
    failures = [(job, err) for job, (_, err) in zip(jobs, results, strict=True) if err is not None]
    if failures:
        raise JobsFailed(failures)
    return [outcome for outcome, _ in results if outcome is not None]


# ---------------------------------------------------------------------------
# Local


class _Slots:
    """A counting semaphore where one acquire may take several slots at once."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.free = total
        self.cond = threading.Condition()

    def take(self, n: int) -> int:
        n = min(max(n, 1), self.total)
        with self.cond:
            self.cond.wait_for(lambda: self.free >= n)
            self.free -= n
        return n

    def give(self, n: int) -> None:
        with self.cond:
            self.free += n
            self.cond.notify_all()


class LocalExecutor:
    """Runs jobs on this machine, `workers` at a time, within `cpus` CPU slots."""

    name = "local"

    def __init__(self, workers: int | None = None, cpus: int | None = None) -> None:
        self.workers = workers or os.cpu_count() or 1
        if self.workers < 1:
            raise MleWorldError(f"workers is {workers}; use 1 or more")
        self._slots = _Slots(cpus or os.cpu_count() or 1)
        self._pool = ThreadPoolExecutor(
            max_workers=self.workers, thread_name_prefix="mleworld-exec"
        )

    def _one(self, job: Job) -> Outcome:
        taken = self._slots.take(job.cpus)
        try:
            return run_job(job)
        finally:
            self._slots.give(taken)

    def map(self, jobs: Iterable[Job]) -> Iterator[tuple[Job, Outcome]]:
        pending: dict[Future[Outcome], Job] = {}
        failures: list[tuple[Job, MleWorldError]] = []
        source = iter(jobs)
        window = self.workers * 2  # submit lazily: a generator of jobs is fine
        try:
            while True:
                for job in source:
                    pending[self._pool.submit(self._one, job)] = job
                    if len(pending) >= window:
                        break
                if not pending:
                    break
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    job = pending.pop(future)
                    try:
                        outcome = future.result()
                    except MleWorldError as exc:
                        failures.append((job, exc))
                        continue
                    yield job, outcome
        finally:
            for future in pending:
                future.cancel()
        if failures:
            raise JobsFailed(failures)

    def run(self, jobs: Sequence[Job]) -> list[Outcome]:
        futures = [self._pool.submit(self._one, job) for job in jobs]
        results: list[tuple[Outcome | None, MleWorldError | None]] = []
        for future in futures:
            try:
                results.append((future.result(), None))
            except MleWorldError as exc:
                results.append((None, exc))
        return _collect(jobs, results)

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> LocalExecutor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# ---------------------------------------------------------------------------
# Ray


# Ray's failures of the system, not of the task: the worker process or its node died
# (killed, Ray's memory monitor) or the result was lost with them. A fresh attempt can succeed.
_RAY_SYSTEM_FAILURES = (
    "WorkerCrashedError",
    "NodeDiedError",
    "LocalRayletDiedError",
    "ObjectLostError",
    "OutOfMemoryError",
)


def _ray_run(job: Job) -> tuple[dict[str, Any] | None, str | None]:
    """The Ray task: plain data back, so no exception wrapping crosses the wire."""
    try:
        return run_job(job).to_dict(), None
    except MleWorldError as exc:
        return None, str(exc)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0] if text else ''}".rstrip(": ")


class RayExecutor:
    """Runs each job as a Ray task: on the Ray this process already joined, else on
    `address` (or $RAY_ADDRESS), else on a new local instance of `num_cpus` CPUs.

    A job whose task died with its worker or node is submitted again from scratch
    (its kept workspace emptied first), at most `max_retries` times; `retried`
    lists each such retry. Ray's own task retries are off, so every attempt is
    counted here and none runs into a workspace an earlier one filled.
    """

    name = "ray"

    def __init__(
        self,
        address: str | None = None,
        num_cpus: int | None = None,
        num_gpus: int | None = None,
        max_retries: int = 2,
        **init_kwargs: Any,
    ) -> None:
        if max_retries < 0:
            raise MleWorldError(f"max_retries is {max_retries}; use 0 or more")
        try:
            import ray
        except ImportError:
            raise MleWorldError(
                f"the Ray executor needs ray; install it with: {RAY_INSTALL}"
            ) from None
        self._ray = ray
        self._owns = False
        self.max_retries = max_retries
        self.retried: list[tuple[Job, str]] = []
        if not ray.is_initialized():
            # RAY_ADDRESS as Ray reads it; without it a new local instance, never a
            # cluster some `ray start` left on this machine.
            address = address or os.environ.get("RAY_ADDRESS") or None
            kwargs: dict[str, Any] = {
                "address": address or "local",
                "include_dashboard": False,
                "log_to_driver": False,
                **init_kwargs,
            }
            if address is None:
                kwargs["num_cpus"] = num_cpus or os.cpu_count() or 1
                if num_gpus is not None:
                    kwargs["num_gpus"] = num_gpus
            try:
                ray.init(**kwargs)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise ExecutorError(
                    f"cannot start or reach Ray at {address or 'local'}: {exc}"
                ) from None
            self._owns = True
        self._system_failures = tuple(
            getattr(ray.exceptions, name)
            for name in _RAY_SYSTEM_FAILURES
            if hasattr(ray.exceptions, name)
        )
        self._remote = ray.remote(max_retries=0)(_ray_run)

    def map(self, jobs: Iterable[Job]) -> Iterator[tuple[Job, Outcome]]:
        failures: list[tuple[Job, MleWorldError]] = []
        for _, job, outcome, error in self._settle(list(jobs)):
            if outcome is None:
                assert error is not None
                failures.append((job, error))
            else:
                yield job, outcome
        if failures:
            raise JobsFailed(failures)

    def run(self, jobs: Sequence[Job]) -> list[Outcome]:
        results: list[tuple[Outcome | None, MleWorldError | None]] = [(None, None)] * len(jobs)
        for index, _, outcome, error in self._settle(list(jobs)):
            results[index] = (outcome, error)
        return _collect(jobs, results)

    def _settle(
        self, jobs: list[Job]
    ) -> Iterator[tuple[int, Job, Outcome | None, MleWorldError | None]]:
        """Each job's outcome or error as it comes, resubmitting those whose worker died."""
        ray = self._ray
        pending = {self._submit(job): (index, 0) for index, job in enumerate(jobs)}
        try:
            while pending:
                done, _ = ray.wait(list(pending), num_returns=1)
                for ref in done:
                    index, attempt = pending.pop(ref)
                    job = jobs[index]
                    try:
                        data, error = ray.get(ref)
                    except ray.exceptions.RayError as exc:
                        system = isinstance(exc, self._system_failures)
                        if system and attempt < self.max_retries:
                            self.retried.append((job, _first_line(exc)))
                            _empty_workspace(job)
                            pending[self._submit(job)] = (index, attempt + 1)
                            continue
                        tries = f" {attempt + 1} time(s)" if system else ""
                        failed = ExecutorError(f"ray task failed{tries}: {_first_line(exc)}")
                        yield index, job, None, failed
                        continue
                    if error is not None:
                        yield index, job, None, ExecutorError(error)
                    else:
                        yield index, job, Outcome.from_dict(data), None
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)

    def _submit(self, job: Job) -> Any:
        return self._remote.options(num_cpus=job.cpus, num_gpus=job.gpus).remote(job)

    def close(self) -> None:
        if self._owns and self._ray.is_initialized():
            self._ray.shutdown()
            self._owns = False

    def __enter__(self) -> RayExecutor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _empty_workspace(job: Job) -> None:
    """A retried job starts from scratch: what the dead attempt left in its workspace goes."""
    from mleworld.execution.workspace import remove_tree

    if job.workspace is not None and Path(job.workspace).exists():
        remove_tree(Path(job.workspace))


EXECUTORS: dict[str, type[LocalExecutor] | type[RayExecutor]] = {
    "local": LocalExecutor,
    "ray": RayExecutor,
}


def get_executor(name: str, **opts: Any) -> Executor:
    """An executor by name: "local" (workers, cpus) or "ray" (address, num_cpus, ...)."""
    try:
        cls = EXECUTORS[name]
    except KeyError:
        raise MleWorldError(
            f"unknown executor {name!r}; choose one of: {', '.join(EXECUTORS)}"
        ) from None
    try:
        return cls(**opts)
    except TypeError as exc:
        raise MleWorldError(f"bad option for the {name} executor: {exc}") from None
