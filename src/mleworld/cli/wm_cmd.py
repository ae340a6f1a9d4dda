"""`mleworld wm train`: train a world model from a corpus (the `fast` CPU model, or `hf`).

Thin: resolves the corpus (`default` or a directory) and calls
`mleworld.training.fast.train_fast` or, for `--backend hf`,
`mleworld.training.hf_cli.run_hf` (fine-tuning, or the LLaMA-Factory export),
the same functions the Python API offers.
"""

from __future__ import annotations

from pathlib import Path

import typer

from mleworld.errors import MleWorldError

TRAINABLE = ("fast", "hf")


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
        backend: str = typer.Option("fast", "--backend", help="Which model to train: fast or hf."),
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
        base_model: Path | None = typer.Option(
            None, "--base-model", help="hf: local checkpoint folder to fine-tune."
        ),
        lora: bool = typer.Option(
            False, "--lora", help="hf: train LoRA adapters, not all weights."
        ),
        epochs: float = typer.Option(5.0, "--epochs", help="hf: passes over the records."),
        lr: float = typer.Option(2e-5, "--lr", help="hf: peak learning rate."),
        max_len: int = typer.Option(4096, "--max-len", help="hf: tokens of prompt plus target."),
        batch_size: int = typer.Option(1, "--batch-size", help="hf: sequences per device step."),
        grad_accum: int = typer.Option(1, "--grad-accum", help="hf: steps per optimizer update."),
        max_records: int | None = typer.Option(
            None, "--max-records", help="hf: train on the first N records only."
        ),
        export_llamafactory: Path | None = typer.Option(
            None,
            "--export-llamafactory",
            help="hf: write the dataset and a LLaMA-Factory YAML to DIR instead of training.",
        ),
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

        if backend == "hf":
            from mleworld.training.hf_cli import HFArgs, run_hf

            run_hf(
                HFArgs(corpus, out, base_model, lora, epochs, lr, max_len, batch_size, grad_accum),
                split=None if split == "all" else split,
                seed=seed,
                max_records=max_records,
                export_dir=export_llamafactory,
                as_json=as_json,
            )
            return
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
