"""`mleworld experiment` (flags into a GridSpec, then experiments.runner) and
`mleworld diagnose` (experiments.diagnose).

The grid, the trials and the numbers live in mleworld.experiments; this module
parses flags and prints where the results are.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from mleworld.errors import ConfigError

DEFAULT_POLICIES = "none,bon,ucb,sequential,pairwise,fusion,bon-real"


def _grid(
    tasks: str,
    policies: str,
    gate: str,
    seeds: str,
    steps: int | None,
    time_budget: str | None,
    exec_budget: str | None,
    defect_rate: float,
    candidates: int,
    beta: str | None,
    gamma_success: str | None,
    gamma_failure: str | None,
    p_run: str | None,
    random_policies: str | None,
    first: str | None,
    time_limit: str | None,
    code_model: str | None = None,
    world_model: str | None = None,
    drafts: int | None = None,
) -> Any:
    from mleworld.agent.config import parse_duration
    from mleworld.experiments import grid

    if steps is not None and steps < 1:
        raise ConfigError(f"--steps {steps} must be at least 1")
    time_s, exec_s = parse_duration(time_budget), parse_duration(exec_budget)
    limit_s = parse_duration(time_limit)
    for flag, value in (("--time-budget", time_s), ("--exec-budget", exec_s)):
        if value is not None and value <= 0:
            raise ConfigError(f"{flag} must be a positive duration, e.g. 30m")
    if limit_s is not None and limit_s <= 0:
        raise ConfigError("--time-limit must be a positive duration, e.g. 60s")
    if steps is None and time_s is None and exec_s is None:
        raise ConfigError("give a budget per trial: --steps N, --time-budget T or --exec-budget T")
    if drafts is not None and drafts < 1:
        raise ConfigError(f"--drafts {drafts} must be at least 1")
    if not 0.0 <= defect_rate <= 1.0:
        raise ConfigError(f"--defect-rate {defect_rate} is outside 0..1; pass e.g. 0.5")
    names = grid.resolve_policies(policies)
    arms = grid.build_arms(
        names,
        grid.resolve_gates(gate),
        candidates=candidates,
        betas=grid.parse_floats(beta, "--beta", 0.0, 100.0),
        gammas_success=grid.parse_floats(gamma_success, "--gamma-success", 0.0, 1.0),
        gammas_failure=grid.parse_floats(gamma_failure, "--gamma-failure", 0.0, 1.0),
        p_runs=grid.parse_floats(p_run, "--p-run", 0.0, 1.0),
        random_policies=grid.split_list(random_policies) if random_policies else None,
    )
    return grid.GridSpec(
        tasks=tuple(grid.resolve_tasks(tasks)),
        arms=tuple(arms),
        seeds=tuple(grid.parse_seeds(seeds)),
        steps=steps or grid.UNBOUNDED_STEPS,
        time_budget_s=time_s,
        exec_budget_s=exec_s,
        defect_rate=defect_rate,
        time_limit_s=limit_s,
        first=tuple(grid.split_list(first)),
        extra_config=_extra(code_model, world_model, drafts),
    )


def _extra(code_model: str | None, world_model: str | None, drafts: int | None) -> dict[str, Any]:
    """Settings every trial's RunConfig gets beyond the grid's own."""
    extra: dict[str, Any] = {}
    if code_model is not None:
        extra["codegen"] = {"model": code_model}
    search: dict[str, Any] = {}
    if world_model is not None:
        search["world_model"] = world_model
    if drafts is not None:
        search["num_drafts"] = drafts
    if search:
        extra["search"] = search
    return extra


def experiment(
    out: Path = typer.Option(..., "--out", help="Experiment directory (results and trials)."),
    tasks: str = typer.Option("suite", "--tasks", help="suite, or suite names / task dirs."),
    policies: str = typer.Option(DEFAULT_POLICIES, "--policies", help="Comma-separated policies."),
    gate: str = typer.Option("on,off", "--gate", help="Gates: on (confidence), off, random."),
    seeds: str = typer.Option("3", "--seeds", help="A count (0..N-1) or a list, e.g. 34,35,36."),
    steps: int | None = typer.Option(None, "--steps", help="Steps per trial."),
    time_budget: str | None = typer.Option(None, "--time-budget", help="Wall time per trial."),
    exec_budget: str | None = typer.Option(None, "--exec-budget", help="Real execution per trial."),
    time_limit: str | None = typer.Option(None, "--time-limit", help="Per-program time limit."),
    defect_rate: float = typer.Option(0.5, "--defect-rate", help="Builtin model's bug share."),
    candidates: int = typer.Option(4, "--candidates", help="Candidates per step (not none)."),
    beta: str | None = typer.Option(None, "--beta", help="ucb beta value(s): a sweep."),
    gamma_success: str | None = typer.Option(None, "--gamma-success", help="Gate γ_s value(s)."),
    gamma_failure: str | None = typer.Option(None, "--gamma-failure", help="Gate γ_f value(s)."),
    p_run: str | None = typer.Option(None, "--p-run", help="Random gate p_run value(s)."),
    random_policies: str | None = typer.Option(
        None, "--random-for", help="Policies the random gate runs with (default: all)."
    ),
    first: str | None = typer.Option(
        None, "--first", help="Policies whose arms run their whole grid first."
    ),
    code_model: str | None = typer.Option(
        None, "--code-model", help="builtin | openai:MODEL | scripted:PATH (default builtin)."
    ),
    world_model: str | None = typer.Option(
        None, "--world-model", help="World model the policies ask (default: fast)."
    ),
    drafts: int | None = typer.Option(
        None, "--drafts", help="Drafts before AIDE debugs and improves (default 5)."
    ),
    workers: int = typer.Option(1, "--workers", help="Trials at a time."),
    executor: str = typer.Option("local", "--executor", help="local | ray"),
    resume: bool = typer.Option(False, "--resume", help="Continue the experiment in --out."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress display."),
) -> None:
    """Run a grid of agent runs (policies x gates x tasks x seeds) and compare the arms."""
    from mleworld.experiments.runner import make_progress, run_experiment

    grid_flags = (steps, time_budget, exec_budget, time_limit, beta, gamma_success)
    grid_flags += (gamma_failure, p_run, random_policies, first, code_model, world_model, drafts)
    spec = None
    if not resume or any(v is not None for v in grid_flags):
        spec = _grid(
            tasks,
            policies,
            gate,
            seeds,
            steps,
            time_budget,
            exec_budget,
            defect_rate,
            candidates,
            beta,
            gamma_success,
            gamma_failure,
            p_run,
            random_policies,
            first,
            time_limit,
            code_model,
            world_model,
            drafts,
        )
    if executor not in ("local", "ray"):
        raise ConfigError(f"unknown --executor {executor!r}; choose local or ray")
    if workers < 1:
        raise ConfigError(f"--workers {workers} must be at least 1")
    progress = make_progress(quiet)
    try:
        results = run_experiment(
            out, spec, resume=resume, workers=workers, executor=executor, progress=progress
        )
    except KeyboardInterrupt:
        typer.echo(
            f"interrupted; continue with: mleworld experiment --out {out} --resume", err=True
        )
        raise typer.Exit(130) from None
    print(
        f"{results['trials_done']}/{results['trials_planned']} trials done; "
        f"results: {out / 'results.md'}"
    )
    if results.get("trials_failed"):
        typer.echo(
            f"{results['trials_failed']} trials failed (see {out / 'failures.jsonl'}); "
            f"--resume retries them",
            err=True,
        )
        raise typer.Exit(1)


def diagnose(
    runs: list[Path] = typer.Option(..., "--runs", help="Run or experiment directories."),
    out: Path = typer.Option(Path("diagnose"), "--out", help="Where diagnose.md/json go."),
    per_task_stage: int = typer.Option(
        3, "--states-per-task-stage", help="States sampled per (task, stage)."
    ),
    candidates: int = typer.Option(4, "--candidates", help="Candidates drawn per state."),
    world_model: str = typer.Option("fast", "--world-model", help="World model to predict with."),
    seed: int = typer.Option(0, "--seed", help="Seed of the state sample."),
) -> None:
    """Fixed-state diagnostics (appendix P): every rule over the same candidates, graded."""
    from mleworld.experiments.diagnose import run_diagnose

    def said(n: int, total: int, state: Any, elapsed: float) -> None:
        typer.echo(f"state {n}/{total} {state.key} ({state.stage}) done, {elapsed:.0f}s", err=True)

    result = run_diagnose(
        runs,
        out,
        per_task_stage=per_task_stage,
        candidates=candidates,
        world_model=world_model,
        seed=seed,
        on_state=said,
    )
    print(f"{result['states']} states; results: {out / 'diagnose.md'}")


def register(app: typer.Typer) -> None:
    app.command("experiment")(experiment)
    app.command("diagnose")(diagnose)
