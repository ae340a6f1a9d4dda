"""The builtin code model's programs, run for real on small hand-made tasks.

Each program runs as runfile.py in a fresh workspace (./input/ is a copy of the
task's public/, ./submission/ exists), in a plain subprocess. Runs go two at a
time (the machine has two cores).
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pytest

from mleworld.codegen.base import CodeRequest
from mleworld.codegen.builtin import BuiltinCodeModel
from mleworld.codegen.builtin import defects as defects_mod
from mleworld.codegen.builtin.drafts import normalize, sample_spec
from mleworld.codegen.builtin.examples import make_example_task
from mleworld.codegen.builtin.profile import TaskProfile, profile_task
from mleworld.codegen.builtin.render import render
from mleworld.codegen.builtin.spec import ProgramSpec, extract_spec, spec_diff
from mleworld.execution.parsing import parse_exception, parse_metric
from mleworld.tasks.grading import grade_file
from mleworld.tasks.task import Task

RUN_TIMEOUT_S = 120


@dataclass
class Ran:
    exc_type: str
    out: str
    metric: float | None
    submission: Path | None  # the submission file, when one was written

    @property
    def clean(self) -> bool:
        return self.exc_type == "None" and self.submission is not None


def run(code: str, task: Task, workdir: Path, timeout: float = RUN_TIMEOUT_S) -> Ran:
    workdir.mkdir(parents=True)
    shutil.copytree(task.public_dir, workdir / "input")
    (workdir / "submission").mkdir()
    (workdir / "runfile.py").write_text(code)
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    proc = subprocess.Popen(
        [sys.executable, "runfile.py"],
        cwd=workdir,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        start_new_session=True,
    )
    timed_out = False
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        timed_out = True
    sub = workdir / "submission" / "submission.csv"
    return Ran(
        parse_exception(out, proc.returncode, timed_out),
        out,
        parse_metric(out)[0],
        sub if sub.is_file() else None,
    )


def run_all(jobs: list[tuple[str, Task, Path, float]]) -> list[Ran]:
    with ThreadPoolExecutor(max_workers=2) as pool:
        return list(pool.map(lambda job: run(*job), jobs))


def assert_valid_submission(ran: Ran, task: Task) -> None:
    assert ran.clean, ran.out[-3000:]
    assert ran.metric is not None, f"no metric line printed:\n{ran.out[-2000:]}"
    sub = pd.read_csv(ran.submission)  # type: ignore[arg-type]
    sample = pd.read_csv(task.sample_submission_path)
    assert list(sub.columns) == list(sample.columns)
    assert sorted(sub[task.id_column]) == sorted(sample[task.id_column])
    graded = grade_file(task, ran.submission)  # type: ignore[arg-type]
    assert graded.valid, graded.error


@pytest.fixture(scope="module")
def tasks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Task]:
    root = tmp_path_factory.mktemp("builtin_tasks")
    return {
        kind: make_example_task(kind, root / kind, rows=200, seed=1)
        for kind in ("binary", "multiclass", "regression", "multilabel", "text")
    }


@pytest.mark.slow
def test_drafts_run_and_write_a_gradable_submission_for_every_kind(
    tasks: dict[str, Task], tmp_path: Path
) -> None:
    model = BuiltinCodeModel(seed=3)
    jobs, gens = [], []
    for i, (kind, task) in enumerate(tasks.items()):
        gen = model.generate(CodeRequest("draft", "", task=task, seed=i))
        gens.append(gen)
        jobs.append((gen.code, task, tmp_path / kind, RUN_TIMEOUT_S))
    for (_, task, _, _), ran, gen in zip(jobs, run_all(jobs), gens, strict=True):
        assert gen.meta["defect"] is None
        assert_valid_submission(ran, task)


def _time_spec(profile: TaskProfile, validation: str, name_seed: int) -> ProgramSpec:
    for attempt in range(200):
        spec = sample_spec(profile, random.Random(f"time|{validation}|{attempt}"))
        if spec.time_order and spec.validation == validation:
            spec.style.name_seed = name_seed
            spec.family, spec.params, spec.ensemble = "rf", {"n_estimators": 30}, None
            return normalize(spec, profile, budget=False)
    raise AssertionError("no time-ordered draft in 200 tries")


@pytest.mark.slow
def test_time_ordered_drafts_sort_by_date_validate_on_the_latest_rows_and_run(
    tasks: dict[str, Task], tmp_path: Path
) -> None:
    task = tasks["binary"]  # its `signup` column is a date
    profile = profile_task(task)
    forms = {
        "unshuffled": (_time_spec(profile, "holdout", 0), ", shuffle=False)"),
        "tail_cut": (_time_spec(profile, "holdout", 1), "[:cut]"),
        "folds": (_time_spec(profile, "kfold", 0), "TimeSeriesSplit(n_splits="),
    }
    jobs = []
    for name, (spec, marker) in forms.items():
        code = render(spec, profile).code
        assert ".sort_values('signup').reset_index(drop=True)" in code, name
        assert marker in code, name
        jobs.append((code, task, tmp_path / name, RUN_TIMEOUT_S))
    for ran in run_all(jobs):
        assert_valid_submission(ran, task)


@pytest.mark.slow
def test_improvement_changes_one_thing_and_still_runs(
    tasks: dict[str, Task], tmp_path: Path
) -> None:
    task = tasks["regression"]
    model = BuiltinCodeModel(seed=5)
    parent = model.generate(CodeRequest("draft", "", task=task, seed=11))
    child = model.generate(CodeRequest("improve", "", task=task, parent_code=parent.code, seed=11))
    a, b = extract_spec(parent.code), extract_spec(child.code)
    assert a is not None and b is not None
    changed = spec_diff(a, b)
    assert changed and not any(path.startswith("style.") for path in changed)
    assert len({path.split(".")[0] for path in changed}) <= 4, changed
    assert child.plan.count(".") == 1 and child.plan.endswith(".")
    assert_valid_submission(run(child.code, task, tmp_path / "child"), task)


def _defective(task: Task, kind: str, seed: int) -> tuple[str, defects_mod.Defect]:
    """A program of this task carrying one defect of `kind` (tries a few drafts)."""
    profile = profile_task(task)
    for attempt in range(40):
        spec = sample_spec(profile, random.Random(f"{seed}|{attempt}"))
        if kind == "shape_dtype":
            spec.style.columns = "hardcoded"
        # small and quick: one split, few trees (the subject here is the repair)
        spec.validation, spec.final_fit, spec.n_repeats = "holdout", "refit", 1
        for key in ("n_estimators", "max_iter"):
            if key in spec.params:
                spec.params[key] = 40
        prog = render(spec, profile)

        def rerender(overrides, defect, spec=spec):  # type: ignore[no-untyped-def]
            if defect == "timeout":
                out = render(spec.copy(**overrides), profile)
            else:
                out = render(spec, profile, defect=defect)
            return out.code, out.sites

        target = defects_mod.Target(prog.code, prog.sites, spec, profile, rerender)
        injected = defects_mod.inject(target, random.Random(attempt), [kind])
        if injected is not None:
            return injected
    raise AssertionError(f"no {kind} defect could be injected")


@pytest.mark.slow
def test_debug_repairs_every_defect_kind_from_its_real_traceback(
    tasks: dict[str, Task], tmp_path: Path
) -> None:
    quick = make_example_task("binary", tmp_path / "quick", rows=150, seed=2, time_limit_s=3)
    cases = []
    for i, kind in enumerate(defects_mod.WEIGHTS):
        dated = kind == "date_format" or i % 2  # the binary example has a date column
        task = quick if kind == "timeout" else tasks["binary" if dated else "multiclass"]
        code, defect = _defective(task, kind, seed=i)
        cases.append((kind, task, code, defect))
    broken = run_all(
        [(code, task, tmp_path / f"{kind}_a", task.time_limit_s) for kind, task, code, _ in cases]
    )
    model = BuiltinCodeModel(seed=0)
    repairs = []
    for (kind, task, code, defect), ran in zip(cases, broken, strict=True):
        if defect.expected == "None":
            assert ran.exc_type == "None" and ran.submission is None, (kind, ran.out[-1500:])
        elif kind == "syntax":
            assert ran.exc_type in ("SyntaxError", "IndentationError"), (kind, ran.out[-1500:])
        elif kind == "shape_dtype":
            assert ran.exc_type in ("ValueError", "TypeError"), (kind, ran.out[-1500:])
        elif kind == "bad_param":  # cross-validation reports every fit failing as one ValueError
            assert ran.exc_type in ("InvalidParameterError", "ValueError"), ran.out[-1500:]
        else:
            assert ran.exc_type == defect.expected, (kind, defect, ran.out[-1500:])
        fix = model.generate(
            CodeRequest(
                "debug",
                "",
                task=task,
                parent_code=code,
                parent_output=ran.out,
                parent_exc_type=ran.exc_type,
                seed=1,
            )
        )
        assert defect.detail not in fix.plan
        repairs.append((kind, task, fix))
    fixed = run_all(
        [(fix.code, task, tmp_path / f"{kind}_b", RUN_TIMEOUT_S) for kind, task, fix in repairs]
    )
    for (kind, task, fix), ran in zip(repairs, fixed, strict=True):
        assert_valid_submission(ran, task)
        if kind in (
            "wrong_column",
            "wrong_kwarg",
            "undefined_name",
            "wrong_path",
            "syntax",
            "wrong_attribute",
            "missing_submission",
            "missing_folder",
            "date_format",
            "bad_param",
        ):
            assert fix.meta["precise"], (kind, fix.meta)
        if kind == "timeout":
            assert fix.meta["repair"] == "cost"
