"""Executors run batches of real programs: the local thread pool (Ray: test_ray.py)."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest

from mleworld.errors import MleWorldError, TaskError
from mleworld.execution.executors import (
    RAY_INSTALL,
    Executor,
    Job,
    JobsFailed,
    LocalExecutor,
    RayExecutor,
    get_executor,
    job_limits,
)
from mleworld.execution.limits import Limits
from mleworld.tasks.task import Task

LIMITS = Limits(time_limit_s=60, grace_s=1)


def make_task(root: Path) -> Path:
    (root / "public").mkdir(parents=True)
    (root / "private").mkdir()
    (root / "public" / "train.csv").write_text(
        "id,x,y\n" + "".join(f"{i},{i},{i % 2}\n" for i in range(20))
    )
    (root / "public" / "sample_submission.csv").write_text("id,y\n20,0\n21,0\n")
    (root / "private" / "answers.csv").write_text("id,y\n20,0\n21,1\n")
    Task(
        path=root,
        id="batch",
        metric="accuracy",
        id_column="id",
        target_columns=("y",),
        time_limit_s=60,
    ).save()
    return root


PROGRAMS = {
    "clean": "import pandas as pd\ndf = pd.read_csv('input/train.csv')\nprint(f'Validation accuracy: {df.y.mean():.3f}')\n"
    "pd.DataFrame({'id': [20, 21], 'y': [0, 1]}).to_csv('submission/submission.csv', index=False)\n",
    "crash": "import pandas as pd\ndf = pd.read_csv('input/train.csv')\ndf['missing_column']\n",
    "syntax": "def broken(:\n",
    "threads": "import os\nprint(os.environ['OMP_NUM_THREADS'])\n",
}


def check_batch(outcomes: list, jobs: list[Job]) -> None:
    by_key = dict(zip([j.key for j in jobs], outcomes, strict=True))
    assert by_key["clean"].exc_type == "None" and by_key["clean"].metric == 0.5
    assert by_key["clean"].submission_valid is True
    assert by_key["crash"].exc_type == "KeyError"
    assert by_key["syntax"].exc_type == "SyntaxError"
    # No cap was asked for: the program got the machine-wide share, and the outcome says which.
    threads = by_key["threads"]
    assert threads.threads is not None and threads.term_out.strip() == str(threads.threads)


def test_local_executor_runs_a_batch_in_order(tmp_path: Path) -> None:
    task_dir = make_task(tmp_path / "task")
    jobs = [Job(code, task_dir=task_dir, limits=LIMITS, key=key) for key, code in PROGRAMS.items()]
    with LocalExecutor(workers=2) as executor:
        assert isinstance(executor, Executor)
        outcomes = executor.run(jobs)
        check_batch(outcomes, jobs)
        streamed = dict((job.key, out.exc_type) for job, out in executor.map(iter(jobs)))
    assert streamed == {
        "clean": "None",
        "crash": "KeyError",
        "syntax": "SyntaxError",
        "threads": "None",
    }


def test_local_executor_really_runs_jobs_side_by_side(tmp_path: Path) -> None:
    """Two programs that each wait for a go-signal we only give once both have started."""
    code = (
        "import os, time\nopen('started', 'w').close()\n"
        "while not os.path.exists('go'):\n    time.sleep(0.05)\nprint('went')\n"
    )
    workspaces = [tmp_path / "ws_a", tmp_path / "ws_b"]
    jobs = [
        Job(code, limits=Limits(time_limit_s=120), key=ws.name, workspace=ws) for ws in workspaces
    ]
    results: list = []
    with LocalExecutor(workers=2) as executor:
        runner = threading.Thread(target=lambda: results.extend(executor.run(jobs)))
        runner.start()
        deadline = time.monotonic() + 100
        while not all((ws / "started").exists() for ws in workspaces):
            assert time.monotonic() < deadline, "the two jobs never ran at the same time"
            time.sleep(0.05)
        for ws in workspaces:
            (ws / "go").touch()
        runner.join()
    assert [o.term_out.strip() for o in results] == ["went", "went"]
    assert not any(o.timed_out for o in results)


def test_job_cpus_set_the_thread_caps(tmp_path: Path) -> None:
    jobs = [Job(PROGRAMS["threads"], limits=LIMITS, cpus=2, key="two")]
    with LocalExecutor(workers=1, cpus=2) as executor:
        [outcome] = executor.run(jobs)
    assert outcome.term_out.strip() == "2"


def test_executor_failures_do_not_stop_the_batch(tmp_path: Path) -> None:
    good = Job("print('fine')\n", limits=LIMITS, key="good")
    bad = Job("print(1)\n", task_dir=tmp_path / "no_such_task", limits=LIMITS, key="bad")
    seen = []
    with LocalExecutor(workers=2) as executor:
        with pytest.raises(JobsFailed) as info:
            for job, outcome in executor.map([bad, good]):
                seen.append((job.key, outcome.term_out.strip()))
        assert seen == [("good", "fine")]
        assert [job.key for job, _ in info.value.failures] == ["bad"]
        assert isinstance(info.value.failures[0][1], TaskError)
        assert "bad:" in str(info.value)
        with pytest.raises(JobsFailed):
            executor.run([good, bad])


def test_job_limits_defaults() -> None:
    job = Job("pass", cpus=3, gpus=1)
    limits = job_limits(job, task_time_limit_s=42)
    assert limits.time_limit_s == 42 and limits.threads == 3 and limits.memory_mb is None
    explicit = Job("pass", limits=Limits(threads=5, memory_mb=1000))
    assert job_limits(explicit, 42) == Limits(threads=5, memory_mb=1000)
    with pytest.raises(MleWorldError, match="not both"):
        Job("pass", task_dir=Path("a"), data_dir=Path("b"))


def test_get_executor_by_name() -> None:
    executor = get_executor("local", workers=1)
    try:
        assert executor.name == "local"
    finally:
        executor.close()
    with pytest.raises(MleWorldError, match="local, ray"):
        get_executor("dask")
    with pytest.raises(MleWorldError, match="bad option"):
        get_executor("local", nodes=3)


def test_missing_ray_names_the_install_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    with pytest.raises(MleWorldError) as info:
        RayExecutor()
    assert RAY_INSTALL in str(info.value) and RAY_INSTALL == "pip install 'mleworld[ray]'"
