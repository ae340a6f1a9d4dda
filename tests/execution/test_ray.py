"""The Ray executor on a real local Ray: programs come back as outcomes; a worker that
dies under a job is a harness failure, retried from scratch, never the program's outcome."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mleworld.execution.executors import Job, JobsFailed, RayExecutor, get_executor
from mleworld.execution.limits import Limits
from mleworld.tasks.task import Task

pytestmark = pytest.mark.ray

CLEAN = (
    "import csv\nrows = list(csv.DictReader(open('input/train.csv')))\n"
    "print(f'Validation accuracy: {sum(int(r[\"y\"]) for r in rows) / len(rows):.3f}')\n"
    "open('submission/submission.csv', 'w').write('id,y\\n20,0\\n21,1\\n')\n"
)
CRASH = "import csv\nrow = next(csv.DictReader(open('input/train.csv')))\nrow['missing']\n"
THREADS = "import os\nprint(os.environ['OMP_NUM_THREADS'])\n"
SLEEPS = "import time\nprint('sleeping', flush=True)\ntime.sleep(120)\n"
# Hangs while the data says so; otherwise finishes. 'started' tells the test it runs.
HANGS = (
    "import time\nopen('started', 'w').close()\n"
    "if open('input/mode.txt').read().strip() == 'hang':\n    time.sleep(600)\n"
    "print('finished', flush=True)\n"
)


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[Any]:
    """Ray started by the executor itself, as a user's first RayExecutor() does."""
    ray = pytest.importorskip("ray")
    if ray.is_initialized():
        ray.shutdown()
    owner = RayExecutor(num_cpus=2)  # a new local instance, no dashboard
    assert ray.is_initialized() and ray.cluster_resources()["CPU"] == 2
    yield ray
    owner.close()
    assert not ray.is_initialized()


def _task(root: Path) -> Path:
    (root / "public").mkdir(parents=True)
    (root / "private").mkdir()
    (root / "public" / "train.csv").write_text(
        "id,y\n" + "".join(f"{i},{i % 2}\n" for i in range(20))
    )
    (root / "public" / "sample_submission.csv").write_text("id,y\n20,0\n21,0\n")
    (root / "private" / "answers.csv").write_text("id,y\n20,0\n21,1\n")
    Task(root, "ray", "accuracy", "id", ("y",), time_limit_s=60).save()
    return root


def test_clean_crash_and_timeout_are_the_programs_outcomes(
    ray_cluster: Any, tmp_path: Path
) -> None:
    task = _task(tmp_path / "task")
    executor = get_executor("ray")
    assert isinstance(executor, RayExecutor)
    jobs = [
        Job(CLEAN, task_dir=task, key="clean"),
        Job(CRASH, task_dir=task, key="crash"),
        Job("def broken(:\n", task_dir=task, key="syntax"),
        Job(SLEEPS, task_dir=task, limits=Limits(time_limit_s=2, grace_s=1), key="timeout"),
        Job(THREADS, cpus=2, key="threads"),  # both of Ray's CPUs: runs alone
    ]
    clean, crash, syntax, timeout, threads = executor.run(jobs)
    assert (clean.exc_type, clean.metric, clean.submission_valid) == ("None", 0.5, True)
    assert crash.exc_type == "KeyError" and "row['missing']" in crash.term_out
    assert syntax.exc_type == "SyntaxError"
    assert threads.exc_type == "None" and threads.term_out.strip() == "2"
    assert timeout.exc_type == "TimeoutError" and timeout.timed_out
    assert "sleeping" in timeout.term_out and "KeyboardInterrupt" in timeout.term_out
    # map() streams the same outcomes; a job that cannot run at all is no outcome
    broken = Job("print(1)\n", task_dir=tmp_path / "nope", key="broken")
    seen: dict[str, str] = {}
    with pytest.raises(JobsFailed, match="broken: .*does not exist"):
        for job, outcome in executor.map([broken, jobs[1]]):
            seen[job.key] = outcome.exc_type
    assert seen == {"crash": "KeyError"}
    assert executor.retried == []
    executor.close()  # the fixture's Ray stays up: the executor did not start it
    assert ray_cluster.is_initialized()


def _ray_worker_running(workspace: Path) -> int:
    """The Ray worker process above the program working in `workspace`."""
    program = next(
        int(entry.name)
        for entry in Path("/proc").iterdir()
        if entry.name.isdigit() and _cwd(entry) == str(workspace)
    )
    pid = program
    while pid > 1:
        try:
            title = Path(f"/proc/{pid}/cmdline").read_bytes()
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            break
        if title.startswith(b"ray::"):
            return pid
        pid = int(stat.rsplit(")", 1)[1].split()[1])
    raise AssertionError(f"no Ray worker above the program {program}")


def _cwd(entry: Path) -> str:
    try:
        return os.readlink(entry / "cwd")
    except OSError:
        return ""


def _run_in_background(executor: RayExecutor, job: Job) -> tuple[threading.Thread, dict]:
    result: dict[str, Any] = {}

    def target() -> None:
        try:
            result["streamed"] = list(executor.map([job]))
        except Exception as exc:  # handed to the test thread
            result["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    return thread, result


def _kill_the_worker_once_started(workspace: Path) -> None:
    deadline = time.monotonic() + 120
    while not (workspace / "started").exists():
        assert time.monotonic() < deadline, "the program never started"
        time.sleep(0.1)
    os.kill(_ray_worker_running(workspace), signal.SIGKILL)


def _hanging_job(tmp_path: Path) -> tuple[Job, Path, Path]:
    data, workspace = tmp_path / "data", tmp_path / "ws"
    data.mkdir()
    (data / "mode.txt").write_text("hang\n")
    job = Job(
        HANGS, data_dir=data, limits=Limits(time_limit_s=300), key="victim", workspace=workspace
    )
    return job, data, workspace


def test_a_killed_worker_is_retried_from_scratch(ray_cluster: Any, tmp_path: Path) -> None:
    job, data, workspace = _hanging_job(tmp_path)
    executor = RayExecutor(max_retries=2)
    thread, result = _run_in_background(executor, job)
    _kill_the_worker_once_started(workspace)
    # What the retry will find; the killed attempt would have hung for ten minutes.
    (data / "mode.txt").write_text("finish\n")
    thread.join(timeout=240)
    assert not thread.is_alive() and "error" not in result, result
    [(done, outcome)] = result["streamed"]
    assert done.key == "victim"
    # The one outcome is the retry's, a clean run; the dead attempt left no outcome.
    assert outcome.exc_type == "None" and outcome.term_out.strip() == "finished"
    [(retried, why)] = executor.retried
    assert retried.key == "victim" and why.startswith("WorkerCrashedError")
    assert sorted(p.name for p in workspace.iterdir()) == [
        "input", "runfile.py", "started", "submission", "working"
    ]  # fmt: skip


def test_a_worker_killed_past_the_retries_is_a_harness_error(
    ray_cluster: Any, tmp_path: Path
) -> None:
    job, _, workspace = _hanging_job(tmp_path)
    executor = RayExecutor(max_retries=0)
    thread, result = _run_in_background(executor, job)
    _kill_the_worker_once_started(workspace)
    thread.join(timeout=240)
    assert not thread.is_alive()
    assert "streamed" not in result  # nothing was yielded as the program's outcome
    error = result["error"]
    assert isinstance(error, JobsFailed)
    [(failed, cause)] = error.failures
    assert failed.key == "victim"
    assert str(cause).startswith("ray task failed 1 time(s): WorkerCrashedError")
    assert executor.retried == []
