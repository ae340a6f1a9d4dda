"""`mleworld run` and `mleworld demo`: flags into a RunConfig, then the agent's Python API.

Everything a run does lives in mleworld.agent.loop; this module only parses
flags, picks the progress display, and prints the result lines.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import typer

from mleworld.errors import ConfigError

DEMO_TASK = "penguins"  # a small bundled suite task whose programs run in seconds
DEMO_STEPS = 10
DEMO_TIME_BUDGET = "4m"  # a slow draft on a busy machine must not stretch the demo
DEMO_TIME_LIMIT_S = 90.0  # per program; the task's own limit is generous for a demo


def _overrides(
    seed: int | None,
    steps: int | None,
    time_budget: str | None,
    exec_budget: str | None,
    time_limit: str | None,
    code_model: str | None,
    base_url: str | None,
    api_key_env: str | None,
    defect_rate: float | None,
    search: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return {
        "seed": seed,
        "search": search or {},
        "agent": {"steps": steps, "time_budget_s": time_budget, "exec_budget_s": exec_budget},
        "exec": {"time_limit_s": time_limit},
        "codegen": {
            "model": code_model,
            "base_url": base_url,
            "api_key_env": api_key_env,
            "defect_rate": defect_rate,
        },
    }


def print_result(summary: dict[str, Any], run_dir: Path) -> None:
    """The lines a user reads at the end: best verified metric, then the grade."""
    best = summary.get("best")
    direction = "lower is better" if summary.get("lower_is_better") else "higher is better"
    if best is None:
        print(f"no verified solution after {summary.get('steps', 0)} steps (see report.html)")
    else:
        print(
            f"best verified {summary.get('metric')}: {best['metric']:.6g} ({direction}), "
            f"node {best['node_id']} at step {best['step']}"
        )
    grade = summary.get("grade")
    if grade is not None:
        if grade.get("valid"):
            pct = grade.get("percentile")
            print(
                f"test score: {grade['score']:.6g}  "
                f"percentile: {'n/a' if pct is None else f'{pct:.1f}'}  "
                f"medal: {grade.get('medal') or 'none'}"
            )
        else:
            print(f"test score: none (submission invalid: {grade.get('error')})")
    elif summary.get("grade_error"):
        print(f"not graded: {summary['grade_error']}")
    used = summary.get("used", {})
    print(
        f"steps: {summary.get('steps', 0)}  executed: {used.get('executed', 0)}  "
        f"execution time: {used.get('exec_time_s', 0):.1f}s  "
        f"wall time: {used.get('wall_time_s', 0):.1f}s  stopped by: {summary.get('stop_reason')}"
    )
    search = summary.get("search") or {}
    if search.get("predictions") or search.get("trusted"):
        print(
            f"search: policy {search.get('policy')}, gate {search.get('gate')}: "
            f"{search.get('real_runs', 0)} real runs, {search.get('trusted', 0)} trusted, "
            f"{search.get('predictions', 0)} predictions in {search.get('wm_time_s', 0):.1f}s "
            f"({search.get('world_model')})"
        )
    print(f"run dir: {run_dir}")


def _go(action: Any, run_dir: Path) -> None:
    try:
        summary = action()
    except KeyboardInterrupt:
        print(
            f"interrupted; the journal is saved. Continue with: mleworld run --resume {run_dir}",
            file=sys.stderr,
        )
        raise typer.Exit(130) from None
    print_result(summary, run_dir)


def run(
    task: str | None = typer.Argument(
        None, help="Task directory or bundled suite name (omit with --resume)."
    ),
    steps: int | None = typer.Option(None, "--steps", help="Number of search steps (default 20)."),
    time_budget: str | None = typer.Option(
        None, "--time-budget", help="Wall-time budget of the run, e.g. 2h, 30m, 90s."
    ),
    exec_budget: str | None = typer.Option(
        None, "--exec-budget", help="Budget of real execution time, e.g. 1h."
    ),
    time_limit: str | None = typer.Option(
        None, "--time-limit", help="Per-program time limit (default: the task's)."
    ),
    code_model: str | None = typer.Option(
        None, "--code-model", help="builtin | openai:MODEL | scripted:PATH (default builtin)."
    ),
    scaffold: str | None = typer.Option(
        None,
        "--scaffold",
        help="aide (the fixed AIDE loop, default) | harness (the model directs the run "
        "through tools; see README).",
    ),
    base_url: str | None = typer.Option(None, "--base-url", help="OpenAI-compatible endpoint URL."),
    api_key_env: str | None = typer.Option(
        None, "--api-key-env", help="Name of the environment variable holding the API key."
    ),
    defect_rate: float | None = typer.Option(
        None, "--defect-rate", help="Builtin model: share of programs written with a bug."
    ),
    seed: int | None = typer.Option(None, "--seed", help="Seed of the whole run (default 0)."),
    out: Path | None = typer.Option(
        None, "--out", help="Run directory (default runs/TASK-TIMESTAMP)."
    ),
    resume: Path | None = typer.Option(
        None, "--resume", help="Continue the run in this directory with its own config."
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress display."),
    config_file: Path | None = typer.Option(
        None, "--config", help="YAML with search/agent/exec/codegen settings; flags override it."
    ),
    policy: str | None = typer.Option(
        None,
        "--policy",
        help="Step policy: none (base AIDE), bon, ucb, sequential, pairwise, fusion, bon-real.",
    ),
    candidates: int | None = typer.Option(
        None, "--candidates", help="Candidates a step draws (default 4; policy none: 1)."
    ),
    beta: float | None = typer.Option(None, "--beta", help="ucb's exploration weight (0.5)."),
    gate: str | None = typer.Option(
        None, "--gate", help="always (run every chosen program), confidence, or random."
    ),
    gamma_success: float | None = typer.Option(
        None, "--gamma-success", help="Confidence gate: trust a predicted success at p_max >= this."
    ),
    gamma_failure: float | None = typer.Option(
        None, "--gamma-failure", help="Confidence gate: trust a predicted failure at p_max >= this."
    ),
    p_run: float | None = typer.Option(
        None, "--p-run", help="Random gate: chance of a discretionary real run (0.5)."
    ),
    world_model: str | None = typer.Option(
        None,
        "--world-model",
        help="World model (fast, fast:PATH, baseline:...; none). Default: fast when the policy "
        "or gate predicts, none otherwise.",
    ),
    no_observe: bool = typer.Option(
        False, "--no-observe", help="Do not let the world model learn from this run's real runs."
    ),
) -> None:
    """Run the agent on a task: search, keep the best verified solution, grade it."""
    from mleworld.agent import loop
    from mleworld.agent.config import build_config, merge, read_yaml
    from mleworld.agent.progress import make_progress
    from mleworld.cli import harness_cmd

    progress = make_progress(quiet)
    if resume is not None:
        fixed = {
            "TASK": task,
            "--time-limit": time_limit,
            "--code-model": code_model,
            "--scaffold": scaffold,
            "--base-url": base_url,
            "--api-key-env": api_key_env,
            "--defect-rate": defect_rate,
            "--seed": seed,
            "--out": out,
            "--config": config_file,
            "--policy": policy,
            "--candidates": candidates,
            "--beta": beta,
            "--gate": gate,
            "--gamma-success": gamma_success,
            "--gamma-failure": gamma_failure,
            "--p-run": p_run,
            "--world-model": world_model,
            "--no-observe": True if no_observe else None,
        }
        given = [name for name, value in fixed.items() if value is not None]
        if given:
            raise ConfigError(
                f"{', '.join(given)} cannot change when resuming; --resume keeps the run's own "
                "config (only --steps, --time-budget and --exec-budget may be raised)"
            )
        extra = {
            "agent": {"steps": steps, "time_budget_s": time_budget, "exec_budget_s": exec_budget}
        }
        _go(lambda: harness_cmd.resume_run(resume, extra, progress), resume)
        return
    base = read_yaml(config_file) if config_file is not None else {}
    harness_part = base.pop("harness", None)  # HarnessConfig: validated by the harness
    if task is None and not base.get("task"):
        raise ConfigError("name a task: mleworld run TASK_DIR_OR_NAME (or --resume RUN_DIR)")
    flags = _overrides(
        seed,
        steps,
        time_budget,
        exec_budget,
        time_limit,
        code_model,
        base_url,
        api_key_env,
        defect_rate,
        {
            "policy": policy,
            "num_candidates": candidates,
            "beta": beta,
            "gate": gate,
            "gamma_success": gamma_success,
            "gamma_failure": gamma_failure,
            "p_run": p_run,
            "world_model": world_model,
            "observe": False if no_observe else None,
        },
    )
    config = build_config(merge(base, flags | {"task": task}), str(config_file or "flags"))
    run_dir = out or loop.new_run_dir(Path(config.task).name)
    _go(lambda: harness_cmd.start_run(scaffold, config, run_dir, harness_part, progress), run_dir)


def demo(
    steps: int = typer.Option(DEMO_STEPS, "--steps", help="Number of search steps."),
    time_budget: str = typer.Option(
        DEMO_TIME_BUDGET, "--time-budget", help="Wall-time budget, so the demo ends on time."
    ),
    seed: int = typer.Option(0, "--seed", help="Seed of the run."),
    out: Path | None = typer.Option(
        None, "--out", help="Run directory (default runs/demo-TASK-TIMESTAMP)."
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress display."),
) -> None:
    """Run the offline builtin agent on a small bundled task and print score, percentile, medal."""
    from mleworld.agent import loop
    from mleworld.agent.config import build_config
    from mleworld.agent.progress import make_progress

    config = build_config(
        {
            "task": DEMO_TASK,
            "seed": seed,
            "agent": {"steps": steps, "time_budget_s": time_budget},
            "exec": {"time_limit_s": DEMO_TIME_LIMIT_S},
        },
        "demo",
    )
    run_dir = out or loop.new_run_dir(f"demo-{DEMO_TASK}")
    _go(lambda: loop.start(config, run_dir, progress=make_progress(quiet)), run_dir)


def register(app: typer.Typer) -> None:
    """Add `run` and `demo` to the main app."""
    app.command("run")(run)
    app.command("demo")(demo)
