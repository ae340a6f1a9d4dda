"""`mleworld wm train`: train a world model from a corpus (the `fast` CPU model).

Thin: resolves the corpus (`default` or a directory) and calls
`mleworld.training.fast.train_fast`, the same function the Python API offers.
"""

from __future__ import annotations

from pathlib import Path

import typer

from mleworld.errors import MleWorldError

TRAINABLE = ("fast",)


def register(app: typer.Typer) -> None:
    """Add `train` and `calibrate-runtime` to the `mleworld wm` group."""
    from mleworld.cli.groups import wm_app

    @wm_app.command("calibrate-runtime")
    def calibrate_runtime_command(
        as_json: bool = typer.Option(False, "--json", help="Print the factors as JSON."),
    ) -> None:
        """Measure the runtime model's cost factors on this machine and cache them."""
        from mleworld.cli.common import print_json
        from mleworld.world.runtime.calibrate import cache_path, calibration

        measured = calibration(recalibrate=True)
        if as_json:
            print_json({**measured.to_dict(), "path": str(cache_path())})
            return
        print(
            f"runtime calibration written to {cache_path()}: startup {measured.startup_s:.2f} s, "
            f"contention {measured.contention:.2f}, {len(measured.per_unit)} estimator families"
        )
        for family, seconds in sorted(measured.per_unit.items()):
            print(f"  {family}: {seconds:.3g} s per work unit")

    @wm_app.command("train")
    def train_command(
        corpus: str = typer.Option(
            ..., "--corpus", help="Corpus directory, or 'default' for the shipped corpus."
        ),
        out: Path = typer.Option(..., "--out", help="Directory to write the model to."),
        backend: str = typer.Option("fast", "--backend", help="Which model to train: fast."),
        split: str = typer.Option(
            "train", "--split", help="Records to train on: train (default) or all."
        ),
        seed: int = typer.Option(
            0, "--seed", help="Seed of the held-out run draw and the boosters."
        ),
        task_data: bool = typer.Option(
            True,
            "--task-data/--no-task-data",
            help="Check programs against bundled suite tasks' data (prepares them once).",
        ),
        as_json: bool = typer.Option(False, "--json", help="Print the training report as JSON."),
    ) -> None:
        """Train a world model on a corpus and save it (load it with --world-model fast:OUT)."""
        from mleworld.cli.common import print_json

        if backend not in TRAINABLE:
            raise MleWorldError(
                f"--backend {backend!r} cannot be trained with wm train; choose one of: {', '.join(TRAINABLE)}"
            )
        if split not in ("train", "all"):
            raise MleWorldError(f"--split {split!r} is not train or all")
        from mleworld.corpus.default import resolve_corpus
        from mleworld.training.fast import train_fast

        opened = resolve_corpus(corpus if corpus == "default" else str(Path(corpus).expanduser()))
        report = train_fast(
            opened,
            out,
            split=None if split == "all" else split,
            seed=seed,
            data_dirs="suite" if task_data else None,
        )
        if as_json:
            print_json(report)
            return
        heads = report["heads"]
        held = heads["class"].get("cal_accuracy")
        majority = report.get("heldout_majority_accuracy")
        print(
            f"trained fast world model on {report['records']} records of {len(report['tasks'])} tasks "
            f"in {report['timings']['total_s']:.1f}s -> {report['out']}"
        )
        print(f"classes: {', '.join(report['classes'])}")
        if held is not None and majority is not None:
            print(
                f"held-out runs: class accuracy {held:.3f} (task-stage majority {majority:.3f}), "
                f"metric within 5% {heads['metric'].get('cal_within5', float('nan')):.3f}"
            )
