"""`mleworld train wirl`: thin wrapper over mleworld.training.wirl_train."""

from __future__ import annotations

from pathlib import Path

import typer

train_app = typer.Typer(help="Train policies on harness trajectories.", no_args_is_help=True)


@train_app.command("wirl")
def wirl(
    policy: Path = typer.Option(..., "--policy", help="Local causal-LM directory (HF format)."),
    trajectories: list[Path] = typer.Option(
        ..., "--trajectories", help="Harness run directories (or folders of them)."
    ),
    out: Path = typer.Option(..., "--out", help="Where the trained policy and its log go."),
    steps: int = typer.Option(30, "--steps", help="Optimizer updates."),
    lr: float = typer.Option(2e-4, "--lr", help="Peak learning rate (cosine decay, no warm-up)."),
    eps_low: float = typer.Option(0.2, "--eps-low", help="Lower ratio band: 1 - eps_low."),
    eps_high: float = typer.Option(0.28, "--eps-high", help="Upper ratio band: 1 + eps_high."),
    max_tokens: int = typer.Option(
        512, "--max-tokens", help="Tokens kept per window (from the end)."
    ),
    refresh_every: int | None = typer.Option(
        None, "--refresh-every", help="Re-snapshot the rollout policy every N updates."
    ),
    seed: int = typer.Option(0, "--seed", help="Seed of the run."),
) -> None:
    """WIRL on the execution windows of harness trajectories; prints the loss curve's ends."""
    from mleworld.cli.trajectories_cmd import _run_dirs
    from mleworld.training.wirl_train import LOG_FILE, train_wirl

    result = train_wirl(
        policy,
        _run_dirs(list(trajectories)),
        out,
        steps=steps,
        lr=lr,
        eps_low=eps_low,
        eps_high=eps_high,
        max_tokens=max_tokens,
        refresh_every=refresh_every,
        seed=seed,
    )
    first, last = result["log"][0], result["log"][-1]
    print(
        f"{result['windows']} windows, rewards {result['rewards']}; loss {first['loss']:.4f} -> "
        f"{last['loss']:.4f}, reward-weighted NLL {first['reward_weighted_nll']:.4f} -> "
        f"{last['reward_weighted_nll']:.4f}; policy: {out / 'model'}, log: {out / LOG_FILE}"
    )


def register(app: typer.Typer) -> None:
    app.add_typer(train_app, name="train")
