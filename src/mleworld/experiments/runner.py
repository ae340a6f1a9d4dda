"""Running an experiment's grid: trials in parallel worker processes or as Ray tasks.

`run_experiment` opens (or resumes) the experiment directory, skips finished
trials, and keeps `workers` trials going in grid order. Each trial runs in a
fresh spawned process (local) or a Ray task; local workers die with the
experiment process (PR_SET_PDEATHSIG), so a killed experiment leaves no trial
holding its run's lock, and `--resume` continues the half-done ones from their
journals. After every finished trial the results are rewritten. A trial that
fails (its worker died, a bug) is logged in failures.jsonl and retried by the
next --resume; it never counts as a result.

Not here: what a trial does (trial.py), the numbers (aggregate.py).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, Protocol, TextIO

from mleworld.errors import ConfigError, MleWorldError
from mleworld.execution.processes import die_with_parent
from mleworld.experiments import store
from mleworld.experiments.grid import GridSpec, Trial
from mleworld.experiments.trial import run_trial

EXECUTORS = ("local", "ray")
# Drawing the plots costs a few CPU seconds, taken from the trials on a busy machine:
# the tables follow every trial, the plots at most this often (and at the end).
PLOT_EVERY_S = 300.0
FAILURES_FILE = "failures.jsonl"


class TrialPool:
    """Where trials execute: a fresh local process each, or a Ray task reserving one CPU."""

    def __init__(self, executor: str, workers: int) -> None:
        self.executor = executor
        self.workers = workers
        self._owns_ray = False
        if executor == "local":
            self._pool = self._local_pool()
        else:
            self._start_ray()

    def _local_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=die_with_parent,
            initargs=(os.getpid(),),
            max_tasks_per_child=1,  # no trial inherits another's world model or caches
        )

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
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if address is None:
                kwargs |= {"address": "local", "num_cpus": self.workers}
            else:
                kwargs["address"] = address
            try:
                ray.init(**kwargs)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                raise MleWorldError(
                    f"cannot start or reach Ray at {address or 'a local instance'}: {first}; "
                    "check RAY_ADDRESS"
                ) from None
            self._owns_ray = True
        self._ray = ray
        self._remote = ray.remote(num_cpus=1, max_retries=1)(run_trial)

    def submit(self, config: dict[str, Any], run_dir: Path, meta: dict[str, Any]) -> Future:
        if self.executor == "local":
            try:
                return self._pool.submit(run_trial, config, str(run_dir), meta)
            except BrokenProcessPool:  # a worker was killed (memory): start a fresh pool
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = self._local_pool()
                return self._pool.submit(run_trial, config, str(run_dir), meta)
        return self._remote.remote(config, str(run_dir), meta).future()

    def close(self, wait: bool = True) -> None:
        """Wait for the running trials (a normal end) or leave them to die with us (a kill)."""
        if self.executor == "local":
            self._pool.shutdown(wait=wait, cancel_futures=True)
        elif self._owns_ray and self._ray.is_initialized():
            self._ray.shutdown()


# --- the live display ----------------------------------------------------------------


class ExperimentProgress(Protocol):
    def update(self, state: dict[str, Any]) -> None: ...
    def close(self) -> None: ...


def _fmt_s(seconds: float | None) -> str:
    from mleworld.agent.progress import _fmt_s as fmt

    return "?" if seconds is None else fmt(seconds)


def progress_line(state: dict[str, Any]) -> str:
    line = (
        f"trials {state['done']}/{state['total']} done, {len(state['running'])} running, "
        f"{state['failed']} failed, elapsed {_fmt_s(state['elapsed_s'])}, "
        f"ETA {_fmt_s(state['eta_s'])}"
    )
    if state.get("last"):
        line += f" | last: {state['last']}"
    return line


class LogProgress:
    """One line whenever a trial starts or ends (logs, pipes, tests)."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr

    def update(self, state: dict[str, Any]) -> None:
        self.stream.write(f"[{time.strftime('%H:%M:%S')}] {progress_line(state)}\n")
        self.stream.flush()

    def close(self) -> None:
        pass


class LiveProgress:
    """A rich panel: trials done of total, the running ones, failures, ETA."""

    def __init__(self) -> None:
        from rich.console import Console
        from rich.live import Live

        self.live = Live(console=Console(stderr=True), refresh_per_second=2, transient=False)
        self.live.start()

    def update(self, state: dict[str, Any]) -> None:
        from rich.panel import Panel

        running = "\n".join(f"  {key}" for key in state["running"]) or "  (none)"
        self.live.update(Panel(f"{progress_line(state)}\nrunning:\n{running}", title="experiment"))

    def close(self) -> None:
        self.live.stop()


def make_progress(quiet: bool) -> ExperimentProgress | None:
    if quiet:
        return None
    return LiveProgress() if sys.stderr.isatty() else LogProgress()


# --- the loop ----------------------------------------------------------------------


def _log_failure(root: Path, trial: Trial, error: BaseException) -> None:
    line = {
        "trial": trial.key,
        "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "error": f"{type(error).__name__}: {str(error).strip().splitlines()[0] if str(error).strip() else ''}",
    }
    with open(root / FAILURES_FILE, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(line) + "\n")


def check_grid(spec: GridSpec) -> None:
    """Every arm's trial config must build, and its code model load, before anything runs:
    a mistake there is one error line, not a grid of failed trials."""
    from mleworld.agent.config import build_config
    from mleworld.agent.loop import check_config, default_code_model

    models_checked: set[str] = set()
    seen: set[str] = set()
    for trial in spec.trials():
        if trial.arm.name in seen:
            continue
        seen.add(trial.arm.name)
        config = build_config(spec.run_config(trial), f"arm {trial.arm.name}")
        check_config(config)
        if config.codegen.model not in models_checked:
            models_checked.add(config.codegen.model)
            default_code_model(config)


def run_experiment(
    root: Path,
    spec: GridSpec | None,
    *,
    resume: bool = False,
    workers: int = 1,
    executor: str = "local",
    progress: ExperimentProgress | None = None,
    plots: bool = True,
) -> dict[str, Any]:
    """Run every unfinished trial of the grid; returns the final results dict."""
    if workers < 1:
        raise ConfigError(f"--workers {workers} must be at least 1")
    if executor not in EXECUTORS:
        raise ConfigError(f"unknown executor {executor!r}; choose local or ray")
    if spec is not None:
        check_grid(spec)
    spec = store.open_experiment(root, spec, resume)
    trials = spec.trials()
    done = store.finished(root, spec)
    todo = [t for t in trials if t.key not in done]
    started = time.monotonic()
    state: dict[str, Any] = {
        "done": len(done),
        "total": len(trials),
        "running": [],
        "failed": 0,
        "elapsed_s": 0.0,
        "eta_s": None,
        "last": None,
    }
    finished_here = 0
    results = store.write_results(root, spec, done, plots=plots)
    last_plot = time.monotonic()
    results["trials_failed"] = 0
    if not todo:
        if progress:
            progress.update(state)
        return results
    pool = TrialPool(executor, workers)
    pending: dict[Future, Trial] = {}
    queue: Iterator[Trial] = iter(todo)

    def fill() -> None:
        for trial in queue:
            meta = {
                "key": trial.key,
                "arm": trial.arm.name,
                "policy": trial.arm.policy,
                "gate": trial.arm.gate,
                "task": Path(trial.task).name,
                "seed": trial.seed,
            }
            run_dir = store.trial_dir(root, trial)
            run_dir.parent.mkdir(parents=True, exist_ok=True)
            pending[pool.submit(spec.run_config(trial), run_dir, meta)] = trial
            if len(pending) >= workers:
                return

    def show() -> None:
        state["elapsed_s"] = time.monotonic() - started
        state["running"] = [t.key for t in pending.values()]
        left = state["total"] - state["done"]
        if finished_here:
            state["eta_s"] = left * state["elapsed_s"] / finished_here
        if progress:
            progress.update(state)

    try:
        fill()
        show()
        while pending:
            ready, _ = wait(list(pending), return_when=FIRST_COMPLETED)
            for future in ready:
                trial = pending.pop(future)
                error = future.exception()
                if error is not None:
                    _log_failure(root, trial, error)
                    state["failed"] += 1
                    state["last"] = f"{trial.key} failed: {type(error).__name__}"
                    continue
                done[trial.key] = future.result()
                finished_here += 1
                state["done"] += 1
                pct = done[trial.key]["percentile"]
                state["last"] = f"{trial.key} pct {'invalid' if pct is None else f'{pct:.1f}'}"
            due = plots and time.monotonic() - last_plot >= PLOT_EVERY_S
            results = store.write_results(root, spec, done, plots=due)
            last_plot = time.monotonic() if due else last_plot
            fill()
            show()
        if plots:
            results = store.write_results(root, spec, done, plots=True)
    except BaseException:
        pool.close(wait=False)
        raise
    else:
        pool.close()
    finally:
        if progress:
            progress.close()
    results["trials_failed"] = state["failed"]
    return results
