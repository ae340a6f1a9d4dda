"""`mleworld trajectories select`: outcome-guided SFT data from harness runs (thin wrapper
over mleworld.trajectories)."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from mleworld.errors import ConfigError

trajectories_app = typer.Typer(
    help="Select harness trajectories and write SFT samples.", no_args_is_help=True
)


def _run_dirs(paths: list[Path]) -> list[Path]:
    """Each path is a harness run directory, or a folder of them (searched one level down)."""
    runs: list[Path] = []
    for path in paths:
        if (path / "trajectory.jsonl").is_file():
            runs.append(path)
        elif path.is_dir():
            found = sorted(p.parent for p in path.glob("*/trajectory.jsonl"))
            if not found:
                raise ConfigError(
                    f"{path} holds no harness run (no trajectory.jsonl); pass run dirs"
                )
            runs.extend(found)
        else:
            raise ConfigError(f"{path} does not exist; pass harness run directories")
    return runs


@trajectories_app.command("select")
def select_cmd(
    runs: list[Path] = typer.Option(..., "--runs", help="Harness run dirs (or folders of them)."),
    out: Path = typer.Option(..., "--out", help="SFT samples, one JSON object a line."),
    threshold: float = typer.Option(0.4, "--threshold", help="Least normalised quality kept."),
    degradation: float = typer.Option(
        0.05, "--degradation", help="Drop after the best submission that counts as degraded."
    ),
    max_extension: int = typer.Option(
        10, "--max-extension", help="Most tool interactions kept after the first best."
    ),
    seed: int = typer.Option(0, "--seed", help="Seed of the random extensions."),
) -> None:
    """Keep trajectories by outcome, cut degraded ones, write samples with loss masks."""
    from mleworld.files import atomic_output
    from mleworld.trajectories import SelectionConfig, build_samples, select_runs

    config = SelectionConfig(
        threshold=threshold, degradation=degradation, max_extension=max_extension, seed=seed
    )
    chosen = select_runs(_run_dirs(list(runs)), config)
    samples = [s for selection, traj in chosen for s in build_samples(traj, selection)]
    out.parent.mkdir(parents=True, exist_ok=True)
    with atomic_output(out) as handle:
        for sample in samples:
            handle.write(json.dumps(sample, ensure_ascii=False) + "\n")
    report = out.with_suffix(".report.json")
    report.write_text(
        json.dumps(
            {
                "config": config.model_dump(),
                "samples": len(samples),
                "runs": [selection.to_dict() for selection, _ in chosen],
            },
            indent=2,
        )
        + "\n",
        encoding="utf-8",
    )
    kept = sum(selection.kept for selection, _ in chosen)
    for selection, _ in chosen:
        mark = "kept" if selection.kept else "excluded"
        print(f"{mark:<8} {selection.run}: {selection.reason}")
    print(
        f"{kept} of {len(chosen)} trajectories kept, {len(samples)} samples -> {out} ({report.name})"
    )


def register(app: typer.Typer) -> None:
    app.add_typer(trajectories_app, name="trajectories")
